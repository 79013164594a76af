""""How many kinds of X": the key point naming the X one by one right after the word for them counts the kinds, also
below the points an other word of the question found ("second" finds "Zweite Fallstudie"), and the word list's folded
form finds the word with its umlaut ("hartholz", "Harthölzer"). Lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import json

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


async def test_the_point_naming_the_kinds_after_their_word_counts_them(store: Store) -> None:
    # 000:599 "Harthölzer (Buche, Eiche, Linde)", not 000:349's "Zweite Fallstudie (MXFP4)"
    text = "how many kinds of hardwood did they pick for the second treehouse film"
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 599), text
