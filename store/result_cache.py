"""Answers of the current corpus generation, kept so a question asked again costs no search.

After a talk, many people ask the same few questions (`/define XLA`, `/talk pallas`); the store
answers each once per corpus generation and serves repeats from here. Results are frozen
dataclasses (store/model.py), so sharing them between callers is safe.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

MAX_CACHED_TEXT = 500  # longer questions rarely repeat; keeping them would only hold memory
MISSING = object()  # what ``get`` returns for a key it does not hold (None is a valid answer: no such talk)


class ResultCache:
    """A least-recently-used map of query -> result; ``size`` 0 disables it."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, object] = OrderedDict()
        self.hits = 0  # answers served from here (the tests read it)

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> object:
        """The cached result, or ``MISSING``."""
        found = self._entries.get(key, MISSING)
        if found is MISSING:
            return MISSING
        self._entries.move_to_end(key)
        self.hits += 1
        return found

    def put(self, key: Hashable, result: object) -> None:
        """Keep ``result``, dropping the least recently used entry when full."""
        if self.size <= 0:
            return
        self._entries[key] = result
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget everything (the corpus changed)."""
        self._entries.clear()


def cacheable(text: str) -> bool:
    """Whether a question is short enough to keep its answer."""
    return len(text) <= MAX_CACHED_TEXT
