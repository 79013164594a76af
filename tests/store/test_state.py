"""BotState: the schema migration that adds the workspace, and the workspace recorded with each piece of state."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from store.schema import CORPUS_TABLES, MIGRATIONS, SCHEMA_VERSION, _statements
from store.state import BotState, Subscription, Workspace
from tests.conftest import RunningBot
from tests.fakes.slack_requests import DEFAULT_USER, app_mention, slash_command

TEAM, ENTERPRISE = "T0WORKSP1", "E0ORGGRID"


def test_a_version_4_database_gains_the_workspace_columns_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "v4.db"
    with sqlite3.connect(path) as conn:
        for script in MIGRATIONS[:4]:
            for statement in _statements(script):
                conn.execute(statement)
        conn.execute("PRAGMA user_version = 4")
        conn.execute("INSERT INTO subscriptions (channel, weekday, minute_of_day, timezone, active_since, updated_at)"
                     " VALUES ('COLD', 2, 600, 'UTC', 0, 0)")
    conn.close()

    async def read() -> Subscription | None:
        async with await BotState.open(path) as state:
            return await state.get_subscription("COLD")

    old = asyncio.run(read())
    assert old is not None and (old.weekday, old.minute_of_day) == (2, 600)
    assert old.workspace == Workspace("", None)  # not known for rows written before the workspace was
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        for table in ("seen_events", "digest_threads", "subscriptions", "digests"):
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
            assert columns[-2:] == ["team_id", "enterprise_id"], table
    conn.close()


def test_every_table_of_bot_state_records_the_workspace(tmp_path: Path) -> None:
    """New kinds of bot state keep the convention: a table that is neither corpus nor process
    coordination (leases) carries team_id and enterprise_id."""
    path = tmp_path / "fresh.db"

    async def migrate() -> None:
        async with await BotState.open(path):  # opening migrates
            pass

    asyncio.run(migrate())
    with sqlite3.connect(path) as conn:
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        not_bot_state = {*CORPUS_TABLES, "meta", "leases", "digest_messages"}  # a digest's messages: its digest's
        state_tables = [t for t in tables if t not in not_bot_state and not t.startswith("search_")]
        assert {"seen_events", "digest_threads", "subscriptions", "digests"} <= set(state_tables)
        for table in state_tables:
            columns = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            assert {"team_id", "enterprise_id"} <= columns, table
    conn.close()


def _rows(db: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        found = conn.execute(sql).fetchall()
    conn.close()
    return found


async def test_subscriptions_digests_threads_and_events_record_the_workspace_slack_sent(bot: RunningBot) -> None:
    db = bot.services.settings.db_path
    bot.fake.users[DEFAULT_USER] = {"is_admin": True}  # subscribing needs an editor: admins by default
    await bot.send(slash_command("/digest", "subscribe tue 10:00", channel_id="CWS", team_id=TEAM,
                                 enterprise_id=ENTERPRISE, response_url=bot.fake.response_url("sub")))
    await bot.fake.wait_for("response_url")
    subscription = await bot.services.state.get_subscription("CWS")
    assert subscription is not None and subscription.workspace == Workspace(TEAM, ENTERPRISE)

    await bot.send(slash_command("/digest", "kinetic", channel_id="CWS", team_id=TEAM, enterprise_id=ENTERPRISE,
                                 response_url=bot.fake.response_url("post")))
    await bot.fake.wait_for("chat.postMessage")
    for _ in range(200):  # the parent's ts is recorded just after Slack answered
        if _rows(db, "SELECT count(*) FROM digest_threads")[0][0]:
            break
        await asyncio.sleep(0.01)
    assert _rows(db, "SELECT kind, team_id, enterprise_id FROM digests") == [("manual", TEAM, ENTERPRISE)]
    assert _rows(db, "SELECT channel, team_id, enterprise_id FROM digest_threads") == [("CWS", TEAM, ENTERPRISE)]

    result = await bot.send(app_mention("what is PJRT?", team_id=TEAM, event_id="Ev0WORKSPACE"))
    assert result.status == 200
    await bot.services.state.sightings_written()  # the ack does not wait for the event id's INSERT
    assert _rows(db, "SELECT team_id, enterprise_id FROM seen_events WHERE event_id = 'Ev0WORKSPACE'") == [
        (TEAM, None)]  # a workspace outside Enterprise Grid has no enterprise_id


def test_event_ids_seen_at_once_are_each_first_exactly_once(tmp_path: Path) -> None:
    """A burst of deliveries (a re-delivery among them, and one already seen) is written together."""
    path = tmp_path / "state.db"

    async def burst() -> tuple[bool, list[bool], bool]:
        async with await BotState.open(path) as state:
            earlier = await state.first_sighting("EvEARLIER", Workspace(TEAM, None), now=1_000.0)
            # More than one statement holds; Ev0007 was written by the first, Ev0550 comes twice in the second.
            ids = [f"Ev{i:04d}" for i in range(600)] + ["Ev0007", "EvEARLIER", "Ev0550"]
            firsts = await asyncio.gather(*(state.first_sighting(i, Workspace(TEAM, None), now=1_001.0)
                                            for i in ids))
            return earlier, list(firsts), await state.first_sighting("Ev0599", now=1_002.0)

    earlier, firsts, again = asyncio.run(burst())
    assert earlier is True
    assert firsts[:600] == [True] * 600
    assert firsts[600:] == [False, False, False]  # re-deliveries, and EvEARLIER seen before
    assert again is False
    assert _rows(path, "SELECT COUNT(*), MIN(team_id) FROM seen_events") == [(601, TEAM)]


async def test_a_first_sighting_does_not_wait_for_the_connection_and_is_remembered_after_a_restart(
        tmp_path: Path) -> None:
    """An event's ack waits for first_sighting: it decides while a transaction holds the bot state's connection."""
    path = tmp_path / "state.db"
    async with await BotState.open(path) as state:
        assert await state.first_sighting("EvWRITTEN")
        await state.sightings_written()
        held = asyncio.Event()
        release = asyncio.Event()

        async def long_transaction() -> None:  # e.g. the recorder's batch of questions
            async with state._writing():
                held.set()
                await release.wait()

        writer = asyncio.create_task(long_transaction())
        await held.wait()
        firsts = await asyncio.wait_for(asyncio.gather(
            state.first_sighting("EvNEW"), state.first_sighting("EvNEW"), state.first_sighting("EvWRITTEN")), 1)
        assert firsts == [True, False, False]  # a re-delivery of an id still unwritten, and one read from the table
        assert _rows(path, "SELECT event_id FROM seen_events") == [("EvWRITTEN",)]  # EvNEW waits for the connection
        release.set()
        await writer
    assert _rows(path, "SELECT event_id FROM seen_events ORDER BY event_id") == [("EvNEW",), ("EvWRITTEN",)]
    async with await BotState.open(path) as state:  # a re-delivery after a restart
        assert not await state.first_sighting("EvNEW")
        assert await state.first_sighting("EvOTHER")


async def test_when_the_read_would_wait_the_insert_decides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "state.db"
    async with await BotState.open(path) as state:
        assert await state.first_sighting("EvSEEN")
        monkeypatch.setattr(state, "_remembered", lambda event_id: None)  # a checkpoint holds the lock
        assert await asyncio.gather(state.first_sighting("EvSEEN"), state.first_sighting("EvTHIS"),
                                    state.first_sighting("EvTHIS")) == [False, True, False]
        assert _rows(path, "SELECT COUNT(*) FROM seen_events") == [(2,)]  # EvTHIS was written before its answer



async def test_a_write_arriving_while_the_bots_own_write_runs_queues_behind_it_without_polling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The write-lock probe is for another connection (an ingest's copy). On a busy bot one write arrives while
    another of its own holds the lock all the time: that one must queue, not poll. A poll of a minute would hang."""
    from store import connection
    monkeypatch.setattr(connection, "WRITE_WAIT_POLL_SECONDS", 60.0)
    async with await BotState.open(tmp_path / "state.db") as state:
        async with state._writing():  # this connection's own write transaction, holding SQLite's write lock
            arriving = asyncio.ensure_future(state.save_subscription(
                Subscription(channel="CLATE", weekday=2, minute_of_day=600, timezone="UTC")))
            await asyncio.sleep(0)  # it starts (and, before, probed the lock) while the transaction is open
        await asyncio.wait_for(arriving, timeout=20)
        saved = await state.get_subscription("CLATE")
        assert saved is not None and saved.minute_of_day == 600
