"""A word two letters or more longer than the corpus word it is near is a word of its own, no slip of that one:
through the function mentions and DMs call, on the bundled corpus in a real SQLite file. No summary writes
"stabilizer" (grep over corpus/*.txt); 000 writes "stabiler", which rapidfuzz's ratio puts near it."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, assert_said_not_covered, first


@pytest.mark.parametrize(("word", "slipped"), [
    ("stabilizer", False),  # stabil(er) with two letters more: a word of its own
    ("kinetik", True),  # Kinetic with one letter changed
    ("flydls", True),  # FlyDSL with two letters swapped
])
async def test_a_word_two_letters_longer_than_a_corpus_word_is_typed_as_meant(store: Store, word: str,
                                                                              slipped: bool) -> None:
    assert await store.typed_with_a_slip(word) is slipped


async def test_an_absent_kind_of_a_hyphenated_name_is_said_absent(store: Store) -> None:
    # the JAX Quantum talk writes Codes and simuliert, never stabilizer codes
    text = "kann man mit jax quantum auch stabilizer-codes simulieren"
    reply = await ask(store, text)
    assert_said_not_covered(reply, "Die Zusammenfassungen erwähnen *stabilizer-codes* nicht.", text)
    assert first(reply) == (MAIN, 33)  # what the summaries say about JAX Quantum follows
