"""An English -ing word right after a noun for a talk or its speaker says what that talk or speaker does ("the video
[explaining] pre-training"), a verb of a clause cut short, no kind of the thing after it; through the function
mentions and DMs call, on the bundled corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


async def test_the_video_explaining_a_thing_is_the_talk_on_that_thing(store: Store) -> None:
    # the Tunix post-training talk (summary at 374), not "explaining pre-training" as a kind the summaries lack
    reply = await ask(store, "summarize the video explaining pre-training")
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en"
    assert first(reply) == (MAIN, 374)


async def test_the_video_explaining_an_absent_thing_is_not_covered(store: Store) -> None:
    reply = await ask(store, "the video explaining speculative sampling")
    assert body(reply)["covered"] is False
