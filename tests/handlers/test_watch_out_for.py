""""Watch out for" is to beware of a thing, no talk to watch: through the function mentions and DMs call, on the
bundled corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "what should i be watching out for while post training, according to the tunix video",
    "what should i watch out for when post training with tunix",
])
async def test_what_to_watch_out_for_is_what_to_keep_an_eye_on(store: Store, text: str) -> None:
    # "watch out" is a phrase of the word list (achten, aufpassen, überwachen), not the frame word "watch" of a talk
    # to watch: the Tunix talk's evaluation pipelines "zur Überwachung von Modellabweichungen …" (388), not its
    # OOM point (385), which holds only "post training" and "tunix"
    reply = await ask(store, text)
    assert body(reply)["shape"] != "watch", text
    assert first(reply) == (MAIN, 388), text


@pytest.mark.parametrize("text", ["what should i watch out for with tunix", "what should we watch out for"])
def test_watch_out_for_asks_for_no_talk(text: str) -> None:
    assert parse(text).shape is not Shape.RECOMMEND, text


def test_what_to_watch_still_asks_for_a_talk() -> None:
    assert parse("what should i watch to learn pallas").shape is Shape.RECOMMEND
