"""Glossary lookups for ``define``: exact, alias, expansion, translation, fuzzy, then full text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .lexicon import phrase_key
from .matching import concept_idfs, match_row
from .model import Source, TermDefinition, TermHit
from .text import term_key
from .view import View

FUZZY_CUTOFF = 82.0
SUGGESTION_CUTOFF = 60.0
TERM_CANDIDATES = 60
TERM_TEXT_COVERAGE = 0.6
MAX_DEFINITIONS = 25


async def define_hits(view: View, query: str, key: str, limit: int) -> list[TermHit]:
    """The first step that finds anything wins; each later step is looser."""
    hits = await _terms_named(view, [key], ("term", "variant"), "exact")
    if hits:
        return hits[:limit]
    phrase = phrase_key(query)
    canonical = view.lexicon.canonical.get(phrase) or view.lexicon.display.get(phrase)
    variants = view.lexicon.variants.get(phrase_key(canonical), []) if canonical else []
    if canonical:
        keys = [term_key(canonical), *(v.replace(" ", "") for v in variants)]
        hits = [_as_alias(view, hit, query, canonical)
                for hit in await _terms_named(view, keys, ("term", "variant"), "alias")]
        if hits:
            return hits[:limit]
    hits = await _terms_named(view, [key], ("expansion",), "expansion")
    if hits:
        return hits[:limit]
    if view.translate:
        forms = view.lexicon.en_de.get(phrase, ()) + view.pairs.get(phrase, ())
        hits = await _terms_named(view, [f.replace(" ", "") for f in forms], ("term", "variant"), "translation")
        if hits:
            return hits[:limit]
    # Names before long forms: "tensor parallelsm" is Tensor-Parallelismus, not TP (Tensor Parallelism).
    hits = await _fuzzy_terms(view, key, ("term", "variant"), limit)
    if hits:
        return hits
    hits = await _terms_by_text(view, query)
    if hits:
        return hits[:limit]
    return await _fuzzy_terms(view, key, ("expansion",), limit)


async def _fuzzy_terms(view: View, key: str, kinds: tuple[str, ...], limit: int) -> list[TermHit]:
    similar = view.vocabulary.similar_names(key, limit=limit, cutoff=FUZZY_CUTOFF, kinds=kinds)
    if not similar:
        return []
    best = similar[0][1]
    keys = [term_key(name.term) for name, score in similar if score >= best - 2.0]
    hits = await _term_hits(view, keys, "fuzzy", score=best)
    return hits[:limit]


def _as_alias(view: View, hit: TermHit, query: str, canonical: str) -> TermHit:
    """A hit found through an alias, named as the alias resolves it.

    A term the corpus writes with a slip ("Palace") is renamed on display with its slip noted
    (Canonical.term_hit); here only the user's own spelling is noted ("palas → Pallas").
    """
    if term_key(view.canonical.text(hit.term)) != term_key(canonical):
        hit = replace(hit, term=canonical)
    if phrase_key(query) != phrase_key(canonical) and not any(
        phrase_key(slip.written) == phrase_key(query) for slip in view.canonical.slips([hit.term, *(
            d.head for d in hit.definitions)])
    ):
        return replace(hit, alias_note=f"{query} → {canonical}")
    return hit


async def _terms_named(view: View, keys: Sequence[str], kinds: Sequence[str], how: str) -> list[TermHit]:
    """Terms named by any of ``keys`` (as the given kinds of name), with all their definitions."""
    keys = [k for k in dict.fromkeys(keys) if k]
    if not keys:
        return []
    marks = ",".join("?" * len(keys))
    kind_marks = ",".join("?" * len(kinds))
    terms = [row[0] for row in await view.rows(
        f"SELECT DISTINCT term FROM term_names WHERE name_key IN ({marks}) AND kind IN ({kind_marks})",
        [*keys, *kinds],
    )]
    return await _term_hits(view, terms, how, score=100.0)


async def _term_hits(view: View, terms: Sequence[str], how: str, *, score: float) -> list[TermHit]:
    """Every talk's definition for each term, grouped by term (case and hyphens ignored)."""
    grouped: dict[str, tuple[str, str | None, list[TermDefinition]]] = {}  # key -> term, expansion, definitions
    talk_counts: dict[str, int] = {}
    term_keys = list(dict.fromkeys(term_key(t) for t in terms if term_key(t)))
    if not term_keys:
        return []
    seen: set[tuple[str, Source]] = set()  # an entry naming the term twice (term and variant) counts once
    for name_key in term_keys:
        # At most MAX_DEFINITIONS per term, in corpus order (entry ids follow it): an answer shows a
        # handful, and on a big corpus a common term (XLA) is defined in thousands of talks.
        rows = await view.rows(
            "SELECT n.term, n.expansion, g.talk_id, g.head, g.definition, g.source_file, g.source_line"
            " FROM term_names n JOIN glossary g ON g.entry_id = n.entry_id"
            " WHERE n.name_key = ? AND n.kind IN ('term', 'variant') ORDER BY n.entry_id LIMIT ?",
            (name_key, MAX_DEFINITIONS * 2),
        )
        for term, expansion, talk_id, head, definition, file, line in rows:
            first_term, first_expansion, definitions = grouped.setdefault(name_key, (term, expansion, []))
            if not first_expansion and expansion:
                grouped[name_key] = (first_term, expansion, definitions)
            source = Source(file, line)
            if (name_key, source) not in seen and len(definitions) < MAX_DEFINITIONS:
                seen.add((name_key, source))
                info = view.talks.get(talk_id)
                definitions.append(TermDefinition(talk_id, info.title if info else talk_id, head, definition, source))
        if name_key in grouped:
            talk_counts[name_key] = len({d.talk_id for d in grouped[name_key][2]})
            if len(rows) >= MAX_DEFINITIONS * 2:  # there are more: count them all (only big corpora get here)
                talk_counts[name_key] = int(await view.scalar(
                    "SELECT count(DISTINCT g.talk_id) FROM term_names n JOIN glossary g ON g.entry_id = n.entry_id"
                    " WHERE n.name_key = ? AND n.kind IN ('term', 'variant')", (name_key,),
                ) or 0)
    hits = [
        TermHit(term=term, expansion=expansion, score=score, match=how, alias_note=None,
                definitions=tuple(definitions), talk_count=talk_counts[name_key])
        for name_key, (term, expansion, definitions) in grouped.items()
    ]
    order = {key: index for index, key in enumerate(term_keys)}
    return sorted(hits, key=lambda h: order.get(term_key(h.term), len(order)))


