"""A row's match (store/matching.py ``RowMatcher.match``) is the same whoever asks first: rows holding the same of
the query's words and phrases share one, and a prepared row's words match as its texts split."""

from __future__ import annotations

import json
from pathlib import Path

from store.db import Store
from store.matching import RowMatch, RowMatcher, SearchRow, concept_idfs, settle_readings
from store.view import View
from tests.conftest import CORPUS

ROOT = Path(__file__).resolve().parents[2]
# Every bench question (long English ones with phrases, typos, hostile input), and what a mention asks.
QUESTIONS = [json.loads(line)["q"] for line in (ROOT / "bench" / "queries.jsonl").read_text().splitlines() if line]
QUESTIONS += ["Multi-Level Intermediate Representation", "all to all", "pl kernel", "Palace Kernel", "jaxtor"]


def _fields(match: RowMatch) -> tuple[object, ...]:
    return match.per_concept, match.coverage, match.notes, match.own_spelling


def _compare(view: View) -> tuple[int, int, int]:
    """(rows compared, rows whose match another row's shares, questions with a phrase form)."""
    rows_compared = shared = phrased = 0
    for question in QUESTIONS:
        concepts = view.concepts(question)
        if not concepts:
            continue
        rows = view.candidates(concepts, 150)
        settle_readings(concepts, rows)
        idfs = concept_idfs(concepts, view.vocabulary)
        matcher = RowMatcher(concepts, idfs, view.vocabulary)
        phrased += any(form.kind == "phrase" for concept in concepts for form in concept.forms)
        seen: set[int] = set()
        for row in rows:
            match = matcher.match(row)
            shared += id(match) in seen
            seen.add(id(match))
            assert row.words is not None  # the bundled corpus is prepared
            for alone in (row, SearchRow(*row[:-1])):  # its words prepared, or split from its texts
                expected = RowMatcher(concepts, idfs, view.vocabulary).match(alone)
                assert _fields(match) == _fields(expected), (question, row.rowid)
            rows_compared += 1
    return rows_compared, shared, phrased


async def test_a_row_matches_alike_alone_shared_or_split_from_its_texts(db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        rows, shared, phrased = await store._read(_compare)
    finally:
        await store.close()
    assert rows > 5000 and shared > 1000 and phrased >= 10  # the cases in question occur
