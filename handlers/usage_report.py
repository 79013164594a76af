"""What the team asked and how it rated the answers, for the people who keep the summaries.

Pure functions over recorded questions and votes (store.usage): which answers count as "not
covered", how a question is normalised for counting, and the stats, gaps and weekly report.

Privacy, built in here so every view (``/talkbot``, the weekly report, ``talkbot stats``/``gaps``)
gets it the same way:
- only questions asked in public channels are shown as text; questions, comments and votes from
  private channels and DMs are counted, never shown (their author sees their own in App Home);
- no user id ever reaches a report: the builders below never read ``Question.user_id``;
- top terms and talks come from public questions only (a DM's topic is its author's business).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from store.lexicon import Lexicon, phrase_key
from store.model import Talk
from store.text import clean_query, tokens
from store.usage import DM, DOWN, PUBLIC, UP, Question, Vote

from .replies import (
    AnswerReply,
    DefineReply,
    Disliked,
    Gap,
    GapsReply,
    OwnHistory,
    Reply,
    StatsReply,
    TalkListReply,
)

WINDOWS = {"week": 7, "month": 30}
TOP = 10
MAX_QUESTION_CHARS = 500  # what is kept of a question's text


@dataclass(frozen=True)
class AnswerOutcome:
    """What an answer was, for the record: covered or not, its shape, the terms and talks it showed."""

    answered: bool
    shape: str
    terms: tuple[str, ...] = ()
    talks: tuple[str, ...] = ()


def outcome_of(reply: Reply) -> AnswerOutcome | None:
    """The outcome of a reply to a question; None for replies that answer no question (usage help, digests)."""
    if isinstance(reply, DefineReply):
        # A term only the team defined is answered too (the team's definition is what was shown).
        terms = tuple(dict.fromkeys([r.hits[0].term for r in reply.results if r.hits]
                                    + [team.term for team in reply.team.values()]))
        talks = tuple(dict.fromkeys(d.talk_id for r in reply.results for h in r.hits[:1] for d in h.definitions))
        return AnswerOutcome(bool(terms), "definition", terms, talks[:TOP])
    if isinstance(reply, TalkListReply):
        if not reply.query:
            return None  # "/talk" alone lists the talks: browsing, not a question
        talks = tuple(hit.talk_id for hit in reply.talks)
        return AnswerOutcome(bool(talks), "talks", (), talks)
    if isinstance(reply, AnswerReply):
        if reply.shape == "more" or reply.done:
            return None  # "more" continues the last answer: not a new question
        shown = [t for t in (reply.speakers_of, reply.recommended, reply.summary_of) if t is not None]
        talks = tuple(dict.fromkeys([t.talk_id for t in shown] + ([reply.lead.talk_id] if reply.lead else [])
                                    + [p.talk_id for p in reply.points] + [t.talk_id for t in reply.talks]))
        teams = [team.term for team in (*reply.team, *reply.team_terms)]
        terms = tuple(dict.fromkeys([hit.term for hit in reply.terms] + teams))
        found = bool(shown or reply.lead or reply.points or reply.terms or teams or reply.talks)
        # "Not covered" is unanswered even when a nearest match is shown after it.
        return AnswerOutcome(reply.covered and found, reply.shape, terms, talks[:TOP])
    return None


def normalize(text: str, lexicon: Lexicon) -> str:
    """A question as counted: folded case and diacritics, no punctuation or Slack markup, slips replaced
    by their canonical names ("Was ist Palace?" and "was ist pallas" count as one)."""
    words = tokens(clean_query(text))
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in range(min(lexicon.longest_phrase, len(words) - i), 0, -1):
            canonical = lexicon.canonical.get(" ".join(words[i:i + size]))
            if canonical is not None:
                out.append(phrase_key(canonical))
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return " ".join(out)[:MAX_QUESTION_CHARS]


# -- stats ---------------------------------------------------------------------------------


def build_stats(window: str, questions: list[Question], votes: list[Vote],
                talks: dict[str, str]) -> StatsReply:
    """Counts over ``questions`` and ``votes`` (already limited to the window); ``talks`` maps id -> title."""
    public = [q for q in questions if q.visibility == PUBLIC]
    term_counts = Counter(term for q in public for term in q.terms)
    talk_counts = Counter(talk for q in public for talk in q.talks if talk in talks)
    return StatsReply(
        window=window,
        questions=len(questions),
        answered=sum(1 for q in questions if q.answered),
        by_visibility=dict(Counter(q.visibility for q in questions)),
        up=sum(1 for v in votes if v.value == UP),
        down=sum(1 for v in votes if v.value == DOWN),
        top_terms=term_counts.most_common(TOP),
        top_talks=[(talks[t], n) for t, n in talk_counts.most_common(TOP)],
    )


def build_gaps(window: str, questions: list[Question], votes: list[Vote], all_talks: list[Talk],
               asked_talks: set[str]) -> GapsReply:
    """What went unanswered, the 👎 answers, terms no glossary defines, talks nobody asked about."""
    unanswered = [q for q in questions if not q.answered]
    public_gaps: dict[str, list[Question]] = {}
    for q in unanswered:
        if q.visibility == PUBLIC and q.normalized:
            public_gaps.setdefault(q.normalized, []).append(q)
    gaps = sorted(
        (Gap(asked[-1].text, len(asked), asked[0].asked_at, asked[-1].asked_at) for asked in public_gaps.values()),
        key=lambda gap: (-gap.count, -gap.last_asked),
    )
    undefined = Counter(q.normalized for q in unanswered if q.via == "define" and q.visibility == PUBLIC)
    titles = {talk.talk_id: talk.title for talk in all_talks}
    disliked: dict[str, list[Vote]] = {}
    disliked_private = 0
    for vote in votes:
        if vote.value != DOWN:
            continue
        if vote.question is not None and vote.question.visibility == PUBLIC:
            disliked.setdefault(f"“{vote.question.text}”", []).append(vote)
        elif vote.question is None and vote.digest_talk is not None:
            disliked.setdefault(f"Digest of {titles.get(vote.digest_talk, vote.digest_talk)}", []).append(vote)
        else:
            disliked_private += 1
    return GapsReply(
        window=window,
        unanswered=gaps[:TOP],
        unanswered_private=sum(1 for q in unanswered if q.visibility != PUBLIC),
        disliked=sorted(
            (Disliked(what, len(vs), tuple(Counter(v.reason for v in vs if v.reason).most_common()),
                      tuple(v.comment for v in vs if v.comment)[:3])
             for what, vs in disliked.items()),
            key=lambda d: -d.count,
        )[:TOP],
        disliked_private=disliked_private,
        undefined_terms=undefined.most_common(TOP),
        never_asked=[talk.title for talk in all_talks if talk.talk_id not in asked_talks],
        talks_total=len(all_talks),
    )


def own_history(questions: list[Question]) -> OwnHistory:
    return OwnHistory(questions, "Team stats and gaps are for editors; this is your own history.")


def visibility_label(visibility: str) -> str:
    return {PUBLIC: "public channels", DM: "direct messages"}.get(visibility, "private channels")


HELP_LINES = (
    "*`/talkbot`* — feedback, gaps and reports:\n"
    "• `/talkbot stats [week|month]` — questions, answered share, top terms and talks, 👍/👎 (editors; "
    "members see their own history)\n"
    "• `/talkbot gaps` — members' suggestions to accept or reject, unanswered questions, 👎 answers with reasons, "
    "undefined terms, talks never asked about (editors)\n"
    "• `/talkbot report subscribe [weekday] [HH:MM] [time zone]` · `unsubscribe` · `preview` — the weekly "
    "curator report in this channel (editors)\n"
    "• `/talkbot video TALK URL` — link every timestamp of a talk to its video (a member's link is a suggestion "
    "for the editors)\n"
    "• `/talkbot alias SLIP = NAME` · `alias forget SLIP` · `aliases` — read a transcription slip as its name "
    "in search and answers (editors); list the aliases\n"
    "• `/talkbot history [TALK]` · `/talkbot undo N` — the team's edits, newest first; revert one (editors)\n"
    "• `/talkbot forget me` — delete everything talkbot keeps about you, at once"
)