async def _terms_by_text(view: View, query: str) -> list[TermHit]:
    """Entries whose head and definition describe the query ("brain floating point", "ODE solver in JAX")."""
    concepts = view.concepts(query)
    if not concepts:
        return []
    rows = await view.candidates("ref_id, title, body, parts", concepts, TERM_CANDIDATES, kind="kterm")
    idfs = concept_idfs(concepts, view.vocabulary)
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
    terms = await _entry_terms(view, [ref_id for _, ref_id in ranked[:6]])
    return await _term_hits(view, terms, "text", score=80.0)


async def _entry_terms(view: View, entry_ids: Sequence[int]) -> list[str]:
    """The term each glossary entry defines, in the order of ``entry_ids``."""
    if not entry_ids:
        return []
    term_by_entry = dict(await view.rows(
        f"SELECT entry_id, term FROM term_names WHERE entry_id IN ({','.join('?' * len(entry_ids))})"
        " AND kind = 'term'", list(entry_ids),
    ))
    return [term_by_entry[e] for e in entry_ids if e in term_by_entry]


async def suggestions(view: View, key: str, query: str) -> list[str]:
    names = view.vocabulary.similar_names(key, limit=5, cutoff=SUGGESTION_CUTOFF)
    suggestions = [name.term for name, _ in names]
    if len(suggestions) < 5:
        concepts = view.concepts(query)
        if concepts:
            entries = [row[0] for row in await view.candidates("ref_id", concepts, 10, kind="kterm")]
            suggestions += await _entry_terms(view, entries)
    unique: dict[str, str] = {}
    for term in suggestions:
        unique.setdefault(term_key(term), term)
    return list(unique.values())[:5]
