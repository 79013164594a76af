""""At what timestamps does X come up" asks when, as "at what point" / "at which minute" do: the moments of X, not a
search for the word "timestamps" (which no summary says, so the reply was "not mentioned"). Through the function
mentions and DMs call, on the bundled corpus in a real SQLite file; lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_questions import ask, body, lines


@pytest.mark.parametrize(("text", "subject"), [
    ("at what timestamps does the google talk on xla cover fusion", "google xla fusion"),
    ("at which timestamp is fp8 discussed", "fp8"),
])
def test_at_what_timestamps_asks_when(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.MOMENTS, subject)


async def test_the_moments_asked_by_timestamps_are_shown(store: Store) -> None:
    # the XLA crash course's instruction fusion (18:25, 000:208)
    text = "at what timestamps does the google talk on xla's intermediate representations cover fusion"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True
    assert body(reply)["shape"] == "when"
    assert 208 in lines(reply)
