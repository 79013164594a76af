"""A full rebuild while the bot serves (issue 17 item 4): the bot's own writes go on meanwhile.

The bot keeps its state (event ids, question records, the digest ledger) in the database the corpus is
rebuilt in, and waits at most store/connection.py's busy timeout (5 s) for the write lock. A rebuild
(talks.toml, the word data or the ingest format changed) used to hold that lock while it read every file:
20 s at 10,000 summaries (BENCHMARKS.md §8). Here the rebuild is held half-way through reading the
corpus, deterministically, while requests arrive.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from bot.corpus_watch import CorpusWatcher
from tests.bot.test_corpus_intake import NEW_EXPORT
from tests.bot.test_team_edits import YOUTUBE
from tests.conftest import CORPUS, RunningBot
from tests.fakes.slack_requests import app_mention, new_event_id, new_ts, slash_command
from tests.store.test_rebuild_beside import MAX_EVOL, HeldRebuild

SORRY_START = "Sorry"


async def define(bot: RunningBot, term: str, name: str) -> str:
    """The /define answer (in the ack's body, or posted to the command's response_url ``name``) as text."""
    result = await bot.send(slash_command("/define", term, response_url=bot.fake.response_url(name)))
    assert result.status == 200, result.text
    if result.body and (answer := result.json()) and (answer.get("text") or answer.get("blocks")):
        return str(answer)
    while not (posted := [c for c in bot.fake.calls_to("response_url") if c.response_name == name]):
        await bot.fake.wait_for("response_url", len(bot.fake.calls_to("response_url")) + 1)
    return str(posted[0].params)


def rows(db_path: Path, sql: str, *params: object) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


async def digest_finished(db_path: Path, channel: str, timeout: float = 10) -> list[tuple[Any, ...]]:
    """The digests table once ``channel``'s digest is no longer being posted (its last message's ts recorded)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (found := rows(db_path, "SELECT channel, status FROM digests")) == [(channel, "posting")] or not found:
        assert loop.time() < deadline, found
        await asyncio.sleep(0.02)
    return found


@pytest.fixture
def changed_corpus(tmp_path: Path) -> Path:
    """The bundled corpus with a new export and a changed talks.toml (in the config hash: a full rebuild)."""
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    (corpus / "zz_new_export.txt").write_text(NEW_EXPORT, encoding="utf-8")
    talks = corpus / "talks.toml"
    talks.write_text(talks.read_text(encoding="utf-8") + "\n# reviewed again\n", encoding="utf-8")
    return corpus


