"""Pro-forms that stand for the thing a thread is about: German "so eine" (such a one) with no noun after it, English
"one" right after a question's auxiliary with at most its verb after it ("how much can one hold"). A person's "one"
does something named ("how can one install flydsl"), and "so eine Frage" has its noun. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import points_back
from store.db import Store
from store.state import BotState
from tests.handlers.test_coverage import MAIN, body, first
from tests.handlers.test_questions import follow_up


@pytest.mark.parametrize(("text", "points"), [
    ("wie viel last trägt so eine", True),
    ("was kostet so einer", True),
    ("how much weight can one hold", True),
    ("how long does one last", True),
    ("how can one install flydsl", False),
    ("so eine frage: was ist xla", False),
    # a German infinitive right after "das" ends the clause: "das" is no article of it
    ("wann soll das erscheinen", True),
    ("wann soll das training starten", False),
    ("wann kommt das release", False),
])
def test_a_pro_form_points_back(text: str, points: bool) -> None:
    assert points_back(text) is points, text


@pytest.mark.parametrize(("turn", "text"), [
    # how much a tree screw bears: 551's "bis zu 4 Tonnen belastbaren Baumschrauben", not another talk's weights
    ("what is a tree screw", "how much weight can one hold"),
    ("was ist eine baumschraube", "wie viel last trägt so eine"),
    ("was ist eine baumschraube", "wie viel gewicht verträgt so eine"),
])
async def test_how_much_such_a_one_bears_is_the_threads_things(store: Store, state: BotState, turn: str,
                                                                text: str) -> None:
    reply = await follow_up(store, state, turn, text, "31.2")
    assert body(reply)["shape"] == "number" and body(reply)["covered"] and first(reply) == (MAIN, 551), text


async def test_when_that_is_to_come_out_is_the_threads_terms_announcement(store: Store, state: BotState) -> None:
    # when TorchTPU comes: 454's "Ankündigung des TorchTPU-Starts … im Oktober 2026", not talks about "erscheinen"
    reply = await follow_up(store, state, "was ist torchtpu", "wann soll das erscheinen", "31.3")
    assert body(reply)["shape"] == "when" and body(reply)["covered"] and first(reply) == (MAIN, 454)
