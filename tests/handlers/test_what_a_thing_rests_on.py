"""English questions that ask what a thing is built on or made from ("what is tunix built on top of"): no definition
of the thing, but the key point that says what it rests on, through the function mentions and DMs call, on the bundled
corpus in a real SQLite file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "what is tunix built on top of in the jax ecosytem",
    "what's tunix built on",
])
async def test_what_a_thing_is_built_on_is_explained_by_its_point(store: Store, text: str) -> None:
    # the participle and its preposition after the thing ask what it rests on: Tunix's introduction says it builds on
    # Flax, Opex and Grain (381), not the glossary entry of MaxText, which is built on Tunix (404)
    reply = await ask(store, text)
    assert body(reply)["shape"] == "explain", text
    assert first(reply) == (MAIN, 381), text


def test_a_plain_definition_stays_one() -> None:
    # a participle that does not say what the thing rests on leaves the definition as it is
    assert parse("what is a built-in function").shape == Shape.DEFINE
