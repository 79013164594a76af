"""Intake from Slack: an editor DMs the bot a .txt export; it is checked, downloaded, validated, kept, ingested."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.app import build_app
from bot.digest_poster import ChannelPacer
from bot.server import start_http
from bot.uploads import MAX_UPLOAD_BYTES
from store.db import Store
from store.state import BotState
from tests.bot.test_corpus_intake import NEW_EXPORT
from tests.bot.test_metrics import scrape, value
from tests.conftest import CORPUS, RunningBot, bot_settings
from tests.fakes.slack_api import FILE_DOWNLOAD, FakeSlackAPI
from tests.fakes.slack_requests import JSON, message_im_payload, signed

EDITOR = "U0EDITOR01"
MEMBER = "U0MEMBER01"
DM = "D0DM00001"


@pytest.fixture
async def bot(clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path, tmp_path: Path) -> AsyncIterator[RunningBot]:
    """The served app (as `talkbot serve --http` builds it) with one listed editor and its own uploads folder."""
    settings = replace(bot_settings(fake_slack, db_path), editors=(EDITOR,), uploads=tmp_path / "uploads")
    store = await Store.open(db_path, CORPUS)
    state = await BotState.open(db_path)
    app, services = build_app(settings, store, state, pacer=ChannelPacer(interval=0.0))
    server = await start_http(app, services, "127.0.0.1", 0)
    async with aiohttp.ClientSession() as session:
        yield RunningBot(server.url, fake_slack, services, session)
    await server.stop()
    await state.close()
    await store.close()


async def share(bot: RunningBot, user: str, name: str, content: bytes, *, size: int | None = None) -> str:
    """``user`` shares a file in their DM with the bot (a message.im event, subtype file_share); the bot's reply."""
    file = bot.fake.add_file(name, content, size=size, user=user)
    payload = message_im_payload("", user=user, subtype="file_share", channel=DM)
    event: dict[str, Any] = payload["event"]
    event.update(upload=True, files=[{key: file[key] for key in ("id", "name", "mimetype", "filetype", "size",
                                                                  "url_private", "url_private_download")}])
    before = len(bot.fake.calls_to("chat.postMessage"))
    result = await bot.send(signed(json.dumps(payload).encode(), JSON))
    assert result.status == 200
    calls = await bot.fake.wait_for("chat.postMessage", before + 1, timeout=20)
    reply = calls[-1].params
    assert reply["channel"] == DM
    return str(reply["text"])


def talk_count(bot: RunningBot) -> int:
    with sqlite3.connect(bot.services.store.db_path) as conn:
        return int(conn.execute("SELECT count(*) FROM talks").fetchone()[0])


async def test_an_editor_adds_an_export_by_dm(bot: RunningBot) -> None:
    before = talk_count(bot)
    reply = await share(bot, EDITOR, "new_export.txt", NEW_EXPORT.encode())
    assert reply.startswith("Added `new_export.txt`: 1 summaries, 2 key points, 1 glossary lines")
    assert f"The corpus now has {before + 1} talks." in reply
    [info] = bot.fake.calls_to("files.info")
    [download] = bot.fake.calls_to(FILE_DOWNLOAD)
    assert info.params["file"] == download.params["file"] and download.outcome == "ok"
    assert download.headers["Authorization"].startswith("Bearer xoxb-")  # the bot token, not anonymous
    uploads = bot.services.settings.uploads_dir
    assert (uploads / "new_export.txt").read_bytes() == NEW_EXPORT.encode()
    answer = await bot.services.store.define("Zorbulator")
    assert answer.hits and answer.hits[0].expansion == "Zero Overhead Rebalancing Bulator"
    assert talk_count(bot) == before + 1
    _, samples = await scrape(bot.session, bot.url)  # the reply is sent after the ingest: counted by then
    assert value(samples, "talkbot_ingest_runs_total", outcome="ok", trigger="upload") == 1
    assert value(samples, "talkbot_ingest_duration_seconds_count") == 1


async def test_a_bad_export_gets_file_and_line_and_changes_nothing(bot: RunningBot) -> None:
    before = talk_count(bot)
    bad = NEW_EXPORT.replace("• 2:30 Ergebnisse", "• 2:3 Ergebnisse").encode()
    reply = await share(bot, EDITOR, "bad_export.txt", bad)
    assert reply.startswith("`bad_export.txt:8: malformed or truncated timestamp '2:3'`")
    assert "Nothing was changed" in reply
    assert not (bot.services.settings.uploads_dir / "bad_export.txt").exists()
    assert talk_count(bot) == before


async def test_a_member_who_is_not_an_editor_is_refused_before_any_download(bot: RunningBot) -> None:
    reply = await share(bot, MEMBER, "new_export.txt", NEW_EXPORT.encode())
    assert reply.startswith("Only editors can add exports")
    assert bot.fake.calls_to("files.info") == [] and bot.fake.calls_to(FILE_DOWNLOAD) == []


async def test_an_export_over_the_limit_is_refused_before_downloading(bot: RunningBot) -> None:
    reply = await share(bot, EDITOR, "huge_export.txt", b"Zusammenfassung\n", size=MAX_UPLOAD_BYTES + 1)
    assert "exports up to 5 MB are accepted" in reply
    assert len(bot.fake.calls_to("files.info")) == 1 and bot.fake.calls_to(FILE_DOWNLOAD) == []
