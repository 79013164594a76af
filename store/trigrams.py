"""A trigram index that narrows fuzzy lookups to the few strings worth scoring.

rapidfuzz's scorers hold the GIL while they scan, so scoring every term at 100,000 terms would
stall the event loop; scoring the few hundred that share the most trigrams with the query does not.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence
from itertools import compress

MAX_GRAMS = 16
RECENT_LOOKUPS = 8
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
        # The last few lookups' answers: /define asks for the same key up to three times (names, long forms,
        # suggestions) and builds a question's concepts twice (each unknown word looked up), and counting
        # is most of a lookup's cost (~10 ms at 50,000 summaries).
        self._recent: dict[tuple[str, int], list[int]] = {}

    def candidates(self, query: str, limit: int = 300) -> list[int]:
        """Up to ``limit`` string indexes, most shared trigrams first (common trigrams only as a last resort)."""
        found = self._recent.get((query, limit))
        if found is None:
            found = self._count(query, limit)
            if len(self._recent) >= RECENT_LOOKUPS:
                del self._recent[next(iter(self._recent))]  # the oldest
            self._recent[(query, limit)] = found
        return list(found)

    def containing(self, part: str) -> list[int]:
        """The indexes of the strings holding ``part`` (3 characters or more) inside them, in index order: the
        postings of its rarest trigram, each checked. Exact, and a handful of checks where ``candidates`` scores
        hundreds (a compound's part looked up in every corpus word)."""
        grams = {part[i : i + 3] for i in range(len(part) - 2)}
        if not grams or not grams <= self._postings.keys():
            return []  # a trigram no string has: no string holds the part
        rarest = min((self._postings[gram] for gram in grams), key=len)
        strings = self.strings
        return [index for index in rarest if part in strings[index]]

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
        return most_common(counts, limit)


def most_common(counts: Counter[int], limit: int) -> list[int]:
    """The keys of ``counts.most_common(limit)``: most counted first, equal counts in the order first counted.

    most_common compares every key in Python (heapq.nlargest): 15 ms for the 200,000 names a long key
    shares a trigram with at 50,000 summaries. Counts are small (at most MAX_GRAMS), so they fit a byte
    each: C's byte counting gives how many keys have each count (the count of the last key kept), a byte
    translation marks the keys counted at least that often, and only those are sorted.
    """
    if len(counts) <= limit:
        return [key for key, _ in counts.most_common()]
    tally = bytes(counts.values())
    kept = 0
    for least in range(max(tally), 0, -1):
        kept += tally.count(least)
        if kept >= limit:
            break
    selected = tally.translate(_AT_LEAST[least])
    keys = list(compress(counts, selected))
    keys.sort(key=counts.__getitem__, reverse=True)  # stable: equal counts stay in the order first counted
    return keys[:limit]


# _AT_LEAST[n] maps a byte to 1 when it is at least n, else to 0 (a bytes.translate table).
_AT_LEAST = [bytes(int(value >= least) for value in range(256)) for least in range(MAX_GRAMS + 1)]
