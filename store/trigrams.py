"""A trigram index that narrows fuzzy lookups to the few strings worth scoring.

rapidfuzz's scorers hold the GIL while they scan, so scoring every term at 100,000 terms would
stall the event loop; scoring the few hundred that share the most trigrams with the query does not.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence

MAX_GRAMS = 16
COMMON_SHARE = 0.05  # a trigram in more than 5 % of the strings says little about which one is meant


def trigrams(text: str) -> set[str]:
    """Trigrams of ``text`` padded with one space at each end, so short strings have some too."""
    padded = f" {text} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


class TrigramIndex:
    """Strings by trigram; ``candidates`` returns the indexes sharing the most trigrams with a query."""

    def __init__(self, strings: Sequence[str]) -> None:
        self.strings = strings
        # Postings go straight into 4-byte arrays: a list of Python ints per trigram cost ~36 bytes an
        # entry while building (hundreds of MB at 50,000 summaries), and the peak stays in the RSS.
        postings: dict[str, array[int]] = {}
        for index, text in enumerate(strings):
            for gram in trigrams(text):
                ids = postings.get(gram)
                if ids is None:
                    ids = postings[gram] = array("I")
                ids.append(index)
        self._postings = postings
        self._common = max(64, int(len(strings) * COMMON_SHARE))
        # The last lookup's answer: /define asks for the same key up to three times (names, long forms,
        # suggestions), and counting is most of a lookup's cost (~10 ms at 50,000 summaries).
        self._last: tuple[str, int, list[int]] | None = None

    def candidates(self, query: str, limit: int = 300) -> list[int]:
        """Up to ``limit`` string indexes, most shared trigrams first (common trigrams only as a last resort)."""
        if self._last is not None and self._last[:2] == (query, limit):
            return list(self._last[2])
        found = self._count(query, limit)
        self._last = (query, limit, found)
        return list(found)

    def _count(self, query: str, limit: int) -> list[int]:
        # The rarest trigrams tell the most and cost the least to count; a long query has dozens.
        grams = sorted((self._postings[g] for g in trigrams(query) if g in self._postings), key=len)[:MAX_GRAMS]
        counts: Counter[int] = Counter()
        for ids in grams:
            if len(ids) <= self._common:
                counts.update(ids)
        if not counts:
            for ids in grams:
                counts.update(ids)
        return [index for index, _ in counts.most_common(limit)]
