"""The digest ledger: each digest the bot set out to post and each message of it, with Slack's ``ts``.

A digest row is claimed once per (channel, slot); its messages are rendered at claim time and
stored, so whoever completes a half-posted thread later posts exactly the planned messages.
A message is "maybe posted" while ``attempted_at`` is set and ``ts`` is not: the poster must look
at Slack before sending it again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import aiosqlite

from .serial import changed, reading, rows, writing

POSTING, DONE, SKIPPED, ABANDONED = "posting", "done", "skipped", "abandoned"
WEEKLY, NOW, MANUAL = "weekly", "now", "manual"
_DIGEST_COLUMNS = "digest_id, channel, slot, kind, talk_id, status, note, parent_ts, created_at, finished_at"


@dataclass(frozen=True)
class Digest:
    """One digest thread in one channel for one slot."""

    digest_id: int
    channel: str
    slot: str
    kind: str  # WEEKLY, NOW or MANUAL
    talk_id: str
    status: str  # POSTING, DONE, SKIPPED or ABANDONED
    note: str | None
    parent_ts: str | None
    created_at: float
    finished_at: float | None


@dataclass(frozen=True)
class LedgerMessage:
    """One planned message of a digest; ``position`` 0 is the thread's parent."""

    digest_id: int
    position: int
    payload: dict
    attempted_at: float | None
    ts: str | None

    @property
    def maybe_posted(self) -> bool:
        """A request went out but no answer was recorded: Slack may or may not have posted it."""
        return self.ts is None and self.attempted_at is not None


@dataclass(frozen=True)
class DigestSummary:
    """A digest with how many of its messages are confirmed, for listings."""

    digest: Digest
    posted: int
    planned: int


def _digest(row: tuple) -> Digest:
    return Digest(*row)


async def _find(conn: aiosqlite.Connection, channel: str, slot: str) -> Digest | None:
    found = await rows(conn, f"SELECT {_DIGEST_COLUMNS} FROM digests WHERE channel = ? AND slot = ?", (channel, slot))
    return _digest(found[0]) if found else None


async def claim_digest(
    conn: aiosqlite.Connection, channel: str, slot: str, kind: str, talk_id: str, payloads: list[dict], now: float
) -> tuple[Digest, bool]:
    """The digest of (channel, slot), created with its planned messages if new; True when this call created it."""
    async with writing(conn):
        existing = await _find(conn, channel, slot)
        if existing is not None:
            return existing, False
        cursor = await conn.execute(
            "INSERT INTO digests (channel, slot, kind, talk_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (channel, slot, kind, talk_id, POSTING, now),
        )
        digest_id = cursor.lastrowid
        await cursor.close()
        await conn.executemany(
            "INSERT INTO digest_messages (digest_id, position, payload) VALUES (?, ?, ?)",
            [(digest_id, position, json.dumps(payload, ensure_ascii=False)) for position, payload in enumerate(payloads)],
        )
        created = await _find(conn, channel, slot)
    assert created is not None
    return created, True


async def record_skipped(conn: aiosqlite.Connection, channel: str, slot: str, talk_id: str, note: str,
                         now: float) -> bool:
    """Mark a slot as deliberately not posted; True the first time (so it is logged once)."""
    async with writing(conn):
        return await changed(
            conn,
            "INSERT OR IGNORE INTO digests (channel, slot, kind, talk_id, status, note, created_at, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (channel, slot, WEEKLY, talk_id, SKIPPED, note, now, now),
        ) == 1


async def find_digest(conn: aiosqlite.Connection, channel: str, slot: str) -> Digest | None:
    """The digest of (channel, slot), if one was claimed or skipped."""
    async with reading(conn):
        return await _find(conn, channel, slot)


async def unfinished_digests(conn: aiosqlite.Connection, channel: str) -> list[Digest]:
    """Digests of the channel still being posted, oldest first."""
    async with reading(conn):
        found = await rows(
            conn, f"SELECT {_DIGEST_COLUMNS} FROM digests WHERE channel = ? AND status = ? ORDER BY digest_id",
            (channel, POSTING),
        )
    return [_digest(row) for row in found]


