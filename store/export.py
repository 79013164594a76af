"""``talkbot export-edits DIR``: the team's live edits as the data files ``talkbot ingest`` reads.

- ``aliases.toml``: the corpus's aliases plus the team's (a slip added to its name's list, or a new name);
- ``talks.toml``: the corpus's talk settings plus every talk's video link as the database has it;
- ``team_edits.toml`` (store/edits_file.py): the team's definitions and key-point corrections, with who made
  them and when.

Copied next to the summaries (or written there), a fresh database ingested from them answers as the edited
one does: ingest names talks with the aliases as an alias edit renamed them, applies the links, and reads
the definitions. The corpus files are edited in place where that is plain (a list or a table gains a line,
comments and order kept), and written anew when it is not; either way the result is checked by parsing it.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .connection import connect_sync
from .edits import CORRECT, DEFINE, EDIT_COLUMNS, edit_of, live_aliases, live_sql, team_definition_of
from .edits_file import EDITS_FILE, FiledCorrection, FiledDefinition, edits_file_text
from .grouping import OVERRIDES_FILE
from .lexicon import ALIASES_FILE, data_file, phrase_key
from .toml_file import toml_key, toml_string


@dataclass
class ExportReport:
    """What ``export_edits`` wrote."""

    directory: Path
    files: list[str] = field(default_factory=list)
    aliases: int = 0  # the team's
    video_links: int = 0  # every talk's link, the team's and talks.toml's
    definitions: int = 0
    corrections: int = 0


def export_edits(db_path: Path, corpus_dir: Path | None, out_dir: Path) -> ExportReport:
    """Write the three files into ``out_dir`` (created if missing) from one snapshot of the database."""
    conn = connect_sync(db_path)
    try:
        conn.execute("BEGIN")
        aliases = live_aliases(conn)
        links = [(str(talk_id), written_id, str(url)) for talk_id, written_id, url in conn.execute(
            "SELECT talk_id, written_id, video_url FROM talks WHERE video_url IS NOT NULL ORDER BY position")]
        edited = {edit.target: edit for edit in map(edit_of, conn.execute(live_sql(EDIT_COLUMNS), (DEFINE,)))}
        filed = {row[0]: FiledDefinition(*row[1:]) for row in conn.execute(
            "SELECT term_key, term, text, see, user_id, created_at FROM filed_definitions")}
        corrections = {target: (after, user_id, created_at) for target, after, user_id, created_at in conn.execute(
            "SELECT target, after, user_id, created_at FROM filed_corrections")}
        corrections.update((edit.target, (edit.after, edit.user_id, edit.created_at))
                           for edit in map(edit_of, conn.execute(live_sql(EDIT_COLUMNS), (CORRECT,))))
        conn.execute("COMMIT")
    finally:
        conn.close()
    definitions = [definition for key, definition in filed.items() if key not in edited]
    for edit in edited.values():
        if (team := team_definition_of(edit)) is not None:  # a forget leaves none
            definitions.append(FiledDefinition(team.term, team.text, team.see, team.user_id, team.created_at))
    fixes = [fix for after, user_id, created_at in corrections.values()
             if after is not None and (fix := _correction(after, user_id, created_at)) is not None]
    out_dir.mkdir(parents=True, exist_ok=True)
    report = ExportReport(out_dir, aliases=len(aliases), video_links=len(links), definitions=len(definitions),
                          corrections=len(fixes))
    aliases_source = data_file(corpus_dir, ALIASES_FILE)
    talks_source = corpus_dir / OVERRIDES_FILE if corpus_dir and (corpus_dir / OVERRIDES_FILE).is_file() else None
    for name, text in ((ALIASES_FILE, aliases_text(_read(aliases_source), aliases)),
                       (OVERRIDES_FILE, talks_text(_read(talks_source), links)),
                       (EDITS_FILE, edits_file_text(sorted(definitions, key=lambda d: d.created_at),
                                                    sorted(fixes, key=lambda c: (c.talk, c.at))))):
        _write(out_dir / name, text)
        report.files.append(name)
    return report


def _correction(after: str, user_id: str, created_at: float) -> FiledCorrection | None:
    """A live correction's state as the file holds it; None when it shows the point as the corpus does."""
    state = json.loads(after)
    fix = FiledCorrection(str(state["talk"]), int(state["at"]), state.get("seconds"), state.get("text"),
                          state.get("flag"), bool(state.get("hidden")), user_id, created_at)
    return fix if (fix.seconds, fix.text, fix.flag, fix.hidden) != (None, None, None, False) else None


