"""Load corpus files into the database: incrementally, in bounded memory, atomically.

Each corpus file's content hash is kept (``corpus_files``). An ingest re-reads only new and changed
files and removes the summaries of changed and deleted ones; new summaries are grouped with stored
talks through the key index (store.talk_index), and only the talks they touch are rewritten. A
full rebuild (``full=True``, or when the word data, talks.toml or the ingest format changed) runs
the same steps over every file, and gives the same database content.

Files are parsed and written one at a time inside one write transaction, so memory does not grow
with the corpus. A file that fails to parse rolls the whole transaction back (the database keeps
serving the previous corpus, unchanged); in WAL mode readers see the old corpus until the commit
and the new one after it, never a mix.

A full rebuild of a database that holds a corpus writes into a scratch database file beside it, then
copies its corpus tables in with one short write transaction (2 s at 10,000 summaries, 12 s at 50,000):
the bot keeps its own state (event ids, question records, the digest ledger) in the same file, and a
rebuild that held the write lock for its whole run (20 s at 10,000 summaries, 92 s at 50,000) made its
writes fail after the 5 s busy timeout (BENCHMARKS.md §8).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any

from . import file_rows, grouping, parser
from .canonical import Canonical
from .compounds import CompoundSplitter
from .connection import connect_sync
from .edits import (
    COUNT_CORPUS_WRITE_SQL,
    live_aliases,
    live_video_urls,
    orphaned_corrections,
    orphaned_edits,
    point_target,
)
from .edits_file import EDITS_FILE, EditsFile, load_edits_file
from .errors import CorpusError
from .lexicon import Lexicon, data_files, load_lexicon
from .model import KeyPoint, Source, Summary, Talk, shown_stamp
from .schema import CORPUS_TABLES, migrate
from .speakers import merge_speakers
from .talk_index import TalkIndex
from .text import term_key

CORPUS_SUFFIXES = (".txt", ".md")
# One file's rows (store.file_rows, ids from 0 within the file) with each table's first free id added:
# {summary}, {point}, {entry}, {highlight} are filled in per file (integer literals, so no Python loop over rows).
_INSERTS = {
    "summaries": "INSERT INTO summaries (summary_id, talk_id, heading, text, source_file, source_line, title, speakers,"
                 " word_count, term_count) VALUES (? + {summary}, '', ?, ?, ?, ?, ?, ?, ?, ?)",
    "summary_keys": "INSERT INTO summary_keys (key, summary_id, kind) VALUES (?, ? + {summary}, ?)",
    "points": "INSERT INTO points (point_id, summary_id, talk_id, position, seconds, label, title, text, source_file,"
              " source_line) VALUES (? + {point}, ? + {summary}, '', ?, ?, ?, ?, ?, ?, ?)",
    "glossary": "INSERT INTO glossary (entry_id, summary_id, talk_id, head, definition, source_file, source_line)"
                " VALUES (? + {entry}, ? + {summary}, '', ?, ?, ?, ?)",
    "term_names": "INSERT INTO term_names (entry_id, term, expansion, name, name_key, kind, source_file, source_line,"
                  " talk_id) VALUES (? + {entry}, ?, ?, ?, ?, ?, ?, ?, '')",
    "highlights": "INSERT INTO highlights (highlight_id, summary_id, talk_id, title, text, source_file, source_line)"
                  " VALUES (? + {highlight}, ? + {summary}, '', ?, ?, ?, ?)",
    "fts_points": "INSERT INTO temp.fts_stage (rowid, title, body, parts, kind, ref_id, summary_id)"
                  " VALUES ((?1 + {point}) * 4 + 1, ?2, ?3, ?4, 'kpoint', ?1 + {point}, ?5 + {summary})",
    "fts_terms": "INSERT INTO temp.fts_stage (rowid, title, body, parts, kind, ref_id, summary_id)"
                 " VALUES ((?1 + {entry}) * 4 + 2, ?2, ?3, ?4, 'kterm', ?1 + {entry}, ?5 + {summary})",
    "fts_highlights": "INSERT INTO temp.fts_stage (rowid, title, body, parts, kind, ref_id, summary_id)"
                      " VALUES ((?1 + {highlight}) * 4 + 3, ?2, ?3, ?4, 'khigh', ?1 + {highlight}, ?5 + {summary})",
}
# Each placeholder above: the table whose ids it numbers, and the FileRows count that moves them on.
_ID_TABLES = {"summary": "summaries", "point": "points", "entry": "glossary", "highlight": "highlights"}
_COUNTED = {"summary": "summaries", "point": "key_points", "entry": "glossary_lines", "highlight": "highlights"}
_STAGE_FTS = ("INSERT INTO temp.fts_stage (rowid, title, body, parts, kind, ref_id, summary_id)"
              " VALUES (?, ?, ?, ?, ?, ?, ?)")
_TALKS_PER_SLICE = 5000  # talks whose full-text rows are made in one slice of _Writer._index_text
# Up to this many summaries an ingest ends by merging the full-text index into one b-tree (FTS5 'optimize'):
# a query then looks each word up once, not once per segment the writes left (the bundled corpus's full-text
# queries take a third less CPU). The merge rewrites the whole index: 0.1 s at 2,000 summaries, 3.3 s at
# 50,000; larger corpora are left to FTS5's own merging as they grow.
MERGE_INDEX_MAX_SUMMARIES = 5000
# What a full rebuild copies from its scratch database into the live one: the corpus tables, the full-text table
# as its FTS5 shadow tables (a copy of the built index; inserting into search_fts would tokenise it all again).
FTS_SHADOW_SUFFIXES = ("data", "idx", "content", "docsize", "config")
# Bump when what ingest writes changes: a database written by another format is rebuilt in full
# (3: joined snake_case names in the parts column; 4: the words of CapitalisedWords names there too; 5: a long
# compound part in the plural, "Modellkonfigurationen" -> konfiguration).
INGEST_FORMAT = "5"


@dataclass
class IngestReport:
    """What an ingest found and did. Counts are of the whole corpus after it; ``added`` of this run."""

    files: list[str] = field(default_factory=list)
    summaries: int = 0
    talks: int = 0
    key_points: int = 0
    glossary_lines: int = 0
    highlights: int = 0
    warnings: list[str] = field(default_factory=list)
    changed: bool = True
    seconds: float = 0.0
    full: bool = False  # every file was re-read
    new_files: list[str] = field(default_factory=list)
    changed_files: list[str] = field(default_factory=list)
    removed_files: list[str] = field(default_factory=list)
    added: dict[str, int] = field(default_factory=dict)  # summaries, key_points, glossary_lines, highlights read
    talks_written: list[str] = field(default_factory=list)  # ids of the talks (re)written by this run


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
    by_name: dict[str, Path] = {}
    for path in files:
        if path.name in by_name and by_name[path.name].resolve() != path.resolve():
            raise CorpusError(path.name, None, f"two corpus files with this name ({by_name[path.name]}, {path})")
        by_name[path.name] = path
    return sorted(by_name.values(), key=lambda p: p.name), corpus_dir


def file_hash(path: Path) -> tuple[str, int]:
    """SHA-256 of a file's bytes, and its size."""
    digest, size = hashlib.sha256(), 0
    try:
        with path.open("rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
                size += len(chunk)
    except OSError as exc:
        raise CorpusError(path.name, None, f"cannot read file: {exc.strerror or exc}") from exc
    return digest.hexdigest(), size


def config_hash(corpus_dir: Path | None) -> str:
    """Hash of the ingest format and the data files that shape every row (word data, talks.toml, team_edits.toml)."""
    digest = hashlib.sha256(INGEST_FORMAT.encode())
    extra = data_files(corpus_dir) + [corpus_dir / name for name in (grouping.OVERRIDES_FILE, EDITS_FILE)] \
        if corpus_dir else []
    for path in extra:
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def load_talks(paths: Sequence[Path]) -> tuple[list[Talk], list[str], Path | None, list[Path], Lexicon]:
    """Parse and group all corpus files in memory (for tools and tests; ingest does not hold them)."""
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


def ingest_sync(db_path: Path, paths: Sequence[Path], *, force: bool = False, full: bool = False) -> IngestReport:
    """Bring the corpus tables of ``db_path`` up to date with the files in ``paths``.

    Only new and changed files are read; ``full`` (or ``force``) re-reads and rewrites everything.
    Raises CorpusError (and changes nothing) when a file cannot be read.
    """
    started = time.perf_counter()
    files, corpus_dir = corpus_files(paths)
    hashes = {path.name: file_hash(path) for path in files}
    config = config_hash(corpus_dir)
    overrides, override_warnings = grouping.load_overrides(corpus_dir) if corpus_dir else ({}, [])
    edits_file = load_edits_file(corpus_dir)
    conn = connect_sync(db_path)
    try:
        stored = {name: sha for name, sha in conn.execute("SELECT name, sha256 FROM corpus_files")}
        meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('config_hash', 'corpus_hash')"))
        rebuild = full or force or meta.get("config_hash") != config
        if rebuild:
            to_read = files
            removed = sorted(stored)
        else:
            to_read = [p for p in files if stored.get(p.name) != hashes[p.name][0]]
            removed = sorted(set(stored) - {p.name for p in files})
        report = IngestReport(files=[p.name for p in files], full=rebuild,
                              warnings=[*override_warnings, *edits_file.warnings])
        report.new_files = [p.name for p in to_read if p.name not in stored]
        report.changed_files = [p.name for p in to_read if p.name in stored]
        report.removed_files = [name for name in removed if name not in report.changed_files]
        if not rebuild and not to_read and not removed:
            report.changed = False
        else:
            corpus_lexicon = load_lexicon(corpus_dir)

            def writer(into: sqlite3.Connection, edits: _TeamEdits) -> _Writer:
                lexicon = corpus_lexicon.with_aliases(edits[0])  # the team's aliases name talks too
                return _Writer(into, _split_vocabulary(lexicon), Canonical(lexicon).text, overrides, report,
                               edits_file, edits[1])

            stamp = _Stamp(_corpus_hash(hashes, config), config, sorted(hashes))
            warned = len(report.warnings)
            # A first ingest writes in place: there is no corpus to keep answering from, and the copy would only
            # add to it (12 s at 50,000 summaries). Bot writes wait for it off their connection (store/state.py).
            beside = rebuild and bool(stored)
            if not beside or not _rebuild_beside(conn, Path(db_path), writer, to_read, hashes, stamp):
                del report.warnings[warned:]  # a rebuild beside that was not copied: its findings come again
                report.talks_written.clear()
                writer(conn, _team_edits(conn)).run(to_read, hashes, removed, rebuild, stamp)
        _fill_counts(conn, report)
        report.warnings.extend(
            f"{grouping.OVERRIDES_FILE}: no talk with id '{talk_id}'; override ignored"
            for talk_id in sorted(overrides)
            if not conn.execute("SELECT 1 FROM talks WHERE ? IN (talk_id, written_id)", (talk_id, )).fetchone()
        )
        report.warnings.extend(orphaned_edits(conn))
        report.warnings.extend(orphaned_corrections(conn))
        report.warnings.extend(
            f"{EDITS_FILE}: the correction of the key point at {shown_stamp(c.at)} of talk '{c.talk}' has no key point"
            " there (kept, not shown)" for c in edits_file.corrections
            if not conn.execute("SELECT 1 FROM points WHERE talk_id = ? AND seconds = ?", (c.talk, c.at)).fetchone())
    finally:
        conn.close()
    report.seconds = time.perf_counter() - started
    return report


def rename_talks(conn: sqlite3.Connection, corpus_dir: Path | None, lexicon: Lexicon, talk_ids: Iterable[str]
                 ) -> list[str]:
    """Name ``talk_ids`` again under ``lexicon`` (a team alias changed how their titles or speakers read), inside
    the caller's write transaction; the ids of the talks written. Gives what a full ingest with ``lexicon`` gives."""
    overrides, _ = grouping.load_overrides(corpus_dir) if corpus_dir else ({}, [])
    report = IngestReport()
    writer = _Writer(conn, _split_vocabulary(lexicon), Canonical(lexicon).text, overrides, report)
    writer.rename(talk_ids)
    return report.talks_written


def _corpus_hash(hashes: dict[str, tuple[str, int]], config: str) -> str:
    """The corpus generation: same files with the same bytes and data files, same hash."""
    digest = hashlib.sha256(config.encode())
    for name in sorted(hashes):
        digest.update(f"{name}\0{hashes[name][0]}\0".encode())
    return digest.hexdigest()


def _split_vocabulary(lexicon: Lexicon) -> set[str]:
    """Words compounds are split into: the German forms of the word list (corpus/lexicon.toml).

    Not the corpus's own words: then a new export would change how every stored row splits, and an
    incremental ingest could not give the rows a full rebuild gives. The word list is built from the
    corpus's German content words, so it holds nearly all of them (see README, design notes).
    """
    words: set[str] = set()
    for forms in lexicon.en_de.values():
        for form in forms:
            words.update(form.split())
    return words


@dataclass(frozen=True)
class _Stamp:
    """What an ingest records in ``meta`` with its rows: the corpus generation it wrote."""

    corpus_hash: str
    config: str
    files: list[str]

    def write(self, conn: sqlite3.Connection) -> None:
        """Inside the transaction that writes the rows."""
        meta = {"corpus_hash": self.corpus_hash, "config_hash": self.config, "ingested_at": str(time.time()),
                "files": json.dumps(self.files)}
        conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", meta.items())
        conn.execute(COUNT_CORPUS_WRITE_SQL)  # the rows have new ids, also where the files read the same


# The team's edits an ingest names and links talks with: live aliases (variant, canonical) and video links by talk id.
_TeamEdits = tuple[list[tuple[str, str]], dict[str, str]]


def _team_edits(conn: sqlite3.Connection) -> _TeamEdits:
    return live_aliases(conn), live_video_urls(conn)


def _rebuild_beside(conn: sqlite3.Connection, db_path: Path,
                    writer: Callable[[sqlite3.Connection, _TeamEdits], _Writer], to_read: list[Path],
                    hashes: dict[str, tuple[str, int]], stamp: _Stamp) -> bool:
    """A full rebuild written into a scratch database beside ``db_path`` (holding only its own lock), then
    copied into ``conn``'s database in one write transaction; False (nothing written) when the team's aliases or
    video links changed meanwhile: the rows were named with the old ones, so the caller rebuilds in place.

    The scratch file (``<db>.rebuild``, as big as the corpus tables) is deleted when done, and replaced by the
    next rebuild if a crash left it; one rebuild at a time uses it (``talkbot ingest --full`` beside the served bot
    waits for the other). Raises CorpusError (and changes nothing) as the writer does.
    """
    scratch_path = db_path.with_name(db_path.name + ".rebuild")
    leftovers = (scratch_path, scratch_path.with_name(scratch_path.name + "-journal"))
    with scratch_path.with_name(scratch_path.name + ".lock").open("a") as taken:
        fcntl.flock(taken, fcntl.LOCK_EX)
        try:
            for leftover in leftovers:
                leftover.unlink(missing_ok=True)
            scratch = sqlite3.connect(scratch_path, isolation_level=None, check_same_thread=False)
            try:
                # Thrown away unless the build completes: no WAL, no syncs; the journal on disk (in memory it
                # added 14 MB to the peak RSS at 10,000 summaries).
                scratch.execute("PRAGMA journal_mode = DELETE")
                scratch.execute("PRAGMA synchronous = OFF")
                migrate(scratch)
                edits = _team_edits(conn)
                writer(scratch, edits).run(to_read, hashes, [], True, stamp)
            finally:
                scratch.close()
            return _copy_corpus(conn, scratch_path, stamp, edits)
        finally:
            for leftover in leftovers:
                leftover.unlink(missing_ok=True)


def _copy_corpus(conn: sqlite3.Connection, scratch_path: Path, stamp: _Stamp, edits_used: _TeamEdits) -> bool:
    """Replace the corpus tables of ``conn``'s database with the scratch database's, in one write transaction.

    Each table is emptied and filled by one ``INSERT INTO t SELECT * FROM scratch.t``, which SQLite runs as a
    copy of the table's and its indexes' b-trees in order (its transfer optimisation: same schema, the target
    empty): about an eighth of the rebuild's time. The full-text index goes as FTS5's shadow tables, so the
    copy holds the same index the scratch database built; other connections re-read the index's structure
    after any commit (FTS5 compares the database's data version).
    """
    tables = [table for table in CORPUS_TABLES if table != "search_fts"]
    tables += [f"search_fts_{suffix}" for suffix in FTS_SHADOW_SUFFIXES]
    conn.execute("ATTACH DATABASE ? AS scratch", (str(scratch_path),))
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if _team_edits(conn) != edits_used:
                conn.execute("ROLLBACK")
                return False
            for table in tables:
                conn.execute(f'DELETE FROM main."{table}"')
                conn.execute(f'INSERT INTO main."{table}" SELECT * FROM scratch."{table}"')
            stamp.write(conn)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    finally:
        conn.execute("DETACH DATABASE scratch")
    return True


def _fill_counts(conn: sqlite3.Connection, report: IngestReport) -> None:
    for name, table in (("summaries", "summaries"), ("talks", "talks"), ("key_points", "points"),
                        ("glossary_lines", "glossary"), ("highlights", "highlights")):
        setattr(report, name, conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


@dataclass
class _TalkDraft:
    """A talk about to be (re)written: its summaries in source order and what names it."""

    members: list[int]
    title: str  # becomes unique in _disambiguate; base_title keeps the one before
    talk_id: str
    speakers: tuple[str, ...]
    source: Source  # of its first summary (members[0]), whose text is read when written: not held for every talk
    old_id: str | None = None  # a stored talk rewritten only because its name may change
    written_id: str | None = None  # the id the title as written (before canonical names) gives; talks.toml may use it
    base_title: str = field(init=False, default="")

    def __post_init__(self) -> None:
        self.base_title = self.title


class _Writer:
    """One ingest's writes, all inside one write transaction."""

    def __init__(self, conn: sqlite3.Connection, vocabulary: set[str], display: Callable[[str], str],
                 overrides: dict[str, Any], report: IngestReport, edits_file: EditsFile | None = None,
                 video_edits: dict[str, str] | None = None) -> None:
        self.conn = conn
        self.edits_file = edits_file  # team_edits.toml's; written by a rebuild (the file is in the config hash)
        self.vocabulary = vocabulary  # compound parts (store.compounds), for this process and the workers
        self.splitter = CompoundSplitter(vocabulary)
        self.display = display  # canonical names for transcription slips in titles and speakers
        self.overrides = overrides
        self.report = report
        self.added = dict.fromkeys(("summaries", "key_points", "glossary_lines", "highlights"), 0)
        # Team edits win over talks.toml (they are newer); read from the live database (a rebuild writes elsewhere).
        self.video_edits = live_video_urls(conn) if video_edits is None else video_edits

    def run(self, to_read: list[Path], hashes: dict[str, tuple[str, int]], removed: list[str], rebuild: bool,
            stamp: _Stamp) -> None:
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            self._write(to_read, hashes, removed, rebuild)
            if conn.execute("SELECT count(*) FROM summaries").fetchone()[0] <= MERGE_INDEX_MAX_SUMMARIES:
                conn.execute("INSERT INTO search_fts (search_fts) VALUES ('optimize')")
            stamp.write(conn)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        self.report.added = self.added

    def rename(self, talk_ids: Iterable[str]) -> None:
        """Name ``talk_ids`` again (title, id, speakers, their search row) inside the caller's transaction:
        what an incremental ingest does to a talk whose file changed, with no file read."""
        self._write([], {}, [], False, renamed=set(talk_ids))

    def _write(self, to_read: list[Path], hashes: dict[str, tuple[str, int]], removed: list[str], rebuild: bool,
               renamed: set[str] | None = None) -> None:
        conn = self.conn
        old_keys: set[tuple[str, str]] = set()
        deferred: list[tuple[str, str]] = []
        if rebuild:
            for table in CORPUS_TABLES:
                conn.execute(f"DELETE FROM {table}")
            deferred = _drop_indexes(conn)
            if self.edits_file is not None:
                self._write_edits_file(self.edits_file)
            affected: set[str] = set()
        else:
            affected = self._remove_files(sorted({*removed, *(p.name for p in to_read)})) | (renamed or set())
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS fts_stage (rowid INTEGER PRIMARY KEY, title TEXT, body TEXT,"
                     " parts TEXT, kind TEXT, ref_id INTEGER, summary_id INTEGER)")
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS written (talk_id TEXT PRIMARY KEY)")
        conn.execute("DELETE FROM temp.fts_stage")
        conn.execute("DELETE FROM temp.written")
        self.next_ids = {table: conn.execute(f"SELECT coalesce(max({column}), 0) + 1 FROM {table}").fetchone()[0]
                         for table, column in (("summaries", "summary_id"), ("points", "point_id"),
                                               ("glossary", "entry_id"), ("highlights", "highlight_id"))}
        new_ids: list[int] = []
        size = sum(hashes[path.name][1] for path in to_read)
        for rows in file_rows.read_files(to_read, self.vocabulary, size=size):
            new_ids += self._insert_file(rows, hashes[rows.name])
        late = [(name, sql) for name, sql in deferred if name in _LATE_INDEXES]
        for name, sql in deferred:
            if name not in _LATE_INDEXES:
                conn.execute(sql)
        index = TalkIndex(conn)
        if rebuild:
            groups, merged = index.group_all(), set[str]()
        else:
            loose = [*new_ids, *self._members(affected)]
            groups, merged = index.regroup(loose)
        dropped = affected | merged
        old_keys = self._base_keys(dropped)
        drafts = [self._draft(sorted(group, key=self._source_order)) for group in groups]
        drafts += self._clashing(drafts, old_keys, dropped)
        self._drop_talks(dropped)
        self._stage_stored(dropped)
        for draft in _disambiguate(conn, drafts):
            self._write_talk(draft)
        self._finish()
        for _, sql in late:
            conn.execute(sql)
        self._renumber()

    def _write_edits_file(self, edits: EditsFile) -> None:
        self.conn.executemany(
            "INSERT INTO filed_definitions (term_key, term, text, see, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(term_key(d.term), d.term, d.text, d.see, d.user_id, d.created_at) for d in edits.definitions])
        self.conn.executemany(
            "INSERT INTO filed_corrections (target, after, user_id, created_at) VALUES (?, ?, ?, ?)",
            [(point_target(c.talk, c.at), c.value, c.user_id, c.created_at) for c in edits.corrections])

    # -- removing -----------------------------------------------------------------------

    def _remove_files(self, names: list[str]) -> set[str]:
        """Delete the summaries of these files with everything hanging off them; return their talks."""
        conn = self.conn
        affected: set[str] = set()
        for name in names:
            ids = [row[0] for row in conn.execute("SELECT summary_id FROM summaries WHERE source_file = ?", (name,))]
            affected |= {row[0] for row in conn.execute(
                "SELECT DISTINCT talk_id FROM summaries WHERE source_file = ?", (name,))}
            self._delete_summary_rows(ids)
            conn.execute("DELETE FROM corpus_files WHERE name = ?", (name,))
        affected.discard("")
        return affected

    def _delete_summary_rows(self, ids: list[int]) -> None:
        conn = self.conn
        for chunk in _chunks(ids, 500):
            marks = ",".join("?" * len(chunk))
            conn.execute(f"DELETE FROM search_fts WHERE rowid IN (SELECT point_id * 4 + 1 FROM points"
                         f" WHERE summary_id IN ({marks}))", chunk)
            conn.execute(f"DELETE FROM search_fts WHERE rowid IN (SELECT entry_id * 4 + 2 FROM glossary"
                         f" WHERE summary_id IN ({marks}))", chunk)
            conn.execute(f"DELETE FROM search_fts WHERE rowid IN (SELECT highlight_id * 4 + 3 FROM highlights"
                         f" WHERE summary_id IN ({marks}))", chunk)
            conn.execute(f"DELETE FROM term_names WHERE entry_id IN (SELECT entry_id FROM glossary"
                         f" WHERE summary_id IN ({marks}))", chunk)
            for table in ("points", "glossary", "highlights", "summary_keys", "summaries"):
                conn.execute(f"DELETE FROM {table} WHERE summary_id IN ({marks})", chunk)

    def _members(self, talk_ids: Iterable[str]) -> list[int]:
        return [row[0] for talk_id in sorted(talk_ids) for row in self.conn.execute(
            "SELECT summary_id FROM summaries WHERE talk_id = ?", (talk_id,))]

    def _base_keys(self, talk_ids: Iterable[str]) -> set[tuple[str, str]]:
        keys: set[tuple[str, str]] = set()
        for talk_id in talk_ids:
            row = self.conn.execute("SELECT base_title_key, base_id FROM talks WHERE talk_id = ?",
                                    (talk_id,)).fetchone()
            if row:
                keys |= {("title", row[0]), ("id", row[1])}
        return keys

    def _drop_talks(self, talk_ids: Iterable[str]) -> None:
        """Delete talk rows and the full-text rows of their key points and glossary (rewritten next)."""
        conn = self.conn
        for talk_id in talk_ids:
            conn.execute("DELETE FROM search_fts WHERE rowid IN (SELECT rowid * 4 FROM talks WHERE talk_id = ?)",
                         (talk_id,))
            conn.execute("DELETE FROM search_fts WHERE rowid IN (SELECT point_id * 4 + 1 FROM points"
                         " WHERE talk_id = ?)", (talk_id,))
            conn.execute("DELETE FROM search_fts WHERE rowid IN (SELECT entry_id * 4 + 2 FROM glossary"
                         " WHERE talk_id = ?)", (talk_id,))
            conn.execute("DELETE FROM search_fts WHERE rowid IN (SELECT highlight_id * 4 + 3 FROM highlights"
                         " WHERE talk_id = ?)", (talk_id,))
            conn.execute("DELETE FROM talks WHERE talk_id = ?", (talk_id,))

    # -- reading new files -------------------------------------------------------------

    def _insert_file(self, read: file_rows.FileRows, digest: tuple[str, int]) -> list[int]:
        """Write one file's rows, numbered from each table's next free id (the transaction holds the write lock)."""
        self.report.warnings.extend(read.warnings)
        first = {name: self.next_ids[table] for name, table in _ID_TABLES.items()}
        for name in file_rows.TABLES:
            if read.rows[name]:
                self.conn.executemany(_INSERTS[name].format(**first), read.rows[name])
        for name, table in _ID_TABLES.items():
            self.next_ids[table] += read.counts[_COUNTED[name]]
        for name, count in read.counts.items():
            self.added[name] += count
        self.conn.execute("INSERT INTO corpus_files (name, sha256, bytes, summaries) VALUES (?, ?, ?, ?)",
                          (read.name, digest[0], digest[1], read.counts["summaries"]))
        return list(range(first["summary"], first["summary"] + read.counts["summaries"]))

    def _stage_stored(self, talk_ids: Iterable[str]) -> None:
        """Full-text rows of the stored summaries of talks about to be rewritten (theirs were dropped)."""
        rows: list[tuple[Any, ...]] = []
        for talk_id in talk_ids:
            for point_id, title, text, summary_id in self.conn.execute(
                "SELECT point_id, title, text, summary_id FROM points WHERE talk_id = ?", (talk_id,)
            ).fetchall():
                rows.append((point_id * 4 + 1, *self._fts_row(title, text), "kpoint", point_id, summary_id))
            for entry_id, head, definition, summary_id in self.conn.execute(
                "SELECT entry_id, head, definition, summary_id FROM glossary WHERE talk_id = ?", (talk_id,)
            ).fetchall():
                rows.append((entry_id * 4 + 2, *self._fts_row(head, definition), "kterm", entry_id, summary_id))
            for highlight_id, title, text, summary_id in self.conn.execute(
                "SELECT highlight_id, title, text, summary_id FROM highlights WHERE talk_id = ?", (talk_id,)
            ).fetchall():
                rows.append((highlight_id * 4 + 3, *self._fts_row(title, text), "khigh", highlight_id, summary_id))
        self.conn.executemany(_STAGE_FTS, rows)

    # -- naming talks ---------------------------------------------------------------------

    def _source_order(self, summary_id: int) -> tuple[str, int, str]:
        row: tuple[str, int, str] = self.conn.execute(
            "SELECT source_file, source_line, text FROM summaries WHERE summary_id = ?", (summary_id,)).fetchone()
        return row

    def _draft(self, members: list[int], old_id: str | None = None) -> _TalkDraft:
        """The talk of ``members`` (in source order) as store.grouping names it, before disambiguation."""
        conn = self.conn
        written, file, line = conn.execute(
            "SELECT title, source_file, source_line FROM summaries WHERE summary_id = ?", (members[0],)
        ).fetchone()
        speakers = merge_speakers(*(
            tuple(json.loads(conn.execute("SELECT speakers FROM summaries WHERE summary_id = ?", (i,)).fetchone()[0]))
            for i in members
        ))
        title = self.display(written)
        speakers = merge_speakers(tuple(self.display(name) for name in speakers))
        written_id = grouping.talk_slug(written) if written != title else None
        return _TalkDraft(members, title, grouping.talk_slug(title), speakers, Source(file, line), old_id, written_id)

    def _clashing(self, drafts: list[_TalkDraft], old_keys: set[tuple[str, str]],
                  dropped: set[str]) -> list[_TalkDraft]:
        """Stored talks that share a title or base id with a talk being written or removed (renamed next)."""
        keys = set(old_keys) | {("title", d.title.casefold()) for d in drafts} | {("id", d.talk_id) for d in drafts}
        found: list[_TalkDraft] = []
        seen = set(dropped)
        pending = list(keys)
        while pending:
            kind, value = pending.pop()
            column = "base_title_key" if kind == "title" else "base_id"
            for (talk_id,) in self.conn.execute(f"SELECT talk_id FROM talks WHERE {column} = ?", (value,)).fetchall():
                if talk_id in seen:
                    continue
                seen.add(talk_id)
                draft = self._draft(self._members([talk_id]), old_id=talk_id)
                found.append(draft)
                for key in (("title", draft.title.casefold()), ("id", draft.talk_id)):
                    if key not in keys:
                        keys.add(key)
                        pending.append(key)
        dropped |= {d.old_id for d in found if d.old_id}
        return found

    # -- writing talks ------------------------------------------------------------------

    def _write_talk(self, draft: _TalkDraft) -> None:
        conn = self.conn
        entry = self.overrides.get(draft.talk_id) or self.overrides.get(draft.written_id or "") or {}
        title = str(entry["title"]) if entry.get("title") else draft.title
        speakers = tuple(entry["speakers"]) if "speakers" in entry else draft.speakers
        tags = tuple(entry.get("tags", ()))
        # A team alias may have renamed the talk since its link was set: the id its title as written gives.
        video_url = (self.video_edits.get(draft.talk_id) or self.video_edits.get(draft.written_id or "")
                     or (str(entry["video_url"]) if entry.get("video_url") else None))
        conn.execute(
            "INSERT INTO talks (talk_id, position, title, speakers, tags, video_url, summary, source_file, source_line,"
            " base_title_key, base_id, written_id) VALUES (?, -1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (draft.talk_id, title, json.dumps(list(speakers)), json.dumps(list(tags)), video_url,
             _first_text(conn, draft), draft.source.file, draft.source.line, draft.base_title.casefold(),
             grouping.talk_slug(draft.base_title), draft.written_id),
        )
        conn.executemany("UPDATE summaries SET talk_id = ? WHERE summary_id = ?",
                         [(draft.talk_id, summary_id) for summary_id in draft.members])
        conn.execute("INSERT INTO written (talk_id) VALUES (?)", (draft.talk_id,))
        self.report.talks_written.append(draft.talk_id)

    def _finish(self) -> None:
        """Talk ids, key point order and full-text rows for every summary of the talks just written."""
        conn = self.conn
        conn.execute(
            "UPDATE points SET talk_id = ordered.talk_id, position = ordered.position FROM ("
            " SELECT p.point_id, s.talk_id, row_number() OVER (PARTITION BY s.talk_id"
            "  ORDER BY s.source_file, s.source_line, p.point_id) - 1 AS position"
            " FROM temp.written w JOIN summaries s ON s.talk_id = w.talk_id"
            " JOIN points p ON p.summary_id = s.summary_id"
            ") AS ordered WHERE points.point_id = ordered.point_id"
        )
        for table in ("glossary", "highlights"):
            conn.execute(
                f"UPDATE {table} SET talk_id = s.talk_id FROM summaries s JOIN temp.written w ON w.talk_id = s.talk_id"
                f" WHERE {table}.summary_id = s.summary_id"
            )
        conn.execute(
            "UPDATE term_names SET talk_id = s.talk_id FROM summaries s JOIN temp.written w ON w.talk_id = s.talk_id"
            " JOIN glossary g ON g.summary_id = s.summary_id WHERE term_names.entry_id = g.entry_id"
        )
        self._index_text()

    def _index_text(self) -> None:
        """The staged full-text rows of key points, glossary lines and highlights, and one row per talk written.

        A talk's row tokenises its title and all its summaries' text (Python, a GIL-holding loop); the staged
        rows are tokenised by SQLite, which releases the GIL. So each slice of the talks is read here and
        tokenised in a thread while this thread inserts a slice of the staged rows; talks' rows are kept in a
        temporary table and inserted last, in rowid order as before (FTS5 flushes when rowids go backwards).
        """
        conn = self.conn
        talks = [row[0] for row in conn.execute(
            "SELECT t.rowid FROM temp.written w JOIN talks t ON t.talk_id = w.talk_id ORDER BY t.rowid")]
        low, high = conn.execute("SELECT coalesce(min(rowid), 0), coalesce(max(rowid), -1) FROM temp.fts_stage"
                                 ).fetchone()
        slices = max(1, len(talks) // _TALKS_PER_SLICE)
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS talk_fts_stage (rowid INTEGER PRIMARY KEY, title TEXT,"
                     " body TEXT, parts TEXT, talk_id TEXT)")
        conn.execute("DELETE FROM temp.talk_fts_stage")
        width = (high - low) // slices + 1
        with ThreadPoolExecutor(1, thread_name_prefix="ingest-talk-text") as thread:
            for number in range(slices):
                chosen = talks[len(talks) * number // slices:len(talks) * (number + 1) // slices]
                texts = conn.execute(
                    "SELECT t.rowid, t.talk_id, t.title, t.speakers, t.tags, s.text FROM talks t"
                    " JOIN temp.written w ON w.talk_id = t.talk_id JOIN summaries s ON s.talk_id = t.talk_id"
                    " WHERE t.rowid BETWEEN ? AND ? ORDER BY t.rowid, s.source_file, s.source_line",
                    (chosen[0], chosen[-1])).fetchall() if chosen else []
                talk_rows = thread.submit(self._talk_text_rows, texts)
                conn.execute(
                    "INSERT INTO search_fts (rowid, title, body, parts, kind, ref_id, talk_id)"
                    " SELECT f.rowid, f.title, f.body, f.parts, f.kind, f.ref_id, s.talk_id"
                    " FROM temp.fts_stage f JOIN summaries s ON s.summary_id = f.summary_id"
                    " WHERE f.rowid BETWEEN ? AND ?", (low + number * width, low + (number + 1) * width - 1))
                conn.executemany("INSERT INTO temp.talk_fts_stage (rowid, title, body, parts, talk_id)"
                                 " VALUES (?, ?, ?, ?, ?)", talk_rows.result())
        conn.execute("INSERT INTO search_fts (rowid, title, body, parts, kind, ref_id, talk_id)"
                     " SELECT rowid, title, body, parts, 'ktalk', 0, talk_id FROM temp.talk_fts_stage ORDER BY rowid")
        conn.execute("DELETE FROM temp.fts_stage")
        conn.execute("DELETE FROM temp.talk_fts_stage")

    def _talk_text_rows(self, texts: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """Full-text rows of talks from (rowid, talk_id, title, speakers, tags, text) rows, a talk's in source order."""
        rows: list[tuple[Any, ...]] = []
        current: tuple[Any, ...] | None = None
        summaries: list[str] = []
        for rowid, talk_id, title, speakers, tags, text in chain(texts, [(None,) * 6]):  # a sentinel ends the last
            if current is not None and rowid != current[0]:
                heading = " ".join([current[2], *json.loads(current[3]), *json.loads(current[4])])
                rows.append((current[0] * 4, *self._fts_row(heading, " ".join(summaries)), current[1]))
                summaries = []
            current = (rowid, talk_id, title, speakers, tags)
            summaries.append(text)
        return rows

    def _fts_row(self, title: str, body: str) -> tuple[str, str, str]:
        return file_rows.fts_columns(self.splitter, title, body)

    def _renumber(self) -> None:
        """Talk positions in corpus order: by the file and line of each talk's first summary.

        (file, line) is unique per summary, so no text tiebreak: sorting 50,000 talks' texts was most of
        an incremental ingest's fixed cost.
        """
        self.conn.execute(
            "UPDATE talks SET position = ordered.position FROM (SELECT talk_id, row_number()"
            " OVER (ORDER BY source_file, source_line) - 1 AS position FROM talks) AS ordered"
            " WHERE talks.talk_id = ordered.talk_id AND talks.position != ordered.position"
        )


# Indexes on columns the last steps of a full rebuild set for every row (a talk's key points and glossary), which
# nothing reads before: built after those updates instead of updated row by row.
_LATE_INDEXES = frozenset({"points_by_talk", "glossary_by_talk", "term_names_by_key_talk"})


def _drop_indexes(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """Drop the corpus tables' indexes (inside the rebuild's transaction); their names and SQL, to build again.

    A full rebuild fills the emptied tables and then builds each index once, sorted, instead of inserting
    millions of rows into B-trees keyed by hashes in random order (summary_keys: 3.7 million rows at 50,000
    summaries), which with a small page cache read and wrote a page per row.
    """
    marks = ",".join("?" * len(CORPUS_TABLES))
    indexes = [(str(name), str(sql)) for name, sql in conn.execute(
        f"SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ({marks})"
        " ORDER BY name", CORPUS_TABLES)]
    for name, _ in indexes:
        conn.execute(f'DROP INDEX "{name}"')
    return indexes


def _disambiguate(conn: sqlite3.Connection, drafts: list[_TalkDraft]) -> list[_TalkDraft]:
    """store.grouping's title and id disambiguation over the talks being written (each clash whole)."""
    drafts = sorted(drafts, key=lambda d: (d.source.file, d.source.line))  # one summary per (file, line)
    titles = Counter(d.title.casefold() for d in drafts)
    ids = Counter(d.talk_id for d in drafts)
    talks = [
        Talk(d.talk_id, d.title, d.speakers, (_first_summary(conn, d),))
        if titles[d.title.casefold()] > 1 or ids[d.talk_id] > 1 else Talk(d.talk_id, d.title, d.speakers, ())
        for d in drafts
    ]
    named = grouping.disambiguate(talks)
    for draft, talk in zip(drafts, named):
        draft.title, draft.talk_id = talk.title, talk.talk_id
    return drafts


def _first_summary(conn: sqlite3.Connection, draft: _TalkDraft) -> Summary:
    """What disambiguation reads of a talk's first summary: its text, file and first key point."""
    point = conn.execute("SELECT seconds, label, title, text FROM points WHERE summary_id = ?"
                         " ORDER BY point_id LIMIT 1", (draft.members[0],)).fetchone()
    points = (KeyPoint(point[0], point[1], point[2], point[3], draft.source),) if point else ()
    return Summary("", _first_text(conn, draft), draft.source, points)


def _first_text(conn: sqlite3.Connection, draft: _TalkDraft) -> str:
    text: str = conn.execute("SELECT text FROM summaries WHERE summary_id = ?", (draft.members[0],)).fetchone()[0]
    return text


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]
