"""Load corpus files into the database, atomically.

Everything is parsed and checked before the database is touched, so a bad file fails the
ingest with a CorpusError and leaves the old data serving. The new data replaces the old in one
write transaction: in WAL mode readers keep seeing the previous snapshot until it commits, and
never a half-loaded state. An unchanged corpus (same fingerprint) is not rewritten at all.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import grouping, parser
from .canonical import Canonical
from .compounds import CompoundSplitter
from .connection import connect_sync
from .errors import CorpusError
from .lexicon import Lexicon, data_files, load_lexicon
from .model import GlossaryEntry, Talk
from .schema import CORPUS_TABLES
from .text import identifiers, term_key, tokens

CORPUS_SUFFIXES = (".txt", ".md")
# Part of the fingerprint: a new index format re-ingests an unchanged corpus (2: joined snake_case names).
INDEX_FORMAT = b"index-format:2"


@dataclass
class IngestReport:
    """What an ingest found and did."""

    files: list[str] = field(default_factory=list)
    summaries: int = 0
    talks: int = 0
    key_points: int = 0
    glossary_lines: int = 0
    highlights: int = 0
    warnings: list[str] = field(default_factory=list)
    changed: bool = True
    seconds: float = 0.0


def corpus_files(paths: Sequence[Path]) -> tuple[list[Path], Path | None]:
    """Expand files and directories into corpus files; also return the corpus directory."""
    files: list[Path] = []
    corpus_dir: Path | None = None
    for path in paths:
        if path.is_dir():
            corpus_dir = corpus_dir or path
            files.extend(sorted(p for p in path.iterdir() if p.is_file() and p.suffix in CORPUS_SUFFIXES))
        elif path.is_file():
            corpus_dir = corpus_dir or path.parent
            files.append(path)
        else:
            raise CorpusError(str(path), None, "no such file or directory")
    if not files:
        raise CorpusError(", ".join(str(p) for p in paths) or "(none)", None, "no corpus files (*.txt) found")
    return files, corpus_dir


def fingerprint(files: Iterable[Path], extra: Iterable[Path]) -> str:
    """Hash of every input that shapes the stored data."""
    digest = hashlib.sha256(INDEX_FORMAT)
    for path in [*files, *extra]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def load_talks(paths: Sequence[Path]) -> tuple[list[Talk], list[str], Path | None, list[Path], Lexicon]:
    """Parse and group all corpus files; raises CorpusError naming the file and line."""
    files, corpus_dir = corpus_files(paths)
    summaries, warnings = [], []
    for path in files:
        parsed, file_warnings = parser.parse_file_with_warnings(path)
        summaries.extend(parsed)
        warnings.extend(file_warnings)
    overrides, override_warnings = grouping.load_overrides(corpus_dir) if corpus_dir else ({}, [])
    warnings.extend(override_warnings)
    lexicon = load_lexicon(corpus_dir)
    talks, group_warnings = grouping.group_talks_with_warnings(summaries, overrides, Canonical(lexicon).text)
    warnings.extend(group_warnings)
    return talks, warnings, corpus_dir, files, lexicon


def ingest_sync(db_path: Path, paths: Sequence[Path], *, force: bool = False) -> IngestReport:
    """Parse ``paths`` and replace the corpus tables of ``db_path`` in one transaction."""
    started = time.perf_counter()
    talks, warnings, corpus_dir, files, lexicon = load_talks(paths)
    extra = ([p for p in data_files(corpus_dir) + [corpus_dir / grouping.OVERRIDES_FILE] if p.is_file()]
             if corpus_dir else [])
    report = _count(talks, files, warnings)
    corpus_hash = fingerprint(files, extra)
    conn = connect_sync(db_path)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'corpus_hash'").fetchone()
        if row and row[0] == corpus_hash and not force:
            report.changed = False
        else:
            splitter = CompoundSplitter(_vocabulary(talks, lexicon))
            _replace_corpus(conn, talks, splitter, corpus_hash, files)
    finally:
        conn.close()
    report.seconds = time.perf_counter() - started
    return report


def _count(talks: list[Talk], files: list[Path], warnings: list[str]) -> IngestReport:
    summaries = [s for talk in talks for s in talk.summaries]
    return IngestReport(
        files=[p.name for p in files],
        summaries=len(summaries),
        talks=len(talks),
        key_points=sum(len(s.key_points) for s in summaries),
        glossary_lines=sum(len(s.glossary) for s in summaries),
        highlights=sum(len(s.highlights) for s in summaries),
        warnings=warnings,
    )


def _vocabulary(talks: list[Talk], lexicon: Lexicon) -> set[str]:
    """Words that may appear inside compounds: standalone corpus words and lexicon forms."""
    words: set[str] = set()
    for talk in talks:
        words.update(tokens(talk.title))
        for summary in talk.summaries:
            words.update(tokens(summary.text))
            for point in summary.key_points:
                words.update(tokens(point.title + " " + point.text))
            for entry in summary.glossary:
                words.update(tokens(entry.head + " " + entry.definition))
    for forms in lexicon.en_de.values():
        for form in forms:
            words.update(form.split())
    return words


def _fts_row(splitter: CompoundSplitter, title: str, body: str) -> tuple[str, str, str]:
    """Folded tokens of title and body (as FTS5 and the re-ranker will split them) plus compound parts."""
    title_tokens, body_tokens = tokens(title), tokens(body)
    parts = splitter.expand(title_tokens + body_tokens) + identifiers(f"{title} {body}")
    return " ".join(title_tokens), " ".join(body_tokens), " ".join(dict.fromkeys(parts))


def _replace_corpus(
    conn: sqlite3.Connection, talks: list[Talk], splitter: CompoundSplitter, corpus_hash: str, files: list[Path]
) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        for table in CORPUS_TABLES:
            conn.execute(f"DELETE FROM {table}")
        for position, talk in enumerate(talks):
            fts_rows: list[tuple[Any, ...]] = []  # per talk, so a big corpus never holds its whole index in memory
            _insert_talk(conn, talk, position, splitter, fts_rows)
            conn.executemany(
                "INSERT INTO search_fts (title, body, parts, kind, ref_id, talk_id) VALUES (?, ?, ?, ?, ?, ?)",
                fts_rows,
            )
        meta = {
            "corpus_hash": corpus_hash,
            "ingested_at": str(time.time()),
            "files": json.dumps([p.name for p in files]),
        }
        conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", meta.items())
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _insert_talk(conn: sqlite3.Connection, talk: Talk, position: int, splitter: CompoundSplitter,
                 fts_rows: list[tuple[Any, ...]]) -> None:
    first = talk.summaries[0]
    conn.execute(
        "INSERT INTO talks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            talk.talk_id, position, talk.title, json.dumps(list(talk.speakers)), json.dumps(list(talk.tags)),
            talk.video_url, first.text, first.source.file, first.source.line,
        ),
    )
    talk_title = " ".join([talk.title, *talk.speakers, *talk.tags])
    talk_text = " ".join(s.text for s in talk.summaries)
    fts_rows.append((*_fts_row(splitter, talk_title, talk_text), "ktalk", 0, talk.talk_id))
    point_position = 0
    for summary in talk.summaries:
        summary_id = conn.execute(
            "INSERT INTO summaries (talk_id, heading, text, source_file, source_line) VALUES (?, ?, ?, ?, ?)",
            (talk.talk_id, summary.heading, summary.text, summary.source.file, summary.source.line),
        ).lastrowid
        for point in summary.key_points:
            cursor = conn.execute(
                "INSERT INTO points (summary_id, talk_id, position, seconds, label, title, text, source_file,"
                " source_line)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (summary_id, talk.talk_id, point_position, point.seconds, point.label, point.title, point.text,
                 point.source.file, point.source.line),
            )
            point_position += 1
            fts_rows.append((*_fts_row(splitter, point.title, point.text), "kpoint", cursor.lastrowid, talk.talk_id))
        for entry in summary.glossary:
            cursor = conn.execute(
                "INSERT INTO glossary (summary_id, talk_id, head, definition, source_file, source_line)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (summary_id, talk.talk_id, entry.head, entry.definition, entry.source.file, entry.source.line),
            )
            entry_id = cursor.lastrowid
            assert entry_id is not None  # an INSERT into a rowid table
            conn.executemany(
                "INSERT INTO term_names (entry_id, term, expansion, name, name_key, kind) VALUES (?, ?, ?, ?, ?, ?)",
                list(_term_names(entry_id, entry)),
            )
            fts_rows.append((*_fts_row(splitter, entry.head, entry.definition), "kterm", entry_id, talk.talk_id))
        for highlight in summary.highlights:
            cursor = conn.execute(
                "INSERT INTO highlights (summary_id, talk_id, title, text, source_file, source_line)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (summary_id, talk.talk_id, highlight.title, highlight.text, highlight.source.file,
                 highlight.source.line),
            )
            fts_rows.append((*_fts_row(splitter, highlight.title, highlight.text), "khigh", cursor.lastrowid,
                             talk.talk_id))


def _term_names(entry_id: int, entry: GlossaryEntry) -> Iterator[tuple[Any, ...]]:
    for index, term in enumerate(entry.terms):
        expansion = entry.expansions[index] if index < len(entry.expansions) else None
        yield entry_id, term, expansion, term, term_key(term), "term"
        if expansion:
            yield entry_id, term, expansion, expansion, term_key(expansion), "expansion"
    primary = entry.terms[0] if entry.terms else entry.head
    primary_expansion = entry.expansions[0] if entry.expansions else None
    for variant in entry.variants:
        yield entry_id, primary, primary_expansion, variant, term_key(variant), "variant"
