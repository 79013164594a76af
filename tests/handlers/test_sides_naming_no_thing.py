"""A question of two clauses whose second side only says which one ("and what's next") sets no two things side by
side: the one point that tells both answers, through the function mentions and DMs call, on the bundled corpus in a
real SQLite file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_questions import MAIN, ask, first


@pytest.mark.parametrize("text", [
    "what did the hugging face guy say about profiling the qwen port and whats next",
    "what did the hugging face guy say about profiling the qwen port and what's next",
])
async def test_a_side_saying_only_which_one_is_no_side(store: Store, text: str) -> None:
    # "next" names no thing to compare with: the Qwen talk's "Profiling und Ausblick" (420) answers, not a comparison
    # led by the Diffusers library (414)
    assert parse(text).shape != Shape.COMPARE, text
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 420), text


def test_two_things_asked_in_a_row_still_compare() -> None:
    assert parse("what goes through oneDNN and what goes the MLIR route").shape == Shape.COMPARE
