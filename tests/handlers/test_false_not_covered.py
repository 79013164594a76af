"""Questions the summaries answer that the coverage check read as asking about a word no summary has ("not
covered"): each cause through the function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines
are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_coverage import heading
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "line"), [
    # "Zeitpunkt", "Datum", "Termin" name the kind of answer, a time, which a point writes as the time itself
    # (632's "im Februar 2026", 526's "ab dem 13. Oktober"), not a thing the question asks about
    ("Auf welchen Zeitpunkt wird für die agentischen KI-Systeme verwiesen?", 632),
    ("an welchem datum startet der casadi kurs", 526),
])
async def test_a_noun_for_the_time_asked_is_no_absent_topic(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # after a question word's did, the subject (Mixtral, a talk's own name) and its plain verb: no name "mixtral
    # manage" the summaries lack, but what Mixtral reached (240's 14 -> 50 Token/Sekunde)
    "how many tokens per second did mixtral manage with the flydsl kernels",
    "what throughput did mixtral reach with flydsl",
])
async def test_a_named_subject_and_its_verb_after_did_are_no_name(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert first(reply) == (MAIN, 240), text


async def test_a_name_after_did_is_still_absent(store: Store) -> None:
    # two plain words after do/does/did, the first no name, stay one thing the summaries lack
    reply = await ask(store, "how does beam search work in jaxator")
    assert body(reply)["covered"] is False and heading(reply) == "The summaries don't mention *beam search*."


@pytest.mark.parametrize("text", [
    # "bevor" and "als" join the question's clauses: the point that holds the rest (133's Validierungs-Pipeline of
    # max_evol, checked before a kernel counts) need not hold them, so "ok" is the asker's word, not an absent topic
    "was prüft max_evol alles bevor ein kernel als ok gilt",
    "was checkt max_evol, bevor ein kernel als ok gilt",
])
async def test_a_point_need_not_hold_the_questions_conjunctions(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, 133), text


@pytest.mark.parametrize(("text", "line"), [
    # make (let, help) and its object take a verb's plain form: "last", "fit" are what the object is made to do, no
    # word of a name "fence last" or "kv cache fit" the summaries lack (576's langlebiges Zaunprojekt; 452's KV-Cache
    # cleared to relieve the HBM)
    ("how did they make the fence last outside", 576),
    ("how did he make the fence last so long", 576),
    ("how do i make the kv cache fit in hbm", 452),
])
async def test_the_verb_a_causative_takes_is_no_word_of_a_name(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert first(reply) == (MAIN, line), text


async def test_a_causatives_object_of_nouns_is_still_a_name(store: Store) -> None:
    # a plural ends a noun phrase, no plain verb: "fence posts" stays one thing the summaries lack
    reply = await ask(store, "how did they make the fence posts for the treehouse")
    assert body(reply)["covered"] is False and heading(reply) == "The summaries don't mention *fence posts*."


@pytest.mark.parametrize("text", [
    "was ist im baumhaus drin, heizung bad und so",
    "was is in dem baumhaus eigentlich alles drin, heizung, bad",
])
async def test_what_is_in_a_place_asks_what_it_holds_not_a_definition(store: Store, text: str) -> None:
    # "was ist in X" asks what X holds, searched as any question: "bad" is the asker's everyday word for what 605
    # says (Dusche, WC), not a term a definition lacks
    assert parse(text).shape != Shape.DEFINE, text
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, 605), text


@pytest.mark.parametrize("text", ["what is in-context learning", "was ist in-memory computing"])
def test_a_name_starting_with_in_is_still_defined(text: str) -> None:
    assert parse(text).shape == Shape.DEFINE, text


async def test_the_askers_own_thing_in_words_the_summaries_have_is_no_name(store: Store) -> None:
    # "my remote code" is the asker's code, described in words the summaries have apart: 75's Remote-Debugging in
    # IDEs answers how to step through it, not "remote code" as a thing no summary names
    reply = await ask(store, "how do i step through my remote code with kinetic")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 75)


async def test_the_askers_own_thing_with_a_word_no_summary_has_stays_absent(store: Store) -> None:
    reply = await ask(store, "does kinetic sync my obsidian vault")
    assert body(reply)["covered"] is False and "obsidian" in heading(reply).lower()


async def test_a_german_compound_with_a_hyphenated_first_part_typed_apart_is_that_compound(store: Store) -> None:
    # "4-bit training" is German's 4-Bit-Training typed apart, as the JAX-AITER talk's 4-Bit recipe for Llama
    # training (000:336's talk) has it; typed as one word it was covered already
    reply = await ask(store, "welchen vortrag sollte ich mir zu 4-bit training auf amd gpus anschauen")
    assert body(reply)["covered"] is True and body(reply)["shape"] == "watch" and first(reply) == (MAIN, 336)


@pytest.mark.parametrize(("text", "covered"), [
    # "experimentelle" is how 000:266 describes its Triton-Pipeline ("Experimenteller Triton-Codegen: Dreiphasige
    # Triton-Pipeline"); no point says a "verteilte" one
    ("aus welchen stufen besteht die experimentelle triton-pipeline", True),
    ("wie schnell ist die verteilte triton-pipeline", False),
])
async def test_an_adjective_a_point_says_with_a_compound_describes_it(store: Store, text: str, covered: bool) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is covered, text
    if covered:
        assert first(reply) == (MAIN, 266)
