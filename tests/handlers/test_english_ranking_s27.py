"""Session 27: English questions whose answer the summaries hold, answered with the wrong first point or a short
list; each cause through the function mentions and DMs call, on the bundled corpus in a real SQLite file."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from handlers.replies import Reply
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


def body(reply: Reply) -> dict:
    """The reply as ``talkbot ask --json`` reports it."""
    return json.loads(as_json(reply))


def lines(reply: Reply) -> list[tuple[str, int]]:
    return [(hit["source"]["file"], hit["source"]["line"]) for hit in body(reply)["hits"]]


async def ask(store: Store, text: str) -> Reply:
    return await mentions.answer(store, f"<@UBOT> {text}")


@pytest.mark.parametrize("text", [
    # two sides joined by "vs" after a when-frame are the topic whose moment is asked, no difference is asked
    "when do they explain pre-training vs post-training",
    "wann erklären sie pre-training vs. post-training",
    "at what point in the tunix fine-tuning video do they explain pre-training vs post-training",
])
async def test_two_sides_after_a_when_frame_ask_for_the_moment(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "when", text
    assert (MAIN, 380) in lines(reply), text


@pytest.mark.parametrize("text", [
    # a request put to anyone in the channel, or to "u", wraps the question as "can you" does: told to explain a
    # glossary term and nothing else about it asks what it is (its entry, 147), not for a point that uses it (127)
    "can someone explain the roofline model to me",
    "can you explain the roofline model",
    "could u pls explain the roofline model",
])
async def test_a_polite_request_to_explain_a_term_asks_for_its_entry(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert lines(reply)[0] == (MAIN, 147), text


@pytest.mark.parametrize("text", [
    # a side typed in the plural names the glossary entry of its singular, as "what are sparse cores" asks for it
    "what's the difference between the mxu and the sparse cores on a tpu",
    "mxus vs sparse cores, what's the difference",
])
async def test_a_side_in_the_plural_names_its_entry(store: Store, text: str) -> None:
    reply = await ask(store, text)
    shown = lines(reply)
    assert (MAIN, 21) in shown and (MAIN, 20) in shown, (text, shown)


@pytest.mark.parametrize("text", [
    # a three-word English name whose German heading is an adjective before a compound ("Konstruktiver Holzschutz")
    # is found word by word among all the ways its words translate, not only the first few dozen
    "pressure treated lumber vs constructive wood protection, what's the difference",
    "what is constructive wood protection",
])
async def test_a_name_translated_word_by_word_finds_its_heading(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert lines(reply)[0] == (MAIN, 564), text


async def test_a_translation_names_a_term_by_its_long_form(store: Store) -> None:
    # "automatic differentiation" is CasADi's "Automatische Differentiation (AD)" (535), the long form of AD, as
    # much as JAX Quantum's "Automatische Differenzierung" (52): the difference with finite differences is told by
    # the point that names AD ("Exakte AD … ohne finite Differenzen", 523)
    reply = await ask(store, "what's the difference between finite differences and automatic differentiation")
    shown = lines(reply)
    assert (MAIN, 535) in shown and (MAIN, 523) in shown and (MAIN, 536) in shown, shown
    reply = await ask(store, "at which points did they talk about automatic differentiation")
    assert (MAIN, 523) in lines(reply), lines(reply)


async def test_a_side_two_entries_name_shows_both(store: Store) -> None:
    # "automatic differentiation" is an entry in two talks (535 CasADi's AD, 52 JAX Quantum's): the side shows both,
    # and the point naming AD against finite differences still leads (523)
    reply = await ask(store, "finite differences vs automatic differentiation, what's the diff?")
    shown = lines(reply)
    assert shown[0] == (MAIN, 523) and {(MAIN, 535), (MAIN, 52), (MAIN, 536)} <= set(shown), shown
