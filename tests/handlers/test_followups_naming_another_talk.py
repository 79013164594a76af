"""Follow-ups whose own words name a thing of another talk than the thread's: "how does the kernel porting agent use
it" after the roofline model asks what max_evol's talk says of the roofline model (000:127), though the thread's talk
(the vLLM one, 000:445's "Roofline-Ausschöpfung") mentions it too. The answer is not kept to the thread's talk, and in
the talk those words name, the point holding the topic answers, not the one best holding the words that name the
talk (000:125). Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from store.state import BotState
from tests.handlers.test_coverage import MAIN, body, first
from tests.handlers.test_questions import follow_up


@pytest.mark.parametrize(("turn", "text", "thread"), [
    ("was ist das roofline modell", "und wofür verwendet der kernel-agent das", "29.1"),
    ("what is the roofline model", "so how does the kernel porting agent make use of it", "29.2"),
])
async def test_a_follow_up_naming_another_talks_thing_is_answered_from_that_talk(
        store: Store, state: BotState, turn: str, text: str, thread: str) -> None:
    reply = await follow_up(store, state, turn, text, thread)
    assert body(reply)["covered"] and first(reply) == (MAIN, 127), text
