"""Who may do what (issue 14): every rule through the served app (signed HTTP requests) and the fake Web API,
plus the policy itself without Slack."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest

from bot.app import build_app
from bot.digest_poster import ChannelPacer
from bot.server import start_http
from bot.settings import Settings
from handlers.blocks import ACTION_DEFINE, ACTION_DIGEST, ACTION_SET_VIDEO
from handlers.permissions import (
    EXTERNAL_DENIED,
    GUEST_DENIED,
    LOOKUP_FAILED,
    NOT_ENABLED_HERE,
    Org,
    PermissionSettingError,
    Policy,
    UserFacts,
    audience,
    channel_enabled,
    digest_post_needs_editor,
    introduction,
    parse_channels,
    parse_editors,
)
from store.db import Store
from store.state import BotState
from tests.bot.test_metrics import scrape, value
from tests.conftest import CORPUS, RunningBot, bot_settings, talkbot
from tests.fakes.slack_api import BOT_USER_ID, RESPONSE_URL_METHOD, TEAM_ID, FakeSlackAPI
from tests.fakes.slack_requests import (
    DEFAULT_USER,
    app_home_opened,
    app_mention,
    block_actions,
    direct_message,
    member_joined_channel,
    new_event_id,
    new_ts,
    slash_command,
)

MEMBER, EDITOR, ADMIN, GROUPIE, GUEST, OUTSIDER = "UMEMBER1", "UEDITOR1", "UADMIN01", "UGROUPIE", "UGUEST01", "UOUTSIDE"
EDITOR_GROUP = "SEDITORS"
ORG = Org(TEAM_ID)
XLA_DEFINED = "Compiler für lineare Algebra"  # in the answer's text of /define XLA


@asynccontextmanager
async def served(fake: FakeSlackAPI, db: Path, corpus: Path = CORPUS, **overrides: object
                 ) -> AsyncIterator[RunningBot]:
    """The app as `talkbot serve --http` runs it over ``corpus``, with permission settings ``overrides``."""
    settings: Settings = dataclasses.replace(bot_settings(fake, db), corpus=corpus,  # type: ignore[arg-type]
                                             **overrides)
    store = await Store.open(db, corpus)
    state = await BotState.open(db)
    app, services = build_app(settings, store, state, pacer=ChannelPacer(interval=0.0))
    server = await start_http(app, services, "127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            yield RunningBot(server.url, fake, services, session)
    finally:
        await server.stop()
        await services.recorder.close()
        await state.close()
        await store.close()


@pytest.fixture
def people(fake_slack: FakeSlackAPI) -> FakeSlackAPI:
    """The workspace as users.info and usergroups.users.list describe it."""
    fake_slack.users.update({
        ADMIN: {"is_admin": True},
        GUEST: {"is_restricted": True},
        OUTSIDER: {"team_id": "TOTHERORG"},  # Slack Connect: a member of another organisation's workspace
    })
    fake_slack.usergroups[EDITOR_GROUP] = [GROUPIE]
    return fake_slack


def finished(caplog: pytest.LogCaptureFixture, kind: str) -> int:
    """How many listeners of ``kind`` have finished (each logs one request line when it ends)."""
    return sum(1 for r in caplog.records if r.name == "talkbot.requests" and f"kind={kind} " in r.getMessage())


async def until_finished(caplog: pytest.LogCaptureFixture, kind: str, count: int = 1, timeout: float = 5) -> None:
    """Wait until ``count`` listeners of ``kind`` have finished, so "nothing else happened" can be asserted."""
    deadline = asyncio.get_running_loop().time() + timeout
    while finished(caplog, kind) < count:
        assert asyncio.get_running_loop().time() < deadline, f"{kind} listener did not finish"
        await asyncio.sleep(0.01)


async def command(bot: RunningBot, name: str, text: str, user: str, channel: str = "CTEAM01") -> str:
    """Send a slash command and return its answer's text (from the ack body, or from response_url)."""
    response_name = f"r{new_ts()}"
    result = await bot.send(slash_command(name, text, user_id=user, channel_id=channel,
                                          response_url=bot.fake.response_url(response_name)))
    assert result.status == 200, result.text
    if result.body and result.json().get("text"):
        assert result.json()["response_type"] == "ephemeral"
        return result.json()["text"]
    call = await _answer_named(bot, response_name)
    assert call.params.get("response_type", "ephemeral") == "ephemeral"
    return str(call.params.get("text", ""))


