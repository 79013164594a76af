"""Number questions whose asked quantity a general cause kept from the first place, one cause per test: the number
asked after a preposition or a colon, the point naming the asked talk's speakers below the relevance floor, a measured
number only a less relevant point of the best talk has, a bare number of the question read as a name. Asked through
the function mentions and DMs call, on the bundled corpus in a real SQLite file; lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "through how many degrees does the larch spiral staircase in the treehouse turn",
    "durch wie viele grad dreht sich die wendeltreppe aus lärchenholz",
])
async def test_a_preposition_before_how_many_asks_a_number(store: Store, text: str) -> None:
    # 548's "Wendeltreppe aus witterungsbeständigem Lärchenholz mit 285 Grad Bogenmaß"; "larch spiral staircase" is
    # that staircase (store/together.py: a thing named by what it is made of), no name the summaries lack
    assert parse(text).shape == Shape.QUANTITY, text
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 548), text


def test_how_much_after_a_colon_asks_a_number() -> None:
    # the talk named first, then the number asked, as after a comma
    question = parse("bei dem video-ki-ding: wie viel prozent der varianten fliegen im ersten durchgang raus?")
    assert (question.shape, question.quantity) == (Shape.QUANTITY, "percent")