async def test_requests_during_a_full_rebuild_are_answered_and_recorded(
    bot: RunningBot, db_path: Path, changed_corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = HeldRebuild(monkeypatch)
    watcher = CorpusWatcher(bot.services.store, [changed_corpus], 0, lock=bot.services.ingest_lock)
    rebuild = asyncio.ensure_future(watcher.check(trigger="signal"))
    try:
        await asyncio.to_thread(held.wait_until_reading)

        # While it reads: a mention, /define and /digest (which writes the digest ledger before it posts).
        event_id, ts = new_event_id(), new_ts()
        await bot.send(app_mention("what is PJRT?", ts=ts, channel="CMENTION", event_id=event_id))
        [mention] = await bot.fake.wait_for("chat.postMessage")
        assert mention.params["thread_ts"] == ts and "PJRT" in str(mention.params)
        defined = await define(bot, "XLA", "d")
        assert "Accelerated Linear Algebra" in defined and SORRY_START not in defined
        await bot.send(slash_command("/digest", "kinetic", channel_id="CDIG", response_url=bot.fake.response_url("k")))
        digest = await bot.fake.wait_for("chat.postMessage", count=4, timeout=10)  # the mention's, 3 of the thread
        assert [call.params["channel"] for call in digest[1:4]] == ["CDIG"] * 3
        assert not [c for c in bot.fake.calls_to("response_url") if SORRY_START in str(c.params.get("text"))]

        # ... and what they wrote is in the database, the ingest still not past its second file.
        await bot.services.state.sightings_written()
        await bot.services.recorder.drain()
        assert not rebuild.done()
        assert rows(db_path, "SELECT 1 FROM seen_events WHERE event_id = ?", event_id) == [(1,)]
        assert sorted(via for (via,) in rows(db_path, "SELECT via FROM questions")) == ["define", "mention"]
        assert await digest_finished(db_path, "CDIG") == [("CDIG", "done")]
        # Slack re-sends the mention (it thought the first delivery failed): answered once.
        await bot.send(app_mention("what is PJRT?", ts=ts, channel="CMENTION", event_id=event_id, retry_num=1,
                                   retry_reason="http_timeout"))
        assert "Zero Overhead Rebalancing" not in await define(bot, "Zorbulator", "z1")  # the old corpus meanwhile
    finally:
        held.release()
    report = await asyncio.wait_for(rebuild, timeout=60)
    assert report is not None and report.full and report.new_files == ["zz_new_export.txt"]
    assert "Zero Overhead Rebalancing" in await define(bot, "Zorbulator", "z2")
    await bot.fake.settle()
    answers = [c for c in bot.fake.calls_to("chat.postMessage") if c.params["channel"] == "CMENTION"]
    assert len(answers) == 1  # the retried mention got no second answer


BUSY_TIMEOUT_MS = 200


@pytest.fixture
def short_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Connections wait 200 ms for a lock instead of 5 s, so a test can hold one past it quickly (before ``bot``)."""
    import store.connection as connection
    monkeypatch.setattr(connection, "PRAGMAS", tuple(
        f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}" if pragma.startswith("PRAGMA busy_timeout") else pragma
        for pragma in connection.PRAGMAS))


async def test_bot_writes_wait_out_a_write_lock_held_past_the_busy_timeout(
    short_busy_timeout: None, bot: RunningBot, db_path: Path
) -> None:
    """What the rebuild's copy does at 50,000 summaries (12 s, BENCHMARKS.md §8): hold the write lock longer than
    the busy timeout. The bot's writes wait for it off the connection and then happen; none fails."""
    holder = sqlite3.connect(db_path, isolation_level=None, timeout=0)
    holder.execute("BEGIN IMMEDIATE")
    try:
        event_id, ts = new_event_id(), new_ts()
        await bot.send(app_mention("what is PJRT?", ts=ts, channel="CMENTION", event_id=event_id))
        [mention] = await bot.fake.wait_for("chat.postMessage")
        assert "PJRT" in str(mention.params)
        assert "Accelerated Linear Algebra" in await define(bot, "XLA", "d")
        await bot.send(slash_command("/digest", "kinetic", channel_id="CDIG", response_url=bot.fake.response_url("k")))
        edit = asyncio.ensure_future(bot.services.store.set_video_url(MAX_EVOL, YOUTUBE, "UEDITOR", time.time()))
        # Past the busy timeout several times over (the recorder starts 0.25 s after an answer): what the old
        # writes gave up on by now. Then the lock is let go and the writes must all go through.
        await asyncio.sleep(5 * BUSY_TIMEOUT_MS / 1000)
        assert rows(db_path, "SELECT count(*) FROM digests") == [(0,)]  # the ledger is written before it posts
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    digest = await bot.fake.wait_for("chat.postMessage", count=4, timeout=10)
    assert [call.params["channel"] for call in digest[1:4]] == ["CDIG"] * 3
    assert (await asyncio.wait_for(edit, timeout=10)) is not None  # a team edit (Store's own connection) too
    assert rows(db_path, "SELECT video_url FROM talks WHERE talk_id = ?", MAX_EVOL) == [(YOUTUBE,)]
    await bot.services.state.sightings_written()
    await bot.services.recorder.drain()
    assert rows(db_path, "SELECT 1 FROM seen_events WHERE event_id = ?", event_id) == [(1,)]
    assert sorted(via for (via,) in rows(db_path, "SELECT via FROM questions")) == ["define", "mention"]
    assert await digest_finished(db_path, "CDIG") == [("CDIG", "done")]
    assert not [c for c in bot.fake.calls_to("response_url") if SORRY_START in str(c.params.get("text"))]
    await bot.send(app_mention("what is PJRT?", ts=ts, channel="CMENTION", event_id=event_id, retry_num=1,
                               retry_reason="http_timeout"))
    await bot.fake.settle()
    assert len([c for c in bot.fake.calls_to("chat.postMessage") if c.params["channel"] == "CMENTION"]) == 1
