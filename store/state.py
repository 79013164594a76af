"""The bot's own state, behind one owner: ``BotState``.

Subscriptions, channels the bot introduced itself in, the digest ledger (each digest the bot set
out to post, and each of its messages with Slack's ``ts``), leases between bot processes, events
already answered and the talk of each digest thread. The corpus tables are ``Store``'s; ingest never touches these.

``BotState`` keeps one connection and one lock per instance: every public method is one locked
unit, a single read or one write transaction (aiosqlite serialises statements, not transactions,
so two coroutines sharing a connection would otherwise run statements inside each other's
BEGIN ... COMMIT). Nothing outside ``store/`` sees the connection. This class is also the seam for
another database serving several replicas one day: keep its methods few, typed and
transaction-shaped.

Every row of state records the Slack workspace it belongs to (``Workspace``: ``team_id``, and
``enterprise_id`` on Enterprise Grid), so one database can later serve an org-wide or
multi-workspace install without changing what a row means. ``team_id`` "" means "not known"
(rows from before schema 5, and ``talkbot digest --now`` for a channel without a subscription).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time as clock
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import aiosqlite

from .connection import WriteLockProbe, connect_async, connect_read_only
from .usage import Purged, Question, Vote, VoteChange

log = logging.getLogger(__name__)
SEEN_EVENTS_KEEP_SECONDS = 24 * 3600  # Slack retries within minutes; a day is plenty
SIGHTINGS_PER_STATEMENT = 500  # event ids in one INSERT: 2,000 parameters, well under SQLite's 32,766
REMEMBERED_SQL = "SELECT 1 FROM seen_events WHERE event_id = ?"
THREAD_TOPICS_KEEP_SECONDS = 30 * 24 * 3600  # follow-ups come within days; a month is generous

# Ledger statuses of a digest (the digests.status column).
POSTING, DONE, SKIPPED, ABANDONED = "posting", "done", "skipped", "abandoned"
# Kinds of digest (the digests.kind column): a weekly slot, `talkbot digest --now`, `/digest TALK`, and the
# weekly curator report (issue 15), which goes through the same ledger under the slot key ``report_slot_key``.
WEEKLY, NOW, MANUAL, REPORT = "weekly", "now", "manual", "report"


@dataclass(frozen=True)
class Workspace:
    """The Slack workspace a piece of state belongs to; ``enterprise_id`` only on Enterprise Grid."""

    team_id: str = ""
    enterprise_id: str | None = None


UNKNOWN_WORKSPACE = Workspace()


# -- records -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ThreadTopic:
    """What the bot last answered in a thread (or a DM): the talk and the asked-about words, for follow-ups."""

    talk_id: str | None
    subject: str
    shape: str  # handlers.questions.Shape value
    language: str  # "en" or "de"
    shown: int = 0  # key points shown so far, where "more" continues


WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@dataclass(frozen=True)
class Subscription:
    """A channel's weekly digest: when (local wall-clock time in ``timezone``) and which talks.

    A slot is the local wall-clock time turned into a UTC instant with zoneinfo for that very date,
    so Monday 09:00 Europe/Berlin is 08:00 UTC in winter and 07:00 UTC in summer. A time that does
    not exist on a spring-forward day is read with the offset before the change (02:30 becomes
    03:30 summer time); a repeated one is its first occurrence.
    """

    channel: str
    weekday: int  # 0 = Monday
    minute_of_day: int
    timezone: str
    tag: str | None = None
    query: str | None = None
    paused: bool = False
    paused_reason: str | None = None
    active_since: float = 0.0  # unix time; earlier slots are never posted
    created_by: str | None = None
    updated_at: float = 0.0
    workspace: Workspace = field(default=UNKNOWN_WORKSPACE)

    @property
    def hour(self) -> int:
        return self.minute_of_day // 60

    @property
    def minute(self) -> int:
        return self.minute_of_day % 60

    def _slot_on(self, day: date) -> datetime:
        local = datetime.combine(day, time(self.hour, self.minute), tzinfo=ZoneInfo(self.timezone))
        return local.astimezone(timezone.utc)

    def latest_slot(self, now: datetime) -> datetime:
        """The schedule's most recent slot at or before ``now`` (UTC)."""
        local_today = now.astimezone(ZoneInfo(self.timezone)).date()
        day = local_today - timedelta(days=(local_today.weekday() - self.weekday) % 7)
        slot = self._slot_on(day)
        return slot if slot <= now else self._slot_on(day - timedelta(days=7))

    def next_slot(self, now: datetime) -> datetime:
        """The schedule's first slot after ``now`` that is not before the subscription became active (UTC)."""
        day = self.latest_slot(now).astimezone(ZoneInfo(self.timezone)).date()
        slot = self._slot_on(day + timedelta(days=7))
        while slot.timestamp() < self.active_since:
            day += timedelta(days=7)
            slot = self._slot_on(day + timedelta(days=7))
        return slot


def slot_key(slot: datetime) -> str:
    """The ledger key of a weekly slot: its UTC instant in ISO form (sorts in time order)."""
    return slot.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%MZ")


def slot_instant(key: str) -> datetime:
    """The UTC instant of a weekly slot key (``slot_key`` read back)."""
    return datetime.strptime(key, "%Y-%m-%dT%H:%MZ").replace(tzinfo=timezone.utc)


def report_slot_key(slot: datetime) -> str:
    """The ledger key of a weekly curator report's slot (distinct from a digest's slot in the same channel)."""
    return f"{REPORT}:{slot_key(slot)}"