async def channels_with_unfinished(conn: aiosqlite.Connection) -> list[str]:
    """Channels that have a half-posted digest."""
    async with reading(conn):
        found = await rows(conn, "SELECT DISTINCT channel FROM digests WHERE status = ? ORDER BY channel", (POSTING,))
    return [row[0] for row in found]


async def digest_messages(conn: aiosqlite.Connection, digest_id: int) -> list[LedgerMessage]:
    """The planned messages of a digest, in posting order."""
    async with reading(conn):
        found = await rows(
            conn, "SELECT digest_id, position, payload, attempted_at, ts FROM digest_messages"
                  " WHERE digest_id = ? ORDER BY position", (digest_id,),
        )
    return [LedgerMessage(d, p, json.loads(payload), attempted, ts) for d, p, payload, attempted, ts in found]


async def mark_attempt(conn: aiosqlite.Connection, digest_id: int, position: int, now: float) -> None:
    """Note that a request for this message is about to go out (committed before it does)."""
    async with writing(conn):
        await changed(conn, "UPDATE digest_messages SET attempted_at = ? WHERE digest_id = ? AND position = ?",
                      (now, digest_id, position))


async def record_posted(conn: aiosqlite.Connection, digest: Digest, position: int, ts: str, now: float) -> None:
    """Record Slack's ``ts`` for a message; the parent's also becomes the digest's thread."""
    async with writing(conn):
        await changed(conn, "UPDATE digest_messages SET ts = ? WHERE digest_id = ? AND position = ?",
                      (ts, digest.digest_id, position))
        if position == 0:
            await changed(conn, "UPDATE digests SET parent_ts = ? WHERE digest_id = ?", (ts, digest.digest_id))
            # So that mentions in the thread answer about its talk (BotState.digest_thread_talk).
            await changed(
                conn, "INSERT OR REPLACE INTO digest_threads (channel, thread_ts, talk_id, posted_at) VALUES (?, ?, ?, ?)",
                (digest.channel, ts, digest.talk_id, now),
            )


async def finish_digest(conn: aiosqlite.Connection, digest_id: int, status: str, now: float,
                        note: str | None = None) -> None:
    """Close a digest as DONE or ABANDONED."""
    async with writing(conn):
        await changed(conn, "UPDATE digests SET status = ?, note = ?, finished_at = ? WHERE digest_id = ?",
                      (status, note, now, digest_id))


async def talk_post_counts(conn: aiosqlite.Connection, channel: str) -> dict[str, int]:
    """How often each talk was posted (or is being posted) in the channel."""
    async with reading(conn):
        found = await rows(
            conn, "SELECT talk_id, count(*) FROM digests WHERE channel = ?"
                  " AND (status IN (?, ?) OR parent_ts IS NOT NULL) GROUP BY talk_id", (channel, POSTING, DONE),
        )
    return {talk_id: count for talk_id, count in found}


async def last_weekly_slot(conn: aiosqlite.Connection, channel: str) -> str | None:
    """The slot of the channel's latest weekly digest that was (or is being) posted."""
    async with reading(conn):
        found = await rows(
            conn, "SELECT max(slot) FROM digests WHERE channel = ? AND kind = ? AND status IN (?, ?)",
            (channel, WEEKLY, POSTING, DONE),
        )
    return found[0][0] if found else None


async def recent_digests(conn: aiosqlite.Connection, limit: int = 20, channel: str | None = None) -> list[DigestSummary]:
    """The latest digests, newest first, with confirmed and planned message counts."""
    where, params = ("WHERE d.channel = ?", [channel]) if channel else ("", [])
    async with reading(conn):
        found = await rows(
            conn,
            f"SELECT {', '.join('d.' + c for c in _DIGEST_COLUMNS.split(', '))},"
            " count(m.ts), count(m.position) FROM digests d LEFT JOIN digest_messages m ON m.digest_id = d.digest_id"
            f" {where} GROUP BY d.digest_id ORDER BY d.created_at DESC, d.digest_id DESC LIMIT ?",
            (*params, limit),
        )
    return [DigestSummary(_digest(row[:10]), row[10], row[11]) for row in found]
