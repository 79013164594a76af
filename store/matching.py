"""Matching concepts against stored rows: the FTS5 query that finds candidates, and the scoring of each."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field

from .concepts import Concept, Form
from .text import fts_string
from .vocabulary import Vocabulary

MAX_FORMS = 48
FIELDS = ("title", "body")
# A row holding the user's own word beats one holding only its alias or typo correction: "Tinix" asks for
# the Tinix talk first, even though aliases.toml says Tinix is also a slip for Tunix.
ALIAS_DISCOUNT = 0.9


@dataclass
class RowMatch:
    """Which concepts a row holds: concept index -> (field, idf of the matching form)."""

    per_concept: dict[int, tuple[str, float]] = field(default_factory=dict)
    coverage: float = 0.0
    # (concept index, matched token, the user's words, form kind) for forms that are not the user's own word
    notes: list[tuple[int, str, str, str]] = field(default_factory=list)


RANK_BUDGET = 2000  # rows FTS5 may rank per query: bm25 costs about a microsecond a row
# FTS5 reads every row of every word a prefix query ("tpu"*) begins before it returns the first, also
# under a LIMIT (10-100 ms for a common stem at 50,000 summaries). An unranked query looks for the words
# themselves instead, found in the vocabulary: the same rows in the same (rowid) order, read lazily.
EXPAND_WORDS = 256
EXPAND_PHRASES = 64  # a phrase is several words to look up: fewer alternatives pay off
# A phrase whose last word begins this many documents' words costs that read even when its first words
# never stand in a row: they are looked up first (View.candidates), and the phrase dropped if they do not.
PHRASE_CHECK_FREQUENCY = 2000
_PLAIN_RE = re.compile(r"[0-9a-z]+(?: [0-9a-z]+)*")  # forms the index tokenizer keeps as they are


@dataclass(frozen=True)
class SearchForm:
    """One form as the full-text query looks for it."""

    token: str  # one word, or a phrase: words in a row, space-separated
    prefix: bool  # the (last) word also as the start of longer words

    @property
    def phrase_head(self) -> str | None:
        """The words before the last of a prefix phrase whose last word begins many words (see
        PHRASE_CHECK_FREQUENCY), for the caller to check; None when there is nothing worth checking."""
        head, _, _ = self.token.rpartition(" ")
        return head if self.prefix and " " in head else None


def fts_forms(concepts: list[Concept], vocabulary: Vocabulary) -> tuple[list[SearchForm], bool]:
    """The forms a query's candidates are looked for by, and whether ranking them by bm25 is affordable.

    Concepts are taken rarest first while the rows they match stay within RANK_BUDGET: a word found
    in a quarter of the corpus finds no particular answer, and ranking its 30,000 rows would cost
    40 ms. It still counts when the candidates are scored (match_row); only the rarest concept is
    kept when all are that common, and then the candidates come unranked, in corpus order.
    """
    # A bonus concept (a guess that the words form an identifier) is looked for in the candidates the
    # other concepts find; it finds candidates itself only when there is nothing else ("all to all").
    concepts = [c for c in concepts if not c.bonus] or concepts
    frequency = [min(sum(vocabulary.doc_frequency(f.token) for f in c.forms), vocabulary.documents)
                 for c in concepts]
    chosen: list[Concept] = []
    rows = 0
    for index in sorted(range(len(concepts)), key=frequency.__getitem__):
        if chosen and rows + frequency[index] > RANK_BUDGET:
            break
        chosen.append(concepts[index])
        rows += frequency[index]
    forms: dict[str, SearchForm] = {}  # by the quoted form, as the expression holds it
    for concept in chosen:
        for form in concept.forms:
            quoted = fts_string(form.token)
            forms.setdefault(quoted + "*" if form.prefix else quoted, SearchForm(form.token, form.prefix))
    return list(forms.values())[:MAX_FORMS], rows <= RANK_BUDGET


def worth_checking(form: SearchForm, vocabulary: Vocabulary) -> bool:
    """Whether a prefix phrase's first words should be looked up before the phrase is (see
    PHRASE_CHECK_FREQUENCY)."""
    return form.phrase_head is not None and vocabulary.doc_frequency(form.token.rpartition(" ")[2]) > \
        PHRASE_CHECK_FREQUENCY


def fts_expression(forms: list[SearchForm], vocabulary: Vocabulary, *, ranked: bool,
                   kinds: tuple[str, ...] = ()) -> str | None:
    """The FTS5 expression for the forms, in rows of one of ``kinds`` if any (None: none can match).
    Every form is quoted, so user text is never FTS syntax.

    A ranked query keeps each form as one phrase (bm25 weighs each phrase by its own frequency).
    An unranked one looks for a prefix form as the words it begins (EXPAND_WORDS): the same rows, in
    the same order, without FTS5 reading all their rows first; a prefix no word begins is dropped.
    """
    terms: dict[str, None] = {}
    for form in forms:
        quoted = fts_string(form.token)
        if not ranked and form.prefix and _PLAIN_RE.fullmatch(form.token):
            head, _, last = form.token.rpartition(" ")
            words = vocabulary.words_starting(last, EXPAND_PHRASES if head else EXPAND_WORDS)
            if words is not None:
                terms.update((fts_string(f"{head} {word}" if head else word), None) for word in words)
                continue
        terms[quoted + "*" if form.prefix else quoted] = None
    if not terms:
        return None
    expression = "{title body parts} : (" + " OR ".join(terms) + ")"
    if kinds:
        expression += " AND kind : (" + " OR ".join(fts_string(k) for k in kinds) + ")"
    return expression


def _holds(sorted_tokens: list[str], form: Form) -> str | None:
    """The first token equal to ``form`` or, for prefix forms, starting with it."""
    index = bisect_left(sorted_tokens, form.token)
    if index < len(sorted_tokens):
        token = sorted_tokens[index]
        if token == form.token or (form.prefix and token.startswith(form.token)):
            return token
    return None


def _holds_phrase(text: str, form: Form) -> str | None:
    """``form``'s words in a row in ``text`` (folded tokens, space-separated), the last as a prefix if allowed."""
    padded = f" {text} "
    at = padded.find(f" {form.token}")
    while at != -1:
        end = at + 1 + len(form.token)
        if padded[end] == " " or (form.prefix and padded[end] != " "):
            return form.token
        at = padded.find(f" {form.token}", at + 1)
    return None


