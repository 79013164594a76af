"""A definition asked with a stressing word after its question word ("what even is X") is the glossary entry: the
stress changes nothing of what is asked. Lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "line"), [
    ("what even is docker", 83),  # Docker's glossary entry, not a key point that uses Docker images
    ("what even is pathways?", 182),  # the entry, not the four-pillar stack that lists Pathways
])
async def test_even_after_the_question_word_only_stresses_it(store: Store, text: str, line: int) -> None:
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, line), text
