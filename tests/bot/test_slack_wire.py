"""Slack as it really behaves (issue 12): requests exactly as Slack sends them, answers Slack really gives.

Every case goes through the served app (signed HTTP) or Socket Mode, against the fake Web API, and
asserts on what the user sees and on the Slack calls made.
"""

from __future__ import annotations

import asyncio
import json
import logging
from urllib.parse import urlencode

import pytest

from bot.digest_admin import digest_command
from bot.digest_poster import ChannelPacer
from bot.server import check_slack_token
from handlers.blocks import ACTION_DEFINE, ACTION_DEFINE_ALL, ACTION_DIGEST, ACTION_SHARE, ACTION_TALK_PAGE
from tests.bot.test_permissions import until_finished
from tests.bot.test_resilience import quick_bot, wait_for_log  # noqa: F401 - fixture
from tests.conftest import RunningBot, bot_settings, shown_text
from tests.fakes.fixtures import BOT_TOKEN
from tests.fakes.slack_requests import (
    DEFAULT_USER,
    FORM,
    app_home_opened,
    app_mention,
    app_mention_payload,
    app_rate_limited,
    app_uninstalled,
    block_actions,
    signed,
    slash_command,
    slash_command_payload,
    tokens_revoked,
)

pytestmark = pytest.mark.usefixtures("clean_slack_env")


@pytest.fixture(autouse=True)
def asker_is_an_editor(fake_slack) -> None:
    """The person asking is a workspace admin (an editor by default), so weekly-digest changes and digest
    threads are theirs to make: these tests are about Slack's wire, not about permissions."""
    fake_slack.users.setdefault(DEFAULT_USER, {"is_admin": True})


def action_ids(blocks: list[dict]) -> list[str]:
    return [e["action_id"].split(":")[0] for b in blocks if b["type"] == "actions" for e in b["elements"]]


async def settled(fake, method: str, seconds: float = 0.3) -> list:
    """The calls of ``method`` once none arrived for ``seconds`` (a thread is posted one message at a time)."""
    count = -1
    while count != len(fake.calls_to(method)):
        count = len(fake.calls_to(method))
        await asyncio.sleep(seconds)
    return fake.calls_to(method)


# -- 1. "payload" anywhere in a form body ------------------------------------------------------

PAYLOAD_IN_FIELDS = {
    "text": {"text": "payload"},
    "text_words": {"text": "a payload of b"},
    "channel_name": {"channel_name": "payload-team"},
    "team_domain": {"team_domain": "payloadco"},
    "user_name": {"user_name": "payload"},
    "enterprise_name": {"enterprise_id": "E0001", "enterprise_name": "payload construct inc"},
}


@pytest.mark.parametrize("case", sorted(PAYLOAD_IN_FIELDS))
async def test_a_command_with_payload_in_any_field_is_answered(bot: RunningBot, case: str) -> None:
    fields = {"text": "XLA", **PAYLOAD_IN_FIELDS[case]}
    text = fields.pop("text")
    answer = await bot.command_answer(slash_command("/define", text, response_url=bot.fake.response_url(case),
                                                    **fields))
    assert answer["response_type"] == "ephemeral"
    if text == "XLA":
        assert "Accelerated Linear Algebra" in shown_text(answer)
    else:  # looked up, not dispatched as an empty interaction
        assert "payload" in shown_text(answer).lower()


async def test_digest_subscribe_with_payload_in_the_query_is_handled(bot: RunningBot) -> None:
    answer = await bot.command_answer(slash_command("/digest", "subscribe query:payload",
                                                    response_url=bot.fake.response_url("sub")))
    assert "No talk matches _payload_" in shown_text(answer)


async def test_a_payload_body_signed_for_other_bytes_is_refused(bot: RunningBot) -> None:
    request = slash_command("/define", "payload", response_url=bot.fake.response_url("x"))
    tampered = request._replace(body=request.body.replace(b"payload", b"PAYLOAD"))
    assert (await bot.send(tampered)).status == 401
    real = signed(urlencode(slash_command_payload("/define", "payload", response_url="u")).encode(), FORM)
    forged = real._replace(headers={**real.headers, "X-Slack-Signature": "v0=" + "0" * 64})
    assert (await bot.send(forged)).status == 401


# -- 2. public answers, private buttons -----------------------------------------------------------

