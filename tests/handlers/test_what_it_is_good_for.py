""""Wofür ist X gut" asks what X is for, as "what is X good for" does: "gut" is no word of the term, whose glossary
entry answers. Lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize("text", ["wofür is eigh gut", "wofür ist Eigh gut?"])
async def test_gut_after_the_term_is_no_word_of_it(store: Store, text: str) -> None:
    # Eigh's entry (000:48), not the benchmarks that use eigh (000:37)
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 48), text
