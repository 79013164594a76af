"""Shared fixtures: the real corpus in a real SQLite file, and the real app served on loopback."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from bot.app import Services, build_app
from bot.digest_poster import ChannelPacer
from bot.server import RunningServer, start_http
from bot.settings import Secret, Settings
from store.db import Store
from store.ingest import IngestReport, ingest_sync
from store.state import BotState
from tests.fakes.fixtures import BOT_TOKEN, clean_slack_env, fake_slack, fake_socket, slack_client  # noqa: F401 - fixtures
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import DEFAULT_SIGNING_SECRET, SlackRequest, post, slash_command

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
CORPUS_FILES = sorted(CORPUS.glob("*.txt"))

PALLAS_EXPORT = "004_b9033c416a07336f.txt"  # the export holding the Pallas talk


def corpus_without(name: str, tmp_path: Path) -> Path:
    """A copy of the bundled corpus without the export file ``name`` (a talk gone from the summaries)."""
    smaller = tmp_path / "corpus"
    shutil.copytree(CORPUS, smaller)
    (smaller / name).unlink()
    return smaller


async def ingest_beside(db_path: Path, paths: list[Path], **options: bool) -> IngestReport:
    """An ingest while a bot serves ``db_path`` in this loop (as `talkbot ingest` beside it): in a thread. Run on
    the loop it would wait for the write lock while the bot's open write transaction (the usage recorder's) waits
    for the loop to commit, until the busy timeout fails it with "database is locked"."""
    return await asyncio.to_thread(ingest_sync, db_path, paths, **options)


def talkbot(args: list[str], tmp_path: Path, stdin: str | None = None, **env: str) -> subprocess.CompletedProcess:
    """Run the ``talkbot`` command as a user would: a real process in ``tmp_path``, a database there, no Slack
    settings from the outer environment."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "TALKBOT_"))}
    environment.update({"TALKBOT_DB": str(tmp_path / "db" / "talkbot.db"), "TALKBOT_LOG_LEVEL": "WARNING",
                        "PYTHONPATH": str(ROOT), **env})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=tmp_path, env=environment, input=stdin,
        capture_output=True, text=True, timeout=120,
    )


@pytest.fixture(scope="session")
def ingested_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled corpus ingested once per test session (copied before each use)."""
    path = tmp_path_factory.mktemp("db") / "talkbot.db"
    ingest_sync(path, [CORPUS])
    return path


@pytest.fixture
def db_path(ingested_db: Path, tmp_path: Path) -> Path:
    """A private copy of the ingested database for one test."""
    target = tmp_path / "talkbot.db"
    shutil.copyfile(ingested_db, target)
    return target


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    """The query API over a copy of the bundled corpus."""
    opened = await Store.open(db_path, CORPUS)
    yield opened
    await opened.close()


@pytest.fixture
async def state(db_path: Path) -> AsyncIterator[BotState]:
    """The bot's state (thread memory among it) on the same database copy as ``store``."""
    opened = await BotState.open(db_path)
    yield opened
    await opened.close()


@dataclass
class RunningBot:
    """The real app in HTTP mode on loopback, talking to the fake Slack Web API."""

    url: str
    fake: FakeSlackAPI
    services: Services
    session: aiohttp.ClientSession
    secret: str = DEFAULT_SIGNING_SECRET

    @property
    def events_url(self) -> str:
        return self.url + "/slack/events"

    async def send(self, request: SlackRequest):
        """POST a built request to /slack/events; returns the HTTP result."""
        return await post(self.session, self.events_url, request.body, request.headers)

    async def command_answer(self, request: SlackRequest) -> dict:
        """Send a slash command and return its answer: the ack's body when the app answered at once,
        else the message it POSTed to the command's response_url."""
        result = await self.send(request)
        assert result.status == 200, result.text
        if result.body:
            answer = result.json()
            if answer.get("text") or answer.get("blocks"):
                return answer
        [call] = await self.fake.wait_for("response_url")
        return call.params

    async def digest_answer(self, text: str, name: str, channel: str) -> dict:
        """Send ``/digest text`` in ``channel`` and return the ephemeral answer posted to its response_url."""
        answered = len(self.fake.calls_to("response_url"))
        await self.send(slash_command("/digest", text, channel_id=channel, response_url=self.fake.response_url(name)))
        calls = await self.fake.wait_for("response_url", count=answered + 1)
        call = calls[-1]
        assert call.response_name == name
        assert call.params["response_type"] == "ephemeral"
        return call.params

    async def digest_thread(self, text: str, channel: str) -> str:
        """Post ``/digest text`` to ``channel``, wait until its whole thread is out, forget those calls and return
        the parent message's ts (the thread a follow-up is asked in)."""
        await self.send(slash_command("/digest", text, channel_id=channel, response_url=self.fake.response_url(text)))
        calls = await self.fake.wait_for("chat.postMessage", count=3)
        parent_ts: str = calls[0].response["ts"]
        await self.fake.settle()  # the rest of the thread goes out first
        self.fake.reset()
        return parent_ts


def shown_text(payload: object) -> str:
    """Every string of a Slack payload, unescaped, for assertions on what a person would read."""
    return json.dumps(payload, ensure_ascii=False)


def bot_settings(fake: FakeSlackAPI, db: Path) -> Settings:
    return Settings(
        slack_bot_token=Secret(BOT_TOKEN),
        slack_signing_secret=Secret(DEFAULT_SIGNING_SECRET),
        slack_api_url=fake.base_url,
        db_path=db,
        corpus=CORPUS,
    )


@pytest.fixture
async def bot(clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> AsyncIterator[RunningBot]:
    """Start the app exactly as `talkbot serve --http` does, on a random loopback port."""
    settings = bot_settings(fake_slack, db_path)
    store = await Store.open(db_path, CORPUS)
    state = await BotState.open(db_path)
    app, services = build_app(settings, store, state, pacer=ChannelPacer(interval=0.0))
    server: RunningServer = await start_http(app, services, "127.0.0.1", 0)
    async with aiohttp.ClientSession() as session:
        yield RunningBot(server.url, fake_slack, services, session)
    await server.stop()
    await services.recorder.close()
    await state.close()
    await store.close()
