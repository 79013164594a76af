"""Intake while serving: `talkbot serve` picks up a new export in TALKBOT_CORPUS while it answers."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import pytest

from tests.bot.test_metrics import Samples, scrape, value
from tests.bot.test_resilience import _listening_url, _read_rest, talkbot_command
from tests.conftest import CORPUS, ROOT
from tests.fakes.fixtures import BOT_TOKEN
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import DEFAULT_SIGNING_SECRET, post, slash_command

NEW_EXPORT = """Zusammenfassung

Der Vortrag von Ada Quill stellt den Zorbulator vor, ein Werkzeug zum Komprimieren von Modellgewichten.

Wichtigste Punkte & Zeitstempel

• 0:10 Einführung: Ada Quill stellt den Zorbulator vor.
• 2:30 Ergebnisse: Der Zorbulator halbiert den Speicherbedarf großer Modelle.

Glossar

• Zorbulator (Zero Overhead Rebalancing Bulator): Ein Werkzeug, das Modellgewichte verlustfrei komprimiert.
"""


async def scrape_until(served: Served, done: Callable[[Samples], bool], timeout: float = 10.0) -> Samples:
    """/metrics of the served bot, scraped until ``done`` holds (an ingest is counted as it returns, which an
    answer from the new corpus can overtake)."""
    deadline = time.monotonic() + timeout
    while True:
        text, samples = await scrape(served.session, served.url)
        if done(samples):
            return samples
        assert time.monotonic() < deadline, text
        await asyncio.sleep(0.05)


@dataclass
class Served:
    process: asyncio.subprocess.Process
    url: str
    fake: FakeSlackAPI
    corpus: Path
    session: aiohttp.ClientSession
    poll: int
    log: list[str] = field(default_factory=list)
    sent: int = 0

    async def define(self, term: str) -> str:
        """The /define answer's text (from the ack body or the response_url post)."""
        self.sent += 1
        name = f"q{self.sent}"
        request = slash_command("/define", term, response_url=self.fake.response_url(name))
        result = await post(self.session, self.url + "/slack/events", request.body, request.headers)
        assert result.status == 200, result.text
        if result.body:
            answer = result.json()
            if answer.get("text") or answer.get("blocks"):
                return json.dumps(answer, ensure_ascii=False)
        while True:
            calls = [c for c in self.fake.calls_to("response_url") if c.response_name == name]
            if calls:
                return json.dumps(calls[0].params, ensure_ascii=False)
            await self.fake.wait_for("response_url", len(self.fake.calls_to("response_url")) + 1, timeout=10)


async def serve(fake: FakeSlackAPI, tmp_path: Path, poll: int) -> AsyncIterator[Served]:
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "TALKBOT_"))}
    env.update(SLACK_BOT_TOKEN=BOT_TOKEN, SLACK_SIGNING_SECRET=DEFAULT_SIGNING_SECRET,
               SLACK_API_URL=fake.base_url, TALKBOT_DB=str(tmp_path / "data" / "talkbot.db"),
               TALKBOT_CORPUS=str(corpus), TALKBOT_CORPUS_POLL=str(poll), TALKBOT_LOG_LEVEL="INFO",
               PYTHONPATH=str(ROOT))
    process = await asyncio.create_subprocess_exec(
        *talkbot_command(), "serve", "--http", "--host", "127.0.0.1", "--port", "0",
        cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    lines: list[str] = []
    try:
        url = await asyncio.wait_for(_listening_url(process, lines), timeout=30)
        drain = asyncio.create_task(_read_rest(process, lines))
        async with aiohttp.ClientSession() as session:
            yield Served(process, url, fake, corpus, session, poll, lines)
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), timeout=15)
        await drain
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


@pytest.fixture(params=[0, 1], ids=["sighup", "poll-1s"])
async def served(request: pytest.FixtureRequest, clean_slack_env, fake_slack: FakeSlackAPI,
                 tmp_path: Path) -> AsyncIterator[Served]:
    async for running in serve(fake_slack, tmp_path, request.param):
        yield running


async def test_serve_picks_up_a_new_export_while_answering(served: Served) -> None:
    assert "Zero Overhead" not in await served.define("Zorbulator")
    answers: list[str] = []
    stop = asyncio.Event()

    async def keep_asking() -> None:  # one question after another, all through the new corpus's arrival
        while not stop.is_set():
            answers.append(await served.define("XLA"))

    asking = asyncio.create_task(keep_asking())
    await asyncio.sleep(0.2)
    (served.corpus / "zz_new_export.txt").write_text(NEW_EXPORT, encoding="utf-8")
    if served.poll == 0:  # polling off: SIGHUP is what makes it look
        served.process.send_signal(signal.SIGHUP)
    found = ""
    for _ in range(100):
        found = await served.define("Zorbulator")
        if "Zero Overhead Rebalancing" in found:
            break
        await asyncio.sleep(0.2)
    stop.set()
    await asyncio.wait_for(asking, timeout=15)
    assert "Zero Overhead Rebalancing" in found, "\n".join(served.log[-20:])
    trigger, other = ("signal", "poll") if served.poll == 0 else ("poll", "signal")
    samples = await scrape_until(served, lambda s: value(s, "talkbot_ingest_runs_total", outcome="ok",
                                                                 trigger=trigger) >= 1)
    assert value(samples, "talkbot_ingest_runs_total", outcome="ok", trigger="startup") >= 1  # first start
    assert value(samples, "talkbot_ingest_runs_total", outcome="ok", trigger=other) == 0
    assert value(samples, "talkbot_ingest_runs_total", outcome="failed", trigger=trigger) == 0
    assert len(answers) >= 3
    assert all("Accelerated Linear Algebra" in answer for answer in answers)  # every answer whole, none failed
    log_text = "".join(served.log)
    assert "corpus reloaded" in log_text and "1 new, 0 changed, 0 removed files" in log_text
    assert "Traceback" not in log_text and "ERROR" not in log_text
