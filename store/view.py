"""One corpus generation as queries see it: the read connection plus in-memory vocabulary and talk facts."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import aiosqlite

from .canonical import Canonical
from .concepts import Concept, build_concepts
from .edits import ALIAS, LIVE_SQL, alias_pair
from .lexicon import Lexicon, phrase_key
from .matching import fts_query
from .text import tokens
from .vocabulary import TermName, Vocabulary


@dataclass(frozen=True)
class TalkInfo:
    """What ranking needs of a talk without reading its rows."""

    talk_id: str
    position: int
    title: str
    speakers: tuple[str, ...]
    video_url: str | None
    title_tokens: frozenset[str]


@dataclass
class View:
    """Queries run against this inside one read transaction (see Store._snapshot)."""

    conn: aiosqlite.Connection
    lexicon: Lexicon
    translate: bool = True
    vocabulary: Vocabulary = field(default_factory=lambda: Vocabulary([], 0, []))
    talks: dict[str, TalkInfo] = field(default_factory=dict)
    pairs: dict[str, tuple[str, ...]] = field(default_factory=dict)  # long form / other spelling -> term
    canonical: Canonical = field(init=False)  # transcription slips -> canonical names, for everything shown
    corpus_lexicon: Lexicon = field(init=False)  # the corpus's word data; ``lexicon`` adds the team's aliases
    team_aliases: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        self.corpus_lexicon = self.lexicon
        self.canonical = Canonical(self.lexicon)

    async def scalar(self, sql: str, params: Sequence[object] = ()) -> Any:
        """The first column of the first row, or None."""
        rows = await self.rows(sql, params)
        return rows[0][0] if rows else None

    async def rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """All rows of a query, in one trip to aiosqlite's thread (execute, fetch, close would be three)."""
        return cast(list[tuple[Any, ...]], list(await self.conn.execute_fetchall(sql, params)))

    async def candidates(
        self, columns: str, concepts: list[Concept], limit: int, *, kind: str | tuple[str, ...] | None = None,
        talk_id: str | None = None
    ) -> list[tuple[Any, ...]]:
        """Rows of the full-text index that may answer the concepts, best first when affordable."""
        expression, ranked = fts_query(concepts, self.vocabulary, kind=kind)
        sql = f"SELECT {columns} FROM search_fts WHERE search_fts MATCH ?"
        params: list[object] = [expression]
        if talk_id is not None:
            sql += " AND talk_id = ?"
            params.append(talk_id)
        sql += (" ORDER BY rank" if ranked else "") + " LIMIT ?"
        return await self.rows(sql, [*params, limit])

    def concepts(self, text: str) -> list[Concept]:
        """The search concepts of a question."""
        return build_concepts(text, self.lexicon, self.pairs, self.vocabulary.correct, translate=self.translate,
                              split=self.vocabulary.compound_head, segment=self.vocabulary.segment,
                              frequency=self.vocabulary.doc_frequency)

    async def reload(self) -> None:
        """Rebuild the in-memory parts from the database (after an ingest changed the corpus)."""
        vocab_rows = await self.rows("SELECT term, doc FROM search_vocab")
        documents = await self.scalar("SELECT count(*) FROM search_fts")
        names = [TermName(*row) for row in await self.rows("SELECT name_key, term, kind FROM term_names")]
        # Building the fuzzy indexes is CPU work (0.8 s at 10,000 summaries): off the event loop, so
        # acks keep flowing while the first query after an ingest reloads.
        self.vocabulary = await asyncio.to_thread(Vocabulary, [(t, d) for t, d in vocab_rows], int(documents or 0),
                                                  names)
        self.talks = {}
        for talk_id, position, title, speakers, video_url in await self.rows(
            "SELECT talk_id, position, title, speakers, video_url FROM talks ORDER BY position"
        ):
            speaker_list = tuple(json.loads(speakers))
            self.talks[talk_id] = TalkInfo(
                talk_id, position, title, speaker_list, video_url, frozenset(tokens(" ".join([title, *speaker_list])))
            )
        aliases = tuple(pair for _, after in await self.rows(LIVE_SQL, (ALIAS,))
                        if (pair := alias_pair(after)) is not None)
        if aliases != self.team_aliases:  # search and display follow the team's aliases from this generation on
            self.team_aliases = aliases
            self.lexicon = self.corpus_lexicon.with_aliases(aliases)
            self.canonical = Canonical(self.lexicon)
        self.pairs = {}
        for term, name in await self.rows("SELECT term, name FROM term_names WHERE kind != 'term'"):
            # The long form or other spelling a user may type -> the term as the corpus writes it.
            key, target = phrase_key(name), " ".join(tokens(term))
            if key and target and key != target:
                self.pairs[key] = tuple(dict.fromkeys(self.pairs.get(key, ()) + (target,)))
