"""An English -ing word after the object of "get" / "keep" / "leave" says what the object is made to do ("did intel
get bert running"): it is no kind of the object the summaries lack, so the question is covered and answered by the
point that holds the rest. A name ending in -ing after "have" stays a name ("does tunix have early stopping").
Asked through the function mentions and DMs call, on the bundled corpus; lines are of the 000 file."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize("text", [
    # 269: "erfolgreichen Validierungen für Modelle wie Gemma 2, Stable Diffusion XL, BERT und GPT-2"
    "did intel get bert running on the oneapi plugin",
    "did they get bert running on intel gpus",
])
async def test_an_ing_word_after_get_s_object_is_what_it_does(store: Store, text: str) -> None:
    shown = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    assert shown["hits"] and (shown["hits"][0]["source"]["file"], shown["hits"][0]["source"]["line"]) == (MAIN, 269)


async def test_a_name_ending_in_ing_after_have_is_still_asked_for(store: Store) -> None:
    shown = json.loads(as_json(await mentions.answer(store, "<@UBOT> does tunix have early stopping")))
    assert shown["covered"] is False