async def test_a_mention_answer_has_no_share_button_and_its_buttons_answer_the_clicker_privately(
    bot: RunningBot,
) -> None:
    await bot.send(app_mention("define XLA", channel="CPUB"))
    [posted] = await bot.fake.wait_for("chat.postMessage")
    blocks = posted.params["blocks"]
    ids = action_ids(blocks)
    assert ACTION_SHARE not in ids
    assert ACTION_DEFINE_ALL in ids  # XLA is defined in several talks
    value = next(e["value"] for b in blocks if b["type"] == "actions" for e in b["elements"]
                 if e["action_id"].startswith(ACTION_DEFINE_ALL))
    # The click arrives as Slack sends it for a public message: container.is_ephemeral false, the message included.
    await bot.send(block_actions(ACTION_DEFINE_ALL, value, response_url=bot.fake.response_url("all"),
                                 channel_id="CPUB", message_ts=posted.response["ts"], message_blocks=blocks))
    [answer] = await bot.fake.wait_for("response_url")
    assert answer.params["replace_original"] is False and answer.params["response_type"] == "ephemeral"
    assert "Accelerated Linear Algebra" in shown_text(answer.params)
    await settled(bot.fake, "response_url")
    assert len(bot.fake.calls_to("chat.postMessage")) == 1 and not bot.fake.calls_to("chat.update")


async def test_a_suggestion_click_on_a_public_answer_answers_privately(bot: RunningBot) -> None:
    await bot.send(block_actions(ACTION_DEFINE, "HBM", response_url=bot.fake.response_url("pub")))
    [answer] = await bot.fake.wait_for("response_url")
    assert answer.params["replace_original"] is False and answer.params["response_type"] == "ephemeral"
    assert "High Bandwidth Memory" in shown_text(answer.params)


async def test_share_on_a_public_message_posts_no_second_copy(bot: RunningBot) -> None:
    value = json.dumps({"q": "XLA", "all": False})
    await bot.send(block_actions(ACTION_SHARE, value, response_url=bot.fake.response_url("s")))
    [answer] = await bot.fake.wait_for("response_url")
    assert answer.params["response_type"] == "ephemeral" and "already visible" in answer.params["text"]
    assert "Accelerated" not in shown_text(answer.params)


async def test_paging_a_public_talk_list_answers_privately(bot: RunningBot) -> None:
    await bot.send(block_actions(ACTION_TALK_PAGE, json.dumps({"q": "", "page": 1}),
                                 response_url=bot.fake.response_url("page")))
    [answer] = await bot.fake.wait_for("response_url")
    assert answer.params["replace_original"] is False and "Page 2 of" in shown_text(answer.params)


# -- 3. separators are not terms -----------------------------------------------------------------

@pytest.mark.parametrize("text", ["XLA &amp; HLO", "XLA / HLO", "XLA + HLO", "XLA - HLO", "XLA and HLO",
                                  "XLA OR HLO", "XLA -- HLO", "XLA/HLO"])
async def test_define_with_a_separator_defines_both_terms_and_nothing_else(bot: RunningBot, text: str) -> None:
    answer = await bot.command_answer(slash_command("/define", text, response_url=bot.fake.response_url("sep")))
    shown = shown_text(answer["blocks"])
    assert "*XLA*" in shown and "*HLO*" in shown
    assert "No entry" not in shown


async def test_a_mention_asking_about_two_terms_answers_both(bot: RunningBot) -> None:
    await bot.send(app_mention("what is XLA &amp; HLO?"))  # as Slack sends "what is XLA & HLO?"
    [posted] = await bot.fake.wait_for("chat.postMessage")
    shown = shown_text(posted.params["blocks"])
    assert "*XLA*" in shown and "*HLO*" in shown and "No entry" not in shown


# -- 4. /digest needs a confident match to post publicly ---------------------------------------