async def _answer_named(bot: RunningBot, name: str):
    for _ in range(500):
        found = [c for c in bot.fake.calls_to("response_url") if c.response_name == name]
        if found:
            return found[0]
        await asyncio.sleep(0.01)
    raise AssertionError(f"no answer to {name}")


# -- the policy, without Slack ---------------------------------------------------------------------


def test_settings_ids_are_checked() -> None:
    assert parse_editors("U0123ABC, S0EDIT W0GRID") == ("U0123ABC", "S0EDIT", "W0GRID")
    assert parse_channels("") == ()
    for bad in ("@alice", "u123", "#general", "C12 nope"):
        with pytest.raises(PermissionSettingError):
            parse_editors(bad)
    with pytest.raises(PermissionSettingError):
        parse_channels("#general")


@pytest.mark.parametrize("facts, denied", [
    (UserFacts("U1", TEAM_ID), None),
    (UserFacts("U1", "TOTHER"), EXTERNAL_DENIED),
    (UserFacts("U1", TEAM_ID, is_stranger=True), EXTERNAL_DENIED),
    (UserFacts("U1", TEAM_ID, is_restricted=True), GUEST_DENIED),
    (UserFacts("U1", TEAM_ID, is_ultra_restricted=True), GUEST_DENIED),
])
def test_audience(facts: UserFacts, denied: object) -> None:
    assert audience(Policy(), facts, ORG) == denied
    assert audience(Policy(allow_external=True, allow_guests=True), facts, ORG) is None


def test_enterprise_grid_users_of_the_same_org_are_not_external() -> None:
    grid = Org("T1", "E1")
    same_org_other_workspace = UserFacts.from_users_info({"id": "W1", "team_id": "T2",
                                                         "enterprise_user": {"enterprise_id": "E1"}})
    other_org = UserFacts.from_users_info({"id": "W2", "team_id": "T9", "enterprise_user": {"enterprise_id": "E9"}})
    assert not same_org_other_workspace.is_external(grid)
    assert other_org.is_external(grid)


def test_channel_scope_and_digest_size_rule() -> None:
    policy = Policy(channels=("CYES",))
    assert channel_enabled(policy, "CYES") and channel_enabled(policy, "D0DM") and not channel_enabled(policy, "CNO")
    assert channel_enabled(Policy(), "CANY")
    assert digest_post_needs_editor(Policy(), 50) is False
    assert digest_post_needs_editor(Policy(), 51) is True
    assert digest_post_needs_editor(Policy(), None) is None
    assert digest_post_needs_editor(Policy(digest_posting="editors"), 2) is True


def test_introduction_names_who_can_subscribe() -> None:
    assert "a workspace admin or owner can subscribe" in introduction(Policy())
    assert "<@UEDITOR1>" in introduction(Policy(editors=(EDITOR,)))
    assert "`@talkbot what is PJRT?`" in introduction(Policy())  # no raw <@U…> markup in a code span


# -- editors and members -------------------------------------------------------------------------


