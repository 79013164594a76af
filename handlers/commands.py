"""Slash-command handlers for /define and /talk (and their buttons): text in, reply model out.

Callable from tests and the terminal without Slack; /digest is handlers.digest_commands.
"""

from __future__ import annotations

import math
import re

from store.db import Store
from store.model import DefineResult, TalkHit, TeamDefinition
from store.result_cache import cacheable
from store.text import clean_query, term_key, tokens

from .blocks import escape
from .replies import DefineReply, Notice, TalkListReply, TalkPointsReply

DEFINE_USAGE = (
    "*Usage:* `/define TERM` — for example `/define XLA`.\n"
    "Several at once: `/define XLA HLO PJRT` or `/define flash attention, roofline`."
)
TALK_USAGE = "*Usage:* `/talk QUERY` — for example `/talk pallas`. `/talk` alone lists all talks."
# What a click on a button whose talk is gone (the corpus changed) or whose value does not check out gets.
STALE_BUTTON = Notice("That button no longer works. Run the command again for a fresh one.")
MAX_TERMS = 10
TALKS_PER_PAGE = 8
STRONG_MATCHES = ("exact", "alias", "expansion", "translation")


# What people type between terms: "XLA & HLO", "XLA / HLO", "XLA and HLO", "XLA OR HLO", "XLA -- HLO".
_SEPARATOR_RE = re.compile(r"\s+(?:[&/+|]|-{1,2}|[–—]|and|or|und|oder|vs\.?)\s+", re.IGNORECASE)
# "XLA/HLO" and "XLA&HLO" are two terms only when each part is one: "I/O" or "R&D" stay whole.
_JOINED_RE = re.compile(r"(?<=\w)[&/](?=\w)")


def _split_terms(query: str) -> list[str]:
    if "," in query or ";" in query:
        return _terms(query.replace(";", ",").split(","))
    return [query]


def _terms(parts: list[str]) -> list[str]:
    """The parts that can be terms: separators and punctuation alone are none."""
    return [part.strip() for part in parts if tokens(part)][:MAX_TERMS]


async def define(store: Store, text: str, *, expanded: bool = False) -> Notice | DefineReply:
    """``/define TERM``: one or several glossary entries, or suggestions, with the team's definitions beside them
    (one more sense each); a term the team pointed to another (``= see OTHER``) shows that one.

    The looked-up entries and team definitions are kept as one answer of the corpus generation: a repeated
    ``/define`` is one store call, not one per lookup."""
    query = clean_query(text)
    if not tokens(query):
        return Notice(DEFINE_USAGE)
    key = ("define_reply", query) if cacheable(query) else None
    found = await store.composed(key, lambda: _define(store, query))
    if found is None:
        return Notice(DEFINE_USAGE)
    results, team, pointer = found
    return DefineReply(list(results), expanded=expanded, team=dict(team), pointer=pointer)


# What a /define looked up, immutable so it can be kept: the results, each one's team definition, the pointer.
_Defined = tuple[tuple[DefineResult, ...], tuple[tuple[str, TeamDefinition], ...], tuple[str, TeamDefinition] | None]


async def _define(store: Store, query: str) -> _Defined | None:
    """What ``/define`` looks up for ``query`` (None: nothing to look up, the team pointed it to no term)."""
    whole = (await store.team_definitions([query])).get(term_key(query))
    if whole is not None and whole.see:
        reply = await _lookup(store, whole.see)
    elif whole is not None:  # a team term is one term, never split into words
        reply = DefineReply([await store.define(query)])
    else:
        reply = await _lookup(store, query)
    if isinstance(reply, Notice):
        return None
    terms = [result.query for result in reply.results] + [hit.term for r in reply.results for hit in r.hits[:1]]
    found = await store.team_definitions(terms)
    team: dict[str, TeamDefinition] = {}
    for result in reply.results:
        strong = result.hits and result.hits[0].match != "fuzzy"
        definition = found.get(term_key(result.query)) or (found.get(term_key(result.hits[0].term)) if strong else None)
        if definition is not None and definition.text:
            team[result.query] = definition
    pointer = (query, whole) if whole is not None and whole.see else None
    return tuple(reply.results), tuple(team.items()), pointer


async def _lookup(store: Store, text: str, *, expanded: bool = False) -> Notice | DefineReply:
    """The corpus's entries for one or several terms."""
    query = clean_query(text)
    if not tokens(query):
        return Notice(DEFINE_USAGE)
    parts = _split_terms(query)
    if len(parts) > 1:
        return DefineReply(await store.define_each(parts), expanded=expanded)
    whole = await store.define(query)
    if not _strong(whole):
        if len(parts := _terms(_SEPARATOR_RE.split(query))) > 1:
            return DefineReply(await store.define_each(parts), expanded=expanded)
        if len(parts := _terms(_JOINED_RE.split(query))) > 1:
            each = await store.define_each(parts)
            if all(_strong(result) for result in each):
                return DefineReply(each, expanded=expanded)
    words = _terms(query.split())
    if 1 < len(words) <= MAX_TERMS and not _strong(whole):
        each = await store.define_each(words)
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
        return STALE_BUTTON
    hit = TalkHit(found.talk_id, found.title, found.speakers, found.summaries[0].text, 0.0, found.source)
    return TalkListReply(query=found.title, talks=[hit], first=found)


async def more_points(store: Store, talk_id: str, start: int) -> Notice | TalkPointsReply:
    """The next key points of a talk (the "More key points" button)."""
    found = await store.get_talk(talk_id)
    if found is None or start < 0:
        return STALE_BUTTON
    total = len(found.key_points)
    if start >= total:
        return Notice(f"That was all: *{escape(found.title)}* has {total} key points.")
    return TalkPointsReply(found, start=start)
