"""A Latin -ieren verb typed as spoken German's bare stem ("exportier ich") is that verb, and its noun without the
-ier ("Export", "Import") is of its family: the point that says so answers. Asked through the function mentions and
DMs call, on the bundled corpus; lines are of the 000 file."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store
from store.vocabulary import verb_root

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("word", "root"), [
    ("exportier", "exportier"),  # "wie exportier ich …": the bare stem
    ("installier", "installier"),
    ("papier", None),  # too short to be told from a noun
])
def test_a_bare_ieren_stem_is_its_verb_s_root(word: str, root: str | None) -> None:
    assert verb_root(word) == root


@pytest.mark.parametrize("text", [
    # 521 "Export neuronaler Netze via ONNX: Export trainierter Machine-Learning-Modelle … als Schnittstelle zu CasADi"
    "in welchem format exportier ich mein trainiertes netz, damit casadi damit arbeiten kann",
    "wie exportier ich ein netz für casadi",
])
async def test_the_verb_finds_its_noun(store: Store, text: str) -> None:
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 521), text


@pytest.mark.parametrize("text", [
    # 446 "Umgehung ineffizienter all_to_all-Operationen … durch vollständige Eingabe-Replikation über alle Shards"
    "wieso replizieren sie die eingaben über alle shards",
])
async def test_an_izieren_verb_finds_its_ikation_noun(store: Store, text: str) -> None:
    body = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    hit = body["hits"][0]
    assert body["covered"] and (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 446), text