def aliases_text(original: str | None, team: list[tuple[str, str]]) -> str:
    """aliases.toml: ``original``'s aliases plus ``team`` (variant, canonical)."""
    data = tomllib.loads(original) if original else {}
    table: dict[str, Any] = data.get("aliases", {}) if isinstance(data.get("aliases", {}), dict) else {}
    merged = {name: [slips] if isinstance(slips, str) else list(slips) for name, slips in table.items()}
    names = {phrase_key(name): name for name in merged}
    for variant, canonical in team:
        name = names.setdefault(phrase_key(canonical), canonical)
        slips = merged.setdefault(name, [])
        if variant not in slips:
            slips.append(variant)
    changed = {name: slips for name, slips in merged.items()
               if name not in table or slips != ([table[name]] if isinstance(table[name], str) else table[name])}
    if not changed:
        return original or _aliases_file(merged)

    def entry(name: str) -> str:
        return f"{toml_key(name)} = [{', '.join(toml_string(slip) for slip in merged[name])}]"

    return _edited(original, "aliases", {name: entry(name) for name in changed},
                   lambda text: tomllib.loads(text).get("aliases") == merged, lambda: _aliases_file(merged),
                   "# The team's aliases from Slack (talkbot export-edits).")


def talks_text(original: str | None, links: list[tuple[str, str | None, str]]) -> str:
    """talks.toml: ``original``'s settings with every talk's video link (talk id, written id, url) set."""
    data = tomllib.loads(original) if original else {}
    talks: dict[str, Any] = data.get("talks", {}) if isinstance(data.get("talks", {}), dict) else {}
    merged = {talk_id: dict(entry) for talk_id, entry in talks.items() if isinstance(entry, dict)}
    lines: dict[str, str] = {}
    for talk_id, written_id, url in links:
        key = talk_id if talk_id in merged or written_id not in merged else str(written_id)
        if merged.get(key, {}).get("video_url") != url:
            merged.setdefault(key, {})["video_url"] = url
            lines[key] = f"video_url = {toml_string(url)}"
    if not lines:
        return original or _talks_file(merged)
    return _edited(original, "talks", lines, lambda text: _tables(tomllib.loads(text).get("talks")) == merged,
                   lambda: _talks_file(merged), None)


def _edited(original: str | None, table: str, lines: dict[str, str], same: Callable[[str], bool],
            anew: Callable[[], str], comment: str | None) -> str:
    """``original`` with ``lines`` put in place (a key's line replaced, a table's line added after its header, a
    new key or table at the end) when the parsed result is what it should be; else the file written anew."""
    if original is None:
        return anew()
    text = original if original.endswith("\n") else original + "\n"
    appended: list[str] = []
    for key, line in lines.items():
        if table == "aliases":
            pattern = re.compile(rf"^[ \t]*(?:{re.escape(key)}|\"{re.escape(key)}\")[ \t]*=[^\n]*$", re.M)
            text, count = pattern.subn(_literal(line), text, count=1)
            if not count:
                appended.append(line)
            continue
        header = re.compile(rf"^[ \t]*\[[ \t]*talks[ \t]*\.[ \t]*(?:\"{re.escape(key)}\"|'{re.escape(key)}'|"
                            rf"{re.escape(key)})[ \t]*\][^\n]*\n", re.M)
        found = header.search(text)
        if found is None:
            appended += ["", f"[talks.{toml_string(key)}]", line]
            continue
        end = re.compile(r"^[ \t]*\[", re.M).search(text, found.end())
        body = text[found.end(): end.start() if end else len(text)]
        body, count = re.subn(r"^[ \t]*video_url[ \t]*=[^\n]*$", _literal(line), body, count=1, flags=re.M)
        if not count:
            body = line + "\n" + body
        text = text[: found.end()] + body + text[end.start() if end else len(text):]
    if appended:
        headers = re.findall(r"^[ \t]*\[([^\[\]\n]+)\]", text, re.M)
        if table == "aliases" and (not headers or headers[-1].strip() != "aliases"):
            return anew()  # new keys would land in another table
        text += ("\n" + comment + "\n" if comment else "") + "\n".join(appended) + "\n"
    try:
        return text if same(text) else anew()
    except tomllib.TOMLDecodeError:
        return anew()


def _literal(text: str) -> Callable[[re.Match[str]], str]:
    """A replacement that is ``text`` as it is (a template would read its backslashes)."""
    return lambda _: text


def _tables(value: Any) -> dict[str, dict[str, Any]] | None:
    return {key: dict(entry) for key, entry in value.items()} if isinstance(value, dict) else None


def _aliases_file(merged: dict[str, list[str]]) -> str:
    lines = ["# Transcription slips mapped to their names (written by talkbot export-edits).", "[aliases]"]
    lines += [f"{toml_key(name)} = [{', '.join(map(toml_string, slips))}]" for name, slips in merged.items()]
    return "\n".join(lines) + "\n"


def _talks_file(merged: dict[str, dict[str, Any]]) -> str:
    lines = ["# Per-talk settings keyed by talk id (written by talkbot export-edits)."]
    for talk_id, entry in merged.items():
        lines += ["", f"[talks.{toml_string(talk_id)}]"]
        for key, value in entry.items():
            shown = (f"[{', '.join(toml_string(str(item)) for item in value)}]" if isinstance(value, list)
                     else toml_string(str(value)))
            lines.append(f"{key} = {shown}")
    return "\n".join(lines) + "\n"


def _read(path: Path | None) -> str | None:
    return path.read_text(encoding="utf-8-sig") if path is not None else None


def _write(path: Path, text: str) -> None:
    """Replace ``path`` at once (a reader never sees half a file)."""
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)
