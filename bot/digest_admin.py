"""``talkbot digest``: post a channel's digest now (through the same ledger as the scheduler) or list them."""

from __future__ import annotations

import sys
from datetime import datetime, timezone

from handlers.schedule_times import describe_instant, describe_schedule, next_slot
from store.connection import connect_async
from store.db import Store
from store.ledger import DONE, recent_digests
from store.subscriptions import list_subscriptions

from .slack_client import build_client
from .posting import ChannelPacer
from .scheduler import ChannelBusy, create_scheduler
from .server import ensure_corpus
from .settings import Settings

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
    store = await Store.open(settings.db_path, settings.corpus, cache_size=settings.result_cache)
    try:
        scheduler = await create_scheduler(settings, store, build_client(settings), pacer or ChannelPacer())
        try:
            outcome = await scheduler.post_now(channel)
        except ChannelBusy:
            print(f"error: a digest is being posted in {channel} by another talkbot process; try again shortly",
                  file=sys.stderr)
            return 1
        finally:
            await scheduler.stop()
    finally:
        await store.close()
    if outcome is None:
        print(f"error: no talk matches the subscription filter of {channel}", file=sys.stderr)
        return 1
    digest = outcome.digest
    print(f"{outcome.status}: {digest.talk_id} in {channel} (slot {digest.slot}, {outcome.posted} messages posted now"
          + (f", error {outcome.error}" if outcome.error else "") + ")")
    return 0 if outcome.status == DONE else 1


async def _list(settings: Settings, channel: str | None) -> int:
    conn = await connect_async(settings.db_path)
    try:
        subscriptions = [s for s in await list_subscriptions(conn) if channel in (None, s.channel)]
        digests = await recent_digests(conn, LISTED_DIGESTS, channel)
    finally:
        await conn.close()
    now = datetime.now(timezone.utc)
    print("subscriptions:" if subscriptions else "subscriptions: none")
    for sub in subscriptions:
        which = f"topic:{sub.tag}" if sub.tag else f"query:{sub.query}" if sub.query else "all talks"
        state = f"paused ({sub.paused_reason})" if sub.paused else \
            f"next {describe_instant(next_slot(sub, now), sub.timezone)}"
        print(f"  {sub.channel}  {describe_schedule(sub)}  {which}  {state}")
    print("last digests:" if digests else "last digests: none")
    for item in digests:
        d = item.digest
        when = datetime.fromtimestamp(d.created_at, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        note = f"  ({d.note})" if d.note else ""
        print(f"  {when}  {d.channel}  {d.kind:<6}  {d.status:<9}  {item.posted}/{item.planned} messages  "
              f"{d.talk_id}  slot {d.slot}{note}")
    return 0