async def test_only_listed_editors_change_a_channels_weekly_digest(clean_slack_env, people, db_path: Path) -> None:
    async with served(people, db_path, editors=(EDITOR,)) as bot:
        answer = await command(bot, "/digest", "subscribe mon 09:00", MEMBER, "CSUBS01")
        assert answer == f"Only editors can change this channel's weekly digest. Please ask an editor (<@{EDITOR}>)."
        assert await bot.services.state.get_subscription("CSUBS01") is None
        # A workspace admin is no editor when TALKBOT_EDITORS is set.
        assert (await command(bot, "/digest", "pause", ADMIN, "CSUBS01")).startswith("Only editors can")

        assert "Subscribed" in await command(bot, "/digest", "subscribe mon 09:00", EDITOR, "CSUBS01")
        assert await bot.services.state.get_subscription("CSUBS01") is not None
        for word in ("pause", "resume", "subscribe tue 10:00", "unsubscribe"):
            assert (await command(bot, "/digest", word, MEMBER, "CSUBS01")).startswith("Only editors can"), word
        assert (await bot.services.state.get_subscription("CSUBS01")).weekday == 0  # unchanged
        # Looking is for everyone.
        assert "Weekly digests in this channel" in await command(bot, "/digest", "schedule", MEMBER, "CSUBS01")


async def test_without_editors_setting_admins_and_owners_are_editors(clean_slack_env, people, db_path: Path) -> None:
    people.users["UOWNER01"] = {"is_owner": True}
    async with served(people, db_path) as bot:
        answer = await command(bot, "/digest", "subscribe", MEMBER, "CADMIN1")
        assert answer == "Only editors can change this channel's weekly digest. Please ask a workspace admin or owner."
        assert "Subscribed" in await command(bot, "/digest", "subscribe", ADMIN, "CADMIN1")
        assert "Unsubscribed" in await command(bot, "/digest", "unsubscribe", "UOWNER01", "CADMIN1")


async def test_a_user_group_makes_its_members_editors(clean_slack_env, people, db_path: Path) -> None:
    async with served(people, db_path, editors=(EDITOR_GROUP,)) as bot:
        assert "Subscribed" in await command(bot, "/digest", "subscribe", GROUPIE, "CGROUP1")
        assert "Paused" in await command(bot, "/digest", "pause", GROUPIE, "CGROUP1")
        answer = await command(bot, "/digest", "resume", MEMBER, "CGROUP1")
        assert answer == ("Only editors can change this channel's weekly digest. "
                          f"Please ask an editor (<!subteam^{EDITOR_GROUP}>).")
        # The group's members were looked up once and cached.
        assert [c.params["usergroup"] for c in people.calls_to("usergroups.users.list")] == [EDITOR_GROUP]


# -- posting digest threads ------------------------------------------------------------------------


