"""``/digest`` subcommands: subscribe, unsubscribe, schedule, pause, resume and preview.

Text in, reply model out, like the other handlers; subscriptions live in SQLite (store.subscriptions)
and which talk comes next is decided here for both the replies and the scheduler.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

import aiosqlite

from store.db import Store
from store.ledger import talk_post_counts
from store.model import Talk
from store.subscriptions import (
    Subscription,
    delete_subscription,
    get_subscription,
    pause_subscription,
    resume_subscription,
    save_subscription,
)

from .blocks import escape, mrkdwn
from .digests import build_digest
from .replies import DigestPreview, Notice, Reply, ScheduleReply
from .schedule_times import (
    TIME_ACCEPTED,
    WEEKDAYS_ACCEPTED,
    ZONE_ACCEPTED,
    ScheduleInputError,
    is_zone,
    looks_like_time,
    next_slot,
    parse_time,
    parse_weekday,
    parse_zone,
)

SUBCOMMANDS = ("subscribe", "unsubscribe", "schedule", "pause", "resume", "preview")
DEFAULT_WEEKDAY = 0  # Monday
DEFAULT_MINUTE = 9 * 60  # 09:00
TAG_PREFIXES = ("topic:", "tag:")
QUERY_PREFIXES = ("query:", "about:")
SUBSCRIBE_USAGE = (
    "`/digest subscribe [weekday] [HH:MM] [time zone] [topic:TAG | query:WORDS]` — e.g. "
    "`/digest subscribe mon 09:00 Europe/Berlin topic:xla`. Defaults: Monday 09:00 in {zone}."
)
SUBSCRIPTION_USAGE = (
    "*Weekly digests:* " + SUBSCRIBE_USAGE + "\n"
    "`/digest schedule` · `/digest preview` · `/digest pause` · `/digest resume` · `/digest unsubscribe`"
)
NOT_SUBSCRIBED = "This channel has no weekly digest. Start one with " + SUBSCRIBE_USAGE


@dataclass(frozen=True)
class SubscribeRequest:
    """What ``/digest subscribe …`` asked for; None where the default applies."""

    weekday: int | None = None
    minute_of_day: int | None = None
    timezone: str | None = None
    tag: str | None = None
    query: str | None = None


def quoted(word: str) -> str:
    """User text made safe to show inside backticks in a reply."""
    return mrkdwn(word.replace("`", "'"), 60)


def subcommand_of(text: str) -> str | None:
    """The subcommand word that starts ``text``, if it is one."""
    first = text.strip().split(maxsplit=1)[:1]
    word = first[0].casefold() if first else ""
    return word if word in SUBCOMMANDS else None


def parse_subscribe(words: list[str]) -> SubscribeRequest:
    """Read weekday, time, time zone and a filter in any order; ScheduleInputError says what is accepted."""
    found: dict[str, object] = {}
    for index, word in enumerate(words):
        folded = word.casefold()
        if folded.startswith(TAG_PREFIXES):
            tag = word.split(":", 1)[1].strip()
            if not tag:
                raise ScheduleInputError("Name the tag after `topic:`, e.g. `topic:xla`.")
            _set_once(found, "tag", tag.casefold(), word)
        elif folded.startswith(QUERY_PREFIXES):
            query = " ".join([word.split(":", 1)[1], *words[index + 1:]]).strip()
            if not query:
                raise ScheduleInputError("Say what the talks should match after `query:`, e.g. `query:pallas kernels`.")
            _set_once(found, "query", query, word)
            break  # the query runs to the end of the text
        elif (weekday := parse_weekday(word)) is not None:
            _set_once(found, "weekday", weekday, word)
        elif looks_like_time(word):
            _set_once(found, "minute_of_day", parse_time(word), word)
        elif "/" in word or is_zone(word):
            _set_once(found, "timezone", parse_zone(word), word)
        elif word.isalpha() and "weekday" not in found:
            raise ScheduleInputError(f"`{quoted(word)}` is not a weekday. Use {WEEKDAYS_ACCEPTED}.")
        else:
            raise ScheduleInputError(
                f"`{quoted(word)}` is not a weekday, time, time zone or filter I know. Use {WEEKDAYS_ACCEPTED}; "
                f"{TIME_ACCEPTED}; {ZONE_ACCEPTED}; and optionally `topic:TAG` or `query:WORDS`."
            )
    if "tag" in found and "query" in found:
        raise ScheduleInputError("Use either `topic:TAG` or `query:WORDS`, not both.")
    return SubscribeRequest(**found)  # type: ignore[arg-type]


_FIELD_NAMES = {"weekday": "weekday", "minute_of_day": "time", "timezone": "time zone", "tag": "topic", "query": "query"}


def _set_once(found: dict[str, object], key: str, value: object, word: str) -> None:
    if key in found:
        raise ScheduleInputError(f"`{quoted(word)}`: give at most one {_FIELD_NAMES[key]}.")
    found[key] = value


async def eligible_talks(store: Store, tag: str | None, query: str | None) -> list[Talk]:
    """The talks a subscription rotates through, in corpus order."""
    talks = await store.list_talks()
    if tag:
        talks = [talk for talk in talks if tag.casefold() in (t.casefold() for t in talk.tags)]
    if query:
        matching = {hit.talk_id for hit in await store.find_talks(query, limit=max(len(talks), 1))}
        talks = [talk for talk in talks if talk.talk_id in matching]
    return talks


def pick_next_talk(talks: list[Talk], post_counts: dict[str, int]) -> Talk | None:
    """The first talk, in corpus order, among those the channel has had least often (a rotation that starts over)."""
    if not talks:
        return None
    fewest = min(post_counts.get(talk.talk_id, 0) for talk in talks)
    return next(talk for talk in talks if post_counts.get(talk.talk_id, 0) == fewest)


async def next_talk_for(store: Store, conn: aiosqlite.Connection, channel: str,
                        subscription: Subscription | None) -> Talk | None:
    """The talk the channel's next digest will be about, with all its summaries."""
    talks = await eligible_talks(store, subscription.tag if subscription else None,
                                 subscription.query if subscription else None)
    chosen = pick_next_talk(talks, await talk_post_counts(conn, channel))
    return await store.get_talk(chosen.talk_id) if chosen else None


