"""``team_edits.toml``: the team's edits that no other corpus data file holds, as ``talkbot export-edits``
writes them (store/export.py) and ``talkbot ingest`` reads them, next to the summaries.

One array of tables per kind of edit::

    [[definitions]]                 # /define TERM = text, or = see OTHER
    term = "XLA"
    text = "Our notes on XLA"       # or: see = "OTHER"
    added_by = "U0123ABCD"
    added_at = 2026-11-30T18:00:00Z

Key-point corrections are meant to be one more array here, ``[[corrections]]`` (the talk id and the point's
stamp, the corrected text or stamp, who, when), read by its own reader; a kind this talkbot does not read is
named in a warning and the rest is read. Aliases and video links go to the files that already hold them
(aliases.toml, talks.toml).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .edits import MAX_DEFINITION, MAX_TERM
from .errors import CorpusError
from .text import term_key
from .toml_file import read_toml, toml_string

EDITS_FILE = "team_edits.toml"
KINDS = ("definitions",)


@dataclass(frozen=True, slots=True)
class FiledDefinition:
    """A team definition as team_edits.toml holds it."""

    term: str
    text: str | None
    see: str | None
    user_id: str
    created_at: float


def load_edits_file(corpus_dir: Path | None) -> tuple[list[FiledDefinition], list[str]]:
    """The definitions of corpus_dir/team_edits.toml and warnings; ([], []) without the file. A malformed
    file raises CorpusError (ingest then changes nothing)."""
    path = corpus_dir / EDITS_FILE if corpus_dir else None
    if path is None or not path.is_file():
        return [], []
    data = read_toml(path).data
    warnings = [f"{EDITS_FILE}: '{kind}' is not read by this talkbot; ignored" for kind in data if kind not in KINDS]
    entries = data.get("definitions", [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise CorpusError(EDITS_FILE, None, "'definitions' must be an array of tables ([[definitions]])")
    found: dict[str, FiledDefinition] = {}
    for number, entry in enumerate(entries, 1):
        definition = _definition(number, entry)
        key = term_key(definition.term)
        if key in found:
            warnings.append(f"{EDITS_FILE}: definition {number} ('{definition.term}') repeats a term; the last wins")
        found[key] = definition
    return list(found.values()), warnings


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
    if added_at is not None and not isinstance(added_at, datetime):
        raise problem(f"'{term}': 'added_at' must be a date and time (2026-11-30T18:00:00Z)")
    when = 0.0 if added_at is None else (added_at if added_at.tzinfo else added_at.replace(tzinfo=timezone.utc))
    return FiledDefinition(term, text, see, added_by, when if isinstance(when, float) else when.timestamp())


def edits_file_text(definitions: Iterable[FiledDefinition]) -> str:
    """team_edits.toml holding ``definitions``."""
    lines = ["# The team's edits from Slack, written by `talkbot export-edits`; `talkbot ingest` reads them.",
             "# Aliases are in aliases.toml, video links in talks.toml."]
    for definition in definitions:
        when = datetime.fromtimestamp(definition.created_at, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines += ["", "[[definitions]]", f"term = {toml_string(definition.term)}"]
        if definition.see is not None:
            lines.append(f"see = {toml_string(definition.see)}")
        else:
            lines.append(f"text = {toml_string(definition.text or '')}")
        lines += [f"added_by = {toml_string(definition.user_id)}", f"added_at = {when}"]
    return "\n".join(lines) + "\n"
