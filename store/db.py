"""The async store the Slack layer calls: define, find_talks, find_points and talk lookups.

One aiosqlite connection serves all queries. Each query runs inside one read transaction so it
sees a single snapshot even while an ingest commits a new corpus, and reloads the in-memory
vocabulary when the corpus fingerprint changed.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from .concepts import Concept, build_concepts
from .connection import connect_async
from .ingest import IngestReport, ingest_sync
from .lexicon import Lexicon, load_lexicon, phrase_key
from .matching import RowMatch, concept_idfs, fts_query, match_row
from .model import (
    DefineResult,
    GlossaryEntry,
    Highlight,
    KeyPoint,
    PointHit,
    Source,
    Summary,
    Talk,
    TalkHit,
    TermDefinition,
    TermHit,
)
from .text import clean_query, term_key, tokens
from .vocabulary import TermName, Vocabulary

FUZZY_CUTOFF = 82.0
SUGGESTION_CUTOFF = 60.0
TALK_CANDIDATES = 300
POINT_CANDIDATES = 150
TERM_CANDIDATES = 60
TERM_TEXT_COVERAGE = 0.6

# How much a concept found in each place says about a talk.
TALK_FIELD_WEIGHTS = {
    ("ktalk", "title"): 1.0,
    ("ktalk", "body"): 0.7,
    ("kterm", "title"): 0.6,
    ("kterm", "body"): 0.35,
    ("kpoint", "title"): 0.5,
    ("kpoint", "body"): 0.4,
}
POINT_FIELD_WEIGHTS = {"title": 1.0, "body": 0.8}
POINT_CONTEXT_WEIGHT = 0.45  # a concept found only in the point's talk title
MENTION_WEIGHT = 0.15


@dataclass(frozen=True)
class TalkInfo:
    talk_id: str
    position: int
    title: str
    speakers: tuple[str, ...]
    video_url: str | None
    title_tokens: frozenset[str]


class Store:
    """Read API over one talkbot database."""

    def __init__(self, conn: aiosqlite.Connection, db_path: Path, lexicon: Lexicon, *, translate: bool = True) -> None:
        self._conn = conn
        self.db_path = db_path
        self.lexicon = lexicon
        self.translate = translate
        self._lock = asyncio.Lock()
        self._generation: str | None = None
        self._vocabulary = Vocabulary([], 0, [])
        self._talks: dict[str, TalkInfo] = {}
        self._pairs: dict[str, tuple[str, ...]] = {}

    @classmethod
    async def open(cls, db_path: Path, corpus_dir: Path | None = None, *, translate: bool = True) -> "Store":
        """Open (and migrate) the database; ``translate=False`` disables English -> German forms."""
        lexicon = await asyncio.to_thread(load_lexicon, corpus_dir)
        conn = await connect_async(Path(db_path))
        return cls(conn, Path(db_path), lexicon, translate=translate)

    async def close(self) -> None:
        """Close the connection."""
        await self._conn.close()

    async def __aenter__(self) -> "Store":
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # -- snapshot and caches -------------------------------------------------------------

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[aiosqlite.Connection]:
        """One read transaction with fresh caches; queries inside see one corpus generation."""
        async with self._lock:
            await self._conn.execute("BEGIN")
            try:
                generation = await self._scalar("SELECT value FROM meta WHERE key = 'corpus_hash'")
                if generation != self._generation:
                    await self._load_caches()
                    self._generation = generation
                yield self._conn
            finally:
                await self._conn.execute("COMMIT")

    async def _scalar(self, sql: str, params: Sequence[object] = ()) -> object:
        async with self._conn.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return row[0] if row else None

    async def _rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple]:
        async with self._conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def _load_caches(self) -> None:
        vocab_rows = await self._rows("SELECT term, doc FROM search_vocab")
        documents = await self._scalar("SELECT count(*) FROM search_fts")
        names = [TermName(*row) for row in await self._rows("SELECT name_key, term, kind FROM term_names")]
        self._vocabulary = Vocabulary([(t, d) for t, d in vocab_rows], int(documents or 0), names)
        self._talks = {}
        for talk_id, position, title, speakers, video_url in await self._rows(
            "SELECT talk_id, position, title, speakers, video_url FROM talks ORDER BY position"
        ):
            speaker_list = tuple(json.loads(speakers))
            self._talks[talk_id] = TalkInfo(
                talk_id, position, title, speaker_list, video_url, frozenset(tokens(" ".join([title, *speaker_list])))
            )
        self._pairs = {}
        for term, name, kind in await self._rows("SELECT term, name, kind FROM term_names WHERE kind != 'term'"):
            # The long form or other spelling a user may type -> the term as the corpus writes it.
            key, target = phrase_key(name), " ".join(tokens(term))
            if key and target and key != target:
                self._pairs[key] = tuple(dict.fromkeys(self._pairs.get(key, ()) + (target,)))

    def _concepts(self, text: str) -> list[Concept]:
        return build_concepts(text, self.lexicon, self._pairs, self._vocabulary.correct, translate=self.translate)

    # -- define --------------------------------------------------------------------------

    async def define(self, text: str, *, limit: int = 3) -> DefineResult:
        """Glossary entries for a term: exact, alias, expansion, translation, fuzzy, then full text."""
        query = clean_query(text)
        result = DefineResult(query)
        key = term_key(query)
        if not key:
            return result
        async with self._snapshot():
            result.hits = [self._canonical(hit) for hit in await self._define_hits(query, key, limit)]
            if not result.hits:
                result.suggestions = await self._suggestions(key, query)
        return result

    async def _define_hits(self, query: str, key: str, limit: int) -> list[TermHit]:
        hits = await self._terms_named([key], ("term", "variant"), "exact", None)
        if hits:
            return hits[:limit]
        phrase = phrase_key(query)
        canonical = self.lexicon.canonical.get(phrase) or self.lexicon.display.get(phrase)
        variants = self.lexicon.variants.get(phrase_key(canonical), []) if canonical else []
        if canonical:
            keys = [term_key(canonical), *(v.replace(" ", "") for v in variants)]
            hits = await self._terms_named(keys, ("term", "variant"), "alias", canonical)
            for hit in hits:
                if term_key(hit.term) != term_key(canonical):
                    hit.alias_note = f"{hit.term} → {canonical}"
                    hit.term = canonical
                elif phrase_key(query) != phrase_key(canonical):
                    hit.alias_note = f"{query} → {canonical}"
            if hits:
                return hits[:limit]
        hits = await self._terms_named([key], ("expansion",), "expansion", None)
        if hits:
            return hits[:limit]
        if self.translate:
            forms = self.lexicon.en_de.get(phrase, ()) + self._pairs.get(phrase, ())
            hits = await self._terms_named([f.replace(" ", "") for f in forms], ("term", "variant"), "translation", None)
            if hits:
                return hits[:limit]
        # Names before long forms: "tensor parallelsm" is Tensor-Parallelismus, not TP (Tensor Parallelism).
        hits = await self._fuzzy_terms(key, ("term", "variant"), limit)
        if hits:
            return hits
        hits = await self._terms_by_text(query)
        if hits:
            return hits[:limit]
        return await self._fuzzy_terms(key, ("expansion",), limit)

    async def _fuzzy_terms(self, key: str, kinds: tuple[str, ...], limit: int) -> list[TermHit]:
        similar = self._vocabulary.similar_names(key, limit=limit, cutoff=FUZZY_CUTOFF, kinds=kinds)
        if not similar:
            return []
        best = similar[0][1]
        keys = [term_key(name.term) for name, score in similar if score >= best - 2.0]
        hits = await self._term_hits(keys, "fuzzy", score=best)
        return hits[:limit]

    def _canonical(self, hit: TermHit) -> TermHit:
        """Show a term the corpus spells with a known slip under its real name ("Palace → Pallas")."""
        canonical = self.lexicon.canonical.get(phrase_key(hit.term))
        if canonical and not hit.alias_note:
            hit.alias_note = f"{hit.term} → {canonical}"
            hit.term = canonical
        return hit

    async def _terms_named(
        self, keys: Sequence[str], kinds: Sequence[str], how: str, display: str | None
    ) -> list[TermHit]:
        keys = [k for k in dict.fromkeys(keys) if k]
        if not keys:
            return []
        marks = ",".join("?" * len(keys))
        kind_marks = ",".join("?" * len(kinds))
        terms = [row[0] for row in await self._rows(
            f"SELECT DISTINCT term FROM term_names WHERE name_key IN ({marks}) AND kind IN ({kind_marks})",
            [*keys, *kinds],
        )]
        return await self._term_hits(terms, how, score=100.0)

    async def _term_hits(self, terms: Sequence[str], how: str, *, score: float) -> list[TermHit]:
        """Every talk's definition for each term, grouped by term (case and hyphens ignored)."""
        grouped: dict[str, TermHit] = {}
        term_keys = list(dict.fromkeys(term_key(t) for t in terms if term_key(t)))
        if not term_keys:
            return []
        marks = ",".join("?" * len(term_keys))
        rows = await self._rows(
            "SELECT n.term, n.expansion, n.name_key, g.talk_id, t.title, g.head, g.definition,"
            " g.source_file, g.source_line FROM term_names n JOIN glossary g ON g.entry_id = n.entry_id"
            f" JOIN talks t ON t.talk_id = g.talk_id WHERE n.name_key IN ({marks}) AND n.kind IN ('term', 'variant')"
            " ORDER BY t.position, g.source_line",
            term_keys,
        )
        for term, expansion, name_key, talk_id, title, head, definition, file, line in rows:
            hit = grouped.get(name_key)
            if hit is None:
                hit = grouped[name_key] = TermHit(term=term, expansion=expansion, score=score, match=how, alias_note=None)
            hit.expansion = hit.expansion or expansion
            if all(d.source != Source(file, line) for d in hit.definitions):
                hit.definitions.append(TermDefinition(talk_id, title, head, definition, Source(file, line)))
        order = {key: index for index, key in enumerate(term_keys)}
        return sorted(grouped.values(), key=lambda h: order.get(term_key(h.term), len(order)))

    async def _terms_by_text(self, query: str) -> list[TermHit]:
        """Entries whose head and definition describe the query ("brain floating point", "ODE solver in JAX")."""
        concepts = self._concepts(query)
        if not concepts:
            return []
        rows = await self._rows(
            "SELECT ref_id, title, body, parts FROM search_fts WHERE search_fts MATCH ? ORDER BY rank LIMIT ?",
            (fts_query(concepts, kind="kterm"), TERM_CANDIDATES),
        )
        idfs = concept_idfs(concepts, self._vocabulary)
        ranked: list[tuple[float, int]] = []
        for ref_id, title, body, parts in rows:
            match = match_row(concepts, {"title": title, "body": body}, parts, idfs)
            matched = len(match.per_concept)
            # One word alone must be all of the query; longer descriptions may miss a word or two.
            if match.coverage >= 0.999 or (matched >= 2 and match.coverage >= TERM_TEXT_COVERAGE):
                score = sum(
                    concepts[i].weight * value * (1.0 if field == "title" else 0.8)
                    for i, (field, value) in match.per_concept.items()
                )
                ranked.append((score * (0.5 + match.coverage), ref_id))
        if not ranked:
            return []
        ranked.sort(key=lambda item: -item[0])
        entry_ids = [ref_id for _, ref_id in ranked[:6]]
        marks = ",".join("?" * len(entry_ids))
        term_by_entry = dict(await self._rows(
            f"SELECT entry_id, term FROM term_names WHERE entry_id IN ({marks}) AND kind = 'term'", entry_ids
        ))
        terms = [term_by_entry[e] for e in entry_ids if e in term_by_entry]
        return await self._term_hits(terms, "text", score=80.0)

    async def _suggestions(self, key: str, query: str) -> list[str]:
        names = self._vocabulary.similar_names(key, limit=5, cutoff=SUGGESTION_CUTOFF)
        suggestions = [name.term for name, _ in names]
        if len(suggestions) < 5:
            concepts = self._concepts(query)
            if concepts:
                rows = await self._rows(
                    "SELECT n.term FROM search_fts f JOIN term_names n ON n.entry_id = f.ref_id AND n.kind = 'term'"
                    " WHERE search_fts MATCH ? ORDER BY rank LIMIT 10",
                    (fts_query(concepts, kind="kterm"),),
                )
                suggestions += [row[0] for row in rows]
        unique: dict[str, str] = {}
        for term in suggestions:
            unique.setdefault(term_key(term), term)
        return list(unique.values())[:5]

    # -- talks and points ----------------------------------------------------------------

    async def find_talks(self, text: str, *, limit: int = 5) -> list[TalkHit]:
        """Talks ranked by title, speakers, summary, key points and glossary."""
        async with self._snapshot():
            concepts = self._concepts(text)
            if not concepts:
                return []
            rows = await self._rows(
                "SELECT kind, talk_id, title, body, parts, rank FROM search_fts WHERE search_fts MATCH ?"
                " ORDER BY rank LIMIT ?",
                (fts_query(concepts), TALK_CANDIDATES),
            )
            idfs = concept_idfs(concepts, self._vocabulary)
            per_talk: dict[str, dict[int, tuple[float, RowMatch]]] = {}
            mentions: dict[str, int] = {}
            for kind, talk_id, title, body, parts, _rank in rows:
                match = match_row(concepts, {"title": title, "body": body}, parts, idfs)
                best = per_talk.setdefault(talk_id, {})
                mentions[talk_id] = mentions.get(talk_id, 0) + (1 if match.per_concept else 0)
                for index, (field, value) in match.per_concept.items():
                    weighted = value * TALK_FIELD_WEIGHTS[(kind, field)]
                    if index not in best or weighted > best[index][0]:
                        best[index] = (weighted, match)
            ranked = []
            for talk_id, best in per_talk.items():
                score = sum(concepts[i].weight * value for i, (value, _) in best.items())
                score += MENTION_WEIGHT * math.log1p(mentions.get(talk_id, 0))  # a talk that keeps coming back to it
                ranked.append((score, talk_id, best))
            ranked.sort(key=lambda item: (-item[0], self._talks[item[1]].position if item[1] in self._talks else 0))
            hits = []
            for score, talk_id, best in ranked[:limit]:
                info = self._talks.get(talk_id)
                if info is None:
                    continue
                summary = await self._scalar("SELECT summary FROM talks WHERE talk_id = ?", (talk_id,))
                source = await self._rows("SELECT source_file, source_line FROM talks WHERE talk_id = ?", (talk_id,))
                matched = self.lexicon.alias_notes(info.title) + _notes(
                    concepts, [m for _, m in best.values()], f"{info.title} {summary}"
                )
                hits.append(TalkHit(talk_id, info.title, info.speakers, str(summary), round(score, 3),
                                    Source(*source[0]), matched))
            return hits

    async def find_points(self, text: str, *, limit: int = 5, talk_id: str | None = None) -> list[PointHit]:
        """Key points ranked for a free question; ``talk_id`` keeps to one talk."""
        async with self._snapshot():
            concepts = self._concepts(text)
            if not concepts:
                return []
            rows = await self._rows(
                "SELECT ref_id, talk_id, title, body, parts FROM search_fts WHERE search_fts MATCH ?"
                + (" AND talk_id = ?" if talk_id else "") + " ORDER BY rank LIMIT ?",
                (fts_query(concepts, kind="kpoint"), *([talk_id] if talk_id else []), POINT_CANDIDATES),
            )
            idfs = concept_idfs(concepts, self._vocabulary)
            scored = []
            for ref_id, row_talk, title, body, parts in rows:
                if talk_id is not None and row_talk != talk_id:
                    continue
                match = match_row(concepts, {"title": title, "body": body}, parts, idfs)
                info = self._talks.get(row_talk)
                score = 0.0
                for index, concept in enumerate(concepts):
                    if index in match.per_concept:
                        field, value = match.per_concept[index]
                        score += concept.weight * value * POINT_FIELD_WEIGHTS[field]
                    elif info is not None:
                        if _in_title(concept, info.title_tokens):
                            score += concept.weight * idfs[index] * POINT_CONTEXT_WEIGHT
                if match.per_concept:
                    scored.append((score, ref_id, match))
            scored.sort(key=lambda item: -item[0])
            hits = []
            for score, ref_id, match in scored[:limit]:
                row = (await self._rows(
                    "SELECT talk_id, seconds, label, title, text, source_file, source_line FROM points WHERE point_id = ?",
                    (ref_id,),
                ))[0]
                info = self._talks.get(row[0])
                hits.append(PointHit(
                    talk_id=row[0], talk_title=info.title if info else row[0], seconds=row[1], label=row[2],
                    title=row[3], text=row[4], score=round(score, 3), source=Source(row[5], row[6]),
                    video_url=info.video_url if info else None, matched=_notes(concepts, [match], f"{row[3]} {row[4]}"),
                ))
            return hits

    # -- listing -------------------------------------------------------------------------

    async def list_talks(self) -> list[Talk]:
        """All talks in corpus order, without their summaries' details."""
        async with self._snapshot():
            rows = await self._rows(
                "SELECT talk_id, title, speakers, tags, video_url, summary, source_file, source_line"
                " FROM talks ORDER BY position"
            )
        return [
            Talk(talk_id, title, tuple(json.loads(speakers)),
                 (Summary("", summary, Source(file, line)),), tuple(json.loads(tags)), video_url)
            for talk_id, title, speakers, tags, video_url, summary, file, line in rows
        ]

    async def get_talk(self, talk_id: str) -> Talk | None:
        """One talk with all its summaries, key points, glossary and highlights."""
        async with self._snapshot():
            rows = await self._rows(
                "SELECT title, speakers, tags, video_url FROM talks WHERE talk_id = ?", (talk_id,)
            )
            if not rows:
                return None
            title, speakers, tags, video_url = rows[0]
            summaries = []
            for summary_id, heading, text, file, line in await self._rows(
                "SELECT summary_id, heading, text, source_file, source_line FROM summaries"
                " WHERE talk_id = ? ORDER BY summary_id", (talk_id,)
            ):
                points = tuple(
                    KeyPoint(seconds, label, p_title, p_text, Source(p_file, p_line))
                    for seconds, label, p_title, p_text, p_file, p_line in await self._rows(
                        "SELECT seconds, label, title, text, source_file, source_line FROM points"
                        " WHERE summary_id = ? ORDER BY position", (summary_id,)
                    )
                )
                glossary = tuple(
                    await self._glossary_entries("WHERE g.summary_id = ?", (summary_id,))
                )
                highlights = tuple(
                    Highlight(h_title, h_text, Source(h_file, h_line))
                    for h_title, h_text, h_file, h_line in await self._rows(
                        "SELECT title, text, source_file, source_line FROM highlights"
                        " WHERE summary_id = ? ORDER BY highlight_id", (summary_id,)
                    )
                )
                summaries.append(Summary(heading, text, Source(file, line), points, glossary, highlights))
        return Talk(talk_id, title, tuple(json.loads(speakers)), tuple(summaries), tuple(json.loads(tags)), video_url)

    async def _glossary_entries(self, where: str, params: Sequence[object]) -> list[GlossaryEntry]:
        rows = await self._rows(
            "SELECT g.entry_id, g.head, g.definition, g.source_file, g.source_line, n.name, n.kind"
            f" FROM glossary g JOIN term_names n ON n.entry_id = g.entry_id {where} ORDER BY g.entry_id, n.rowid",
            params,
        )
        entries: dict[int, dict] = {}
        for entry_id, head, definition, file, line, name, kind in rows:
            entry = entries.setdefault(entry_id, {"head": head, "definition": definition, "source": Source(file, line),
                                                  "term": [], "expansion": [], "variant": []})
            entry[kind].append(name)
        return [
            GlossaryEntry(e["head"], tuple(e["term"]), tuple(e["expansion"]), tuple(e["variant"]), e["definition"],
                          e["source"])
            for e in entries.values()
        ]

    async def all_terms(self) -> list[str]:
        """Every canonical glossary term, sorted case-insensitively."""
        async with self._snapshot():
            rows = await self._rows("SELECT DISTINCT term FROM term_names WHERE kind = 'term'")
        unique: dict[str, str] = {}
        for (term,) in rows:
            unique.setdefault(term_key(term), term)
        return sorted(unique.values(), key=str.casefold)

    async def stats(self) -> dict[str, int]:
        """Counts of what the store holds."""
        async with self._snapshot():
            counts = {}
            for name, sql in (
                ("talks", "SELECT count(*) FROM talks"),
                ("summaries", "SELECT count(*) FROM summaries"),
                ("key_points", "SELECT count(*) FROM points"),
                ("glossary_lines", "SELECT count(*) FROM glossary"),
                ("highlights", "SELECT count(*) FROM highlights"),
            ):
                counts[name] = int(await self._scalar(sql) or 0)
        return counts

    async def check(self) -> bool:
        """True when the store answers and holds at least one talk (for health checks)."""
        return bool(await self._scalar("SELECT EXISTS (SELECT 1 FROM talks)"))

    async def ingest(self, paths: Sequence[Path], *, force: bool = False) -> IngestReport:
        """Re-ingest corpus files; queries keep answering from the old data until it commits."""
        return await asyncio.to_thread(ingest_sync, self.db_path, list(paths), force=force)


