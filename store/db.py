"""The async store the Slack layer calls: define, find_talks, find_points and talk lookups.

One aiosqlite connection serves all queries. Each query runs inside one read transaction so it
sees a single snapshot even while an ingest commits a new corpus, and reloads the in-memory
vocabulary when the corpus fingerprint changed.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import Awaitable, Callable, Collection, Hashable, Iterable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from . import described, ranking, terms, together
from .compounds import splits_in_two
from .concepts import MIN_PREFIX, english_stems, german_infinitives, inflected_head, inflection_trims
from .connection import WriteLockProbe, connect_async, connect_read_only, on_connection_thread
from .edits import (
    ACCEPT,
    ALIAS,
    BUMP_GENERATION_SQL,
    BY_NUMBER,
    CORRECT,
    DEFINE,
    EDIT_COLUMNS,
    GENERATION_SQL,
    INSERT_SQL,
    REJECT,
    SUGGEST,
    UNDO,
    VIDEO,
    AlreadySubmitted,
    Decision,
    Edit,
    Proposal,
    corrected_hits,
    corrected_talk,
    correction_value,
    definition_value,
    edit_of,
    live_sql,
    point_target,
    proposal_of,
    team_alias_of,
    team_definition_of,
    undo_problem,
)
from .ingest import IngestReport, ingest_sync
from .lexicon import Lexicon, load_lexicon
from .model import (
    DefineResult,
    GlossaryEntry,
    Highlight,
    KeyPoint,
    PointCorrection,
    PointHit,
    Source,
    Summary,
    Talk,
    TalkHit,
    TeamAlias,
    TeamDefinition,
)
from .result_cache import MISSING, ResultCache, cacheable
from .team_aliases import undo_alias, write_alias
from .text import clean_query, term_key, tokens
from .title_words import TitleWords
from .view import NeedsDatabase, Stale, TalkInfo, View

RESULT_CACHE_SIZE = 1024  # answers kept per corpus generation (a few MB at most)
MIN_TYPED_SLIP = 5  # letters of the shortest word ``typed_with_a_slip`` reads as another mistyped
MIN_NAME_PART = 4  # the shortest word of a glossary name of several words that counts as naming a term
OTHER_NAMES_ENTRIES = 20  # glossary entries of a term whose other names ``other_names`` reads
T = TypeVar("T")
LIVE_DEFINITION_SQL = (f"SELECT {EDIT_COLUMNS} FROM team_edits WHERE kind = ? AND target = ? AND undone_by IS NULL"
                       " ORDER BY edit_id DESC LIMIT 1")
FILED_DEFINITION_SQL = "SELECT term, text, see, user_id, created_at FROM filed_definitions WHERE term_key = ?"


def _definition_now(live: Sequence[tuple[Any, ...]], filed: Sequence[tuple[Any, ...]]
                    ) -> tuple[str | None, TeamDefinition | None]:
    """A key's team definition now, as an edit's value and as a record: its latest live edit's
    (``LIVE_DEFINITION_SQL``'s rows; a forget: none), else team_edits.toml's (``FILED_DEFINITION_SQL``'s rows:
    ingest read it into filed_definitions)."""
    if live:
        edit = edit_of(live[0])
        return edit.after, team_definition_of(edit)
    if not filed:
        return None, None
    term, text, see, user_id, created_at = filed[0]
    return definition_value(term, text, see), TeamDefinition(term, text, see, user_id, created_at, 0)


def _name_words(view: View) -> frozenset[str]:
    """The words of every glossary name (of a name of several words, those of MIN_NAME_PART letters or more) and of
    every talk's title and tags."""
    names: set[str] = set()
    for (name,) in view.rows("SELECT name FROM term_names"):
        found = tokens(name)
        names.update(token for token in found if len(found) == 1 or len(token) >= MIN_NAME_PART)
    names.update(token for (text,) in view.rows("SELECT title || ' ' || tags FROM talks") for token in tokens(text))
    return frozenset(names)


MAX_PLURALISED_NAME = 4  # letters of a short name (vm, gpu, llm) whose plural the summaries may write alone


def _absent_words(view: View, text: str, *, no_starts: bool = False) -> tuple[str, ...]:
    """The content words of ``text`` no summary holds in any form (``Store.absent_words``); ``no_starts``: a word of
    MIN_PREFIX letters that only starts other corpus words is none of theirs (``_begins_other_words``)."""
    absent = []
    concepts = view.concepts(text)
    # a word of a phrase the summaries hold in other words is there: "suspension bridge" is a Hängebrücke
    in_phrases = {word for concept in concepts if " " in concept.words
                  and any(view.vocabulary.doc_frequency(form.token) for form in concept.forms
                          if form.kind != "correction") for word in concept.words.split()}
    for concept in concepts:
        if " " in concept.words or concept.words in in_phrases:
            continue
        # a typo's correction is another word, and so is the corpus word a compound only starts with
        # ("tensorboard" -> tensor); a word read as corpus words run together (a phrase form) is there only where
        # the summaries write them side by side: "tensornetzwerken" is no Tensor|Netzwerken they have apart
        word = concept.words
        # German endings the summaries may not use: "Crashkurses" is the "Crashkurs" talk; English ones:
        # "patented" is in "Patentierte"
        trims = inflection_trims(word)
        # a stem cut from the word is held only where a corpus word goes on from it as a form of the word: "angeln"
        # is in no "angelegten", "spline" in no "Splintholz" (``Vocabulary.continues_as_a_form``)
        stems = {form.token for form in concept.forms if form.kind == "stem" and form.token.isalpha()
                 and word.startswith(form.token) and form.token != word} | {*trims, *english_stems(word)}
        forms = [form.token for form in concept.forms
                 if form.kind not in ("correction", "part", "phrase") and form.token not in stems
                 and not (no_starts and form.token == word and _begins_other_words(view, word))]
        # a participle's verb, written as a word of its own: "portierter" (a ported one) is "portieren" (a guessed
        # infinitive inside a compound is no sign: "bauen" in "aufbauend")
        verbs = [verb for form in [word, *trims] for verb in german_infinitives(form)]
        # a short name's English plural, which German text borrows as it is: "vm" is in "Single-Host-VMs" (a whole
        # word only: "vms" inside another word is no sign)
        plurals = [f"{word}s"] if word.isalpha() and len(word) <= MAX_PLURALISED_NAME else []
        if _held_in_a_form(view, forms, [*verbs, *plurals]) or any(
                view.vocabulary.continues_as_a_form(stem) or view.vocabulary.inside_a_word(stem) for stem in stems):
            continue
        # only then the costly look at where the summaries write a split's words (most words end above)
        split = [form for form in concept.forms if form.kind == "phrase" and not concept.words_in_a_row]
        # (a word typed solid, read as corpus words run together (``via``), is them only where a row writes them next
        # to each other: "controlnet" is no "Control … Netze"; a hyphenated word's parts are typed apart, as a name's)
        side_by_side = [form.token for form in split if (together.held_in_a_row if form.via
                                                         else together.held_side_by_side)(view, form.token.split())]
        # (a word so split that the summaries write apart may be a German compound's head: "erde" (er|de) is
        # Erdwärme's Erd-)
        as_a_head = len(side_by_side) < len(split) and view.vocabulary.heads_a_compound(word)
        split_forms = side_by_side + [head for form in split if (head := inflected_head(form.token.split()))]
        if not _held_in_a_form(view, split_forms, []) and not as_a_head:
            absent.append(concept.words)
    return tuple(absent)


def _begins_other_words(view: View, word: str) -> bool:
    """Whether the typed ``word`` of the shortest length matched as a start (MIN_PREFIX letters) only starts other
    corpus words: three letters begin many words by chance ("gan" (GAN) is in no "ganzjährig"; "llm" is in "LLMs")."""
    return len(word) == MIN_PREFIX and word.isalpha() and not view.vocabulary.has(word) and \
        not view.vocabulary.continues_as_a_form(word)


def _held_in_a_form(view: View, forms: list[str], verbs: list[str]) -> bool:
    """Whether a summary holds one of ``forms`` or ``verbs`` as a word, or one of ``forms`` inside a compound
    ("screws" (schraub) in "Baumschrauben")."""
    return any(view.vocabulary.doc_frequency(token) for token in [*forms, *verbs]) or any(
        view.vocabulary.inside_a_word(token) for token in forms)


def _glossary_names(view: View, column: str, kind: str) -> tuple[str, ...]:
    """``column`` of the glossary's names of ``kind``, canonical, each once by key, sorted case-insensitively."""
    unique: dict[str, str] = {}
    for (name,) in view.rows(f"SELECT DISTINCT {column} FROM term_names WHERE kind = ?", (kind,)):
        name = view.canonical.text(name)
        unique.setdefault(term_key(name), name)
    return tuple(sorted(unique.values(), key=str.casefold))


def _define_compute(query: str, limit: int) -> Callable[[View], DefineResult]:
    """The glossary look-up of ``Store.define`` for a cleaned ``query`` with a term key."""
    key = term_key(query)

    def compute(view: View) -> DefineResult:
        hits = tuple(view.canonical.term_hit(hit) for hit in terms.define_hits(view, query, key, limit))
        return DefineResult(query, hits, () if hits else tuple(terms.suggestions(view, key, query)))

    return compute


class Store:
    """Read API over one talkbot database."""

    def __init__(self, conn: aiosqlite.Connection, thread_conn: sqlite3.Connection, db_path: Path, lexicon: Lexicon, *,
                 translate: bool = True, cache_size: int = RESULT_CACHE_SIZE, corpus_dir: Path | None = None,
                 generation_reader: sqlite3.Connection | None = None, write_probe: WriteLockProbe | None = None
                 ) -> None:
        # Writes go statement by statement through ``conn``; a read is one function on its thread, over
        # ``thread_conn`` (the sqlite3 connection ``conn`` wraps: see View).
        self._conn = conn
        # Reads the generation on the event loop itself (a few microseconds; it never waits for a lock) when a
        # commit by anyone changed the files: through aiosqlite's thread that check took tens of ms under load,
        # and every kept answer waited for it (BENCHMARKS.md §11, bursts). None: the check takes that thread.
        self._generation_reader = generation_reader
        # Asked before each team edit whether another connection writes (a rebuild copying its corpus in): then the
        # edit waits with the connection free instead of failing after the busy timeout. None: it does not ask.
        self._write_probe = write_probe
        self._title_words: tuple[dict[str, TalkInfo], TitleWords] | None = None  # of the talks it was made from
        self._name_words: tuple[dict[str, TalkInfo], frozenset[str]] | None = None  # likewise (names_a_term)
        # likewise: the glossary's terms and long forms (``_glossary_names_kept``), by column and kind
        self._glossary_kept: dict[tuple[str, str], tuple[dict[str, TalkInfo], tuple[str, ...]]] = {}
        self.db_path = db_path
        self.lexicon = lexicon  # the corpus's word data (aliases.toml, lexicon.toml); the team's aliases are in views
        self.corpus_dir = corpus_dir
        self._lock = asyncio.Lock()
        self._generation: str | None = None
        self._reloads = 0  # how often the view was reloaded for a new generation (``composed`` compares it)
        self._view = View(thread_conn, lexicon, translate)
        self.results = ResultCache(cache_size)  # holds answers of self._generation only
        # As strings: stat() of a Path converts it on every call, and these are stat'ed for every cached answer.
        self._files_paths = (str(db_path), str(db_path.with_name(db_path.name + "-wal")))
        self._generation_files: tuple[tuple[int, int, int] | None, ...] | None = None  # _files() at that read
        # The key-point corrections of self._generation: (talk id, stamp in the corpus) -> what applies.
        self._corrections: dict[tuple[str, int], PointCorrection] = {}

    @classmethod
    async def open(cls, db_path: Path, corpus_dir: Path | None = None, *, translate: bool = True,
                   cache_size: int = RESULT_CACHE_SIZE) -> "Store":
        """Open (and migrate) the database; ``translate=False`` disables English -> German forms."""
        lexicon = await asyncio.to_thread(load_lexicon, corpus_dir)
        conn = await connect_async(Path(db_path))
        try:
            thread_conn = await on_connection_thread(conn, lambda db: db)
            # One trip to a worker thread, not two: a second may start a second worker, and at 50,000 summaries its
            # malloc arena kept ~35 MB more of the next view's build (BENCHMARKS.md section 23).
            reader, probe = await asyncio.to_thread(
                lambda: (connect_read_only(Path(db_path), busy_timeout_ms=0), WriteLockProbe(Path(db_path))))
        except BaseException:
            await conn.close()
            raise
        store = cls(conn, thread_conn, Path(db_path), lexicon, translate=translate, cache_size=cache_size,
                    corpus_dir=corpus_dir, generation_reader=reader, write_probe=probe)
        store._generation_now()  # opens the reader's WAL file now, not at the first check (fds stay as at start)
        return store

    def word_data(self) -> Lexicon:
        """The word data in effect: the corpus's aliases and word list plus the team's live aliases, as of the
        generation last read (``lexicon`` is the corpus's alone)."""
        return self._view.lexicon

    def talks_titled(self, prefix: str, at_most: int) -> set[str] | None:
        """The talks with a title or speaker word starting with ``prefix`` (folded), None when more than ``at_most``
        have one, as of the generation last read (no trip to the database; the index is made at the first call of a
        generation)."""
        talks = self._view.talks
        if self._title_words is None or self._title_words[0] is not talks:
            self._title_words = (talks, TitleWords(talks))
        return self._title_words[1].talks(prefix, at_most)

    def title_starts_a_word(self, talk_id: str, prefix: str) -> bool:
        """Whether a word of the talk's title or speakers starts with ``prefix`` (folded), as of the generation last
        read (no trip to the database): "port" of "… TPU-optimierten Ports"."""
        info = self._view.talks.get(talk_id)
        return info is not None and any(token.startswith(prefix) for token in info.title_tokens)

    def summary_count(self, talk_id: str) -> int | None:
        """How many summaries the talk has (two for a talk exported twice), as of the generation last read (no trip
        to the database); None for a talk not in it."""
        info = self._view.talks.get(talk_id)
        return None if info is None else info.summaries

    async def close(self) -> None:
        """Close the connections."""
        if self._generation_reader is not None:
            self._generation_reader.close()
        if self._write_probe is not None:
            self._write_probe.close()
        await self._conn.close()

    async def __aenter__(self) -> "Store":
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # -- snapshot and caches -------------------------------------------------------------

    async def _read(self, compute: Callable[[View], T], key: Hashable | None = None) -> T:
        """``compute`` in one read transaction, in one trip to the database thread, with the view at the
        generation that transaction reads (a new one is loaded first: the answer cache empties); ``key``: the
        answer is kept under it."""
        async with self._lock:
            while True:
                files = self._files()  # before the read: a commit after it changes the files again
                answer = await on_connection_thread(self._conn, lambda _: self._view.read(self._generation, compute))
                if not isinstance(answer, Stale):
                    break
                await self._reload()  # then read again: in a newer snapshot if an ingest committed meanwhile
            self._generation_files = files
            if key is not None:
                self.results.put(key, answer)
            return answer

    async def _reload(self) -> None:
        """Load the view's parts of the generation committed now."""
        self.results.clear()
        self._generation = None  # until the view holds a generation
        parts = await self._view.reload(self.db_path)
        self._corrections = parts.corrections
        self._generation = parts.generation
        self._reloads += 1

    def _files(self) -> tuple[tuple[int, int, int] | None, ...]:
        """What changes with every commit by any connection or process: the database and WAL files' stat."""
        found: list[tuple[int, int, int] | None] = []
        for path in self._files_paths:
            try:
                stat = os.stat(path)
            except OSError:
                found.append(None)
            else:
                found.append((stat.st_mtime_ns, stat.st_size, stat.st_ino))
        return tuple(found)

    def _files_unchanged(self) -> bool:
        return self._generation_files is not None and self._files() == self._generation_files

    async def _answer(self, key: Hashable | None, compute: Callable[[View], T], *, in_memory: bool = False) -> T:
        """``compute`` in a snapshot, or its kept answer for ``key`` while the corpus is the same generation.

        Answers must be immutable (frozen records in tuples): every caller gets the same object.
        ``key`` None: not kept (the question is too long to be asked again). ``in_memory``: a computation that
        mostly reads the view's in-memory parts alone (the vocabulary, the word list) is first tried on the event
        loop when the view's generation is the committed one, the same check as for a kept answer: no trip to the
        database thread (~0.3 ms each; coverage asks several per question, BENCHMARKS.md finding 11).
        """
        if (answer := await self._without_a_trip(key, compute, in_memory)) is not MISSING:
            return cast(T, answer)
        return await self._read(compute, key)  # a new generation reloads the view and empties the cache

    async def _without_a_trip(self, key: Hashable | None, compute: Callable[[View], T], in_memory: bool) -> object:
        """The answer kept for ``key``, else (``in_memory``) ``compute`` worked out on the event loop and kept; MISSING
        when only a trip to the database thread gives it."""
        if key is not None and (kept := await self._kept(key)) is not MISSING:
            return kept
        if in_memory and await self._current():
            answer = self._view.in_memory(compute)
            if not isinstance(answer, NeedsDatabase):
                if key is not None:
                    self.results.put(key, answer)
                return answer
        return MISSING

    async def _answer_each(self, computations: Sequence[tuple[Hashable | None, Callable[[View], T]]], *,
                           in_memory: bool = False) -> list[T]:
        """``_answer`` of each (key, compute), those neither kept nor worked out in memory in one trip to the database
        thread, not one each (each trip costs ~0.15 ms of CPU before any query)."""
        answers: dict[int, T] = {}
        to_read: list[tuple[int, Hashable | None, Callable[[View], T]]] = []
        for index, (key, compute) in enumerate(computations):
            if (answer := await self._without_a_trip(key, compute, in_memory)) is not MISSING:
                answers[index] = cast(T, answer)
            else:
                to_read.append((index, key, compute))
        if to_read:
            read = await self._read(lambda view: tuple(compute(view) for _, _, compute in to_read))
            for (index, key, _), answer in zip(to_read, read, strict=True):
                answers[index] = answer
                if key is not None:
                    self.results.put(key, answer)
        return [answers[index] for index in range(len(computations))]

    async def composed(self, key: Hashable | None, compose: Callable[[], Awaitable[T]]) -> T:
        """What ``compose`` makes of several store calls, kept like one answer: a repeat is one check of the
        generation (none of the database when nothing was written), not one per call.

        Kept only when every call inside saw one generation: the one current before them, or on a fresh store
        the first one read (an edit or ingest in between moves it, and the result, mixing two, is returned but
        not kept). Immutable, as for ``_answer``.
        """
        if key is None or (kept := await self._kept(key)) is MISSING:
            reloads = self._reloads + (self._generation is None)  # a fresh store reads its first generation
            composed = await compose()
            if key is not None and self._generation is not None and self._reloads == reloads:
                self.results.put(key, composed)
            return composed
        return cast(T, kept)

    async def _kept(self, key: Hashable) -> object:
        """The kept answer for ``key`` if the corpus is still the generation it was kept for, else ``MISSING``."""
        if self.results.size > 0 and await self._current():
            return self.results.get(key)
        return MISSING

    async def _current(self) -> bool:
        """Whether the view holds the committed generation, told without a trip to the database thread where it can
        be: the database files are as they were at the last read, or one look at the generation on the event loop.
        In a burst of repeated questions those trips queued one behind the other (BENCHMARKS.md §2, bursts)."""
        if self._generation is None:
            return False
        if self._files_unchanged():
            return True
        files = self._files()  # before the read: a commit after it changes them again
        # One statement outside a transaction reads one committed state: no BEGIN/COMMIT needed.
        generation = self._generation_now()
        if generation is MISSING:
            async with self._lock:
                generation = await self._scalar(GENERATION_SQL)
        if generation is not None and generation == self._generation:
            self._generation_files = files
            return True
        return False

    def _generation_now(self) -> object:
        """The committed generation, read without leaving the event loop; ``MISSING`` if that read would wait."""
        if self._generation_reader is None:
            return MISSING
        try:
            # fetchall: the statement runs to its end, so no read transaction stays open to hold back checkpoints.
            return self._generation_reader.execute(GENERATION_SQL).fetchall()[0][0]
        except sqlite3.OperationalError:  # busy (a checkpoint or recovery holds a lock): ask the thread, which waits
            return MISSING

    async def _rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """All rows of one statement, in one trip to the database thread (for writes, and reads outside ``_read``)."""
        return cast(list[tuple[Any, ...]], list(await self._conn.execute_fetchall(sql, params)))

    async def _scalar(self, sql: str, params: Sequence[object] = ()) -> Any:
        rows = await self._rows(sql, params)
        return rows[0][0] if rows else None

    # -- team edits (store/edits.py) ---------------------------------------------------------

    async def _write_edit(self, write: Callable[[], Awaitable[T]], once: str | None = None) -> T:
        """``write`` in one write transaction that also moves the edits' generation (answer caches empty).

        ``once``: the id of the form it comes from (a modal's view id), recorded with the edit; a form seen
        before raises AlreadySubmitted and writes nothing.
        """
        await self._writable()
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                if once is not None:
                    cursor = await self._conn.execute(
                        "INSERT OR IGNORE INTO seen_events (event_id, seen_at) VALUES (?, ?)",
                        (f"form:{once}", time.time()))
                    if cursor.rowcount != 1:
                        raise AlreadySubmitted(once)
                result = await write()
                if result is None or isinstance(result, str):  # nothing to change, or why not: nothing kept
                    await self._conn.execute("ROLLBACK")
                    return result
                await self._conn.execute(BUMP_GENERATION_SQL)
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
        return result

    async def _writable(self) -> None:
        """Until no other connection holds the write lock (``WriteLockProbe``), with the connection free."""
        if self._write_probe is not None:
            await self._write_probe.wait()

    async def _edit(self, edit_id: int) -> Edit:
        rows = await self._rows(f"SELECT {EDIT_COLUMNS} FROM team_edits WHERE edit_id = ?", (edit_id,))
        return edit_of(rows[0])

    async def _insert_edit(self, kind: str, target: str, before: str | None, after: str | None, user_id: str,
                           now: float, workspace: tuple[str, str | None]) -> int:
        cursor = await self._conn.execute(INSERT_SQL, (kind, target, before, after, user_id, now, *workspace))
        return int(cursor.lastrowid or 0)

    async def set_video_url(self, talk_id: str, url: str, user_id: str, now: float,
                            workspace: tuple[str, str | None] = ("", None), *, once: str | None = None) -> Edit | None:
        """Set a talk's video link (None: no such talk); the edit row records the link it replaced."""
        return await self._write_edit(lambda: self._write_video(talk_id, url, user_id, now, workspace), once)

    async def _write_video(self, talk_id: str, url: str, user_id: str, now: float,
                           workspace: tuple[str, str | None]) -> Edit | None:
        rows = await self._rows("SELECT video_url FROM talks WHERE talk_id = ?", (talk_id,))
        if not rows:
            return None
        edit_id = await self._insert_edit(VIDEO, talk_id, rows[0][0], url, user_id, now, workspace)
        await self._conn.execute("UPDATE talks SET video_url = ? WHERE talk_id = ?", (url, talk_id))
        return await self._edit(edit_id)

    async def _current_definition(self, key: str) -> tuple[str | None, TeamDefinition | None]:
        """The team's definition of ``key`` now (``_definition_now``), inside a write."""
        live = await self._rows(LIVE_DEFINITION_SQL, (DEFINE, key))
        return _definition_now(live, [] if live else await self._rows(FILED_DEFINITION_SQL, (key,)))

    async def set_definition(self, term: str, text: str | None, see: str | None, user_id: str, now: float,
                             workspace: tuple[str, str | None] = ("", None)) -> Edit | None:
        """Add or repoint (``see``) the team definition of ``term``, or forget it (both None; None: there was
        none). Corpus definitions are never changed: a team definition is one more sense beside them."""
        return await self._write_edit(lambda: self._write_definition(term, text, see, user_id, now, workspace))

    async def _write_definition(self, term: str, text: str | None, see: str | None, user_id: str, now: float,
                                workspace: tuple[str, str | None]) -> Edit | None:
        key = term_key(term)
        before, _ = await self._current_definition(key)
        if text is None and see is None and before is None:
            return None
        after = None if text is None and see is None else definition_value(term, text, see)
        edit_id = await self._insert_edit(DEFINE, key, before, after, user_id, now, workspace)
        return await self._edit(edit_id)

    async def team_definitions(self, terms: Iterable[str]) -> dict[str, TeamDefinition]:
        """The live team definitions of ``terms``, by ``term_key``; kept like answers (an edit moves the generation),
        so a cached ``/define`` still needs no trip to the database."""
        keys = tuple(dict.fromkeys(key for key in (term_key(term) for term in terms) if key))

        def compute(view: View) -> tuple[tuple[str, TeamDefinition], ...]:
            found = []
            for key in (key for key in keys if key in view.defined_keys):
                live = view.rows(LIVE_DEFINITION_SQL, (DEFINE, key))
                _, definition = _definition_now(live, [] if live else view.rows(FILED_DEFINITION_SQL, (key,)))
                if definition is not None:
                    found.append((key, definition))
            return tuple(found)

        cache_key = ("team_definitions", keys) if cacheable(" ".join(keys)) else None
        return dict(await self._answer(cache_key, compute, in_memory=True))

    async def correct_point(self, talk_id: str, at: int, change: dict[str, Any], user_id: str, now: float,
                            workspace: tuple[str, str | None] = ("", None), *, once: str | None = None
                            ) -> Edit | str | None:
        """Correct the key point at ``at`` seconds (in the corpus) of a talk: ``change`` sets some of ``seconds``,
        ``text``, ``flag``, ``hidden`` on top of the correction that applies now. None: no such point; a str:
        why nothing changed. Raises AlreadySubmitted for a form seen before."""
        return await self._write_edit(lambda: self._write_correction(talk_id, at, change, user_id, now, workspace),
                                      once)

    async def _point_exists(self, talk_id: str, at: int) -> bool:
        return bool(await self._rows("SELECT 1 FROM points WHERE talk_id = ? AND seconds = ? LIMIT 1", (talk_id, at)))

    async def _write_correction(self, talk_id: str, at: int, change: dict[str, Any], user_id: str, now: float,
                                workspace: tuple[str, str | None]) -> Edit | str | None:
        if not await self._point_exists(talk_id, at):
            return None
        target = point_target(talk_id, at)
        live = await self._rows("SELECT after FROM team_edits WHERE kind = ? AND target = ? AND undone_by IS NULL"
                                " ORDER BY edit_id DESC LIMIT 1", (CORRECT, target))
        if not live:  # none from Slack: the one team_edits.toml brought, if any
            live = await self._rows("SELECT after FROM filed_corrections WHERE target = ?", (target,))
        before = live[0][0] if live else None
        state: dict[str, Any] = (json.loads(before) if before else
                                 {"seconds": None, "text": None, "flag": None, "hidden": False})
        state.update(change)
        after = correction_value(talk_id, at, state["seconds"], state["text"], state["flag"], state["hidden"])
        if after == (before or correction_value(talk_id, at, None, None, None, False)):
            return "That is how the key point already shows."
        edit_id = await self._insert_edit(CORRECT, target, before, after, user_id, now, workspace)
        return await self._edit(edit_id)

    # -- members' suggestions (store/edits.py: SUGGEST, ACCEPT, REJECT) ---------------------------------------

    async def suggest_edit(self, proposal: Proposal, user_id: str, now: float,
                           workspace: tuple[str, str | None] = ("", None), *, once: str | None = None
                           ) -> Edit | None:
        """Record a member's edit as a suggestion for the editors (None: its talk, point or definition is gone)."""

        async def write() -> Edit | None:
            if proposal.kind == VIDEO and not await self._rows("SELECT 1 FROM talks WHERE talk_id = ?",
                                                               (proposal.talk,)):
                return None
            if proposal.kind == CORRECT and not await self._point_exists(proposal.talk, proposal.at):
                return None
            if proposal.kind == DEFINE and proposal.text is None and proposal.see is None:
                before, _ = await self._current_definition(term_key(proposal.term))
                if before is None:  # nothing to forget
                    return None
            edit_id = await self._insert_edit(SUGGEST, proposal.target, None, proposal.to_json(), user_id, now,
                                              workspace)
            return await self._edit(edit_id)

        return await self._write_edit(write, once)

    async def open_suggestions(self, *, limit: int = 50) -> list[Edit]:
        """Suggestions no editor has accepted or rejected yet, oldest first."""
        async with self._lock:
            rows = await self._rows(f"SELECT {EDIT_COLUMNS} FROM team_edits WHERE kind = ? AND undone_by IS NULL"
                                    " ORDER BY edit_id LIMIT ?", (SUGGEST, limit))
        return [edit_of(row) for row in rows]

    async def decide_suggestion(self, suggestion_id: int, accept: bool, editor: str, now: float,
                                workspace: tuple[str, str | None] = ("", None)) -> Decision | str:
        """Accept (apply it, as the suggester's edit) or reject suggestion ``suggestion_id``; a str says why not."""

        async def write() -> Decision | str:
            rows = await self._rows(f"SELECT {EDIT_COLUMNS} FROM team_edits WHERE edit_id = ?", (suggestion_id,))
            if not rows or rows[0][1] != SUGGEST:
                return f"There is no suggestion {suggestion_id}."
            suggestion = edit_of(rows[0])
            if suggestion.undone_by is not None:
                closed = await self._edit(suggestion.undone_by)
                verb = "accepted" if closed.kind == ACCEPT else "rejected"
                return f"Suggestion {suggestion_id} was already {verb} by <@{closed.user_id}> (edit {closed.edit_id})."
            applied: Edit | None = None
            if accept:
                outcome = await self._apply(proposal_of(suggestion), suggestion.user_id, now, workspace)
                if outcome is None:
                    return f"What suggestion {suggestion_id} changes is no longer in the summaries; reject it instead."
                if isinstance(outcome, str):
                    return outcome
                applied = outcome
            decision_id = await self._insert_edit(ACCEPT if accept else REJECT, str(suggestion_id), None,
                                                  str(applied.edit_id) if applied else None, editor, now, workspace)
            await self._conn.execute("UPDATE team_edits SET undone_by = ? WHERE edit_id = ?",
                                     (decision_id, suggestion_id))
            return Decision(await self._edit(suggestion_id), await self._edit(decision_id), applied)

        return await self._write_edit(write)

    async def _apply(self, proposal: Proposal, user_id: str, now: float,
                     workspace: tuple[str, str | None]) -> Edit | str | None:
        if proposal.kind == VIDEO:
            return await self._write_video(proposal.talk, proposal.url or "", user_id, now, workspace)
        if proposal.kind == DEFINE:
            return await self._write_definition(proposal.term, proposal.text, proposal.see, user_id, now, workspace)
        return await self._write_correction(proposal.talk, proposal.at, dict(proposal.change), user_id, now,
                                            workspace)

    async def key_point(self, talk_id: str, at: int) -> tuple[Talk, KeyPoint] | None:
        """A talk and its key point at ``at`` seconds in the corpus, as shown now (also one hidden until fixed)."""
        talk = await self.get_talk(talk_id)
        if talk is None:
            return None
        for point in talk.key_points:
            if point.at == at:
                return talk, point
        correction = self._corrections.get((talk_id, at))
        if correction is None or not correction.hidden:
            return None
        rows = await self._read(lambda view: view.rows("SELECT seconds, label, title, text, source_file, source_line"
                                                       " FROM points WHERE talk_id = ? AND seconds = ? LIMIT 1",
                                                       (talk_id, at)))
        if not rows:
            return None
        seconds, label, title, text, file, line = rows[0]
        point = KeyPoint(seconds, label, title, text, Source(file, line))
        shown = replace(point, correction=correction, text=correction.text or text,
                        seconds=at if correction.seconds is None else correction.seconds)
        return talk, shown

    async def undo_edit(self, edit_id: int, user_id: str, now: float,
                        workspace: tuple[str, str | None] = ("", None)) -> Edit | str:
        """Revert edit ``edit_id``: the undo row, or why not (no such edit, already undone, an undo)."""
        async with self._lock:
            kind = await self._scalar("SELECT kind FROM team_edits WHERE edit_id = ?", (edit_id,))
        if kind == ALIAS:  # renames talks: on its own connection, as ingest writes (store/team_aliases.py)
            await self._writable()
            return await asyncio.to_thread(undo_alias, self.db_path, self.corpus_dir, self.lexicon, edit_id, user_id,
                                           now, workspace)

        async def write() -> Edit | str:
            rows = await self._rows(f"SELECT {EDIT_COLUMNS} FROM team_edits WHERE edit_id = ?", (edit_id,))
            edit = edit_of(rows[0]) if rows else None
            problem = undo_problem(edit, edit_id)
            if problem is not None or edit is None:
                return problem or ""
            undo_id = await self._insert_edit(UNDO, str(edit_id), edit.after, edit.before, user_id, now, workspace)
            await self._conn.execute("UPDATE team_edits SET undone_by = ? WHERE edit_id = ?", (undo_id, edit_id))
            if edit.kind == VIDEO:
                # The link shown now: the latest live edit's, else the corpus's (from before the first edit).
                live = await self._rows("SELECT after FROM team_edits WHERE kind = ? AND target = ? AND"
                                        " undone_by IS NULL ORDER BY edit_id DESC LIMIT 1", (VIDEO, edit.target))
                earlier = await self._rows("SELECT before FROM team_edits WHERE kind = ? AND target = ?"
                                           " ORDER BY edit_id LIMIT 1", (VIDEO, edit.target))
                url = live[0][0] if live else earlier[0][0]
                await self._conn.execute("UPDATE talks SET video_url = ? WHERE ? IN (talk_id, written_id)",
                                         (url, edit.target))
            return await self._edit(undo_id)

        return await self._write_edit(write)

    async def set_alias(self, variant: str, canonical: str | None, user_id: str, now: float,
                        workspace: tuple[str, str | None] = ("", None)) -> Edit | None:
        """Add or repoint the team alias ``variant`` -> ``canonical``, or forget it (None: there was none); the
        talks it renames are renamed in the same transaction (store/team_aliases.py)."""
        await self._writable()
        return await asyncio.to_thread(write_alias, self.db_path, self.corpus_dir, self.lexicon, variant, canonical,
                                       user_id, now, workspace)

    async def team_aliases(self) -> list[TeamAlias]:
        """The team's live aliases, oldest first, with who added them and when."""
        async with self._lock:
            rows = await self._rows(live_sql(EDIT_COLUMNS), (ALIAS,))
        return [alias for row in rows if (alias := team_alias_of(edit_of(row))) is not None]

    async def edit_history(self, target: str | None = None, *, limit: int = 20) -> list[Edit]:
        """The latest edits, newest first; ``target``: those of one talk id (and undos of them)."""
        async with self._lock:
            if target is None:
                rows = await self._rows(f"SELECT {EDIT_COLUMNS} FROM team_edits ORDER BY edit_id DESC LIMIT ?",
                                        (limit,))
            else:
                # A talk's edits include the corrections of its key points (target 'talk@seconds').
                points = target.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "@%"
                rows = await self._rows(
                    f"SELECT {EDIT_COLUMNS} FROM team_edits WHERE (kind NOT IN {BY_NUMBER} AND (target = ? OR"
                    f" (kind IN ('{CORRECT}', '{SUGGEST}') AND target LIKE ? ESCAPE '\\'))) OR (kind IN {BY_NUMBER}"
                    " AND target IN (SELECT CAST(edit_id AS TEXT) FROM team_edits WHERE target = ? OR (kind IN"
                    f" ('{CORRECT}', '{SUGGEST}') AND target LIKE ? ESCAPE '\\'))) ORDER BY edit_id DESC LIMIT ?",
                    (target, points, target, points, limit))
        return [edit_of(row) for row in rows]

    # -- queries -------------------------------------------------------------------------

    async def define(self, text: str, *, limit: int = 3) -> DefineResult:
        """Glossary entries for a term: exact, alias, expansion, translation, fuzzy, then full text."""
        (result,) = await self.define_each([text], limit=limit)
        return result

    async def define_each(self, texts: Sequence[str], *, limit: int = 3) -> list[DefineResult]:
        """``define`` of each text, those not kept in one trip to the database thread (``_answer_each``)."""
        queries = [clean_query(text) for text in texts]
        found = await self._answer_each([(("define", query, limit) if cacheable(query) else None,
                                          _define_compute(query, limit)) for query in queries if term_key(query)])
        looked_up = iter(found)
        return [next(looked_up) if term_key(query) else DefineResult(query) for query in queries]

    async def describe(self, text: str) -> DefineResult:
        """The glossary entries of the term a description names ("the tpu's own fast memory on the chip"), or
        none when no entry fits it clearly better than another term's (store.described)."""
        query = clean_query(text)

        def compute(view: View) -> DefineResult:
            hits = terms.term_hits(view, described.described_terms(view, query), "description", score=70.0)
            return DefineResult(query, tuple(view.canonical.term_hit(hit) for hit in hits))

        return await self._answer(("describe", query) if cacheable(query) else None, compute)

    async def find_talks(self, text: str, *, limit: int = 5) -> list[TalkHit]:
        """Talks ranked by title, speakers, summary, key points and glossary."""

        def compute(view: View) -> tuple[TalkHit, ...]:
            return tuple(view.talk_hit(hit) for hit in ranking.find_talks(view, text, limit=limit))

        return list(await self._answer(("find_talks", text, limit) if cacheable(text) else None, compute))

    async def find_points(self, text: str, *, limit: int = 5, talk_id: str | None = None,
                          min_coverage: float = 0.0, introductions_name: bool = False,
                          twins: bool = False, speaker_words: frozenset[str] = frozenset(),
                          entries: bool = False) -> list[PointHit]:
        """Key points ranked for a free question; ``talk_id`` keeps to one talk; ``min_coverage`` 1.0 keeps
        the points that hold every concept of ``text``; ``introductions_name``: the words of a talk's introduction
        name the talk, as its title's do; ``twins``: a moment of a talk summarised twice is kept from each summary
        (ranking.find_points); ``speaker_words``: the words that name the talk by its speakers (ranking.find_points);
        ``entries``: a glossary entry holding more of the question than any point leads (ranking.find_points)."""
        return list(await self._answer(*self._points_search(text, limit, talk_id, min_coverage, introductions_name,
                                                            twins, speaker_words, entries)))

    async def find_points_each(self, texts: Sequence[str], *, limit: int = 5,
                               min_coverage: float = 0.0) -> list[list[PointHit]]:
        """``find_points`` of each text, those not kept in one trip to the database thread (``_answer_each``): a
        comparison's two sides."""
        return [list(hits) for hits in await self._answer_each(
            [self._points_search(text, limit, None, min_coverage) for text in texts])]

    def _points_search(self, text: str, limit: int, talk_id: str | None, min_coverage: float,
                       introductions_name: bool = False, twins: bool = False,
                       speaker_words: frozenset[str] = frozenset(), entries: bool = False,
                       ) -> tuple[Hashable | None, Callable[[View], tuple[PointHit, ...]]]:
        """``find_points``' key for its kept answer and its computation."""

        def compute(view: View) -> tuple[PointHit, ...]:
            # Enough candidates that points hidden until fixed leave ``limit`` others (no change without any).
            hidden = sum(1 for correction in self._corrections.values() if correction.hidden)
            hits = ranking.find_points(view, text, limit=limit + hidden, talk_id=talk_id,
                                             min_coverage=min_coverage, introductions_name=introductions_name,
                                             twins=twins, speaker_words=speaker_words, entries=entries)
            shown = [view.canonical.point_hit(hit) for hit in hits]
            return tuple(corrected_hits(shown, self._corrections)[:limit] if self._corrections else shown)

        key = ("find_points", text, limit, talk_id, min_coverage, introductions_name, twins, speaker_words,
               entries) \
            if cacheable(text) else None
        return key, compute

    async def absent_words(self, text: str) -> tuple[str, ...]:
        """The content words of ``text`` that no summary holds in any form (the word, its stem, an alias or a
        translation, or a phrase it is part of; typo corrections and the corpus word a compound only starts with do
        not count): "gspmd" in "what is GSPMD?"."""
        return await self._answer(("absent_words", text) if cacheable(text) else None,
                                  lambda view: _absent_words(view, text), in_memory=True)

    async def only_starts_words(self, word: str) -> bool:
        """Whether the folded ``word`` of MIN_PREFIX letters, held by ``absent_words`` only as the start of other
        corpus words in every form ("gan" of ganzjährig, gängig), is in no summary as a word or a form of it."""
        return await self._answer(("only_starts_words", word) if cacheable(word) else None,
                                  lambda view: _begins_other_words(view, word)
                                  and bool(_absent_words(view, word, no_starts=True)), in_memory=True)

    async def absent_words_each(self, texts: Sequence[str]) -> list[tuple[str, ...]]:
        """``absent_words`` of each text, those not worked out in memory in one trip to the database thread
        (``_answer_each``): a comparison's two sides."""
        return await self._answer_each([(("absent_words", text) if cacheable(text) else None,
                                         partial(_absent_words, text=text)) for text in texts], in_memory=True)

    async def corpus_splits(self, word: str, shortest: int) -> list[tuple[str, str]]:
        """The ways the folded ``word`` splits into two parts of ``shortest`` letters or more that each have no absent
        word (``absent_words``), the longest first part first: "frostschaden" -> (frost, schaden); in one trip to the
        database thread."""

        def compute(view: View) -> tuple[tuple[str, str], ...]:
            def known(part: str) -> bool:
                return not _absent_words(view, part)

            return tuple(splits_in_two(word, known, known, shortest))

        return list(await self._answer(("corpus_splits", word, shortest) if cacheable(word) else None, compute,
                                       in_memory=True))

    async def split_held_in_one_point(self, word: str, shortest: int, tries: int | None = None
                                      ) -> tuple[str, str] | None:
        """The first of the folded ``word``'s ``corpus_splits`` (of the first ``tries``) whose two words one point
        holds together: "larchendielen" -> (larchen, dielen), 000:602's "Lärchenholz-Dielen"; None for none
        ("betriebssystem": Betrieb and System are never in one point)."""
        for head, tail in (await self.corpus_splits(word, shortest))[:tries]:
            if await self.held_in_one_point([head, tail]):
                return head, tail
        return None

    async def begins_a_name(self, prefix: str) -> bool:
        """Whether a glossary term's name key starts with the key ``prefix`` and goes on (Vocabulary.begins_a_name):
        "mixtureof" begins Mixture of Experts."""
        return await self._answer(("begins_a_name", prefix) if cacheable(prefix) else None,
                                  lambda view: view.vocabulary.begins_a_name(prefix), in_memory=True)

    async def in_compounds(self, word: str) -> bool:
        """Whether the folded ``word`` is a part of compounds the corpus has (Vocabulary.in_compounds)."""
        return await self._answer(("in_compounds", word) if cacheable(word) else None,
                                  lambda view: view.vocabulary.in_compounds(word), in_memory=True)

    async def held_in_one_talk(self, words: Sequence[str]) -> bool:
        """Whether one talk holds every one of the folded ``words`` (store/together.py); True when a word alone is
        in no summary."""
        text = " ".join(words)
        return await self._answer(("held_in_one_talk", text) if cacheable(text) else None,
                                  lambda view: together.held_in_one_talk(view, words))

    async def held_in_one_point(self, words: Sequence[str], naming: Collection[str] | None = None) -> bool:
        """Whether one key point, highlight or glossary entry holds every one of the folded ``words``
        (store/together.py); False when a word is in no summary. With ``naming`` (those of them that name the
        talk) only those may be held by the talk's title alone."""
        text = " ".join(words)
        names = None if naming is None else " ".join(sorted(naming))
        return await self._answer(("held_in_one_point", text, names) if cacheable(text) else None,
                                  lambda view: together.held_in_one_point(view, words, naming))

    async def names_a_term(self, words: Sequence[str]) -> bool:
        """Whether one of the folded ``words`` is a word of a glossary term's name or of a talk's title or tags
        ("sharding", "sparse", "memory", "kinetic"): a message holding it asks about the corpus, not about the bot. A
        short word inside a longer name is none ("out" of Token-in-Token-Out, "in")."""

        def compute(view: View) -> bool:
            # read once per corpus generation (every term name and title), not once per message that asks for help
            if self._name_words is None or self._name_words[0] is not view.talks:
                self._name_words = (view.talks, _name_words(view))
            return any(word in self._name_words[1] for word in words)

        key = " ".join(words)
        return await self._answer(("names_a_term", key) if cacheable(key) else None, compute, in_memory=True)

    async def slip_of_a_word(self, word: str) -> bool:
        """Whether the folded ``word`` is a long corpus word typed with one slip (Vocabulary.slip_of_a_word)."""
        return await self._answer(("slip_of_a_word", word) if cacheable(word) else None,
                                  lambda view: view.vocabulary.slip_of_a_word(word), in_memory=True)

    async def parts_of(self, word: str) -> list[str]:
        """The corpus words a folded ``word`` no summary writes is made of ("bildrate": bild, rate;
        Vocabulary.segment); [] for a corpus word or one made of no corpus words."""
        return list(await self._answer(("parts_of", word) if cacheable(word) else None,
                                       lambda view: tuple(view.vocabulary.segment(word)), in_memory=True))

    async def typed_with_a_slip(self, word: str) -> bool:
        """Whether the folded ``word``, which matches nothing, is a word the summaries or the word list know typed with
        a slip: "kinetc", "flydls" (Vocabulary.near_a_word), "recusion" (Lexicon.near_a_key). A word shorter than
        MIN_TYPED_SLIP is near too many words for one slip to say which ("alpa" is no alpha but a system of its own)."""
        if len(word) < MIN_TYPED_SLIP:
            return False
        return await self._answer(("typed_with_a_slip", word) if cacheable(word) else None,
                                  lambda view: view.vocabulary.near_a_word(word) or view.lexicon.near_a_key(word),
                                  in_memory=True)

    async def held_together(self, words: Sequence[str]) -> bool:
        """Whether the folded ``words`` of one name stand together in some row ("sparse cores" do, "beam search"
        does not: store/together.py); True when a word alone is in no summary."""
        text = " ".join(words)
        return await self._answer(("held_together", text) if cacheable(text) else None,
                                  lambda view: together.held_together(view, words), in_memory=True)

    async def names_a_talk(self, word: str) -> bool:
        """Whether the folded ``word`` is one talk's own name: only that talk writes it as typed, its summary among
        them ("intel", "michigan": store/together.py)."""
        return await self._answer(("names_a_talk", word) if cacheable(word) else None,
                                  lambda view: together.subject_talk(view, word) is not None)

    async def held_side_by_side(self, words: Sequence[str]) -> bool:
        """Whether the corpus writes the folded ``words`` of one name side by side as that name ("Sparse Cores",
        "Tensor-Kernen"; not "Vektor- und Matrix-Engines" for matrix cores: store/together.py)."""
        text = " ".join(words)
        # in memory when the view has the verdict (the answer's absent words found it: View.side_by_side); else its
        # read would fail in memory only after building the words' concepts
        return await self._answer(("held_side_by_side", text) if cacheable(text) else None,
                                  lambda view: together.held_side_by_side(view, words),
                                  in_memory=self._view.kept_side_by_side(text))

    # -- listing -------------------------------------------------------------------------

    async def list_talks(self) -> list[Talk]:
        """All talks in corpus order, without their summaries' details."""
        return list(await self._answer(("list_talks",), self._list_talks))

    def _list_talks(self, view: View) -> tuple[Talk, ...]:
        rows = view.rows(
            "SELECT talk_id, title, speakers, tags, video_url, summary, source_file, source_line"
            " FROM talks ORDER BY position"
        )
        return tuple(
            view.canonical.talk(Talk(talk_id, title, tuple(json.loads(speakers)),
                                     (Summary("", summary, Source(file, line)),), tuple(json.loads(tags)), video_url))
            for talk_id, title, speakers, tags, video_url, summary, file, line in rows
        )

    async def get_talk(self, talk_id: str) -> Talk | None:
        """One talk with all its summaries, key points, glossary and highlights."""

        # Talk records are frozen all the way down (summaries, key points, glossary are tuples).
        return await self._answer(("get_talk", talk_id) if cacheable(talk_id) else None,
                                  lambda view: self._read_talk(view, talk_id))

    def _read_talk(self, view: View, talk_id: str) -> Talk | None:
        """``get_talk``'s reads, in the caller's read transaction."""
        rows = view.rows(
            "SELECT title, speakers, tags, video_url FROM talks WHERE talk_id = ?", (talk_id,)
        )
        if not rows:
            return None
        title, speakers, tags, video_url = rows[0]
        summaries = []
        for summary_id, heading, text, file, line in view.rows(
            "SELECT summary_id, heading, text, source_file, source_line FROM summaries"
            " WHERE talk_id = ? ORDER BY source_file, source_line", (talk_id,)
        ):
            points = tuple(
                KeyPoint(seconds, label, p_title, p_text, Source(p_file, p_line))
                for seconds, label, p_title, p_text, p_file, p_line in view.rows(
                    "SELECT seconds, label, title, text, source_file, source_line FROM points"
                    " WHERE summary_id = ? ORDER BY position", (summary_id,)
                )
            )
            glossary = tuple(
                self._glossary_entries(view, "WHERE g.summary_id = ?", (summary_id,))
            )
            highlights = tuple(
                Highlight(h_title, h_text, Source(h_file, h_line))
                for h_title, h_text, h_file, h_line in view.rows(
                    "SELECT title, text, source_file, source_line FROM highlights"
                    " WHERE summary_id = ? ORDER BY highlight_id", (summary_id,)
                )
            )
            summaries.append(Summary(heading, text, Source(file, line), points, glossary, highlights))
        record = partial(Talk, talk_id, title, tuple(json.loads(speakers)), tuple(summaries), tuple(json.loads(tags)),
                         video_url)
        # Its merged key points, glossary and highlights are made once, of the texts as shown: Canonical.talk makes a
        # talk with a slip anew (merged from the canonical texts), and merging a talk summarised twice scores each
        # pair of its points (~1 ms); the record it is given is not shown, so it is not merged
        unmerged = record(key_points=(), glossary=(), highlights=())
        shown = view.canonical.talk(unmerged)
        return corrected_talk(record() if shown is unmerged else shown, self._corrections)

    def _glossary_entries(self, view: View, where: str, params: Sequence[object]) -> list[GlossaryEntry]:
        rows = view.rows(
            "SELECT g.entry_id, g.head, g.definition, g.source_file, g.source_line, n.name, n.kind"
            f" FROM glossary g JOIN term_names n ON n.entry_id = g.entry_id {where} ORDER BY g.entry_id, n.rowid",
            params,
        )
        entries: dict[int, dict[str, Any]] = {}
        for entry_id, head, definition, file, line, name, kind in rows:
            entry = entries.setdefault(entry_id, {"head": head, "definition": definition, "source": Source(file, line),
                                                  "term": [], "expansion": [], "variant": []})
            entry[kind].append(name)
        return [
            GlossaryEntry(e["head"], tuple(e["term"]), tuple(e["expansion"]), tuple(e["variant"]), e["definition"],
                          e["source"])
            for e in entries.values()
        ]

    async def all_terms(self) -> tuple[str, ...]:
        """Every canonical glossary term, sorted case-insensitively (kept per generation: a question with a word no
        summary has reads them for its slip check)."""

        return await self._glossary_names_kept("all_terms", "term", "term")

    async def other_names(self, term: str) -> tuple[str, ...]:
        """The names the glossary gives ``term`` (a canonical term, as a define hit names it) besides itself, as
        written and each once: its variants ("Colocation" of Kollokation) and long forms ("Mixture of Experts")."""
        key = term_key(term)

        def read(view: View) -> tuple[str, ...]:
            names: dict[str, str] = {}
            # the entries naming it as their term (by key, indexed), then their other names; the first entries
            # only (a common term is defined in thousands of talks, all with the same few names)
            for (name,) in view.rows(
                "SELECT other.name FROM (SELECT entry_id, term FROM term_names WHERE name_key = ? AND kind = 'term'"
                " LIMIT ?) named JOIN term_names other ON other.entry_id = named.entry_id AND other.term = named.term"
                " WHERE other.kind IN ('variant', 'expansion')", (key, OTHER_NAMES_ENTRIES)):
                if term_key(name) != key:
                    names.setdefault(term_key(name), view.canonical.text(name))
            return tuple(names.values())

        return await self._answer(("other_names", term) if cacheable(term) else None, read)

    async def long_forms(self) -> tuple[str, ...]:
        """Every glossary long form (an entry's expansion: "Composable Kernel" of CK), each once, sorted
        case-insensitively (kept per generation, as ``all_terms``)."""

        return await self._glossary_names_kept("long_forms", "name", "expansion")

    async def _glossary_names_kept(self, key: str, column: str, kind: str) -> tuple[str, ...]:
        """``_glossary_names``, read once per corpus generation and kept with the talks it was read with (as
        ``names_a_term``'s words): also with the answer cache off, a question with a word no summary has read them
        all (1-1.5 ms each) for its slip check. ``key``: the answer's in the answer cache."""

        def compute(view: View) -> tuple[str, ...]:
            kept = self._glossary_kept.get((column, kind))
            if kept is None or kept[0] is not view.talks:
                kept = self._glossary_kept[(column, kind)] = (view.talks, _glossary_names(view, column, kind))
            return kept[1]

        return await self._answer((key,), compute, in_memory=True)

    async def stats(self) -> dict[str, int]:
        """Counts of what the store holds."""
        tables = {"talks": "talks", "summaries": "summaries", "key_points": "points", "glossary_lines": "glossary",
                  "highlights": "highlights"}
        return await self._read(lambda view: {name: int(view.scalar(f"SELECT count(*) FROM {table}") or 0)
                                              for name, table in tables.items()})

    async def check(self) -> bool:
        """True when the store answers and holds at least one talk (for health checks)."""
        return bool(await self._scalar("SELECT EXISTS (SELECT 1 FROM talks)"))

    async def ingest(self, paths: Sequence[Path], *, force: bool = False) -> IngestReport:
        """Re-ingest corpus files; queries keep answering from the old data until it commits."""
        return await asyncio.to_thread(ingest_sync, self.db_path, list(paths), force=force)
