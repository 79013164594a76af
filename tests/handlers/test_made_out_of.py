"""An English "out of" that says what a thing is made of or comes from ("building stuff out of wood") is a preposition
as "from" is, no topic word: the question asks about wood. "run out of" keeps its "out" (the summaries'
Out-of-Memory). Through the function mentions and DMs call, on the bundled corpus in a real SQLite file."""

from __future__ import annotations

from handlers.questions import parse
from store.db import Store
from tests.handlers.test_questions import ask, body


async def test_talks_about_things_built_out_of_wood(store: Store) -> None:
    # the treehouse talk (000:541) and the seasonal update's wood projects (000:567); "out" is in no point but
    # Out-of-Memory, so with it the question was not covered
    assert parse("which videos are about building stuff out of wood").subject == "building wood"
    reply = body(await ask(store, "which videos are about building stuff out of wood"))
    assert reply["covered"] is True
    assert [hit["source"]["line"] for hit in reply["hits"][:2]] == [541, 567]


def test_running_out_of_keeps_its_out() -> None:
    assert parse("what runs out of memory").subject == "runs out memory"
