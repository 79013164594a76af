"""The days the bot is poked at: Slack failing under it, its logs, its health check and a clean shutdown.

Everything runs against the real app with the fake Slack Web API recording every call.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
    AsyncServerErrorRetryHandler,
)
from slack_sdk.http_retry.builtin_interval_calculators import FixedValueRetryIntervalCalculator
from slack_sdk.web.async_client import AsyncWebClient

from bot.app import build_app
from bot.digest_poster import INCOMPLETE_TEXT, ChannelPacer
from bot.server import start_http
from bot.slack_client import LogGiveUp, build_client
from handlers import commands
from store.db import Store
from store.state import BotState
from tests.conftest import CORPUS, ROOT, RunningBot, bot_settings
from tests.fakes.fixtures import BOT_TOKEN
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import (
    DEFAULT_SIGNING_SECRET,
    JSON,
    SlackRequest,
    app_mention,
    block_actions,
    post,
    signed,
    slash_command,
)

# -- Slack failing under us ------------------------------------------------------------------

QUICK = FixedValueRetryIntervalCalculator(0.01)


class QuickRateLimitRetry(AsyncRateLimitErrorRetryHandler):
    """slack_sdk's 429 handler without its int(Retry-After) + random() seconds of sleep."""

    async def prepare_for_next_attempt_async(self, *, state, request, response=None, error=None) -> None:
        state.next_attempt_requested = True
        await asyncio.sleep(0.01)
        state.increment_current_attempt()


def quick_client(fake: FakeSlackAPI) -> AsyncWebClient:
    """build_client's retry policy with test-sized waits, and a 0.5 s timeout so a hung call gives up fast."""
    return AsyncWebClient(token=BOT_TOKEN, base_url=fake.base_url, timeout=0.5, retry_handlers=[
        AsyncConnectionErrorRetryHandler(max_retry_count=2, interval_calculator=QUICK),
        QuickRateLimitRetry(max_retry_count=3),
        AsyncServerErrorRetryHandler(max_retry_count=2, interval_calculator=QUICK),
        LogGiveUp(),
    ])


def test_quick_client_retries_like_the_real_one(fake_slack: FakeSlackAPI, db_path: Path) -> None:
    def policy(client: AsyncWebClient) -> list[tuple[str, int]]:
        kinds = (AsyncConnectionErrorRetryHandler, AsyncRateLimitErrorRetryHandler, AsyncServerErrorRetryHandler,
                 LogGiveUp)
        return [(next(k.__name__ for k in kinds if isinstance(h, k)), h.max_retry_count) for h in client.retry_handlers]

    assert policy(quick_client(fake_slack)) == policy(build_client(bot_settings(fake_slack, db_path)))


