"""Issue 15 end to end: votes, the 👎 form, reactions, unanswered questions, privacy, retention, forget me,
uninstall, /talkbot and the weekly curator report, through the served app and the fake Web API."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from bot.digest_poster import ChannelPacer, DigestPoster
from bot.report_scheduler import ReportScheduler
from bot.usage import RetentionPurge
from handlers.blocks import ACTION_ASK_AGAIN, ACTION_VOTE_DOWN, ACTION_VOTE_UP, COMMENT_BLOCK, REASON_BLOCK
from handlers.wording import say
from store.backup import backup
from store.db import Store
from store.state import REPORT, BotState, Subscription, report_slot_key
from store.usage import DM, PRIVATE, PUBLIC, question_answer
from tests.conftest import CORPUS, RunningBot
from tests.fakes.slack_api import BOT_USER_ID, FakeSlackAPI
from tests.fakes.slack_requests import (
    DEFAULT_CHANNEL,
    DEFAULT_USER,
    app_home_opened,
    app_mention,
    app_uninstalled,
    block_actions,
    direct_message,
    reaction,
    slash_command,
    view_submission,
)

EDITOR = "UEDITOR1"
OTHER = "UOTHER22"
PRIVATE_CHANNEL = "GPRIVATE1"
DM_CHANNEL = "DDIRECT01"
NONSENSE = "Quantenschaumgummi Zebrafink"  # in no summary


def text_of(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False)


def vote_refs(payload: dict[str, Any]) -> dict[str, str]:
    """action_id -> value of the 👍/👎 buttons of a message."""
    return {e["action_id"]: e["value"] for b in payload.get("blocks", []) if b["type"] == "actions"
            for e in b["elements"] if e["action_id"] in (ACTION_VOTE_UP, ACTION_VOTE_DOWN)}


async def eventually(check: Callable[[], Awaitable[Any]], timeout: float = 5.0) -> Any:
    """Poll ``check`` until it returns something truthy (recording runs after the reply went out)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (found := await check()):
        assert loop.time() < deadline, "timed out waiting"
        await asyncio.sleep(0.01)
    return found


async def ask(bot: RunningBot, command: str, text: str, name: str, **fields: Any) -> dict[str, Any]:
    """A slash command's answer, once its question is recorded."""
    answer = await command_reply(bot, slash_command(command, text, response_url=bot.fake.response_url(name),
                                                    **fields), name)
    ref = vote_refs(answer).get(ACTION_VOTE_UP)
    assert ref, "an answer to a question carries vote buttons"
    await eventually(lambda: bot.services.state.question(ref))
    return answer


async def talkbot(bot: RunningBot, text: str, name: str, **fields: Any) -> dict[str, Any]:
    """/talkbot TEXT: its private reply (in the ack, or through response_url)."""
    return await command_reply(bot, slash_command("/talkbot", text, response_url=bot.fake.response_url(name),
                                                  **fields), name)


async def command_reply(bot: RunningBot, request: Any, name: str) -> dict[str, Any]:
    """A slash command's private reply: the ack's body, or what went to its response_url ``name``."""
    result = await bot.send(request)
    assert result.status == 200, result.text
    if result.body and ((body := result.json()).get("text") or body.get("blocks")):
        return body
    [reply] = await replies_to(bot, name)
    return reply


async def click(bot: RunningBot, action_id: str, value: str, name: str, **fields: Any) -> None:
    result = await bot.send(block_actions(action_id, value, response_url=bot.fake.response_url(name),
                                          ephemeral=True, **fields))
    assert result.status == 200


async def replies_to(bot: RunningBot, name: str, count: int = 1) -> list[dict[str, Any]]:
    """What the app sent to the response_url ``name``, once at least ``count`` arrived."""
    async def arrived() -> list[dict[str, Any]] | None:
        found = [c.params for c in bot.fake.calls_to("response_url") if c.response_name == name]
        return found if len(found) >= count else None

    return list(await eventually(arrived))


