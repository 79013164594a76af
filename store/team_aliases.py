"""Team aliases (issue 16): ``/talkbot alias Palace = Pallas`` and ``/talkbot alias forget Palace``.

An alias shapes three things: a question's search forms (View.concepts), every text shown (canonical
names, store/canonical.py) and the talks' names, which ingest derives with the aliases (a title's
canonical name gives the talk id). The first two follow from the lexicon a Store's view reloads with
the team's live aliases when the edits' generation moves. The third is stored, so an alias edit writes
its row, names again the talks whose titles or speakers hold the slip (store.ingest.rename_talks, what
an incremental ingest does to a changed file's talks), and moves the edits' generation, all in one write
transaction on its own connection, as ingest writes. A database so edited holds what a full ingest of
the corpus with the alias in aliases.toml gives (the export's round trip relies on it). The bot's records
of a renamed talk (digests, digest threads, thread topics) follow it to its new id in that transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from .canonical import Canonical
from .connection import connect_sync
from .edits import (
    ALIAS,
    BUMP_GENERATION_SQL,
    EDIT_COLUMNS,
    INSERT_SQL,
    LIVE_SQL,
    UNDO,
    Edit,
    alias_pair,
    alias_value,
    edit_of,
    undo_problem,
)
from .ingest import rename_talks
from .lexicon import Lexicon, phrase_key
from .text import term_key

Workspace = tuple[str, str | None]


def alias_key(variant: str) -> str:
    """An alias edit's target: the slip's term key ("Palace call", "palace_call" are one slip)."""
    return term_key(variant)


def chained(corpus: Lexicon, team: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """A team alias (variant, canonical) that would make a chain or a cycle with the others: its name is
    itself a slip, or its slip is a name other slips stand for. None when there is none."""
    team = list(team)
    variants = set(corpus.canonical) | {phrase_key(variant) for variant, _ in team}
    names = {phrase_key(name) for name in corpus.canonical.values()} | {phrase_key(name) for _, name in team}
    for variant, canonical in team:
        if phrase_key(canonical) in variants or phrase_key(variant) in names:
            return variant, canonical
    return None


def write_alias(db_path: Path, corpus_dir: Path | None, corpus: Lexicon, variant: str, canonical: str | None,
                user_id: str, now: float, workspace: Workspace = ("", None)) -> Edit | None:
    """Add (or repoint) the team alias ``variant`` -> ``canonical``, or forget it (``canonical`` None; None:
    there was none). The caller checked the spellings (handlers/edits.py); a chain that appeared meanwhile
    raises ValueError and nothing is written."""
    key = alias_key(variant)
    with _EditTransaction(db_path) as conn:
        team = _live(conn)
        before = team.get(key)
        if canonical is None and before is None:
            return None
        after = None if canonical is None else (variant, canonical)
        if after is not None:
            team[key] = after
        else:
            team.pop(key)
        if chained(corpus, team.values()) is not None:
            raise ValueError("the team's aliases changed meanwhile")
        edit_id = _insert(conn, ALIAS, key, alias_value(*before) if before else None,
                          alias_value(*after) if after else None, user_id, now, workspace)
        _rename(conn, corpus_dir, corpus, team.values(), [pair for pair in (before, after) if pair])
        return _edit(conn, edit_id)


def undo_alias(db_path: Path, corpus_dir: Path | None, corpus: Lexicon, edit_id: int, user_id: str, now: float,
               workspace: Workspace = ("", None)) -> Edit | str:
    """Revert alias edit ``edit_id`` (the team's alias it replaced comes back): the undo row, or why not."""
    with _EditTransaction(db_path) as conn:
        rows = conn.execute(f"SELECT {EDIT_COLUMNS} FROM team_edits WHERE edit_id = ?", (edit_id,)).fetchall()
        edit = edit_of(rows[0]) if rows else None
        problem = undo_problem(edit, edit_id)
        if problem is not None or edit is None:
            conn.execute("ROLLBACK")
            return problem or ""
        undo_id = _insert(conn, UNDO, str(edit_id), edit.after, edit.before, user_id, now, workspace)
        conn.execute("UPDATE team_edits SET undone_by = ? WHERE edit_id = ?", (undo_id, edit_id))
        team = _live(conn)
        if (pair := chained(corpus, team.values())) is not None:
            conn.execute("ROLLBACK")
            return (f"Undoing edit {edit_id} would chain two aliases ({pair[0]} → {pair[1]}, itself a slip or a "
                    "name other slips stand for); forget one of them first.")
        changed = [pair for value in (edit.before, edit.after) if (pair := alias_pair(value))]
        _rename(conn, corpus_dir, corpus, team.values(), changed)
        return _edit(conn, undo_id)


class _EditTransaction:
    """One write transaction on its own connection: committed with the edits' generation moved, or rolled
    back on an exception (a caller that rolled back itself leaves it so)."""

    def __init__(self, db_path: Path) -> None:
        self.conn = connect_sync(db_path)

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        try:
            if self.conn.in_transaction:
                if error is None:
                    self.conn.execute(BUMP_GENERATION_SQL)
                    self.conn.execute("COMMIT")
                else:
                    self.conn.execute("ROLLBACK")
        finally:
            self.conn.close()


def _live(conn: sqlite3.Connection) -> dict[str, tuple[str, str]]:
    return {target: pair for target, after in conn.execute(LIVE_SQL, (ALIAS,)) if (pair := alias_pair(after))}


def _insert(conn: sqlite3.Connection, kind: str, target: str, before: str | None, after: str | None, user_id: str,
            now: float, workspace: Workspace) -> int:
    return int(conn.execute(INSERT_SQL, (kind, target, before, after, user_id, now, *workspace)).lastrowid or 0)


def _edit(conn: sqlite3.Connection, edit_id: int) -> Edit:
    return edit_of(conn.execute(f"SELECT {EDIT_COLUMNS} FROM team_edits WHERE edit_id = ?", (edit_id,)).fetchone())


def _rename(conn: sqlite3.Connection, corpus_dir: Path | None, corpus: Lexicon, team: Iterable[tuple[str, str]],
            changed: list[tuple[str, str]]) -> None:
    """Name again the talks whose titles or speakers hold a changed slip, with the aliases now live."""
    probe = Lexicon()
    for variant, canonical in changed:
        probe.add_alias(canonical, variant)
    slips = Canonical(probe)
    touched = {talk_id for talk_id, title, speakers in conn.execute("SELECT talk_id, title, speakers FROM summaries")
               if talk_id and (slips.mentions(title) or any(slips.mentions(name) for name in json.loads(speakers)))}
    if touched:
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS named_before (summary_id INTEGER PRIMARY KEY, talk_id TEXT)")
        conn.execute("DELETE FROM temp.named_before")
        conn.execute("INSERT INTO temp.named_before SELECT summary_id, talk_id FROM summaries")
        rename_talks(conn, corpus_dir, corpus.with_aliases(team), touched)
        _follow_renames(conn)


# The bot's records that name a talk by id: the digest ledger (a channel's rotation counts its talks' digests),
# the digest threads and thread topics (a follow-up in a thread answers about its talk).
TALK_RECORDS = ("digests", "digest_threads", "thread_topics")


def _follow_renames(conn: sqlite3.Connection) -> None:
    """Point the bot's records of a renamed talk (``TALK_RECORDS``) at its new id, in the rename's transaction:
    else the rotation would post the talk again under its new name before the others, and a follow-up in its
    digest thread would no longer find it. A talk whose summaries went to several talks goes with its first."""
    renamed: dict[str, str] = {}
    for old_id, new_id in conn.execute(
            "SELECT b.talk_id, s.talk_id FROM temp.named_before b JOIN summaries s USING (summary_id)"
            " WHERE s.talk_id != b.talk_id AND b.talk_id NOT IN (SELECT talk_id FROM talks)"
            " ORDER BY s.source_file, s.source_line"):
        renamed.setdefault(old_id, new_id)
    for table in TALK_RECORDS:
        conn.executemany(f"UPDATE {table} SET talk_id = ? WHERE talk_id = ?",
                         [(new_id, old_id) for old_id, new_id in renamed.items()])