@pytest.fixture
async def quick_bot(clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> AsyncIterator[RunningBot]:
    """The ``bot`` fixture's app with ``quick_client`` injected (build_app's ``client=``).

    Slash commands answer through response_url here even when the answer is quick (no answer in
    the ack), because these tests are about Slack failing those calls.
    """
    store = await Store.open(db_path, CORPUS)
    state = await BotState.open(db_path)
    app, services = build_app(bot_settings(fake_slack, db_path), store, state, quick_client(fake_slack),
                              pacer=ChannelPacer(interval=0.0))
    services.ack_answer_budget = 0.0
    server = await start_http(app, services, "127.0.0.1", 0)
    async with aiohttp.ClientSession() as session:
        yield RunningBot(server.url, fake_slack, services, session)
    await server.stop()
    await services.recorder.close()
    await state.close()
    await store.close()


FAILURES = {
    "429": {"status": 429, "retry_after": 0},
    "500": {"status": 500},
    "503": {"status": 503},
    "reset": {"reset": True},
    "timeout": {"hang": True},
}
# Attempts before giving up, as slack_sdk's handlers in build_client do it. A timeout is not retried:
# the message may have been posted, and a second copy in the channel is worse than a logged give-up.
ATTEMPTS = {"429": 4, "500": 3, "503": 3, "reset": 3, "timeout": 1}
TARGETS = {  # what is asked -> the Slack call that delivers its answer
    "mention": "chat.postMessage",
    "define": "response_url",
}


def ask(bot: RunningBot, target: str, name: str) -> SlackRequest:
    if target == "mention":
        return app_mention("what is PJRT?", channel="CFAIL")
    if target == "define":
        return slash_command("/define", "XLA", response_url=bot.fake.response_url(name), channel_id="CFAIL")
    return slash_command("/digest", "xla crash course", response_url=bot.fake.response_url(name), channel_id="CFAIL")


async def wait_for_log(caplog: pytest.LogCaptureFixture, needle: str, timeout: float = 3.0) -> logging.LogRecord:
    """The first log record containing ``needle``, waiting for it to be written."""
    deadline = time.monotonic() + timeout
    while True:
        for record in caplog.records:
            if needle in record.getMessage():
                return record
        assert time.monotonic() < deadline, f"no log line with {needle!r}: {[r.getMessage() for r in caplog.records]}"
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("failure", ["429", "500", "503", "reset"])
@pytest.mark.parametrize("target", sorted(TARGETS))
async def test_one_slack_failure_is_retried_and_the_answer_arrives(
    quick_bot: RunningBot, target: str, failure: str
) -> None:
    method = TARGETS[target]
    quick_bot.fake.fail_next(method, **FAILURES[failure])
    assert (await quick_bot.send(ask(quick_bot, target, "once"))).status == 200
    await quick_bot.fake.wait_for(method, outcome="ok")
    first = quick_bot.fake.calls_to(method)[0]
    assert not first.ok


async def test_a_429_on_the_real_client_waits_for_retry_after_then_answers(bot: RunningBot) -> None:
    # build_client's own handlers (no test doubles): Retry-After 0 keeps the wait under a second.
    bot.fake.fail_next("chat.postMessage", status=429, retry_after=0)
    await bot.send(app_mention("what is PJRT?"))
    calls = await bot.fake.wait_for("chat.postMessage", count=2)
    assert [call.outcome for call in calls] == ["status:429", "ok"]


@pytest.mark.parametrize("failure", sorted(ATTEMPTS))
@pytest.mark.parametrize("target", sorted(TARGETS))
async def test_persistent_slack_failure_gives_up_logged_and_the_app_keeps_serving(
    quick_bot: RunningBot, caplog: pytest.LogCaptureFixture, target: str, failure: str
) -> None:
    caplog.set_level(logging.INFO)
    method, fake = TARGETS[target], quick_bot.fake
    fake.fail_next(method, **FAILURES[failure], times=50)
    assert (await quick_bot.send(ask(quick_bot, target, "down"))).status == 200
    gave_up = await wait_for_log(caplog, f"slack call gave up call={method}")
    assert gave_up.levelno == logging.WARNING
    await wait_for_log(caplog, "outcome=error:")  # the request's own line says it failed
    assert len(fake.calls_to(method)) == ATTEMPTS[failure]
    fake.clear_failures()
    await quick_bot.send(ask(quick_bot, target, "up-again"))
    await fake.wait_for(method, outcome="ok")


async def test_a_digest_thread_survives_a_429_on_its_parent(quick_bot: RunningBot) -> None:
    quick_bot.fake.fail_next("chat.postMessage", status=429, retry_after=0)
    await quick_bot.send(ask(quick_bot, "digest", "d429"))
    posted = await quick_bot.fake.wait_for("chat.postMessage", count=3, outcome="ok")
    assert quick_bot.fake.calls_to("chat.postMessage")[0].outcome == "status:429"
    assert all(call.params.get("thread_ts") == posted[0].response["ts"] for call in posted[1:])


async def test_a_digest_slack_keeps_refusing_tells_the_user_and_the_app_keeps_serving(
    quick_bot: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fake = quick_bot.fake
    fake.fail_next("chat.postMessage", status=500, times=50)
    await quick_bot.send(ask(quick_bot, "digest", "d500"))
    [told] = await fake.wait_for("response_url", timeout=8)  # ephemeral, to the one who asked
    assert told.params["response_type"] == "ephemeral" and told.params["text"] == INCOMPLETE_TEXT
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    incomplete = [line for line in warnings if line.startswith("digest incomplete channel=")]
    assert len(incomplete) == 1 and "internal_error (HTTP 500)" in incomplete[0], warnings
    assert not fake.calls_to("chat.postMessage", outcome="ok")
    fake.clear_failures()
    await quick_bot.send(app_mention("what is PJRT?", channel="CFAIL"))
    await fake.wait_for("chat.postMessage", outcome="ok")


# -- logs ------------------------------------------------------------------------------------

REQUEST_LINE = re.compile(
    r"^request kind=(\S+) outcome=(\S+) latency_ms=\d+\.\d channel=(\S*) request_id=[0-9a-f]{12} text='(.*)'$")


async def test_a_request_logs_one_line_with_kind_outcome_latency_and_short_text(
    bot: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    await bot.command_answer(slash_command("/define", "XLA", response_url=bot.fake.response_url("log")))
    await wait_for_log(caplog, "request kind=define")
    lines = [r.getMessage() for r in caplog.records if r.name == "talkbot.requests"]
    assert len(lines) == 1
    assert REQUEST_LINE.match(lines[0]).groups() == ("define", "ok", "C123ABC456", "/define XLA")


async def test_no_secret_and_no_long_user_text_in_any_log_record(
    quick_bot: RunningBot, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.DEBUG)  # the most a deployment would ever turn on
    fake = quick_bot.fake
    long_text = "XLA " + "a" * 120 + "TAIL-OF-LONG-TEXT"
    await quick_bot.send(slash_command("/define", long_text, response_url=fake.response_url("a")))
    await fake.wait_for("response_url")
    await quick_bot.send(app_mention(long_text))
    await fake.wait_for("chat.postMessage")
    await quick_bot.send(slash_command("/define", "XLA", response_url=fake.response_url("b"), signing_secret="x"))
    await quick_bot.send(signed(b"{broken", JSON))
    await quick_bot.send(block_actions("no_such_action", "x", response_url=fake.response_url("c")))
    await fake.wait_for("response_url", count=2)  # its "older version" line, before the failures below are queued
    fake.fail_next("response_url", status=500, times=3)  # a give-up
    await quick_bot.send(slash_command("/talk", "pallas", response_url=fake.response_url("d")))
    await wait_for_log(caplog, "slack call gave up call=response_url")

    monkeypatch.setattr(commands, "define", crash)  # a bug: the error handler logs its traceback
    await quick_bot.send(slash_command("/define", "XLA", response_url=fake.response_url("e")))
    await wait_for_log(caplog, "listener failed kind=/define")
    calls = await fake.wait_for("response_url", count=6)  # the crash still got a "sorry"
    assert "Sorry" in next(call for call in calls if call.response_name == "e").params["text"]

    formatter = logging.Formatter("%(name)s %(levelname)s %(message)s")
    everything = "\n".join(formatter.format(record) for record in caplog.records)
    assert "Traceback" in everything and "handler crashed" in everything
    assert BOT_TOKEN not in everything and DEFAULT_SIGNING_SECRET not in everything
    assert "xoxb-" not in everything
    # User text beyond 100 characters stays out of the logs at the production level (INFO); at
    # DEBUG bolt and slack_sdk dump whole payloads, which is what DEBUG is for.
    info_and_up = "\n".join(formatter.format(r) for r in caplog.records if r.levelno >= logging.INFO)
    assert "TAIL-OF-LONG-TEXT" not in info_and_up
    assert "request kind=define outcome=ok" in info_and_up and "…" in info_and_up


def crash(*_: object, **__: object) -> None:
    """Stands in for a handler with a bug."""
    raise RuntimeError("handler crashed")


async def test_a_listener_failing_right_after_ack_answers_at_once_and_says_sorry(
    bot: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Bolt's error path used to clear an ack its 10 ms poll had not seen: the HTTP answer then took
    # the whole 3 s ack timeout and fell through to the next matching listener.
    monkeypatch.setattr(commands, "define", crash)
    started = time.monotonic()
    result = await bot.send(slash_command("/define", "XLA", response_url=bot.fake.response_url("crash")))
    assert (result.status, result.text) == (200, "") and time.monotonic() - started < 1
    [sorry] = await bot.fake.wait_for("response_url")
    assert sorry.params["text"].startswith("Sorry") and sorry.params["response_type"] == "ephemeral"


# -- health ----------------------------------------------------------------------------------

async def test_healthz_is_503_when_the_store_is_closed(bot: RunningBot) -> None:
    await bot.services.store.close()
    async with bot.session.get(bot.url + "/healthz") as response:
        assert response.status == 503
        assert (await response.json())["ok"] is False


async def test_healthz_is_503_when_the_tables_are_gone(bot: RunningBot) -> None:
    with sqlite3.connect(bot.services.store.db_path) as conn:
        conn.execute("DROP TABLE talks")
    async with bot.session.get(bot.url + "/healthz") as response:
        assert response.status == 503


# -- clean shutdown --------------------------------------------------------------------------

LISTENING_RE = re.compile(r"talkbot listening on (http://\S+?)/slack/events")


def talkbot_command() -> list[str]:
    """The installed ``talkbot`` console script, as a user runs it (``python -m bot`` if not installed)."""
    script = Path(sys.executable).with_name("talkbot")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bot"]


async def test_sigterm_finishes_the_answer_in_flight_and_exits_0(
    clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path, tmp_path: Path
) -> None:
    fake_slack.latency = 1.0  # the answer is still on its way to Slack when SIGTERM arrives
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "TALKBOT_"))}
    env.update(SLACK_BOT_TOKEN=BOT_TOKEN, SLACK_SIGNING_SECRET=DEFAULT_SIGNING_SECRET,
               SLACK_API_URL=fake_slack.base_url, TALKBOT_DB=str(db_path), TALKBOT_CORPUS=str(CORPUS),
               TALKBOT_LOG_LEVEL="INFO", PYTHONPATH=str(ROOT))
    process = await asyncio.create_subprocess_exec(
        *talkbot_command(), "serve", "--http", "--host", "127.0.0.1", "--port", "0",
        cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    stderr: list[str] = []
    try:
        url = await asyncio.wait_for(_listening_url(process, stderr), timeout=15)
        assert not url.endswith(":3000"), "--port 0 must bind a free port, not the default"
        drain = asyncio.create_task(_read_rest(process, stderr))
        async with aiohttp.ClientSession() as session:  # kept open: Slack reuses connections too
            request = slash_command("/define", "XLA", response_url=fake_slack.response_url("bye"))
            result = await post(session, url + "/slack/events", request.body, request.headers)
            assert result.status == 200
            process.send_signal(signal.SIGTERM)
            signalled = time.monotonic()
            code = await asyncio.wait_for(process.wait(), timeout=10)
            took = time.monotonic() - signalled
        await drain
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    log_text = "".join(stderr)
    assert code == 0, log_text
    assert took < 5, f"shutdown took {took:.1f} s\n{log_text}"
    [answer] = fake_slack.calls_to("response_url")
    assert answer.ok and "Accelerated Linear Algebra" in json.dumps(answer.params)
    assert "talkbot stopped" in log_text
    for line in ("permissions editors: workspace admins and owners (TALKBOT_EDITORS unset)",
                 "permissions channels: every channel and DMs"):  # the permissions in effect, logged at start
        assert line in log_text, log_text
    assert BOT_TOKEN not in log_text and DEFAULT_SIGNING_SECRET not in log_text


async def _listening_url(process: asyncio.subprocess.Process, lines: list[str]) -> str:
    assert process.stderr is not None
    while line := (await process.stderr.readline()).decode():
        lines.append(line)
        if match := LISTENING_RE.search(line):
            return match.group(1)
    raise AssertionError("talkbot exited before listening:\n" + "".join(lines))


async def _read_rest(process: asyncio.subprocess.Process, lines: list[str]) -> None:
    assert process.stderr is not None
    while line := (await process.stderr.readline()).decode():
        lines.append(line)
