"""Errors the store raises; each names where the problem is."""

from __future__ import annotations


class CorpusError(Exception):
    """A corpus file that cannot be read as summaries; names the file and line."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file = file
        self.line = line
        self.message = message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")

    def __reduce__(self) -> tuple[type[CorpusError], tuple[str, int | None, str]]:
        return CorpusError, (self.file, self.line, self.message)  # raised in an ingest worker, re-raised here


class SchemaVersionError(Exception):
    """A database written by a newer talkbot (a downgrade): this code cannot know its tables."""

    def __init__(self, path: str, database_version: int, code_version: int) -> None:
        self.path = path
        self.database_version = database_version
        self.code_version = code_version
        super().__init__(
            f"database {path or '(in memory)'} has schema version {database_version}, but this talkbot knows "
            f"schema versions up to {code_version}: it was written by a newer talkbot. Run that version again, "
            f"or restore a backup made before the upgrade (talkbot restore PATH); nothing was changed"
        )
