"""A question that asks what kind of thing a term is ("was für ein Algorithmus ist GSPO", "what kind of tool is XPK")
asks for the term's definition: the kind word names what the answer says the term is, no thing of its own. Lines are
of the 000 file (the glossary entries of GSPO 326, MXFP4 366, XPK 187)."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "line"), [
    # the kind asked before the term, in either language
    ("was für ein algorithmus ist gspo", 326),
    ("what kind of number format is mxfp4", 366),
    # the term first, the kind asked after it ("was für n": spoken "ein"; "is": spoken "ist")
    ("xpk is was für n tool genau", 187),
    # the term first, then pointed back at ("das", "that"), the pointer before or after "für"
    ("gspo – was für n algorithmus is das", 326),
    ("mxfp4 – was ist das für ein zahlenformat", 366),
    ("gspo - what sort of algorithm is that", 326),
])
async def test_the_kind_asked_of_a_term_asks_its_definition(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "definition", text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # a clause after the verb is no name: what kind of hardware is needed asks no definition of "kinetic"
    "what kind of hardware is needed for kinetic",
])
async def test_a_clause_after_the_kind_asked_is_no_term(store: Store, text: str) -> None:
    assert body(await ask(store, text))["shape"] != "definition", text
