"""One view of a talk summarised more than once: key points, glossary and highlights merged.

Two summaries of one video describe many of the same moments in their own words ("0:05
Einführung in XLA" and "0:05 Einführung und Agenda"). Every view shows the union of their key
points with each moment once, ordered by time; a moment both describe keeps the more detailed
wording. The same comparison drops repeats from search answers (``same_moment``).

Key points are shown in the order of their stamps when that is clearly right: a summary whose
stamps are in order, or where a single point is out of place. Stamps that restart lower and
climb again (the Pallas talk: 0:04, 0:21, 0:51, then 0:10 ... 0:48) follow the summary's own
order, which the prose confirms; ingest warns about them (store/parser.py).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from rapidfuzz import fuzz

from .text import term_key

if TYPE_CHECKING:
    from .model import GlossaryEntry, Highlight, KeyPoint, Summary


class _Moment(Protocol):
    @property
    def seconds(self) -> int: ...
    @property
    def title(self) -> str: ...
    @property
    def text(self) -> str: ...


# (largest stamp difference in seconds, least similarity 0-100) for two points to be one moment.
# Measured on the two summaries of the XLA crash course and of the treehouse documentary: the same
# moment scores 46-69 (token set ratio of title and text), different moments within two minutes 35-48.
_SAME_MOMENT_RULES = ((5, 45.0), (30, 55.0), (60, 65.0))
_SAME_TITLE = 90.0  # a title this alike names the same moment up to a minute apart ("Flexible Hängebrücke")


def same_moment(a: _Moment, b: _Moment) -> bool:
    """Whether two key points describe the same moment of a video in about the same words."""
    return _moment_score(a, b) is not None


def _moment_score(a: _Moment, b: _Moment) -> float | None:
    gap = abs(a.seconds - b.seconds)
    if gap > _SAME_MOMENT_RULES[-1][0]:
        return None
    similarity = fuzz.token_set_ratio(f"{a.title} {a.text}".lower(), f"{b.title} {b.text}".lower())
    for window, least in _SAME_MOMENT_RULES:
        if gap <= window and similarity >= least:
            return similarity - gap / 10
    if a.title and b.title and fuzz.token_sort_ratio(a.title.lower(), b.title.lower()) >= _SAME_TITLE:
        return similarity - gap / 10
    return None


def merged_key_points(summaries: Sequence["Summary"]) -> tuple["KeyPoint", ...]:
    """Every key point of the summaries, each moment once, in display order."""
    if not summaries:
        return ()
    if len(summaries) == 1:
        return display_order(summaries[0].key_points)
    merged = list(display_order(summaries[0].key_points))
    monotone = _non_decreasing(merged)
    for summary in summaries[1:]:
        points = display_order(summary.key_points)
        monotone = monotone and _non_decreasing(points)
        merged = _merge_two(merged, list(points))
    if monotone:
        merged.sort(key=lambda point: point.seconds)  # stable: a tie keeps the earlier summary's point first
    return tuple(merged)


def _merge_two(kept: list["KeyPoint"], incoming: list["KeyPoint"]) -> list["KeyPoint"]:
    """``kept`` plus the points of ``incoming`` that are no moment of it; a pair keeps the more detailed one."""
    pairs = []
    for i, point in enumerate(kept):
        for j, other in enumerate(incoming):
            score = _moment_score(point, other)
            if score is not None:
                pairs.append((score, i, j))
    pairs.sort(key=lambda pair: -pair[0])
    taken_kept: set[int] = set()
    taken_incoming: set[int] = set()
    result = list(kept)
    for _, i, j in pairs:  # best pairs first, each point in at most one pair
        if i in taken_kept or j in taken_incoming:
            continue
        taken_kept.add(i)
        taken_incoming.add(j)
        if _detail(incoming[j]) > _detail(kept[i]):
            result[i] = incoming[j]
    result.extend(point for j, point in enumerate(incoming) if j not in taken_incoming)
    return result


def _detail(point: "KeyPoint") -> int:
    return len(point.title) + len(point.text)


def display_order(points: Sequence["KeyPoint"]) -> tuple["KeyPoint", ...]:
    """Points in stamp order when that is clearly right (at most one out of place), else as written."""
    points = tuple(points)
    if _non_decreasing(points):
        return points
    if len(points) - _longest_non_decreasing(points) <= 1:
        return tuple(sorted(points, key=lambda point: point.seconds))
    return points


def backward_steps(points: Sequence["KeyPoint"]) -> list[tuple["KeyPoint", "KeyPoint"]]:
    """(previous, point) for each point stamped earlier than the one before it."""
    return [(before, point) for before, point in zip(points, points[1:]) if point.seconds < before.seconds]


def _non_decreasing(points: Sequence["KeyPoint"]) -> bool:
    return all(a.seconds <= b.seconds for a, b in zip(points, points[1:]))


def _longest_non_decreasing(points: Sequence["KeyPoint"]) -> int:
    tails: list[int] = []
    for point in points:
        index = bisect_right(tails, point.seconds)
        if index == len(tails):
            tails.append(point.seconds)
        else:
            tails[index] = point.seconds
    return len(tails)


def merged_glossary(summaries: Sequence["Summary"]) -> tuple["GlossaryEntry", ...]:
    """Glossary entries of all summaries, a term both define once (the first summary's entry)."""
    if len(summaries) == 1:
        return summaries[0].glossary
    seen: set[str] = set()
    entries = []
    for summary in summaries:
        for entry in summary.glossary:
            keys = {term_key(name) for name in (*entry.terms, *entry.variants)}
            if keys & seen:
                continue
            seen |= keys
            entries.append(entry)
    return tuple(entries)


def merged_highlights(summaries: Sequence["Summary"]) -> tuple["Highlight", ...]:
    """Discussion highlights of all summaries, a repeated title once."""
    if len(summaries) == 1:
        return summaries[0].highlights
    seen: set[str] = set()
    highlights = []
    for summary in summaries:
        for highlight in summary.highlights:
            key = term_key(highlight.title) or term_key(highlight.text)
            if key not in seen:
                seen.add(key)
                highlights.append(highlight)
    return tuple(highlights)
