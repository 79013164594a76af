"""Opening the database: one place for pragmas and migrations."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

import aiosqlite

from .schema import migrate

T = TypeVar("T")
BUSY_TIMEOUT_MS = 5000
# journal_mode is persistent in the file; the others are per connection.
PRAGMAS = (f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}", "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL")


def connect_sync(db_path: Path) -> sqlite3.Connection:
    """A migrated connection in autocommit mode (callers manage transactions explicitly)."""
    Path(db_path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    try:
        for pragma in PRAGMAS:
            conn.execute(pragma)
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def connect_read_only(db_path: Path, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> sqlite3.Connection:
    """A read-only connection in autocommit mode (no migration: the database exists and a writer migrated it).

    ``busy_timeout_ms`` 0: a read that would wait for a lock fails at once with ``sqlite3.OperationalError``.
    """
    return sqlite3.connect(f"{Path(db_path).resolve().as_uri()}?mode=ro", uri=True, isolation_level=None,
                           check_same_thread=False, timeout=busy_timeout_ms / 1000)


async def connect_async(db_path: Path) -> aiosqlite.Connection:
    """A migrated aiosqlite connection in autocommit mode."""
    await asyncio.to_thread(lambda: connect_sync(db_path).close())
    conn = await aiosqlite.connect(db_path, isolation_level=None)
    try:
        for pragma in PRAGMAS:
            await conn.execute(pragma)
    except BaseException:
        await conn.close()
        raise
    return conn


# A write waits (off its connection, ``WriteLockProbe.wait``) while another connection holds the write lock: polled
# this often, for at most this long (then it waits the busy timeout and may fail, as every write did before).
WRITE_WAIT_POLL_SECONDS = 0.01
WRITE_WAIT_MAX_SECONDS = 120.0


class WriteLockProbe:
    """Whether another connection holds the database's write lock, asked on the event loop without waiting.

    An ingest holds it while it copies a rebuilt corpus in (store/ingest.py: 12 s at 50,000 summaries, past the
    busy timeout), an incremental one for a second or two. A write that waits for it on its own connection (busy
    timeout) holds that connection meanwhile, so the reads queued behind it wait too, and fails after 5 s: the
    bot's writes call ``wait`` first, which waits with the connection free.
    """

    def __init__(self, db_path: Path) -> None:
        self._conn = sqlite3.connect(db_path, isolation_level=None, timeout=0, check_same_thread=False)

    def free(self) -> bool:
        try:
            self._conn.execute("BEGIN IMMEDIATE")  # busy timeout 0: fails at once while another connection writes
        except sqlite3.OperationalError:
            return False
        self._conn.execute("ROLLBACK")
        return True

    async def wait(self) -> None:
        """Until no other connection holds the write lock (at most WRITE_WAIT_MAX_SECONDS)."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + WRITE_WAIT_MAX_SECONDS
        while not self.free() and loop.time() < give_up:
            await asyncio.sleep(WRITE_WAIT_POLL_SECONDS)

    def close(self) -> None:
        self._conn.close()


async def on_connection_thread(conn: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work(db)`` on aiosqlite's thread for ``conn``, ``db`` the sqlite3 connection it wraps, after the statements
    queued before it: a whole read, however many statements, in one trip to that thread (each trip is a queue
    put, a thread wake-up and an event-loop wake-up).

    aiosqlite (0.22) has no public call for this; it is ``Connection._execute`` with ``Connection._conn``, used
    only here. tests/store/test_connection.py fails if either changes.
    """
    return cast(T, await conn._execute(lambda: work(conn._conn)))  # type: ignore[no-untyped-call]