def _in_title(concept: Concept, title_tokens: frozenset[str]) -> bool:
    return any(token.startswith(form.token) for form in concept.forms for token in title_tokens)


def _notes(concepts: list[Concept], matches: list[RowMatch], shown_text: str) -> list[str]:
    """"Holzschutz ← wood protection" for concepts matched through a translation, alias or correction.

    A word inside a matched phrase adds nothing ("Holzschutz ← wood" after "… ← wood protection").
    """
    pairs: dict[tuple[str, str], None] = {}
    for match in matches:
        for pair in match.notes:
            pairs[pair] = None
    phrases = [via for _, via in pairs if " " in via]
    notes: dict[str, None] = {}
    for token, via in sorted(pairs, key=lambda pair: -len(pair[1])):
        if " " not in via and any(via in phrase.split() for phrase in phrases):
            continue
        notes[f"{_as_written(token, shown_text)} ← {via}"] = None
    for concept in concepts:
        if concept.alias_note:
            notes[concept.alias_note] = None
    return list(notes)


def _as_written(token: str, text: str) -> str:
    """The word of ``text`` that folds to (or contains) ``token``, as written: "holzschutz" -> "Holzschutz"."""
    for word in re.findall(r"[^\W_]+", text):
        folded = "".join(tokens(word))
        if folded == token or (folded.startswith(token) and len(folded) - len(token) <= 3):
            return word
    return token