async def mention(bot: RunningBot, text: str, channel: str = DEFAULT_CHANNEL, user: str = DEFAULT_USER) -> dict:
    before = len(bot.fake.calls_to("chat.postMessage"))
    result = await bot.send(app_mention(text, channel=channel, user=user))
    assert result.status == 200
    calls = await bot.fake.wait_for("chat.postMessage", count=before + 1)
    posted = calls[-1].response
    await eventually(lambda: bot.services.state.question_answered_by(posted["channel"], posted["ts"]))
    return posted


@pytest.fixture
def roles(bot: RunningBot) -> None:
    """EDITOR is a workspace admin (editors default to admins and owners); the private channel is private."""
    bot.fake.users[EDITOR] = {"is_admin": True}
    bot.fake.channels[PRIVATE_CHANNEL] = {"is_private": True, "is_channel": False, "is_group": True}


# -- 1. votes --------------------------------------------------------------------------------


async def test_private_answer_carries_vote_buttons_and_its_question_is_recorded(bot: RunningBot) -> None:
    answer = await ask(bot, "/define", "XLA", "d1")
    refs = vote_refs(answer)
    assert set(refs) == {ACTION_VOTE_UP, ACTION_VOTE_DOWN} and refs[ACTION_VOTE_UP] == refs[ACTION_VOTE_DOWN]
    question = await bot.services.state.question(refs[ACTION_VOTE_UP])
    assert question is not None and question.answered and question.visibility == PUBLIC
    assert question.text == "XLA" and question.via == "define" and question.user_id == DEFAULT_USER


async def test_vote_then_change_the_vote(bot: RunningBot) -> None:
    ref = vote_refs(await ask(bot, "/define", "XLA", "d1"))[ACTION_VOTE_UP]
    await click(bot, ACTION_VOTE_UP, ref, "v1")
    [thanks] = await replies_to(bot, "v1")
    assert "👍" in thanks["text"] and thanks["replace_original"] is False
    vote = await bot.services.state.vote_of(question_answer(ref), DEFAULT_USER)
    assert vote is not None and vote.value == 1
    await click(bot, ACTION_VOTE_DOWN, ref, "v2")
    await bot.fake.wait_for("views.open")
    await eventually(lambda: _votes_if(bot, lambda vs: vs[0].value == -1))  # changed, still one vote
    await click(bot, ACTION_VOTE_UP, ref, "v3")
    [changed] = await replies_to(bot, "v3")
    assert "Changed your vote to 👍" in changed["text"]
    stats = await bot.services.state.votes_since(0)
    assert [v.value for v in stats] == [1]
    assert not bot.fake.calls_to("chat.update")


async def test_thumbs_down_opens_a_form_and_its_reason_is_kept_once(bot: RunningBot) -> None:
    ref = vote_refs(await ask(bot, "/talk", "pallas kernels", "t1"))[ACTION_VOTE_DOWN]
    await click(bot, ACTION_VOTE_DOWN, ref, "v1", trigger_id="111.222.abc")
    [opened] = await bot.fake.wait_for("views.open")
    assert opened.params["trigger_id"] == "111.222.abc"
    view = bot.fake.opened_views[0]
    assert view["private_metadata"] == ref
    values = {REASON_BLOCK: {REASON_BLOCK: {"type": "radio_buttons", "selected_option": {"value": "wrong_talk"}}},
              COMMENT_BLOCK: {COMMENT_BLOCK: {"type": "plain_text_input", "value": "Pallas is <!channel> talk 2"}}}
    for _ in range(2):  # submitted twice: still one vote with its reason
        result = await bot.send(view_submission(view, values))
        assert result.status == 200 and result.body in (b"", b"{}")
    await bot.services.recorder.drain()
    votes = await bot.services.state.votes_since(0)
    assert len(votes) == 1 and votes[0].reason == "wrong_talk" and votes[0].comment == "Pallas is <!channel> talk 2"
    # A form whose private_metadata was tampered with changes nothing.
    tampered = {**view, "private_metadata": "not-an-answer-ref"}
    values[REASON_BLOCK][REASON_BLOCK]["selected_option"]["value"] = "other"
    assert (await bot.send(view_submission(tampered, values))).status == 200
    assert [(v.reason, v.comment) for v in await bot.services.state.votes_since(0)] == [
        ("wrong_talk", "Pallas is <!channel> talk 2")]


