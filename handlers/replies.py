"""Reply models: what a handler answers, before anything is rendered for Slack or a terminal.

Handlers return these; ``handlers.blocks`` renders them to Block Kit; the bot decides where
they go. ``hits()`` lists what an answer was built from, for ``talkbot ask --json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from store.model import DefineResult, PointHit, Talk, TalkHit, TermHit
from store.state import Subscription


def term_hit_json(hit: TermHit) -> list[dict[str, Any]]:
    sense_of = {d.source: sense.name for sense in hit.senses for d in sense.definitions}
    return [
        {
            "kind": "term",
            "talk_id": d.talk_id,
            "title": d.talk_title,
            "source": d.source.as_dict(),
            "term": hit.term,
            "sense": sense_of.get(d.source, hit.term),
            "expansion": d.expansion if d.term else hit.expansion,
            "definition": d.definition,
        }
        for d in hit.definitions
    ]


def talk_json(talk: Talk | TalkHit) -> dict[str, Any]:
    """A talk (or a talk hit) as ``talkbot ask --json`` lists it."""
    return {"kind": "talk", "talk_id": talk.talk_id, "title": talk.title, "source": talk.source.as_dict()}


def point_hit_json(hit: PointHit) -> dict[str, Any]:
    return {
        "kind": "point",
        "talk_id": hit.talk_id,
        "title": hit.talk_title,
        "source": hit.source.as_dict(),
        "ts": hit.label,
        "seconds": hit.seconds,
        "point": hit.title,
    }


@dataclass
class Notice:
    """A short message: usage help, an error said kindly, a confirmation."""

    text: str
    title: str | None = None

    def hits(self) -> list[dict[str, Any]]:
        return []


@dataclass
class DefineReply:
    """One or more looked-up terms (``/define XLA HLO PJRT`` gives several results)."""

    results: list[DefineResult]
    shared_by: str | None = None  # user id when someone shared it in the channel
    expanded: bool = False  # show every talk's definition, not only the best

    def hits(self) -> list[dict[str, Any]]:
        return [item for result in self.results for hit in result.hits for item in term_hit_json(hit)]


@dataclass
class TalkListReply:
    """Best talks for a query (or all talks, paged) with the first one as a card."""

    query: str
    talks: list[TalkHit]
    first: Talk | None = None
    page: int = 0
    pages: int = 1
    points_shown: int = 3

    def hits(self) -> list[dict[str, Any]]:
        return [talk_json(hit) for hit in self.talks]


@dataclass
class TalkPointsReply:
    """More key points of one talk."""

    talk: Talk
    start: int = 0
    count: int = 10

    def hits(self) -> list[dict[str, Any]]:
        return [talk_json(self.talk)]


@dataclass
class PointsReply:
    """Key points answering a free question (mentions)."""

    query: str
    points: list[PointHit]
    talks: list[TalkHit] = field(default_factory=list)
    terms: list[TermHit] = field(default_factory=list)
    scoped_to: str | None = None  # talk title when the answer is about the thread's talk
    suggestions: list[str] = field(default_factory=list)

    def hits(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for hit in self.terms:
            out.extend(term_hit_json(hit))
        out.extend(point_hit_json(p) for p in self.points)
        out.extend(talk_json(t) for t in self.talks)
        return out


@dataclass
class DigestThread:
    """A digest: the parent message's talk and the replies that go under it, in order."""

    talk: Talk
    point_groups: list[list[int]]  # indexes into the talk's (merged) key points, one list per reply
    footer_terms: list[tuple[str, str]] = field(default_factory=list)  # (acronym, expansion) for weekly digests

    def hits(self) -> list[dict[str, Any]]:
        return [talk_json(self.talk)]


@dataclass
class TalkHome:
    """The App Home tab: talks and commands."""

    talks: list[Talk]

    def hits(self) -> list[dict[str, Any]]:
        return []


@dataclass
class ScheduleReply:
    """A channel's weekly digest schedule (after subscribe, resume or ``/digest schedule``)."""

    headline: str  # already-escaped mrkdwn, e.g. "Subscribed this channel to weekly digests."
    subscription: Subscription
    next_post_at: datetime | None  # UTC; None while paused
    next_talk: Talk | None
    filter_note: str | None = None  # "talks tagged xla", "talks matching …"

    def hits(self) -> list[dict[str, Any]]:
        return [] if self.next_talk is None else [talk_json(self.next_talk)]


@dataclass
class DigestPreview:
    """What the channel's next weekly digest will look like, shown only to the asker."""

    thread: DigestThread
    post_at: datetime | None  # UTC; None when the channel is not subscribed or paused
    timezone: str
    note: str | None = None  # already-escaped mrkdwn, e.g. "This channel is not subscribed."

    def hits(self) -> list[dict[str, Any]]:
        return self.thread.hits()


@dataclass
class DigestChoice:
    """``/digest WORDS`` matched no talk confidently: the candidates, to pick from privately."""

    query: str
    talks: list[TalkHit]

    def hits(self) -> list[dict[str, Any]]:
        return [talk_json(hit) for hit in self.talks]


Reply = (Notice | DefineReply | TalkListReply | TalkPointsReply | PointsReply | DigestThread | TalkHome
         | ScheduleReply | DigestPreview | DigestChoice)
