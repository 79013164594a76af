"""Parse exported talk summaries (plain text) into ``Summary`` records.

A file holds one or more summaries. Each starts at a heading ("Zusammenfassung", "Abstract",
"Summary") or, in a file without headings, at its first paragraph, and may be followed by
key points, a glossary and discussion highlights, each under its own heading. Problems that
make the file unreadable raise ``CorpusError``; oddities that lose one line are warnings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CorpusError
from .glossary_heads import parse_head
from .merging import backward_steps, display_order
from .model import GlossaryEntry, Highlight, KeyPoint, Source, Summary
from .timestamps import STAMP_START_RE, split_stamp

SUMMARY, KEY_POINTS, GLOSSARY, HIGHLIGHTS, CHROME = "summary", "key points", "glossary", "highlights", "chrome"
SECTIONS = (KEY_POINTS, GLOSSARY, HIGHLIGHTS)

# Headings after normalising (case folded, "-" as space, no trailing colon or markdown).
HEADINGS = {
    "browse summaries": CHROME,
    "zusammenfassung": SUMMARY,
    "abstract": SUMMARY,
    "summary": SUMMARY,
    "wichtigste punkte & zeitstempel": KEY_POINTS,
    "wichtigste punkte und zeitstempel": KEY_POINTS,
    "wichtigste punkte": KEY_POINTS,
    "key points & timestamps": KEY_POINTS,
    "key points and timestamps": KEY_POINTS,
    "key points": KEY_POINTS,
    "glossar": GLOSSARY,
    "glossary": GLOSSARY,
    "diskussions highlights": HIGHLIGHTS,
    "diskussionshighlights": HIGHLIGHTS,
    "discussion highlights": HIGHLIGHTS,
}
# A "Title: text" split only counts if the title is this short; a longer prefix is prose with a colon.
MAX_TITLE_CHARS = 100
_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
# "-" and "*" need a space after them so "-1" or "*args" are not read as bullets.
_BULLET_RE = re.compile(r"(?:[•·▪‣◦●]\s*|[-*–]\s+)")
# Control characters other than tab, newlines and form feeds never occur in text exports.
_CONTROL_RE = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_SENTENCE_END = ".!?)]\"'”“»…"


@dataclass
class _Draft:
    """A summary being read; turned into a frozen ``Summary`` when the next one starts."""

    heading: str
    line: int
    paragraphs: list[list[str]] = field(default_factory=list)
    key_points: list[KeyPoint] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    highlights: list[Highlight] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)


class _Reader:
    """Line-by-line state machine over one file's text."""

    def __init__(self, name: str, lines: list[str]) -> None:
        self.name = name
        self.lines = lines
        self.last_line = max((n for n, line in enumerate(lines, 1) if line.strip()), default=0)
        self.summaries: list[Summary] = []
        self.warnings: list[str] = []
        self.draft: _Draft | None = None
        self.section: str | None = None  # None while reading the summary paragraph(s)
        self.section_line = 0
        self.section_count = 0

    def error(self, line: int | None, message: str) -> CorpusError:
        return CorpusError(self.name, line, message)

    def warn(self, line: int, message: str) -> None:
        self.warnings.append(f"{self.name}:{line}: {message}")

    def run(self) -> list[Summary]:
        for number, raw in enumerate(self.lines, 1):
            self.feed(number, raw.strip())
        self.finish_summary()
        if not self.summaries:
            raise self.error(None, "no recognisable section (expected a heading such as 'Zusammenfassung')")
        last = self.lines[self.last_line - 1].strip()
        if last and last[-1] not in _SENTENCE_END:
            self.warn(self.last_line, "last line does not end a sentence; the file may be cut off")
        return self.summaries

    def feed(self, number: int, line: str) -> None:
        if not line:
            if self.draft and self.section is None and self.draft.paragraphs and self.draft.paragraphs[-1]:
                self.draft.paragraphs.append([])
            return
        kind, heading = heading_kind(line)
        if kind == CHROME:
            return
        if kind == SUMMARY:
            if self.draft and not self.draft.heading and not self.draft.seen:
                # Prose before the first heading is page chrome we do not know, not a summary.
                self.warn(self.draft.line, "text before the first summary heading; skipped")
                self.draft = None
            self.finish_summary()
            self.draft = _Draft(heading=heading, line=number)
            self.section = None
        elif kind in SECTIONS:
            self.start_section(number, kind, heading)
        elif self.draft is None:
            # A file without a summary heading starts with its summary paragraph (the 004 export).
            self.draft = _Draft(heading="", line=number, paragraphs=[[line]])
        elif self.section is None:
            if not self.draft.paragraphs:
                self.draft.paragraphs.append([])
            self.draft.paragraphs[-1].append(line)
        elif self.section == KEY_POINTS:
            self.read_key_point(number, line)
        elif self.section == GLOSSARY:
            self.read_glossary_line(number, line)
        else:
            self.read_highlight(number, line)

    def start_section(self, number: int, kind: str, heading: str) -> None:
        if self.draft is None:
            raise self.error(number, f"'{heading}' before any summary text")
        self.close_section()
        if kind in self.draft.seen:
            self.warn(number, f"second '{heading}' section in one summary; entries are appended")
        self.draft.seen.add(kind)
        self.section, self.section_line, self.section_count = kind, number, 0

    def close_section(self) -> None:
        """Check the part just read is complete: summary text, or at least one section entry."""
        assert self.draft is not None
        if self.section is None:
            if not _paragraph_text(self.draft.paragraphs):
                raise self.error(self.draft.line, f"'{self.draft.heading}' heading has no summary text")
        elif self.section_count == 0:
            raise self.error(self.section_line, f"{self.section} heading has no entries (truncated?)")

    def finish_summary(self) -> None:
        draft = self.draft
        if draft is None:
            return
        self.close_section()
        if not draft.heading and not draft.seen:
            # Without a heading, only a following section shows that this prose is a summary.
            raise self.error(draft.line, "no recognisable section (no summary heading, key points or glossary)")
        self.check_stamp_order(draft.key_points)
        self.summaries.append(
            Summary(
                heading=draft.heading,
                text=_paragraph_text(draft.paragraphs),
                source=Source(self.name, draft.line),
                key_points=tuple(draft.key_points),
                glossary=tuple(draft.glossary),
                highlights=tuple(draft.highlights),
            )
        )
        self.draft = None
        self.section = None

    def check_stamp_order(self, points: list[KeyPoint]) -> None:
        """Warn at each key point stamped before the one above it, saying in which order it will be shown."""
        steps = backward_steps(points)
        if not steps:
            return
        shown = "in stamp order" if display_order(points) != tuple(points) else "in the order written"
        for before, point in steps:
            self.warn(point.source.line, f"key point {point.label} is stamped before the one above it "
                                         f"({before.label}); timestamps go backwards, shown {shown}")

    def read_key_point(self, number: int, line: str) -> None:
        assert self.draft is not None  # sections are read inside a summary
        body = strip_bullet(line)
        split = split_stamp(body)
        if split is None:
            start = STAMP_START_RE.match(body)
            if start:
                raise self.error(number, f"malformed or truncated timestamp '{body.split()[0]}'")
            self.warn(number, "line in key points has no timestamp; skipped")
            return
        label, seconds, rest = split
        if not rest:
            raise self.error(number, f"key point {label} has no text (truncated?)")
        title, text = split_title(rest)
        if not text and number == self.last_line:
            raise self.error(number, f"key point {label} ends after its title (truncated?)")
        self.draft.key_points.append(KeyPoint(seconds, label, title, text, Source(self.name, number)))
        self.section_count += 1

    def read_glossary_line(self, number: int, line: str) -> None:
        assert self.draft is not None  # sections are read inside a summary
        body = strip_bullet(line)
        head, sep, definition = body.partition(": ")
        head, definition = head.strip(), definition.strip()
        if not sep or not head or not definition:
            if number == self.last_line:
                raise self.error(number, f"glossary line '{_clip(body)}' has no ': definition' (truncated?)")
            self.warn(number, f"glossary line '{_clip(body)}' has no ': definition'; skipped")
            return
        terms, expansions, variants = parse_head(head)
        self.draft.glossary.append(
            GlossaryEntry(head, terms, expansions, variants, definition, Source(self.name, number))
        )
        self.section_count += 1

    def read_highlight(self, number: int, line: str) -> None:
        assert self.draft is not None  # sections are read inside a summary
        title, text = split_title(strip_bullet(line))
        self.draft.highlights.append(Highlight(title, text or title, Source(self.name, number)))
        self.section_count += 1


