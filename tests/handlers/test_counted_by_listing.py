""""Wie viele X": a key point that names the X one by one right after the word for them counts them ("Bibliotheken wie
oneMKL (…), oneDNN (…) und oneCCL (…)"), also when the question names whose X before the noun ("oneapi
bibliotheken") and the things' names start in lower case. Lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "line"), [
    # 000:264 lists oneAPI's libraries; 000:270's roadmap lists other things, 000:263 has numbers of a GPU
    ("wie viele oneapi bibliotheken zählt die intel speakerin auf", 264),
    # 000:302 lists SFT, RL and distillation; 000:380's "Post-Training (Verhaltensanpassung und Formatierung …)"
    # says what one phase is, it lists no phases
    ("wie viele post-training phasen deckt tinix ab", 302),
])
async def test_the_point_listing_the_things_counts_them(store: Store, text: str, line: int) -> None:
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, line), text
