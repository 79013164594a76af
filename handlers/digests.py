"""Digest threads: which key points go in which reply, and the acronym footer of weekly digests."""

from __future__ import annotations

import re

from store.model import Talk

from .replies import DigestThread

POINTS_PER_REPLY = 3  # a few per reply keeps threads short and each message well under Block Kit limits
_ACRONYM_RE = re.compile(r"\b[A-Z][A-Z0-9]{1,9}\b")


def build_digest(talk: Talk, *, per_reply: int = POINTS_PER_REPLY, with_footer: bool = False) -> DigestThread:
    """The digest of a talk's first summary: key points in written order, grouped ``per_reply``."""
    points = talk.summaries[0].key_points
    groups = [list(range(start, min(start + per_reply, len(points)))) for start in range(0, len(points), per_reply)]
    footer = acronyms_used(talk) if with_footer else []
    return DigestThread(talk=talk, point_groups=groups, footer_terms=footer)


def acronyms_used(talk: Talk) -> list[tuple[str, str]]:
    """Acronyms the digest's text uses, with their expansion from the talk's glossary, in first-use order."""
    summary = talk.summaries[0]
    expansions: dict[str, str] = {}
    for entry in (e for s in talk.summaries for e in s.glossary):
        for index, term in enumerate(entry.terms):
            if index < len(entry.expansions) and _ACRONYM_RE.fullmatch(term):
                expansions.setdefault(term, entry.expansions[index])
    text = " ".join([summary.text, *(f"{p.title} {p.text}" for p in summary.key_points)])
    used: dict[str, str] = {}
    for match in _ACRONYM_RE.finditer(text):
        word = match.group(0)
        if word in expansions:
            used.setdefault(word, expansions[word])
    return list(used.items())
