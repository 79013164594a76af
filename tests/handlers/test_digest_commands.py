"""``/digest`` subcommands in the handler: reading weekday, time, time zone and filters, and the replies."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from handlers import digest_commands
from handlers.digest_commands import ScheduleInputError
from handlers.replies import DigestPreview, ScheduleReply
from store.db import Store
from store.state import BotState
from tests.conftest import RunningBot

CHANNEL = "CSUBS"


async def ask(bot: RunningBot, text: str, name: str, channel: str = CHANNEL) -> dict:
    """Send ``/digest text`` and return the ephemeral answer posted to its response_url."""
    return await bot.digest_answer(text, name, channel)


def text_of(payload: dict) -> str:
    return json.dumps(payload, ensure_ascii=False)


async def subscription(bot: RunningBot, channel: str = CHANNEL):
    return await bot.services.state.get_subscription(channel)

# -- the handler directly ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "weekday", "minute", "zone"),
    [
        ("Dienstag 14:30 europe/berlin", 1, 870, "Europe/Berlin"),
        ("fr 2:30pm UTC", 4, 870, "UTC"),
        ("9am sundays", 6, 540, None),
        ("07.45", None, 465, None),
    ],
)
def test_subscribe_words_in_any_order_and_spelling(words: str, weekday: int | None, minute: int,
                                                    zone: str | None) -> None:
    request = digest_commands.parse_subscribe(words.split())
    assert (request.weekday, request.minute_of_day, request.timezone) == (weekday, minute, zone)


def test_a_query_filter_runs_to_the_end_of_the_text() -> None:
    request = digest_commands.parse_subscribe("thu 10:00 query:pallas kernels".split())
    assert request.query == "pallas kernels" and request.weekday == 3


def test_topic_and_query_together_are_refused() -> None:
    with pytest.raises(ScheduleInputError):
        digest_commands.parse_subscribe("topic:xla query:pallas".split())


async def test_default_zone_comes_from_settings(store: Store, db_path: Path) -> None:
    async with await BotState.open(db_path) as state:
        now = datetime(2025, 3, 20, 12, tzinfo=timezone.utc)
        reply = await digest_commands.handle(store, state, "CTZ", "subscribe", default_timezone="Europe/Berlin",
                                             now=now)
        assert isinstance(reply, ScheduleReply)
        assert reply.subscription.timezone == "Europe/Berlin"
        assert reply.next_post_at == datetime(2025, 3, 24, 8, tzinfo=timezone.utc)  # Monday 09:00 CET
        preview = await digest_commands.handle(store, state, "CTZ", "preview", now=now)
        assert isinstance(preview, DigestPreview) and preview.post_at == reply.next_post_at
        assert preview.thread.footer_terms  # weekly digests end with the acronym footer
        notice = await digest_commands.handle(store, state, "CTZ", "resume", now=now)
        assert isinstance(notice, ScheduleReply) and "not paused" in notice.headline
