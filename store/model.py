"""Plain data records for the parsed corpus and query results.

The parser produces ``Summary`` records; grouping turns them into ``Talk`` records;
the store persists both and returns the ``*Hit`` records from queries.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)  # slots: a big corpus holds ~200,000 of these while it ingests
class Source:
    """Where a record starts: corpus file name and 1-based line."""

    file: str
    line: int

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line}


@dataclass(frozen=True, slots=True)
class KeyPoint:
    """A timestamped key point: ``• 7:46 Title: text``."""

    seconds: int
    label: str  # the stamp as written, e.g. "0:2:27"
    title: str
    text: str
    source: Source


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    """One glossary line; a head such as ``ICI / DCN`` gives several terms sharing it."""

    head: str  # the head as written, e.g. "VMEM (Vector Memory) vs. HBM (High Bandwidth Memory)"
    terms: tuple[str, ...]  # canonical spellings, first is the primary
    expansions: tuple[str, ...]  # e.g. ("Accelerated Linear Algebra",); may be empty
    variants: tuple[str, ...]  # other spellings/alternative names: DLPAC for DLPack, Trillium for Ironwood
    definition: str
    source: Source


@dataclass(frozen=True, slots=True)
class Highlight:
    """A discussion highlight (``Diskussions-Highlights``)."""

    title: str
    text: str
    source: Source


@dataclass(frozen=True, slots=True)
class Summary:
    """One summary as exported: paragraph, key points, glossary, highlights."""

    heading: str  # "Zusammenfassung", "Abstract", "Summary" or "" for a heading-less file
    text: str
    source: Source
    key_points: tuple[KeyPoint, ...] = ()
    glossary: tuple[GlossaryEntry, ...] = ()
    highlights: tuple[Highlight, ...] = ()


@dataclass(frozen=True, slots=True)
class Talk:
    """A talk: one or more summaries of the same video, grouped."""

    talk_id: str  # stable slug
    title: str
    speakers: tuple[str, ...]
    summaries: tuple[Summary, ...]
    tags: tuple[str, ...] = ()
    video_url: str | None = None

    @property
    def source(self) -> Source:
        return self.summaries[0].source


@dataclass(frozen=True, slots=True)
class TermHit:
    """A glossary term with every talk that defines it."""

    term: str
    expansion: str | None
    score: float
    match: str  # "exact", "alias", "expansion", "fuzzy"
    alias_note: str | None  # e.g. "Palace → Pallas"
    definitions: tuple["TermDefinition", ...] = ()  # in corpus order, at most MAX_DEFINITIONS
    talk_count: int = 0  # every talk that defines the term, also past the definitions carried


@dataclass(frozen=True, slots=True)
class TermDefinition:
    talk_id: str
    talk_title: str
    head: str
    definition: str
    source: Source


# Query results are frozen: the store caches them per corpus generation and hands the same objects
# to every caller that asks the same question.
@dataclass(frozen=True, slots=True)
class TalkHit:
    talk_id: str
    title: str
    speakers: tuple[str, ...]
    summary: str
    score: float
    source: Source
    matched: tuple[str, ...] = ()  # e.g. ("Pallas ← palace",)


@dataclass(frozen=True, slots=True)
class PointHit:
    talk_id: str
    talk_title: str
    seconds: int
    label: str
    title: str
    text: str
    score: float
    source: Source
    video_url: str | None = None
    matched: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DefineResult:
    """Answer to ``define``: hits best first, or suggestions when nothing matched."""

    query: str
    hits: tuple[TermHit, ...] = ()
    suggestions: tuple[str, ...] = ()
