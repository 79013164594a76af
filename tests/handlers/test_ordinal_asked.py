""""Die wievielte Generation ist X", "which generation is X": an ordinal is asked ("Die zweite Generation"); when no
key point as relevant says it, the glossary entry of what is asked about does. Lines are of the 000 file, read from
the summaries (000:263 names the XE2 architecture and the B70's specs, no generation in a row)."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from handlers.questions import Shape, parse
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


def test_wievielte_asks_a_number() -> None:
    question = parse("die wievielte gpu generation von intel is battlemage")
    assert (question.shape, question.quantity) == (Shape.QUANTITY, "version")


@pytest.mark.parametrize("text", ["die wievielte gpu generation von intel is battlemage",
                                  "which generation of intel's xe architecture is battlemage"])
async def test_the_entry_saying_which_in_a_row_answers(store: Store, text: str) -> None:
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 276), text
