"""Corrections of a key point (issue 16, item 4), through the served app and the fake Web API: the overflow menu
on talk cards and digest replies, its three forms, what an applied correction shows (and hides) in cards, digests
and mention answers, bad input, history and undo, and corrections surviving ingest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from handlers.blocks import (
    ACTION_CORRECT,
    ACTION_MORE_POINTS,
    CORRECTION_MODAL,
    FLAG_BLOCK,
    HIDE_BLOCK,
    STAMP_BLOCK,
    TEXT_BLOCK,
)
from store.db import Store
from store.ingest import ingest_sync
from tests.bot.test_permissions import EDITOR, MEMBER, _answer_named, served
from tests.bot.test_team_edits import XLA, answer, buttons_of, click, submit, talkbot
from tests.conftest import CORPUS, PALLAS_EXPORT, RunningBot, corpus_without, shown_text
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import FORM, app_mention, block_actions_payload, new_ts, signed, slash_command
from tests.slack_limits import message_problems

HLO_AT = 54  # XLA-Crashkurs: "0:54 Entstehung von HLO"


def menus(message: dict) -> dict[int, dict[str, str]]:
    """Each key point's overflow menu in a message: its stamp in the corpus -> choice -> option value."""
    found: dict[int, dict[str, str]] = {}
    for block in message.get("blocks", []):
        accessory = block.get("accessory") or {}
        if accessory.get("type") == "overflow":
            assert accessory["action_id"] == ACTION_CORRECT
            options = {option["value"].split(":")[0]: option["value"] for option in accessory["options"]}
            found[int(next(iter(options.values())).split(":")[1])] = options
    return found


async def choose(bot: RunningBot, value: str, user: str, *, ephemeral: bool = True, channel: str = "CTEAM01") -> str:
    """Pick an overflow option on a message (Slack's block_actions for an overflow element); the response_url name."""
    name = f"o{new_ts()}"
    payload: dict[str, Any] = block_actions_payload(ACTION_CORRECT, "", response_url=bot.fake.response_url(name),
                                                    user_id=user, ephemeral=ephemeral, channel_id=channel,
                                                    trigger_id=f"{new_ts()}.1.t")
    payload["actions"] = [{"type": "overflow", "action_id": ACTION_CORRECT, "block_id": "kp",
                           "selected_option": {"text": {"type": "plain_text", "text": "x", "emoji": True},
                                               "value": value},
                           "action_ts": new_ts()}]
    result = await bot.send(signed(urlencode({"payload": json.dumps(payload)}).encode(), FORM))
    assert result.status == 200, result.text
    return name


async def open_form(bot: RunningBot, value: str, user: str = EDITOR, **where: Any) -> dict:
    opened = len(bot.fake.opened_views)
    await choose(bot, value, user, **where)
    await bot.fake.wait_for("views.open", count=opened + 1)
    view = bot.fake.opened_views[-1]
    assert view["callback_id"] == CORRECTION_MODAL
    return view


def typed(block: str, value: str) -> dict:
    return {block: {block: {"type": "plain_text_input", "value": value}}}


def form_text(ack: dict) -> str:
    assert ack["response_action"] == "update", ack
    return str(ack["view"]["blocks"][0]["text"]["text"])


async def card(bot: RunningBot, user: str = MEMBER) -> dict:
    return await answer(bot, "/talk", "XLA Crashkurs", user)


