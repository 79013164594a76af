"""One corpus generation as queries see it: the read connection plus in-memory vocabulary and talk facts."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from .canonical import Canonical
from .concepts import Concept, build_concepts
from .connection import connect_read_only
from .edits import (
    ALIAS,
    DEFINE,
    FILED_CORRECTIONS_SQL,
    GENERATION_SQL,
    LIVE_SQL,
    alias_pair,
    live_corrections_of,
    live_corrections_sql,
)
from .kept import kept
from .lexicon import Lexicon, phrase_key
from .matching import SEARCH_COLUMNS, SearchForm, SearchRow, fts_expression, fts_forms, phrase_check
from .model import OPENING_SECONDS, PointCorrection, TalkHit, heads_its_talk, introduces_its_talk
from .prepared import Prepared, PreparedRows, prepare, read_rows
from .text import tokens
from .vocabulary import NAME_KINDS, TermName, Vocabulary

T = TypeVar("T")

DEFINED_KEYS_SQL = ("SELECT target FROM team_edits WHERE kind = ? UNION SELECT term_key FROM filed_definitions")


@dataclass(frozen=True, slots=True)  # one per talk for as long as the generation lives: no __dict__ each
class TalkInfo:
    """What ranking needs of a talk without reading its rows."""

    talk_id: str
    position: int
    title: str
    speakers: tuple[str, ...]
    video_url: str | None
    title_tokens: tuple[str, ...]  # distinct, interned: the same words recur in thousands of titles
    summaries: int = 1  # how many summaries it has (a talk exported twice has two)
    introductions: frozenset[int] = frozenset()  # the point ids of its introductions (one a summary at most)
    # the point ids of its other points at 0:00, whose headings say what the talk is about ("0:00 MaxText-Architektur")
    openers: frozenset[int] = frozenset()


class NeedsDatabase(Exception):
    """A computation tried in memory (``View.in_memory``) reached for the database."""


class Stale(NamedTuple):
    """``View.read`` found a generation other than the view's: nothing was computed."""

    generation: str | None


CONCEPTS_KEPT = 512  # questions whose concepts a view keeps (users type any text)
READS_KEPT = 256  # full-text reads a view keeps (``View._read``; one answer makes 2-30)


@dataclass(frozen=True)
class Parts:
    """What a view reads of one generation, in one snapshot of its own (``View.reload``)."""

    generation: str | None
    vocabulary: Vocabulary
    talks: dict[str, TalkInfo]
    pairs: dict[str, tuple[str, ...]]
    team_aliases: tuple[tuple[str, str], ...]
    corrections: dict[tuple[str, int], PointCorrection]  # team_edits.toml's, then the live team edits over them
    prepared_rows: PreparedRows | None  # a small corpus's rows to prepare (store/prepared.py)
    defined_keys: frozenset[str] = frozenset()  # term keys with a team definition edit or a filed one


