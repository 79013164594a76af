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
from dataclasses import dataclass
from urllib.parse import urlsplit

from .model import TeamDefinition

VIDEO, UNDO = "video", "undo"
MAX_URL = 500
# One statement that reads the corpus generation plus the edits' generation: an edit empties answer caches.
GENERATION_SQL = ("SELECT group_concat(value, ' ') FROM (SELECT value FROM meta"
                  " WHERE key IN ('corpus_hash', 'edits_generation') ORDER BY key)")


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


def live_video_urls(conn: sqlite3.Connection) -> dict[str, str]:
    """The video link each talk id has from its latest edit that was not undone (ingest applies them)."""
    return {target: after for target, after in conn.execute(
        "SELECT target, after FROM team_edits e WHERE kind = ? AND undone_by IS NULL AND edit_id ="
        " (SELECT max(edit_id) FROM team_edits WHERE kind = e.kind AND target = e.target AND undone_by IS NULL)",
        (VIDEO,))}


def orphaned_edits(conn: sqlite3.Connection) -> list[str]:
    """Ingest's warnings for live edits whose talk is no longer in the corpus (kept, not applied)."""
    return [f"team edit {edit_id}: the video link of talk '{target}' has no talk any more (kept, not shown; "
            "`/talkbot history` lists it)"
            for edit_id, target in conn.execute(
                "SELECT edit_id, target FROM team_edits WHERE kind = ? AND undone_by IS NULL AND NOT EXISTS"
                " (SELECT 1 FROM talks WHERE talks.talk_id = team_edits.target) ORDER BY edit_id", (VIDEO,))]


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