async def test_tampered_or_foreign_vote_buttons_change_nothing(bot: RunningBot) -> None:
    ref = vote_refs(await ask(bot, "/define", "XLA", "d1"))[ACTION_VOTE_UP]
    await click(bot, ACTION_VOTE_UP, "AAAAAAAAAAAAAAAA", "v1")
    [gone] = await replies_to(bot, "v1")
    assert "no longer stored" in gone["text"]
    await click(bot, ACTION_VOTE_UP, '{"q": 1}', "v2")
    [bad] = await replies_to(bot, "v2")
    assert "no longer stored" in bad["text"]
    await click(bot, ACTION_VOTE_DOWN, ref, "v3", user_id=OTHER)
    [foreign] = await replies_to(bot, "v3")
    assert "only rate answers that were given to you" in foreign["text"]
    assert await bot.services.state.votes_since(0) == []
    assert not bot.fake.calls_to("views.open")


# -- 2. reactions on public answers ------------------------------------------------------------


async def test_reactions_on_the_bots_public_answer_are_one_changeable_vote(bot: RunningBot) -> None:
    posted = await mention(bot, "what is XLA?")
    ts, channel = posted["ts"], posted["channel"]
    assert not vote_refs(posted["message"])  # public answers get no vote buttons

    async def react(kind: str, name: str, user: str = OTHER, item_user: str = BOT_USER_ID) -> None:
        result = await bot.send(reaction(kind, name, user=user, channel=channel, message_ts=ts, item_user=item_user))
        assert result.status == 200

    await react("reaction_added", "+1")
    await react("reaction_added", "-1::skin-tone-3")
    await react("reaction_added", "heart")
    await react("reaction_added", "+1", user="UTHIRD33", item_user="USOMEONE")  # not the bot's message
    votes = await eventually(lambda: _votes_if(bot, lambda vs: vs and vs[0].value == -1))
    assert [(v.value, v.via) for v in votes] == [(-1, "reaction")]
    await react("reaction_removed", "+1")  # not the current vote: nothing changes
    await react("reaction_removed", "-1")
    await react("reaction_added", "thumbsup", user="UTHIRD33")
    votes = await eventually(lambda: _votes_if(bot, lambda vs: len(vs) == 1 and vs[0].value == 1))
    assert [(v.value, v.question.text if v.question else None) for v in votes] == [(1, "what is XLA?")]
    assert not bot.fake.calls_to("chat.update")  # the public message never changes


async def _votes_if(bot: RunningBot, condition: Callable[[list[Any]], Any]) -> list[Any] | None:
    votes = await bot.services.state.votes_since(0)
    return votes if condition(votes) else None


# -- 3. unanswered questions and privacy ------------------------------------------------------


async def test_a_dm_question_gets_vote_buttons_and_counts_as_a_dm(bot: RunningBot, roles: None) -> None:
    assert (await bot.send(direct_message(f"what is {NONSENSE}?", channel=DM_CHANNEL))).status == 200
    [posted] = await bot.fake.wait_for("chat.postMessage")
    ref = vote_refs(posted.params).get(ACTION_VOTE_UP)
    assert ref  # a DM answer is private: buttons, not reactions
    question = await eventually(lambda: bot.services.state.question(ref))
    assert question.visibility == DM and not question.answered and question.via == "dm"
    gaps = text_of(await talkbot(bot, "gaps", "g", user_id=EDITOR))
    assert NONSENSE not in gaps and "1 more unanswered in private channels and DMs" in gaps


