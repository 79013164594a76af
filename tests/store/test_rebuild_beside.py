"""A full rebuild is written beside the live database and copied in with one short write transaction
(store/ingest.py), so the bot's own writes to that database are not held up while it reads the corpus."""

from __future__ import annotations

import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from store import file_rows
from store.errors import CorpusError
from store.ingest import IngestReport, ingest_sync
from store.lexicon import load_lexicon
from store.team_aliases import write_alias
from tests.conftest import CORPUS
from tests.store.test_incremental import corpus_content

MAX_EVOL = "max-evol-agentenbasiertes-system-fuer-autonomes-maschinelles"  # its title writes "max_evol"
MAX_EVOLVE = "maxevolve-agentenbasiertes-system-fuer-autonomes"


class HeldRebuild:
    """Holds ingests after they have read their first corpus file, until ``release``: the real ingest, paused
    where a rebuild spends most of its time (reading, parsing and writing every file)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reading = threading.Event()
        self.released = threading.Event()
        read_files = file_rows.read_files

        def held(*args: Any, **kwargs: Any) -> Iterator[file_rows.FileRows]:
            for number, rows in enumerate(read_files(*args, **kwargs)):
                if number == 1:
                    self.reading.set()
                    self.released.wait(timeout=60)
                yield rows

        monkeypatch.setattr(file_rows, "read_files", held)

    def wait_until_reading(self) -> None:
        assert self.reading.wait(timeout=30), "the ingest never read a second file"

    def release(self) -> None:
        self.released.set()


def scratch_files(db: Path) -> list[str]:
    return sorted(p.name for p in db.parent.iterdir() if p.name.startswith(f"{db.name}.rebuild") and
                  not p.name.endswith(".lock"))


def held_rebuild(db: Path, corpus: Path, held: HeldRebuild, pool: ThreadPoolExecutor) -> Future[IngestReport]:
    rebuild = pool.submit(ingest_sync, db, [corpus], full=True)
    held.wait_until_reading()
    return rebuild


def test_a_rebuild_takes_the_write_lock_only_to_copy_its_result_in(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = corpus_content(db_path)
    held = HeldRebuild(monkeypatch)
    with ThreadPoolExecutor(1) as pool:
        rebuild = held_rebuild(db_path, CORPUS, held, pool)
        try:
            bot = sqlite3.connect(db_path, isolation_level=None, timeout=0)  # a write that would wait fails at once
            bot.execute("BEGIN IMMEDIATE")
            bot.execute("INSERT INTO seen_events (event_id, seen_at) VALUES ('Ev1', ?)", (time.time(),))
            bot.execute("COMMIT")
            bot.close()
            assert f"{db_path.name}.rebuild" in scratch_files(db_path)  # where it writes meanwhile
        finally:
            held.release()
        report = rebuild.result(timeout=60)
    assert report.full and report.talks_written
    assert corpus_content(db_path) == before  # the same files: the same content, copied in
    assert sqlite3.connect(db_path).execute("SELECT event_id FROM seen_events").fetchall() == [("Ev1",)]
    assert scratch_files(db_path) == []


def test_a_team_alias_added_while_a_rebuild_reads_names_its_talks(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rebuild named its talks with the aliases of its start: it does not copy that in, but rebuilds in place."""
    expected = tmp_path / "expected.db"
    shutil.copy(db_path, expected)
    write_alias(expected, CORPUS, load_lexicon(CORPUS), "max_evol", "MaxEvolve", "U1", time.time())
    ingest_sync(expected, [CORPUS], full=True)
    held = HeldRebuild(monkeypatch)
    with ThreadPoolExecutor(1) as pool:
        rebuild = held_rebuild(db_path, CORPUS, held, pool)
        try:
            write_alias(db_path, CORPUS, load_lexicon(CORPUS), "max_evol", "MaxEvolve", "U1", time.time())
        finally:
            held.release()
        report = rebuild.result(timeout=60)
    assert MAX_EVOLVE in report.talks_written and MAX_EVOL not in report.talks_written
    assert report.talks_written.count(MAX_EVOLVE) == 1  # the report of the build that was not copied is gone
    assert corpus_content(db_path) == corpus_content(expected)
    assert scratch_files(db_path) == []


def test_a_bad_file_in_a_rebuild_changes_nothing_and_leaves_no_scratch_file(db_path: Path, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    (corpus / "zz_bad.txt").write_text("Zusammenfassung\n\nText.\n\nWichtigste Punkte & Zeitstempel\n\n• 1:7 x\n",
                                       encoding="utf-8")
    before = corpus_content(db_path)
    with pytest.raises(CorpusError) as error:
        ingest_sync(db_path, [corpus], full=True)
    assert str(error.value).startswith("zz_bad.txt:7:")
    assert corpus_content(db_path) == before
    assert scratch_files(db_path) == []


def test_a_scratch_file_a_crash_left_is_replaced(db_path: Path) -> None:
    before = corpus_content(db_path)
    (db_path.parent / f"{db_path.name}.rebuild").write_bytes(b"left by a killed rebuild")
    assert ingest_sync(db_path, [CORPUS], full=True).full
    assert corpus_content(db_path) == before
    assert scratch_files(db_path) == []
