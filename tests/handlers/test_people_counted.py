""""How many people presented X" is counted by the key point naming every speaker of X's talk, also when the summary
spells a name as the transcript heard it (the aliases map "Jotender" to the speaker Jyotinder), and also asked with
chat's "ppl". Lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize("text", ["how many people presented kinetic", "how many ppl presented kinetic"])
async def test_the_point_naming_the_speakers_counts_them(store: Store, text: str) -> None:
    # 000:66 "Vorstellung durch Diva und Jotender", not 000:76's "32 Chips"
    shown = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    hit = shown["hits"][0]
    assert shown.get("covered", True) is not False, text
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 66), text
