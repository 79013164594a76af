"""A "how many X does T have" question whose count only T's glossary entry gives is that entry, also when the question
names T by part of its name or says something more of it in common words ("normally", "stecken"). Lines are of the
000 file, read from the summaries (no key point counts a torii's beams or a v6e-8's chips)."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "line"), [
    ("wie viele chips stecken in ner v6e-8", 426),  # TPU v6e-8's entry: "in einer Konfiguration mit 8 Chips"
    ("how many crossbeams does a torii normally have", 587),  # Torii's entry: "zwei Säulen und zwei Querbalken"
])
async def test_the_entry_of_the_term_named_counts_it(store: Store, text: str, line: int) -> None:
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, line), text


async def test_a_point_counting_the_thing_of_something_else_counts_nothing_asked(store: Store) -> None:
    # 000:160's "Vier-Säulen-Referenz-Stack" counts the pillars of MaxText's stack, not of a torii: Torii's entry
    # ("zwei Säulen und zwei Querbalken") answers
    text = "aus wie vielen säulen besteht so n torii"
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 587), text
