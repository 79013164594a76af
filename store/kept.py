"""A bounded memo: what is worked out once for a text users typed (or a corpus text) and kept, the oldest dropped."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def kept(memo: dict[K, V], key: K, compute: Callable[[], V], limit: int) -> V:
    """``memo[key]``, from ``compute()`` the first time; beyond ``limit`` entries the oldest is dropped (users type
    any text, so a memo of what they asked must not grow with it)."""
    found = memo.get(key)
    if found is None:
        found = compute()
        if len(memo) >= limit:
            memo.pop(next(iter(memo)), None)  # the oldest (None: another thread dropped it meanwhile)
        memo[key] = found
    return found
