"""The one loader for the corpus's TOML data files (talks.toml, aliases.toml, lexicon.toml).

Every problem is a CorpusError naming the file and, where TOML says, the line.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import CorpusError


@dataclass(frozen=True)
class TomlFile:
    """A parsed TOML file and its text (to point messages at lines)."""

    name: str
    text: str
    data: dict[str, Any]

    def table_line(self, table: str, key: str) -> int | None:
        """Line of the ``[table."key"]`` header, so a message points at the right section."""
        pattern = re.compile(r"^[ \t]*\[\s*" + re.escape(table) + r"\s*\.\s*[\"']?" + re.escape(key) + r"[\"']?\s*\]",
                             re.M)
        match = pattern.search(self.text)
        return self.text.count("\n", 0, match.start()) + 1 if match else None


def read_toml(path: Path) -> TomlFile:
    """Parse ``path``; CorpusError (file and line) when it cannot be read or is not valid TOML."""
    name = Path(path).name
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
        return TomlFile(name, text, tomllib.loads(text))
    except UnicodeDecodeError as error:
        raise CorpusError(name, None, "not valid UTF-8") from error
    except OSError as error:
        raise CorpusError(name, None, f"cannot read file: {error.strerror or error}") from error
    except tomllib.TOMLDecodeError as error:
        # Python 3.14 has error.lineno; older versions only say "(at line N, column M)".
        found = re.search(r"at line (\d+)", str(error))
        line = getattr(error, "lineno", None) or (int(found.group(1)) if found else None)
        raise CorpusError(name, line, f"invalid TOML: {error}") from error


def toml_string(value: str) -> str:
    """``value`` as a TOML basic string (JSON's escapes are TOML's: \\", \\\\, \\n, \\uXXXX)."""
    return json.dumps(value, ensure_ascii=False)


def toml_key(key: str) -> str:
    """A key as written in a table header or assignment: bare when it can be, else quoted."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else toml_string(key)