async def test_digest_with_a_weak_match_posts_nothing_and_offers_candidates_privately(bot: RunningBot) -> None:
    answer = await bot.command_answer(slash_command("/digest", "no such talk", channel_id="CWEAK",
                                                    response_url=bot.fake.response_url("weak")))
    assert answer["response_type"] == "ephemeral"
    assert answer["text"].startswith("Which talk do you mean by")  # the notification text
    assert "not sure which talk you mean" in shown_text(answer["blocks"])
    buttons = [e for b in answer["blocks"] if b["type"] == "actions" for e in b["elements"]]
    assert len(buttons) >= 2 and {b["action_id"].split(":")[0] for b in buttons} == {ACTION_DIGEST}
    await bot.fake.settle()
    assert not bot.fake.calls_to("chat.postMessage")
    # Picking one posts that talk's thread in the channel.
    await bot.send(block_actions(ACTION_DIGEST, buttons[1]["value"], response_url=bot.fake.response_url("pick"),
                                 channel_id="CWEAK", ephemeral=True))
    parent = (await bot.fake.wait_for("chat.postMessage"))[0]
    talk = await bot.services.store.get_talk(buttons[1]["value"])
    assert parent.params["channel"] == "CWEAK" and talk.title[:20] in shown_text(parent.params["blocks"])


async def test_digest_with_a_clear_match_still_posts(bot: RunningBot) -> None:
    await bot.send(slash_command("/digest", "wood protection", channel_id="CCLEAR",
                                 response_url=bot.fake.response_url("clear")))
    parent = (await bot.fake.wait_for("chat.postMessage"))[0]
    assert "Baumhaus" in shown_text(parent.params["blocks"])


# -- 5. non-JSON error bodies ----------------------------------------------------------------------

PLAIN_500 = {"status": 500, "body": "Internal Server Error", "content_type": "text/plain"}
HTML_503 = {"status": 503, "body": "<html><body><h1>503 Service Unavailable</h1></body></html>",
            "content_type": "text/html"}


@pytest.mark.parametrize("failure", [PLAIN_500, HTML_503], ids=["text-500", "html-503"])
async def test_digest_when_slack_answers_errors_in_text_or_html_says_it_will_finish(
    quick_bot: RunningBot, failure: dict
) -> None:
    fake = quick_bot.fake
    fake.fail_next("chat.postMessage", **failure, times=50)
    await quick_bot.send(slash_command("/digest", "xla crash course", channel_id="CTEXT",
                                       response_url=fake.response_url("d")))
    [told] = await fake.wait_for("response_url", timeout=10)
    assert told.params["response_type"] == "ephemeral"
    assert "Slack is having trouble" in told.params["text"]


@pytest.mark.parametrize("failure", [PLAIN_500, HTML_503], ids=["text-500", "html-503"])
async def test_a_mention_whose_post_fails_with_a_text_body_is_logged_once_without_a_crash(
    quick_bot: RunningBot, caplog: pytest.LogCaptureFixture, failure: dict
) -> None:
    caplog.set_level(logging.INFO)
    quick_bot.fake.fail_next("chat.postMessage", **failure, times=50)
    await quick_bot.send(app_mention("what is PJRT?", channel="CTEXT"))
    gave_up = await wait_for_log(caplog, "gave up answering kind=event_callback")
    assert f"status={failure['status']}" in gave_up.getMessage()
    await asyncio.sleep(0.1)
    messages = [r.getMessage() for r in caplog.records]
    assert not [m for m in messages if "never retrieved" in m or "AttributeError" in m], messages
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], messages


async def test_a_home_tab_whose_publish_fails_with_a_text_body_is_logged_once_without_a_crash(
    quick_bot: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    quick_bot.fake.fail_next("views.publish", **PLAIN_500, times=50)
    assert (await quick_bot.send(app_home_opened(DEFAULT_USER))).status == 200
    gave_up = await wait_for_log(caplog, "gave up answering kind=event_callback")
    assert "status=500" in gave_up.getMessage()
    await asyncio.sleep(0.1)
    messages = [r.getMessage() for r in caplog.records]
    assert not [m for m in messages if "never retrieved" in m or "AttributeError" in m], messages
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], messages


async def test_digest_now_with_a_text_500_finishes_later_without_a_traceback(
    fake_slack, db_path, capsys: pytest.CaptureFixture
) -> None:
    fake_slack.fail_next("chat.postMessage", **PLAIN_500, times=50)
    settings = bot_settings(fake_slack, db_path)
    code = await digest_command(settings, channel="CNOW", post_now=True, show_list=False,
                                pacer=ChannelPacer(interval=0.0))
    out, err = capsys.readouterr()
    assert code == 1 and out.startswith("incomplete:") and "Traceback" not in out + err
    fake_slack.clear_failures()
    code = await digest_command(settings, channel="CNOW", post_now=True, show_list=False,
                                pacer=ChannelPacer(interval=0.0))
    out, _ = capsys.readouterr()
    assert code == 0 and out.startswith("done:")
    posted = [c for c in fake_slack.calls_to("chat.postMessage") if c.processed]
    indexes = [c.params["metadata"]["event_payload"]["index"] for c in posted]
    assert indexes == sorted(set(indexes)) and indexes[0] == 0  # each message once, in order