async def test_every_key_point_on_a_card_has_the_menu_and_a_wrong_stamp_is_corrected(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        before = await card(bot)
        assert message_problems(before) == []
        assert sorted(menus(before)) == [5, HLO_AT, 127]
        assert list(menus(before)[HLO_AT]) == ["stamp", "inaccurate", "fix"]

        view = await open_form(bot, menus(before)[HLO_AT]["stamp"])
        assert json.loads(view["private_metadata"]) == {"kind": "stamp", "talk": XLA, "at": HLO_AT}
        assert view["blocks"][1]["element"]["initial_value"] == "0:54"
        for bad, said in (("abc", "is no timestamp"), ("1:75", "is no timestamp"), ("0:54", "already at 0:54"),
                          ("99:00:00", "is no timestamp")):
            refused = await submit(bot, view, typed(STAMP_BLOCK, bad), EDITOR)
            assert refused["response_action"] == "errors" and said in refused["errors"][STAMP_BLOCK], bad
        assert await bot.services.store.edit_history() == []

        done = form_text(await submit(bot, view, typed(STAMP_BLOCK, "1:10"), EDITOR))
        assert done.startswith("Edit 1: the key point at 0:54 of *XLA-Crashkurs* now shows at 1:10")
        again = form_text(await submit(bot, view, typed(STAMP_BLOCK, "1:20"), EDITOR))
        assert "already sent" in again and len(await bot.services.store.edit_history()) == 1

        after = shown_text(await card(bot))
        assert "`1:10` *Entstehung von HLO*" in after and f"_(corrected by <@{EDITOR}>)_" in after
        assert "`0:54`" not in after
        # The menu still names the point by its stamp in the corpus (the key corrections are kept under).
        assert HLO_AT in menus(await card(bot))


async def test_a_fix_replaces_the_text_escaped_and_bad_text_changes_nothing(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        value = menus(await card(bot))[HLO_AT]["fix"]
        view = await open_form(bot, value)
        assert view["blocks"][1]["element"]["initial_value"].startswith("HLO (High Level Optimizer) wurde 2017")
        for bad, said in (("   ", "The corrected text is empty."),
                          ("x" * 1001, "That text is 1001 characters long; the limit is 1000."),
                          (view["blocks"][1]["element"]["initial_value"], "That is the text the point has")):
            refused = await submit(bot, view, typed(TEXT_BLOCK, bad), EDITOR)
            assert said in refused["errors"][TEXT_BLOCK]
        assert await bot.services.store.edit_history() == []

        done = form_text(await submit(bot, view, typed(TEXT_BLOCK, "HLO kam 2017. Fragt <!channel> & <@U999>"),
                                      EDITOR))
        assert done.startswith("Edit 1:") and "<!channel>" not in done
        shown = shown_text(await card(bot))
        assert "HLO kam 2017. Fragt &lt;!channel&gt; &amp; &lt;@U999&gt;" in shown
        assert "<!channel>" not in shown and "<@U999>" not in shown
        assert "HLO (High Level Optimizer) wurde 2017" not in shown


async def test_hide_until_fixed_removes_a_point_from_cards_digests_and_mentions(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        await bot.send(app_mention("when was HLO discussed?", ts=new_ts(), channel="CPUBLIC1"))
        [first] = await bot.fake.wait_for("chat.postMessage")
        assert "Entstehung von HLO" in shown_text(first.params)

        view = await open_form(bot, menus(await card(bot))[HLO_AT]["inaccurate"])
        assert (await submit(bot, view, typed(FLAG_BLOCK, ""), EDITOR))["errors"][FLAG_BLOCK] == (
            "Say briefly what is wrong.")
        marked = {**typed(FLAG_BLOCK, "Das Jahr stimmt nicht"),
                  HIDE_BLOCK: {HIDE_BLOCK: {"type": "checkboxes", "selected_options": [{"value": "hide"}]}}}
        done = form_text(await submit(bot, view, marked, EDITOR))
        assert "is hidden from answers until it is fixed" in done

        hidden = await card(bot)
        assert "Entstehung von HLO" not in shown_text(hidden) and sorted(menus(hidden)) == [5, 127, 211]
        await bot.send(app_mention("when was HLO discussed?", ts=new_ts(), channel="CPUBLIC1"))
        posted = await bot.fake.wait_for("chat.postMessage", count=2)
        assert "Entstehung von HLO" not in shown_text(posted[1].params)
        replies = await digest_replies(bot)
        shown = shown_text(replies)
        assert replies and "Entstehung von HLO" not in shown and "Einführung in XLA" in shown

        # The history says what happened; an undo shows the point again.
        history = await talkbot(bot, f"history {XLA}", MEMBER)
        assert "correction of key point 0:54 of `xla-crashkurs`: as in the summaries → hidden, inaccurate: Das" in (
            history)
        assert await talkbot(bot, "undo 1") == "Edit 2: undid edit 1."
        assert "Entstehung von HLO" in shown_text(await card(bot))


async def test_digest_replies_carry_the_menu_for_everyone_and_it_is_checked_on_use(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        view = await open_form(bot, menus(await card(bot))[HLO_AT]["inaccurate"])
        marked = {**typed(FLAG_BLOCK, "veraltet"), HIDE_BLOCK: {HIDE_BLOCK: {"type": "checkboxes",
                                                                              "selected_options": []}}}
        assert "is marked inaccurate: veraltet" in form_text(await submit(bot, view, marked, EDITOR))

        replies = await digest_replies(bot)
        assert all(message_problems(reply) == [] for reply in replies)
        first_reply = replies[0]
        assert HLO_AT in menus(first_reply)
        assert f":warning: _marked inaccurate by <@{EDITOR}>: veraltet_" in shown_text(first_reply)

        # Anyone may pick a choice on the public message; an editor's form saves, a member's suggests.
        assert (await open_form(bot, menus(first_reply)[HLO_AT]["fix"], ephemeral=False,
                                channel="CPUBLIC1"))["submit"]["text"] == "Save"
        assert (await open_form(bot, menus(first_reply)[HLO_AT]["fix"], MEMBER, ephemeral=False,
                                channel="CPUBLIC1"))["submit"]["text"] == "Suggest"
        # Someone who may not read the talks here (a guest) is told privately, and nothing opens.
        fake_slack.users["UGUEST01"] = {"is_restricted": True}
        name = await choose(bot, menus(first_reply)[HLO_AT]["fix"], "UGUEST01", ephemeral=False, channel="CPUBLIC1")
        refused = (await _answer_named(bot, name)).params
        assert refused["response_type"] == "ephemeral" and refused["replace_original"] is False
        assert "guest" in refused["text"].lower() and len(bot.fake.opened_views) == 3


async def digest_replies(bot: RunningBot, channel: str = "CDIGEST1") -> list[dict]:
    """Post the XLA talk's digest thread (as an editor) and return its replies as posted."""
    posted = len(bot.fake.calls_to("chat.postMessage"))
    result = await bot.send(slash_command("/digest", "XLA Crashkurs", user_id=EDITOR, channel_id=channel,
                                          response_url=bot.fake.response_url(f"d{new_ts()}")))
    assert result.status == 200
    await bot.fake.wait_for("chat.postMessage", count=posted + 2)
    await bot.fake.settle()
    return [call.params for call in bot.fake.calls_to("chat.postMessage")[posted:]
            if call.params.get("channel") == channel and call.params.get("thread_ts")]


async def test_tampered_menus_and_forms_and_gone_points_change_nothing(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        for value, said in ((f"stamp:999:{XLA}", "That key point is no longer in the summaries"),
                            ("stamp:54:no-such-talk", "That talk is no longer in the summaries"),
                            (f"delete:54:{XLA}", "older version of talkbot"),
                            ("stamp:abc:x", "older version of talkbot"),
                            ("<!channel>", "older version of talkbot")):
            name = await choose(bot, value, EDITOR)
            reply = (await _answer_named(bot, name)).params["text"]
            assert said in reply and "<!channel>" not in reply, value
        assert bot.fake.calls_to("views.open") == []

        view = await open_form(bot, f"stamp:{HLO_AT}:{XLA}")
        for metadata, said in (({"kind": "stamp", "talk": XLA, "at": 999}, "no longer in the summaries"),
                               ({"kind": "stamp", "talk": "gone", "at": HLO_AT}, "That talk is no longer"),
                               ({"kind": "drop", "talk": XLA, "at": HLO_AT}, "older version"),
                               ({"kind": "stamp", "talk": XLA, "at": "54"}, "older version")):
            tampered = {**view, "private_metadata": json.dumps(metadata)}
            assert said in form_text(await submit(bot, tampered, typed(STAMP_BLOCK, "1:00"), EDITOR)), metadata
        assert form_text(await submit(bot, {**view, "private_metadata": "nonsense"}, typed(STAMP_BLOCK, "1:00"),
                                      EDITOR)).startswith("That menu is from an older version")
        assert await bot.services.store.edit_history() == []


async def test_corrections_survive_ingest_and_orphans_are_reported(clean_slack_env, fake_slack: FakeSlackAPI,
                                                                   db_path: Path, tmp_path: Path) -> None:
    pallas = "pallas-schreiben-von-low-level-kernels-fuer-google-tpus"
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        view = await open_form(bot, f"stamp:{HLO_AT}:{XLA}")
        form_text(await submit(bot, view, typed(STAMP_BLOCK, "1:10"), EDITOR))
        talk = await bot.services.store.get_talk(pallas)
        assert talk is not None
        first = talk.key_points[0]
        view = await open_form(bot, f"fix:{first.seconds}:{pallas}")
        form_text(await submit(bot, view, typed(TEXT_BLOCK, "Neu geschrieben"), EDITOR))
    report = ingest_sync(db_path, [CORPUS], full=True)
    assert not any("team edit" in warning for warning in report.warnings)
    async with await Store.open(db_path, CORPUS) as store:
        talk = await store.get_talk(XLA)
        assert talk is not None and [p.stamp for p in talk.key_points[:3]] == ["0:05", "1:10", "2:07"]
    smaller = corpus_without(PALLAS_EXPORT, tmp_path)
    report = ingest_sync(db_path, [smaller])
    assert (f"team edit 2: the correction of the key point at {first.stamp} of talk '{pallas}' has no key point "
            "there any more (kept, not shown; `/talkbot history` lists it)") in report.warnings
    report = ingest_sync(db_path, [CORPUS])
    assert not any("team edit" in warning for warning in report.warnings)
    async with await Store.open(db_path, CORPUS) as store:
        talk = await store.get_talk(pallas)
        assert talk is not None and talk.key_points[0].text == "Neu geschrieben"


async def test_corrected_points_show_in_mention_answers_and_more_key_points(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        view = await open_form(bot, f"stamp:{HLO_AT}:{XLA}")
        form_text(await submit(bot, view, typed(STAMP_BLOCK, "1:10"), EDITOR))
        await bot.send(app_mention("when was HLO discussed?", ts=new_ts(), channel="CPUBLIC1"))
        [posted] = await bot.fake.wait_for("chat.postMessage")
        shown = shown_text(posted.params)
        assert "`1:10` *Entstehung von HLO*" in shown and f"_(corrected by <@{EDITOR}>)_" in shown
        assert "`0:54`" not in shown

        # More key points: each point has its menu too, keyed by its stamp in the corpus.
        name = await click_more(bot)
        more = (await _answer_named(bot, name)).params
        assert message_problems(more) == [] and sorted(menus(more))[:2] == [211, 322]


async def click_more(bot: RunningBot) -> str:
    return await click(bot, ACTION_MORE_POINTS, buttons_of(await card(bot))[ACTION_MORE_POINTS], MEMBER)
