"""``/digest`` subcommands through signed requests to the real app, and ``talkbot digest``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.digest_admin import digest_command
from bot.digest_poster import MARKER_EVENT_TYPE, ChannelPacer
from handlers import digest_commands
from store.db import Store
from store.state import BotState
from tests.conftest import RunningBot, bot_settings
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import DEFAULT_USER, slash_command

CHANNEL = "CSUBS"


async def ask(bot: RunningBot, text: str, name: str, channel: str = CHANNEL) -> dict:
    """Send ``/digest text`` as a workspace admin (an editor by default) and return the ephemeral answer
    posted to its response_url."""
    bot.fake.users.setdefault(DEFAULT_USER, {"is_admin": True})
    return await bot.digest_answer(text, name, channel)


def text_of(payload: dict) -> str:
    return json.dumps(payload, ensure_ascii=False)


async def subscription(bot: RunningBot, channel: str = CHANNEL):
    return await bot.services.state.get_subscription(channel)

# -- through Slack -------------------------------------------------------------------------


async def test_subscribe_with_weekday_time_zone_and_topic(bot: RunningBot) -> None:
    answer = await ask(bot, "subscribe mon 09:00 Europe/Berlin topic:xla", "sub")
    shown = text_of(answer)
    assert "Subscribed" in shown and "Mondays at 09:00 (Europe/Berlin)" in shown
    assert "talks tagged `xla`" in shown and "XLA-Crashkurs" in shown  # the first xla talk in corpus order
    stored = await subscription(bot)
    assert stored is not None
    assert (stored.weekday, stored.minute_of_day, stored.timezone, stored.tag) == (0, 540, "Europe/Berlin", "xla")
    assert stored.created_by and not stored.paused
    assert not bot.fake.calls_to("chat.postMessage")


async def test_subscribe_defaults_to_monday_0900_in_the_configured_zone(bot: RunningBot) -> None:
    answer = await ask(bot, "subscribe", "default")
    assert "Mondays at 09:00 (UTC)" in text_of(answer)
    stored = await subscription(bot)
    assert stored is not None and (stored.weekday, stored.minute_of_day, stored.timezone) == (0, 540, "UTC")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("subscribe moonday 09:00", ["`moonday` is not a weekday", "`mon`", "`sonntag`"]),
        ("subscribe mon 25:00", ["`25:00` is not a time", "HH:MM"]),
        ("subscribe mon 9", ["`9` is not a time", "HH:MM"]),
        ("subscribe mon 09:00 Mars/Olympus", ["`Mars/Olympus` is not a time zone", "Europe/Berlin"]),
        ("subscribe mon tue", ["give at most one weekday"]),
        ("subscribe topic:knitting", ["No talk has the tag `knitting`", "`xla`", "`pallas`"]),
        ("subscribe query:zzzqqq", ["No talk matches"]),
    ],
)
async def test_bad_input_gets_an_ephemeral_error_that_says_what_is_accepted(
    bot: RunningBot, text: str, says: list[str]
) -> None:
    answer = await ask(bot, text, "bad")
    for expected in says:
        assert expected in answer["text"]
    assert await subscription(bot) is None


async def test_user_text_in_errors_is_escaped(bot: RunningBot) -> None:
    # "<!channel>" typed as text: Slack sends it escaped; the error shows it as text, escaped once.
    answer = await ask(bot, "subscribe &lt;!channel&gt;", "ping")
    assert "<!channel>" not in text_of(answer) and "`&lt;!channel&gt;` is not" in answer["text"]


async def test_a_ping_in_subscribe_is_dropped_like_in_every_command(bot: RunningBot) -> None:
    answer = await ask(bot, "subscribe <!channel>", "markup")  # @channel as Slack sends it
    assert "<!channel>" not in text_of(answer) and "Subscribed" in answer["text"]


async def test_schedule_pause_resume_and_unsubscribe(bot: RunningBot) -> None:
    assert "no weekly digest" in (await ask(bot, "schedule", "s0"))["text"]
    await ask(bot, "subscribe fri 16:30 America/New_York", "s1")
    schedule = text_of(await ask(bot, "schedule", "s2"))
    assert "Fridays at 16:30 (America/New_York)" in schedule and "Next digest:" in schedule
    assert "Next talk:" in schedule and "Nutzung von TPUs" in schedule  # the first talk in corpus order
    assert "Paused" in (await ask(bot, "pause", "s3"))["text"]
    assert "already paused" in (await ask(bot, "pause", "s4"))["text"]
    paused = text_of(await ask(bot, "schedule", "s5"))
    assert "*Paused*" in paused and "Next digest:" not in paused
    assert "Resumed" in text_of(await ask(bot, "resume", "s6"))
    stored = await subscription(bot)
    assert stored is not None and not stored.paused
    assert "Unsubscribed" in (await ask(bot, "unsubscribe", "s7"))["text"]
    assert await subscription(bot) is None
    assert "no weekly digest" in (await ask(bot, "unsubscribe", "s8"))["text"]
    assert not bot.fake.calls_to("chat.postMessage")


async def test_preview_shows_next_weeks_digest_only_to_the_asker(bot: RunningBot) -> None:
    await ask(bot, "subscribe wed 08:15 Europe/Berlin topic:pallas", "p1")
    answer = await ask(bot, "preview", "p2")
    blocks = answer["blocks"]
    shown = text_of(blocks)
    assert "Preview of the next weekly digest, posted Wednesday" in shown and "08:15 Europe/Berlin" in shown
    assert [b["text"]["text"] for b in blocks if b["type"] == "header"] == [
        "Pallas: Schreiben von Low-Level-Kernels für Google-TPUs"]  # the one talk tagged pallas
    assert "Acronyms in this digest" in shown  # the weekly footer
    assert len(blocks) <= 50
    assert not bot.fake.calls_to("chat.postMessage")


async def test_preview_without_a_subscription_says_so(bot: RunningBot) -> None:
    answer = await ask(bot, "preview", "p0")
    assert "not subscribed" in text_of(answer)


async def test_digest_talk_still_posts_now_and_goes_through_the_ledger(bot: RunningBot) -> None:
    await bot.send(slash_command("/digest", "kinetic", channel_id="CNOWPOST", response_url=bot.fake.response_url("k")))
    calls = await bot.fake.wait_for("chat.postMessage", count=3)
    assert calls[0].params["metadata"]["event_type"] == MARKER_EVENT_TYPE
    async with await BotState.open(bot.services.settings.db_path) as state:  # as another process would see it
        for _ in range(200):  # the listener records "done" just after its last post
            [item] = await state.recent_digests(channel="CNOWPOST")
            if item.digest.status == "done":
                break
            await asyncio.sleep(0.01)
    assert item.digest.kind == "manual" and item.digest.slot.startswith("manual:")
    assert item.digest.status == "done" and item.posted == item.planned == len(bot.fake.posted("CNOWPOST"))
    assert "Kinetic" in calls[0].params["text"]


# -- talkbot digest ------------------------------------------------------------------------


async def test_cli_digest_now_posts_one_digest_and_list_shows_it(
    clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = bot_settings(fake_slack, db_path)
    code = await digest_command(settings, channel="CADMIN", post_now=True, show_list=False,
                                pacer=ChannelPacer(interval=0.0))
    assert code == 0
    out = capsys.readouterr().out
    assert out.startswith("done: nutzung-von-tpus-fuer-relationale-datenbankabfragen in CADMIN")
    posted = fake_slack.posted("CADMIN")
    assert posted[-1]["text"].startswith("Acronyms:")
    assert len(fake_slack.calls_to("chat.postMessage")) == len(posted)
    async with await Store.open(settings.db_path, settings.corpus) as store, await BotState.open(db_path) as state:
        await digest_commands.handle(store, state, "CADMIN", "subscribe tue 10:00 Europe/Berlin")
    assert await digest_command(settings, channel=None, post_now=False, show_list=True) == 0
    listing = capsys.readouterr().out
    assert "CADMIN  Tuesdays at 10:00 (Europe/Berlin)  all talks  next Tuesday" in listing
    assert f"CADMIN  now     done       {len(posted)}/{len(posted)} messages" in listing
    assert await digest_command(settings, channel=None, post_now=True, show_list=False) == 2
