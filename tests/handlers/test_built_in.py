"""German's "einbauen" (to build a thing into another) is what the summaries write as integrating it ("direkt in
MaxDiffusion integriert", "Einbindung in CasADi"): a question asked with the verb finds the point that integrates, in
the participle and the separable verb alike. Through the function mentions and DMs call, on the bundled corpus."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "line"), [
    ("wo wird der ausführungsplan eingebaut", 101),  # "direkt in MaxDiffusion integriert", not 98's plan itself
    ("wie baut man die trainierten netze in casadi ein", 522),  # "Einbindung von ONNX-Dateien", not 521's export
])
async def test_building_in_is_integrating(store: Store, text: str, line: int) -> None:
    shown = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    hit = shown["hits"][0]["source"]
    assert (hit["file"], hit["line"]) == (MAIN, line), text
