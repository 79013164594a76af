"""A definition asked with chat German's article ("was ist [n] X", "was macht [so n] X", "wozu dient [ne] X") asks what
X is: the article is no word of the term, so the glossary entry answers first. Through the function mentions and DMs
call, on the bundled corpus. Lines are of the 000 file."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "line"), [
    ("was macht so n debugpy eigentlich", 87),
    ("was ist n stablehlo", 113),
    ("wozu dient n eigh", 48),
    ("was ist so n pytest", 150),
])
async def test_a_spoken_article_is_no_word_of_the_term(store: Store, text: str, line: int) -> None:
    shown = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    hit = shown["hits"][0]["source"]
    assert (hit["file"], hit["line"]) == (MAIN, line), text
