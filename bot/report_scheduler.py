"""The weekly curator report (issue 15): posted like a weekly digest, on the same schedule machinery and ledger.

A report subscription is a ``Subscription`` (weekday, time, zone; slots by zoneinfo) kept in its own
table. Each slot is a ledger row of kind ``report`` under ``report_slot_key`` (``UNIQUE (channel,
slot)``), its message rendered at claim time and posted by the ``DigestPoster`` under the channel's
lease: exactly once through crashes (a half-posted report is completed, a maybe-posted one looked up
by its marker), only the latest slot and only while it is less than a day late (catch-up once).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from handlers.blocks import render_report
from handlers.talkbot_commands import curator_report
from store.state import REPORT, Subscription, report_slot_key, slot_instant

from .scheduler import DigestScheduler, TickReport

log = logging.getLogger(__name__)


class ReportScheduler(DigestScheduler):
    """Every tick, posts each channel's due weekly curator report through the digest poster and ledger."""

    async def run_due(self, now: datetime | None = None) -> TickReport:
        at = now or self.now()
        report = TickReport()
        subscriptions = [s for s in await self.state.list_report_subscriptions() if not s.paused]
        results = await asyncio.gather(*(self._run_report(s, at, report) for s in subscriptions),
                                       return_exceptions=True)
        for subscription, result in zip(subscriptions, results):
            if isinstance(result, asyncio.CancelledError):
                raise result
            if isinstance(result, BaseException):
                log.error("report channel failed channel=%s error=%r", subscription.channel, result, exc_info=result)
        return report

    async def _run_report(self, subscription: Subscription, now: datetime, report: TickReport) -> None:
        channel = subscription.channel
        async with self.poster.channel_lease(channel) as held:
            if not held:
                report.busy.append(channel)
                return
            if await self.poster.complete_unfinished(channel, report) is not None:
                return
            slot = subscription.latest_slot(now)
            key = report_slot_key(slot)
            if slot.timestamp() < subscription.active_since or await self.state.find_digest(channel, key) is not None:
                return
            previous = await self.state.last_report_slot(channel)
            reason = None
            if not self.channel_enabled(channel):
                reason = "the channel is not in TALKBOT_CHANNELS"
            elif now - slot > self.late_limit:
                reason = f"{int((now - slot).total_seconds() // 3600)} h late (the bot was down)"
            elif previous is not None and slot - slot_instant(previous.split(":", 1)[1]) < self.min_gap:
                reason = f"the previous report here was for {previous} (schedule changed)"
            if reason is not None:
                if await self.state.record_skipped(channel, key, "", reason, now.timestamp(), subscription.workspace,
                                                   kind=REPORT):
                    log.warning("report slot skipped channel=%s slot=%s reason=%s", channel, key, reason)
                    report.skipped.append((channel, key))
                return
            # The week before the slot, rendered now and kept in the ledger: a restart posts this very text.
            payload = render_report(await curator_report(self.store, self.state, slot))
            outcome = await self.poster.post_new(channel, key, REPORT, "", [payload], subscription.workspace, report)
            if outcome.channel_unavailable and await self.state.pause_report_subscription(
                    channel, f"Slack said {outcome.error}", now.timestamp()):
                log.warning("report subscription paused channel=%s error=%s", channel, outcome.error)

