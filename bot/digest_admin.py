"""``talkbot digest``: post a channel's digest now (through the same ledger as the scheduler) or list them."""

from __future__ import annotations

import sys
from datetime import datetime, timezone

from handlers.blocks import describe_instant, describe_schedule
from store.state import BotState

from .digest_poster import NOW_LEASE_WAIT_SECONDS, ChannelBusy, ChannelPacer
from .services import build_services, ensure_corpus, open_services
from .settings import Settings
from .slack_client import build_client

LISTED_DIGESTS = 20


async def digest_command(settings: Settings, *, channel: str | None, post_now: bool, show_list: bool,
                         pacer: ChannelPacer | None = None) -> int:
    """Run ``talkbot digest``; returns the exit code (``pacer`` defaults to Slack's ~1 message/s per channel)."""
    if post_now == show_list or (post_now and not channel):
        print("error: use `talkbot digest --channel C123 --now` or `talkbot digest --list [--channel C123]`",
              file=sys.stderr)
        return 2
    await ensure_corpus(settings)
    if show_list:
        return await _list(settings, channel)
    settings.require("SLACK_BOT_TOKEN")
    assert channel is not None
    async with open_services(settings) as (store, state):
        services = build_services(settings, store, state, build_client(settings), pacer)
        def waiting(holder: str, lease_left: float) -> None:
            print(f"waiting up to {NOW_LEASE_WAIT_SECONDS:.0f} s for {holder}, which is posting a digest in {channel} "
                  f"(its lease runs {lease_left:.0f} s more unless it renews it)", file=sys.stderr, flush=True)

        try:
            outcome = await services.poster.post_next(channel, on_wait=waiting)
        except ChannelBusy:
            print(f"error: a digest is still being posted in {channel} by another talkbot process after "
                  f"{NOW_LEASE_WAIT_SECONDS:.0f} s; try again later", file=sys.stderr)
            return 1
    if outcome is None:
        print(f"error: no talk matches the subscription filter of {channel}", file=sys.stderr)
        return 1
    digest = outcome.digest
    print(f"{outcome.status}: {digest.talk_id} in {channel} (slot {digest.slot}, {outcome.posted} messages posted now"
          + (f", error {outcome.error}" if outcome.error else "") + ")")
    return 0 if outcome.done else 1


async def _list(settings: Settings, channel: str | None) -> int:
    async with await BotState.open(settings.db_path) as state:
        subscriptions = [s for s in await state.list_subscriptions() if channel in (None, s.channel)]
        digests = await state.recent_digests(LISTED_DIGESTS, channel)
    now = datetime.now(timezone.utc)
    print("subscriptions:" if subscriptions else "subscriptions: none")
    for sub in subscriptions:
        which = f"topic:{sub.tag}" if sub.tag else f"query:{sub.query}" if sub.query else "all talks"
        status = f"paused ({sub.paused_reason})" if sub.paused else \
            f"next {describe_instant(sub.next_slot(now), sub.timezone)}"
        print(f"  {sub.channel}  {describe_schedule(sub)}  {which}  {status}")
    print("last digests:" if digests else "last digests: none")
    for item in digests:
        d = item.digest
        when = datetime.fromtimestamp(d.created_at, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        note = f"  ({d.note})" if d.note else ""
        print(f"  {when}  {d.channel}  {d.kind:<6}  {d.status:<9}  {item.posted}/{item.planned} messages  "
              f"{d.talk_id}  slot {d.slot}{note}")
    return 0
