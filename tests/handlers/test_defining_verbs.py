"""Definition questions asked with a verb whose object is what a term is ("was beschreibt eine Kraus-Map", "was misst
die KL-Divergenz") or wrapped as chat asks anyone ("kann mir jemand erklären, was …"): they ask for the term's glossary
entry, not for a key point that only names the term. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "line"), [
    # the verb of what a term describes or measures asks what the term is: 46's glossary entry, not 35's list of
    # operations that names Kraus maps; 180's entry, not 163's point on distillation that uses the KL divergence
    ("Was genau beschreibt eine Kraus-Map?", 46),
    ("was misst die kl-divergenz", 180),
    # ... and said after the term, its pronoun points back at it
    ("kl-divergenz, was misst die genau", 180),
])
async def test_a_defining_verb_asks_for_the_glossary_entry(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "definition" and first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # German chat asks anyone in the channel, as "can someone explain what …" does: the question is what follows
    "kann mir jemand erklären was die kl-divergenz ist",
    "kann mir mal jemand sagen, was die kl-divergenz ist",
])
async def test_asking_anyone_wraps_the_question(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "definition" and first(reply) == (MAIN, 180), text
