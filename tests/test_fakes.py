"""Proves the Slack fakes in tests/fakes behave like Slack for real slack_sdk / bolt clients."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_bolt.async_app import AsyncApp
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
    AsyncServerErrorRetryHandler,
)
from slack_sdk.http_retry.builtin_interval_calculators import FixedValueRetryIntervalCalculator
from slack_sdk.signature import SignatureVerifier
from slack_sdk.web.async_client import AsyncWebClient

from tests.fakes import BOT_USER_ID, FakeSlackAPI, FakeSocketMode, envelope
from tests.fakes import slack_requests as sr
from tests.fakes.fixtures import (  # noqa: F401  (pytest fixtures)
    APP_TOKEN,
    BOT_TOKEN,
    clean_slack_env,
    fake_slack,
    fake_socket,
    serve_web_app,
    slack_client,
)

pytestmark = pytest.mark.usefixtures("clean_slack_env")

PAYLOADS = Path("/work/shared/slack-payloads")
ROOT = Path(__file__).resolve().parent.parent
FAST = FixedValueRetryIntervalCalculator(0.01)


def _client(fake: FakeSlackAPI, **kwargs: Any) -> AsyncWebClient:
    return AsyncWebClient(token=BOT_TOKEN, base_url=fake.base_url, **kwargs)


# ---------------------------------------------------------------------------- Web API basics


async def test_base_url_has_trailing_slash_and_post_is_recorded(
    fake_slack: FakeSlackAPI, slack_client: AsyncWebClient
) -> None:
    assert fake_slack.base_url.startswith("http://127.0.0.1:") and fake_slack.base_url.endswith("/api/")
    res = await slack_client.chat_postMessage(channel="C1", text="hello")
    assert res["ok"] and res["channel"] == "C1"
    assert res["message"]["text"] == "hello" and res["message"]["user"] == BOT_USER_ID

    [call] = fake_slack.calls_to("chat.postMessage")
    assert call.params == {"channel": "C1", "text": "hello"}
    assert call.headers["Authorization"] == f"Bearer {BOT_TOKEN}"
    assert call.outcome == "ok" and call.ok and call.processed and call.status == 200
    # the token lives only in headers, which repr() and to_json() keep out of sight
    assert BOT_TOKEN not in repr(call) and BOT_TOKEN not in json.dumps(call.to_json())


async def test_ts_values_increase_and_thread_ts_is_echoed(slack_client: AsyncWebClient) -> None:
    first = await slack_client.chat_postMessage(channel="C1", text="a")
    second = await slack_client.chat_postMessage(channel="C1", text="b", thread_ts=first["ts"])
    assert first["ts"] == "1700000000.000100" and second["ts"] == "1700000000.000200"
    assert second["message"]["thread_ts"] == first["ts"]


async def test_form_and_json_bodies_are_parsed(fake_slack: FakeSlackAPI, slack_client: AsyncWebClient) -> None:
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": "*hi*"}}]
    # slack_sdk sends chat.postMessage as JSON ...
    await slack_client.chat_postMessage(channel="C1", text="json", blocks=blocks)
    # ... while most methods are form-encoded; blocks then travel as a JSON string
    await slack_client.api_call(
        "chat.postMessage", data={"channel": "C1", "text": "form", "blocks": json.dumps(blocks)}
    )
    json_call, form_call = fake_slack.calls_to("chat.postMessage")
    assert json_call.headers["Content-Type"].startswith("application/json")
    assert form_call.headers["Content-Type"].startswith("application/x-www-form-urlencoded")
    assert json_call.params["blocks"] == blocks == form_call.params["blocks"]


async def test_auth_errors_and_unknown_methods(fake_slack: FakeSlackAPI, slack_client: AsyncWebClient) -> None:
    auth = await slack_client.auth_test()
    assert auth["user_id"] == "UBOT" and auth["bot_id"] and auth["team_id"]
    with pytest.raises(SlackApiError) as e:
        await slack_client.api_call("no.suchMethod")
    assert e.value.response["error"] == "unknown_method"
    with pytest.raises(SlackApiError) as e:
        await AsyncWebClient(base_url=fake_slack.base_url).chat_postMessage(channel="C1", text="x")
    assert e.value.response["error"] == "not_authed"
    assert [c.outcome for c in fake_slack.calls] == ["ok", "error:unknown_method", "error:not_authed"]
    assert not fake_slack.posted()


async def test_conversations_replies_returns_thread_in_ts_order(
    fake_slack: FakeSlackAPI, slack_client: AsyncWebClient
) -> None:
    parent = fake_slack.add_message("C1", "<@UBOT> question", ts="1515449522.000016")
    await slack_client.chat_postMessage(channel="C1", text="elsewhere")
    r1 = await slack_client.chat_postMessage(
        channel="C1", text="one", thread_ts=parent["ts"], metadata={"event_type": "answer", "event_payload": {"k": 1}}
    )
    r2 = await slack_client.chat_postMessage(channel="C1", text="two", thread_ts=parent["ts"])
    await slack_client.chat_postMessage(channel="C2", text="other channel", thread_ts=parent["ts"])

    res = await slack_client.conversations_replies(channel="C1", ts=parent["ts"])
    assert [m["ts"] for m in res["messages"]] == [parent["ts"], r1["ts"], r2["ts"]]
    assert res["messages"][0]["reply_count"] == 2
    assert "metadata" not in res["messages"][1]  # as on Slack: only with include_all_metadata
    res = await slack_client.conversations_replies(channel="C1", ts=parent["ts"], include_all_metadata=True)
    assert res["messages"][1]["metadata"]["event_type"] == "answer"

    with pytest.raises(SlackApiError) as e:
        await slack_client.conversations_replies(channel="C1", ts="1.000001")
    assert e.value.response["error"] == "thread_not_found"


async def test_other_methods(fake_slack: FakeSlackAPI, slack_client: AsyncWebClient) -> None:
    posted = await slack_client.chat_postMessage(channel="C1", text="v1")
    updated = await slack_client.chat_update(channel="C1", ts=posted["ts"], text="v2")
    assert updated["ts"] == posted["ts"] and fake_slack.posted("C1")[0]["text"] == "v2"
    eph = await slack_client.chat_postEphemeral(channel="C1", user="U1", text="psst")
    with pytest.raises(SlackApiError) as e:  # ephemeral messages cannot be edited
        await slack_client.chat_update(channel="C1", ts=eph["message_ts"], text="x")
    assert e.value.response["error"] == "message_not_found"

    view = {"type": "home", "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "hi"}}]}
    res = await slack_client.views_publish(user_id="U1", view=view)
    assert res["view"]["type"] == "home" and fake_slack.home_views["U1"]["blocks"] == view["blocks"]

    info = await slack_client.conversations_info(channel="C1")
    assert info["channel"]["id"] == "C1" and info["channel"]["is_member"]

    with pytest.raises(SlackApiError) as e:
        await slack_client.chat_postMessage(channel="C1", text="x", blocks=[{"type": "divider"}] * 51)
    assert e.value.response["error"] == "invalid_blocks"
    with pytest.raises(SlackApiError) as e, pytest.warns(UserWarning, match="`text` argument is missing"):
        await slack_client.chat_postMessage(channel="C1", text="")
    assert e.value.response["error"] == "no_text"


# ---------------------------------------------------------------------------- failures


async def test_rate_limit_is_retried_by_rate_limit_handler(fake_slack: FakeSlackAPI) -> None:
    fake_slack.fail_next("chat.postMessage", status=429, retry_after=0)
    with pytest.raises(SlackApiError) as e:  # no handler: the 429 reaches the caller
        await _client(fake_slack, retry_handlers=[]).chat_postMessage(channel="C1", text="x")
    assert e.value.response.status_code == 429 and e.value.response.headers["Retry-After"] == "0"
    assert e.value.response["error"] == "ratelimited"

    fake_slack.fail_next("chat.postMessage", status=429, retry_after=0)
    client = _client(fake_slack, retry_handlers=[AsyncRateLimitErrorRetryHandler(max_retry_count=1)])
    res = await client.chat_postMessage(channel="C1", text="y")
    assert res["ok"]
    attempts = [c for c in fake_slack.calls_to("chat.postMessage") if c.params["text"] == "y"]
    assert [c.outcome for c in attempts] == ["status:429", "ok"]
    assert len(fake_slack.posted("C1")) == 1


async def test_server_error_is_retried_by_server_error_handler(fake_slack: FakeSlackAPI) -> None:
    fake_slack.fail_next("chat.postMessage", status=500)
    client = _client(fake_slack, retry_handlers=[AsyncServerErrorRetryHandler(interval_calculator=FAST)])
    assert (await client.chat_postMessage(channel="C1", text="x"))["ok"]
    assert [c.outcome for c in fake_slack.calls] == ["status:500", "ok"]


async def test_ok_false_error_and_wildcard_queue(fake_slack: FakeSlackAPI, slack_client: AsyncWebClient) -> None:
    fake_slack.fail_next("chat.postMessage", error="channel_not_found")
    fake_slack.fail_next(status=503)  # "*": whatever comes next (after method-specific ones)
    with pytest.raises(SlackApiError) as e:
        await slack_client.chat_postMessage(channel="C1", text="x")
    assert e.value.response.status_code == 200 and e.value.response["error"] == "channel_not_found"
    with pytest.raises(SlackApiError) as e:
        await slack_client.auth_test()
    assert e.value.response.status_code == 503
    assert (await slack_client.auth_test())["ok"]
    with pytest.raises(ValueError):
        fake_slack.fail_next("chat.postMessage", status=500, hang=True)


async def test_hang_makes_client_time_out_and_after_post_still_posts(fake_slack: FakeSlackAPI) -> None:
    client = _client(fake_slack, timeout=0.3)  # type: ignore[arg-type]
    fake_slack.fail_next("chat.postMessage", hang=True)
    started = time.monotonic()
    with pytest.raises(asyncio.TimeoutError):
        await client.chat_postMessage(channel="C1", text="lost")
    assert 0.25 < time.monotonic() - started < 2
    [call] = fake_slack.calls_to("chat.postMessage")
    assert call.outcome == "hang" and call.status is None and not call.processed
    assert fake_slack.posted() == []

    # Slack posted it, but the answer never arrived: the thread shows it, the client does not.
    parent = await client.chat_postMessage(channel="C1", text="parent")
    fake_slack.fail_next("chat.postMessage", hang=True, after_post=True)
    with pytest.raises(asyncio.TimeoutError):
        await client.chat_postMessage(channel="C1", text="reply", thread_ts=parent["ts"])
    replies = await client.conversations_replies(channel="C1", ts=parent["ts"])
    assert [m["text"] for m in replies["messages"]] == ["parent", "reply"]
    last = fake_slack.calls_to("chat.postMessage")[-1]
    assert last.outcome == "hang" and last.processed and last.response is not None
    assert last.response["ts"] == replies["messages"][1]["ts"]


async def test_stop_releases_hung_requests() -> None:
    fake = await FakeSlackAPI().start()
    fake.fail_next(hang=True)
    call = asyncio.create_task(_client(fake).auth_test())  # 30 s default client timeout
    await fake.wait_for("auth.test")
    started = time.monotonic()
    await fake.stop()
    assert time.monotonic() - started < 1
    with pytest.raises(aiohttp.ClientError):
        await call


async def test_reset_is_retried_by_default_handler_and_can_duplicate(fake_slack: FakeSlackAPI) -> None:
    client = _client(fake_slack, retry_handlers=[AsyncConnectionErrorRetryHandler(interval_calculator=FAST)])
    fake_slack.fail_next("chat.postMessage", reset=True)
    assert (await client.chat_postMessage(channel="C1", text="once"))["ok"]
    assert [c.outcome for c in fake_slack.calls] == ["reset", "ok"]
    assert len(fake_slack.posted()) == 1

    # A reset after Slack stored the message + slack_sdk's connection-error retry = duplicate.
    fake_slack.reset()
    fake_slack.fail_next("chat.postMessage", reset=True, after_post=True)
    assert (await client.chat_postMessage(channel="C1", text="twice"))["ok"]
    assert [m["text"] for m in fake_slack.posted("C1")] == ["twice", "twice"]

    fake_slack.fail_next("chat.postMessage", reset=True, times=2)
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await client.chat_postMessage(channel="C1", text="gone")


async def test_latency_rate_limit_and_wait_for(fake_slack: FakeSlackAPI, slack_client: AsyncWebClient) -> None:
    fake_slack.latency = 0.05
    started = time.monotonic()
    await slack_client.auth_test()
    assert time.monotonic() - started >= 0.05
    fake_slack.latency = 0

    fake_slack.rate_limit("chat.postMessage", per_second=0.5, burst=2)
    client = _client(fake_slack, retry_handlers=[])
    for _ in range(2):
        await client.chat_postMessage(channel="C1", text="burst")
    await client.chat_postMessage(channel="C2", text="other channel has its own bucket")
    with pytest.raises(SlackApiError) as e:
        await client.chat_postMessage(channel="C1", text="too fast")
    assert e.value.response.status_code == 429

    task = asyncio.create_task(slack_client.conversations_info(channel="C9"))
    [call] = await fake_slack.wait_for("conversations.info", timeout=2)
    assert call.params["channel"] == "C9"
    await task
    with pytest.raises(asyncio.TimeoutError):
        await fake_slack.wait_for("views.publish", timeout=0.05)


async def test_settle_waits_until_calls_stop(fake_slack: FakeSlackAPI, slack_client: AsyncWebClient) -> None:
    async def trickle() -> None:
        for index in range(5):  # a call every 0.1 s: each comes within the quiet window of the one before
            await slack_client.chat_postMessage(channel="CSETTLE", text=str(index))
            await asyncio.sleep(0.1)

    task = asyncio.create_task(trickle())
    await fake_slack.wait_for("chat.postMessage")
    calls = await fake_slack.settle(quiet=0.3)
    assert [c.params["text"] for c in calls] == ["0", "1", "2", "3", "4"]
    await task
    fake_slack.reset()
    assert await fake_slack.settle(quiet=0.05) == []
    stream = asyncio.create_task(_post_every(slack_client, 0.01))
    with pytest.raises(asyncio.TimeoutError):
        await fake_slack.settle(quiet=0.2, timeout=0.3)
    stream.cancel()
    with pytest.raises(asyncio.CancelledError):
        await stream


async def _post_every(client: AsyncWebClient, seconds: float) -> None:
    while True:
        await client.chat_postMessage(channel="CSTREAM", text="again")
        await asyncio.sleep(seconds)


async def test_response_url_is_recorded_and_limited_to_five_uses(fake_slack: FakeSlackAPI) -> None:
    url = fake_slack.response_url("define-1")
    assert url.endswith("/response/define-1")
    async with aiohttp.ClientSession() as session:
        statuses = []
        for i in range(6):
            async with session.post(url, json={"text": f"r{i}", "response_type": "ephemeral"}) as res:
                statuses.append(res.status)
                body = await res.text()
    assert statuses == [200] * 5 + [404]
    assert body == "expired_url"  # plain text, as Slack answers
    calls = fake_slack.calls_to("response_url")
    assert len(calls) == 6 and calls[0].response_name == "define-1"
    assert calls[0].params == {"text": "r0", "response_type": "ephemeral"}


# ---------------------------------------------------------------------------- signed requests


def _form(body: bytes) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(body.decode(), keep_blank_values=True).items()}


def test_signed_slash_command_verifies_and_matches_slack_fields() -> None:
    req = sr.slash_command("/define", "idempotency", response_url="http://127.0.0.1:1/response/x", signing_secret="s3")
    verifier = SignatureVerifier("s3")
    assert verifier.is_valid_request(req.body, req.headers)
    assert not SignatureVerifier("other").is_valid_request(req.body, req.headers)
    old = sr.slash_command("/define", "x", response_url="u", signing_secret="s3", timestamp=int(time.time()) - 301)
    assert not verifier.is_valid_request(old.body, old.headers)

    sample = json.loads((PAYLOADS / "slash_command.json").read_text())
    fields = _form(req.body)
    assert set(sample) - {"enterprise_id", "enterprise_name"} <= set(fields)
    assert fields["command"] == "/define" and fields["text"] == "idempotency"
    assert req.headers["Content-Type"] == "application/x-www-form-urlencoded"


def test_event_and_interaction_builders_match_samples() -> None:
    mention = sr.app_mention("what is x?", event_id="Ev1", ts="2.000002", thread_ts="1.000001", retry_num=1)
    body = json.loads(mention.body)
    sample = json.loads((PAYLOADS / "app_mention_in_thread.json").read_text())
    assert set(sample) <= set(body) and set(sample["event"]) <= set(body["event"])
    assert body["event"]["text"] == "<@UBOT> what is x?" and body["event"]["thread_ts"] == "1.000001"
    assert mention.headers["X-Slack-Retry-Num"] == "1" and mention.headers["X-Slack-Retry-Reason"] == "http_timeout"

    action = sr.block_actions("define_next", "idempotency:1", response_url="u", message_ts="3.000003")
    payload = json.loads(_form(action.body)["payload"])
    sample = json.loads((PAYLOADS / "block_actions.json").read_text())
    assert set(sample) <= set(payload)
    assert payload["actions"][0]["action_id"] == "define_next" and payload["container"]["message_ts"] == "3.000003"

    home = json.loads(sr.app_home_opened("U1").body)
    assert home["event"]["type"] == "app_home_opened" and home["event"]["user"] == "U1"
    assert json.loads(sr.url_verification("abc").body)["challenge"] == "abc"
    env = envelope("events_api", sr.app_mention_payload("hi"), retry_attempt=1, retry_reason="timeout")
    assert env["retry_attempt"] == 1 and env["accepts_response_payload"] is False


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=200))
def test_signature_holds_for_any_text(text: str) -> None:
    req = sr.slash_command("/talk", text, response_url="u")
    assert SignatureVerifier(sr.DEFAULT_SIGNING_SECRET).is_valid_request(req.body, req.headers)
    assert _form(req.body)["text"] == text


# ---------------------------------------------------------------------------- real bolt apps


def _bolt_app(fake: FakeSlackAPI) -> AsyncApp:
    # Passing token= as well as client= only makes bolt log a warning; the client's token wins.
    app = AsyncApp(signing_secret=sr.DEFAULT_SIGNING_SECRET, client=_client(fake))

    @app.command("/echo")
    async def echo(ack: Any, command: dict[str, Any], respond: Any) -> None:
        await ack(f"echo: {command['text']}")
        await respond(f"later: {command['text']}")

    @app.event("app_mention")
    async def mention(event: dict[str, Any], say: Any) -> None:
        await say(text="hi", thread_ts=event.get("thread_ts") or event["ts"])

    return app


async def test_bolt_http_app_accepts_signed_and_rejects_unsigned(fake_slack: FakeSlackAPI) -> None:
    app = _bolt_app(fake_slack)
    async with serve_web_app(app.web_app()) as root, aiohttp.ClientSession() as session:
        url = f"{root}/slack/events"
        req = sr.slash_command("/echo", "ping", response_url=fake_slack.response_url("echo"))
        res = await sr.post(session, url, *req)
        # HTTP mode: ack("text") is a text/plain body (Socket Mode wraps it as {"text": ...})
        assert res.status == 200 and res.text == "echo: ping"
        assert res.headers["Content-Type"].startswith("text/plain")
        [later] = await fake_slack.wait_for("response_url")
        assert later.response_name == "echo" and later.params["text"] == "later: ping"

        bad = sr.slash_command("/echo", "ping", response_url="u", signing_secret="wrong")
        assert (await sr.post(session, url, *bad)).status == 401

        parent = fake_slack.add_message("C1", "<@UBOT> hello")
        mention = sr.app_mention("hello", channel="C1", ts=parent["ts"])
        assert (await sr.post(session, url, *mention)).status == 200
        [reply] = await fake_slack.wait_for("chat.postMessage")
        assert reply.params["thread_ts"] == parent["ts"] and reply.params["channel"] == "C1"
        assert fake_slack.calls_to("auth.test")  # bolt's single-team authorize

        check = sr.url_verification("c-123")
        assert (await sr.post(session, url, *check)).json() == {"challenge": "c-123"}


async def test_socket_mode_handler_acks_envelope(fake_slack: FakeSlackAPI, fake_socket: FakeSocketMode) -> None:
    app = _bolt_app(fake_slack)
    handler = AsyncSocketModeHandler(app, app_token=APP_TOKEN, web_client=_client(fake_slack))
    await handler.connect_async()
    try:
        await fake_socket.wait_for_connection()
        [opened] = fake_slack.calls_to("apps.connections.open")
        assert opened.headers["Authorization"] == f"Bearer {APP_TOKEN}" and opened.ok

        env = json.loads((PAYLOADS / "socket_mode_slash_command_envelope.json").read_text())
        env["payload"]["command"] = "/echo"
        env["payload"]["text"] = "over socket"
        env["payload"]["response_url"] = fake_slack.response_url("sock")
        del env["envelope_id"]  # send_envelope adds a fresh one
        envelope_id = await fake_socket.send_envelope(env)
        ack = await fake_socket.wait_for_ack(envelope_id)
        assert ack == {"envelope_id": envelope_id, "payload": {"text": "echo: over socket"}}
        [later] = await fake_slack.wait_for("response_url")
        assert later.response_name == "sock"

        mention_id = await fake_socket.send_envelope(
            envelope("events_api", sr.app_mention_payload("hi", channel="C7", ts="5.000005"))
        )
        assert await fake_socket.wait_for_ack(mention_id) == {"envelope_id": mention_id}
        [reply] = await fake_slack.wait_for("chat.postMessage")
        assert reply.params["thread_ts"] == "5.000005"
        await fake_socket.send_disconnect()  # Slack's "please reconnect" frame
        await fake_socket.wait_for_connection(count=2)
        assert len(fake_slack.calls_to("apps.connections.open")) == 2
        assert fake_socket.tickets[0] != fake_socket.tickets[1]
        again = await fake_socket.send_envelope(envelope("slash_commands", sr.slash_command_payload(
            "/echo", "again", response_url=fake_slack.response_url("again"))))
        assert (await fake_socket.wait_for_ack(again))["payload"] == {"text": "echo: again"}
    finally:
        await handler.close_async()


# ---------------------------------------------------------------------------- standalone server


async def test_standalone_server_reports_calls_and_exits_cleanly() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.fakes.slack_api", "--port", "0",
        cwd=ROOT, env=env, stdout=subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdout is not None
    try:
        base_url = (await asyncio.wait_for(proc.stdout.readline(), 10)).decode().strip()
        assert base_url.startswith("http://127.0.0.1:") and base_url.endswith("/api/")
        root = base_url[: -len("/api/")]
        client = AsyncWebClient(token=BOT_TOKEN, base_url=base_url, retry_handlers=[])
        async with aiohttp.ClientSession() as session:
            async with session.post(f"{root}/_fail_next", json={"method": "chat.postMessage", "status": 500}):
                pass
            with pytest.raises(SlackApiError):
                await client.chat_postMessage(channel="C1", text="a")
            await client.chat_postMessage(channel="C1", text="b")
            await client.auth_test()
            async with session.get(f"{root}/_calls", params={"method": "chat.postMessage"}) as res:
                calls = (await res.json())["calls"]
        assert [c["outcome"] for c in calls] == ["status:500", "ok"]
        assert calls[1]["headers"]["Authorization"] == "Bearer ***" and calls[1]["time"] > 0

        proc.send_signal(signal.SIGTERM)
        out = await asyncio.wait_for(proc.stdout.read(), 10)
        assert await asyncio.wait_for(proc.wait(), 10) == 0
        assert json.loads(out.decode().strip()) == {"auth.test": 1, "chat.postMessage": 2}
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
