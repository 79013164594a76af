"""Questions whose concept the summaries hold that the coverage check read as asking about a word no summary has
("not covered"), session 26: each cause through the function mentions and DMs call, on the bundled corpus in a real
SQLite file. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from store.state import BotState
from tests.handlers.test_coverage import heading
from tests.handlers.test_questions import MAIN, ask, body, first, follow_up


@pytest.mark.parametrize("text", [
    # the finite forms of the separable watch verbs frame the question as "anschauen" does: no topic "schau"
    "welchen vortrag schau ich mir dazu am besten an",
    "welches video schaue ich mir dazu an",
    "welchen talk guck ich mir dazu an",
])
async def test_a_watch_verbs_finite_form_frames_a_follow_up(store: Store, state: BotState, text: str) -> None:
    reply = await follow_up(store, state, "was is ne hermitesche matrix", text, "26.1")
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 27), text  # the JAX Quantum talk, whose glossary defines it


async def test_a_separable_particle_ends_a_sentence_of_context(store: Store) -> None:
    # "an." closes the asker's context, no abbreviation: the question is the sentence after it, no yes/no question
    # (381: Tunix built on Flax, Optax and Grain)
    text = ("Ich schaue mir gerade die Post-Training-Bibliothek Tunix an. Auf welchen Bausteinen aus dem "
            "JAX-Ökosystem setzt sie denn auf?")
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 381)


@pytest.mark.parametrize("text", [
    # "in einfachen Worten" says how to answer, whatever verb of explaining German puts after it, last: no topic
    # "Worten" (46: the glossary's Kraus-Map)
    "kraus map – kann mir das wer in einfachen worten erklären?",
    "kraus map – kann mir das wer mit einfachen worten beschreiben?",
])
async def test_how_plainly_to_answer_before_the_last_verb_is_no_topic(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 46), text


@pytest.mark.parametrize(("text", "talk"), [
    # "gibts n video/talk" and a clause on what it shows asks for one talk to watch, in the asker's words: no yes/no
    # question whether the summaries write "Beruf" or "Speicherebenen"
    ("gibts n video dazu, wie computergesteuerte maschinen den beruf vom dreher verändert haben",
     "wandel-des-zerspanungs-und-maschinenbauhandwerks"),
    ("gibts n talk wo gezeigt wird wie man selber low-level kernels für tpus schreibt, mit den ganzen speicherebenen",
     "pallas-schreiben-von-low-level-kernels-fuer-google-tpus"),
])
async def test_a_talk_asked_for_by_a_clause_is_one_to_watch(store: Store, text: str, talk: str) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is True and shown["shape"] == "watch", text
    assert shown["hits"][0]["talk_id"] == talk, text


async def test_talks_asked_for_by_a_clause_are_still_listed(store: Store) -> None:
    # the plural, no article: every talk that mentions it
    assert body(await ask(store, "gibt es Vorträge, die PyTorch erwähnen?"))["shape"] == "talks"


async def test_a_gerund_after_a_preposition_and_its_one_word_object_are_no_name(store: Store) -> None:
    # "about [generating] images": the verb and what it makes, a thing the summaries have (406's Bildgenerierung),
    # not a name "generating images" they lack
    reply = await ask(store, "which talks are about generating images or videos")
    shown = body(reply)
    assert shown["covered"] is True
    assert shown["hits"][0]["talk_id"] == "qwen-image-implementierung-eines-tpu-optimierten-ports"


async def test_an_unknown_kind_after_a_preposition_is_still_absent(store: Store) -> None:
    reply = await ask(store, "any talks about sliding windows")
    assert body(reply)["covered"] is False and heading(reply) == "The summaries don't mention *sliding windows*."


async def test_torn_down_is_a_word_of_the_word_list(store: Store) -> None:
    # "tear down" / "torn down" is abreißen (the summaries' Abriss): no absent detail of the sandboxes, whose
    # lifecycle 316 tells (kept alive across turns)
    reply = await ask(store, "do the sandboxes get torn down between turns in the rl setup for coding agents")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 316)


@pytest.mark.parametrize("text", [
    # a basic English head noun the summaries lack after a word they have is the asker's word for that thing
    # (578's Offroad-Wettbewerb), no unknown kind of it
    "Someone mentioned the crafts vlogger took part in some kind of race, so what happened at that off-road event?",
    "what happened at the off-road event",
])
async def test_a_basic_head_noun_after_a_known_word_is_no_unknown_kind(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 578), text


async def test_an_unknown_first_word_still_names_a_kind(store: Store) -> None:
    reply = await ask(store, "how does speculative decoding work on tpus")
    assert body(reply)["covered"] is False and heading(reply) == "The summaries don't mention *speculative decoding*."


async def test_a_short_names_plural_in_the_summaries_holds_its_singular(store: Store) -> None:
    # "vm": 161 writes only "Single-Host-VMs", the plural German borrows from English as it is
    reply = await ask(store, "kann ich sft mit maxtext auf ner einzelnen vm laufen lassen")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 161)


async def test_comms_is_communication(store: Store) -> None:
    # "comms" is short for communications (Kommunikation): the Pallas talk's all-gather overlapped with compute,
    # 004:13, no name "all-gather comms" the summaries lack
    reply = await ask(store, "in pallas, how do you hide the all-gather comms behind the matmul")
    assert body(reply)["covered"] is True and first(reply) == ("004_b9033c416a07336f.txt", 13)