# -- 6. /digest subscribe shows what the user typed ---------------------------------------------

async def test_subscribe_confirms_the_query_as_typed_not_as_slack_escaped_it(bot: RunningBot) -> None:
    answer = await bot.command_answer(slash_command("/digest", "subscribe query:XLA &amp; HLO",
                                                    response_url=bot.fake.response_url("q")))
    shown = shown_text(answer["blocks"])
    assert "talks matching _XLA &amp; HLO_" in shown  # mrkdwn for "XLA & HLO", escaped once
    assert "&amp;amp;" not in shown


async def test_subscribe_with_a_link_shows_its_label_and_a_tag_in_brackets_shows_as_text(bot: RunningBot) -> None:
    answer = await bot.command_answer(slash_command("/digest", "subscribe query:<https://example.com/x|pallas>",
                                                    response_url=bot.fake.response_url("l")))
    shown = shown_text(answer["blocks"])
    assert "talks matching _pallas_" in shown and "https://example.com" not in shown
    bot.fake.reset()
    answer = await bot.command_answer(slash_command("/digest", "subscribe topic:&lt;b&gt;",
                                                    response_url=bot.fake.response_url("t")))
    shown = shown_text(answer["blocks"])
    assert "`&lt;b&gt;`" in shown and "&amp;lt;" not in shown  # shows <b>, as typed


# -- 11. no empty parentheses ------------------------------------------------------------------------

async def test_talk_fallback_text_has_no_empty_parentheses_for_talks_without_speakers(bot: RunningBot) -> None:
    unnamed = {talk.title for talk in await bot.services.store.list_talks() if not talk.speakers}
    answer = await bot.command_answer(slash_command("/talk", "palace", response_url=bot.fake.response_url("p")))
    lines = answer["text"].splitlines()
    assert unnamed & set(lines)  # a talk without speakers, its title alone
    assert "()" not in answer["text"]


# -- 8. an expired response_url ---------------------------------------------------------------------

async def test_a_click_whose_response_url_expired_is_answered_with_an_ephemeral_message(bot: RunningBot) -> None:
    bot.fake.expire_response_url("old")  # the message is more than 30 minutes old
    await bot.send(block_actions(ACTION_DEFINE, "HBM", response_url=bot.fake.response_url("old"), ephemeral=True,
                                 channel_id="CEXP", user_id="UEXP"))
    [posted] = await bot.fake.wait_for("chat.postEphemeral")
    assert (posted.params["channel"], posted.params["user"]) == ("CEXP", "UEXP")
    assert "High Bandwidth Memory" in shown_text(posted.params)
    [expired] = bot.fake.calls_to("response_url")
    assert expired.status == 404
    assert not bot.fake.calls_to("chat.postMessage")


async def test_a_sixth_answer_to_one_response_url_falls_back_to_an_ephemeral_message(bot: RunningBot) -> None:
    for index in range(6):
        await bot.send(block_actions(ACTION_DEFINE, "HBM", response_url=bot.fake.response_url("five"),
                                     ephemeral=True, channel_id="CUSED", user_id="UUSED"))
        await bot.fake.wait_for("response_url", count=index + 1)
    [posted] = await bot.fake.wait_for("chat.postEphemeral")
    assert posted.params["user"] == "UUSED" and "High Bandwidth Memory" in shown_text(posted.params)


# -- 9. a 1:1 DM between two people --------------------------------------------------------------------

DM = {"channel_id": "D0123ABCD", "channel_name": "directmessage"}  # how Slack names a 1:1 DM in a command


async def test_digest_in_a_dm_between_two_people_says_what_works_instead(bot: RunningBot) -> None:
    bot.fake.fail_next("chat.postMessage", error="channel_not_found")  # the bot is no member of their DM
    await bot.send(slash_command("/digest", "xla crash course", response_url=bot.fake.response_url("dm"), **DM))
    [told] = await bot.fake.wait_for("response_url")
    assert told.params["response_type"] == "ephemeral"
    assert "/invite" not in told.params["text"] and "in a channel" in told.params["text"]


