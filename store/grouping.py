"""Group summaries of the same talk into ``Talk`` records with stable ids and readable titles.

Two summaries describe the same talk when their timestamped key points line up (same moments,
similar words), backed by shared wording, glossary terms or speakers. Sharing common words
such as JAX or TPU is not enough: the key points must match.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz

from .errors import CorpusError
from .model import KeyPoint, Summary, Talk
from .speakers import find_speakers, merge_speakers
from .talk_titles import derive_title
from .toml_file import read_toml

OVERRIDES_FILE = "talks.toml"
OVERRIDE_KEYS = {"title", "speakers", "tags", "video_url"}
MAX_ID_CHARS = 60
# Key points this close in time (seconds) and this similar (0-100) are the same moment of a video.
POINT_WINDOW = 30
POINT_SIMILARITY = 60
# Evidence needed to call two summaries one talk; duplicates in the corpus score above 1.0,
# the closest different talks below 0.3.
SAME_TALK_SCORE = 0.6
# With key points on both sides, at least this share of them must line up.
MIN_ALIGNED = 0.2
DISTINCTIVE_MAX_SUMMARIES = 20  # a word in more summaries than this does not pair two of them (see _candidate_pairs)
_WORD_RE = re.compile(r"\w{4,}")
_SLUG_STOPWORDS = set(
    "und and der die das des dem den ein eine einer eines von vom fuer mit zu zur zum in im auf bei durch ueber"
    " of the a an to for with on".split()
)
_FOLDS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe", "Ü": "ue"})


def group_talks(
    summaries: list[Summary], overrides: dict[str, Any] | None = None, display: Callable[[str], str] | None = None
) -> list[Talk]:
    """Talks made of the given summaries, duplicates grouped, ordered by where they first appear."""
    return group_talks_with_warnings(summaries, overrides, display)[0]


def group_talks_with_warnings(
    summaries: list[Summary], overrides: dict[str, Any] | None = None, display: Callable[[str], str] | None = None
) -> tuple[list[Talk], list[str]]:
    """Like group_talks, plus warnings for overrides naming a talk id that does not exist.

    ``display`` turns a derived title or speaker name into the one shown (canonical names for
    transcription slips, store/canonical.py); the talk id is made from the shown title. An override
    keyed by the id the title as written would give still applies.
    """
    ordered = sorted(summaries, key=_summary_key)
    speakers = [find_speakers(summary) for summary in ordered]
    groups = _cluster(ordered, speakers)
    made = [_make_talk([ordered[i] for i in group], [speakers[i] for i in group], display) for group in groups]
    talks = [talk for talk, _ in made]
    written_ids = [written_id for _, written_id in made]
    talks = _disambiguate(talks)  # keeps the order
    former_ids = {talk.talk_id: written for talk, written in zip(talks, written_ids) if written}
    return _apply_overrides(talks, _unwrap(overrides or {}), former_ids)


@dataclass(frozen=True)
class _Features:
    """What same-talk scoring compares, computed once per summary."""

    summary: Summary
    words: frozenset[str]
    terms: frozenset[str]
    speakers: frozenset[str]

    @classmethod
    def of(cls, summary: Summary, speakers: tuple[str, ...]) -> "_Features":
        return cls(summary, frozenset(_words(summary.text)), frozenset(_terms(summary)),
                   frozenset(s.casefold() for s in speakers))


def _score(a: _Features, b: _Features) -> float:
    words = _jaccard(a.words, b.words)
    terms = _jaccard(a.terms, b.terms)
    shared_speaker = bool(a.speakers & b.speakers)
    return overlap_score(words, terms, shared_speaker, lambda: (a.summary.key_points, b.summary.key_points))


def needs_alignment(words: float, terms: float, shared_speaker: bool) -> bool:
    """False when two summaries have too little in common to be worth aligning their key points."""
    return not (words < 0.08 and terms < 0.2 and not shared_speaker)


def overlap_score(
    words: float, terms: float, shared_speaker: bool,
    key_points: Callable[[], tuple[Sequence[KeyPoint], Sequence[KeyPoint]]],
) -> float:
    """Same-talk evidence from word and term Jaccard, a shared speaker and the aligned key points.

    ``key_points`` is only called when the overlap is worth aligning (the incremental ingest reads
    them from the database then).
    """
    if not needs_alignment(words, terms, shared_speaker):
        return words + terms / 2  # cheap exit: nothing in common worth aligning key points for
    points_a, points_b = key_points()
    aligned = max(_alignment(points_a, points_b), _alignment(points_b, points_a))
    if aligned < MIN_ALIGNED and min(len(points_a), len(points_b)) >= 3:
        # Two timelines that do not line up are two videos, however alike the prose reads.
        return min(aligned + words + terms / 2, SAME_TALK_SCORE / 2)
    return aligned + words + terms / 2 + (0.25 if shared_speaker else 0.0)


def _candidate_pairs(features: list[_Features]) -> list[tuple[int, int]]:
    """Pairs worth scoring: they share a speaker or at least two distinctive words or terms.

    Scoring every pair is quadratic (50 million pairs at 10,000 summaries). Two summaries of one
    talk share its rare words (names, products); a word found in many summaries says nothing
    about which two belong together, so it does not make a pair.
    """
    postings: dict[str, list[int]] = {}
    for index, feature in enumerate(features):
        keys = {f"w:{w}" for w in feature.words} | {f"t:{t}" for t in feature.terms}
        keys |= {f"s:{s}" for s in feature.speakers}
        for key in keys:
            postings.setdefault(key, []).append(index)
    limit = distinctive_limit(len(features))
    shared: dict[tuple[int, int], int] = {}
    for key, members in postings.items():
        if len(members) < 2 or len(members) > limit:
            continue
        weight = 2 if key.startswith("s:") else 1  # one shared speaker is enough to look closer
        for position, i in enumerate(members):
            for j in members[position + 1 :]:
                shared[(i, j)] = shared.get((i, j), 0) + weight
    return sorted(pair for pair, count in shared.items() if count >= 2)


def distinctive_limit(summaries: int) -> int:
    """A word, term or speaker in more summaries than this (of ``summaries`` in all) pairs none of them."""
    return max(DISTINCTIVE_MAX_SUMMARIES, summaries // 500)


def grouping_keys(summary: Summary, speakers: tuple[str, ...]) -> tuple[set[str], set[str], set[str]]:
    """What pairs and scores a summary: its words (4+ letters), glossary terms and speakers, case-folded."""
    return _words(summary.text), _terms(summary), {s.casefold() for s in speakers}


def talk_slug(title: str) -> str:
    """Lower-case ASCII slug of a title, words joined by hyphens, at most MAX_ID_CHARS long."""
    text = unicodedata.normalize("NFKD", title.translate(_FOLDS))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    if len(slug) > MAX_ID_CHARS:
        cut = slug[: MAX_ID_CHARS + 1].rsplit("-", 1)[0]
        slug = cut if len(cut) >= MAX_ID_CHARS // 2 else slug[:MAX_ID_CHARS]
        # A cut id should not end in a dangling "-und" or "-zur".
        words = slug.split("-")
        while len(words) > 2 and words[-1] in _SLUG_STOPWORDS:
            words.pop()
        slug = "-".join(words)
    return slug.strip("-") or "talk"


def load_overrides(corpus_dir: Path) -> tuple[dict[str, Any], list[str]]:
    """Overrides from corpus_dir/talks.toml keyed by talk id, plus warnings; ({}, []) without the file."""
    # Returns warnings too (unknown keys) because store.ingest unpacks (overrides, warnings).
    path = Path(corpus_dir) / OVERRIDES_FILE
    if not path.is_file():
        return {}, []
    toml = read_toml(path)
    data = toml.data
    warnings = [f"{OVERRIDES_FILE}: unknown top-level key '{key}' ignored" for key in data if key != "talks"]
    talks = data.get("talks", {})
    if not isinstance(talks, dict):
        raise CorpusError(OVERRIDES_FILE, None, "'talks' must be a table of [talks.\"<talk_id>\"] sections")
    overrides: dict[str, dict[str, Any]] = {}
    for talk_id, entry in talks.items():
        line = toml.table_line("talks", talk_id)
        where = f"{OVERRIDES_FILE}:{line}" if line else OVERRIDES_FILE
        if not isinstance(entry, dict):
            raise CorpusError(OVERRIDES_FILE, line, f"talks.{talk_id} must be a table")
        for key in sorted(set(entry) - OVERRIDE_KEYS):
            warnings.append(f"{where}: unknown key '{key}' for talk '{talk_id}' ignored")
        overrides[talk_id] = _checked_entry(talk_id, {k: v for k, v in entry.items() if k in OVERRIDE_KEYS}, line)
    return overrides, warnings


def _summary_key(summary: Summary) -> tuple[Any, ...]:
    return (summary.source.file, summary.source.line, summary.text)


def _cluster(summaries: list[Summary], speakers: list[tuple[str, ...]]) -> list[list[int]]:
    """Indices grouped by talk (union-find over same-talk pairs), each group and the list in source order."""
    parent = list(range(len(summaries)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    features = [_Features.of(summary, names) for summary, names in zip(summaries, speakers)]
    for i, j in _candidate_pairs(features):
        if root(i) == root(j):
            continue
        if _score(features[i], features[j]) >= SAME_TALK_SCORE:
            parent[max(root(i), root(j))] = min(root(i), root(j))
    groups: dict[int, list[int]] = {}
    for i in range(len(summaries)):
        groups.setdefault(root(i), []).append(i)
    return sorted(groups.values(), key=lambda group: group[0])


def _make_talk(summaries: list[Summary], speakers: list[tuple[str, ...]],
               display: Callable[[str], str] | None = None) -> tuple[Talk, str | None]:
    """The talk, and the id its title as written would give (talks.toml may still use it)."""
    # The first summary in source order names the talk, so its title and id do not depend on
    # which other files happen to be loaded.
    written = derive_title(summaries[0], speakers[0])
    title = written
    names = merge_speakers(*speakers)
    if display is not None:
        title = display(written)
        names = merge_speakers(tuple(display(name) for name in names))
    talk = Talk(
        talk_id=talk_slug(title),
        title=title,
        speakers=names,
        summaries=tuple(summaries),
        key_points=(),  # ingest stores every summary's points; the merged view is made when a talk is read
        glossary=(),
        highlights=(),
    )
    return talk, None if title == written else talk_slug(written)


def disambiguate(talks: list[Talk]) -> list[Talk]:
    """Unique titles and ids for talks in corpus order (only a clashing talk's first summary is read)."""
    return _disambiguate(list(talks))


def _disambiguate(talks: list[Talk]) -> list[Talk]:
    """Make titles and ids unique; every member of a clash gets a suffix so order does not matter."""
    by_title: dict[str, list[int]] = {}
    for index, talk in enumerate(talks):
        by_title.setdefault(talk.title.casefold(), []).append(index)
    for indices in by_title.values():
        if len(indices) > 1:
            for index in indices:
                talk = talks[index]
                hint = ", ".join(talk.speakers) or _first_point_title(talk) or talk.summaries[0].source.file
                talks[index] = replace(talk, title=f"{talk.title} ({hint})")
    by_id: dict[str, list[int]] = {}
    for index, talk in enumerate(talks):
        by_id.setdefault(talk.talk_id, []).append(index)
    for talk_id, indices in by_id.items():
        if len(indices) > 1:
            for index in indices:
                suffix = _content_hash(talks[index])
                talks[index] = replace(talks[index], talk_id=f"{talk_id[: MAX_ID_CHARS - 7].rstrip('-')}-{suffix}")
    # Talks alike even in their opening key point still need distinct ids: number the repeats in
    # source order (talks are sorted by source, so this stays stable across re-ingests).
    seen: set[str] = set()
    for index, talk in enumerate(talks):
        talk_id, number = talk.talk_id, 2
        while talk_id in seen:
            talk_id, number = f"{talk.talk_id}-{number}", number + 1
        seen.add(talk_id)
        if talk_id != talk.talk_id:
            talks[index] = replace(talk, talk_id=talk_id)
    return talks


def _content_hash(talk: Talk) -> str:
    """Six hex digits from the first summary's first key point (or text): same content, same suffix."""
    summary = talk.summaries[0]
    basis = summary.key_points[0].text if summary.key_points else summary.text
    return hashlib.sha1(basis.encode("utf-8")).hexdigest()[:6]


def _first_point_title(talk: Talk) -> str:
    points = talk.summaries[0].key_points
    return points[0].title if points else ""


def _apply_overrides(
    talks: list[Talk], overrides: dict[str, Any], former_ids: dict[str, str] | None = None
) -> tuple[list[Talk], list[str]]:
    former_ids = former_ids or {}
    known = {talk.talk_id for talk in talks} | set(former_ids.values())
    warnings = [
        f"{OVERRIDES_FILE}: no talk with id '{talk_id}'; override ignored"
        for talk_id in sorted(overrides)
        if talk_id not in known
    ]
    result = []
    for talk in talks:
        entry = overrides.get(talk.talk_id) or overrides.get(former_ids.get(talk.talk_id, "")) or {}
        changes: dict[str, Any] = {}
        if entry.get("title"):
            changes["title"] = str(entry["title"])
        if "speakers" in entry:
            changes["speakers"] = tuple(entry["speakers"])
        if "tags" in entry:
            changes["tags"] = tuple(entry["tags"])
        if entry.get("video_url"):
            changes["video_url"] = str(entry["video_url"])
        result.append(replace(talk, **changes) if changes else talk)
    return result, warnings


def _unwrap(overrides: dict[str, Any]) -> dict[str, Any]:
    # Accept the parsed TOML document ({"talks": {...}}) as well as load_overrides' result.
    if set(overrides) == {"talks"} and isinstance(overrides["talks"], dict):
        inner = overrides["talks"]
        if all(isinstance(value, dict) for value in inner.values()):
            return inner
    return overrides


def _checked_entry(talk_id: str, entry: dict[str, Any], line: int | None) -> dict[str, Any]:
    for key in ("title", "video_url"):
        if key in entry and not isinstance(entry[key], str):
            raise CorpusError(OVERRIDES_FILE, line, f"talks.{talk_id}.{key} must be a string")
    for key in ("speakers", "tags"):
        if key in entry and not (isinstance(entry[key], list) and all(isinstance(v, str) for v in entry[key])):
            raise CorpusError(OVERRIDES_FILE, line, f"talks.{talk_id}.{key} must be a list of strings")
    url = entry.get("video_url")
    if url and not re.match(r"https?://\S+$", url):
        raise CorpusError(OVERRIDES_FILE, line, f"talks.{talk_id}.video_url must be an http(s) URL")
    return entry


def _alignment(points: Sequence[KeyPoint], others: Sequence[KeyPoint]) -> float:
    """Share of key points that have a counterpart at about the same time saying about the same."""
    if not points or not others:
        return 0.0
    matched = 0
    for point in points:
        for other in others:
            close = abs(point.seconds - other.seconds) <= POINT_WINDOW
            if close and _point_similarity(point, other) >= POINT_SIMILARITY:
                matched += 1
                break
    return min(1.0, matched / min(len(points), len(others)))


def _point_similarity(a: KeyPoint, b: KeyPoint) -> float:
    return max(
        fuzz.token_set_ratio(f"{a.title} {a.text}".lower(), f"{b.title} {b.text}".lower()),
        fuzz.token_sort_ratio(a.title.lower(), b.title.lower()) if a.title and b.title else 0,
    )


def _words(text: str) -> set[str]:
    return set(_WORD_RE.findall(text.casefold()))


def _terms(summary: Summary) -> set[str]:
    return {term.casefold() for entry in summary.glossary for term in entry.terms}


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0