def settle_readings(concepts: list[Concept], texts: list[str]) -> None:
    """Keep one reading of a word nothing matched: joined-up words in a row, or a typo fix.

    "plkernel" is pl.kernel (its words stand in a row in the candidates), "jaxtor" is jaxator (no
    candidate holds "jax tor"). ``texts`` are the candidates' folded titles and bodies.
    """
    for concept in concepts:
        split = [f for f in concept.forms if f.kind == "phrase" and f.via]
        fixes = [f for f in concept.forms if f.kind == "correction"]
        if not split or not fixes:
            continue
        found = any(_holds_phrase(text, form) for form in split for text in texts)
        concept.forms = [f for f in concept.forms if f not in (fixes if found else split)]


def concept_idfs(concepts: list[Concept], vocabulary: Vocabulary) -> list[float]:
    """The idf of each concept over all its forms."""
    return [vocabulary.concept_idf([f.token for f in c.forms]) for c in concepts]


def match_row(concepts: list[Concept], fields: dict[str, str], parts: str, idfs: list[float]) -> RowMatch:
    """Score one row (folded title/body tokens plus compound parts) against the concepts."""
    field_tokens = {name: sorted(set(text.split())) for name, text in fields.items()}
    part_tokens = sorted(set(parts.split()))
    match = RowMatch()
    counted = [c for c in concepts if not c.bonus] or concepts
    total = sum(c.weight for c in counted) or 1.0
    covered = 0.0
    for index, concept in enumerate(concepts):
        best: tuple[str, str, Form] | None = None
        for name in FIELDS:  # a title match beats any body match
            for form in concept.forms:  # the user's own word first, then translations and aliases
                if form.kind == "phrase":
                    token = _holds_phrase(fields.get(name, ""), form)
                else:
                    token = _holds(field_tokens.get(name, []), form)
                if token is None and name == "body" and form.kind != "phrase":
                    token = _holds(part_tokens, form)
                if token is not None:
                    best = (name, token, form)
                    break
            if best is not None:
                break
        if best is None:
            continue
        name, token, form = best
        idf = idfs[index] * (ALIAS_DISCOUNT if form.kind in ("alias", "correction") else 1.0)
        match.per_concept[index] = (name, idf)
        if not concept.bonus or counted is concepts:
            covered += concept.weight
        if form.via and form.kind in ("translation", "alias", "correction"):
            match.notes.append((index, token, form.via, form.kind))
    match.coverage = covered / total
    return match
