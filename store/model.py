"""Plain data records for the parsed corpus and query results.

The parser produces ``Summary`` records; grouping turns them into ``Talk`` records;
the store persists both and returns the ``*Hit`` records from queries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)  # slots: a big corpus holds ~200,000 of these while it ingests
class Source:
    """Where a record starts: corpus file name and 1-based line."""

    file: str
    line: int

    def as_dict(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line}


def shown_stamp(seconds: int) -> str:
    """A stamp as shown: "9:54" for the export's "0:9:54", hours only when there are any ("1:02:03")."""
    hours, rest = divmod(max(seconds, 0), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


OPENING_SECONDS = 10  # an introduction opens its talk
_INTRODUCES_RE = re.compile(r"^(?:Einf[üu]hrung|Vorstellung)\b|\bEinf[üu]hrung\b")


def introduces_its_talk(seconds: int, title: str, text: str) -> bool:
    """Whether a key point is its talk's introduction: the opening point ("0:00 Einführung in Jaxator: Vorstellung …"),
    which says what the talk's subject is, who presents it and what it is built on."""
    return 0 <= seconds <= OPENING_SECONDS and bool(_INTRODUCES_RE.search(title) or _INTRODUCES_RE.match(text))


def heads_its_talk(seconds: int, title: str, text: str) -> bool:
    """Whether a key point opens its talk at 0:00 without introducing it ("0:00 MaxText-Architektur: …"): its heading
    names the talk, as an introduction does."""
    return seconds == 0 and not introduces_its_talk(seconds, title, text)


# What someone can say about a key point (its overflow menu): the stamp is wrong, it is inaccurate, a fixed text.
WRONG_STAMP, INACCURATE, FIX = "stamp", "inaccurate", "fix"
CORRECTION_KINDS = (WRONG_STAMP, INACCURATE, FIX)


@dataclass(frozen=True, slots=True)
class PointCorrection:
    """A team correction of one key point as it applies now (store/edits.py): the talk id plus ``at`` is the
    point's stable key; ``seconds``/``text`` replace the corpus's when set; ``hidden`` keeps it out of answers."""

    at: int  # the point's stamp in the corpus, in seconds
    user_id: str  # who made the correction that applies
    edit_id: int
    seconds: int | None = None
    text: str | None = None
    flag: str | None = None  # marked inaccurate: what is wrong
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class KeyPoint:
    """A timestamped key point: ``• 7:46 Title: text``."""

    seconds: int
    label: str  # the stamp as written, e.g. "0:2:27"
    title: str
    text: str
    source: Source
    correction: PointCorrection | None = None  # a team correction shown in place of the corpus's text or stamp

    @property
    def at(self) -> int:
        """The point's stamp in the corpus (seconds): with the talk id, the key its corrections are kept under."""
        return self.correction.at if self.correction is not None else self.seconds

    @property
    def stamp(self) -> str:
        """The stamp as shown ("2:27")."""
        return shown_stamp(self.seconds)


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
class Slip:
    """A transcription slip shown under its canonical name: ``written`` in the export, ``canonical`` on display."""

    written: str
    canonical: str

    def note(self) -> str:
        return f"{self.canonical} (transcribed as “{self.written}”)"


@dataclass(frozen=True, slots=True)
class Talk:
    """A talk: one or more summaries of the same video, grouped.

    ``key_points``, ``glossary`` and ``highlights`` are the one view every answer shows: all
    summaries merged, each moment and term once (store/merging.py). Left out, they are computed.
    """

    talk_id: str  # stable slug
    title: str
    speakers: tuple[str, ...]
    summaries: tuple[Summary, ...]
    tags: tuple[str, ...] = ()
    video_url: str | None = None
    key_points: tuple[KeyPoint, ...] = None  # type: ignore[assignment]  # None: merged from the summaries
    glossary: tuple[GlossaryEntry, ...] = None  # type: ignore[assignment]
    highlights: tuple[Highlight, ...] = None  # type: ignore[assignment]
    slips: tuple[Slip, ...] = ()  # transcription slips replaced in what this record shows

    def __post_init__(self) -> None:
        from .merging import merged_glossary, merged_highlights, merged_key_points  # merging reads these records

        if self.key_points is None:
            object.__setattr__(self, "key_points", merged_key_points(self.summaries))
        if self.glossary is None:
            object.__setattr__(self, "glossary", merged_glossary(self.summaries))
        if self.highlights is None:
            object.__setattr__(self, "highlights", merged_highlights(self.summaries))

    @property
    def source(self) -> Source:
        return self.summaries[0].source

    @property
    def summary_sources(self) -> tuple[Source, ...]:
        return tuple(summary.source for summary in self.summaries)


@dataclass(frozen=True, slots=True)
class TermHit:
    """A glossary term with every talk that defines it."""

    term: str
    expansion: str | None
    score: float
    match: str  # "exact", "alias", "expansion", "fuzzy"
    alias_note: str | None  # the user's spelling read as another name, e.g. "palas → Pallas"
    definitions: tuple["TermDefinition", ...] = ()  # in corpus order, at most MAX_DEFINITIONS
    talk_count: int = 0  # every talk that defines the term, also past the definitions carried
    slips: tuple[Slip, ...] = ()  # transcription slips replaced in the term and its definitions
    senses: tuple["TermSense", ...] = ()  # what the term means in which talks; one for most terms


@dataclass(frozen=True, slots=True)
class TermSense:
    """One meaning of a term: its name, the expansions that say which, and the talks that use it so."""

    name: str
    expansions: tuple[str, ...]
    definitions: tuple["TermDefinition", ...]

    @property
    def talk_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(d.talk_id for d in self.definitions))


@dataclass(frozen=True, slots=True)
class TermDefinition:
    talk_id: str
    talk_title: str
    head: str
    definition: str
    source: Source
    term: str = ""  # the term this entry defines, as written
    expansion: str | None = None  # its long form in this entry, if the head gives one


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
    matched: tuple[str, ...] = ()  # e.g. ("Holzschutz ← wood protection",)
    slips: tuple[Slip, ...] = ()


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
    slips: tuple[Slip, ...] = ()
    kind: str = "point"  # "point", "highlight": a discussion highlight, or "entry": a glossary entry (no stamp for
    # either; seconds is -1)
    correction: PointCorrection | None = None
    retold: bool = False  # the same moment as a point shown before it, told in its talk's other summary
    # the question's concepts (by index) its own heading or text holds: two points holding the same ones differ only
    # in where they hold them
    held: frozenset[int] = frozenset()

    @property
    def stamp(self) -> str:
        """The stamp as shown ("2:27"); "" for a discussion highlight, which has none."""
        return shown_stamp(self.seconds) if self.kind == "point" else ""


@dataclass(frozen=True, slots=True)
class DefineResult:
    """Answer to ``define``: hits best first, or suggestions when nothing matched."""

    query: str
    hits: tuple[TermHit, ...] = ()
    suggestions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamDefinition:
    """A term's live team definition: its text, or the term it points to (``see``), who added it and when."""

    term: str  # as the editor wrote it
    text: str | None
    see: str | None
    user_id: str
    created_at: float
    edit_id: int


@dataclass(frozen=True, slots=True)
class TeamAlias:
    """A live team alias: a transcription slip (``variant``) read as ``canonical``, who added it and when."""

    variant: str  # as the editor wrote it
    canonical: str
    user_id: str
    created_at: float
    edit_id: int
