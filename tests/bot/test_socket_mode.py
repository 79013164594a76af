"""Socket Mode: a local WebSocket server stands in for Slack and delivers a slash-command envelope."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.app import build_app
from bot.digest_poster import ChannelPacer
from bot.server import connect_socket_mode
from bot.settings import Secret
from store.db import Store
from store.state import BotState
from tests.bot.test_resilience import wait_for_log
from tests.conftest import CORPUS, bot_settings
from tests.fakes.fixtures import APP_TOKEN
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import (
    DEFAULT_USER,
    app_mention_payload,
    app_rate_limited_payload,
    block_actions_payload,
    slash_command_payload,
)
from tests.fakes.socket_mode import FakeSocketMode, envelope

PAYLOADS = Path(__file__).resolve().parents[3] / "shared" / "slack-payloads"


@contextlib.asynccontextmanager
async def socket_mode_bot(fake_slack: FakeSlackAPI, fake_socket: FakeSocketMode, db_path: Path) -> AsyncIterator[None]:
    """The bot built as `talkbot serve` builds it, connected over Socket Mode to ``fake_socket``; closed on exit."""
    settings = replace(bot_settings(fake_slack, db_path), slack_signing_secret=None,
                       slack_app_token=Secret(APP_TOKEN))
    store = await Store.open(db_path, CORPUS)
    state = await BotState.open(db_path)
    app, services = build_app(settings, store, state, pacer=ChannelPacer(interval=0.0))
    handler = await connect_socket_mode(app, settings)
    try:
        await fake_socket.wait_for_connection()
        yield
    finally:
        await handler.close_async()
        await services.recorder.close()
        await state.close()
        await store.close()


def slash_envelope(response_url: str) -> dict:
    """The wire example of a slash-command envelope, asking /define XLA."""
    example = PAYLOADS / "socket_mode_slash_command_envelope.json"
    env = json.loads(example.read_text()) if example.exists() else {"type": "slash_commands", "payload": {}}
    env.pop("envelope_id", None)
    env["payload"].update(command="/define", text="XLA", response_url=response_url, channel_id="CSOCK")
    env["payload"].setdefault("user_id", "U111")  # every slash command names its user
    return env


async def test_slash_command_over_socket_mode_is_acked_and_answered(
    clean_slack_env, fake_slack: FakeSlackAPI, fake_socket: FakeSocketMode, db_path: Path
) -> None:
    async with socket_mode_bot(fake_slack, fake_socket, db_path):
        envelope_id = await fake_socket.send_envelope(slash_envelope(fake_slack.response_url("sock")))
        ack = await fake_socket.wait_for_ack(envelope_id)
        assert ack["envelope_id"] == envelope_id
        # A quick answer rides in the ack's payload, as over HTTP; a slow one comes through response_url.
        answer = ack.get("payload") or (await fake_slack.wait_for("response_url"))[0].params
        assert answer["response_type"] == "ephemeral"
        assert "Accelerated Linear Algebra" in json.dumps(answer)
        [opened] = fake_slack.calls_to("apps.connections.open")
        assert opened.headers["Authorization"] == f"Bearer {APP_TOKEN}"


async def test_socket_mode_answers_commands_naming_payload_and_acks_unknown_buttons_and_rate_limits(
    clean_slack_env, fake_slack: FakeSlackAPI, fake_socket: FakeSocketMode, db_path: Path
) -> None:
    """Issue 12 items 1 and 10 over Socket Mode: payloads arrive parsed, so "payload" in a field never mattered
    here; a button from an older version and app_rate_limited are acked as over HTTP."""
    async with socket_mode_bot(fake_slack, fake_socket, db_path):
        command = slash_command_payload("/define", "payload", response_url=fake_slack.response_url("p"),
                                        channel_name="payload-team")
        ack = await fake_socket.wait_for_ack(await fake_socket.send_envelope(envelope("slash_commands", command)))
        answer = ack.get("payload") or (await fake_slack.wait_for("response_url"))[0].params
        assert "payload" in json.dumps(answer).lower()

        click = block_actions_payload("define_next", "idempotency:1", response_url=fake_slack.response_url("b"),
                                      ephemeral=True)
        envelope_id = await fake_socket.send_envelope(envelope("interactive", click))
        assert (await fake_socket.wait_for_ack(envelope_id))["envelope_id"] == envelope_id
        [told] = [call for call in await fake_slack.wait_for("response_url", count=1 if ack.get("payload") else 2)
                  if call.response_name == "b"]
        assert "older version" in told.params["text"]

        envelope_id = await fake_socket.send_envelope(envelope("events_api", app_rate_limited_payload(1518467820)))
        assert (await fake_socket.wait_for_ack(envelope_id))["envelope_id"] == envelope_id


async def test_over_socket_mode_an_unconfirmed_token_leaves_events_unacked_for_redelivery(
    clean_slack_env, fake_slack: FakeSlackAPI, fake_socket: FakeSocketMode, db_path: Path,
    caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 12 item 7 over Socket Mode: while Slack does not confirm the bot token (auth.test failing),
    a command is answered "try again" in its ack and an event envelope is not acknowledged, so Slack
    delivers it again; once Slack confirms the token, the redelivery is answered."""
    caplog.set_level(logging.WARNING)
    fake_slack.users.setdefault(DEFAULT_USER, {"is_admin": True})
    fake_slack.fail_next("auth.test", error="invalid_auth", times=100)
    async with socket_mode_bot(fake_slack, fake_socket, db_path):
        mention = app_mention_payload("what is PJRT?", channel="CSOCK")
        unacked = await fake_socket.send_envelope(envelope("events_api", mention))
        await wait_for_log(caplog, "request not answered kind=event_callback")
        command = slash_command_payload("/define", "XLA", response_url=fake_slack.response_url("s"))
        ack = await fake_socket.wait_for_ack(await fake_socket.send_envelope(envelope("slash_commands", command)))
        assert "try again" in ack["payload"]["text"] and "reinstall" not in ack["payload"]["text"].lower()
        assert unacked not in fake_socket.acks and not fake_slack.calls_to("chat.postMessage")

        fake_slack.clear_failures()
        again = await fake_socket.send_envelope(envelope("events_api", mention, retry_attempt=1,
                                                         retry_reason="timeout"))
        await fake_socket.wait_for_ack(again)
        [posted] = await fake_slack.wait_for("chat.postMessage")
        assert posted.params["thread_ts"] == mention["event"]["ts"]
