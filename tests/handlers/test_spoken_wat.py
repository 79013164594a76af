"""Spoken German's "wat" is "was" before a German verb ("wat sind finite differenzen"), not chat's English "what"
that made the question neither language's. Lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import json

from bot.console import as_json
from handlers import mentions
from handlers.questions import Shape, parse
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


def test_wat_before_a_german_verb_is_was() -> None:
    question = parse("wat sind finite differenzen")
    assert (question.shape, question.language) == (Shape.DEFINE, "de")
    assert parse("wat can u do").shape == Shape.HELP  # chat's English "what" as before


async def test_the_entry_answers(store: Store) -> None:
    # Finite Differenzen's entry (000:536), not 000:522's ONNX point that uses them
    hit = json.loads(as_json(await mentions.answer(store, "<@UBOT> wat sind finite differenzen")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 536)
