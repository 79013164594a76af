"""Team edits from Slack (issue 16): the ``team_edits`` table, its rows as records, and how they apply.

Every edit is one row, which is also its audit record (who, when, what it was before, what it is after).
An edit is keyed by what stays stable across ingests (a talk id), applied at once to the corpus tables it
changes, and applied again by every ingest (``live_video_urls``), which reports the ones whose target
is gone instead of dropping them. Undoing writes an ``undo`` row and marks the undone edit.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from .merging import display_order
from .model import KeyPoint, PointCorrection, PointHit, Talk, TeamAlias, TeamDefinition, shown_stamp
from .text import term_key

VIDEO, UNDO = "video", "undo"
MAX_URL = 500
# One statement that reads the corpus generation plus the edits' generation: an edit empties answer caches.
# The corpus's is its hash and how often an ingest wrote it: the same files rewritten (a full ingest, an export
# removed and added back) read the same, but their rows have other ids (store/prepared.py keeps rows by id).
GENERATION_SQL = ("SELECT group_concat(value, ' ') FROM (SELECT value FROM meta"
                  " WHERE key IN ('corpus_hash', 'corpus_writes', 'edits_generation') ORDER BY key)")


class AlreadySubmitted(Exception):
    """The form behind an edit was submitted before (Slack sent it twice, or a double click): nothing written."""


@dataclass(frozen=True, slots=True)
class Edit:
    """One row of ``team_edits``."""

    edit_id: int
    kind: str
    target: str
    before: str | None
    after: str | None
    user_id: str
    created_at: float
    undone_by: int | None = None


EDIT_COLUMNS = "edit_id, kind, target, before, after, user_id, created_at, undone_by"


def edit_of(row: tuple[object, ...]) -> Edit:
    edit_id, kind, target, before, after, user_id, created_at, undone_by = row
    return Edit(int(str(edit_id)), str(kind), str(target), None if before is None else str(before),
                None if after is None else str(after), str(user_id), float(str(created_at)),
                None if undone_by is None else int(str(undone_by)))


def video_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a video link (only http(s) with a host, no spaces or Slack markup), or None."""
    if len(url) > MAX_URL:
        return f"That link is {len(url)} characters long; the limit is {MAX_URL}."
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return "A video link must be an http:// or https:// URL, for example `https://www.youtube.com/watch?v=ID`."
    if re.search(r"[\s<>|]", url):
        return "A video link cannot contain spaces or the characters < > |."
    return None




def live_sql(columns: str) -> str:
    """The live edit of each target of one kind (parameter: the kind): its latest edit that was not undone
    (``after`` NULL: forgotten)."""
    return (f"SELECT {columns} FROM team_edits e WHERE kind = ? AND undone_by IS NULL AND edit_id ="
            " (SELECT max(edit_id) FROM team_edits WHERE kind = e.kind AND target = e.target AND undone_by IS NULL)"
            " ORDER BY edit_id")