def manual_slot_key(kind: str, request_id: str) -> str:
    """The ledger key of a digest someone asked for: the same request never posts twice."""
    return f"{kind}:{request_id}"


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
    workspace: Workspace = field(default=UNKNOWN_WORKSPACE)


@dataclass(frozen=True)
class LedgerMessage:
    """One planned message of a digest; ``position`` 0 is the thread's parent."""

    digest_id: int
    position: int
    payload: dict[str, Any]
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


_SUBSCRIPTION_COLUMNS = (
    "channel, weekday, minute_of_day, timezone, tag, query, paused, paused_reason, active_since, created_by,"
    " updated_at, team_id, enterprise_id"
)
_DIGEST_COLUMNS = (
    "digest_id, channel, slot, kind, talk_id, status, note, parent_ts, created_at, finished_at, team_id, enterprise_id"
)
_DIGEST_COLUMN_COUNT = len(_DIGEST_COLUMNS.split(", "))


def _subscription(row: Sequence[Any]) -> Subscription:
    (channel, weekday, minute_of_day, zone, tag, query, paused, reason, active_since, created_by, updated_at,
     team_id, enterprise_id) = row
    return Subscription(channel, weekday, minute_of_day, zone, tag, query, bool(paused), reason, active_since,
                        created_by, updated_at, Workspace(team_id, enterprise_id))


def _digest(row: Sequence[Any]) -> Digest:
    (digest_id, channel, slot, kind, talk_id, status, note, parent_ts, created_at, finished_at, team_id,
     enterprise_id) = row
    return Digest(digest_id, channel, slot, kind, talk_id, status, note, parent_ts, created_at, finished_at,
                  Workspace(team_id, enterprise_id))


# -- the owner -----------------------------------------------------------------------------


STATE_PAGE_CACHE_KIB = 256


def _sighting_reader(db_path: Path) -> sqlite3.Connection:
    """The read-only connection ``first_sighting`` reads on the event loop: never waits, a small page cache."""
    reader = connect_read_only(db_path, busy_timeout_ms=0)
    reader.execute(f"PRAGMA cache_size = -{STATE_PAGE_CACHE_KIB}")
    return reader


