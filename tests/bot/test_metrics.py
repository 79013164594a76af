"""Metrics: scraped through the served app's GET /metrics (and the Socket Mode listener), in Prometheus's format."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot.app import build_app
from bot.metrics import Metrics, label, reply_shape
from bot.server import start_http, start_metrics
from handlers.replies import DefineReply, Notice
from store.db import Store
from store.state import BotState
from tests.conftest import CORPUS, RunningBot, bot_settings
from tests.fakes.fixtures import BOT_TOKEN
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import DEFAULT_CHANNEL, DEFAULT_SIGNING_SECRET, app_mention, slash_command

Samples = dict[tuple[str, frozenset], float]


async def scrape(session: aiohttp.ClientSession, url: str) -> tuple[str, Samples]:
    async with session.get(url + "/metrics") as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        text = await response.text()
    samples = {(sample.name, frozenset(sample.labels.items())): sample.value
               for family in text_string_to_metric_families(text) for sample in family.samples}
    return text, samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


async def scrape_until(bot: RunningBot, done: Callable[[Samples], bool], timeout: float = 5.0) -> tuple[str, Samples]:
    """Scrape until ``done`` holds (a listener counts its request when it finishes, just after answering)."""
    deadline = time.monotonic() + timeout
    while True:
        text, samples = await scrape(bot.session, bot.url)
        if done(samples):
            return text, samples
        assert time.monotonic() < deadline, text
        await asyncio.sleep(0.02)


async def test_metrics_count_requests_answers_latency_cache_and_corpus(bot: RunningBot) -> None:
    fake = bot.fake
    for name, text in (("a", "XLA"), ("b", "XLA"), ("c", "zzqxvw")):
        # each answer rides in the ack or goes to its own response_url (a loaded machine may miss the ack budget)
        assert (await bot.send(slash_command("/define", text, response_url=fake.response_url(name)))).status == 200
        await scrape_until(bot, lambda s, n=ord(name) - ord("a") + 1: value(
            s, "talkbot_requests_total", kind="define", outcome="ok") == n)
    await bot.send(app_mention("what is PJRT?"))
    await fake.wait_for("chat.postMessage")

    text, samples = await scrape_until(
        bot, lambda s: value(s, "talkbot_requests_total", kind="mention", outcome="ok") == 1)
    assert value(samples, "talkbot_requests_total", kind="define", outcome="ok") == 3
    assert value(samples, "talkbot_ack_seconds_count", kind="define") == 3
    assert value(samples, "talkbot_ack_seconds_count", kind="mention") == 1
    assert value(samples, "talkbot_answer_seconds_count", kind="define") == 3
    assert 0 < value(samples, "talkbot_ack_seconds_sum", kind="define") < 3 * 3.0  # Slack's ack limit
    assert value(samples, "talkbot_answers_total", shape="definition", covered="true") == 3  # the mention too
    assert value(samples, "talkbot_answers_total", shape="definition", covered="false") == 1
    assert value(samples, "talkbot_answer_cache_hits_total") >= 1  # the second /define XLA
    stats = await bot.services.store.stats()
    assert value(samples, "talkbot_corpus_items", kind="talks") == stats["talks"] > 0
    assert value(samples, "talkbot_corpus_items", kind="key_points") == stats["key_points"]
    assert value(samples, "process_open_fds") > 0
    # Nothing a user typed, no channel id and no secret is in any label.
    for secret in ("zzqxvw", "PJRT", "XLA", DEFAULT_CHANNEL, BOT_TOKEN, DEFAULT_SIGNING_SECRET, "hooks"):
        assert secret not in text


async def test_slack_api_errors_are_counted_by_method_and_code(bot: RunningBot) -> None:
    bot.fake.fail_next("chat.postMessage", error="channel_not_found")
    await bot.send(app_mention("what is PJRT?"))
    _, samples = await scrape_until(
        bot, lambda s: value(s, "talkbot_requests_total", kind="mention", outcome="error") == 1)
    assert value(samples, "talkbot_slack_api_errors_total", method="chat.postMessage", code="channel_not_found") == 1

    bot.services.ack_answer_budget = 0.0  # answer through response_url, not in the ack
    bot.fake.fail_next("response_url", status=404)  # Slack refuses an expired response_url with a 404
    await bot.send(slash_command("/talk", "pallas", response_url=bot.fake.response_url("gone")))
    _, samples = await scrape_until(
        bot, lambda s: value(s, "talkbot_slack_api_errors_total", method="response_url", code="http_404") == 1)


async def test_digests_are_counted_by_outcome_and_reason(bot: RunningBot) -> None:
    await bot.send(slash_command("/digest", "pallas", response_url=bot.fake.response_url("d1")))
    _, samples = await scrape_until(bot, lambda s: value(s, "talkbot_digests_total", outcome="posted", reason="") == 1)

    bot.fake.fail_next("chat.postMessage", error="not_in_channel")
    await bot.send(slash_command("/digest", "kinetic", response_url=bot.fake.response_url("d2")))
    await scrape_until(bot, lambda s: value(s, "talkbot_digests_total", outcome="failed", reason="not_in_channel") == 1)


async def test_the_socket_mode_metrics_listener_serves_metrics_and_health(bot: RunningBot) -> None:
    server = await start_metrics(bot.services, "127.0.0.1", 0)
    try:
        _, samples = await scrape(bot.session, server.url)
        assert value(samples, "talkbot_corpus_items", kind="talks") > 0
        async with bot.session.get(server.url + "/healthz") as response:
            assert response.status == 200 and (await response.json()) == {"ok": True}
        async with bot.session.post(server.url + "/slack/events", data=b"{}") as response:
            assert response.status in (404, 405)  # only the operator's routes, nothing from Slack
    finally:
        await server.stop()


def test_labels_hold_only_known_shapes_and_codes() -> None:
    assert label("channel_not_found") == "channel_not_found"
    assert label("chat.postMessage") == "chat.postMessage"
    for hostile in ("what is <!channel>?", "a b", "", "x" * 80, "https://hooks.slack.com/commands/1/2/3"):
        assert label(hostile) == "other"
    assert reply_shape(DefineReply(results=[])) == ("definition", False)
    assert reply_shape(Notice("usage")) == ("notice", True)

    class Shaped:  # the question layer's replies say their shape themselves
        shape = "not_covered"
        covered = False

    assert reply_shape(Shaped()) == ("not_covered", False)
    metrics = Metrics()
    metrics.count_answer("who", covered=True)
    metrics.count_answer("user text here", covered=False)
    assert metrics.answers.labels("who", "true")._value.get() == 1
    assert metrics.answers.labels("other", "false")._value.get() == 1




async def open_connections_after_burst(bot_app: object, services: object, cap: int) -> int:
    """Keep-alive connections the server still holds after 6 concurrent requests (their client stays open)."""
    server = await start_http(bot_app, services, "127.0.0.1", 0, max_keepalive=cap)  # type: ignore[arg-type]
    try:
        async with aiohttp.ClientSession() as session:
            answers = await asyncio.gather(*(session.get(server.url + "/healthz") for _ in range(6)))
            assert all(a.status == 200 for a in answers)
            for answer in answers:
                await answer.read()
            deadline = time.monotonic() + 3
            while len(server.runner.server.connections) > cap and time.monotonic() < deadline:  # closing
                await asyncio.sleep(0.02)
            return len(server.runner.server.connections)
    finally:
        await server.stop()


async def test_http_mode_closes_keepalive_connections_beyond_its_cap(
    clean_slack_env: None, fake_slack: FakeSlackAPI, db_path: Path
) -> None:
    async with await Store.open(db_path, CORPUS) as store, await BotState.open(db_path) as state:
        app, services = build_app(bot_settings(fake_slack, db_path), store, state)
        assert await open_connections_after_burst(app, services, cap=64) == 6
        assert await open_connections_after_burst(app, services, cap=2) <= 2
        await services.recorder.close()


async def test_http_mode_closes_a_keepalive_connection_after_its_max_age(
    clean_slack_env: None, fake_slack: FakeSlackAPI, db_path: Path
) -> None:
    """A client reusing its connections in turn keeps them busy forever; past the age the server lets one go."""
    async with await Store.open(db_path, CORPUS) as store, await BotState.open(db_path) as state:
        app, services = build_app(bot_settings(fake_slack, db_path), store, state)
        server = await start_http(app, services, "127.0.0.1", 0, max_keepalive_seconds=0.5)
        try:
            opened: list[float] = []  # when the client opened a connection, seconds since the start
            started = time.monotonic()

            async def connection_opened(*_: object) -> None:
                opened.append(time.monotonic() - started)

            tracing = aiohttp.TraceConfig()
            tracing.on_connection_create_end.append(connection_opened)
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=1),
                                             trace_configs=[tracing]) as session:
                asked: list[float] = []
                closing = -1.0
                while len(opened) < 2:  # one request after another, until the client needs a new connection
                    async with session.get(server.url + "/healthz") as answer:
                        assert answer.status == 200
                        said_close = answer.headers.get("Connection", "").lower() == "close"
                    asked.append(time.monotonic() - started)
                    if said_close:  # the client is told before the connection goes, so it never reuses it
                        closing = asked[-1]
                    assert asked[-1] < 5, "the first connection was never closed"
                    await asyncio.sleep(0.05)
                served_by_first = [at for at in asked if at < opened[1]]
                assert closing == served_by_first[-1]  # the last response on it said "Connection: close"
                assert len(served_by_first) > 3  # kept alive, request after request
                assert served_by_first[-1] >= 0.5  # and let go only past its age
        finally:
            await server.stop()
        await services.recorder.close()
