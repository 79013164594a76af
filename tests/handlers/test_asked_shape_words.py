"""Questions whose words tell their shape and language, read in another: a "where"/"wo" that places a thing in the
world a talk describes (not in the talk), a date or size asked from which on (a number), a German "was war …" that
ends in the adjective asked about (not a definition), German's "woran"/"ob" (not English). Asked through the function
mentions and DMs call, on the bundled corpus in a real SQLite file; lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize("text", ["where do filters end up on the tpu", "wo landen die filter auf der tpu"])
async def test_where_a_thing_ends_up_is_asked_of_the_talk(store: Store, text: str) -> None:
    # what the talk says of where filters run (000:12, they map to vector units), not a list of moments
    reply = await ask(store, text)
    assert body(reply)["shape"] != Shape.MOMENTS.value, text
    assert first(reply) == (MAIN, 12), text


@pytest.mark.parametrize("text", ["wo kann man jaxator runterladen", "wo liegen bei pallas die modellgewichte",
                                  "where are the model weights stored"])
def test_where_a_thing_is_kept_is_no_moments_question(text: str) -> None:
    assert parse(text).shape != Shape.MOMENTS, text
    assert parse("wo wurde jaxator erwähnt").shape == Shape.MOMENTS  # a place in the talks, as before


@pytest.mark.parametrize("text", ["from which date does the casadi course run",
                                  "ab welchem datum läuft der casadi kurs"])
async def test_from_which_date_asks_a_number(store: Store, text: str) -> None:
    # the course's start date (000:526, "ab dem 13. Oktober")
    reply = await ask(store, text)
    assert body(reply)["shape"] == Shape.QUANTITY.value, text
    assert first(reply) == (MAIN, 526), text


async def test_what_was_hard_about_a_thing_is_no_definition(store: Store) -> None:
    # the lessons and challenges of integrating AITER (000:351), not a definition of "einbinden"
    reply = await ask(store, "was war beim einbinden der amd-kernel in jax schwierig")
    assert body(reply)["shape"] != Shape.DEFINE.value
    assert first(reply) == (MAIN, 351)


async def test_woran_and_ob_are_german(store: Store) -> None:
    reply = await ask(store, "woran misst max_evol ob ne neue kernel variante besser is")
    assert body(reply)["lang"] == "de"
    assert body(reply)["message"]["text"].startswith("Bei ")
