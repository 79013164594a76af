"""Slash-command handlers: text in, reply model out. Callable from tests and the terminal without Slack."""

from __future__ import annotations

import math
from datetime import datetime

import aiosqlite

from store.db import Store
from store.model import DefineResult, TalkHit
from store.text import clean_query, tokens

from . import subscriptions
from .blocks import escape
from .digests import build_digest
from .replies import DefineReply, Notice, Reply, TalkListReply, TalkPointsReply

DEFINE_USAGE = (
    "*Usage:* `/define TERM` — for example `/define XLA`.\n"
    "Several at once: `/define XLA HLO PJRT` or `/define flash attention, roofline`."
)
TALK_USAGE = "*Usage:* `/talk QUERY` — for example `/talk pallas`. `/talk` alone lists all talks."
DIGEST_USAGE = "*Usage:* `/digest TALK` — posts that talk's digest thread here, e.g. `/digest xla crash course`."
MAX_TERMS = 10
TALKS_PER_PAGE = 8
STRONG_MATCHES = ("exact", "alias", "expansion", "translation")


def _split_terms(query: str) -> list[str]:
    if "," in query or ";" in query:
        return [part.strip() for part in query.replace(";", ",").split(",") if part.strip()][:MAX_TERMS]
    return [query]


async def define(store: Store, text: str, *, expanded: bool = False) -> Notice | DefineReply:
    """``/define TERM``: one or several glossary entries, or suggestions."""
    query = clean_query(text)
    if not tokens(query):
        return Notice(DEFINE_USAGE)
    parts = _split_terms(query)
    if len(parts) > 1:
        return DefineReply([await store.define(part) for part in parts], expanded=expanded)
    whole = await store.define(query)
    words = query.split()
    if 1 < len(words) <= MAX_TERMS and not _strong(whole):
        each = [await store.define(word) for word in words]
        if sum(1 for result in each if _strong(result)) >= 2:
            return DefineReply(each, expanded=expanded)
    return DefineReply([whole], expanded=expanded)


def _strong(result: DefineResult) -> bool:
    return bool(result.hits) and result.hits[0].match in STRONG_MATCHES


async def talk(store: Store, text: str, *, page: int = 0) -> Notice | TalkListReply:
    """``/talk QUERY``: the best talks, the first as a card; no text lists all talks, paged."""
    query = clean_query(text)
    if not tokens(query):
        return await all_talks(store, page=page)
    hits = await store.find_talks(query, limit=5)
    first = await store.get_talk(hits[0].talk_id) if hits else None
    return TalkListReply(query=query, talks=hits, first=first)


async def all_talks(store: Store, *, page: int = 0) -> TalkListReply:
    """Every talk, ``TALKS_PER_PAGE`` at a time."""
    talks = await store.list_talks()
    pages = max(1, math.ceil(len(talks) / TALKS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    shown = talks[page * TALKS_PER_PAGE : (page + 1) * TALKS_PER_PAGE]
    hits = [TalkHit(t.talk_id, t.title, t.speakers, t.summaries[0].text, 0.0, t.source) for t in shown]
    return TalkListReply(query="", talks=hits, first=None, page=page, pages=pages)


async def open_talk(store: Store, talk_id: str) -> Notice | TalkListReply:
    """One talk as a card (the "Open" button)."""
    found = await store.get_talk(talk_id)
    if found is None:
        return Notice(_stale_button())
    hit = TalkHit(found.talk_id, found.title, found.speakers, found.summaries[0].text, 0.0, found.source)
    return TalkListReply(query=found.title, talks=[hit], first=found)


async def more_points(store: Store, talk_id: str, start: int) -> Notice | TalkPointsReply:
    """The next key points of a talk (the "More key points" button)."""
    found = await store.get_talk(talk_id)
    if found is None or start < 0:
        return Notice(_stale_button())
    total = len(found.summaries[0].key_points)
    if start >= total:
        return Notice(f"That was all: *{escape(found.title)}* has {total} key points.")
    return TalkPointsReply(found, start=start)


async def digest(
    store: Store,
    text: str,
    *,
    channel: str | None = None,
    timezone: str = "UTC",
    schedule_db: aiosqlite.Connection | None = None,
    user: str | None = None,
    now: datetime | None = None,
) -> Reply:
    """``/digest TALK``: the digest thread of the best-matching talk; ``/digest subscribe …`` and friends manage
    the channel's weekly digests (they need ``channel`` and ``schedule_db``)."""
    if subscriptions.subcommand_of(text):
        if channel is None or schedule_db is None:
            return Notice("Weekly digests are set up in a Slack channel: run `/digest subscribe` there.")
        return await subscriptions.handle(store, schedule_db, channel, text, default_timezone=timezone, user=user,
                                          now=now)
    query = clean_query(text)
    if not tokens(query):
        return Notice(DIGEST_USAGE + "\n" + subscriptions.SUBSCRIPTION_USAGE.format(zone=escape(timezone)))
    found = await store.get_talk(query.strip())  # a talk id from a button or a precise user
    if found is None:
        hits = await store.find_talks(query, limit=1)
        if not hits:
            return Notice(f"No talk matches *{escape(query)}*. Try `/talk` to see them all.")
        found = await store.get_talk(hits[0].talk_id)
    if found is None:
        return Notice(f"No talk matches *{escape(query)}*.")
    return build_digest(found)


def _stale_button() -> str:
    return "That button is out of date (the talk list changed). Run the command again."
