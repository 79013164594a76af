"""Which talks a word of few titles names: the prefix lookup behind "in JAX Quantum" (handlers/answers.py)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping

from .view import TalkInfo

RARE_HOLDERS = 8  # a title word of more talks than this names none of them (callers ask for fewer)


class TitleWords:
    """The talks' distinct title and speaker words, sorted, and the talks of each word few titles have: a prefix
    is looked up by bisection, not by scanning every talk's words (100 ms a question at 50,000 talks)."""

    def __init__(self, talks: Mapping[str, TalkInfo]) -> None:
        holders: dict[str, list[str]] = {}
        for talk_id, info in talks.items():
            for token in info.title_tokens:
                holders.setdefault(token, []).append(talk_id)
        self._sorted = sorted(holders)
        self._rare = {token: tuple(ids) for token, ids in holders.items() if len(ids) <= RARE_HOLDERS}

    def talks(self, prefix: str, at_most: int) -> set[str] | None:
        """The talks with a title word starting with ``prefix``; None when more than ``at_most`` have one."""
        assert at_most <= RARE_HOLDERS, "a word of more titles is not kept"
        found: set[str] = set()
        index = bisect_left(self._sorted, prefix)
        while index < len(self._sorted) and self._sorted[index].startswith(prefix):
            holding = self._rare.get(self._sorted[index])
            if holding is None:
                return None
            found.update(holding)
            if len(found) > at_most:
                return None
            index += 1
        return found
