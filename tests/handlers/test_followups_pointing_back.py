"""Follow-ups whose only words besides a pronoun ask something of the thread's topic: the person of a who-question
("the guy in that video"), a verb of significance ("why does that matter"), what a when-question asks of the topic
("when was it introduced"). None is a topic the summaries lack. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse, points_back
from store.db import Store
from store.state import BotState
from tests.handlers.test_coverage import MAIN, body, first
from tests.handlers.test_questions import follow_up


@pytest.mark.parametrize("text", ["who's the dude in that vlog", "wer ist der typ in dem video"])
def test_a_who_questions_person_noun_alone_is_no_topic(text: str) -> None:
    question = parse(text)
    assert question.shape == Shape.WHO and question.subject == "" and question.refers_back


@pytest.mark.parametrize(("turn", "text", "line"), [
    # the person asked for is the speaker of the thread's talk: the treehouse talk (541) after its Reaktionsholz,
    # the bee vlog (567) after its torii; not "the guy" searched as a topic
    ("was ist reaktionsholz", "wer ist der typ in dem video", 541),
    ("what is a torii", "who's the dude in that vlog", 567),
])
async def test_the_person_in_that_video_is_the_threads_talks_speaker(store: Store, state: BotState, turn: str,
                                                                     text: str, line: int) -> None:
    reply = await follow_up(store, state, turn, text, "28.1")
    assert body(reply)["shape"] == "who" and body(reply)["covered"] and first(reply) == (MAIN, line), text


def test_matter_asks_why_and_names_nothing() -> None:
    question = parse("why does that matter so much")
    assert question.shape == Shape.EXPLAIN and question.subject == "" and question.refers_back


async def test_why_the_threads_topic_matters_is_explained(store: Store, state: BotState) -> None:
    # why reaction wood matters: 604's screws the tree walls off with it, not "matter" as a detail the summaries lack
    reply = await follow_up(store, state, "what is reaction wood", "why does that matter", "28.2")
    assert body(reply)["shape"] == "explain" and body(reply)["covered"] and first(reply) == (MAIN, 604)


@pytest.mark.parametrize(("turn", "text", "line"), [
    # when StableHLO came: 198's "Im Jahr 2022 … etabliert"; "introduced" alone is in no summary
    ("what is stablehlo", "when was it introduced", 198),
])
async def test_a_when_questions_pronoun_is_the_threads_term(store: Store, state: BotState, turn: str, text: str,
                                                            line: int) -> None:
    reply = await follow_up(store, state, turn, text, "28.3")
    assert body(reply)["shape"] == "when" and body(reply)["covered"] and first(reply) == (MAIN, line), text


async def test_after_a_talks_summary_a_when_question_keeps_its_own_thing(store: Store, state: BotState) -> None:
    # "da" is the JAX-AITER talk, which the answer prefers: every moment of MXFP4 there (343, 349, 350), not only
    # those that also say Jaxator
    reply = await follow_up(store, state, "worum gings im jaxator talk", "wann kam da mxfp4 dran", "28.4")
    shown = {hit["source"]["line"] for hit in body(reply)["hits"]}
    assert body(reply)["shape"] == "when" and {343, 349, 350} <= shown


@pytest.mark.parametrize(("turn", "text", "shape", "line"), [
    # "der Begriff" is the term the thread defined, "stammt" says where it comes from as "kommt" does: the talk of
    # TiTO (293, the Tunix RL talk's summary), the moments of CHLO (200), not a search for "Begriff"
    ("was ist tito", "aus welchem vortrag stammt der begriff", "summary", 293),
    ("was ist chlo", "in welchem vortrag taucht der begriff auf", "when", 200),
])
async def test_the_term_is_the_threads_term(store: Store, state: BotState, turn: str, text: str, shape: str,
                                            line: int) -> None:
    reply = await follow_up(store, state, turn, text, "28.5")
    assert body(reply)["shape"] == shape and body(reply)["covered"] and first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", ["ok so whats the benefit", "and the benefits?"])
async def test_an_aspect_alone_asks_it_of_the_threads_topic(store: Store, state: BotState, text: str) -> None:
    # an aspect is always of something: after what mutable refs are, their benefit (the Pallas export's 7, JAX
    # Mutable Refs without copying overhead), not the definition of a thing called "benefit"
    reply = await follow_up(store, state, "whats a mutable ref in jax", text, "30.1")
    assert body(reply)["covered"] is True and first(reply) == ("004_b9033c416a07336f.txt", 7), text


@pytest.mark.parametrize(("text", "points"), [
    # "das" before the verb a German question ends in, after an auxiliary or a modal, stands alone for the topic
    ("wann soll das rauskommen", True),
    ("und wann wird das veröffentlicht", True),
    ("wann wurde das eingeführt", True),
    # before a noun it is the noun's article
    ("kann man das modell trainieren", False),
    ("wann soll das modell", False),
])
def test_das_before_the_last_verb_points_back(text: str, points: bool) -> None:
    assert points_back(text) is points, text


@pytest.mark.parametrize("text", ["und wann soll das erscheinen", "wann wird das veröffentlicht"])
async def test_when_the_threads_thing_comes_out_is_its_announcement(store: Store, state: BotState, text: str) -> None:
    # TorchTPU's launch, announced for October 2026 (454), not "erscheinen" or "veröffentlicht" searched alone
    reply = await follow_up(store, state, "torchtpu – was is das", text, "31.1")
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, 454), text


@pytest.mark.parametrize("text", ["what are they good for", "ok and what are they for", "und wozu sind die gut",
                                  "wofür sind die gut"])
def test_a_purpose_asked_of_a_pronoun_names_nothing(text: str) -> None:
    # "they" and a German "die" before "gut" stand for the thread's topic, no thing named "they" or "gut"
    question = parse(text)
    assert question.shape == Shape.EXPLAIN and question.subject == "" and question.refers_back, text


@pytest.mark.parametrize(("turn", "text", "line"), [
    # what custom calls are for: 347's decision to use them to decouple XLA's compile cycles from AIT's releases
    ("what are custom calls", "what are they good for", 347),
    ("was sind custom calls", "und wozu sind die gut", 347),
])
async def test_what_the_threads_things_are_for_is_explained(store: Store, state: BotState, turn: str, text: str,
                                                           line: int) -> None:
    reply = await follow_up(store, state, turn, text, "33.1")
    assert body(reply)["shape"] == "explain" and body(reply)["covered"] and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("turn", "text"), [
    # after the treehouse's Kraftdreieck or tree screw, "that project" is the treehouse (541), not the talk whose
    # title has "Projekten" (567)
    ("was ist ein kraftdreieck", "wer hat das projekt gebaut"),
    ("what is a tree screw", "who was behind that project"),
])
async def test_who_did_a_kind_of_thing_asks_for_the_threads_talks_speakers(store: Store, state: BotState, turn: str,
                                                                          text: str) -> None:
    reply = await follow_up(store, state, turn, text, "33.2")
    assert body(reply)["shape"] == "who" and body(reply)["covered"] and first(reply) == (MAIN, 541), text


@pytest.mark.parametrize(("text", "points"), [
    # after a do-auxiliary or a modal, "that" with a bare verb next, at the end or before a clause of its own, is
    # the thread's topic
    ("why does that hurt", True),
    ("and why does that hurt when rollout and training run colocated", True),
    ("why would this fail if the model is small", True),
    # before a noun it is the noun's determiner
    ("why does that model hurt", False),
    ("why did that kernel fail", False),
])
def test_that_before_an_auxiliarys_bare_verb_points_back(text: str, points: bool) -> None:
    assert points_back(text) is points, text


async def test_why_that_hurts_in_a_setting_asks_of_the_threads_term(store: Store, state: BotState) -> None:
    # the straggler of the last answer where rollout and training are colocated: 317 (colocation suffers from
    # stragglers), not vLLM's colocated execution mode
    reply = await follow_up(store, state, "what is a straggler?",
                            "why does that hurt when rollout and training run colocated", "34.1")
    assert body(reply)["shape"] == "explain" and body(reply)["covered"] and first(reply) == (MAIN, 317)
