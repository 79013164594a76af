"""Definition questions in phrasings the eval sets rarely use (found by bench/definition_phrasings.py's grid): the
term's glossary entry leads, covered, under the term's own heading. On a real store over the bundled corpus."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


def heading(reply_body: dict) -> str:
    return str(body_blocks(reply_body)[0])


def body_blocks(reply_body: dict) -> list:
    return reply_body["message"].get("blocks") or [reply_body["message"].get("text", "")]


@pytest.mark.parametrize("text", [
    "eli5 MXU",
    "eli5: what is mxu",
    "ELI5 - what's MXU?",
    "explain like i'm five what MXU is",
])
async def test_eli5_asks_to_explain_the_term(store: Store, text: str) -> None:
    # chat's "explain like I'm five" is a request to explain, no topic word ("The summaries don't mention eli5")
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


@pytest.mark.parametrize("text", [
    "kurz: was macht MXU",
    "ganz kurz, was ist MXU?",
    "quick: what is mxu",
    "quickly - what does MXU stand for",
])
async def test_how_briefly_said_first_is_no_topic(store: Store, text: str) -> None:
    # "kurz:", "quick:" say how to answer, like an interjection: the question after them is asked as it stands
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


@pytest.mark.parametrize("text", [
    "definition von MXU?",
    "Definition des MXU",
    "was ist die Bedeutung von MXU",
    "Was ist die Bedeutung des Begriffs MXU?",
])
async def test_german_nouns_of_meaning_ask_what_the_term_is(store: Store, text: str) -> None:
    # "Definition von" is "definition of"; "Bedeutung" is "meaning", no topic; "des Begriffs" is "der Begriff" inflected
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


@pytest.mark.parametrize("text", ["what is JAX Pallas?", "was ist jax pallas", "define JAX Palace"])
async def test_a_name_of_several_words_written_with_a_slip_is_found_as_shown(store: Store, text: str) -> None:
    # the corpus writes "JAX Palas" (000:143), shown as "JAX Pallas": asked as shown, or with another slip, it is that
    # entry, not the one of its first word JAX
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 143), text
    assert body(reply)["covered"] is True
    assert "JAX Pallas" in heading(body(reply))


@pytest.mark.parametrize(("text", "line", "term"), [
    ("what does the term 2D-Mesh-Sharding refer to?", 427, "2D-Mesh-Sharding"),
    ("Was ist die Bedeutung des Begriffs 2D-Mesh-Sharding?", 427, "2D-Mesh-Sharding"),
])
async def test_the_word_term_before_a_name_opening_with_digits(store: Store, text: str, line: int, term: str) -> None:
    # "the term" only says a term follows, also one whose name opens with digits (it was looked up as "term 2D-…")
    reply = await ask(store, text)
    assert first(reply) == (MAIN, line), text
    assert body(reply)["covered"] is True
    assert term in heading(body(reply))


@pytest.mark.parametrize("text", [
    "never heard of MXU, what is it?",
    "was ist damit gemeint: MXU",
    "what does this mean: MXU",
    "how would you define MXU?",
    "wie würdest du MXU definieren?",
    "was hat es mit MXU auf sich?",
    "MXU - meaning?",
    "MXU – bedeutung?",
    "mxu means what?",
])
async def test_definition_frames_around_the_term(store: Store, text: str) -> None:
    # the term said after a pointer question and a colon, before a bare noun of meaning, after "never heard of", or
    # asked how to define: each asks what it is (they went to search or explain, a key point first)
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))
