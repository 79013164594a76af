"""Questions about something no summary mentions, asked in chat's words, and context-less whys: through the function
mentions and DMs call, on the bundled corpus in a real SQLite file. Absence of the asked words was checked by grep
over corpus/*.txt."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


async def test_a_cc_opener_is_no_word_of_the_question(store: Store) -> None:
    # "cc <@U123>" copies someone in (the mention is dropped): what follows is the question, a definition
    for text in ("cc <@U0123ABC> what is PJRT?", "cc: what is PJRT?"):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "definition" and first(reply) == (MAIN, 222), text

