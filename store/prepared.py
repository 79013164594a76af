"""A small corpus's rows as its queries read them, derived once per corpus generation.

Up to PREPARED_ROWS full-text rows (the bundled corpus has 473, about 22 a summary), a view holds each
full-text row with its distinct words per field, each key point's and highlight's row as a hit shows it, and each
talk's summary, source, shown words (a hit's notes) and form with canonical names (the hit as shown). A query
then reads only its candidates' ids from the full-text index (FTS5 reads no row's texts), intersects its words
with a row's sets instead of splitting the row's texts, reads a talk hit's words and canonical names off its talk
instead of scanning its summary, and a point hit's row by its id instead of a statement for the hits (0.1-0.4 ms
a search), on every call (BENCHMARKS.md section 22).

Derived data of one generation, like the vocabulary: read in the snapshot the view loads the generation from
and built then, never from what was asked, so every query still computes its answer (the answer cache is
another thing). Above the limit queries derive these per call (about 3 KB a row held otherwise).
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from .canonical import Canonical
from .matching import SEARCH_COLUMNS, SearchRow
from .model import Source, TalkHit
from .shown_words import ShownWords

PREPARED_ROWS = 5_000

# A key point's or discussion highlight's row as a point hit is made of (store/ranking.py): talk id, seconds, label,
# title, text, source file, source line, summary id; a highlight has no stamp (-1, "") and no summary (NULL).
MOMENT_ROWS_SQL = {
    "kpoint": "SELECT point_id, talk_id, seconds, label, title, text, source_file, source_line, summary_id"
              " FROM points",
    "khigh": "SELECT highlight_id, talk_id, -1, '', title, text, source_file, source_line, NULL FROM highlights",
    "kterm": "SELECT entry_id, talk_id, -1, '', head, definition, source_file, source_line, NULL FROM glossary",
}
# the id column of each kind's table
MOMENT_IDS = {"kpoint": "point_id", "khigh": "highlight_id", "kterm": "entry_id"}
MomentKey = tuple[str, int]  # a full-text row's kind ("kpoint", "khigh" or "kterm") and ref id


class TalkRow(NamedTuple):
    """A talk's title, speakers, summary and source, as ``prepare`` needs them."""

    talk_id: str
    title: str
    speakers: tuple[str, ...]
    summary: str
    source: Source


@dataclass(frozen=True, slots=True)
class TalkText:
    """What a talk hit shows of its talk, derived once."""

    summary: str
    source: Source
    shown_words: ShownWords  # of "title summary", the text a hit's notes name words of
    shown: TalkHit  # the talk as a hit with canonical names (score 0, no notes): its title, speakers, summary, slips

    def words(self) -> ShownWords:
        return self.shown_words

    def shown_hit(self, hit: TalkHit) -> TalkHit:
        """``hit`` (of this talk) with canonical names: what ``Canonical.talk_hit`` makes of it."""
        shown = self.shown
        if not shown.slips:
            return hit
        return replace(hit, title=shown.title, speakers=shown.speakers, summary=shown.summary, slips=shown.slips)


@dataclass(frozen=True)
class Prepared:
    """A generation's prepared rows (none for a corpus above PREPARED_ROWS rows)."""

    rows: Mapping[int, SearchRow] = field(default_factory=dict)  # by rowid, each with its words
    talks: Mapping[str, TalkText] = field(default_factory=dict)
    moments: Mapping[MomentKey, tuple[Any, ...]] = field(default_factory=dict)  # MOMENT_ROWS_SQL's rows


@dataclass(frozen=True)
class PreparedRows:
    """What ``prepare`` builds from, read in one snapshot (``read_rows``)."""

    rows: dict[int, SearchRow]
    talks: list[TalkRow]
    moments: dict[MomentKey, tuple[Any, ...]] = field(default_factory=dict)


def read_rows(conn: sqlite3.Connection, documents: int, speakers: Mapping[str, tuple[str, ...]]) -> PreparedRows | None:
    """In the caller's read transaction: each full-text row's words, each key point's and highlight's row, and each
    talk's texts; None for a corpus of more than PREPARED_ROWS full-text rows (``documents``). ``speakers``: each
    talk's, as the view holds them."""
    if documents > PREPARED_ROWS:
        return None
    rows: dict[int, SearchRow] = {}
    for rowid, kind, ref_id, talk_id, title, body, parts in conn.execute(f"SELECT {SEARCH_COLUMNS} FROM search_fts"):
        # The words are the vocabulary's: interned, each string is held once however many rows hold it.
        words = (frozenset(map(sys.intern, title.split())), frozenset(map(sys.intern, body.split())),
                 frozenset(map(sys.intern, parts.split())))
        rows[rowid] = SearchRow(rowid, sys.intern(kind), ref_id, sys.intern(talk_id), title, body, parts, words)
    talks = [TalkRow(talk_id, title, speakers.get(talk_id, ()), summary, Source(file, line))
             for talk_id, title, summary, file, line in conn.execute(
                 "SELECT talk_id, title, summary, source_file, source_line FROM talks ORDER BY position")]
    moments = {(kind, row[0]): row[1:] for kind, sql in MOMENT_ROWS_SQL.items() for row in conn.execute(sql)}
    return PreparedRows(rows, talks, moments)


def prepare(rows: PreparedRows | None, canonical: Canonical) -> Prepared:
    """The prepared rows, with each talk's canonical names read by ``canonical`` (the view's)."""
    if rows is None:
        return Prepared()
    talks = {}
    for talk in rows.talks:
        shown = canonical.talk_hit(TalkHit(talk.talk_id, talk.title, talk.speakers, talk.summary, 0.0, talk.source))
        talks[talk.talk_id] = TalkText(talk.summary, talk.source, ShownWords(f"{talk.title} {talk.summary}"), shown)
    return Prepared(rows.rows, talks, rows.moments)