async def test_digest_threads_in_big_channels_need_an_editor(clean_slack_env, people, db_path: Path,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    people.channels["CBIG0001"] = {"num_members": 51}
    people.channels["CSMALL01"] = {"num_members": 50}
    async with served(people, db_path, editors=(EDITOR,)) as bot:
        answer = await command(bot, "/digest", "kinetic", MEMBER, "CBIG0001")
        assert answer == ("Only editors can post a digest thread in a channel with more than 50 members. "
                          f"Please ask an editor (<@{EDITOR}>).")
        await bot.send(slash_command("/digest", "kinetic", user_id=MEMBER, channel_id="CSMALL01",
                                     response_url=bot.fake.response_url("small")))
        await until_finished(caplog, "digest", 2)
        await bot.send(slash_command("/digest", "kinetic", user_id=EDITOR, channel_id="CBIG0001",
                                     response_url=bot.fake.response_url("editor")))
        await until_finished(caplog, "digest", 3)
        small, big = bot.fake.posted("CSMALL01"), bot.fake.posted("CBIG0001")
        assert small and len(big) == len(small)  # the member's thread in the small channel, the editor's in the big one
        assert not [c for c in bot.fake.calls_to("response_url") if c.response_name in ("small", "editor")]
        # The button on a /talk card follows the same rule.
        talk_id = (await bot.services.store.find_talks("kinetic", limit=1))[0].talk_id
        result = await bot.send(block_actions(ACTION_DIGEST, talk_id, user_id=MEMBER, channel_id="CBIG0001",
                                              response_url=bot.fake.response_url("button")))
        assert result.status == 200
        answer = (await _answer_named(bot, "button")).params["text"]
        assert answer.startswith("Only editors can post a digest thread")


async def test_digest_posting_for_editors_only(clean_slack_env, people, db_path: Path) -> None:
    people.channels["CTINY001"] = {"num_members": 2}
    async with served(people, db_path, editors=(EDITOR,), digest_posting="editors") as bot:
        answer = await command(bot, "/digest", "kinetic", MEMBER, "CTINY001")
        assert answer == f"Only editors can post a digest thread in this channel. Please ask an editor (<@{EDITOR}>)."
        assert not bot.fake.calls_to("chat.postMessage")
        assert not bot.fake.calls_to("conversations.info")  # the size does not matter here


# -- external users and guests ---------------------------------------------------------------------


async def test_external_user_in_a_slack_connect_channel_gets_one_polite_private_line(
        clean_slack_env, people, db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with served(people, db_path) as bot:
        ts = new_ts()
        request = app_mention("what is PJRT?", user=OUTSIDER, channel="CSHARED1", ts=ts, event_id=new_event_id())
        assert (await bot.send(request)).status == 200
        [line] = await bot.fake.wait_for("chat.postEphemeral")
        assert line.params["user"] == OUTSIDER and line.params["channel"] == "CSHARED1"
        assert line.params["text"] == EXTERNAL_DENIED.text
        await until_finished(caplog, "mention")
        assert not bot.fake.calls_to("chat.postMessage")  # no corpus content in the shared channel
        # A slash command from them is refused at once: their facts are cached now.
        assert await command(bot, "/define", "XLA", OUTSIDER, "CSHARED1") == EXTERNAL_DENIED.text
        assert len(bot.fake.calls_to("users.info")) == 1
        refusals = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused ")]
        assert refusals == [f"refused reason=external_user user={OUTSIDER} channel=CSHARED1"] * 2  # no user text


@pytest.mark.parametrize("facts", [{"is_stranger": True}, {"enterprise_user": {"enterprise_id": "E0OTHER"}},
                                   {"team_id": "TOTHERORG"}])
async def test_every_kind_of_external_user_is_refused_unless_allowed(clean_slack_env, fake_slack, db_path: Path,
                                                                     facts: dict) -> None:
    fake_slack.users[OUTSIDER] = facts
    async with served(fake_slack, db_path) as bot:
        assert await command(bot, "/define", "XLA", OUTSIDER) == EXTERNAL_DENIED.text
    async with served(fake_slack, db_path, allow_external=True) as bot:
        assert XLA_DEFINED in await command(bot, "/define", "XLA", OUTSIDER)


async def test_guests_get_no_corpus_content_unless_allowed(clean_slack_env, people, db_path: Path) -> None:
    people.users["UGUEST02"] = {"is_ultra_restricted": True}
    async with served(people, db_path) as bot:
        assert await command(bot, "/talk", "pallas", GUEST) == GUEST_DENIED.text
        assert await command(bot, "/define", "XLA", "UGUEST02") == GUEST_DENIED.text
        await bot.send(app_home_opened(GUEST))
        [home] = await bot.fake.wait_for("views.publish")
        assert GUEST_DENIED.text in str(home.params["view"]) and "talks" not in home.params["view"]["blocks"][-1]
        result = await bot.send(block_actions(ACTION_DEFINE, "XLA", user_id=GUEST,
                                              response_url=bot.fake.response_url("guestclick")))
        assert result.status == 200
        assert (await _answer_named(bot, "guestclick")).params["text"] == GUEST_DENIED.text
    async with served(people, db_path, allow_guests=True) as bot:
        assert "Low-Level-Kernels" in await command(bot, "/talk", "pallas", GUEST)


async def test_a_first_time_asker_is_answered_in_the_ack_once_slack_says_who_they_are(clean_slack_env, people,
                                                                                      db_path: Path) -> None:
    async with served(people, db_path) as bot:
        # Generous bounds, so a loaded machine cannot push an answer out of the ack: what decides here is only
        # whether the first command of a person waits for their users.info before it is answered.
        bot.services.ack_answer_budget = bot.services.user_lookup_ack_bound = 2.0
        first = await bot.send(slash_command("/define", "XLA", user_id=MEMBER, response_url=bot.fake.response_url("a")))
        assert XLA_DEFINED in first.json()["text"]  # looked up, then answered in the ack itself
        guest = await bot.send(slash_command("/talk", "pallas", user_id=GUEST, response_url=bot.fake.response_url("g")))
        assert guest.json() == {"response_type": "ephemeral", "text": GUEST_DENIED.text}  # refused there too
        second = await bot.send(slash_command("/define", "HBM", user_id=MEMBER,
                                              response_url=bot.fake.response_url("b")))
        assert "HBM" in second.json()["text"]  # cached: decided without Slack
        assert [c.params["user"] for c in bot.fake.calls_to("users.info")] == [MEMBER, GUEST]
        assert not bot.fake.calls_to(RESPONSE_URL_METHOD)


async def test_a_slow_users_info_does_not_hold_the_ack_and_nothing_is_shown_before_it_answers(
        clean_slack_env, people, db_path: Path) -> None:
    people.method_latency["users.info"] = 2.0  # Slack slow to answer: far past the bound of the ack
    askers = [MEMBER, GUEST, OUTSIDER, "UBURST01", "UBURST02"]
    async with served(people, db_path) as bot:
        bot.services.user_lookup_ack_bound = 0.1
        acks = await asyncio.gather(*(
            bot.send(slash_command("/talk", "pallas", user_id=user, response_url=bot.fake.response_url(f"t{user}")))
            for user in askers))
        # Every ack went out before Slack answered any lookup (a call is recorded once it is answered), empty.
        assert not bot.fake.calls_to("users.info")
        assert [(result.status, result.body) for result in acks] == [(200, b"")] * len(askers)
        answers = {user: str((await _answer_named(bot, f"t{user}")).params["text"]) for user in askers}
    assert answers[GUEST] == GUEST_DENIED.text and answers[OUTSIDER] == EXTERNAL_DENIED.text
    for user in (MEMBER, "UBURST01", "UBURST02"):
        assert "Low-Level-Kernels" in answers[user]
    assert sorted(c.params["user"] for c in people.calls_to("users.info")) == sorted(askers)  # once each


async def test_where_everyone_may_read_a_first_talk_card_waits_for_users_info_only_within_the_bound(
        clean_slack_env, people, db_path: Path) -> None:
    people.method_latency["users.info"] = 0.2  # over the ack's usual budget of a few ms, well within the bound
    async with served(people, db_path, allow_external=True, allow_guests=True) as bot:  # reading needs no lookup
        bot.services.user_lookup_ack_bound = 2.0
        # The card offers editors' buttons to admins (TALKBOT_EDITORS unset): that needs their users.info.
        card = await bot.send(slash_command("/talk", "pallas", user_id=ADMIN, response_url=bot.fake.response_url("a")))
        assert ACTION_SET_VIDEO in json.dumps(card.json())  # answered in the ack, buttons and all
        member = await bot.send(slash_command("/talk", "pallas", user_id=MEMBER,
                                              response_url=bot.fake.response_url("m")))
        assert "Low-Level-Kernels" in member.json()["text"] and ACTION_SET_VIDEO not in json.dumps(member.json())
        assert not bot.fake.calls_to(RESPONSE_URL_METHOD)


async def test_direct_messages_follow_the_same_rules(clean_slack_env, people, db_path: Path,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with served(people, db_path, channels=("CALLOWED",)) as bot:  # DMs work whatever the allowlist
        await bot.send(direct_message("what is PJRT?", user=GUEST, channel="D0GUEST1", event_id=new_event_id()))
        [line] = await bot.fake.wait_for("chat.postEphemeral")
        assert (line.params["channel"], line.params["user"], line.params["text"]) == ("D0GUEST1", GUEST,
                                                                                     GUEST_DENIED.text)
        await until_finished(caplog, "direct_message")
        assert not bot.fake.calls_to("chat.postMessage")
        await bot.send(direct_message("what is PJRT?", user=MEMBER, channel="D0MEMBER", event_id=new_event_id()))
        [answer] = await bot.fake.wait_for("chat.postMessage")
        assert answer.params["channel"] == "D0MEMBER" and "PJRT" in answer.params["text"]


# -- channel scope ---------------------------------------------------------------------------------


async def test_channel_allowlist(clean_slack_env, people, db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with served(people, db_path, channels=("CALLOWED",)) as bot:
        assert await command(bot, "/define", "XLA", MEMBER, "COTHER01") == NOT_ENABLED_HERE.text
        assert XLA_DEFINED in await command(bot, "/define", "XLA", MEMBER, "D0DIRECT")
        assert XLA_DEFINED in await command(bot, "/define", "XLA", MEMBER, "CALLOWED")

        await bot.send(app_mention("what is PJRT?", channel="COTHER01", user=MEMBER, event_id=new_event_id()))
        [line] = await bot.fake.wait_for("chat.postEphemeral")
        assert line.params["text"] == NOT_ENABLED_HERE.text and line.params["user"] == MEMBER
        await until_finished(caplog, "mention")
        assert not bot.fake.calls_to("chat.postMessage")
        await bot.send(app_mention("what is PJRT?", channel="CALLOWED", user=MEMBER, event_id=new_event_id()))
        [answer] = await bot.fake.wait_for("chat.postMessage")
        assert answer.params["channel"] == "CALLOWED"

        # Not introduced where it is not enabled.
        await bot.send(member_joined_channel(BOT_USER_ID, "COTHER01"))
        await until_finished(caplog, "joined")
        assert len(bot.fake.calls_to("chat.postMessage")) == 1


# -- introductions ---------------------------------------------------------------------------------


async def test_the_bot_introduces_itself_once_per_channel_also_after_a_restart(
        clean_slack_env, people, db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with served(people, db_path, editors=(EDITOR,)) as bot:
        await bot.send(member_joined_channel(DEFAULT_USER, "CNEW0001"))  # someone else joining: no message
        await bot.send(member_joined_channel(BOT_USER_ID, "CNEW0001"))
        [intro] = await bot.fake.wait_for("chat.postMessage")
        assert intro.params["channel"] == "CNEW0001"
        text = intro.params["text"]
        assert "`@talkbot what is PJRT?`" in text and "/define" in text and "privately" in text
        assert f"<@{BOT_USER_ID}>" not in text
        assert f"Only an editor (<@{EDITOR}>) can subscribe this channel" in text
        await bot.send(member_joined_channel(BOT_USER_ID, "CNEW0001"))  # removed and added again
        await until_finished(caplog, "joined", 3)
    async with served(people, db_path) as restarted:
        await restarted.send(member_joined_channel(BOT_USER_ID, "CNEW0001"))
        await restarted.send(member_joined_channel(BOT_USER_ID, "CNEW0002"))
        await until_finished(caplog, "joined", 5)
        await people.wait_for("chat.postMessage", count=2)
    assert [c.params["channel"] for c in people.calls_to("chat.postMessage")] == ["CNEW0001", "CNEW0002"]


async def test_an_introduction_slack_refused_is_tried_again_next_time(clean_slack_env, people, db_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    people.fail_next("chat.postMessage", error="not_in_channel")
    async with served(people, db_path) as bot:
        await bot.send(member_joined_channel(BOT_USER_ID, "CRETRY01"))
        await until_finished(caplog, "joined")
        await bot.send(member_joined_channel(BOT_USER_ID, "CRETRY01"))
        await people.wait_for("chat.postMessage", count=2, outcome=None)
        assert [c.outcome for c in people.calls_to("chat.postMessage")] == ["error:not_in_channel", "ok"]


# -- lookup failures -------------------------------------------------------------------------------


@pytest.mark.parametrize("failure", [
    {"status": 429, "retry_after": 30},
    {"status": 503, "body": "upstream connect error or disconnect/reset before headers", "content_type": "text/plain"},
    {"status": 502, "body": "<html><body>Bad Gateway</body></html>", "content_type": "text/html"},
    {"error": "user_not_found"},
])
async def test_a_failed_user_lookup_denies_with_try_again_and_is_logged_once(
        clean_slack_env, people, db_path: Path, caplog: pytest.LogCaptureFixture, failure: dict) -> None:
    caplog.set_level(logging.INFO)
    people.fail_next("users.info", **failure)
    async with served(people, db_path) as bot:
        assert await command(bot, "/define", "XLA", MEMBER) == LOOKUP_FAILED.text
        await until_finished(caplog, "define")
        warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warnings) == 1 and "permission lookup failed" in warnings[0], warnings
        assert "outcome=ok" in [r.getMessage() for r in caplog.records if "kind=define" in r.getMessage()][0]
        assert len(people.calls_to("users.info")) == 1  # a 429 is not waited out: the person is told at once
        # The failure was not cached: the next request looks again and is answered.
        assert XLA_DEFINED in await command(bot, "/define", "XLA", MEMBER)

        await bot.send(app_mention("what is PJRT?", user="UNEWCOME", event_id=new_event_id()))
        people.fail_next("users.info", status=500, body="oops", content_type="text/plain")
        await bot.send(app_mention("what is PJRT?", user="UNEWCOMR", event_id=new_event_id()))
        await until_finished(caplog, "mention", 2)
        refused = [c.params["user"] for c in people.calls_to("chat.postEphemeral")]
        answered = people.calls_to("chat.postMessage")
        assert len(refused) + len(answered) == 2 and len(refused) == 1  # one of the two met the failure


async def test_failed_group_and_channel_lookups_deny(clean_slack_env, people, db_path: Path) -> None:
    people.fail_next("usergroups.users.list", status=503, body="service unavailable")
    people.fail_next("conversations.info", status=429, retry_after=20)
    async with served(people, db_path, editors=(EDITOR_GROUP,)) as bot:
        assert await command(bot, "/digest", "subscribe", GROUPIE, "CFAIL001") == LOOKUP_FAILED.text
        assert await bot.services.state.get_subscription("CFAIL001") is None
        assert await command(bot, "/digest", "kinetic", MEMBER, "CFAIL001") == LOOKUP_FAILED.text
        assert not people.calls_to("chat.postMessage")
        _, samples = await scrape(bot.session, bot.url)  # counted with the other Slack errors
        errors = "talkbot_slack_api_errors_total"
        assert value(samples, errors, method="usergroups.users.list", code="non_json_answer") == 1
        assert value(samples, errors, method="conversations.info", code="ratelimited") == 1


# -- settings ------------------------------------------------------------------------------------


@pytest.mark.parametrize("setting, value", [("TALKBOT_EDITORS", "@alice"), ("TALKBOT_CHANNELS", "#general"),
                                            ("TALKBOT_DIGEST_POSTING", "everyone"), ("TALKBOT_ALLOW_GUESTS", "maybe"),
                                            ("TALKBOT_DIGEST_OPEN_MAX", "fifty")])
def test_a_malformed_permission_setting_stops_serve_with_one_line_naming_it(tmp_path: Path, setting: str,
                                                                           value: str) -> None:

    result = talkbot(["serve", "--http"], tmp_path, SLACK_BOT_TOKEN="xoxb-1", SLACK_SIGNING_SECRET="s3cret-value",
                     **{setting: value})
    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"error: {setting} ") and repr(value) in line


def test_talkbot_settings_shows_the_permissions_in_effect(tmp_path: Path) -> None:

    result = talkbot(["settings"], tmp_path, TALKBOT_EDITORS="U0EDITOR,S0GROUP", TALKBOT_CHANNELS="C0ONE",
                     TALKBOT_ALLOW_GUESTS="1")
    assert result.returncode == 0, result.stderr
    shown = result.stdout.split("# Permissions in effect")[1]
    for line in ("#   editors: U0EDITOR, S0GROUP", "#   guests: allowed",
                 "#   external users (Slack Connect): no corpus content",
                 "#   channels: C0ONE and DMs",
                 "#   posting digest threads: anyone in channels of up to 50 members, editors anywhere"):
        assert line in shown.splitlines(), shown
