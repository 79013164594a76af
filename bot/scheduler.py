"""Weekly digests: the loop inside ``talkbot serve`` that posts each subscribed channel's next talk.

``run_due(now)`` is one tick: for every channel with an active subscription or a half-posted
digest it takes the channel's lease, completes half-posted threads first, then posts the latest
slot if it is due and not in the ledger yet. Only the latest slot counts (a week of downtime
gives one post, not seven), and only while it is less than ``late_limit`` late; older ones are
recorded as skipped and logged once. Tests call ``run_due`` with an injected clock; ``run_forever``
calls it every ``interval`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import aiosqlite
from slack_sdk.web.async_client import AsyncWebClient

from handlers.blocks import render_digest
from handlers.digests import build_digest
from handlers.replies import DigestThread
from handlers.schedule_times import latest_slot, slot_key
from handlers.subscriptions import next_talk_for
from store.connection import connect_async
from store.db import Store
from store.ledger import (
    MANUAL,
    NOW,
    POSTING,
    WEEKLY,
    channels_with_unfinished,
    claim_digest,
    find_digest,
    last_weekly_slot,
    record_skipped,
    unfinished_digests,
)
from store.subscriptions import Subscription, get_subscription, list_subscriptions, pause_subscription

from .ledger_poster import LedgerPoster, PostOutcome, RetryPolicy, posting_client, utc_now
from .posting import ChannelPacer
from .settings import Settings

log = logging.getLogger(__name__)
TICK_SECONDS = 30.0
LATE_LIMIT = timedelta(days=1)  # a slot missed by more than this (bot down) is skipped, not posted late
MIN_GAP = timedelta(days=6)  # a changed schedule never gives a channel two weekly digests within days
MANUAL_LEASE_WAIT_SECONDS = 60.0  # a /digest TALK waits this long for a thread in progress in the channel


class ChannelBusy(Exception):
    """Another poster kept the channel's lease (a thread is being posted there)."""


@dataclass
class TickReport:
    """What one ``run_due`` did, for tests and logs."""

    outcomes: list[PostOutcome] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (channel, slot)
    paused: list[str] = field(default_factory=list)  # channels paused because Slack refused them
    busy: list[str] = field(default_factory=list)  # channels another poster held