class BotState:
    """The bot's state tables behind one connection and one lock; each method is one transaction."""

    def __init__(self, conn: aiosqlite.Connection, sighting_reader: sqlite3.Connection | None = None,
                 write_probe: WriteLockProbe | None = None) -> None:
        self._conn = conn
        # Asked before each write whether another connection writes (then it waits with the connection free); None:
        # writes wait for the lock on the connection (busy timeout), and reads wait behind them.
        self._write_probe = write_probe
        # Whether an event id is remembered, read on the event loop itself (one primary-key row); None: every
        # first_sighting waits for its INSERT through the connection, as the reads and writes of the state do.
        self._sighting_reader = sighting_reader
        self._lock = asyncio.Lock()
        # Thread topics remembered since the last write transaction, by (channel, thread_ts): written with the
        # next one (``_writing``: the recorder's batch of questions follows every answer) or at close.
        self._unwritten_topics: dict[tuple[str, str], tuple[Any, ...]] = {}
        self._sightings: list[tuple[str, float, Workspace, asyncio.Future[bool] | None]] = []  # their INSERTs' queue
        self._unwritten_sightings: set[str] = set()  # event ids seen whose INSERT is queued or running
        self._sighting_writer: asyncio.Future[None] | None = None

    @classmethod
    async def open(cls, db_path: Path) -> BotState:
        """Open (and migrate) the state tables of ``db_path``."""
        conn = await connect_async(Path(db_path))
        # Bot state is a few hot rows (the newest event ids, a channel's digests): a small page cache
        # holds them. SQLite's default of 2 MB filled up slowly with event ids over a soak (BENCHMARKS.md §3).
        await conn.execute(f"PRAGMA cache_size = -{STATE_PAGE_CACHE_KIB}")
        # Deleted rows about people (purges, forget me) are overwritten, not left in free pages that a
        # later backup (SQLite's backup API copies pages) would carry along.
        await conn.execute("PRAGMA secure_delete = ON")
        try:
            # One trip to a worker thread, not two (a second may start another worker: see Store.open)
            reader, probe = await asyncio.to_thread(
                lambda: (_sighting_reader(Path(db_path)), WriteLockProbe(Path(db_path))))
        except BaseException:
            await conn.close()
            raise
        return cls(conn, reader, probe)

    async def close(self) -> None:
        """Write the event ids and thread topics not written yet, then close the connections (a no-op when closed)."""
        try:
            if self._sighting_writer is not None and not self._sighting_writer.done():
                await self._sighting_writer  # answers the event ids still queued
            if self._unwritten_topics:
                async with self._writing():
                    pass  # _writing writes them
        finally:
            for connection in (self._sighting_reader, self._write_probe):
                if connection is not None:
                    connection.close()
            await self._conn.close()

    async def __aenter__(self) -> BotState:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # -- transactions ----------------------------------------------------------------------

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[None]:
        """Exclusive use of the connection for reads (autocommit: each statement sees committed data)."""
        async with self._lock:
            yield

    @asynccontextmanager
    async def _write_turn(self) -> AsyncIterator[None]:
        """The lock, at a moment no other connection holds the database's write lock.

        Every write of this state holds the lock, so a probe asked while holding it can only find another
        connection's write lock (an ingest's copy): that is waited out with the lock let go, so reads go on. A
        probe asked before taking the lock would also find this connection's own write in progress and wait a
        poll interval for nothing, on nearly every write of a busy bot.
        """
        while True:
            await self._lock.acquire()
            if self._write_probe is None or self._write_probe.free():
                break
            self._lock.release()
            await self._write_probe.wait()
        try:
            yield
        finally:
            self._lock.release()

    @asynccontextmanager
    async def _writing_one(self) -> AsyncIterator[None]:
        """Exclusive use of the connection for one write statement in autocommit (its own transaction)."""
        async with self._write_turn():
            yield

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[None]:
        """Exclusive use of the connection inside one write transaction, committed on success."""
        async with self._write_turn():
            try:
                # IMMEDIATE takes the write lock up front, so check-then-write is atomic across processes.
                await self._conn.execute("BEGIN IMMEDIATE")
                written = await self._write_topics()
                yield
            except BaseException:
                # Also when cancelled while BEGIN was queued: it still runs on aiosqlite's thread, before this.
                with contextlib.suppress(sqlite3.OperationalError):
                    await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")
            for key, row in written.items():  # what was remembered again meanwhile stays for the next one
                if self._unwritten_topics.get(key) is row:
                    del self._unwritten_topics[key]

    async def _rows(self, sql: str, params: Sequence[object] = ()) -> list[Any]:
        """All rows of one query (inside ``_reading`` or ``_writing``), in one trip to the connection's thread (a cursor
        is three: execute, fetch, close; ~0.07 ms of CPU each, and each answer reads its thread's topic)."""
        return list(await self._conn.execute_fetchall(sql, params))

    async def _changed(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run one statement (inside ``_reading`` or ``_writing``); the number of rows it changed."""
        cursor = await self._conn.execute(sql, params)
        count = cursor.rowcount
        await cursor.close()
        return count

    # -- events already answered -----------------------------------------------------------

    async def first_sighting(self, event_id: str, workspace: Workspace = UNKNOWN_WORKSPACE,
                             now: float | None = None) -> bool:
        """Record ``event_id``; True only the first time it is seen (Slack re-sends deliveries).

        Every event waits for this before its ack, so it decides without waiting for the connection: an id is
        seen before when its INSERT is still queued, or when the table holds it (read on the event loop with
        a read-only connection: one primary-key row). Waiting for its own INSERT, a mention's ack waited for
        whatever held the connection (the recorder's transactions, other INSERTs; BENCHMARKS.md §17-18).
        The INSERTs of ids that arrive meanwhile are written together, in one statement, when the connection
        is free; ``sightings_written`` waits for them. Only when that read would wait for a lock (a
        checkpoint) does the caller wait for the INSERT's verdict, as before.
        """
        now = clock.time() if now is None else now
        if event_id in self._unwritten_sightings:
            return False
        remembered = self._remembered(event_id)
        if remembered:
            return False
        self._unwritten_sightings.add(event_id)
        seen = None if remembered is False else asyncio.get_running_loop().create_future()
        self._sightings.append((event_id, now, workspace, seen))
        if self._sighting_writer is None or self._sighting_writer.done():
            self._sighting_writer = asyncio.ensure_future(self._write_sightings())
        return True if seen is None else await seen

    async def sightings_written(self) -> None:
        """Wait until the event ids seen so far are written (close does too)."""
        while self._sighting_writer is not None and not self._sighting_writer.done():
            await asyncio.shield(self._sighting_writer)

    def _remembered(self, event_id: str) -> bool | None:
        """Whether the table holds ``event_id``; None when there is no reader or the read would wait for a lock."""
        if self._sighting_reader is None:
            return None
        try:
            # fetchall: the statement runs to its end, so no read transaction stays open to hold back checkpoints.
            return bool(self._sighting_reader.execute(REMEMBERED_SQL, (event_id,)).fetchall())
        except sqlite3.OperationalError:  # busy: let the INSERT decide, through the connection
            return None

    async def _write_sightings(self) -> None:
        """Write every event id queued by ``first_sighting`` (those arriving meanwhile too); answer those who wait."""
        while self._sightings:
            async with self._writing_one():
                group = self._sightings[:SIGHTINGS_PER_STATEMENT]
                del self._sightings[:SIGHTINGS_PER_STATEMENT]
                try:
                    inserted = {row[0] for row in await self._conn.execute_fetchall(
                        "INSERT OR IGNORE INTO seen_events (event_id, seen_at, team_id, enterprise_id) VALUES "
                        + ", ".join(["(?, ?, ?, ?)"] * len(group)) + " RETURNING event_id",  # inserted rows only
                        [value for event_id, now, workspace, _ in group
                         for value in (event_id, now, workspace.team_id, workspace.enterprise_id)],
                    )}
                    latest = max(now for _, now, _, _ in group)
                    if inserted and int(latest) % 97 == 0:  # prune now and then, not on every event
                        await self._changed("DELETE FROM seen_events WHERE seen_at < ?",
                                            (latest - SEEN_EVENTS_KEEP_SECONDS,))
                except Exception as error:  # noqa: BLE001 - a waiting caller gets the failure; the others are acked
                    log.warning("event ids not remembered count=%d error=%s", len(group), type(error).__name__)
                    for event_id, _, _, seen in group:
                        self._unwritten_sightings.discard(event_id)
                        if seen is not None and not seen.done():
                            seen.set_exception(error)
                    continue
            for event_id, _, _, seen in group:
                self._unwritten_sightings.discard(event_id)
                if seen is not None and not seen.done():  # its caller may have gone (a cancelled request)
                    seen.set_result(event_id in inserted)

    # -- introductions ---------------------------------------------------------------------

    async def claim_introduction(self, channel: str, workspace: Workspace = UNKNOWN_WORKSPACE,
                                 now: float | None = None) -> bool:
        """Record that the bot introduces itself in ``channel``; True only the first time (also across restarts)."""
        now = clock.time() if now is None else now
        async with self._writing_one():
            return await self._changed(
                "INSERT OR IGNORE INTO introductions (channel, introduced_at, team_id, enterprise_id)"
                " VALUES (?, ?, ?, ?)",
                (channel, now, workspace.team_id, workspace.enterprise_id),
            ) == 1

    async def forget_introduction(self, channel: str) -> None:
        """Undo ``claim_introduction`` when the message did not go out, so the next join tries again."""
        async with self._writing_one():
            await self._changed("DELETE FROM introductions WHERE channel = ?", (channel,))

    # -- digest threads --------------------------------------------------------------------

    async def record_digest_thread(self, channel: str, thread_ts: str, talk_id: str, now: float,
                                   workspace: Workspace = UNKNOWN_WORKSPACE) -> None:
        """Remember that the thread ``thread_ts`` in ``channel`` is a digest of ``talk_id``."""
        async with self._writing():
            await self._save_digest_thread(channel, thread_ts, talk_id, now, workspace)

    async def _save_digest_thread(self, channel: str, thread_ts: str, talk_id: str, now: float,
                                  workspace: Workspace) -> None:
        await self._changed(
            "INSERT OR REPLACE INTO digest_threads (channel, thread_ts, talk_id, posted_at, team_id, enterprise_id)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (channel, thread_ts, talk_id, now, workspace.team_id, workspace.enterprise_id),
        )

    async def digest_thread_talk(self, channel: str, thread_ts: str) -> str | None:
        """The talk of the digest thread ``thread_ts`` in ``channel`` (recorded when its parent was posted)."""
        async with self._reading():
            found = await self._rows(
                "SELECT talk_id FROM digest_threads WHERE channel = ? AND thread_ts = ?", (channel, thread_ts)
            )
        return found[0][0] if found else None

    # -- thread topics ---------------------------------------------------------------------

    async def thread_topic(self, channel: str, thread_ts: str) -> ThreadTopic | None:
        """What the bot last answered in this thread ('' for a DM's main conversation); for a digest thread the
        bot has not answered in yet, its talk."""
        if (row := self._unwritten_topics.get((channel, thread_ts))) is not None:
            return ThreadTopic(*row[2:7])
        async with self._reading():  # one statement: a thread the bot answered in, else a digest thread's talk
            found = await self._rows(
                "SELECT 0 AS first, talk_id, subject, shape, language, shown FROM thread_topics"
                " WHERE channel = ? AND thread_ts = ?"
                " UNION ALL SELECT 1, talk_id, '', 'summary', 'en', 0 FROM digest_threads"
                " WHERE channel = ? AND thread_ts = ? AND thread_ts != '' ORDER BY first LIMIT 1",
                (channel, thread_ts, channel, thread_ts),
            )
        if not found:
            return None
        _, talk_id, subject, shape, language, shown = found[0]
        return ThreadTopic(talk_id, subject, shape, language, int(shown))

    async def remember_thread_topic(self, channel: str, thread_ts: str, topic: ThreadTopic,
                                    workspace: Workspace = UNKNOWN_WORKSPACE, now: float | None = None) -> None:
        """Keep ``topic`` as what this thread is about now: ``thread_topic`` answers with it at once, the database
        gets it with the next write transaction (the recorder's, which follows every answered question) or at
        close. Not a commit of its own per answer: each also sent the next cached answer to the database to
        re-check the corpus generation (BENCHMARKS.md §15)."""
        now = clock.time() if now is None else now
        self._unwritten_topics[(channel, thread_ts)] = (
            channel, thread_ts, topic.talk_id, topic.subject[:300], topic.shape, topic.language, topic.shown,
            now, workspace.team_id, workspace.enterprise_id)

    async def _write_topics(self) -> dict[tuple[str, str], tuple[Any, ...]]:
        """Write the thread topics remembered since the last write (inside ``_writing``); what was written."""
        if not self._unwritten_topics:
            return {}
        written = dict(self._unwritten_topics)
        await self._conn.executemany(
            "INSERT OR REPLACE INTO thread_topics (channel, thread_ts, talk_id, subject, shape, language, shown,"
            " updated_at, team_id, enterprise_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", list(written.values()))
        now = max(row[7] for row in written.values())
        if int(now) % 89 == 0:  # prune now and then, not on every write
            await self._changed("DELETE FROM thread_topics WHERE updated_at < ?", (now - THREAD_TOPICS_KEEP_SECONDS,))
        return written

    # -- subscriptions ---------------------------------------------------------------------

    async def save_subscription(self, subscription: Subscription) -> None:
        """Create or replace the channel's subscription."""
        s = subscription
        async with self._writing():
            await self._changed(
                f"INSERT OR REPLACE INTO subscriptions ({_SUBSCRIPTION_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (s.channel, s.weekday, s.minute_of_day, s.timezone, s.tag, s.query, int(s.paused), s.paused_reason,
                 s.active_since, s.created_by, s.updated_at, s.workspace.team_id, s.workspace.enterprise_id),
            )

    async def digest_by_parent(self, channel: str, parent_ts: str) -> Digest | None:
        """The digest whose thread parent is ``parent_ts`` in ``channel`` (reactions on it are votes); not reports."""
        async with self._reading():
            found = await self._rows(
                f"SELECT {_DIGEST_COLUMNS} FROM digests WHERE channel = ? AND parent_ts = ? AND kind != ?",
                (channel, parent_ts, REPORT))
        return _digest(found[0]) if found else None

    async def get_subscription(self, channel: str) -> Subscription | None:
        """The channel's subscription, if any."""
        async with self._reading():
            found = await self._rows(f"SELECT {_SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE channel = ?", (channel,))
        return _subscription(found[0]) if found else None

    async def list_subscriptions(self) -> list[Subscription]:
        """Every subscription, by channel."""
        async with self._reading():
            found = await self._rows(f"SELECT {_SUBSCRIPTION_COLUMNS} FROM subscriptions ORDER BY channel")
        return [_subscription(row) for row in found]

    async def delete_subscription(self, channel: str) -> bool:
        """Remove the channel's subscription; False when there was none."""
        async with self._writing():
            return await self._changed("DELETE FROM subscriptions WHERE channel = ?", (channel,)) == 1

    async def pause_subscription(self, channel: str, reason: str, now: float) -> bool:
        """Stop posting to the channel until it is resumed; False when it has no subscription."""
        async with self._writing():
            return await self._changed(
                "UPDATE subscriptions SET paused = 1, paused_reason = ?, updated_at = ? WHERE channel = ?",
                (reason, now, channel),
            ) == 1

    async def pause_all_subscriptions(self, reason: str, now: float) -> list[str]:
        """Pause every active subscription (the workspace took the bot's access away); returns their channels."""
        async with self._writing():
            channels = [row[0] for row in await self._rows("SELECT channel FROM subscriptions WHERE paused = 0")]
            sql = "UPDATE subscriptions SET paused = 1, paused_reason = ?, updated_at = ? WHERE paused = 0"
            await self._changed(sql, (reason, now))
            return channels

    async def resume_subscription(self, channel: str, now: float) -> bool:
        """Post again from the next slot on (slots missed while paused are not made up); False if not paused."""
        async with self._writing():
            return await self._changed(
                "UPDATE subscriptions SET paused = 0, paused_reason = NULL, active_since = ?, updated_at = ?"
                " WHERE channel = ? AND paused = 1",
                (now, now, channel),
            ) == 1

    # -- the digest ledger -----------------------------------------------------------------
    # A digest row is claimed once per (channel, slot); its messages are rendered at claim time and
    # stored, so whoever completes a half-posted thread later posts exactly the planned messages.

    async def _find(self, channel: str, slot: str) -> Digest | None:
        found = await self._rows(f"SELECT {_DIGEST_COLUMNS} FROM digests WHERE channel = ? AND slot = ?",
                                 (channel, slot))
        return _digest(found[0]) if found else None

    async def claim_digest(self, channel: str, slot: str, kind: str, talk_id: str, payloads: list[dict[str, Any]],
                           now: float, workspace: Workspace = UNKNOWN_WORKSPACE) -> tuple[Digest, bool]:
        """The digest of (channel, slot), created with its planned messages if new; True when this call created it."""
        async with self._writing():
            existing = await self._find(channel, slot)
            if existing is not None:
                return existing, False
            cursor = await self._conn.execute(
                "INSERT INTO digests (channel, slot, kind, talk_id, status, created_at, team_id, enterprise_id)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (channel, slot, kind, talk_id, POSTING, now, workspace.team_id, workspace.enterprise_id),
            )
            digest_id = cursor.lastrowid
            await cursor.close()
            await self._conn.executemany(
                "INSERT INTO digest_messages (digest_id, position, payload) VALUES (?, ?, ?)",
                [(digest_id, position, json.dumps(payload, ensure_ascii=False))
                 for position, payload in enumerate(payloads)],
            )
            created = await self._find(channel, slot)
        assert created is not None
        return created, True

    async def record_skipped(self, channel: str, slot: str, talk_id: str, note: str, now: float,
                             workspace: Workspace = UNKNOWN_WORKSPACE, kind: str = WEEKLY) -> bool:
        """Mark a weekly slot as deliberately not posted; True the first time (so it is logged once)."""
        async with self._writing():
            return await self._changed(
                "INSERT OR IGNORE INTO digests (channel, slot, kind, talk_id, status, note, created_at, finished_at,"
                " team_id, enterprise_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (channel, slot, kind, talk_id, SKIPPED, note, now, now, workspace.team_id, workspace.enterprise_id),
            ) == 1

    async def find_digest(self, channel: str, slot: str) -> Digest | None:
        """The digest of (channel, slot), if one was claimed or skipped."""
        async with self._reading():
            return await self._find(channel, slot)

    async def unfinished_digests(self, channel: str) -> list[Digest]:
        """Digests of the channel still being posted, oldest first."""
        async with self._reading():
            found = await self._rows(
                f"SELECT {_DIGEST_COLUMNS} FROM digests WHERE channel = ? AND status = ? ORDER BY digest_id",
                (channel, POSTING),
            )
        return [_digest(row) for row in found]

    async def channels_with_unfinished(self) -> list[str]:
        """Channels that have a half-posted digest."""
        async with self._reading():
            found = await self._rows("SELECT DISTINCT channel FROM digests WHERE status = ? ORDER BY channel",
                                     (POSTING,))
        return [row[0] for row in found]

    async def digest_messages(self, digest_id: int) -> list[LedgerMessage]:
        """The planned messages of a digest, in posting order."""
        async with self._reading():
            found = await self._rows(
                "SELECT digest_id, position, payload, attempted_at, ts FROM digest_messages"
                " WHERE digest_id = ? ORDER BY position", (digest_id,),
            )
        return [LedgerMessage(d, p, json.loads(payload), attempted, ts) for d, p, payload, attempted, ts in found]

    async def mark_attempt(self, digest_id: int, position: int, now: float) -> None:
        """Note that a request for this message is about to go out (committed before it does)."""
        async with self._writing():
            await self._changed("UPDATE digest_messages SET attempted_at = ? WHERE digest_id = ? AND position = ?",
                                (now, digest_id, position))

    async def record_posted(self, digest: Digest, position: int, ts: str, now: float) -> None:
        """Record Slack's ``ts`` for a message; the parent's also becomes the digest's thread."""
        async with self._writing():
            await self._changed("UPDATE digest_messages SET ts = ? WHERE digest_id = ? AND position = ?",
                                (ts, digest.digest_id, position))
            if position == 0:
                await self._changed("UPDATE digests SET parent_ts = ? WHERE digest_id = ?", (ts, digest.digest_id))
                # So that mentions in the thread answer about its talk (digest_thread_talk).
                await self._save_digest_thread(digest.channel, ts, digest.talk_id, now, digest.workspace)

    async def finish_digest(self, digest_id: int, status: str, now: float, note: str | None = None) -> None:
        """Close a digest as DONE or ABANDONED."""
        async with self._writing():
            await self._changed("UPDATE digests SET status = ?, note = ?, finished_at = ? WHERE digest_id = ?",
                                (status, note, now, digest_id))

    async def talk_post_counts(self, channel: str) -> dict[str, int]:
        """How often each talk was posted (or is being posted) in the channel."""
        async with self._reading():
            found = await self._rows(
                "SELECT talk_id, count(*) FROM digests WHERE channel = ?"
                " AND (status IN (?, ?) OR parent_ts IS NOT NULL) GROUP BY talk_id", (channel, POSTING, DONE),
            )
        return {talk_id: count for talk_id, count in found}

    async def last_weekly_slot(self, channel: str) -> datetime | None:
        """The slot of the channel's latest weekly digest that was (or is being) posted."""
        async with self._reading():
            found = await self._rows(
                "SELECT max(slot) FROM digests WHERE channel = ? AND kind = ? AND status IN (?, ?)",
                (channel, WEEKLY, POSTING, DONE),
            )
        return slot_instant(found[0][0]) if found and found[0][0] else None

    async def recent_digests(self, limit: int = 20, channel: str | None = None) -> list[DigestSummary]:
        """The latest digests, newest first, with confirmed and planned message counts."""
        where, params = ("WHERE d.channel = ?", [channel]) if channel else ("", [])
        async with self._reading():
            found = await self._rows(
                f"SELECT {', '.join('d.' + c for c in _DIGEST_COLUMNS.split(', '))},"
                " count(m.ts), count(m.position) FROM digests d LEFT JOIN digest_messages m"
                f" ON m.digest_id = d.digest_id {where} GROUP BY d.digest_id"
                " ORDER BY d.created_at DESC, d.digest_id DESC LIMIT ?",
                (*params, limit),
            )
        n = _DIGEST_COLUMN_COUNT
        return [DigestSummary(_digest(row[:n]), row[n], row[n + 1]) for row in found]

    # -- leases ----------------------------------------------------------------------------
    # A named right to act (post to one channel) held by one holder until it expires: taken in a
    # write transaction, so two bot processes never both hold one; a holder that dies (kill -9)
    # loses it when it expires. Leases coordinate processes and belong to no workspace.

    async def acquire_lease(self, name: str, holder: str, now: float, ttl: float, *,
                            holder_gone: Callable[[str], bool] | None = None) -> bool:
        """Take or extend the lease ``name`` for ``ttl`` seconds; False while someone else holds it.

        ``holder_gone(other)`` says whether another holder is known to be dead (a killed process on this
        host): its lease is taken over at once instead of after it expires. Asked inside the write
        transaction, so two processes cannot both take over the same dead holder's lease.
        """
        async with self._writing():
            found = await self._rows("SELECT holder, expires_at FROM leases WHERE name = ?", (name,))
            if found and found[0][0] != holder and found[0][1] > now:
                if holder_gone is None or not holder_gone(found[0][0]):
                    return False
            await self._changed("INSERT OR REPLACE INTO leases (name, holder, expires_at) VALUES (?, ?, ?)",
                                (name, holder, now + ttl))
            return True

    async def lease_holder(self, name: str) -> tuple[str, float] | None:
        """Who holds the lease ``name`` and until when (it may have expired), or None."""
        async with self._reading():
            found = await self._rows("SELECT holder, expires_at FROM leases WHERE name = ?", (name,))
        return (str(found[0][0]), float(found[0][1])) if found else None

    async def release_lease(self, name: str, holder: str) -> None:
        """Give the lease up, if ``holder`` still has it."""
        async with self._writing():
            await self._changed("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

    # -- weekly curator reports (schedules like subscriptions; posted through the digest ledger) ----

    async def save_report_subscription(self, subscription: Subscription) -> None:
        """Create or replace the channel's weekly curator report (``tag``/``query`` unused)."""
        s = subscription
        async with self._writing():
            await self._changed(
                f"INSERT OR REPLACE INTO report_subscriptions ({_SUBSCRIPTION_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (s.channel, s.weekday, s.minute_of_day, s.timezone, None, None, int(s.paused), s.paused_reason,
                 s.active_since, s.created_by, s.updated_at, s.workspace.team_id, s.workspace.enterprise_id),
            )

    async def get_report_subscription(self, channel: str) -> Subscription | None:
        async with self._reading():
            found = await self._rows(f"SELECT {_SUBSCRIPTION_COLUMNS} FROM report_subscriptions WHERE channel = ?",
                                     (channel,))
        return _subscription(found[0]) if found else None

    async def list_report_subscriptions(self) -> list[Subscription]:
        async with self._reading():
            found = await self._rows(f"SELECT {_SUBSCRIPTION_COLUMNS} FROM report_subscriptions ORDER BY channel")
        return [_subscription(row) for row in found]

    async def delete_report_subscription(self, channel: str) -> bool:
        async with self._writing():
            return await self._changed("DELETE FROM report_subscriptions WHERE channel = ?", (channel,)) == 1

    async def pause_report_subscription(self, channel: str, reason: str, now: float) -> bool:
        async with self._writing():
            return await self._changed(
                "UPDATE report_subscriptions SET paused = 1, paused_reason = ?, updated_at = ? WHERE channel = ?",
                (reason, now, channel),
            ) == 1

    async def last_report_slot(self, channel: str) -> str | None:
        """The key of the channel's latest report that was (or is being) posted."""
        async with self._reading():
            found = await self._rows(
                "SELECT max(slot) FROM digests WHERE channel = ? AND kind = ? AND status IN (?, ?)",
                (channel, REPORT, POSTING, DONE),
            )
        return found[0][0] if found and found[0][0] else None

    # -- questions and votes (people's data: retention, forget me, uninstall) -------------

    async def record_question(self, q: Question) -> None:
        """Keep one asked question (after its answer went out)."""
        await self.record_questions([q])

    async def record_questions(self, questions: Sequence[Question]) -> None:
        """Keep asked questions (after their answers went out): one transaction for all of them."""
        sql = f"INSERT OR REPLACE INTO questions ({_QUESTION_COLUMNS}) VALUES ({', '.join('?' * 16)})"
        rows = [(q.ref, q.asked_at, q.user_id, q.channel, q.thread_ts, q.visibility, q.via, q.text, q.normalized,
                 int(q.answered), q.shape, json.dumps(list(q.terms)), json.dumps(list(q.talks)), q.message_ts,
                 q.team_id, q.enterprise_id) for q in questions]
        if len(rows) == 1 and not self._unwritten_topics:
            async with self._writing_one():
                await self._changed(sql, rows[0])
        elif rows or self._unwritten_topics:
            async with self._writing():  # with the thread topics remembered since the last write
                if rows:
                    await self._conn.executemany(sql, rows)

    async def question(self, ref: str) -> Question | None:
        """The recorded question ``ref`` (None: never recorded, purged or forgotten)."""
        async with self._reading():
            found = await self._rows(f"SELECT {_QUESTION_COLUMNS} FROM questions WHERE ref = ?", (ref,))
        return _question(found[0]) if found else None

    async def question_answered_by(self, channel: str, message_ts: str) -> Question | None:
        """The question whose public answer is the message ``message_ts`` in ``channel``."""
        async with self._reading():
            found = await self._rows(
                f"SELECT {_QUESTION_COLUMNS} FROM questions WHERE channel = ? AND message_ts = ?", (channel, message_ts)
            )
        return _question(found[0]) if found else None

    async def recent_questions(self, user_id: str, limit: int = 5) -> list[Question]:
        """A person's own latest questions, newest first (their App Home and ``/talkbot stats``)."""
        async with self._reading():
            found = await self._rows(
                f"SELECT {_QUESTION_COLUMNS} FROM questions WHERE user_id = ? ORDER BY asked_at DESC LIMIT ?",
                (user_id, limit),
            )
        return [_question(row) for row in found]

    async def questions_since(self, since: float) -> list[Question]:
        """Every question asked at or after ``since`` (for stats, gaps and reports), oldest first."""
        async with self._reading():
            found = await self._rows(
                f"SELECT {_QUESTION_COLUMNS} FROM questions WHERE asked_at >= ? ORDER BY asked_at", (since,)
            )
        return [_question(row) for row in found]

    async def talks_asked_about(self) -> set[str]:
        """Talk ids any kept question's answer showed."""
        async with self._reading():
            found = await self._rows("SELECT DISTINCT talks FROM questions WHERE talks != '[]'")
        return {talk for (talks,) in found for talk in json.loads(talks)}

    async def record_vote(self, answer: str, user_id: str, value: int, via: str, now: float,
                          workspace: Workspace = UNKNOWN_WORKSPACE) -> VoteChange:
        """Set ``user_id``'s vote on ``answer`` (one per person, changeable); a changed value drops an old reason.

        Not recorded (``recorded`` False) when ``answer`` is a question that is not kept.
        """
        async with self._writing():
            if answer.startswith("q:") and not await self._rows(
                    "SELECT 1 FROM questions WHERE ref = ?", (answer[2:],)):
                return VoteChange(False)
            found = await self._rows("SELECT value FROM votes WHERE answer = ? AND user_id = ?", (answer, user_id))
            previous = found[0][0] if found else None
            if previous == value:
                await self._changed("UPDATE votes SET via = ?, voted_at = ? WHERE answer = ? AND user_id = ?",
                                    (via, now, answer, user_id))
            else:
                await self._changed(
                    "INSERT OR REPLACE INTO votes (answer, user_id, value, via, voted_at, team_id, enterprise_id)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (answer, user_id, value, via, now, workspace.team_id, workspace.enterprise_id),
                )
            return VoteChange(True, previous)

    async def withdraw_vote(self, answer: str, user_id: str, value: int) -> bool:
        """Remove ``user_id``'s vote on ``answer`` if it is still ``value`` (a reaction taken back)."""
        async with self._writing():
            return await self._changed("DELETE FROM votes WHERE answer = ? AND user_id = ? AND value = ?",
                                       (answer, user_id, value)) == 1

    async def explain_vote(self, answer: str, user_id: str, reason: str, comment: str | None, now: float) -> bool:
        """Add why a 👎 answer was wrong; False when there is no 👎 vote of ``user_id`` on it."""
        async with self._writing():
            return await self._changed(
                "UPDATE votes SET reason = ?, comment = ?, voted_at = ? WHERE answer = ? AND user_id = ? AND value < 0",
                (reason, comment, now, answer, user_id),
            ) == 1

    async def vote_of(self, answer: str, user_id: str) -> Vote | None:
        async with self._reading():
            found = await self._rows(
                "SELECT answer, value, via, voted_at, reason, comment FROM votes WHERE answer = ? AND user_id = ?",
                (answer, user_id),
            )
        if not found:
            return None
        answer, value, via, voted_at, reason, comment = found[0]
        return Vote(answer, value, via, voted_at, reason, comment)

    async def votes_since(self, since: float) -> list[Vote]:
        """Every vote cast (or changed) at or after ``since``, with its question or digest talk."""
        async with self._reading():
            found = await self._rows(
                f"SELECT v.answer, v.value, v.via, v.voted_at, v.reason, v.comment, d.talk_id,"
                f" {', '.join('q.' + c for c in _QUESTION_COLUMNS.split(', '))}"
                " FROM votes v LEFT JOIN questions q ON v.answer = 'q:' || q.ref"
                " LEFT JOIN digests d ON v.answer = 'd:' || d.digest_id"
                " WHERE v.voted_at >= ? ORDER BY v.voted_at", (since,),
            )
        return [Vote(row[0], row[1], row[2], row[3], row[4], row[5],
                     question=_question(row[7:]) if row[7] is not None else None, digest_talk=row[6])
                for row in found]

    async def forget_user(self, user_id: str) -> Purged:
        """``/talkbot forget me``: delete everything kept about ``user_id`` at once, in one transaction."""
        async with self._writing():
            counts = {
                "thread_topics": await self._forget_thread_topics(
                    "SELECT channel, thread_ts FROM questions WHERE user_id = ?", (user_id,)),
                "votes": await self._changed("DELETE FROM votes WHERE user_id = ?", (user_id,)),
                "questions": await self._changed("DELETE FROM questions WHERE user_id = ?", (user_id,)),
            }
            for table in ("subscriptions", "report_subscriptions"):
                counts[table] = await self._changed(f"UPDATE {table} SET created_by = NULL WHERE created_by = ?",
                                                    (user_id,))
        return Purged(counts)

    async def purge_older_than(self, cutoff: float) -> Purged:
        """The daily retention purge: people's data older than ``cutoff`` (unix time)."""
        async with self._writing():
            counts = {
                "questions": await self._changed("DELETE FROM questions WHERE asked_at < ?", (cutoff,)),
                "votes": await self._changed(
                    "DELETE FROM votes WHERE voted_at < ?"
                    " OR (answer LIKE 'q:%' AND substr(answer, 3) NOT IN (SELECT ref FROM questions))", (cutoff,)),
                "seen_events": await self._changed("DELETE FROM seen_events WHERE seen_at < ?", (cutoff,)),
            }
            counts["thread_topics"] = await self._changed("DELETE FROM thread_topics WHERE updated_at < ?", (cutoff,))
        return Purged(counts)

    async def purge_people_data(self) -> Purged:
        """``app_uninstalled``: delete every question, vote, thread topic and seen event id; names on schedules."""
        async with self._writing():
            counts = {table: await self._changed(f"DELETE FROM {table}")
                      for table in ("questions", "votes", "seen_events")}
            counts["thread_topics"] = await self._changed("DELETE FROM thread_topics")
            for table in ("subscriptions", "report_subscriptions"):
                counts[table] = await self._changed(
                    f"UPDATE {table} SET created_by = NULL WHERE created_by IS NOT NULL")
        return Purged(counts)

    async def _forget_thread_topics(self, where_asked: str, params: Sequence[object]) -> int:
        """Thread topics of the threads (and DMs) where these questions were asked."""
        return await self._changed(
            "DELETE FROM thread_topics WHERE (channel, thread_ts) IN"
            f" (SELECT channel, coalesce(thread_ts, '') FROM ({where_asked}))", params,
        )


_QUESTION_COLUMNS = (
    "ref, asked_at, user_id, channel, thread_ts, visibility, via, text, normalized, answered, shape, terms, talks,"
    " message_ts, team_id, enterprise_id"
)


def _question(row: Sequence[Any]) -> Question:
    (ref, asked_at, user_id, channel, thread_ts, visibility, via, text, normalized, answered, shape, terms, talks,
     message_ts, team_id, enterprise_id) = row
    return Question(ref, asked_at, user_id, channel, visibility, via, text, normalized, bool(answered), shape,
                    tuple(json.loads(terms)), tuple(json.loads(talks)), thread_ts, message_ts, team_id, enterprise_id)
