"""store.kept: a memo computes a key once and keeps at most its limit, dropping the oldest."""

from __future__ import annotations

from store.kept import kept


def test_a_key_is_computed_once_and_the_oldest_goes_beyond_the_limit() -> None:
    memo: dict[str, int] = {}
    calls: list[str] = []

    def length_of(text: str) -> int:
        calls.append(text)
        return len(text)

    assert [kept(memo, text, lambda text=text: length_of(text), 2) for text in ("a", "bb", "a")] == [1, 2, 1]
    assert calls == ["a", "bb"]
    assert kept(memo, "ccc", lambda: length_of("ccc"), 2) == 3
    assert list(memo) == ["bb", "ccc"]  # "a", the oldest, dropped


def test_a_kept_false_is_not_computed_again() -> None:
    memo: dict[str, bool] = {}
    calls: list[str] = []
    assert kept(memo, "x", lambda: bool(calls.append("x")), 4) is False
    assert kept(memo, "x", lambda: bool(calls.append("x")), 4) is False
    assert calls == ["x"]
