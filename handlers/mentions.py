"""Mentions: "@talkbot what is PJRT?" in a channel or a thread becomes a reply model."""

from __future__ import annotations

import re

from store.db import Store
from store.text import clean_query, tokens

from . import commands, digest_commands
from .replies import DefineReply, Notice, PointsReply, Reply

MENTION_USAGE = (
    "Ask me about the talks: `@talkbot what is PJRT?`, `@talkbot define XLA`, `@talkbot talk pallas`, "
    "or any question — I answer with the key points that match."
)
_DEFINE_RE = re.compile(
    r"^(?:define|definition of|what(?:'s| is| are| does)|was ist|was sind|was bedeutet|explain|meaning of)\s+(.+?)"
    r"(?:\s+(?:mean|stand for|bedeutet))?\s*\??$",
    re.IGNORECASE,
)
_TALK_RE = re.compile(
    r"^(?:talks?(?: about| on)?|find talks?(?: about| on)?|is there a talk (?:about|on)"
    r"|which talks? (?:is |are )?(?:about|on)"
    r"|who (?:presented|gave|spoke about|talked about|presents|gives)(?: the talk on| the talk about)?"
    r"|vortrag|vortr[äa]ge|wer hat)\s+(.+?)\??$",
    re.IGNORECASE,
)
_DIGEST_RE = re.compile(r"^digest\s+(.+)$", re.IGNORECASE)
POINTS_IN_ANSWER = 3


async def answer(store: Store, text: str, *, thread_talk_id: str | None = None) -> Reply:
    """Answer a mention; inside a digest thread, key points of that thread's talk come first."""
    query = clean_query(text)
    if not tokens(query):
        return Notice(MENTION_USAGE)
    if match := _TALK_RE.match(query):
        return await commands.talk(store, match.group(1))
    if match := _DIGEST_RE.match(query):
        return await digest_commands.digest(store, match.group(1))
    defined = None
    if match := _DEFINE_RE.match(query):
        reply = await commands.define(store, match.group(1).strip(" ?"))
        if isinstance(reply, DefineReply) and any(r.hits for r in reply.results):
            if query.lower().startswith("define") or _is_term_lookup(reply):
                return reply
            defined = reply
    return await _points(store, query, thread_talk_id, defined)


def _is_term_lookup(reply: DefineReply) -> bool:
    return all(r.hits and r.hits[0].match in commands.STRONG_MATCHES for r in reply.results)


async def _points(store: Store, query: str, thread_talk_id: str | None, defined: DefineReply | None) -> Reply:
    scoped_to = None
    points = []
    if thread_talk_id:
        points = await store.find_points(query, limit=POINTS_IN_ANSWER, talk_id=thread_talk_id)
        if points:
            scoped_to = points[0].talk_title
    if not points:
        points = await store.find_points(query, limit=POINTS_IN_ANSWER)
    talks = await store.find_talks(query, limit=3) if points else []
    terms = [r.hits[0] for r in defined.results if r.hits] if defined else []
    reply = PointsReply(query=query, points=points, talks=talks, terms=terms, scoped_to=scoped_to)
    if not points and not terms:
        result = await store.define(query)
        reply.suggestions = [hit.term for hit in result.hits] or list(result.suggestions)
    return reply

