"""Composing digests (what goes out): which talk a channel gets next, and its thread's messages.

A digest is the thread of one talk: its summary as the parent, then its key points (every
summary's, merged: store/merging.py) a few per reply, its glossary, and for weekly digests an
acronym footer. Used by the
scheduler (weekly), the poster (``talkbot digest --now``) and ``/digest preview``.
"""

from __future__ import annotations

import re
from typing import Any

from store.db import Store
from store.model import Talk
from store.state import BotState, Subscription

from .blocks import render_digest
from .replies import DigestThread

POINTS_PER_REPLY = 3  # a few per reply keeps threads short and each message well under Block Kit limits
_ACRONYM_RE = re.compile(r"\b[A-Z][A-Z0-9]{1,9}\b")


def build_digest(talk: Talk, *, per_reply: int = POINTS_PER_REPLY, with_footer: bool = False) -> DigestThread:
    """The digest of a talk: its key points (every summary's, merged, in order), grouped ``per_reply``."""
    points = talk.key_points
    groups = [list(range(start, min(start + per_reply, len(points)))) for start in range(0, len(points), per_reply)]
    footer = acronyms_used(talk) if with_footer else []
    return DigestThread(talk=talk, point_groups=groups, footer_terms=footer)


def weekly_messages(talk: Talk) -> list[dict[str, Any]]:
    """The messages of a channel's scheduled digest of ``talk`` (with the acronym footer), in posting order."""
    return render_digest(build_digest(talk, with_footer=True))


def acronyms_used(talk: Talk) -> list[tuple[str, str]]:
    """Acronyms the digest's text uses, with their expansion from the talk's glossary, in first-use order."""
    summary = talk.summaries[0]
    expansions: dict[str, str] = {}
    for entry in talk.glossary:
        for index, term in enumerate(entry.terms):
            if index < len(entry.expansions) and _ACRONYM_RE.fullmatch(term):
                expansions.setdefault(term, entry.expansions[index])
    text = " ".join([summary.text, *(f"{p.title} {p.text}" for p in talk.key_points)])
    used: dict[str, str] = {}
    for match in _ACRONYM_RE.finditer(text):
        word = match.group(0)
        if word in expansions:
            used.setdefault(word, expansions[word])
    return list(used.items())


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


async def next_talk_for(store: Store, state: BotState, channel: str,
                        subscription: Subscription | None) -> Talk | None:
    """The talk the channel's next digest will be about, with all its summaries."""
    talks = await eligible_talks(store, subscription.tag if subscription else None,
                                 subscription.query if subscription else None)
    chosen = pick_next_talk(talks, await state.talk_post_counts(channel))
    return await store.get_talk(chosen.talk_id) if chosen else None