@dataclass
class View:
    """Queries run against this inside one read transaction (``read``), on the database thread.

    ``conn`` is the sqlite3 connection of the store's aiosqlite connection: used only on aiosqlite's thread for
    it (store/connection.py ``on_connection_thread``; sqlite3 raises ProgrammingError on any other thread).
    """

    conn: sqlite3.Connection
    lexicon: Lexicon
    translate: bool = True
    vocabulary: Vocabulary = field(default_factory=Vocabulary.empty)
    talks: dict[str, TalkInfo] = field(default_factory=dict)
    pairs: dict[str, tuple[str, ...]] = field(default_factory=dict)  # long form / other spelling -> term
    canonical: Canonical = field(init=False)  # transcription slips -> canonical names, for everything shown
    corpus_lexicon: Lexicon = field(init=False)  # the corpus's word data; ``lexicon`` adds the team's aliases
    team_aliases: tuple[tuple[str, str], ...] = ()
    # the term keys a team definition may exist for (a definition edit, live or undone, or team_edits.toml's): any
    # other key has none, told without a read (an edit moves the generation, and a reload reads these again)
    defined_keys: frozenset[str] = frozenset()
    prepared: Prepared = field(default_factory=Prepared)  # a small corpus's rows as queries read them
    # The full-text reads (``candidates``) of the current read transaction: /define's suggestions read what its
    # description step read (40 ms at 50,000 summaries for an unknown word), in the same snapshot. Where the corpus is
    # prepared they are kept for the generation, until the asked texts are forgotten (``forget_asked``): its rows are
    # shared objects, so a read keeps only references, and one answer's store calls ask the same read in transactions
    # of their own (a name's words held together, then side by side; a search with and without min_coverage: 0.45 ms
    # of "Unterschied zwischen Tensor-Parallelismus und Kontext-Parallelismus"); a call tried in memory
    # (``in_memory``) uses a kept one without a trip (``_only_kept``).
    _read: dict[tuple[object, ...], list[SearchRow]] = field(default_factory=dict)
    # A question's concepts, built once per generation: one answer asks for them 4-5 times (coverage, the search,
    # its retries), and building them was a fifth of a slow answer's CPU (BENCHMARKS.md section 31)
    _concepts: dict[str, tuple[Concept, ...]] = field(default_factory=dict)
    # Each word's own concept, for the other texts of a question that share it (the subject, its parts, the search
    # with a hint word): the costliest part of building concepts (a typo look-up per word) once a word, not 2-4 times
    _word_concepts: dict[str, Concept] = field(default_factory=dict)
    # Whether the corpus writes a name's words side by side (store/together.py), found once per generation: an answer
    # asks it of a hyphenated word twice, in its absent words and in its coverage check (1-1.5 ms and a trip each)
    _side_by_side: dict[str, bool] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.corpus_lexicon = self.lexicon
        self.canonical = Canonical(self.lexicon)
        self._in_memory = threading.local()  # set on the thread that runs ``in_memory``, not the database thread

    def in_memory(self, compute: Callable[[View], T]) -> T | NeedsDatabase:
        """``compute`` on the calling thread from the in-memory parts alone, or a NeedsDatabase when it reads a row
        (nothing of it is kept: the caller then runs it in a read transaction). Only for a view whose generation is
        known current: the caller checks that no commit happened since its last read (``Store._files_unchanged``)."""
        self._in_memory.active = True
        try:
            return compute(self)
        except NeedsDatabase as needs:
            return needs
        finally:
            self._in_memory.active = False

    def read(self, generation: str | None, compute: Callable[[View], T]) -> T | Stale:
        """``compute`` in one read transaction, if it reads ``generation`` (the one the view holds), else Stale.
        Runs on the database thread: BEGIN, the generation check, every statement of ``compute`` and COMMIT
        are one trip there."""
        self.conn.execute("BEGIN")
        try:
            found = self.scalar(GENERATION_SQL)
            if found != generation:
                return Stale(found)
            if not self.prepared.rows:
                self._read.clear()  # what the last read transaction read (a large corpus's rows hold their texts)
            return compute(self)
        finally:
            self.conn.execute("COMMIT")

    def scalar(self, sql: str, params: Sequence[object] = ()) -> Any:
        """The first column of the first row, or None."""
        rows = self.rows(sql, params)
        return rows[0][0] if rows else None

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """All rows of a query."""
        if getattr(self._in_memory, "active", False):
            raise NeedsDatabase
        return self.conn.execute(sql, params).fetchall()

    def candidates(
        self, concepts: list[Concept], limit: int, *, kind: str | tuple[str, ...] | None = None,
        talk_id: str | None = None, any_order: bool = False
    ) -> list[SearchRow]:
        """Rows of the full-text index that may answer the concepts, best first when affordable.

        ``any_order``: for a caller that reads every row it gets (whether any holds something): when at most
        ``limit`` rows match, they are the same rows, in the index's order, without ranking them (bm25 over every
        match: 60 of 90 us for 40 rows); more than that, the best ``limit`` as without it."""
        forms, ranked = fts_forms(concepts, self.vocabulary)
        key = (tuple(forms), ranked, kind, talk_id, limit)
        read = self._only_kept if getattr(self._in_memory, "active", False) else self._read_and_keep
        if any_order and ranked:
            rows = read((*key, "unranked"), lambda: self._candidates(
                forms, ranked, limit + 1, kind, talk_id, unranked=True))
            if len(rows) <= limit:
                return rows
        return read(key, lambda: self._candidates(forms, ranked, limit, kind, talk_id))

    def _read_and_keep(self, key: tuple[object, ...], compute: Callable[[], list[SearchRow]]) -> list[SearchRow]:
        """A full-text read, kept under ``key`` (``_read``, bounded by READS_KEPT)."""
        return kept(self._read, key, compute, READS_KEPT)

    def _only_kept(self, key: tuple[object, ...], compute: Callable[[], list[SearchRow]]) -> list[SearchRow]:
        """A full-text read in memory: the one a prepared corpus kept for this generation under ``key`` (an earlier
        store call of the answer made it: a name's absent words, then whether its words stand together), else
        NeedsDatabase; ``compute`` is never run. Only looks (``dict.get``): the database thread may be adding reads
        meanwhile."""
        if not self.prepared.rows:
            raise NeedsDatabase  # a large corpus keeps its reads for one read transaction alone
        rows = self._read.get(key)
        if rows is None:
            raise NeedsDatabase
        return rows

    def _candidates(self, forms: list[SearchForm], ranked: bool, limit: int,
                          kind: str | tuple[str, ...] | None, talk_id: str | None, *, unranked: bool = False
                          ) -> list[SearchRow]:
        checks = {form: check for form in forms if (check := phrase_check(form, self.vocabulary, ranked=ranked))}
        if checks:  # one statement for all: "SELECT (SELECT 1 ... MATCH ?), (SELECT 1 ... MATCH ?)"
            found = self.rows("SELECT " + ", ".join(
                ["(SELECT 1 FROM search_fts WHERE search_fts MATCH ? LIMIT 1)"] * len(checks)), list(checks.values()))
            absent = {form for form, row in zip(checks, found[0]) if row is None}
            forms = [form for form in forms if form not in absent]  # they match nothing
        kinds = (kind,) if isinstance(kind, str) else kind or ()
        # A ranked query of one kind filters the rows FTS5 finds: as a phrase of the expression, bm25 would
        # first count every row of that kind (450,000 glossary lines at 50,000 summaries: 20 ms), for a bonus
        # every row gets (less the longer the row). Of several kinds, bm25 weighs the rarer up (highlights
        # over key points), which orders equally scored answers; unranked, the phrase costs nothing, and
        # the filter on the rows would read every row of a common word for a kind that has few.
        by_rows = ranked and len(kinds) == 1
        expression = fts_expression(forms, self.vocabulary, ranked=ranked, kinds=() if by_rows else kinds)
        if expression is None:
            return []
        prepared = self.prepared.rows
        # A prepared row is read by its id alone: FTS5 then reads no row's texts (0.2 ms of 150 rows).
        sql = f"SELECT {'rowid' if prepared else SEARCH_COLUMNS} FROM search_fts WHERE search_fts MATCH ?"
        params: list[object] = [expression]
        if by_rows:
            sql += " AND kind = ?"
            params.append(kinds[0])
        if talk_id is not None:
            sql += " AND talk_id = ?"
            params.append(talk_id)
        sql += (" ORDER BY rank" if ranked and not unranked else "") + " LIMIT ?"
        rows = self.rows(sql, [*params, limit])
        return [prepared[rowid] for rowid, in rows] if prepared else [SearchRow(*row) for row in rows]

    def talk_hit(self, hit: TalkHit) -> TalkHit:
        """``hit`` as shown: with canonical names (``Canonical.talk_hit``), read off its talk where it is prepared."""
        text = self.prepared.talks.get(hit.talk_id)
        return self.canonical.talk_hit(hit) if text is None else text.shown_hit(hit)

    def concepts(self, text: str) -> list[Concept]:
        """The search concepts of a question, built once per generation (treat them as read-only)."""
        built = kept(self._concepts, text, lambda: tuple(build_concepts(
            text, self.lexicon, self.pairs, self.vocabulary.correct, translate=self.translate,
            split=self.vocabulary.compound_head, parts=self.vocabulary.compound_parts, segment=self.vocabulary.segment,
            frequency=self.vocabulary.doc_frequency, family=self.vocabulary.verb_family,
            known_words=self._word_concepts, generation=self.vocabulary.named_generation)), CONCEPTS_KEPT)
        return list(built)  # shared objects: a search that settles a reading replaces its concept (settle_readings)

    def side_by_side(self, words: str, compute: Callable[[], bool]) -> bool:
        """``compute``'s verdict for the folded ``words`` (together.held_side_by_side), kept per generation."""
        return kept(self._side_by_side, words, compute, CONCEPTS_KEPT)

    def kept_side_by_side(self, words: str) -> bool:
        """Whether ``side_by_side`` has a verdict for ``words`` kept."""
        return words in self._side_by_side

    def forget_asked(self) -> None:
        """Forget what was kept of the texts asked (their concepts and their words', side-by-side verdicts, the
        full-text reads): bench/mention_bench.py times each answer as a first-time question."""
        self._read.clear()
        self._concepts.clear()
        self._word_concepts.clear()
        self._side_by_side.clear()

    def similar_names(
        self, key: str, *, limit: int = 5, cutoff: float = 80.0, kinds: tuple[str, ...] = NAME_KINDS,
    ) -> list[tuple[TermName, float]]:
        """Term names whose whole key resembles ``key``, one per term, best first (closest length first among
        equal scores); a key's terms in corpus row order."""
        scored = self.vocabulary.similar_keys(key, limit=limit * 4, cutoff=cutoff, kinds=kinds)
        if not scored:
            return []
        keys = [name_key for name_key, _ in scored]
        terms: dict[str, list[tuple[str, str]]] = {}
        for name_key, term, kind, _ in self.rows(
            f"SELECT name_key, term, kind, min(rowid) FROM term_names WHERE name_key IN ({','.join('?' * len(keys))})"
            f" AND kind IN ({','.join('?' * len(kinds))}) GROUP BY name_key, term ORDER BY 4", [*keys, *kinds],
        ):
            terms.setdefault(name_key, []).append((term, kind))
        out: list[tuple[TermName, float]] = []
        seen: set[str] = set()
        for name_key, score in scored:
            for term, kind in terms.get(name_key, ()):
                if term not in seen:
                    seen.add(term)
                    out.append((TermName(name_key, term, kind), score))
        return out[:limit]

    async def reload(self, db_path: Path) -> Parts:
        """Rebuild the in-memory parts from the database (after an ingest or an edit changed it); the parts, of the
        generation they were read at (``read`` then checks it is the one its transaction sees)."""
        # Read and built on a connection of its own in a worker thread, streaming rows: CPU work (seconds at
        # 50,000 summaries) off the event loop, so acks keep flowing while the first query after an ingest
        # waits, and no list of every row is held (its peak stayed in the RSS).
        # The old parts go first: no query runs meanwhile (the caller holds the store's lock), and the peak
        # RSS is one generation's parts, not two.
        self.vocabulary, self.talks, self.pairs, self.prepared = Vocabulary.empty(), {}, {}, Prepared()
        self.defined_keys = frozenset()
        self.forget_asked()
        parts = await asyncio.to_thread(_read_parts, db_path)
        self.vocabulary, self.talks, self.pairs = parts.vocabulary, parts.talks, parts.pairs
        self.defined_keys = parts.defined_keys
        if parts.team_aliases != self.team_aliases:  # search and display follow the team's aliases from here on
            self.team_aliases = parts.team_aliases
            self.lexicon = self.corpus_lexicon.with_aliases(parts.team_aliases)
            self.canonical = Canonical(self.lexicon)
        if parts.prepared_rows is not None:  # shown with the canonical names just settled
            self.prepared = await asyncio.to_thread(prepare, parts.prepared_rows, self.canonical)
        self.forget_asked()  # any built meanwhile saw the empty parts
        return parts


