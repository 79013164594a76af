"""Weekly digests (when): the loop inside ``talkbot serve`` that posts each subscribed channel's next talk.

``run_due(now)`` is one tick: for every channel with an active subscription or a half-posted
digest it takes the channel's lease, completes half-posted threads first, then posts the latest
slot if it is due and not in the ledger yet. Only the latest slot counts (a week of downtime
gives one post, not seven), and only while it is less than ``late_limit`` late; older ones are
recorded as skipped and logged once. Tests call ``run_due`` with an injected clock; ``run_forever``
calls it every ``interval`` seconds. Posting (and digests people ask for) is ``DigestPoster``'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from handlers.digests import next_talk_for, weekly_messages
from store.db import Store
from store.state import WEEKLY, BotState, Subscription, slot_key

from .digest_poster import DigestPoster, PostingReport, utc_now

log = logging.getLogger(__name__)
TICK_SECONDS = 30.0
LATE_LIMIT = timedelta(days=1)  # a slot missed by more than this (bot down) is skipped, not posted late
MIN_GAP = timedelta(days=6)  # a changed schedule never gives a channel two weekly digests within days


@dataclass
class TickReport(PostingReport):
    """What one ``run_due`` did, for tests and logs."""

    skipped: list[tuple[str, str]] = field(default_factory=list)  # (channel, slot)
    busy: list[str] = field(default_factory=list)  # channels another poster held


class DigestScheduler:
    """The loop: every ``interval`` seconds, posts each channel's due weekly digest through the poster."""

    def __init__(
        self,
        store: Store,
        state: BotState,
        poster: DigestPoster,
        *,
        now: Callable[[], datetime] = utc_now,
        interval: float = TICK_SECONDS,
        late_limit: timedelta = LATE_LIMIT,
        min_gap: timedelta = MIN_GAP,
        channel_enabled: Callable[[str], bool] = lambda channel: True,
    ) -> None:
        self.store = store
        self.state = state
        self.poster = poster
        self.now = now
        self.interval = interval
        self.late_limit = late_limit
        self.min_gap = min_gap
        self.channel_enabled = channel_enabled  # TALKBOT_CHANNELS: weekly digests elsewhere are skipped
        self._task: asyncio.Task | None = None

    # -- the loop --------------------------------------------------------------------------

    async def run_forever(self) -> None:
        """Tick every ``interval`` seconds until cancelled; one channel's failure never stops the loop."""
        while True:
            try:
                await self.run_due()
            except Exception:  # the loop must survive anything one tick runs into
                log.exception("digest tick failed")
            await asyncio.sleep(self.interval)

    def start(self) -> asyncio.Task:
        """Run the loop as a task (first tick at once: a slot missed while down is posted on start-up)."""
        self._task = asyncio.create_task(self.run_forever(), name="digest-scheduler")
        return self._task

    async def stop(self) -> None:
        """Cancel the loop and wait for it (a thread cut off here is completed by the next start: the ledger)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def run_due(self, now: datetime | None = None) -> TickReport:
        """One tick: complete half-posted digests and post every due slot, channels side by side."""
        now = now or self.now()
        report = TickReport()
        subscriptions = {s.channel: s for s in await self.state.list_subscriptions()}
        channels = sorted({c for c, s in subscriptions.items() if not s.paused}
                          | set(await self.state.channels_with_unfinished()))
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
            if await self.poster.complete_unfinished(channel, report) is not None:
                return  # nothing new before the half-posted thread is complete
            if subscription is None or subscription.paused:
                return
            await self._post_slot(subscription, now, report)

    async def _post_slot(self, subscription: Subscription, now: datetime, report: TickReport) -> None:
        channel = subscription.channel
        slot = subscription.latest_slot(now)
        key = slot_key(slot)
        if slot.timestamp() < subscription.active_since or await self.state.find_digest(channel, key) is not None:
            return
        talk = await next_talk_for(self.store, self.state, channel, subscription)
        reason = None
        previous = await self.state.last_weekly_slot(channel)
        if not self.channel_enabled(channel):
            reason = "the channel is not in TALKBOT_CHANNELS"
        elif talk is None:
            reason = "no talk matches the subscription's filter"
        elif now - slot > self.late_limit:
            reason = f"{_hours(now - slot)} h late (the bot was down); only slots less than a day late are posted"
        elif previous is not None and slot - previous < self.min_gap:
            reason = f"the previous weekly digest here was for {slot_key(previous)} (schedule changed)"
        if reason is not None:
            if await self.state.record_skipped(channel, key, talk.talk_id if talk else "", reason, now.timestamp(),
                                               subscription.workspace):
                log.warning("digest slot skipped channel=%s slot=%s reason=%s", channel, key, reason)
                report.skipped.append((channel, key))
            return
        assert talk is not None
        await self.poster.post_new(channel, key, WEEKLY, talk.talk_id, weekly_messages(talk), subscription.workspace,
                                   report)


def _hours(delta: timedelta) -> int:
    return int(delta.total_seconds() // 3600)