def heading_kind(line: str) -> tuple[str | None, str]:
    """The kind of heading a line is (SUMMARY, KEY_POINTS, ...) or None, and its text as written."""
    if len(line) > 60:
        return None, line
    text = line.strip().lstrip("#").strip().strip("*_").strip().rstrip(":").strip()
    key = " ".join(text.casefold().replace("-", " ").split())
    return HEADINGS.get(key), text


def strip_bullet(line: str) -> str:
    """The line without a leading "•", "-" or "*" bullet."""
    match = _BULLET_RE.match(line)
    return line[match.end() :].strip() if match else line.strip()


def split_title(text: str) -> tuple[str, str]:
    """Split "Title: text" at the first ": "; no short title gives ("", text)."""
    title, sep, rest = text.partition(": ")
    if sep and title.strip() and len(title) <= MAX_TITLE_CHARS:
        return title.strip(), rest.strip()
    if text.endswith(":") and len(text) <= MAX_TITLE_CHARS + 1:
        return text[:-1].strip(), ""
    return "", text.strip()


def parse_text_with_warnings(text: str, filename: str) -> tuple[list[Summary], list[str]]:
    """Summaries in text plus warnings ("file:line: message") for lines that were skipped."""
    name = file_name(filename)
    text = text.removeprefix("\ufeff")
    lines = _LINE_BREAK_RE.split(text)
    for number, line in enumerate(lines, 1):
        bad = _CONTROL_RE.search(line)
        if bad:
            raise CorpusError(name, number, f"binary content (control character U+{ord(bad.group()):04X})")
    if not any(line.strip() for line in lines):
        raise CorpusError(name, None, "empty file")
    reader = _Reader(name, lines)
    return reader.run(), reader.warnings