def filter_note(subscription: Subscription) -> str | None:
    """"talks tagged `xla`" for a filtered subscription (escaped mrkdwn)."""
    if subscription.tag:
        return f"talks tagged `{mrkdwn(subscription.tag, 60)}`"
    if subscription.query:
        return f"talks matching _{mrkdwn(subscription.query, 200)}_"
    return None


async def handle(
    store: Store,
    conn: aiosqlite.Connection,
    channel: str,
    text: str,
    *,
    default_timezone: str = "UTC",
    user: str | None = None,
    now: datetime | None = None,
) -> Reply:
    """Run one ``/digest`` subcommand for ``channel``."""
    now = now or datetime.now(timezone.utc)
    word, *rest = text.split()
    word = word.casefold()
    current = await get_subscription(conn, channel)
    if word == "subscribe":
        return await _subscribe(store, conn, channel, rest, current, default_timezone, user, now)
    if word == "unsubscribe":
        if not await delete_subscription(conn, channel):
            return Notice("This channel has no weekly digest subscription.")
        return Notice("Unsubscribed: no more weekly digests in this channel. `/digest TALK` still posts one now.")
    if current is None:
        if word == "preview":
            return await _preview(store, conn, channel, None, now, default_timezone)
        return Notice(NOT_SUBSCRIBED.format(zone=escape(default_timezone)))
    if word == "schedule":
        return await _schedule(store, conn, current, "*Weekly digests in this channel.*", now)
    if word == "pause":
        if current.paused:
            return Notice("Weekly digests here are already paused. `/digest resume` starts them again.")
        await pause_subscription(conn, channel, "paused with /digest pause", now.timestamp())
        return Notice("Paused weekly digests in this channel. `/digest resume` starts again from the next slot; "
                      "weeks missed meanwhile are not made up.")
    if word == "resume":
        if not current.paused:
            return await _schedule(store, conn, current, "*Weekly digests here are not paused.*", now)
        await resume_subscription(conn, channel, now.timestamp())
        resumed = await get_subscription(conn, channel)
        assert resumed is not None
        return await _schedule(store, conn, resumed, "*Resumed weekly digests in this channel.*", now)
    return await _preview(store, conn, channel, current, now, default_timezone)


async def _subscribe(store: Store, conn: aiosqlite.Connection, channel: str, words: list[str],
                     current: Subscription | None, default_timezone: str, user: str | None, now: datetime) -> Reply:
    try:
        request = parse_subscribe(words)
    except ScheduleInputError as error:
        return Notice(f"{error.explain(quoted)}\n*Usage:* {SUBSCRIBE_USAGE.format(zone=escape(default_timezone))}")
    if request.tag or request.query:
        if not await eligible_talks(store, request.tag, request.query):
            return Notice(await _no_talks_message(store, request))
    subscription = Subscription(
        channel=channel,
        weekday=DEFAULT_WEEKDAY if request.weekday is None else request.weekday,
        minute_of_day=DEFAULT_MINUTE if request.minute_of_day is None else request.minute_of_day,
        timezone=request.timezone or default_timezone,
        tag=request.tag,
        query=request.query,
        active_since=now.timestamp(),
        created_by=user,
        updated_at=now.timestamp(),
    )
    await save_subscription(conn, subscription)
    headline = ("*Updated this channel's weekly digest.*" if current is not None
                else "*Subscribed: this channel gets one talk's digest thread every week.*")
    return await _schedule(store, conn, subscription, headline, now)


async def _no_talks_message(store: Store, request: SubscribeRequest) -> str:
    if request.tag:
        tags = sorted({tag for talk in await store.list_talks() for tag in talk.tags}, key=str.casefold)
        known = ", ".join(f"`{escape(tag)}`" for tag in tags) or "none yet"
        return f"No talk has the tag `{quoted(request.tag)}`. Tags: {known}."
    return f"No talk matches _{mrkdwn(request.query or '', 200)}_. Try other words, or `/talk` to see all talks."


async def _schedule(store: Store, conn: aiosqlite.Connection, subscription: Subscription, headline: str,
                    now: datetime) -> ScheduleReply:
    post_at = None if subscription.paused else next_slot(subscription, now)
    talk = await next_talk_for(store, conn, subscription.channel, subscription)
    return ScheduleReply(headline, subscription, post_at, talk, filter_note(subscription))


async def _preview(store: Store, conn: aiosqlite.Connection, channel: str, subscription: Subscription | None,
                   now: datetime, default_timezone: str) -> Reply:
    talk = await next_talk_for(store, conn, channel, subscription)
    if talk is None:
        return Notice("No talk matches this channel's filter, so there is nothing to preview.")
    note = None
    if subscription is None:
        note = "This channel is not subscribed; this is what its first weekly digest would be."
    elif subscription.paused:
        note = "Weekly digests here are paused; this is what the next one will be after `/digest resume`."
    post_at = next_slot(subscription, now) if subscription and not subscription.paused else None
    zone = subscription.timezone if subscription else default_timezone
    return DigestPreview(build_digest(talk, with_footer=True), post_at, zone, note)
