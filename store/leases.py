"""Leases: a named right to act (post to one channel) held by one holder until it expires.

Taken in a write transaction, so two bot processes on the same database never both hold one;
a holder that dies (kill -9) loses it when it expires.
"""

from __future__ import annotations

import aiosqlite

from .serial import changed, rows, writing


async def acquire_lease(conn: aiosqlite.Connection, name: str, holder: str, now: float, ttl: float) -> bool:
    """Take or extend the lease ``name`` for ``ttl`` seconds; False while someone else holds it."""
    async with writing(conn):
        found = await rows(conn, "SELECT holder, expires_at FROM leases WHERE name = ?", (name,))
        if found and found[0][0] != holder and found[0][1] > now:
            return False
        await changed(conn, "INSERT OR REPLACE INTO leases (name, holder, expires_at) VALUES (?, ?, ?)",
                      (name, holder, now + ttl))
        return True


async def release_lease(conn: aiosqlite.Connection, name: str, holder: str) -> None:
    """Give the lease up, if ``holder`` still has it."""
    async with writing(conn):
        await changed(conn, "DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))
