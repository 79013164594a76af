"""In-memory views of the stored corpus that make query planning cheap.

Built once per corpus generation from the database: document frequencies for prefix forms
(bisect over the sorted FTS vocabulary), typo correction and fuzzy term lookup narrowed to
a few hundred candidates before rapidfuzz scores them (rapidfuzz holds the GIL while it scans).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass
from itertools import accumulate

from rapidfuzz import fuzz, process

from .concepts import MIN_PREFIX
from .text import tokens
from .trigrams import TrigramIndex

CORRECTION_CUTOFF = 85.0
MIN_HEAD = 4  # shortest corpus word taken as the head of a query compound
MAX_PIECES = 5  # words one joined-up identifier may be split into
FUZZY_CANDIDATES = 300  # strings scored by rapidfuzz per lookup, after trigram narrowing


@dataclass(frozen=True)
class TermName:
    """A spelling that names a glossary term (term, variant or expansion)."""

    key: str
    term: str
    kind: str


class Vocabulary:
    """Document frequencies, typo corrections and fuzzy term lookup for one corpus generation."""

    def __init__(self, vocab_rows: list[tuple[str, int]], documents: int, names: list[TermName]) -> None:
        vocab_rows.sort()
        self.terms = [term for term, _ in vocab_rows]
        self._cumulative = [0, *accumulate(doc for _, doc in vocab_rows)]
        self.documents = max(documents, 1)
        self._words = TrigramIndex([t for t in self.terms if len(t) >= 4 and t.isalpha()])
        self.names = names
        self._names = TrigramIndex([name.key for name in names])
        self._longest_name = max((len(name.key) for name in names), default=0)
        self._by_head_word = _terms_by_head_word(names)

    def doc_frequency(self, form: str) -> int:
        """Documents holding ``form`` (as a prefix when long enough); an upper bound, capped at N.

        A phrase ("all to all") is counted as its rarest word, whole words but the last: no more
        documents can hold it.
        """
        if " " in form:
            *whole, last = form.split()
            return min([self._exact_frequency(part) for part in whole] + [self.doc_frequency(last)])
        start = bisect_left(self.terms, form)
        if len(form) < MIN_PREFIX:
            exact = start < len(self.terms) and self.terms[start] == form
            return self._cumulative[start + 1] - self._cumulative[start] if exact else 0
        end = bisect_left(self.terms, form + "\uffff")
        return min(self._cumulative[end] - self._cumulative[start], self.documents)

    def concept_idf(self, forms: list[str]) -> float:
        """One idf for all forms of a concept, so a rare spelling of a common word does not outscore it.

        A phrase form ("all to all") is another spelling of a word form ("alltoall"): its estimate only
        counts when the words are all the concept has.
        """
        words = [form for form in forms if " " not in form]
        df = min(sum(self.doc_frequency(form) for form in words or forms), self.documents)
        return max(math.log((self.documents + 1) / (df + 0.5)), 0.05)

    def compound_head(self, word: str) -> list[str]:
        """The longest corpus word a long query word starts with, when the word itself is not in the corpus:
        "baumhausbau" -> ["baumhaus"], "holzbau" -> ["holz"] (German compounds the summaries spell apart)."""
        if len(word) < 7 or not word.isalpha() or self.doc_frequency(word) > 0:
            return []
        # The head must be most of the word: "tensorparallel" is not about every "tensor".
        for cut in range(len(word) - 3, max(MIN_HEAD, (len(word) + 1) // 2) - 1, -1):
            head = word[:cut]
            index = bisect_left(self.terms, head)
            if index < len(self.terms) and self.terms[index] == head:
                return [head]
        return []
    def _exact_frequency(self, token: str) -> int:
        index = bisect_left(self.terms, token)
        if index < len(self.terms) and self.terms[index] == token:
            return self._cumulative[index + 1] - self._cumulative[index]
        return 0

    def has(self, token: str) -> bool:
        """Whether ``token`` is a whole word of the corpus."""
        index = bisect_left(self.terms, token)
        return index < len(self.terms) and self.terms[index] == token

    def segment(self, word: str) -> list[str]:
        """The corpus words a word nothing matches is made of, fewest first: "alltoall" -> all, to, all."""
        if len(word) < 4 or len(word) > 40 or self.doc_frequency(word) > 0:
            return []
        best: list[list[str] | None] = [[]] + [None] * len(word)  # best[i]: fewest pieces for word[:i]
        for end in range(1, len(word) + 1):
            for start in range(max(0, end - 24), end):
                piece, before = word[start:end], best[start]
                if before is None or len(before) >= MAX_PIECES or not (len(piece) >= 2 or piece.isdigit()):
                    continue
                if self.has(piece) and (best[end] is None or len(before) + 1 < len(best[end] or [])):
                    best[end] = [*before, piece]
        pieces = best[-1]
        return pieces if pieces and len(pieces) >= 2 else []

    def correct(self, word: str) -> list[str]:
        """Vocabulary words close to a word that matches nothing (typos in names): "kinetik" -> "kinetic"."""
        if len(word) < 4 or not word.isalpha() or self.doc_frequency(word) > 0:
            return []
        words = self._words.strings
        candidates = [words[i] for i in self._words.candidates(word, FUZZY_CANDIDATES)
                      if abs(len(words[i]) - len(word)) <= 2]
        found = process.extract(word, candidates, scorer=fuzz.ratio, limit=2, score_cutoff=CORRECTION_CUTOFF)
        return [term for term, _, _ in found]

    def terms_headed_by(self, word: str) -> list[str]:
        """Terms of several words whose last word is ``word`` (folded): "fusion" -> Kernel Fusion."""
        return self._by_head_word.get(word, [])

    def similar_names(
        self, key: str, *, limit: int = 5, cutoff: float = 80.0,
        kinds: tuple[str, ...] = ("term", "variant", "expansion"),
    ) -> list[tuple[TermName, float]]:
        """Term names whose whole key resembles ``key``, closest length first among equal scores.

        Whole-string ``ratio`` (not WRatio) so a short term inside a long query cannot win.
        """
        if not key or len(key) > self._longest_name + 8:
            return []  # nothing is named like a whole sentence
        candidates = [
            self.names[i] for i in self._names.candidates(key, FUZZY_CANDIDATES) if self.names[i].kind in kinds
        ]
        scored = process.extract(key, [n.key for n in candidates], scorer=fuzz.ratio, limit=limit * 4,
                                 score_cutoff=cutoff)
        ranked = sorted(scored, key=lambda item: (-item[1], abs(len(item[0]) - len(key))))
        out: list[tuple[TermName, float]] = []
        seen: set[str] = set()
        for _, score, index in ranked:
            name = candidates[index]
            if name.term not in seen:
                seen.add(name.term)
                out.append((name, score))
        return out[:limit]


def _terms_by_head_word(names: list[TermName]) -> dict[str, list[str]]:
    """Terms of several words by their last word (built with the rest, off the event loop)."""
    index: dict[str, dict[str, None]] = {}
    for name in names:
        if name.kind == "term" and (" " in name.term or "-" in name.term):
            words = tokens(name.term)
            if len(words) >= 2:
                index.setdefault(words[-1], {})[name.term] = None
    return {head: list(terms) for head, terms in index.items()}
