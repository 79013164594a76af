"""The full-text query's rewrites find exactly what FTS5's own prefix queries find, in the same order."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from store import matching
from store.db import Store
from store.matching import SearchForm, fts_expression
from store.trigrams import MAX_GRAMS, TrigramIndex, most_common
from store.view import View
from store.vocabulary import Vocabulary
from tests.conftest import CORPUS

ROWS = "SELECT rowid FROM search_fts WHERE search_fts MATCH ? LIMIT 150"


def test_an_unranked_prefix_form_finds_the_rows_of_the_prefix_query(db_path: Path) -> None:
    conn = sqlite3.connect(db_path)
    vocabulary = Vocabulary.read(conn)
    prefixes = sorted({term[:size] for term in vocabulary.terms for size in (3, 4, 6) if len(term) > size})
    assert len(prefixes) > 1000
    expanded = 0
    for prefix in prefixes:
        expression = fts_expression([SearchForm(prefix, True)], vocabulary, ranked=False)
        assert expression is not None
        expanded += '*' not in expression
        assert conn.execute(ROWS, (expression,)).fetchall() == conn.execute(
            ROWS, (f'{{title body parts}} : ("{prefix}"*)',)).fetchall(), prefix
    assert expanded > len(prefixes) * 0.9  # looked for as the words they begin, nearly all


def test_an_unranked_prefix_phrase_finds_the_rows_of_the_phrase_query(db_path: Path) -> None:
    conn = sqlite3.connect(db_path)
    vocabulary = Vocabulary.read(conn)
    phrases = ["tensor par", "high band", "xla com", "jax nat", "pallas ker", "no such"]
    for phrase in phrases:
        expression = fts_expression([SearchForm(phrase, True)], vocabulary, ranked=False)
        wanted = conn.execute(ROWS, (f'{{title body parts}} : ("{phrase}"*)',)).fetchall()
        found = conn.execute(ROWS, (expression,)).fetchall() if expression else []
        assert found == wanted, phrase
    assert conn.execute(ROWS, ('{title body parts} : ("high band"*)',)).fetchall()  # a phrase that is there


def test_a_prefix_no_word_begins_is_left_out_and_ranked_forms_stay_as_written(db_path: Path) -> None:
    vocabulary = Vocabulary.read(sqlite3.connect(db_path))
    assert fts_expression([SearchForm("qqqzz", True)], vocabulary, ranked=False) is None
    assert fts_expression([SearchForm("qqqzz", True), SearchForm("xla", False)], vocabulary, ranked=False) == (
        '{title body parts} : ("xla")')
    assert fts_expression([SearchForm("tensor", True)], vocabulary, ranked=True, kinds=("kpoint", "khigh")) == (
        '{title body parts} : ("tensor"*) AND kind : ("kpoint" OR "khigh")')


async def test_looking_up_a_phrase_s_first_words_changes_no_answer(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Joined-up words are looked for as the words they are made of, a phrase: "jax pallas kernel"*.
    # "kernel baum" never stand in a row: "kernel baum jax"* is dropped, "jax pallas kernel"* kept.
    questions = ["jaxpallaskernel", "xlacompilerpasses", "jaxpallaskernel tiling", "kernelbaumjax", "baumxlacompiler"]
    unchecked = await _answers(db_path, questions)
    monkeypatch.setattr(matching, "PHRASE_CHECK_FREQUENCY", 0)  # every prefix phrase's first words looked up
    checks: list[str] = []
    real_rows = View.rows

    def rows(self: View, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        if sql.startswith("SELECT (SELECT 1 FROM search_fts"):
            checks.extend(str(param) for param in params)
        return real_rows(self, sql, params)

    monkeypatch.setattr(View, "rows", rows)
    assert await _answers(db_path, questions) == unchecked
    # Ranked (every query of the bundled corpus is), each phrase is looked for as the words it begins.
    assert any('"kernel baum jax"' in check and '"kernel baum jaxpr"' in check for check in checks)
    assert any('"jax pallas kernel"' in check for check in checks)


async def _answers(db_path: Path, questions: list[str]) -> list[object]:
    async with await Store.open(db_path, CORPUS, cache_size=0) as store:
        return [answer for question in questions for answer in (
            await store.find_talks(question), await store.find_points(question), await store.define(question))]


def test_most_common_keys_are_counter_most_common_s() -> None:
    rng = random.Random(17)
    for _ in range(200):
        counts: Counter[int] = Counter()
        for _ in range(rng.randint(1, MAX_GRAMS)):
            size = rng.randint(1, 3000)
            counts.update(rng.sample(range(size), rng.randint(1, size)))
        limit = rng.choice([1, 7, 300, 5000])
        assert most_common(counts, limit) == [key for key, _ in counts.most_common(limit)]


def test_containing_is_every_string_holding_the_part(db_path: Path) -> None:
    # the corpus's words, and parts of every length taken from inside them and from nowhere
    words = [t for t in Vocabulary.read(sqlite3.connect(db_path)).terms if len(t) >= 4 and t.isalpha()]
    index = TrigramIndex(words)
    rng = random.Random(5)
    parts = [word[start:start + size] for word in rng.sample(words, 300) for size in (3, 5, 9)
             if len(word) >= (start := rng.randint(0, 3)) + size] + ["schraub", "tensorparallelismus", "qqq"]
    for part in parts:
        assert index.containing(part) == [i for i, word in enumerate(words) if part in word], part
