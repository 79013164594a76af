"""Glossary lookups for ``define``: exact, alias, expansion, translation, fuzzy, then full text."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .concepts import MIN_PREFIX, Concept, english_variants, inflected_form
from .lexicon import phrase_key
from .matching import RowMatcher, SearchRow, concept_idfs, settle_readings
from .model import Source, TermDefinition, TermHit
from .senses import senses_of
from .text import term_key
from .view import View

FUZZY_CUTOFF = 82.0
SUGGESTION_CUTOFF = 60.0
TERM_CANDIDATES = 60
TERM_TEXT_COVERAGE = 0.6
MAX_DEFINITIONS = 25
MAX_LINKED_NAMES = 8  # names one term gathers entries under (its own and its other spellings')


def define_hits(view: View, query: str, key: str, limit: int) -> list[TermHit]:
    """The first step that finds anything wins; each later step is looser."""
    hits = _terms_named(view, [key], ("term", "variant"), "exact")
    if hits or " " not in query.strip():
        hits = _with_compound_senses(view, key, hits)
    if hits:
        return hits[:limit]
    phrase = phrase_key(query)
    canonical = view.lexicon.canonical.get(phrase) or view.lexicon.display.get(phrase)
    variants = view.lexicon.variants.get(phrase_key(canonical), []) if canonical else []
    if canonical:
        keys = [term_key(canonical), *(v.replace(" ", "") for v in variants)]
        hits = [_as_alias(view, hit, query, canonical)
                for hit in _terms_named(view, keys, ("term", "variant"), "alias")]
        if hits:
            return hits[:limit]
    elif " " in phrase and (keys := _with_word_slips(view, phrase)):
        # a name of several words the corpus writes with a slip in one of them ("JAX Palas"), asked as shown
        # ("JAX Pallas"): the name as written, not a looser match of it or of one of its words
        hits = _terms_named(view, keys, ("term", "variant"), "alias")
        if hits:
            return hits[:limit]
    hits = _terms_named(view, [key], ("expansion",), "expansion")
    if hits:
        return hits[:limit]
    if view.translate:
        forms = view.lexicon.en_de.get(phrase, ()) + view.pairs.get(phrase, ())
        # a translation names a term by its long form as the typed words do (the expansion step): "automatic
        # differentiation" is "Automatische Differentiation", AD's, as much as "Automatische Differenzierung"
        named_by = ("term", "variant", "expansion")
        keys = [f.replace(" ", "") for f in forms]
        hits = _terms_named(view, keys, named_by, "translation")
        if not hits:
            # a phrase the word list translates as a whole may still be a heading only word by word: "finite
            # differences" is listed as "differenzen", the glossary's term is "Finite Differenzen"
            keys = _word_by_word(view, phrase, forms)
            hits = _terms_named(view, keys, named_by, "translation")
        # a term the translation names by its own name before one it names by its long form (stable: corpus order)
        own = set(keys)
        hits.sort(key=lambda hit: term_key(hit.term) not in own)
        if hits:
            return hits[:limit]
    # Names before long forms: "tensor parallelsm" is Tensor-Parallelismus, not TP (Tensor Parallelism).
    hits = _fuzzy_terms(view, key, ("term", "variant"), limit)
    if hits:
        return hits
    hits = _terms_by_text(view, query)
    if hits:
        return hits[:limit]
    return _fuzzy_terms(view, key, ("expansion",), limit)


# spellings of a name of several words with its words' slips tried at most
WORD_SLIP_KEYS = 16


def _with_word_slips(view: View, phrase: str) -> list[str]:
    """Keys of ``phrase`` with each word that aliases.toml names (a canonical name or a slip of one) replaced by its
    canonical name and each of its slips ("jax pallas" -> "jaxpalace", "jaxpalas"; "jax palace" -> "jaxpallas", ...);
    none when no word is named there."""
    keys = [""]
    slipped = False
    for word in phrase.split():
        canonical = view.lexicon.canonical.get(word)
        named = phrase_key(canonical) if canonical else word
        slips = view.lexicon.variants.get(named, [])
        slipped |= bool(slips)
        forms = dict.fromkeys((word, named, *slips))
        keys = [key + form.replace(" ", "") for key in keys for form in forms][:WORD_SLIP_KEYS]
    return keys[1:] if slipped else []


# translations of a phrase word by word tried at most: every adjective ending of every word before the last multiplies
# them, and "konstruktiver holzschutz" of "constructive wood protection" is the 66th of its 100 (one read either way)
WORD_BY_WORD_KEYS = 128
# A German adjective before its noun in a glossary heading, which has no article, takes the strong ending of its
# noun's gender and number: "Automatische Differenzierung", "Finite Differenzen", "Konstruktiver Holzschutz",
# "Verteiltes Training"; the word list gives the adjective's stem ("automatisch", "finit")
_HEADING_ADJECTIVE_ENDINGS = ("", "e", "er", "es")


def _word_by_word(view: View, phrase: str, whole: Sequence[str] = ()) -> list[str]:
    """Keys of a phrase the lexicon has only word by word, each word as written or translated: "context
    parallelism" -> "kontextparallelismus" (Kontext-Parallelismus), "mx expression" -> "mxausdruck", "automatic
    differentiation" -> "automatischedifferenzierung" (a translated word before the last with an adjective's
    ending). ``whole``: the phrase's own translations, which name its last word's German too ("finite differences"
    = "differenzen": "finitedifferenzen", Finite Differenzen)."""
    words = phrase.split()
    if not 2 <= len(words) <= 3:
        return []
    keys = [""]
    for at, word in enumerate(words):
        # (an English plural the word list lacks as its singular's: a heading names the thing in the singular,
        # "mx expressions" -> "mxausdruck")
        own = view.lexicon.en_de.get(word) or next(
            (german for base in english_variants(word)[1:] if (german := view.lexicon.en_de.get(base))), ())
        translated = [form.replace(" ", "") for form in own]
        if at < len(words) - 1:
            translated = [form + ending for form in translated for ending in _HEADING_ADJECTIVE_ENDINGS]
        else:
            translated += [form.replace(" ", "") for form in whole if " " not in form]
        forms = [word, *translated]
        keys = [key + form for key in keys for form in forms][:WORD_BY_WORD_KEYS]
    return keys[1:]  # the first is the phrase as typed, already looked up


def _with_compound_senses(view: View, key: str, hits: list[TermHit]) -> list[TermHit]:
    """For a word no entry has as its term, one card whose senses are the terms it heads.

    "fusion" is only another name of Instruktions-Fusion, yet Kernel Fusion (the DiT and vLLM
    talks) is fusion too: both are senses of one card. A word that is a term itself (XLA) keeps
    its own entries: PyTorch XLA is not a sense of XLA.
    """
    if view.scalar("SELECT 1 FROM term_names WHERE name_key = ? AND kind = 'term' LIMIT 1", (key,)):
        return hits
    named = {term_key(hit.term) for hit in hits} | {term_key(d.term) for hit in hits for d in hit.definitions}
    headed = [term for term in view.vocabulary.terms_headed_by(key) if term_key(term) not in named]
    if not headed or (not hits and len(headed) < 2):
        return hits  # one compound alone ("KV Cache" for "cache") is a guess, not a sense of the word
    others = _term_hits(view, headed, "exact", score=100.0)
    others = [hit for hit in others if not ({term_key(d.term) for d in hit.definitions} & named)]
    if not others:
        return hits
    parts = hits[:1] + others
    name = view.scalar("SELECT name FROM term_names INDEXED BY term_names_by_key WHERE name_key = ? LIMIT 1",
                             (key,)) if hits else None  # the first in corpus order
    name = name or re.split(r"[\s-]+", headed[0])[-1]  # the word as the terms write it: "Parallelismus"
    definitions = tuple(d for hit in parts for d in hit.definitions)
    card = TermHit(term=str(name or key), expansion=None, score=100.0, match="exact", alias_note=None,
                   definitions=definitions, talk_count=len({d.talk_id for d in definitions}),
                   senses=tuple(sense for hit in parts for sense in hit.senses))
    return [card, *hits[1:]]


def _fuzzy_terms(view: View, key: str, kinds: tuple[str, ...], limit: int) -> list[TermHit]:
    similar = view.similar_names(key, limit=limit, cutoff=FUZZY_CUTOFF, kinds=kinds)
    if not similar:
        return []
    best = similar[0][1]
    keys = [term_key(name.term) for name, score in similar if score >= best - 2.0]
    hits = _term_hits(view, keys, "fuzzy", score=best)
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


def _terms_named(view: View, keys: Sequence[str], kinds: Sequence[str], how: str) -> list[TermHit]:
    """Terms named by any of ``keys`` (as the given kinds of name), with all their definitions."""
    keys = [k for k in dict.fromkeys(keys) if k]
    if not keys:
        return []
    marks = ",".join("?" * len(keys))
    kind_marks = ",".join("?" * len(kinds))
    terms = [row[0] for row in view.rows(
        # In corpus order of the names (term_names_by_key: file, line), whatever index the kinds would suggest.
        # That order reads every name of the key, also of other kinds (an expansion of XLA: 5,000 at 50,000
        # summaries, 7 ms): whether one is of these kinds is looked up first, in the index by kind.
        f"SELECT DISTINCT term FROM term_names INDEXED BY term_names_by_key WHERE name_key IN ({marks})"
        f" AND kind IN ({kind_marks}) AND EXISTS (SELECT 1 FROM term_names INDEXED BY term_names_by_key_talk"
        f" WHERE name_key IN ({marks}) AND kind IN ({kind_marks}))",
        [*keys, *kinds, *keys, *kinds],
    )]
    return _term_hits(view, terms, how, score=100.0)


def term_hits(view: View, terms: Sequence[str], how: str, *, score: float) -> list[TermHit]:
    """``_term_hits`` for a caller outside the define steps (a term found by its description: store.described)."""
    return _term_hits(view, terms, how, score=score)


def _term_hits(view: View, terms: Sequence[str], how: str, *, score: float) -> list[TermHit]:
    """Every talk's definition for each term, grouped by term (case and hyphens ignored).

    A term also gathers the entries of its other names: "Instruktions-Fusion (Fusion)" in one
    summary and "Instruction Fusion (Instruktions-Fusion)" in another are one term.
    """
    term_keys = list(dict.fromkeys(term_key(t) for t in terms if term_key(t)))
    if not term_keys:
        return []
    hits: list[TermHit] = []
    claimed: set[str] = set()  # name keys already answered by an earlier term
    for name_key in term_keys:
        if name_key in claimed:
            continue
        hit = _term_hit(view, name_key, how, score, claimed)
        if hit is not None:
            hits.append(hit)
    return hits


def _term_hit(view: View, name_key: str, how: str, score: float, claimed: set[str]) -> TermHit | None:
    definitions: list[TermDefinition] = []
    seen: set[Source] = set()  # an entry naming the term twice (term and variant) counts once
    first: tuple[str, str | None] | None = None
    # an entry written with a transcription slip of the term (aliases.toml: VMA for VMEM) is the term's own entry
    keys = [name_key, *(variant.replace(" ", "") for variant in view.lexicon.variants.get(name_key, ()))]
    more = False
    while keys and len(definitions) < MAX_DEFINITIONS:
        key = keys.pop(0)
        claimed.add(key)
        # At most MAX_DEFINITIONS per term, in corpus order (file and line: an incremental ingest gives
        # a new file's entries the highest ids wherever the file sorts): an answer shows a
        # handful, and on a big corpus a common term (XLA) is defined in thousands of talks.
        rows = view.rows(
            "SELECT n.entry_id, n.term, n.expansion, g.talk_id, g.head, g.definition, g.source_file, g.source_line"
            " FROM term_names n JOIN glossary g ON g.entry_id = n.entry_id"
            " WHERE n.name_key = ? AND +n.kind IN ('term', 'variant')"  # '+': read term_names_by_key in order
            " ORDER BY n.source_file, n.source_line, n.rowid LIMIT ?",
            (key, MAX_DEFINITIONS * 2),
        )
        more = more or len(rows) >= MAX_DEFINITIONS * 2
        new_entries: dict[int, str] = {}
        for entry_id, term, expansion, talk_id, head, definition, file, line in rows:
            if first is None:
                first = (term, expansion)
            elif not first[1] and expansion and term_key(term) == term_key(first[0]):
                first = (first[0], expansion)
            source = Source(file, line)
            if source in seen or len(definitions) >= MAX_DEFINITIONS:
                continue
            seen.add(source)
            new_entries[entry_id] = term
            info = view.talks.get(talk_id)
            definitions.append(TermDefinition(talk_id, info.title if info else talk_id, head, definition, source,
                                              term, expansion))
        if new_entries and len(claimed) < MAX_LINKED_NAMES:
            keys += [k for k in _other_names(view, new_entries) if k not in claimed and k not in keys]
    if first is None:
        return None
    talk_count = len({d.talk_id for d in definitions})
    if more:  # there are more: count them all (only big corpora get here)
        talk_count = int(view.scalar(
            "SELECT count(DISTINCT talk_id) FROM term_names WHERE name_key = ? AND kind IN ('term', 'variant')",
            (name_key,),
        ) or 0)
    return TermHit(term=first[0], expansion=first[1], score=score, match=how, alias_note=None,
                   definitions=tuple(definitions), talk_count=talk_count, senses=senses_of(definitions))


def _other_names(view: View, entries: dict[int, str]) -> list[str]:
    """Keys of the other names (term or variant) the given entries give the same term."""
    marks = ",".join("?" * len(entries))
    rows = view.rows(
        f"SELECT entry_id, term, name_key FROM term_names WHERE entry_id IN ({marks}) AND kind IN ('term', 'variant')",
        list(entries),
    )
    # An entry "ICI / DCN" names two terms: only the names of the term that was asked for count.
    return list(dict.fromkeys(key for entry_id, term, key in rows if term == entries[entry_id]))


def _terms_by_text(view: View, query: str) -> list[TermHit]:
    """Entries whose head and definition describe the query ("brain floating point", "ODE solver in JAX")."""
    concepts = view.concepts(query)
    if not concepts:
        return []
    rows = view.candidates(concepts, TERM_CANDIDATES, kind="kterm")
    settle_readings(concepts, rows)
    matcher = RowMatcher(concepts, concept_idfs(concepts, view.vocabulary), view.vocabulary)
    short = _short_words(concepts)
    ranked: list[tuple[float, int]] = []
    for row in rows:
        if short is not None and not _holds_a_word(short, row):
            continue
        match = matcher.match(row)
        matched = len(match.per_concept)
        # One word alone must be all of the query; longer descriptions may miss a word or two.
        if match.coverage >= 0.999 or (matched >= 2 and match.coverage >= TERM_TEXT_COVERAGE):
            score = sum(
                concepts[i].weight * value * (1.0 if field == "title" else 0.8)
                for i, (field, value) in match.per_concept.items()
            )
            ranked.append((score * (0.5 + match.coverage), row.ref_id))
    if not ranked:
        return []
    ranked.sort(key=lambda item: -item[0])
    terms = _entry_terms(view, [ref_id for _, ref_id in ranked[:6]])
    return _term_hits(view, terms, "text", score=80.0)


def _short_words(concepts: Sequence[Concept]) -> list[str] | None:
    """The forms of a one-word query all of whose forms are of the shortest a prefix may be (an abbreviation or symbol
    asked alone: "tau", "ode"), which an entry must hold as words; None for a longer word or a query of several, which
    compounds may begin."""
    if len(concepts) != 1:
        return None
    forms = concepts[0].forms
    short = [form.token for form in forms if len(form.token) == MIN_PREFIX and " " not in form.token]
    return short if len(short) == len(forms) else None


def _holds_a_word(short: Sequence[str], row: SearchRow) -> bool:
    """Whether an entry's text holds one of the ``short`` words as a word of its own, with at most an inflection ending
    ("TPUs"), not only as the start of a longer word ("Tausende" is no tau)."""
    words = set(row.title.split()) | set(row.body.split())
    return any(inflected_form(word, token) for word in words for token in short)


def _entry_terms(view: View, entry_ids: Sequence[int]) -> list[str]:
    """The term each glossary entry defines, in the order of ``entry_ids``."""
    if not entry_ids:
        return []
    term_by_entry = dict(view.rows(
        f"SELECT entry_id, term FROM term_names WHERE entry_id IN ({','.join('?' * len(entry_ids))})"
        " AND kind = 'term'", list(entry_ids),
    ))
    return [term_by_entry[e] for e in entry_ids if e in term_by_entry]


def suggestions(view: View, key: str, query: str) -> list[str]:
    names = view.similar_names(key, limit=5, cutoff=SUGGESTION_CUTOFF)
    suggestions = [name.term for name, _ in names]
    if len(suggestions) < 5:
        concepts = view.concepts(query)
        if concepts:
            # The rows _terms_by_text read (the same question, so the same concepts): the first ten.
            rows = view.candidates(concepts, TERM_CANDIDATES, kind="kterm")
            entries = [row.ref_id for row in rows[:10]]
            suggestions += _entry_terms(view, entries)
    unique: dict[str, str] = {}
    for term in suggestions:
        unique.setdefault(term_key(term), term)
    return list(unique.values())[:5]