async def test_unanswered_questions_are_recorded_normalised_with_where_they_were_asked(
        bot: RunningBot, roles: None) -> None:
    await ask(bot, "/define", NONSENSE, "n1")
    await ask(bot, "/define", f"  {NONSENSE.upper()}?! ", "n2", user_id=OTHER)
    await ask(bot, "/define", NONSENSE, "n3", channel_id=PRIVATE_CHANNEL, channel_name="privategroup")
    await ask(bot, "/define", NONSENSE, "n4", channel_id=DM_CHANNEL, channel_name="directmessage")
    questions = await bot.services.state.questions_since(0)
    assert [(q.answered, q.visibility) for q in questions] == [(False, PUBLIC), (False, PUBLIC), (False, PRIVATE),
                                                               (False, DM)]
    assert {q.normalized for q in questions} == {"quantenschaumgummi zebrafink"}


async def test_reports_show_only_public_questions_and_never_who_asked(bot: RunningBot, roles: None) -> None:
    await ask(bot, "/define", "Zebrafinkpublik", "p1")
    await ask(bot, "/define", "Geheimprojekt Rotfuchs", "p2", channel_id=PRIVATE_CHANNEL)
    await ask(bot, "/talk", "Geheimprojekt Blaumeise", "p3", channel_id=DM_CHANNEL, channel_name="directmessage")
    await mention(bot, "Geheimprojekt Kolibri", channel=PRIVATE_CHANNEL)
    for text, name in (("gaps", "g"), ("stats month", "s"), ("report preview", "r")):
        reply = text_of(await talkbot(bot, text, name, user_id=EDITOR))
        assert "Geheimprojekt" not in reply and DEFAULT_USER not in reply, text
    gaps = text_of(await talkbot(bot, "gaps", "g2", user_id=EDITOR))
    assert "Zebrafinkpublik" in gaps and "3 more unanswered in private channels and DMs" in gaps


async def test_only_editors_see_gaps_stats_and_reports_members_see_their_own(bot: RunningBot, roles: None) -> None:
    await ask(bot, "/define", "Meine Frage Eins", "a1")
    await ask(bot, "/define", "Fremde Frage Zwei", "a2", user_id=OTHER)
    for text, name in (("gaps", "g"), ("report preview", "r"), ("report subscribe", "s")):
        assert "Only editors can" in (await talkbot(bot, text, name))["text"], text
    own = text_of(await talkbot(bot, "stats", "st"))
    assert "Meine Frage Eins" in own and "Fremde Frage Zwei" not in own and "your own history" in own
    assert await bot.services.state.get_report_subscription(DEFAULT_CHANNEL) is None
    team = text_of(await talkbot(bot, "stats week", "st2", user_id=EDITOR))
    assert "*Questions:* 2" in team and "Meine Frage" not in team


# -- 4. retention, forget me, uninstall --------------------------------------------------------


async def test_retention_purges_old_data_and_a_later_backup_holds_none_of_it(bot: RunningBot, tmp_path: Path) -> None:
    ref = vote_refs(await ask(bot, "/define", "Uraltfrage Seeadler", "o1"))[ACTION_VOTE_UP]
    await click(bot, ACTION_VOTE_UP, ref, "o2")
    await replies_to(bot, "o2")
    ref2 = vote_refs(await ask(bot, "/define", "XLA", "o3"))[ACTION_VOTE_UP]
    state = bot.services.state
    assert len(await state.questions_since(0)) == 2
    purge = RetentionPurge(state, 90, now=lambda: datetime.now(timezone.utc).timestamp() + 89 * 86400)
    assert (await purge.run_once()).total == 0  # 89 days later: all kept
    later = RetentionPurge(state, 90, now=lambda: datetime.now(timezone.utc).timestamp() + 91 * 86400)
    purged = await later.run_once()
    assert purged.counts["questions"] == 2 and purged.counts["votes"] == 1 and purged.counts["seen_events"] >= 0
    assert await state.question(ref) is None and await state.question(ref2) is None
    target = tmp_path / "after-purge.db"
    backup(bot.services.store.db_path, target)
    assert b"Uraltfrage" not in target.read_bytes()


