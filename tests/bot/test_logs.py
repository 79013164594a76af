"""Logs for operators: JSON lines with TALKBOT_LOG_FORMAT=json, and no response_url in any line."""

from __future__ import annotations

import json
import logging

import pytest

from bot.log_format import JsonFormatter
from tests.bot.test_resilience import wait_for_log
from tests.conftest import RunningBot
from tests.fakes.slack_requests import DEFAULT_CHANNEL, app_mention, slash_command


async def test_json_lines_carry_request_fields_and_never_user_text(
    bot: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    await bot.command_answer(slash_command("/define", "XLA secret-question-words",
                                           response_url=bot.fake.response_url("j")))
    await bot.send(app_mention("what is PJRT? more-private-words"))
    await bot.fake.wait_for("chat.postMessage")
    await wait_for_log(caplog, "request kind=mention")
    formatter = JsonFormatter()
    lines = [formatter.format(record) for record in caplog.records]
    for line in lines:
        assert "\n" not in line and isinstance(json.loads(line), dict)
        assert "secret-question-words" not in line and "more-private-words" not in line
    requests = [json.loads(line) for line in lines if json.loads(line)["logger"] == "talkbot.requests"]
    assert [(r["kind"], r["outcome"], r["channel"]) for r in requests] == [
        ("define", "ok", DEFAULT_CHANNEL), ("mention", "ok", DEFAULT_CHANNEL)]
    for request in requests:
        assert request["event"] == "requests" and request["level"] == "INFO"
        assert len(request["request_id"]) == 12 and request["latency_ms"] >= 0
        assert "message" not in request and "text" not in request
    assert requests[0]["request_id"] != requests[1]["request_id"]


@pytest.mark.parametrize("level", [logging.INFO, logging.DEBUG])
async def test_a_response_url_retry_never_logs_the_url(
    bot: RunningBot, caplog: pytest.LogCaptureFixture, level: int
) -> None:
    caplog.set_level(level)
    bot.services.ack_answer_budget = 0.0  # answer through response_url
    url = bot.fake.response_url("retried")
    bot.fake.fail_next("response_url", status=500)  # slack_sdk retries it, and logs that it does
    await bot.send(slash_command("/talk", "pallas", response_url=url))
    await bot.fake.wait_for("response_url", outcome="ok")
    await wait_for_log(caplog, "request kind=talk outcome=ok")
    assert all(url not in record.getMessage() for record in caplog.records)
    retry_lines = [r for r in caplog.records if "A retry handler found" in r.getMessage()]
    if level == logging.DEBUG:
        assert retry_lines and all(r.levelno == logging.DEBUG and "<response_url>" in r.getMessage()
                                   for r in retry_lines)
    else:
        assert retry_lines == []