def parse_text(text: str, filename: str) -> list[Summary]:
    """Summaries in text; raises CorpusError naming filename and line if it cannot be read."""
    return parse_text_with_warnings(text, filename)[0]


def parse_file_with_warnings(path: Path) -> tuple[list[Summary], list[str]]:
    """Summaries in a UTF-8 file (BOM allowed) plus warnings; CorpusError for unreadable files."""
    path = Path(path)
    return parse_text_with_warnings(read_text(path), path.name)


def parse_file(path: Path) -> list[Summary]:
    """Summaries in a UTF-8 file (BOM allowed); CorpusError for binary or mis-encoded files."""
    return parse_file_with_warnings(path)[0]


def read_text(path: Path) -> str:
    """Decode a corpus file as UTF-8, naming the line of the first bad byte if that fails."""
    name = path.name
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorpusError(name, None, f"cannot read file: {exc.strerror or exc}") from exc
    return decode_export(data, name)


def decode_export(data: bytes, name: str) -> str:
    """An export's bytes as text (UTF-8, BOM allowed); CorpusError naming the line of the first bad byte."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CorpusError(name, 1, "file is UTF-16 encoded; save it as UTF-8")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise CorpusError(name, data.count(b"\n", 0, nul) + 1, "binary content (NUL byte); not a text export")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise CorpusError(
            name, line, f"not valid UTF-8 (byte 0x{data[exc.start]:02x}); is it Latin-1? Save it as UTF-8"
        ) from exc


def file_name(filename: str) -> str:
    """The file name without directories, for Source records."""
    return re.split(r"[\\/]", filename)[-1] or filename or "<text>"


def _paragraph_text(paragraphs: list[list[str]]) -> str:
    # Lines of one paragraph are a wrapped sentence; blank lines separate real paragraphs.
    return "\n\n".join(" ".join(lines) for lines in paragraphs if lines)


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
