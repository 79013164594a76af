"""A store read is one function on aiosqlite's thread (store/connection.py ``on_connection_thread``): what that
relies on in aiosqlite, and the store's reads through it, on a real SQLite file."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from store import view as view_module
from store.connection import connect_async, on_connection_thread
from store.db import Store
from store.ingest import ingest_sync
from tests.conftest import CORPUS, PALLAS_EXPORT, corpus_without


async def test_work_runs_on_the_connection_s_thread_with_its_connection_after_what_was_queued(tmp_path: Path) -> None:
    conn = await connect_async(tmp_path / "t.db")
    try:
        await conn.execute("CREATE TABLE t (x)")
        await conn.execute("BEGIN")

        def work(db: sqlite3.Connection) -> tuple[int, int, bool]:
            return threading.get_ident(), db.execute("SELECT count(*) FROM t").fetchone()[0], db.in_transaction

        # The INSERT is queued before the work and not awaited first: the work runs after it, in its transaction.
        _, (thread, count, in_transaction) = await asyncio.gather(conn.execute("INSERT INTO t VALUES (1)"),
                                                                  on_connection_thread(conn, work))
        assert thread != threading.get_ident() and count == 1 and in_transaction
        await conn.execute("ROLLBACK")
        db = await on_connection_thread(conn, lambda db: db)
        assert isinstance(db, sqlite3.Connection)
        with pytest.raises(sqlite3.ProgrammingError):  # the event loop's thread cannot use it by mistake
            db.execute("SELECT 1")
    finally:
        await conn.close()


async def test_the_work_s_exception_reaches_the_caller_and_the_connection_keeps_working(tmp_path: Path) -> None:
    conn = await connect_async(tmp_path / "t.db")
    try:
        with pytest.raises(sqlite3.OperationalError, match="no such table"):
            await on_connection_thread(conn, lambda db: db.execute("SELECT * FROM missing"))
        assert await on_connection_thread(conn, lambda db: db.execute("SELECT 41 + 1").fetchone()[0]) == 42
    finally:
        await conn.close()


async def test_a_store_query_is_one_trip_to_the_database_thread(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        await store.find_talks("warm")  # the first read loads the view (more trips, once per generation)
        trips: list[Callable[..., Any]] = []
        real = aiosqlite.Connection._execute

        async def counted(self: aiosqlite.Connection, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            trips.append(fn)
            return await real(self, fn, *args, **kwargs)

        monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
        for question in ("what is the difference between data parallelism and tensor parallelism", "palas", "XLA"):
            for query in (store.define, store.find_talks, store.find_points):
                trips.clear()
                assert await query(question)
                assert len(trips) == 1, (query, question)
        trips.clear()
        talk_id = (await store.find_talks("pallas"))[0].talk_id
        assert (await store.get_talk(talk_id)) is not None and len(trips) == 2
    finally:
        await store.close()


async def test_a_commit_while_the_view_loads_is_loaded_before_the_read(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An ingest commits after the view read its parts and before the read transaction began: the read sees a
    newer generation than the view's, and the view is loaded again first (no answer mixes two corpora)."""
    small = tmp_path / "small"
    small.mkdir()
    shutil.copy(CORPUS / PALLAS_EXPORT, small / PALLAS_EXPORT)
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        assert (await store.define("XLA")).hits[0].talk_count > 1
        loads: list[str | None] = []
        real = view_module._read_parts

        def read_parts(path: Path) -> view_module.Parts:
            parts = real(path)
            loads.append(parts.generation)
            if len(loads) == 1:
                ingest_sync(path, [small])  # another connection, as `talkbot ingest` would
            return parts

        monkeypatch.setattr(view_module, "_read_parts", read_parts)
        ingest_sync(db_path, [corpus_without(PALLAS_EXPORT, tmp_path)])  # a new generation: the next read loads it
        xla = await store.define("XLA")
        assert len(loads) == 2 and loads[0] != loads[1]
        assert [hit.talk_count for hit in xla.hits[:1]] == [1]  # only the Pallas talk is left
        assert {hit.source.file for hit in await store.find_talks("xla", limit=10)} <= {PALLAS_EXPORT}
        assert len(loads) == 2
    finally:
        await store.close()