async def test_forget_me_deletes_only_my_data_at_once(bot: RunningBot, roles: None) -> None:
    mine = vote_refs(await ask(bot, "/define", "XLA", "f1"))[ACTION_VOTE_UP]
    await click(bot, ACTION_VOTE_UP, mine, "f2")
    await replies_to(bot, "f2")
    theirs = vote_refs(await ask(bot, "/define", "HLO", "f3", user_id=OTHER))[ACTION_VOTE_UP]
    reply = await talkbot(bot, "forget me", "f4")
    assert "deleted everything" in reply["text"] and "1 questions" in reply["text"]
    state = bot.services.state
    assert await state.question(mine) is None and await state.vote_of(question_answer(mine), DEFAULT_USER) is None
    assert await state.question(theirs) is not None
    assert "forget" in (await talkbot(bot, "forget", "f5"))["text"]  # "forget" alone deletes nothing
    assert await state.question(theirs) is not None


async def test_uninstall_purges_everything_kept_about_people(bot: RunningBot) -> None:
    await ask(bot, "/define", "XLA", "u1")
    await mention(bot, "what is HLO?")
    assert len(await bot.services.state.questions_since(0)) == 2
    assert (await bot.send(app_uninstalled())).status == 200
    await eventually(lambda: _empty(bot))
    assert await bot.services.state.votes_since(0) == []


async def _empty(bot: RunningBot) -> bool:
    return not await bot.services.state.questions_since(0)


# -- 5. /talkbot --------------------------------------------------------------------------------


async def test_talkbot_help_and_bad_input(bot: RunningBot) -> None:
    for text in ("", "help"):
        reply = await talkbot(bot, text, f"h{len(text)}")
        assert "`/talkbot forget me`" in reply["text"] and say("en", "help") in reply["text"]
    bad = await talkbot(bot, "stats year", "b1")
    assert "`week` or `month`" in bad["text"]
    ping = await talkbot(bot, "<!channel> " + "x" * 10_000, "b2")
    assert "<!channel>" not in text_of(ping) and "I don't know" in ping["text"]


async def test_report_subscribe_unsubscribe_and_a_channel_the_bot_is_not_in(bot: RunningBot, roles: None) -> None:
    reply = await talkbot(bot, "report subscribe fri 16:30 Europe/Berlin", "r1", user_id=EDITOR)
    assert "Fridays at 16:30 (Europe/Berlin)" in reply["text"]
    subscription = await bot.services.state.get_report_subscription(DEFAULT_CHANNEL)
    assert subscription is not None and subscription.weekday == 4 and subscription.timezone == "Europe/Berlin"
    bad = await talkbot(bot, "report subscribe someday", "r2", user_id=EDITOR)
    assert "is not a weekday" in bad["text"]
    bot.fake.channels["GNOTIN01"] = {"is_private": True, "is_member": False}
    refused = await talkbot(bot, "report subscribe", "r3", user_id=EDITOR, channel_id="GNOTIN01")
    assert "I'm not in this channel" in refused["text"]
    assert await bot.services.state.get_report_subscription("GNOTIN01") is None
    assert "no longer gets" in (await talkbot(bot, "report unsubscribe", "r4", user_id=EDITOR))["text"]
    assert await bot.services.state.get_report_subscription(DEFAULT_CHANNEL) is None


# -- 6. App Home ------------------------------------------------------------------------------


async def test_home_shows_how_to_ask_and_my_recent_questions_with_ask_again(bot: RunningBot) -> None:
    await ask(bot, "/define", "XLA", "h1")
    await ask(bot, "/define", "HLO", "h2", user_id=OTHER)
    assert (await bot.send(app_home_opened(DEFAULT_USER))).status == 200
    [published] = await bot.fake.wait_for("views.publish")
    view = text_of(published.params["view"])
    assert "How to ask" in view and "Your recent questions" in view
    recent = [b for b in published.params["view"]["blocks"]
              if b.get("accessory", {}).get("action_id") == ACTION_ASK_AGAIN]
    assert [b["text"]["text"].split("\n")[0] for b in recent] == ["XLA"]  # mine only, not OTHER's HLO
    again = [b["accessory"] for b in recent]
    result = await bot.send(block_actions(ACTION_ASK_AGAIN, again[0]["value"], response_url="", ephemeral=True))
    assert result.status == 200
    [posted] = await bot.fake.wait_for("chat.postMessage")
    assert posted.params["channel"] == DEFAULT_USER and "Accelerated Linear Algebra" in text_of(posted.params)
    assert vote_refs(posted.params)  # a DM is private: it carries vote buttons


