"""Backups of the database: a consistent copy while the bot serves, and putting one back while it is stopped.

``backup`` uses SQLite's online backup API in one step: it reads inside one read transaction, so
the copy is one committed state of the whole database (corpus and bot state), and in WAL mode the
serving process keeps writing meanwhile. The copy is written next to its target and renamed into
place, so a failed backup never leaves a half file under the backup's name.

``restore`` refuses while a bot serves the database (``serving_lock``, held by ``talkbot serve``),
and refuses a file that is not a talkbot database of a schema version this talkbot knows.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .connection import BUSY_TIMEOUT_MS
from .schema import SCHEMA_VERSION, checked_version

# Tables every talkbot database has had since schema version 1 (corpus and bot state).
REQUIRED_TABLES = frozenset({"meta", "talks", "summaries", "points", "glossary", "seen_events", "digest_threads"})


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why and what to do."""


@dataclass(frozen=True)
class BackupInfo:
    """What a backup file holds."""

    path: Path
    schema_version: int
    talks: int
    subscriptions: int
    digests: int
    bytes: int


def serving_lock_path(db_path: Path) -> Path:
    return Path(db_path).with_name(Path(db_path).name + ".serving")


@contextlib.contextmanager
def serving_lock(db_path: Path) -> Iterator[None]:
    """Held by a serving bot for as long as it runs (an advisory file lock the OS drops when the process dies)."""
    path = serving_lock_path(db_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_SH)  # shared: two bot processes may serve one database
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def is_served(db_path: Path) -> bool:
    """Whether a bot process holds ``serving_lock`` on ``db_path`` now."""
    path = serving_lock_path(db_path)
    if not path.exists():
        return False
    with open(path, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


def backup(db_path: Path, target: Path) -> BackupInfo:
    """Copy ``db_path`` to ``target`` (a single self-contained file) while it may be in use."""
    db_path, target = Path(db_path), Path(target)
    if not db_path.is_file():
        raise BackupError(f"no database at {db_path}")
    if target.resolve() == db_path.resolve():
        raise BackupError("the backup must go to another file than the database itself")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    partial.unlink(missing_ok=True)
    try:
        with contextlib.closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as source, \
                contextlib.closing(sqlite3.connect(partial)) as copy:
            source.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            checked_version(source)  # a newer talkbot's database is named as such, not as the copy
            source.backup(copy)  # one step: one read transaction, one consistent state
            copy.execute("PRAGMA journal_mode = DELETE")  # a single file, no -wal beside it
        info = inspect(partial)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return BackupInfo(target, info.schema_version, info.talks, info.subscriptions, info.digests, target.stat().st_size)


def inspect(path: Path) -> BackupInfo:
    """Check that ``path`` is an intact talkbot database of a known schema version; say what it holds."""
    path = Path(path)
    if not path.is_file():
        raise BackupError(f"no such file: {path}")
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            missing = REQUIRED_TABLES - tables
            if missing:
                raise BackupError(f"{path} is an SQLite database but not talkbot's (no table "
                                  f"{', '.join(sorted(missing))})")
            if version < 1:
                raise BackupError(f"{path} has talkbot's tables but no schema version")
            if version > SCHEMA_VERSION:
                raise BackupError(f"{path} has schema version {version}, newer than this talkbot knows "
                                  f"({SCHEMA_VERSION}); restore it with the talkbot version that wrote it")
            if (check := conn.execute("PRAGMA quick_check").fetchone()[0]) != "ok":
                raise BackupError(f"{path} is damaged: {check}")

            def count(table: str) -> int:
                return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]) if table in tables else 0

            return BackupInfo(path, version, count("talks"), count("subscriptions"), count("digests"),
                              path.stat().st_size)
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a talkbot database ({error})") from None


def restore(source: Path, db_path: Path) -> tuple[BackupInfo, Path | None]:
    """Put the backup ``source`` in place of ``db_path`` (the bot must be stopped).

    The current database, if any, is first saved beside it as ``<db>.before-restore-<time>``; that
    path is returned with what the restored file holds. A backup of an older schema version is
    migrated when the bot next starts.
    """
    source, db_path = Path(source), Path(db_path)
    inspect(source)  # refuses what is not a talkbot database before anything is touched
    if is_served(db_path):
        raise BackupError(f"a talkbot process is serving {db_path}; stop it first (restore only works on a "
                          "stopped bot), then run the restore again")
    saved = None
    if db_path.exists():
        saved = db_path.with_name(f"{db_path.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
        backup(db_path, saved)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as backup_conn, \
            contextlib.closing(sqlite3.connect(db_path)) as live:
        live.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        backup_conn.backup(live)  # page by page into the live file, WAL and all, under SQLite's locks
        live.execute("PRAGMA journal_mode = WAL")
    return inspect(db_path), saved