class DigestScheduler:
    """Posts due weekly digests through the ledger; also the one place that posts a digest "now"."""

    def __init__(
        self,
        store: Store,
        conn: aiosqlite.Connection,
        poster: LedgerPoster,
        *,
        now: Callable[[], datetime] = utc_now,
        interval: float = TICK_SECONDS,
        late_limit: timedelta = LATE_LIMIT,
        min_gap: timedelta = MIN_GAP,
    ) -> None:
        self.store = store
        self.conn = conn
        self.poster = poster
        self.now = now
        self.interval = interval
        self.late_limit = late_limit
        self.min_gap = min_gap
        self._task: asyncio.Task | None = None

    # -- the loop --------------------------------------------------------------------------

    async def run_forever(self) -> None:
        """Tick every ``interval`` seconds until cancelled; one channel's failure never stops the loop."""
        while True:
            try:
                await self.run_due()
            except Exception:  # noqa: BLE001 - the loop must survive anything one tick runs into
                log.exception("digest tick failed")
            await asyncio.sleep(self.interval)

    def start(self) -> asyncio.Task:
        """Run the loop as a task (first tick at once: a slot missed while down is posted on start-up)."""
        self._task = asyncio.create_task(self._run_then_close(), name="digest-scheduler")
        return self._task

    async def _run_then_close(self) -> None:
        try:
            await self.run_forever()
        finally:
            # Also when asyncio.run cancels the task after an error elsewhere: aiosqlite's thread would keep
            # the process alive.
            await self.conn.close()

    async def stop(self) -> None:
        """Cancel the loop, wait for it, and close the scheduler's database connection."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.conn.close()  # a no-op once closed

    async def run_due(self, now: datetime | None = None) -> TickReport:
        """One tick: complete half-posted digests and post every due slot, channels side by side."""
        now = now or self.now()
        report = TickReport()
        subscriptions = {s.channel: s for s in await list_subscriptions(self.conn)}
        channels = sorted({c for c, s in subscriptions.items() if not s.paused}
                          | set(await channels_with_unfinished(self.conn)))
        results = await asyncio.gather(
            *(self._run_channel(channel, subscriptions.get(channel), now, report) for channel in channels),
            return_exceptions=True,
        )
        for channel, result in zip(channels, results):
            if isinstance(result, BaseException):
                if isinstance(result, asyncio.CancelledError):
                    raise result
                log.error("digest channel failed channel=%s error=%r", channel, result, exc_info=result)
        return report

    async def _run_channel(self, channel: str, subscription: Subscription | None, now: datetime,
                           report: TickReport) -> None:
        async with self.poster.channel_lease(channel) as held:
            if not held:
                report.busy.append(channel)
                return
            if await self._complete_unfinished(channel, report) is not None:
                return  # nothing new before the half-posted thread is complete
            if subscription is None or subscription.paused:
                return
            await self._post_slot(subscription, now, report)

    async def _complete_unfinished(self, channel: str, report: TickReport, *,
                                   final_kind: str | None = None) -> PostOutcome | None:
        """Complete the channel's half-posted digests, oldest first.

        Returns the outcome that ends this turn: a digest still incomplete, or a completed one of
        ``final_kind``; None when the channel is clear for a new digest.
        """
        for digest in await unfinished_digests(self.conn, channel):
            outcome = await self.poster.complete(digest)
            report.outcomes.append(outcome)
            await self._pause_if_refused(outcome, report)
            if not outcome.settled or digest.kind == final_kind:
                return outcome
        return None

    async def _post_slot(self, subscription: Subscription, now: datetime, report: TickReport) -> None:
        channel = subscription.channel
        slot = latest_slot(subscription, now)
        key = slot_key(slot)
        if slot.timestamp() < subscription.active_since or await find_digest(self.conn, channel, key) is not None:
            return
        talk = await next_talk_for(self.store, self.conn, channel, subscription)
        reason = None
        previous = await last_weekly_slot(self.conn, channel)
        if talk is None:
            reason = "no talk matches the subscription's filter"
        elif now - slot > self.late_limit:
            reason = f"{_hours(now - slot)} h late (the bot was down); only slots less than a day late are posted"
        elif previous is not None and slot - datetime.fromisoformat(previous.replace("Z", "+00:00")) < self.min_gap:
            reason = f"the previous weekly digest here was for {previous} (schedule changed)"
        if reason is not None:
            if await record_skipped(self.conn, channel, key, talk.talk_id if talk else "", reason, now.timestamp()):
                log.warning("digest slot skipped channel=%s slot=%s reason=%s", channel, key, reason)
                report.skipped.append((channel, key))
            return
        assert talk is not None
        payloads = render_digest(build_digest(talk, with_footer=True))
        digest, _ = await claim_digest(self.conn, channel, key, WEEKLY, talk.talk_id, payloads, now.timestamp())
        outcome = await self.poster.complete(digest)
        report.outcomes.append(outcome)
        await self._pause_if_refused(outcome, report)

    async def _pause_if_refused(self, outcome: PostOutcome, report: TickReport) -> None:
        """A channel Slack refuses stops its subscription (until ``/digest resume``); others go on."""
        if outcome.channel_unavailable:
            channel = outcome.digest.channel
            if await pause_subscription(self.conn, channel, f"Slack said {outcome.error}", self.now().timestamp()):
                log.warning("digest subscription paused channel=%s error=%s", channel, outcome.error)
                report.paused.append(channel)

    # -- digests on demand -----------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _manual_turn(self, channel: str, wait_seconds: float) -> AsyncIterator[None]:
        """Hold the channel's lease for a digest someone asked for, or raise ChannelBusy."""
        async with self.poster.channel_lease(channel, wait_seconds=wait_seconds) as held:
            if not held:
                raise ChannelBusy(channel)
            yield

    async def post_now(self, channel: str, *, wait_seconds: float = MANUAL_LEASE_WAIT_SECONDS) -> PostOutcome | None:
        """``talkbot digest --now``: the channel's next talk at once, through the ledger; None if no talk matches.

        A half-posted thread is completed first; if that was an earlier ``--now`` cut off by a crash,
        completing it is this run's digest (rerunning the command does not give two).
        """
        async with self._manual_turn(channel, wait_seconds):
            report = TickReport()
            if (unfinished := await self._complete_unfinished(channel, report, final_kind=NOW)) is not None:
                return unfinished
            now = self.now()
            talk = await next_talk_for(self.store, self.conn, channel, await get_subscription(self.conn, channel))
            if talk is None:
                return None
            payloads = render_digest(build_digest(talk, with_footer=True))
            slot = f"now:{now.isoformat(timespec='seconds')}:{uuid.uuid4().hex[:8]}"
            digest, _ = await claim_digest(self.conn, channel, slot, NOW, talk.talk_id, payloads, now.timestamp())
            outcome = await self.poster.complete(digest)
            await self._pause_if_refused(outcome, report)
            return outcome

    async def post_thread(self, channel: str, thread: DigestThread, request_id: str, *,
                          wait_seconds: float = MANUAL_LEASE_WAIT_SECONDS) -> PostOutcome:
        """``/digest TALK``: post this thread now; the same ``request_id`` never posts twice."""
        async with self._manual_turn(channel, wait_seconds):
            if (unfinished := await self._complete_unfinished(channel, TickReport())) is not None:
                return unfinished
            digest, _ = await claim_digest(self.conn, channel, f"manual:{request_id}", MANUAL, thread.talk.talk_id,
                                           render_digest(thread), self.now().timestamp())
            if digest.status != POSTING:
                return PostOutcome(digest, digest.status, 0)
            return await self.poster.complete(digest)


def _hours(delta: timedelta) -> int:
    return int(delta.total_seconds() // 3600)


@contextlib.asynccontextmanager
async def open_scheduler(
    settings: Settings,
    store: Store,
    client: AsyncWebClient,
    pacer: ChannelPacer,
    **options: object,
) -> AsyncIterator[DigestScheduler]:
    """A scheduler on its own database connection (closed on exit), posting through a 429-only-retry client."""
    scheduler = await create_scheduler(settings, store, client, pacer, **options)
    try:
        yield scheduler
    finally:
        await scheduler.conn.close()


async def create_scheduler(
    settings: Settings,
    store: Store,
    client: AsyncWebClient,
    pacer: ChannelPacer,
    *,
    now: Callable[[], datetime] = utc_now,
    retry: RetryPolicy = RetryPolicy(),
    interval: float = TICK_SECONDS,
) -> DigestScheduler:
    """A scheduler with its own database connection; ``stop()`` closes it."""
    conn = await connect_async(settings.db_path)
    poster = LedgerPoster(conn, posting_client(client), pacer, now=now, retry=retry)
    return DigestScheduler(store, conn, poster, now=now, interval=interval)
