"""How briefly or plainly to answer, said last ("in one line", "in plain words", "in einfachen Worten"), is no word
of what is asked: the term alone is looked up, its glossary entry first. Lines are of the 000 file, read from the
summaries."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "lines"), [
    ("explain level zero to me in one line", {287}),  # Level Zero's entry, not 000:267's Level-Zero runtime
    ("reinforcement learning in plain words pls", {322, 399}),  # the RL entries, not 000:384's GRPO point
])
async def test_how_briefly_to_answer_is_no_word_of_the_subject(store: Store, text: str, lines: set[int]) -> None:
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert hit["source"]["file"] == MAIN and hit["source"]["line"] in lines, text
