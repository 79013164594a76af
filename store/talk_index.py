"""Group stored summaries into talks through the database's key index (full and incremental ingest).

Each summary's grouping keys (store.grouping.grouping_keys: words, glossary terms, speakers) are
stored hashed in ``summary_keys``. Two summaries are a candidate pair when they share keys that
few summaries hold (store.grouping.distinctive_limit), exactly as grouping._candidate_pairs pairs
them in memory; a candidate pair is one talk when store.grouping.overlap_score says so. The
Jaccard overlaps come from counting shared keys in SQL, and key points are only read for the few
pairs worth aligning, so no summary text is held in memory.

A full rebuild finds all pairs in one query; an incremental ingest asks, for each new summary (and
each remaining summary of a talk that lost some), which summaries share its distinctive keys:
index lookups whose cost does not depend on the size of the corpus.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache

from . import grouping
from .model import KeyPoint, Source, Summary

KIND_WORD, KIND_TERM, KIND_SPEAKER = 0, 1, 2
_PREFIXES = {KIND_WORD: "w:", KIND_TERM: "t:", KIND_SPEAKER: "s:"}
_WEIGHT_SQL = "CASE a.kind WHEN 2 THEN 2 ELSE 1 END"  # one shared speaker is enough to look closer
_POINTS_CACHE = 4096  # summaries whose key points are kept while grouping (bounded: 50k would not fit)


@lru_cache(maxsize=1 << 16)  # words repeat across summaries: hashing was 7 % of an ingest
def key_hash(kind: int, text: str) -> int:
    """A signed 64-bit hash of one grouping key (collisions: about 1 in 10^7 at a million keys)."""
    digest = hashlib.blake2b((_PREFIXES[kind] + text).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def key_rows(summary: Summary, speakers: tuple[str, ...]) -> tuple[list[tuple[int, int]], int, int]:
    """(key hash, kind) rows of a summary, plus its counts of distinct words and terms."""
    words, terms, names = grouping.grouping_keys(summary, speakers)
    rows = [(key_hash(KIND_WORD, w), KIND_WORD) for w in words]
    rows += [(key_hash(KIND_TERM, t), KIND_TERM) for t in terms]
    rows += [(key_hash(KIND_SPEAKER, s), KIND_SPEAKER) for s in names]
    return list(dict(rows).items()), len(words), len(terms)


class TalkIndex:
    """Same-talk decisions over the summaries stored in one database, inside the caller's transaction."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        total = conn.execute("SELECT count(*) FROM summaries").fetchone()[0]
        self.limit = grouping.distinctive_limit(total)
        self._points: OrderedDict[int, tuple[KeyPoint, ...]] = OrderedDict()
        self.pairs_scored = 0

    # -- candidates ---------------------------------------------------------------------

    def all_candidate_pairs(self) -> list[tuple[int, int]]:
        """Every pair sharing distinctive keys worth 2 or more (the full rebuild), counted key by key."""
        conn = self.conn
        conn.execute("DROP TABLE IF EXISTS temp.distinctive_keys")
        conn.execute("CREATE TEMP TABLE distinctive_keys (key INTEGER PRIMARY KEY)")
        try:
            conn.execute("INSERT INTO distinctive_keys SELECT key FROM summary_keys GROUP BY key"
                         " HAVING count(*) BETWEEN 2 AND ?", (self.limit,))
            shared: dict[tuple[int, int], int] = {}
            members: list[tuple[int, int]] = []
            previous = None
            for key, summary_id, kind in conn.execute(
                "SELECT a.key, a.summary_id, a.kind FROM distinctive_keys d JOIN summary_keys a ON a.key = d.key"
                " ORDER BY a.key, a.summary_id"
            ):
                if key != previous:
                    _count_pairs(members, shared)
                    members, previous = [], key
                members.append((summary_id, 2 if kind == KIND_SPEAKER else 1))
            _count_pairs(members, shared)
        finally:
            conn.execute("DROP TABLE temp.distinctive_keys")
        return sorted(pair for pair, weight in shared.items() if weight >= 2)

    def candidates_of(self, summary_id: int) -> list[int]:
        """Summaries sharing distinctive keys worth 2 or more with one summary (index lookups only)."""
        return [row[0] for row in self.conn.execute(
            "SELECT b.summary_id FROM summary_keys a"
            " JOIN summary_keys b ON b.key = a.key AND b.summary_id != a.summary_id"
            " WHERE a.summary_id = ?"
            " AND (SELECT count(*) FROM (SELECT 1 FROM summary_keys c WHERE c.key = a.key LIMIT ?)) BETWEEN 2 AND ?"
            f" GROUP BY b.summary_id HAVING sum({_WEIGHT_SQL}) >= 2",
            (summary_id, self.limit + 1, self.limit),
        )]

    # -- scoring ------------------------------------------------------------------------

    def same_talk(self, a: int, b: int) -> bool:
        """store.grouping's same-talk decision for two stored summaries."""
        self.pairs_scored += 1
        shared = dict(self.conn.execute(
            "SELECT a.kind, count(*) FROM summary_keys a JOIN summary_keys b ON b.key = a.key AND b.summary_id = ?"
            " WHERE a.summary_id = ? GROUP BY a.kind", (b, a),
        ).fetchall())
        (words_a, terms_a), (words_b, terms_b) = (
            self.conn.execute("SELECT word_count, term_count FROM summaries WHERE summary_id = ?", (i,)).fetchone()
            for i in (a, b)
        )
        words = _jaccard(shared.get(KIND_WORD, 0), words_a, words_b)
        terms = _jaccard(shared.get(KIND_TERM, 0), terms_a, terms_b)
        score = grouping.overlap_score(words, terms, KIND_SPEAKER in shared,
                                       lambda: (self._key_points(a), self._key_points(b)))
        return score >= grouping.SAME_TALK_SCORE

    def _key_points(self, summary_id: int) -> tuple[KeyPoint, ...]:
        points = self._points.get(summary_id)
        if points is None:
            points = tuple(
                KeyPoint(seconds, label, title, text, Source("", 0))
                for seconds, label, title, text in self.conn.execute(
                    "SELECT seconds, label, title, text FROM points WHERE summary_id = ? ORDER BY point_id",
                    (summary_id,),
                )
            )
            self._points[summary_id] = points
            if len(self._points) > _POINTS_CACHE:
                self._points.popitem(last=False)
        return points

    # -- grouping -----------------------------------------------------------------------

    def group_all(self) -> list[list[int]]:
        """Every stored summary grouped into talks (the full rebuild)."""
        ids = [row[0] for row in self.conn.execute("SELECT summary_id FROM summaries")]
        groups = _UnionFind(ids)
        for a, b in self.all_candidate_pairs():
            if groups.root(a) != groups.root(b) and self.same_talk(a, b):
                groups.union(a, b)
        return groups.groups()

    def regroup(self, loose: Iterable[int]) -> tuple[list[list[int]], set[str]]:
        """Talks of the ``loose`` summaries (new ones, or left in a talk that lost some).

        A loose summary that is the same talk as a summary of a stored talk joins that whole talk;
        its members keep belonging together (their own pairs were decided when they came in).
        Returns the groups, and the ids of the stored talks merged into them.
        """
        loose = list(dict.fromkeys(loose))
        groups = _UnionFind(loose)
        merged: set[str] = set()
        for summary_id in loose:
            for other in self.candidates_of(summary_id):
                if other in groups and groups.root(other) == groups.root(summary_id):
                    continue
                if not self.same_talk(summary_id, other):
                    continue
                if other not in groups:
                    talk_id = self.conn.execute(
                        "SELECT talk_id FROM summaries WHERE summary_id = ?", (other,)
                    ).fetchone()[0]
                    members = [other]
                    if talk_id:  # a stored talk: all of it joins
                        merged.add(talk_id)
                        members = [row[0] for row in self.conn.execute(
                            "SELECT summary_id FROM summaries WHERE talk_id = ?", (talk_id,)
                        )]
                    groups.add(members)
                groups.union(summary_id, other)
        return groups.groups(), merged


class _UnionFind:
    def __init__(self, ids: Iterable[int]) -> None:
        self.parent: dict[int, int] = {i: i for i in ids}

    def __contains__(self, item: int) -> bool:
        return item in self.parent

    def add(self, members: list[int]) -> None:
        """Add members as one group."""
        for member in members:
            self.parent.setdefault(member, member)
        for member in members[1:]:
            self.union(members[0], member)

    def root(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.root(a), self.root(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def groups(self) -> list[list[int]]:
        out: dict[int, list[int]] = {}
        for i in self.parent:
            out.setdefault(self.root(i), []).append(i)
        return list(out.values())


def _count_pairs(members: list[tuple[int, int]], shared: dict[tuple[int, int], int]) -> None:
    """Add one key's weight to every pair of the summaries holding it (sorted by id)."""
    for position, (a, weight) in enumerate(members):
        for b, _ in members[position + 1:]:
            shared[(a, b)] = shared.get((a, b), 0) + weight


def _jaccard(shared: int, a: int, b: int) -> float:
    return shared / (a + b - shared) if a and b else 0.0