LIVE_SQL = live_sql("target, after")
INSERT_SQL = ("INSERT INTO team_edits (kind, target, before, after, user_id, created_at, team_id, enterprise_id)"
              " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
# Every edit moves the edits' generation in its transaction: answer caches empty, views reload.
BUMP_GENERATION_SQL = ("INSERT INTO meta (key, value) VALUES ('edits_generation', '1') ON CONFLICT(key) DO UPDATE"
                       " SET value = CAST(value AS INTEGER) + 1")
COUNT_CORPUS_WRITE_SQL = ("INSERT INTO meta (key, value) VALUES ('corpus_writes', '1') ON CONFLICT(key) DO UPDATE"
                          " SET value = CAST(value AS INTEGER) + 1")  # each ingest that writes (GENERATION_SQL)


def live_video_urls(conn: sqlite3.Connection) -> dict[str, str]:
    """The video link each talk id has from its latest edit that was not undone (ingest applies them)."""
    return {target: after for target, after in conn.execute(LIVE_SQL, (VIDEO,)) if after is not None}


def undo_problem(edit: Edit | None, edit_id: int) -> str | None:
    """Why edit ``edit_id`` cannot be undone (there is none, it is an undo, it was undone), or None."""
    if edit is None:
        return f"There is no edit {edit_id}. `/talkbot history` lists them."
    if edit.kind == UNDO:
        return f"Edit {edit_id} is itself an undo; an undo cannot be undone. Make the edit again instead."
    if edit.kind == SUGGEST:
        return f"Edit {edit_id} is a suggestion: accept or reject it (`/talkbot gaps`)."
    if edit.kind == ACCEPT:
        return f"Edit {edit_id} accepted a suggestion; undo the edit it made (edit {edit.after}) instead."
    if edit.kind == REJECT:
        return f"Edit {edit_id} rejected a suggestion, which cannot be undone; suggest it again instead."
    if edit.undone_by is not None:
        return f"Edit {edit_id} was already undone (by edit {edit.undone_by})."
    return None


def orphaned_edits(conn: sqlite3.Connection) -> list[str]:
    """Ingest's warnings for live edits whose talk is no longer in the corpus (kept, not applied)."""
    return [f"team edit {edit_id}: the video link of talk '{target}' has no talk any more (kept, not shown; "
            "`/talkbot history` lists it)"
            for edit_id, target in conn.execute(
                "SELECT edit_id, target FROM team_edits WHERE kind = ? AND undone_by IS NULL AND NOT EXISTS"
                " (SELECT 1 FROM talks WHERE team_edits.target IN (talks.talk_id, talks.written_id)) ORDER BY edit_id",
                (VIDEO,))]


# -- team definitions (/define TERM = text, = see OTHER, /define forget TERM) ----------------------------

DEFINE = "define"
MAX_DEFINITION = 1000
MAX_TERM = 100


def definition_value(term: str, text: str | None = None, see: str | None = None) -> str:
    """The ``after`` of a define edit (JSON); a forget edit's ``after`` is NULL."""
    return json.dumps({"term": term, "text": text, "see": see}, ensure_ascii=False)


def team_definition_of(edit: Edit) -> TeamDefinition | None:
    if edit.after is None:
        return None
    value = json.loads(edit.after)
    return TeamDefinition(str(value["term"]), value.get("text"), value.get("see"), edit.user_id, edit.created_at,
                          edit.edit_id)


def describe_definition(after: str | None) -> str:
    """A define edit's value as the history shows it."""
    if after is None:
        return "none"
    value = json.loads(after)
    return f"see {value['see']}" if value.get("see") else str(value.get("text") or "")


# -- corrections of key points (the overflow menu on a key point) ------------------------------------------
# A correction is keyed by the talk id and the point's stamp in the corpus (``talk@seconds``), which survive
# an ingest. Its ``after`` is the point's whole corrected state (JSON), so the latest live one applies and an
# undo falls back to the one before it, or the corpus.

CORRECT = "correct"
MAX_CORRECTED_TEXT = 1000
MAX_FLAG = 300
MAX_STAMP_SECONDS = 24 * 3600


def point_target(talk_id: str, at: int) -> str:
    """The ``target`` of a correction: the talk id and the point's stamp in the corpus, in seconds."""
    return f"{talk_id}@{at}"


def split_point_target(target: str) -> tuple[str, int] | None:
    talk_id, _, at = target.rpartition("@")
    return (talk_id, int(at)) if talk_id and at.isdigit() else None


def correction_value(talk_id: str, at: int, seconds: int | None, text: str | None, flag: str | None,
                     hidden: bool) -> str:
    """A correction's ``after``: the point's corrected state (None fields: as in the corpus)."""
    return json.dumps({"talk": talk_id, "at": at, "seconds": seconds, "text": text, "flag": flag, "hidden": hidden},
                      ensure_ascii=False)


def correction_of(edit_id: int, user_id: str, after: str) -> PointCorrection:
    value = json.loads(after)
    return PointCorrection(int(value["at"]), user_id, edit_id, value.get("seconds"), value.get("text"),
                           value.get("flag"), bool(value.get("hidden")))


_LIVE_CORRECTIONS_SQL = (
    "SELECT edit_id, target, after, user_id FROM team_edits e WHERE kind = ? AND undone_by IS NULL AND edit_id ="
    " (SELECT max(edit_id) FROM team_edits WHERE kind = e.kind AND target = e.target AND undone_by IS NULL)")


def live_corrections_of(rows: Iterable[tuple[Any, ...]]) -> dict[tuple[str, int], PointCorrection]:
    """(talk id, stamp in the corpus) -> the correction that applies, from ``_LIVE_CORRECTIONS_SQL`` rows."""
    found = {}
    for edit_id, target, after, user_id in rows:
        key = split_point_target(str(target))
        if key is not None and after is not None:
            found[key] = correction_of(int(edit_id), str(user_id), str(after))
    return found


# team_edits.toml's corrections (store/edits_file.py) in the rows of ``_LIVE_CORRECTIONS_SQL`` (no edit: 0).
FILED_CORRECTIONS_SQL = "SELECT 0, target, after, user_id FROM filed_corrections"


def live_corrections_sql() -> tuple[str, tuple[str]]:
    return _LIVE_CORRECTIONS_SQL, (CORRECT,)


def orphaned_corrections(conn: sqlite3.Connection) -> list[str]:
    """Ingest's warnings for live corrections whose key point (talk id + stamp) is no longer in the corpus."""
    warnings = []
    for (talk_id, at), correction in sorted(live_corrections_of(conn.execute(*live_corrections_sql())).items()):
        if conn.execute("SELECT 1 FROM points WHERE talk_id = ? AND seconds = ? LIMIT 1", (talk_id, at)).fetchone():
            continue
        warnings.append(f"team edit {correction.edit_id}: the correction of the key point at {shown_stamp(at)} of talk "
                        f"'{talk_id}' has no key point there any more (kept, not shown; `/talkbot history` lists it)")
    return warnings


def corrected_point(point: KeyPoint, correction: PointCorrection) -> KeyPoint | None:
    """``point`` as corrected; None when the correction hides it."""
    if correction.hidden:
        return None
    seconds = point.seconds if correction.seconds is None else correction.seconds
    return replace(point, seconds=seconds, label=shown_stamp(seconds),
                   text=point.text if correction.text is None else correction.text, correction=correction)


def corrected_points(talk_id: str, points: Sequence[KeyPoint],
                     corrections: Mapping[tuple[str, int], PointCorrection]) -> tuple[KeyPoint, ...]:
    shown = []
    for point in points:
        correction = corrections.get((talk_id, point.seconds))
        if correction is None:
            shown.append(point)
        elif (fixed := corrected_point(point, correction)) is not None:
            shown.append(fixed)
    return display_order(shown)


def corrected_talk(talk: Talk, corrections: Mapping[tuple[str, int], PointCorrection]) -> Talk:
    """``talk`` with its key points corrected (hidden ones left out); the same record when none applies."""
    if not corrections or not any((talk.talk_id, p.seconds) in corrections
                                  for s in talk.summaries for p in s.key_points):
        return talk
    summaries = tuple(replace(s, key_points=corrected_points(talk.talk_id, s.key_points, corrections))
                      for s in talk.summaries)
    return replace(talk, summaries=summaries,
                   key_points=corrected_points(talk.talk_id, talk.key_points, corrections))


def corrected_hits(hits: Iterable[PointHit], corrections: Mapping[tuple[str, int], PointCorrection]
                   ) -> list[PointHit]:
    """Answers' key points corrected; hidden ones left out."""
    shown = []
    for hit in hits:
        correction = corrections.get((hit.talk_id, hit.seconds)) if hit.kind == "point" else None
        if correction is None:
            shown.append(hit)
        elif not correction.hidden:
            seconds = hit.seconds if correction.seconds is None else correction.seconds
            shown.append(replace(hit, seconds=seconds, label=shown_stamp(seconds),
                                 text=hit.text if correction.text is None else correction.text,
                                 correction=correction))
    return shown


# -- team aliases (/talkbot alias SLIP = NAME, /talkbot alias forget SLIP; store/team_aliases.py) ----------

ALIAS = "alias"
MAX_ALIAS = 60  # characters of either side
MAX_ALIAS_WORDS = 5


def alias_value(variant: str, canonical: str) -> str:
    """The ``after`` of an alias edit (JSON); a forget edit's ``after`` is NULL."""
    return json.dumps({"variant": variant, "canonical": canonical}, ensure_ascii=False)


def alias_pair(value: str | None) -> tuple[str, str] | None:
    """(variant, canonical) of an alias edit's value; None for a forget."""
    if value is None:
        return None
    data = json.loads(value)
    return str(data["variant"]), str(data["canonical"])


def team_alias_of(edit: Edit) -> TeamAlias | None:
    pair = alias_pair(edit.after)
    return None if pair is None else TeamAlias(pair[0], pair[1], edit.user_id, edit.created_at, edit.edit_id)


def live_aliases(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """The team's live aliases as (variant, canonical), oldest first (ingest names talks with them)."""
    return [pair for _, after in conn.execute(LIVE_SQL, (ALIAS,)) if (pair := alias_pair(after)) is not None]


def describe_alias(value: str | None) -> str:
    """An alias edit's value as the history shows it."""
    pair = alias_pair(value)
    return "none" if pair is None else f"{pair[0]} → {pair[1]}"


# -- members' suggestions ----------------------------------------------------------------------------------
# A member's edit is a 'suggest' row (target: what it would change; after: the Proposal as JSON). An editor's
# decision is an 'accept' or 'reject' row whose target is the suggestion's number (like an undo's), and it
# closes the suggestion through ``undone_by``. Accepting applies the proposal then, as an ordinary edit by
# the suggester (so "corrected by" names them), on top of whatever applies by then.

SUGGEST, ACCEPT, REJECT = "suggest", "accept", "reject"
BY_NUMBER = f"('{UNDO}', '{ACCEPT}', '{REJECT}')"  # kinds whose target is another edit's number (SQL list)


@dataclass(frozen=True, slots=True)
class Proposal:
    """What a suggestion would change: a video link, a team definition (or forgetting it), or a key point."""

    kind: str  # VIDEO, DEFINE or CORRECT
    talk: str = ""
    at: int = 0  # CORRECT: the point's stamp in the corpus
    url: str | None = None  # VIDEO
    term: str = ""  # DEFINE
    text: str | None = None  # DEFINE: the definition (None with see None: forget it)
    see: str | None = None
    change: tuple[tuple[str, Any], ...] = ()  # CORRECT: the fields the correction sets
    choice: str = ""  # CORRECT: what the member picked (WRONG_STAMP, INACCURATE, FIX)

    @property
    def target(self) -> str:
        if self.kind == VIDEO:
            return self.talk
        if self.kind == DEFINE:
            return term_key(self.term)
        return point_target(self.talk, self.at)

    def to_json(self) -> str:
        return json.dumps({"kind": self.kind, "talk": self.talk, "at": self.at, "url": self.url, "term": self.term,
                           "text": self.text, "see": self.see, "change": dict(self.change), "choice": self.choice},
                          ensure_ascii=False)


def proposal_of(edit: Edit) -> Proposal:
    value = json.loads(edit.after or "{}")
    return Proposal(str(value.get("kind", "")), str(value.get("talk") or ""), int(value.get("at") or 0),
                    value.get("url"), str(value.get("term") or ""), value.get("text"), value.get("see"),
                    tuple((value.get("change") or {}).items()), str(value.get("choice") or ""))


@dataclass(frozen=True, slots=True)
class Decision:
    """An editor's decision on a suggestion: the suggestion (now closed), the decision's row, the edit it made."""

    suggestion: Edit
    decision: Edit
    applied: Edit | None
