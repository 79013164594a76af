"""A word-list phrase's German form that keeps one of the phrase's own English words ("computation graph" ->
"Berechnungs-Graph") holds that word only together with the rest: alone, it is the word's own concept, and a point
holding it ("graph_builder") is not also one about the phrase."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.concepts import build_concepts
from store.db import Store
from store.lexicon import Lexicon

MAIN = "000_05e4716c93976b38.txt"


def test_a_phrase_s_translation_holds_its_own_english_word_only_in_a_row() -> None:
    lexicon = Lexicon(en_de={"computation graph": ("rechengraph", "berechnungs graph")})
    concept = next(concept for concept in build_concepts("render the computation graph", lexicon, {})
                   if concept.words == "computation graph")
    forms = [form.token for form in concept.forms]
    assert "graph" not in forms  # the word "graph" alone is the concept "graph"
    assert {"rechengraph", "berechnungs graph", "berechnungs"} <= set(forms)


async def test_a_point_holding_one_word_of_the_phrase_is_not_one_about_the_phrase(store: Store) -> None:
    # 520's "Visualisierungen des Rechengraphen", not 522's "graph_builder" (the word "graph" counted twice)
    reply = await mentions.answer(store, "<@UBOT> how do i render a computation graph in casadi")
    hit = json.loads(as_json(reply))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 520)


@pytest.mark.parametrize("text", [
    "does max_evol run unit tests on the ported kernels",
    "does max_evol have unit tests for its kernels",
])
async def test_a_compound_noun_of_the_word_list_is_read_whole(store: Store, text: str) -> None:
    # a unit test is a kind of test, no hardware unit: max_evol's Validierungs-Pipeline (000:133, "… via Pytest"), not
    # 126, whose "Kompiliereinheiten" only hold "unit" read alone
    reply = await mentions.answer(store, f"<@UBOT> {text}")
    hit = json.loads(as_json(reply))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 133), text
