""""ab wann geht's im Video um X": from which moment of a talk on X comes up (a when question), not since what date (a
number), through the function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines are of the
000 file."""

from __future__ import annotations

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_questions import ask, body


async def test_from_when_a_talk_gets_to_a_topic_is_its_moment(store: Store) -> None:
    # the Tunix post-training video's DPO moment is 11:39 (000:383)
    reply = body(await ask(store, "ab wann gehts im tunix post-training video um dpo"))
    assert reply["shape"] == "when"
    assert reply["hits"][0]["source"]["line"] == 383


def test_from_when_a_course_starts_stays_a_date() -> None:
    # "ab wann geht der Kurs los" asks for a date (the CasADi course starts on 13 October), no moment
    assert parse("ab wann geht der casadi kurs los").shape == Shape.QUANTITY
    assert parse("ab wann geht's im video um dpo").shape == Shape.MOMENTS
