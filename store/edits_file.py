"""``team_edits.toml``: the team's edits that no other corpus data file holds, as ``talkbot export-edits``
writes them (store/export.py) and ``talkbot ingest`` reads them, next to the summaries.

One array of tables per kind of edit::

    [[definitions]]                 # /define TERM = text, or = see OTHER
    term = "XLA"
    text = "Our notes on XLA"       # or: see = "OTHER"
    added_by = "U0123ABCD"
    added_at = 2026-11-30T18:00:00Z

    [[corrections]]                 # a key point's correction (the overflow menu on a key point)
    talk = "xla-crashkurs"          # the talk id
    at = 54                         # the point's stamp in the corpus, in seconds
    seconds = 70                    # optional: the corrected stamp
    text = "…"                      # optional: the corrected text
    flag = "…"                      # optional: marked inaccurate, what is wrong
    hidden = false                  # optional: hidden until fixed
    corrected_by = "U0123ABCD"
    corrected_at = 2026-11-30T18:00:00Z

Each kind is read by its own reader; a kind this talkbot does not read is named in a warning and the rest is
read. Aliases and video links go to the files that already hold them (aliases.toml, talks.toml).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .edits import MAX_CORRECTED_TEXT, MAX_DEFINITION, MAX_FLAG, MAX_STAMP_SECONDS, MAX_TERM, correction_value
from .errors import CorpusError
from .text import term_key
from .toml_file import read_toml, toml_string

EDITS_FILE = "team_edits.toml"
KINDS = ("definitions", "corrections")


@dataclass(frozen=True, slots=True)
class FiledDefinition:
    """A team definition as team_edits.toml holds it."""

    term: str
    text: str | None
    see: str | None
    user_id: str
    created_at: float


@dataclass(frozen=True, slots=True)
class FiledCorrection:
    """A key point's correction as team_edits.toml holds it: the talk id and the point's stamp in the corpus
    (``at``), and what the point shows instead (None/False: as in the corpus)."""

    talk: str
    at: int
    seconds: int | None
    text: str | None
    flag: str | None
    hidden: bool
    user_id: str
    created_at: float

    @property
    def value(self) -> str:
        """The correction's state as a team edit's ``after`` holds it."""
        return correction_value(self.talk, self.at, self.seconds, self.text, self.flag, self.hidden)


@dataclass
class EditsFile:
    """What team_edits.toml holds."""

    definitions: list[FiledDefinition]
    corrections: list[FiledCorrection]
    warnings: list[str]


def load_edits_file(corpus_dir: Path | None) -> EditsFile:
    """The definitions and corrections of corpus_dir/team_edits.toml, and warnings; all empty without the file.
    A malformed file raises CorpusError (ingest then changes nothing)."""
    path = corpus_dir / EDITS_FILE if corpus_dir else None
    if path is None or not path.is_file():
        return EditsFile([], [], [])
    data = read_toml(path).data
    warnings = [f"{EDITS_FILE}: '{kind}' is not read by this talkbot; ignored" for kind in data if kind not in KINDS]
    found: dict[str, FiledDefinition] = {}
    for number, entry in enumerate(_tables(data, "definitions"), 1):
        definition = _definition(number, entry)
        key = term_key(definition.term)
        if key in found:
            warnings.append(f"{EDITS_FILE}: definition {number} ('{definition.term}') repeats a term; the last wins")
        found[key] = definition
    corrections: dict[tuple[str, int], FiledCorrection] = {}
    for number, entry in enumerate(_tables(data, "corrections"), 1):
        correction = _correction(number, entry)
        if (correction.talk, correction.at) in corrections:
            warnings.append(f"{EDITS_FILE}: correction {number} repeats a key point of '{correction.talk}'; the last "
                            "wins")
        corrections[(correction.talk, correction.at)] = correction
    return EditsFile(list(found.values()), list(corrections.values()), warnings)


def _tables(data: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    entries = data.get(kind, [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise CorpusError(EDITS_FILE, None, f"'{kind}' must be an array of tables ([[{kind}]])")
    return entries


def _when(value: Any) -> float | None:
    """A TOML date and time as a timestamp (UTC when it names no offset); None when it is none."""
    if not isinstance(value, datetime):
        return None
    return (value if value.tzinfo else value.replace(tzinfo=timezone.utc)).timestamp()


def _correction(number: int, entry: dict[str, Any]) -> FiledCorrection:
    def problem(what: str) -> CorpusError:
        return CorpusError(EDITS_FILE, None, f"correction {number}: {what}")

    def stamp(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_STAMP_SECONDS

    talk, at, seconds = entry.get("talk"), entry.get("at"), entry.get("seconds")
    text, flag, hidden = entry.get("text"), entry.get("flag"), entry.get("hidden", False)
    if not isinstance(talk, str) or not talk.strip():
        raise problem("'talk' must be a talk id")
    if not isinstance(at, int) or not stamp(at) or (seconds is not None and not stamp(seconds)):
        raise problem(f"'at' and 'seconds' must be stamps in seconds, 0 to {MAX_STAMP_SECONDS}")
    for name, value, limit in (("text", text, MAX_CORRECTED_TEXT), ("flag", flag, MAX_FLAG)):
        if value is not None and (not isinstance(value, str) or not value.strip() or len(value) > limit):
            raise problem(f"'{name}' must be a non-empty string of up to {limit} characters")
    if not isinstance(hidden, bool):
        raise problem("'hidden' must be true or false")
    corrected_by, corrected_at = entry.get("corrected_by", ""), entry.get("corrected_at")
    if not isinstance(corrected_by, str):
        raise problem("'corrected_by' must be a Slack user id")
    if corrected_at is not None and _when(corrected_at) is None:
        raise problem("'corrected_at' must be a date and time (2026-11-30T18:00:00Z)")
    return FiledCorrection(talk, at, seconds, text, flag, hidden, corrected_by, _when(corrected_at) or 0.0)


def _definition(number: int, entry: dict[str, Any]) -> FiledDefinition:
    def problem(what: str) -> CorpusError:
        return CorpusError(EDITS_FILE, None, f"definition {number}: {what}")

    term, text, see = entry.get("term"), entry.get("text"), entry.get("see")
    if not isinstance(term, str) or not term_key(term) or len(term) > MAX_TERM:
        raise problem(f"'term' must be a term of letters or digits, up to {MAX_TERM} characters")
    if (text is None) == (see is None):
        raise problem(f"'{term}' needs either 'text' or 'see'")
    if text is not None and (not isinstance(text, str) or not text.strip() or len(text) > MAX_DEFINITION):
        raise problem(f"'{term}': 'text' must be a non-empty string of up to {MAX_DEFINITION} characters")
    if see is not None and (not isinstance(see, str) or not term_key(see) or term_key(see) == term_key(term)):
        raise problem(f"'{term}': 'see' must name another term")
    added_by, added_at = entry.get("added_by", ""), entry.get("added_at")
    if not isinstance(added_by, str):
        raise problem(f"'{term}': 'added_by' must be a Slack user id")
    if added_at is not None and _when(added_at) is None:
        raise problem(f"'{term}': 'added_at' must be a date and time (2026-11-30T18:00:00Z)")
    return FiledDefinition(term, text, see, added_by, _when(added_at) or 0.0)


def _stamp(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def edits_file_text(definitions: Iterable[FiledDefinition], corrections: Iterable[FiledCorrection]) -> str:
    """team_edits.toml holding ``definitions`` and ``corrections``."""
    lines = ["# The team's edits from Slack, written by `talkbot export-edits`; `talkbot ingest` reads them.",
             "# Aliases are in aliases.toml, video links in talks.toml."]
    for definition in definitions:
        when = _stamp(definition.created_at)
        lines += ["", "[[definitions]]", f"term = {toml_string(definition.term)}"]
        if definition.see is not None:
            lines.append(f"see = {toml_string(definition.see)}")
        else:
            lines.append(f"text = {toml_string(definition.text or '')}")
        lines += [f"added_by = {toml_string(definition.user_id)}", f"added_at = {when}"]
    for correction in corrections:
        lines += ["", "[[corrections]]", f"talk = {toml_string(correction.talk)}", f"at = {correction.at}"]
        if correction.seconds is not None:
            lines.append(f"seconds = {correction.seconds}")
        lines += [f"{name} = {toml_string(value)}" for name, value in (("text", correction.text),
                                                                      ("flag", correction.flag)) if value is not None]
        if correction.hidden:
            lines.append("hidden = true")
        lines += [f"corrected_by = {toml_string(correction.user_id)}",
                  f"corrected_at = {_stamp(correction.created_at)}"]
    return "\n".join(lines) + "\n"
