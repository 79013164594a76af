"""Bot state that must survive restarts: events already answered, and which talk a digest thread is about.

Kept apart from the corpus tables (ingest never touches them) on its own connection, so
writes here never wait behind a query's read transaction.
"""

from __future__ import annotations

import time
from pathlib import Path

import aiosqlite

from .connection import connect_async

SEEN_EVENTS_KEEP_SECONDS = 24 * 3600  # Slack retries within minutes; a day is plenty


class BotState:
    """Small typed accessors over the bot-state tables."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    @classmethod
    async def open(cls, db_path: Path) -> "BotState":
        """Open the state tables of ``db_path``."""
        return cls(await connect_async(Path(db_path)))

    async def close(self) -> None:
        """Close the connection."""
        await self._conn.close()

    @property
    def connection(self) -> aiosqlite.Connection:
        return self._conn

    async def first_sighting(self, event_id: str, now: float | None = None) -> bool:
        """Record ``event_id``; True only the first time it is seen (Slack re-sends deliveries)."""
        now = time.time() if now is None else now
        cursor = await self._conn.execute(
            "INSERT OR IGNORE INTO seen_events (event_id, seen_at) VALUES (?, ?)", (event_id, now)
        )
        inserted = cursor.rowcount == 1
        await cursor.close()
        if inserted and int(now) % 97 == 0:  # prune now and then, not on every event
            await self._conn.execute("DELETE FROM seen_events WHERE seen_at < ?", (now - SEEN_EVENTS_KEEP_SECONDS,))
        return inserted

    async def digest_thread_talk(self, channel: str, thread_ts: str) -> str | None:
        """The talk of the digest thread ``thread_ts`` in ``channel`` (store.ledger records it when posting)."""
        async with self._conn.execute(
            "SELECT talk_id FROM digest_threads WHERE channel = ? AND thread_ts = ?", (channel, thread_ts)
        ) as cursor:
            row = await cursor.fetchone()
        return row[0] if row else None
