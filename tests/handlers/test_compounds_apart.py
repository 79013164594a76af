"""German compounds the corpus has as a word, which a key point may say in its parts apart: "Speicherzugriffe" is
000:448's "On-Chip-Speicher" (its title) and "HBM-Zugriffe" (its body). Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.concepts import build_concepts
from store.db import Store
from store.lexicon import Lexicon
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "line"), [
    # "speicherzugriffe" is a corpus word (another talk's "irregulärer Speicherzugriffe"); the vLLM point that avoids
    # them says "Speicher" and "Zugriffe" apart, and outranks 446's "Umgehung", which holds neither
    ("wie umgehen die bei vllm auf tpu die lahmen speicherzugriffe", 448),
])
async def test_a_point_saying_the_compounds_parts_apart_answers(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] and first(reply) == (MAIN, line), text


def test_the_parts_are_a_bonus_held_together_and_an_english_word_is_none() -> None:
    parts = {"speicherzugriffe": ["speicher", "zugriffe"], "huggingface": ["hugging", "face"]}.get
    lexicon = Lexicon(en_de={"huggingface": ("huggingface",)})
    concepts = build_concepts("speicherzugriffe huggingface", lexicon, {}, parts=lambda word: parts(word) or [])
    apart = [(concept.words, concept.bonus, [form.kind for form in concept.forms]) for concept in concepts
             if any(form.kind == "apart" for form in concept.forms)]
    assert apart == [("speicher zugriffe", True, ["apart"])]


async def test_a_compounds_first_part_without_its_e_is_a_word_of_it(store: Store) -> None:
    # "erdbienen": Erd(e) and Bienen, both words the summaries hold, German dropping the e before the second part;
    # the bee vlog's 574 (the 300 kg Verschlussstopfen sealed against groundwater), no absent term "erdbienen"
    reply = await ask(store, "wieso musste der bei den erdbienen so n riesigen stopfen abdichten")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 574)


@pytest.mark.parametrize("text", [
    # "Präferenzdaten" only begins a corpus word (383's "Präferenzdatenpaaren" in the Tunix talk): its head
    # "Präferenz" finds MaxText's 162 "Präferenz-Ausrichtung (DPO & ORPO)", as for a compound no corpus word begins
    "wie verarbeitet maxtext präferenzdaten",
    "wie nutzt maxtext präferenzdaten",
])
async def test_a_compound_that_only_begins_a_corpus_word_finds_its_head(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] and first(reply) == (MAIN, 162), text


async def test_a_hyphenated_compounds_kind_held_as_a_name_names_the_points_thing(store: Store) -> None:
    # "kernel-portier-agenten" are agents that port kernels: the summaries hold the kind as one name (000:124's
    # "Kernel-Portierung", with "agentenbasierte Systeme"), so the compound is the asker's word for max_evol, whose
    # 132 counts the steps ("12-Schritte-Implementierungszyklus")
    reply = await ask(store, "wie viele schritte hat der implementierungszyklus vom kernel-portier-agenten")
    assert body(reply)["covered"] is True
    assert first(reply) == (MAIN, 132)
