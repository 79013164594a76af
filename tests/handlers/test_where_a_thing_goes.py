"""Where a thing goes ("where do filters end up on the tpu", "wo landen die filter") asks about the thing: the point
holding it leads one that only holds the places asked about, and the "end" of "end up" is no topic word ("Front-End",
"End-to-End"). Through the function mentions and DMs call, on the bundled corpus in a real SQLite file; lines are of
the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import parse
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    # 12's "Filter mappen auf Vektorausführungen, während Joins … auf MXUs", not 11, which holds the TPU's "Matrix
    # Multiplication Units (MXUs)" and no filter
    "in that michigan study where do plain filters end up on the tpu, also on the matrix units?",
    "where do filters end up on the tpu",
    "wo landen die filter auf der tpu",
])
async def test_the_point_holding_the_located_thing_leads(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 12), text


async def test_end_up_is_no_topic_word(store: Store) -> None:
    assert parse("where do joins end up on the tpu").subject == "joins tpu"
    # not 209's "Front-End und Back-End" of the XLA crash course
    reply = await ask(store, "where do joins end up on the tpu")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 12)
    assert "end" in parse("where do the front end passes end up").subject.split()  # an end of its own stays
