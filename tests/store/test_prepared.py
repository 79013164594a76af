"""A small corpus's rows are prepared once per generation (store/prepared.py): the answers are those the same
store gives computing everything per call, and a new generation (an incremental ingest, a team alias) is
prepared anew, from its own rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from store import prepared as prepared_module
from store.db import Store
from store.matching import SEARCH_COLUMNS, SearchRow
from store.model import Slip, TalkHit
from store.prepared import MOMENT_ROWS_SQL, Prepared
from store.view import View
from tests.conftest import CORPUS, CORPUS_FILES, PALLAS_EXPORT, corpus_without, ingest_beside

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = [json.loads(line)["q"] for line in (ROOT / "bench" / "queries.jsonl").read_text().splitlines() if line]


async def _answers(db_path: Path, questions: list[str]) -> list[object]:
    """Every question through define, find_talks and find_points, answer cache off (each call computes)."""
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        answers: list[object] = []
        for question in questions:
            answers += [await store.define(question), await store.find_talks(question),
                        await store.find_points(question)]
        return answers
    finally:
        await store.close()


async def _prepared(store: Store) -> Prepared:
    """The prepared rows of the generation the store reads now (loaded first if it is new)."""
    return await store._read(lambda view: view.prepared)


def _check_is_of_this_generation(view: View) -> list[str]:
    """The talk ids prepared; fails unless every full-text row, key point, highlight and talk of the snapshot is
    prepared as it reads."""
    prepared = view.prepared
    rows = view.rows(f"SELECT {SEARCH_COLUMNS} FROM search_fts")
    assert len(prepared.rows) == len(rows)
    for row in rows:
        words = tuple(frozenset(text.split()) for text in row[4:])
        assert prepared.rows[row[0]] == SearchRow(*row, words)
    moments = {(kind, row[0]): row[1:] for kind, sql in MOMENT_ROWS_SQL.items() for row in view.rows(sql)}
    assert prepared.moments == moments
    # every point and highlight the full-text index finds has its row
    assert {(row.kind, row.ref_id) for row in prepared.rows.values() if row.kind in MOMENT_ROWS_SQL} == set(moments)
    talks = view.rows("SELECT talk_id, summary, source_file, source_line FROM talks")
    assert sorted(prepared.talks) == sorted(talk_id for talk_id, *_ in talks)
    for talk_id, summary, file, line in talks:
        text = prepared.talks[talk_id]
        assert (text.summary, text.source.file, text.source.line) == (summary, file, line)
    return sorted(prepared.talks)


async def test_prepared_rows_answer_as_computing_everything_per_call(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        assert len(await opened._read(_check_is_of_this_generation)) == 19
    finally:
        await opened.close()
    prepared = await _answers(db_path, QUESTIONS)
    monkeypatch.setattr(prepared_module, "PREPARED_ROWS", 0)  # the bundled corpus's 473 rows are above it
    per_call = await _answers(db_path, QUESTIONS)
    assert prepared == per_call
    talk_hits = [hit for answer in prepared[1::3] for hit in answer if isinstance(hit, TalkHit)]
    assert sum(bool(hit.slips) for hit in talk_hits) >= 20  # canonical names read off the prepared talks
    assert sum(bool(hit.matched) for hit in talk_hits) >= 50  # and notes off their shown words


async def test_a_corpus_above_the_limit_is_not_prepared(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prepared_module, "PREPARED_ROWS", 472)
    opened = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        assert await _prepared(opened) == Prepared()
        assert (await opened.find_talks("Pallas Kernel"))[0].source.file == PALLAS_EXPORT
    finally:
        await opened.close()


async def test_an_incremental_ingest_prepares_the_new_generation(
        db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Removing an export and adding it back: each time the view prepares the generation the ingest committed (its
    full-text rows and talks, and no row of the one before), and answers as a fresh store computing per call."""
    smaller = corpus_without(PALLAS_EXPORT, tmp_path)
    questions = ["Pallas Kernel", "what is the memory hierarchy of a TPU?", "Palace", "VMEM", "JAX Quantum"]
    opened = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        before = await opened._read(_check_is_of_this_generation)
        assert (await opened.find_talks("Pallas Kernel"))[0].source.file == PALLAS_EXPORT
        for corpus, pallas in ((smaller, False), (CORPUS, True)):
            await ingest_beside(db_path, [corpus])
            talk_ids = await opened._read(_check_is_of_this_generation)
            assert (len(talk_ids) == len(before)) is pallas
            hits = await opened.find_talks("Pallas Kernel")
            assert (hits[0].source.file == PALLAS_EXPORT) is pallas
            answers = [[await opened.define(q), await opened.find_talks(q), await opened.find_points(q)]
                       for q in questions]
            with monkeypatch.context() as unprepared:
                unprepared.setattr(prepared_module, "PREPARED_ROWS", 0)
                assert [answer for group in answers for answer in group] == await _answers(db_path, questions)
    finally:
        await opened.close()


