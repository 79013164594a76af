""""How long" asks a duration also when a word of speed follows in an idiom ("up to speed"): the question word names
the kind of number. Lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import json

from bot.console import as_json
from handlers import mentions
from handlers.questions import parse
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


def test_how_long_with_up_to_speed_asks_a_time() -> None:
    assert parse("how long did it take to get a new nc operator up to speed").quantity == "time"


async def test_the_training_time_answers(store: Store) -> None:
    # 000:628 "verkürzte die Einarbeitungszeit auf 6 bis 12 Monate", not AITER's 2x to 17x speed-ups (000:345)
    text = "how long did it take to get a new nc operator up to speed"
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 628), text
