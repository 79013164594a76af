"""A number question that counts the kinds of a thing ("how many kinds of workers …") is answered by the key point
that lists those kinds, not by one counting the things themselves: through the function mentions and DMs call, on
the bundled corpus. Lines are of the 000 file."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize("text", [
    # 554 lists "Höhenkletterern, Zimmerern, Ingenieuren und Elektrikern"; 628 counts "44 durch 22" workers
    "how many kinds of workers were in the treehouse team",
    "how many types of workers were on the treehouse team",
    "wie viele Sorten von Arbeitern waren im Baumhaus-Team",
])
async def test_how_many_kinds_is_the_point_listing_them(store: Store, text: str) -> None:
    reply = await mentions.answer(store, f"<@UBOT> {text}")
    hit = json.loads(as_json(reply))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 554), text