async def test_a_team_alias_prepares_the_talks_canonical_names_anew(db_path: Path) -> None:
    opened = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        before = (await opened.find_talks("Kinetic"))[0]
        assert "Docker-Dateien" in before.summary and Slip("CAR", "Keras") in before.slips
        await opened.set_alias("Docker", "Moby", "U1", 1_700_000_000.0)
        hit = (await opened.find_talks("Kinetic"))[0]
        assert "Moby-Dateien" in hit.summary and "Docker" not in hit.summary
        assert set(hit.slips) == {*before.slips, Slip("Docker", "Moby")}
        assert hit.talk_id in (await _prepared(opened)).talks
    finally:
        await opened.close()



async def test_rows_rewritten_as_they_were_are_prepared_anew(db_path: Path, tmp_path: Path) -> None:
    """The same files written again give the corpus hash they had, but rows with other ids: a full ingest of the
    unchanged corpus, an export removed and added back with no question between. The view prepares those rows."""
    opened = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        rows = dict((await _prepared(opened)).rows)
        asked = await opened.find_talks("Pallas Kernel")
        await ingest_beside(db_path, [corpus_without(CORPUS_FILES[0].name, tmp_path)])  # its rows come back last
        await ingest_beside(db_path, [CORPUS])
        assert (await _prepared(opened)).rows != rows  # ids name other rows now: the case in question
        await opened._read(_check_is_of_this_generation)
        assert await opened.find_talks("Pallas Kernel") == asked
        rows = dict((await _prepared(opened)).rows)
        await ingest_beside(db_path, [CORPUS], full=True)
        assert (await _prepared(opened)).rows != rows
        await opened._read(_check_is_of_this_generation)
        assert await opened.find_talks("Pallas Kernel") == asked
    finally:
        await opened.close()


async def test_a_full_text_read_is_kept_for_the_generation_and_read_anew_after_an_ingest(
        db_path: Path, tmp_path: Path) -> None:
    """Where the corpus is prepared, a full-text read (``View.candidates``) is kept across read transactions (one
    answer's store calls ask the same read in trips of their own), until the asked texts are forgotten or an ingest
    moves the generation: the reload reads the new one's rows."""

    def pallas_rows(view: View) -> list[SearchRow]:
        return view.candidates(view.concepts("Pallas Kernel"), 50)

    opened = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        pallas = (await opened.find_talks("Pallas Kernel"))[0].talk_id
        first = await opened._read(pallas_rows)
        assert pallas in {row.talk_id for row in first}
        assert await opened._read(pallas_rows) is first  # kept: no statement read it again
        opened._view.forget_asked()
        assert await opened._read(pallas_rows) is not first  # forgotten with the asked texts
        await ingest_beside(db_path, [corpus_without(PALLAS_EXPORT, tmp_path)])
        after = await opened._read(pallas_rows)
        assert pallas not in {row.talk_id for row in after}
        assert {row.rowid for row in after} <= set((await _prepared(opened)).rows)  # the new generation's rows
    finally:
        await opened.close()
