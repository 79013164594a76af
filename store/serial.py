"""One operation at a time per aiosqlite connection, each operation one transaction.

aiosqlite serialises statements but not transactions: two coroutines sharing a connection would
otherwise run statements inside each other's BEGIN ... COMMIT. The digest modules therefore make
every public function one locked unit: a single read, or one write transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import weakref
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

import aiosqlite

_locks: "weakref.WeakKeyDictionary[aiosqlite.Connection, asyncio.Lock]" = weakref.WeakKeyDictionary()


def _lock(conn: aiosqlite.Connection) -> asyncio.Lock:
    lock = _locks.get(conn)
    if lock is None:
        lock = _locks[conn] = asyncio.Lock()
    return lock


@asynccontextmanager
async def reading(conn: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """Exclusive use of ``conn`` for reads (autocommit: each statement sees committed data)."""
    async with _lock(conn):
        yield conn


@asynccontextmanager
async def writing(conn: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """Exclusive use of ``conn`` inside one write transaction, committed on success."""
    async with _lock(conn):
        try:
            # IMMEDIATE takes the write lock up front, so check-then-write is atomic across processes.
            await conn.execute("BEGIN IMMEDIATE")
            yield conn
        except BaseException:
            # Also when cancelled while BEGIN was queued: it still runs on aiosqlite's thread, before this.
            with contextlib.suppress(sqlite3.OperationalError):
                await conn.execute("ROLLBACK")
            raise
        await conn.execute("COMMIT")


async def rows(conn: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> list[tuple]:
    """All rows of one query (call inside ``reading`` or ``writing``)."""
    async with conn.execute(sql, params) as cursor:
        return list(await cursor.fetchall())


async def changed(conn: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> int:
    """Run one statement; the number of rows it changed."""
    cursor = await conn.execute(sql, params)
    count = cursor.rowcount
    await cursor.close()
    return count