# -- 7. the weekly curator report --------------------------------------------------------------


async def test_weekly_report_is_posted_once_at_its_slot_and_not_again_after_a_restart(
        fake_slack: FakeSlackAPI, db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS)
    slot = datetime(2025, 3, 7, 15, 30, tzinfo=timezone.utc)  # Friday 16:30 Berlin (winter)
    try:
        async with await BotState.open(db_path) as state:
            await state.save_report_subscription(Subscription("CREPORT1", 4, 16 * 60 + 30, "Europe/Berlin",
                                                              active_since=(slot - timedelta(days=3)).timestamp()))
            scheduler = _report_scheduler(store, state, fake_slack)
            before = await scheduler.run_due(slot - timedelta(minutes=1))
            assert before.outcomes == [] and not fake_slack.calls_to("chat.postMessage")
            report = await scheduler.run_due(slot + timedelta(seconds=30))
            assert [o.status for o in report.outcomes] == ["done"]
            [posted] = fake_slack.calls_to("chat.postMessage")
            assert posted.params["channel"] == "CREPORT1" and "Weekly curator report" in posted.params["text"]
            digest = await state.find_digest("CREPORT1", report_slot_key(slot))
            assert digest is not None and digest.kind == REPORT
        async with await BotState.open(db_path) as restarted:  # a new process, the same slot
            again = await _report_scheduler(store, restarted, fake_slack).run_due(slot + timedelta(minutes=2))
            assert again.outcomes == [] and len(fake_slack.calls_to("chat.postMessage")) == 1
    finally:
        await store.close()


def _report_scheduler(store: Store, state: BotState, fake: FakeSlackAPI) -> ReportScheduler:
    from slack_sdk.web.async_client import AsyncWebClient

    from tests.fakes.fixtures import BOT_TOKEN
    poster = DigestPoster(state, store, AsyncWebClient(token=BOT_TOKEN, base_url=fake.base_url),
                          ChannelPacer(interval=0.0))
    return ReportScheduler(store, state, poster)


async def test_weekly_report_after_a_long_downtime_catches_up_once_in_its_time_zone(
        fake_slack: FakeSlackAPI, db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS)
    # Monday 09:00 in New York: 14:00 UTC in winter, 13:00 UTC after the clocks change (9 March 2025).
    first = datetime(2025, 3, 3, 14, 0, tzinfo=timezone.utc)
    try:
        async with await BotState.open(db_path) as state:
            await state.save_report_subscription(Subscription("CREPORT2", 0, 9 * 60, "America/New_York",
                                                              active_since=(first - timedelta(days=1)).timestamp()))
            scheduler = _report_scheduler(store, state, fake_slack)
            await scheduler.run_due(first + timedelta(minutes=1))
            summer = datetime(2025, 3, 10, 13, 0, tzinfo=timezone.utc)
            assert (await scheduler.run_due(summer - timedelta(minutes=1))).outcomes == []
            assert [o.status for o in (await scheduler.run_due(summer + timedelta(minutes=1))).outcomes] == ["done"]
            # Down for two weeks: on start-up only the latest slot (24 March, 7 h late) is posted, once.
            back = datetime(2025, 3, 24, 20, 0, tzinfo=timezone.utc)
            report = await scheduler.run_due(back)
            assert [o.status for o in report.outcomes] == ["done"] and report.skipped == []
            assert (await scheduler.run_due(back + timedelta(minutes=5))).outcomes == []
            assert len(fake_slack.calls_to("chat.postMessage")) == 3
    finally:
        await store.close()
