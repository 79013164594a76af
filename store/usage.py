"""Records of what people asked and how they rated answers (issue 15), as ``BotState`` reads and writes them.

These are the only records about people the bot keeps besides seen event ids and thread topics:
each row carries its user id so ``/talkbot forget me`` can delete it, and its time so the daily
retention purge can. Reports never show the user id; see handlers/usage_report.py for who sees what.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PUBLIC, PRIVATE, DM = "public", "private", "dm"  # where a question was asked (questions.visibility)
UP, DOWN = 1, -1
VIA_BUTTON, VIA_REACTION = "button", "reaction"
# Why a 👎 answer was wrong (the modal's choices), in the order the modal lists them.
REASONS = {
    "wrong_talk": "Wrong talk",
    "wrong_moment": "Wrong moment or timestamp",
    "wrong_definition": "Wrong definition",
    "missing": "Something is missing",
    "other": "Other",
}


def question_answer(ref: str) -> str:
    """The votes.answer key of a question's answer."""
    return f"q:{ref}"


def digest_answer(digest_id: int) -> str:
    """The votes.answer key of a digest thread (votes by reaction on its parent)."""
    return f"d:{digest_id}"


@dataclass(frozen=True)
class Question:
    """One question the bot answered (or could not), as recorded after the answer went out."""

    ref: str
    asked_at: float
    user_id: str
    channel: str
    visibility: str  # PUBLIC, PRIVATE or DM
    via: str  # 'define', 'talk', 'mention', 'dm', 'home'
    text: str
    normalized: str
    answered: bool
    shape: str
    terms: tuple[str, ...] = ()
    talks: tuple[str, ...] = ()
    thread_ts: str | None = None
    message_ts: str | None = None
    team_id: str = ""
    enterprise_id: str | None = None


@dataclass(frozen=True)
class Vote:
    """One person's vote on one answer, with the question it was about when there is one."""

    answer: str
    value: int  # UP or DOWN
    via: str
    voted_at: float
    reason: str | None = None
    comment: str | None = None
    question: Question | None = None  # None for a digest thread's vote
    digest_talk: str | None = None  # the digest's talk id for a digest thread's vote


@dataclass(frozen=True)
class VoteChange:
    """What recording a vote did: ``previous`` None for a first vote."""

    recorded: bool  # False: the answer does not exist (purged, tampered, never recorded)
    previous: int | None = None


@dataclass
class Purged:
    """Rows deleted by a purge, per kind (for the log and tests; never shown with user ids)."""

    counts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.counts.values())
