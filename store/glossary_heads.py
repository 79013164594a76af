"""Split a glossary head such as ``XLA (Accelerated Linear Algebra)`` into terms, expansions, variants.

Rules, in order, for each part of a head (parts are separated by `` / `` or `` vs. `` outside
parentheses):

* ``A / B`` where A and B are the same letters ignoring case and punctuation, or very similar
  spellings (``DLPAC / DLPack``), name one term: the mixed-case spelling (else the later one)
  is the term, the other a variant. Dissimilar parts (``ICI / DCN``) are separate terms.
* ``Name (Paren)`` where Paren is an acronym (mostly capitals, no spaces) and Name is not:
  the acronym is the term and Name its expansion, so ``Mixture of Experts (MoE)`` and
  ``MoE (Mixture of Experts)`` give the same entry.
* ``Name (Paren)`` where Paren is a single capitalised word that is not an acronym
  (``Ironwood (Trillium)``, ``BF16 (Bfloat16)``): an alternative name, stored as a variant.
* Otherwise the parenthesis spells out or translates the term (``XLA (Accelerated Linear
  Algebra)``, ``Verdünnungskühlschrank (Dilution Refrigerator)``): an expansion. A `` / `` inside
  the parenthesis gives several expansions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rapidfuzz import fuzz

# Two spellings at least this similar (0-100) are one term written two ways.
SIMILAR_SPELLING = 85
_PAREN_RE = re.compile(r"(?P<name>.*?)\s*\((?P<paren>[^()]*)\)", re.S)
_SEPARATOR_RE = re.compile(r"\s+/\s+|\s+vs\.?\s+|\s+versus\s+", re.I)


def parse_head(head: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Terms, expansions and variants named by a glossary head; terms is never empty."""
    terms: list[str] = []
    expansions: list[str] = []
    variants: list[str] = []
    for group in _spelling_groups(split_top_level(head)):
        term, group_expansions, group_variants = _parse_group(group)
        if term:
            terms.append(term)
        expansions.extend(group_expansions)
        variants.extend(group_variants)
    unique_terms = _unique(terms) or (head.strip(),)
    return (
        unique_terms,
        _unique(e for e in expansions if e not in unique_terms),
        _unique(v for v in variants if v not in unique_terms),
    )


def split_top_level(head: str) -> list[str]:
    """Split on " / " and " vs. " but not inside parentheses ("IR (A / B)" stays one part)."""
    if _SEPARATOR_RE.search(head) is None:  # most heads: no walk over their characters
        return [head.strip()] if head.strip() else []
    parts: list[str] = []
    depth = 0
    start = 0
    position = 0
    while position < len(head):
        char = head[position]
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            match = _SEPARATOR_RE.match(head, position)
            if match and match.start() == position:
                parts.append(head[start:position])
                start = position = match.end()
                continue
        position += 1
    parts.append(head[start:])
    return [part.strip() for part in parts if part.strip()]


def is_acronym(word: str) -> bool:
    """True for short capitalised abbreviations such as "TPU", "MoE", "DiT", "BF16"."""
    if not word or any(ch.isspace() for ch in word) or len(word) > 10:
        return False
    letters = [ch for ch in word if ch.isalpha()]
    capitals = sum(ch.isupper() for ch in letters)
    return len(letters) >= 1 and capitals >= 2 and capitals * 2 >= len(letters)


def similar_spelling(a: str, b: str) -> bool:
    """True if a and b are one name written two ways ("DLPAC" / "DLPack")."""
    left, right = _letters(a), _letters(b)
    if not left or not right:
        return False
    if left == right:
        return True
    # Short names differ by a letter all the time (ICI / ICU); only longer ones count as typos.
    if min(len(left), len(right)) < 4:
        return False
    return fuzz.ratio(left, right) >= SIMILAR_SPELLING


def _spelling_groups(parts: list[str]) -> list[list[str]]:
    """Group consecutive parts whose bare names are spellings of the same term."""
    groups: list[list[str]] = []
    for part in parts:
        if groups and similar_spelling(_bare(groups[-1][-1]), _bare(part)):
            groups[-1].append(part)
        else:
            groups.append([part])
    return groups


def _parse_group(group: list[str]) -> tuple[str, list[str], list[str]]:
    parsed = [_parse_part(part) for part in group]
    names = [name for name, _, _ in parsed if name]
    expansions = [e for _, part_expansions, _ in parsed for e in part_expansions]
    variants = [v for _, _, part_variants in parsed for v in part_variants]
    if not names:
        return "", expansions, variants
    # Mixed case marks the product's own spelling (DLPack); all-caps is often a transcript's.
    mixed = [name for name in names if not name.isupper() and not name.islower()]
    primary = mixed[-1] if mixed else names[-1]
    variants = [name for name in names if name != primary] + variants
    return primary, expansions, variants


def _parse_part(part: str) -> tuple[str, list[str], list[str]]:
    """One "Name (Paren)" part: (term, expansions, variants)."""
    match = _PAREN_RE.fullmatch(part)
    if not match:
        return part, [], []
    name = match.group("name").strip()
    pieces = [p.strip() for p in re.split(r"\s+/\s+", match.group("paren")) if p.strip()]
    if not name:
        return (pieces[0], pieces[1:], []) if pieces else ("", [], [])
    term = name
    expansions: list[str] = []
    variants: list[str] = []
    for piece in pieces:
        if is_acronym(piece) and not is_acronym(name) and term == name:
            # "Star Schema Benchmark (SSB)": the acronym is what people type, the name spells it out.
            expansions.insert(0, name)
            term = piece
        elif _is_single_name(piece) and not (is_acronym(name) and _spells_out(name, piece)):
            variants.append(piece)
        else:
            expansions.append(piece)
    return term, expansions, variants


def _is_single_name(text: str) -> bool:
    """A single capitalised word such as "Trillium" or "Auto-Diff": an alternative name."""
    return bool(text) and not any(ch.isspace() for ch in text) and text[0].isupper()


def _spells_out(acronym: str, text: str) -> bool:
    """True if the words of text start with the acronym's letters ("TiTO", "Token-in-Token-Out")."""
    initials = "".join(word[0] for word in re.split(r"[\s\-]+", text) if word)
    return _letters(initials) == _letters(acronym)


def spelled_out_abbreviation(words: Sequence[str]) -> int:
    """The position of the word of a heading's (folded) ``words`` that the words before it, from the heading's start,
    spell out as an abbreviation: 3 for "Supervised Fine-Tuning (SFT)"; 0 when none does (``_spells_out``, for folded
    words: read for many a heading a question's concepts hold, so no regular expression)."""
    initials = ""
    for at, word in enumerate(words):
        if at >= MIN_SPELLED_OUT and word == initials:
            return at
        initials += word[:1]
    return 0


MIN_SPELLED_OUT = 2  # words spelling out an abbreviation: one word's initial is no abbreviation


def spells_out_somewhere(words: Sequence[str], abbreviation: str) -> bool:
    """Whether a run of (folded) ``words`` spells out ``abbreviation``, a word of MIN_SPELLED_OUT letters or more, one
    word a letter: "… zu HBM-Out-of-Memory-Fehlern" writes "oom"."""
    return len(abbreviation) >= MIN_SPELLED_OUT and abbreviation.isalpha() and \
        abbreviation in "".join([word[:1] for word in words])


def _bare(part: str) -> str:
    match = _PAREN_RE.fullmatch(part)
    return match.group("name").strip() if match else part


def _letters(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for item in items:
        if item and item not in seen:
            seen[item] = None
    return tuple(seen)
