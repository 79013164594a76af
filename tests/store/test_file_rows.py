"""Reading many files in worker processes gives the database a one-process ingest gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from store import file_rows
from store.errors import CorpusError
from store.ingest import ingest_sync
from tests.store.test_incremental import corpus_content, split_corpus


@pytest.fixture
def workers(monkeypatch: pytest.MonkeyPatch) -> list[file_rows._Worker]:
    """Every corpus in these tests goes through two worker processes; the workers that were started."""
    started: list[file_rows._Worker] = []

    class Recorded(file_rows._Worker):
        def __init__(self, vocabulary: set[str]) -> None:
            super().__init__(vocabulary)
            started.append(self)

    monkeypatch.setattr(file_rows, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(file_rows, "_worker_count", lambda: 2)
    monkeypatch.setattr(file_rows, "_Worker", Recorded)
    return started


def test_workers_give_the_same_database(tmp_path: Path, workers: list[file_rows._Worker],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = tmp_path / "corpus"
    split_corpus(corpus)
    in_workers = tmp_path / "workers.db"
    ingest_sync(in_workers, [corpus], full=True)
    assert len(workers) == 2 and all(worker.process.returncode == 0 for worker in workers)
    workers.clear()
    monkeypatch.setattr(file_rows, "PARALLEL_MIN_BYTES", 1 << 40)  # the same corpus in this process
    here = tmp_path / "here.db"
    ingest_sync(here, [corpus], full=True)
    assert workers == []
    assert corpus_content(in_workers) == corpus_content(here)


def test_a_bad_file_read_by_a_worker_changes_nothing(tmp_path: Path, workers: list[file_rows._Worker]) -> None:
    corpus = tmp_path / "corpus"
    split_corpus(corpus)
    db = tmp_path / "t.db"
    ingest_sync(db, [corpus], full=True)
    before = corpus_content(db)
    (corpus / "part_05.txt").write_text("Zusammenfassung\n\nText.\n\nWichtigste Punkte & Zeitstempel\n\n• 1:7 x\n",
                                        encoding="utf-8")
    with pytest.raises(CorpusError) as error:
        ingest_sync(db, [corpus], full=True)
    assert str(error.value).startswith("part_05.txt:7: malformed or truncated timestamp")
    assert corpus_content(db) == before
    assert len(workers) == 4 and all(worker.process.poll() is not None for worker in workers)  # none left running
