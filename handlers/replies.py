"""Reply models: what a handler answers, before anything is rendered for Slack or a terminal.

Handlers return these; ``handlers.blocks`` renders them to Block Kit; the bot decides where
they go. ``hits()`` lists what an answer was built from, for ``talkbot ask --json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from store.model import DefineResult, PointHit, Talk, TalkHit, TeamDefinition, TermHit
from store.state import Subscription
from store.usage import Question


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
        "text": hit.text,
    }


@dataclass
class Notice:
    """A short message: usage help, an error said kindly, a confirmation."""

    text: str
    title: str | None = None
    shape: str | None = None  # "help" for the usage reply to a question
    language: str | None = None  # the language of its words, when it answers a question

    def hits(self) -> list[dict[str, Any]]:
        return []


@dataclass
class DefineReply:
    """One or more looked-up terms (``/define XLA HLO PJRT`` gives several results)."""

    results: list[DefineResult]
    shared_by: str | None = None  # user id when someone shared it in the channel
    expanded: bool = False  # show every talk's definition, not only the best
    team: dict[str, TeamDefinition] = field(default_factory=dict)  # each result's team definition, by its query
    pointer: tuple[str, TeamDefinition] | None = None  # the query the team pointed to another term ("see")

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
    can_edit: bool = False  # the asker is an editor: the card offers *Set video link*

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
class AnswerReply:
    """The answer to a question (mentions, DMs): the answer first, then what supports it.

    ``lead`` is the best evidence, shown as one sentence with its talk and timestamp; ``points`` are
    the supporting key points (every moment, grouped by talk, for a "when" question). ``not_covered``
    names what the summaries do not mention; it is said first, before any nearest match.
    """

    shape: str  # handlers.questions.Shape value
    language: str  # "en" or "de": the bot's own words
    subject: str
    other: str = ""  # the second term of a comparison
    not_covered: list[str] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    context_of: str = ""  # with not_covered: what the question asks about that the summaries do cover (the points)
    apart: bool = False  # with not_covered: the summaries have those words, never with ``context_of``
    lead: PointHit | None = None
    terms: list[TermHit] = field(default_factory=list)  # definition cards (two for a comparison)
    team: list[TeamDefinition] = field(default_factory=list)  # the team's, one more sense of a term above
    team_terms: list[TeamDefinition] = field(default_factory=list)  # terms only the team defined
    pointer: tuple[str, TeamDefinition] | None = None  # the asked term the team pointed to another ("see")
    speakers_of: TalkHit | None = None  # "who presented": the talk whose speakers answer it
    recommended: TalkHit | None = None  # "which talk should I watch"
    summary_of: Talk | None = None  # "summarize X"
    points: list[PointHit] = field(default_factory=list)
    grouped: bool = False  # show points grouped by talk (every moment of a topic)
    talks: list[TalkHit] = field(default_factory=list)  # other talks, or the talk list
    all_talks: bool = False  # the talks are every talk ("what talks do you have?")
    numbers: bool = False  # highlight the numbers in the points (how much / how many)
    scoped_to: str | None = None  # talk title when the answer keeps to the thread's talk
    note: str = ""  # a wording key for a short line before the points (e.g. "compare_both")
    more: bool = False  # there is more to show ("more" in the thread continues)
    done: bool = False  # "more" asked, nothing left
    talk_id: str | None = None  # the talk this answer is about, remembered for follow-ups
    shown: int = 0  # key points shown so far in this thread's topic, for "more"

    @property
    def covered(self) -> bool:
        """False when the summaries do not mention what was asked about."""
        return not self.not_covered

    def hits(self) -> list[dict[str, Any]]:
        """What the answer was built from, in the order it is shown: the answer first."""
        out: list[dict[str, Any]] = []
        for talk in (self.speakers_of, self.recommended, self.summary_of):
            if talk is not None:
                out.append(talk_json(talk))
        if self.lead is not None:
            out.append(point_hit_json(self.lead))
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
    recent: list[Question] = field(default_factory=list)  # the viewer's own latest questions

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


# -- /talkbot: stats, gaps, the curator report (handlers/usage_report.py builds them) ------------


@dataclass
class StatsReply:
    """``/talkbot stats``: counts over a window; only public questions contribute terms and talks."""

    window: str  # "week" or "month"
    questions: int
    answered: int
    by_visibility: dict[str, int]
    up: int
    down: int
    top_terms: list[tuple[str, int]]
    top_talks: list[tuple[str, int]]  # (talk title, count)

    def hits(self) -> list[dict[str, Any]]:
        return []


@dataclass(frozen=True)
class Gap:
    """A question (public, as normalised) that went unanswered, with how often and when."""

    text: str  # the latest public wording
    count: int
    first_asked: float
    last_asked: float


@dataclass(frozen=True)
class Disliked:
    """A 👎 answer: the public question it answered (or a digest's talk), the count and the reasons."""

    what: str
    count: int
    reasons: tuple[tuple[str, int], ...]
    comments: tuple[str, ...] = ()  # public answers' comments only


@dataclass(frozen=True)
class PendingSuggestion:
    """A member's open suggestion as ``/talkbot gaps`` and the curator report list it (``what``: escaped mrkdwn)."""

    edit_id: int
    user_id: str
    created_at: float
    what: str


@dataclass
class GapsReply:
    """``/talkbot gaps``: what people asked and did not find, and the members' suggestions waiting for an editor."""

    window: str
    unanswered: list[Gap]
    unanswered_private: int  # counted, never shown
    disliked: list[Disliked]
    disliked_private: int
    undefined_terms: list[tuple[str, int]]
    never_asked: list[str]  # talk titles
    talks_total: int = 0
    suggestions: list[PendingSuggestion] = field(default_factory=list)

    def hits(self) -> list[dict[str, Any]]:
        return []


@dataclass
class CuratorReport:
    """The weekly curator report: the week's stats and gaps in one message."""

    stats: StatsReply
    gaps: GapsReply
    preview: bool = False

    def hits(self) -> list[dict[str, Any]]:
        return []


@dataclass
class OwnHistory:
    """What a member sees of the records: their own recent questions and votes (``/talkbot stats``)."""

    questions: list[Question]
    note: str  # why they see only their own

    def hits(self) -> list[dict[str, Any]]:
        return []


Reply = (Notice | DefineReply | TalkListReply | TalkPointsReply | AnswerReply | DigestThread | TalkHome
         | ScheduleReply | DigestPreview | DigestChoice | StatsReply | GapsReply | CuratorReport | OwnHistory)