async def test_the_digest_button_in_a_dm_says_what_works_instead(bot: RunningBot) -> None:
    talk_id = (await bot.services.store.find_talks("kinetic"))[0].talk_id
    bot.fake.fail_next("chat.postMessage", error="channel_not_found")
    await bot.send(block_actions(ACTION_DIGEST, talk_id, response_url=bot.fake.response_url("dmb"), ephemeral=True,
                                 channel_id=DM["channel_id"], channel_name=DM["channel_name"]))
    [told] = await bot.fake.wait_for("response_url")
    assert "/invite" not in told.params["text"] and "in a channel" in told.params["text"]


async def test_digest_in_a_channel_the_bot_cannot_see_still_says_invite(bot: RunningBot) -> None:
    bot.fake.fail_next("chat.postMessage", error="channel_not_found")
    await bot.send(slash_command("/digest", "xla crash course", response_url=bot.fake.response_url("ch"),
                                 channel_id="GPRIVATE", channel_name="privategroup"))
    [told] = await bot.fake.wait_for("response_url")
    assert "/invite @talkbot" in told.params["text"]


# -- 10. events and actions nobody listened to ----------------------------------------------------------

async def test_a_button_from_an_older_version_is_acked_and_explained(bot: RunningBot) -> None:
    result = await bot.send(block_actions("define_next", "idempotency:1", response_url=bot.fake.response_url("old"),
                                          ephemeral=True))
    assert result.status == 200
    [told] = await bot.fake.wait_for("response_url")
    assert told.params["replace_original"] is False and "older version" in told.params["text"]


