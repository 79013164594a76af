"""The hard (tricky, difficult) part of a thing is one of its challenges: the word list translates the phrase as it does
"hard" alone, so "the hard parts of building Jaxator" is answered by 000:351's "Lektionen & Herausforderungen", not
reported as a name of two words the summaries never write together."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "what were the hard parts of building jaxator",
    "what were the tricky parts of building jaxator",
])
async def test_the_hard_parts_are_the_challenges(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False, text
    assert first(reply) == (MAIN, 351), text


@pytest.mark.parametrize("text", [
    # "knifflig" is tricky, as "schwierig" is: 000:12's "Operator-Mapping-Herausforderung", not "knifflig" reported
    # as a word the summaries never write
    "warum ist es so knifflig, datenbankabfragen auf die tpu-einheiten zu verteilen",
])
async def test_knifflig_asks_for_the_challenge(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 12), text
