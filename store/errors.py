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