async def test_app_rate_limited_is_acked_and_logged(bot: RunningBot, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    result = await bot.send(app_rate_limited(1518467820))
    assert result.status == 200
    assert any("app_rate_limited" in r.getMessage() and "1518467820" in r.getMessage() for r in caplog.records)
    assert [call.method for call in await bot.fake.settle() if call.method != "auth.test"] == []


async def subscribe(bot: RunningBot, channel: str) -> None:
    answer = await bot.command_answer(slash_command("/digest", "subscribe", channel_id=channel,
                                                    response_url=bot.fake.response_url(f"sub-{channel}")))
    assert "Subscribed" in shown_text(answer)
    bot.fake.reset()


async def listed(bot: RunningBot, capsys: pytest.CaptureFixture) -> str:
    capsys.readouterr()
    assert await digest_command(bot.services.settings, channel=None, post_now=False, show_list=True) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("event", ["app_uninstalled", "tokens_revoked"])
async def test_losing_the_workspace_stops_weekly_digests_and_says_why(
    bot: RunningBot, capsys: pytest.CaptureFixture, caplog: pytest.LogCaptureFixture, event: str
) -> None:
    caplog.set_level(logging.WARNING)
    for channel in ("CSUB1", "CSUB2"):
        await subscribe(bot, channel)
    request = app_uninstalled() if event == "app_uninstalled" else tokens_revoked(bot=["UBOT"])
    assert (await bot.send(request)).status == 200
    reason = "uninstalled" if event == "app_uninstalled" else "revoked"
    await wait_for_log(caplog, "weekly digests paused in 2 channels")
    out = await listed(bot, capsys)
    assert out.count("paused (") == 2 and reason in out
    assert bot.fake.calls == []  # Slack is not even asked


async def test_a_revoked_user_token_changes_nothing(bot: RunningBot, capsys: pytest.CaptureFixture,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    await subscribe(bot, "CSUB3")
    assert (await bot.send(tokens_revoked(bot=[], oauth=["U061F7AUR"]))).status == 200
    await until_finished(caplog, "tokens_revoked")  # the listener ran to its end: nothing can change later
    assert "paused" not in await listed(bot, capsys)


@pytest.mark.parametrize("code", ["token_revoked", "invalid_auth"])
async def test_a_revoked_token_while_posting_pauses_every_subscription(
    bot: RunningBot, capsys: pytest.CaptureFixture, code: str
) -> None:
    for channel in ("CACC1", "CACC2"):
        await subscribe(bot, channel)
    bot.fake.fail_next("chat.postMessage", error=code)
    capsys.readouterr()
    assert await digest_command(bot.services.settings, channel="CACC1", post_now=True, show_list=False,
                                pacer=ChannelPacer(interval=0.0)) == 1
    assert f"error {code}" in capsys.readouterr().out
    out = await listed(bot, capsys)
    assert out.count(f"paused (Slack said {code}") == 2


# -- 7. auth.test failing ------------------------------------------------------------------------------

REINSTALL = "reinstall"  # bolt's text: "... your installation with this app is no longer available. Please reinstall"


@pytest.mark.parametrize(("failure", "auth_calls"), [({"status": 500, "times": 3}, 4),
                                                     ({"error": "invalid_auth"}, 2)], ids=["500s", "invalid_auth"])
async def test_auth_test_failing_on_the_first_request_still_answers_it(
    quick_bot: RunningBot, failure: dict, auth_calls: int
) -> None:
    quick_bot.fake.fail_next("auth.test", **failure)
    request = slash_command("/define", "XLA", response_url=quick_bot.fake.response_url("a"))
    answer = await quick_bot.command_answer(request)
    assert "Accelerated Linear Algebra" in shown_text(answer) and REINSTALL not in shown_text(answer).lower()
    assert len(quick_bot.fake.calls_to("auth.test")) == auth_calls
    await quick_bot.send(app_mention("what is PJRT?", channel="CAUTH"))  # the identity is kept: no second check
    await quick_bot.fake.wait_for("chat.postMessage")
    assert len(quick_bot.fake.calls_to("auth.test")) == auth_calls


async def test_while_slack_does_not_confirm_the_token_commands_say_try_again_and_mentions_come_back(
    quick_bot: RunningBot,
) -> None:
    fake = quick_bot.fake
    fake.fail_next("auth.test", status=500, times=100)
    result = await quick_bot.send(slash_command("/define", "XLA", response_url=fake.response_url("u")))
    assert result.status == 200
    answer = result.json()
    assert answer["response_type"] == "ephemeral" and "try again" in answer["text"]
    assert REINSTALL not in answer["text"].lower()
    mention = app_mention_payload("what is PJRT?", channel="CAUTH2")
    body = json.dumps(mention).encode()
    assert (await quick_bot.send(signed(body, "application/json"))).status == 503  # Slack will deliver it again
    assert not fake.calls_to("chat.postMessage")
    fake.clear_failures()  # Slack recovers; its redelivery of the same event is answered, once
    redelivery = signed(body, "application/json", extra_headers={"X-Slack-Retry-Num": "1",
                                                                 "X-Slack-Retry-Reason": "http_error"})
    assert (await quick_bot.send(redelivery)).status == 200
    [posted] = await fake.wait_for("chat.postMessage")
    assert posted.params["thread_ts"] == mention["event"]["ts"] and "PJRT" in shown_text(posted.params)


async def test_the_token_is_checked_at_start_up_and_a_failure_is_named_in_the_log(
    quick_bot: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    quick_bot.fake.fail_next("auth.test", error="invalid_auth", times=2)
    assert await check_slack_token(quick_bot.services) is False
    [line] = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert "SLACK_BOT_TOKEN" in line.getMessage() and "auth.test failed" in line.getMessage()
    assert "invalid_auth" in line.getMessage() and BOT_TOKEN not in line.getMessage()
    assert await check_slack_token(quick_bot.services) is True
    assert any("Slack confirmed the bot token: bot user talkbot (UBOT) in team T123ABC456" in r.getMessage()
               for r in caplog.records)


# -- mentions from other bots --------------------------------------------------------------------------

async def test_a_mention_from_another_bot_is_acked_and_not_answered(bot: RunningBot) -> None:
    payload = app_mention_payload("what is PJRT?", channel="CBOTS", user="U0OTHERBOT")
    payload["event"].update(bot_id="B0OTHERBOT", bot_profile={"id": "B0OTHERBOT", "name": "otherbot"})
    assert (await bot.send(signed(json.dumps(payload).encode(), "application/json"))).status == 200
    await bot.send(app_mention("what is PJRT?", channel="CBOTS"))  # a person's mention right after
    [posted] = await bot.fake.wait_for("chat.postMessage")
    await settled(bot.fake, "chat.postMessage")
    assert len(bot.fake.calls_to("chat.postMessage")) == 1 and posted.params["channel"] == "CBOTS"
