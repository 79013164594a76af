"""Backups: a consistent copy while the bot writes, and a restore that checks what it puts back."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import pytest

from store.backup import BackupError, backup, inspect, restore, serving_lock
from store.schema import SCHEMA_VERSION
from store.state import BotState, Subscription
from tests.conftest import talkbot

SUBSCRIPTION = Subscription(channel="C0BACKUP1", weekday=0, minute_of_day=9 * 60, timezone="Europe/Berlin",
                            active_since=0.0, updated_at=0.0)


def count(db: Path, table: str) -> int:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


async def test_a_backup_taken_while_the_bot_writes_is_one_consistent_state(db_path: Path, tmp_path: Path) -> None:
    state = await BotState.open(db_path)
    await state.save_subscription(SUBSCRIPTION)
    written = 0
    stop = asyncio.Event()

    async def keep_writing() -> None:
        nonlocal written
        while not stop.is_set():
            assert await state.first_sighting(f"Ev{written:06d}")
            await state.sightings_written()  # the id's INSERT is committed (first_sighting does not wait for it)
            written += 1

    writer = asyncio.create_task(keep_writing())
    try:
        while written < 50:  # the writer is well under way
            await asyncio.sleep(0.01)
        copies = []
        for number in range(3):
            before = written
            info = await asyncio.to_thread(backup, db_path, tmp_path / "backups" / f"copy{number}.db")
            copies.append((info, before, written))
    finally:
        stop.set()
        await writer
        await state.close()
    assert any(after > before for _, before, after in copies)  # the bot did write while a copy was taken
    for info, before, after in copies:
        assert info.schema_version == SCHEMA_VERSION and info.talks > 0 and info.subscriptions == 1
        # A committed state from during the copy; the one write in flight may be committed before the
        # writer's loop counts it, so the copy can hold one more than `after`.
        assert before <= count(info.path, "seen_events") <= after + 1
        assert not info.path.with_name(info.path.name + "-wal").exists()  # one self-contained file
        with contextlib.closing(sqlite3.connect(info.path)) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            ids = [row[0] for row in conn.execute("SELECT event_id FROM seen_events ORDER BY event_id")]
        assert ids == [f"Ev{i:06d}" for i in range(len(ids))]  # no hole: writes are whole or absent
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == ["copy0.db", "copy1.db", "copy2.db"]


async def test_restore_puts_the_bot_state_back_and_keeps_what_it_replaced(db_path: Path, tmp_path: Path) -> None:
    async with await BotState.open(db_path) as state:
        await state.save_subscription(SUBSCRIPTION)
        await state.first_sighting("EvBefore")
    saved_copy = backup(db_path, tmp_path / "talkbot-backup.db").path
    async with await BotState.open(db_path) as state:
        assert await state.delete_subscription(SUBSCRIPTION.channel)
        await state.first_sighting("EvAfter")

    info, replaced = restore(saved_copy, db_path)
    assert info.subscriptions == 1 and info.schema_version == SCHEMA_VERSION
    async with await BotState.open(db_path) as state:
        assert await state.get_subscription(SUBSCRIPTION.channel) == SUBSCRIPTION
        assert not await state.first_sighting("EvBefore")  # remembered: it is in the backup
        assert await state.first_sighting("EvAfter")  # not in the backup
    assert replaced is not None and inspect(replaced).subscriptions == 0  # what the restore replaced


def test_restore_refuses_while_a_bot_serves_the_database(db_path: Path, tmp_path: Path) -> None:
    copy = backup(db_path, tmp_path / "copy.db").path
    with serving_lock(db_path):
        with pytest.raises(BackupError, match="stop it first"):
            restore(copy, db_path)
    restore(copy, db_path)  # stopped: fine


def test_restore_refuses_files_that_are_not_a_known_talkbot_database(db_path: Path, tmp_path: Path) -> None:
    text = tmp_path / "notes.db"
    text.write_text("not a database at all " * 100)
    other = tmp_path / "other.db"
    with contextlib.closing(sqlite3.connect(other)) as conn:
        conn.execute("CREATE TABLE things (x)")
    newer = backup(db_path, tmp_path / "newer.db").path
    with contextlib.closing(sqlite3.connect(newer)) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = db_path.read_bytes()
    for path, reason in ((text, "not a talkbot database"), (other, "not talkbot's"), (newer, "newer than this talkbot"),
                         (tmp_path / "missing.db", "no such file")):
        with pytest.raises(BackupError, match=reason):
            restore(path, db_path)
    assert db_path.read_bytes() == before  # nothing changed


def test_backup_and_restore_commands(tmp_path: Path) -> None:
    assert talkbot(["ingest"], tmp_path).returncode == 0
    result = talkbot(["backup", str(tmp_path / "b" / "talkbot.db")], tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"schema version {SCHEMA_VERSION}" in result.stdout and "subscriptions" in result.stdout
    result = talkbot(["restore", str(tmp_path / "b" / "talkbot.db")], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "restored" in result.stdout and "saved the database it replaced as" in result.stdout
    result = talkbot(["restore", str(tmp_path / "nothing.db")], tmp_path)
    assert result.returncode == 2 and result.stderr.startswith("error: no such file")
    assert "Traceback" not in result.stderr
