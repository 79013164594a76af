"""Matching concepts against stored rows: the FTS5 query that finds candidates, and the scoring of each."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

from .concepts import Concept, Form
from .text import fts_string
from .vocabulary import Vocabulary

MAX_FORMS = 48
FIELDS = ("title", "body")


@dataclass
class RowMatch:
    """Which concepts a row holds: concept index -> (field, idf of the matching form)."""

    per_concept: dict[int, tuple[str, float]] = field(default_factory=dict)
    coverage: float = 0.0
    score: float = 0.0
    notes: list[tuple[str, str]] = field(default_factory=list)  # (matched token, the user's words)


def fts_query(concepts: list[Concept], *, kind: str | None = None) -> str:
    """An FTS5 expression: any form of any concept, each quoted so user text is never syntax."""
    terms: dict[str, None] = {}
    for concept in concepts:
        for form in concept.forms:
            quoted = fts_string(form.token)
            terms[quoted + "*" if form.prefix else quoted] = None
    expression = "{title body parts} : (" + " OR ".join(list(terms)[:MAX_FORMS]) + ")"
    if kind:
        expression += f" AND kind : {fts_string(kind)}"
    return expression


def _holds(sorted_tokens: list[str], form: Form) -> str | None:
    """The first token equal to ``form`` or, for prefix forms, starting with it."""
    index = bisect_left(sorted_tokens, form.token)
    if index < len(sorted_tokens):
        token = sorted_tokens[index]
        if token == form.token or (form.prefix and token.startswith(form.token)):
            return token
    return None


def concept_idfs(concepts: list[Concept], vocabulary: Vocabulary) -> list[float]:
    """The idf of each concept over all its forms."""
    return [vocabulary.concept_idf([f.token for f in c.forms]) for c in concepts]


def match_row(concepts: list[Concept], fields: dict[str, str], parts: str, idfs: list[float]) -> RowMatch:
    """Score one row (folded title/body tokens plus compound parts) against the concepts."""
    field_tokens = {name: sorted(set(text.split())) for name, text in fields.items()}
    part_tokens = sorted(set(parts.split()))
    match = RowMatch()
    total = sum(c.weight for c in concepts) or 1.0
    covered = 0.0
    for index, concept in enumerate(concepts):
        best: tuple[str, str, object] | None = None
        for name in FIELDS:  # a title match beats any body match
            for form in concept.forms:  # the user's own word first, then translations and aliases
                token = _holds(field_tokens.get(name, []), form)
                if token is None and name == "body":
                    token = _holds(part_tokens, form)
                if token is not None:
                    best = (name, token, form)
                    break
            if best is not None:
                break
        if best is None:
            continue
        name, token, form = best
        idf = idfs[index]
        match.per_concept[index] = (name, idf)
        covered += concept.weight
        match.score += concept.weight * idf
        if form.via and form.kind in ("translation", "alias", "correction"):
            match.notes.append((token, form.via))
    match.coverage = covered / total
    return match