def _read_parts(db_path: Path) -> Parts:
    conn = connect_read_only(db_path)
    try:
        conn.execute("BEGIN")  # one snapshot for every part
        generation = conn.execute(GENERATION_SQL).fetchone()[0]
        vocabulary = Vocabulary.read(conn)
        talks = {}
        several = dict(conn.execute("SELECT talk_id, count(*) FROM summaries GROUP BY talk_id HAVING count(*) > 1"))
        introductions: dict[str, set[int]] = {}  # once a generation: a question only looks them up (ranking)
        openers: dict[str, set[int]] = {}
        for point_id, talk_id, seconds, title, text in conn.execute(
            "SELECT point_id, talk_id, seconds, title, text FROM points WHERE seconds BETWEEN 0 AND ?",
            (OPENING_SECONDS,),
        ):
            if introduces_its_talk(seconds, title, text):
                introductions.setdefault(talk_id, set()).add(point_id)
            elif heads_its_talk(seconds, title, text):
                openers.setdefault(talk_id, set()).add(point_id)
        for talk_id, position, title, speakers, video_url in conn.execute(
            "SELECT talk_id, position, title, speakers, video_url FROM talks ORDER BY position"
        ):
            speaker_list = tuple(json.loads(speakers))
            title_tokens = tuple(sys.intern(token) for token in dict.fromkeys(tokens(" ".join([title, *speaker_list]))))
            talks[talk_id] = TalkInfo(talk_id, position, title, speaker_list, video_url, title_tokens,
                                      several.get(talk_id, 1), frozenset(introductions.get(talk_id, ())),
                                      frozenset(openers.get(talk_id, ())))
        pairs: dict[str, tuple[str, ...]] = {}
        for term, name in conn.execute("SELECT term, name FROM term_names WHERE kind != 'term'"):
            # The long form or other spelling a user may type -> the term as the corpus writes it.
            key, target = phrase_key(name), " ".join(tokens(term))
            if key and target and key != target:
                pairs[key] = tuple(dict.fromkeys(pairs.get(key, ()) + (target,)))
        aliases = tuple(pair for _, after in conn.execute(LIVE_SQL, (ALIAS,))
                        if (pair := alias_pair(after)) is not None)
        corrections = live_corrections_of(conn.execute(FILED_CORRECTIONS_SQL))
        corrections.update(live_corrections_of(conn.execute(*live_corrections_sql())))
        defined_keys = frozenset(key for key, in conn.execute(DEFINED_KEYS_SQL, (DEFINE,)))
        prepared_rows = read_rows(conn, vocabulary.documents, {talk: info.speakers for talk, info in talks.items()})
        conn.execute("COMMIT")
    finally:
        conn.close()
    return Parts(generation, vocabulary, talks, pairs, aliases, corrections, prepared_rows, defined_keys)
