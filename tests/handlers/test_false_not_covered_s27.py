"""Session 27: questions the summaries answer that were read as asking about a name no summary has ("not covered"),
because a clause's subject and verb were taken for one name; through the function mentions and DMs call, on the
bundled corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    # a person and the -ing word after them are a subject and its verb, no kind of heading: 580's Kurilen-Exkursion
    "what month is the vlogger heading to the kuril islands",
    "what month is the beehive vlogger travelling to the kuril islands",
])
async def test_a_person_and_the_verb_after_them_are_no_name(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert first(reply) == (MAIN, 580), text


async def test_a_name_absent_after_a_person_and_a_verb_is_still_not_covered(store: Store) -> None:
    reply = await ask(store, "is the vlogger heading to iceland")
    assert body(reply)["covered"] is False, "iceland"


@pytest.mark.parametrize("text", [
    # a subject, be and an -ing word are a verb in its progressive, no name "building swe": 308's SWE-Agenten
    "is it worth watching if i'm building swe agents",
    "im building swe agents, which talk should i watch",
])
async def test_an_ing_word_after_a_subject_and_be_is_its_verb(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert first(reply) == (MAIN, 293), text


@pytest.mark.parametrize(("text", "line"), [
    # a graphics card is the GPU the summaries write ("Workstation-GPU ARC Pro B70"): the oneAPI talk's abstract
    ("wer hat erklärt, wie jax auf workstation-grafikkarten läuft", 257),
])
async def test_german_words_the_summaries_write_otherwise(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, line), text


async def test_a_dispute_is_the_summaries_debate(store: Store) -> None:
    # a dispute (Streit) is the summaries' Debatte: 620's "die langjährige Debatte über … De-skilling"
    text = "kannst du kurz sagen worum es in dem video über lochstreifen, dreher und den streit ums de-skilling geht"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert body(reply)["hits"][0]["talk_id"] == "wandel-des-zerspanungs-und-maschinenbauhandwerks", text


@pytest.mark.parametrize(("text", "line"), [
    # who, named by where they are from before the verb, asks who gave the talk: the oneAPI talk's abstract
    ("wer von intel hat erklärt, wie jax auf deren workstation-grafikkarten läuft", 257),
    ("wer von intel hat erklärt, wie jax auf intel-gpus läuft", 257),
])
async def test_who_from_a_place_asks_for_the_speaker(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "who" and body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "shape", "line"), [
    # chat's "kurz", "mal" before the wrapper's verb: the question after it asks in its own shape
    ("kannst du kurz sagen worum es in dem video über lochstreifen und dreher geht", "summary", 618),
    ("kannst du mir mal kurz sagen, wer den vortrag über lochstreifen und dreher gemacht hat", "who", 618),
])
async def test_a_wrapper_with_chats_adverbs_is_no_topic(store: Store, text: str, shape: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == shape and body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # "little", "tiny" say how big the shuttle is, in passing: no kind of shuttle the summaries lack (509, the CasADi
    # talk's abstract; 517's Zwei-Zustands-Shuttle-System)
    "who made the video where a pytorch model ends up inside an optimal control problem for a little shuttle",
    "who made the video about a neural network inside an optimal control problem for a tiny shuttle",
])
async def test_a_lay_size_word_names_no_kind(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "who" and body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 509), text
