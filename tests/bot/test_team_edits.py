"""Team edits from Slack (issue 16), through the served app (signed requests) and the fake Web API:
video links (editors only, http(s) only), deep links in answers, history, undo, and edits surviving ingest."""

from __future__ import annotations

import json
import time
from pathlib import Path

from handlers.blocks import ACTION_SET_VIDEO, VIDEO_MODAL, VIDEO_URL_BLOCK
from store.db import Store
from store.ingest import ingest_sync
from tests.bot.test_permissions import EDITOR, MEMBER, XLA_DEFINED, _answer_named, served
from tests.conftest import CORPUS, PALLAS_EXPORT, RunningBot, corpus_without, ingest_beside, shown_text
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import (
    app_mention,
    block_actions,
    direct_message,
    new_event_id,
    new_ts,
    slash_command,
    view_submission,
)
from tests.slack_limits import message_problems

XLA = "xla-crashkurs"  # key points at 0:05, 0:54, 2:07
YOUTUBE = "https://www.youtube.com/watch?v=abc123"


async def answer(bot: RunningBot, name: str, text: str, user: str) -> dict:
    """A slash command's private answer as Slack gets it (the ack's body, or the response_url message)."""
    response_name = f"r{new_ts()}"
    result = await bot.send(slash_command(name, text, user_id=user, channel_id="CTEAM01",
                                          response_url=bot.fake.response_url(response_name)))
    assert result.status == 200, result.text
    if result.body and (result.json().get("text") or result.json().get("blocks")):
        reply: dict = result.json()
    else:
        reply = (await _answer_named(bot, response_name)).params
    assert reply.get("response_type", "ephemeral") == "ephemeral"
    return reply


async def talkbot(bot: RunningBot, text: str, user: str = EDITOR) -> str:
    return str((await answer(bot, "/talkbot", text, user))["text"])


async def shown(bot: RunningBot, name: str, text: str, user: str) -> str:
    """A command's answer as JSON text, non-ASCII as written."""
    return json.dumps(await answer(bot, name, text, user), ensure_ascii=False)


async def define(bot: RunningBot, text: str, user: str = EDITOR) -> dict:
    return await answer(bot, "/define", text, user)


async def video_of(bot: RunningBot, talk_id: str) -> str | None:
    talk = await bot.services.store.get_talk(talk_id)
    assert talk is not None
    return talk.video_url


async def test_an_editor_links_a_talk_to_its_video_and_every_timestamp_opens_that_moment(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        before = await shown(bot, "/talk", "XLA Crashkurs", MEMBER)
        assert "youtube" not in before and "`0:05`" in before

        # Slack sends a pasted link as <url>; the talk may be named by its title.
        reply = await talkbot(bot, f"video xla-Crashkurs <{YOUTUBE}>")
        assert reply.startswith("Edit 1: every timestamp of *XLA-Crashkurs* now links to")
        card = await shown(bot, "/talk", "XLA Crashkurs", MEMBER)
        for seconds, stamp in ((5, "0:05"), (54, "0:54"), (127, "2:07")):
            assert f"<{YOUTUBE}&t={seconds}|{stamp}>" in card
        # Answers to questions link their moments too (the point hits carry the talk's link).
        points = await bot.services.store.find_points("XLA Crashkurs", talk_id=XLA)
        assert points and all(hit.video_url == YOUTUBE for hit in points)

        # Another host gets the video without an offset.
        assert (await talkbot(bot, f"video {XLA} https://vimeo.com/12345")).startswith("Edit 2:")
        card = await shown(bot, "/talk", "XLA Crashkurs", MEMBER)
        assert "<https://vimeo.com/12345|0:05>" in card and "t=5" not in card


async def test_members_may_not_undo_and_bad_input_changes_nothing(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        assert (await talkbot(bot, "undo 1", MEMBER)) == (
            "Only editors can add aliases, accept or reject suggestions, or undo edits (anyone else's video links, "
            f"definitions and corrections go to the editors as suggestions). Please ask an editor (<@{EDITOR}>).")
        for text, said in (
            (f"video {XLA} javascript:alert(1)", "A video link must be an http:// or https:// URL"),
            (f"video {XLA} ftp://example.com/talk.mp4", "A video link must be an http:// or https:// URL"),
            (f"video {XLA} https://example.com/" + "x" * 600, "the limit is 500"),
            (f"video {XLA}", "*Usage:* `/talkbot video TALK URL`"),
            ("video", "*Usage:* `/talkbot video TALK URL`"),
            (f"video no-such-talk-at-all-zzz {YOUTUBE}", "Which talk do you mean? Use its id:"),
            ("undo", "*Usage:* `/talkbot undo N`"),
            ("undo 99", "There is no edit 99."),
        ):
            reply = await talkbot(bot, text)
            assert said in reply, (text, reply)
        # A ping in the talk's name is not echoed as a ping.
        assert "<!channel>" not in await talkbot(bot, f"video <!channel> {YOUTUBE}")
        assert await video_of(bot, XLA) is None
        assert await bot.services.store.edit_history() == []
        assert (await talkbot(bot, "history", MEMBER)) == "No team edits yet."
        assert "/talkbot video TALK URL" in await talkbot(bot, "")


async def test_history_and_undo(clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        await talkbot(bot, f"video {XLA} {YOUTUBE}")
        await talkbot(bot, f"video {XLA} https://vimeo.com/1")
        history = await talkbot(bot, f"history {XLA}", MEMBER)
        lines = history.splitlines()
        assert lines[0] == "*Team edits, newest first:*"
        assert lines[1].startswith("• *2* ") and f"<@{EDITOR}>" in lines[1]
        assert lines[1].endswith(f"video link of `{XLA}`: {YOUTUBE.replace('&', '&amp;')} → https://vimeo.com/1")
        assert lines[2].endswith(f"video link of `{XLA}`: none → {YOUTUBE}")

        assert await talkbot(bot, "undo 2") == "Edit 3: undid edit 2."
        assert await video_of(bot, XLA) == YOUTUBE
        assert "undid edit 2" in (await talkbot(bot, "history", MEMBER)).splitlines()[1]
        assert (await talkbot(bot, "undo 2")) == "Edit 2 was already undone (by edit 3). Nothing was changed."
        assert (await talkbot(bot, "undo 3")).startswith("Edit 3 is itself an undo; an undo cannot be undone.")
        assert await talkbot(bot, "undo 1") == "Edit 4: undid edit 1."
        assert await video_of(bot, XLA) is None  # the corpus had none
        assert len(await bot.services.store.edit_history()) == 4


async def test_edits_survive_ingest_and_orphans_are_reported(clean_slack_env, fake_slack: FakeSlackAPI,
                                                             db_path: Path, tmp_path: Path) -> None:
    pallas = "pallas-schreiben-von-low-level-kernels-fuer-google-tpus"
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        await talkbot(bot, f"video {XLA} {YOUTUBE}")
        await talkbot(bot, f"video {pallas} https://example.org/pallas.mp4")
    report = ingest_sync(db_path, [CORPUS], full=True)
    assert not any("team edit" in warning for warning in report.warnings)
    # The export with the Pallas talk is gone: its edit is kept and reported, not dropped.
    smaller = corpus_without(PALLAS_EXPORT, tmp_path)
    report = ingest_sync(db_path, [smaller])
    assert (f"team edit 2: the video link of talk '{pallas}' has no talk any more (kept, not shown; "
            "`/talkbot history` lists it)") in report.warnings
    async with await Store.open(db_path, CORPUS) as store:
        talk = await store.get_talk(XLA)
        assert talk is not None and talk.video_url == YOUTUBE
        assert len(await store.edit_history()) == 2
    report = ingest_sync(db_path, [CORPUS])
    assert not any("team edit" in warning for warning in report.warnings)
    async with await Store.open(db_path, CORPUS) as store:
        talk = await store.get_talk(pallas)
        assert talk is not None and talk.video_url == "https://example.org/pallas.mp4"


async def test_team_definitions_complement_the_corpus(clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        day = time.strftime("%Y-%m-%d", time.gmtime())
        reply = await define(bot, "XLA = Our notes: ask <!channel> & read <https://example.com|the docs>")
        assert reply["text"].startswith("Edit 1: added the team definition of *XLA*: Our notes: ask @channel &amp;")
        card = await shown(bot, "/define", "XLA", MEMBER)
        assert XLA_DEFINED in card  # the corpus's definition stays
        assert "_Team definition:_\\nOur notes: ask @channel &amp; read" in card
        assert f"added by <@{EDITOR}>, {day}" in card
        assert "<!channel>" not in card

        # The = form is one term with one definition, commas and all (never a multi-term lookup).
        reply = await define(bot, "Zorblax, HLO = a made-up term, with a comma")
        assert reply["text"].startswith("Edit 2: added the team definition of *Zorblax, HLO*: a made-up term, with")
        card = await shown(bot, "/define", "Zorblax, HLO", MEMBER)
        assert "*Zorblax, HLO*\\na made-up term, with a comma" in card and "No entry" not in card

        reply = await define(bot, "Beschleuniger-Compiler = see XLA")
        assert reply["text"].startswith("Edit 3: `/define Beschleuniger-Compiler` now shows *XLA*.")
        card = await shown(bot, "/define", "beschleuniger-compiler", MEMBER)
        assert XLA_DEFINED in card and f"_beschleuniger-compiler_ → *XLA* (added by <@{EDITOR}>, {day})" in card

        reply = await define(bot, "forget Zorblax, HLO")
        assert reply["text"].startswith("Edit 4: forgot the team definition of *Zorblax, HLO*.")
        gone = await shown(bot, "/define", "Zorblax, HLO", MEMBER)
        assert "No entry for *Zorblax*" in gone and "a made-up term" not in gone  # a lookup of two terms again
        assert (await define(bot, "forget Zorblax, HLO"))["text"].startswith("*Zorblax, HLO* has no team definition")
        assert (await define(bot, "forget HLO"))["text"].startswith("*HLO* has no team definition to forget")

        history = await talkbot(bot, "history zorblax, hlo", MEMBER)
        assert "team definition of `zorblaxhlo`: a made-up term, with a comma → none" in history
        assert await talkbot(bot, "undo 4") == "Edit 5: undid edit 4."
        assert "a made-up term" in await shown(bot, "/define", "Zorblax, HLO", MEMBER)


async def test_bad_definition_edits_change_nothing(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        for text, said in (
            ("= text", "*Usage:* `/define TERM = text` (up to 1000 characters)"),
            ("?!. = text", "“?!.” is no term: a term needs letters or digits."),
            ("XLA =", "The definition of *XLA* is empty."),
            ("XLA =   ", "The definition of *XLA* is empty."),
            ("XLA = " + "x" * 1001, "That definition is 1001 characters long; the limit is 1000."),
            ("T" * 101 + " = x", "That term is 101 characters long; the limit is 100."),
            ("XLA = see xla", "*XLA* cannot point to itself."),
            ("XLA = see ...", "“...” is no term"),
        ):
            reply = (await define(bot, text))["text"]
            assert said in reply and reply.endswith("Nothing was changed."), (text, reply)
        assert await bot.services.store.edit_history() == []
        # A lookup without '=' is still a lookup.
        assert XLA_DEFINED in await shown(bot, "/define", "XLA", MEMBER)


# -- the Set video link button and its form ---------------------------------------------------------


def buttons_of(message: dict) -> dict[str, str]:
    """action_id -> value of every button in a message."""
    return {element["action_id"]: element.get("value", "") for block in message.get("blocks", [])
            if block["type"] == "actions" for element in block["elements"]}


async def click(bot: RunningBot, action_id: str, value: str, user: str) -> str:
    """Click a button on a private answer; the response_url name its private reply would go to."""
    name = f"c{new_ts()}"
    result = await bot.send(block_actions(action_id, value, response_url=bot.fake.response_url(name), user_id=user,
                                          ephemeral=True, trigger_id=f"{new_ts()}.1.t"))
    assert result.status == 200, result.text
    return name


async def submit(bot: RunningBot, view: dict, values: dict, user: str) -> dict:
    """Submit a form; its acknowledgement (what Slack shows in the form)."""
    result = await bot.send(view_submission(view, values, user_id=user))
    assert result.status == 200, result.text
    return result.json()


def url_field(url: str) -> dict:
    return {VIDEO_URL_BLOCK: {VIDEO_URL_BLOCK: {"type": "plain_text_input", "value": url}}}


async def test_set_video_link_button_for_editors_opens_a_form(clean_slack_env, fake_slack: FakeSlackAPI,
                                                               db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        assert ACTION_SET_VIDEO not in buttons_of(await answer(bot, "/talk", "XLA Crashkurs", MEMBER))
        card = await answer(bot, "/talk", "XLA Crashkurs", EDITOR)
        assert message_problems(card) == []
        assert buttons_of(card)[ACTION_SET_VIDEO] == XLA

        await click(bot, ACTION_SET_VIDEO, XLA, EDITOR)
        [opened] = await bot.fake.wait_for("views.open")
        view = bot.fake.opened_views[-1]
        assert view["callback_id"] == VIDEO_MODAL and json.loads(view["private_metadata"]) == {"talk": XLA}

        for bad, said in (("javascript:alert(1)", "must be an http:// or https:// URL"),
                          ("", "Paste the video's URL."),
                          ("https://example.com/" + "x" * 600, "the limit is 500")):
            refused = await submit(bot, view, url_field(bad), EDITOR)
            assert refused["response_action"] == "errors" and said in refused["errors"][VIDEO_URL_BLOCK]
        assert await bot.services.store.edit_history() == []

        done = await submit(bot, view, url_field(YOUTUBE), EDITOR)
        assert done["response_action"] == "update"
        assert done["view"]["blocks"][0]["text"]["text"].startswith("Edit 1: every timestamp of *XLA-Crashkurs*")
        assert await video_of(bot, XLA) == YOUTUBE
        # The same form sent again (a double click, Slack re-sending) makes no second edit.
        again = await submit(bot, view, url_field("https://vimeo.com/1"), EDITOR)
        assert "already sent" in again["view"]["blocks"][0]["text"]["text"]
        assert len(await bot.services.store.edit_history()) == 1 and await video_of(bot, XLA) == YOUTUBE

        # The form opens with the link it has now.
        await click(bot, ACTION_SET_VIDEO, XLA, EDITOR)
        await bot.fake.wait_for("views.open", count=2)
        assert bot.fake.opened_views[-1]["blocks"][1]["element"]["initial_value"] == YOUTUBE


async def test_set_video_link_refuses_members_and_tampered_values(clean_slack_env, fake_slack: FakeSlackAPI,
                                                                   db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        name = await click(bot, ACTION_SET_VIDEO, XLA, MEMBER)  # a member forging the editors' button
        refused = await _answer_named(bot, name)
        assert refused.params["text"].startswith("Only editors can")
        name = await click(bot, ACTION_SET_VIDEO, "no-such-talk", EDITOR)
        assert "no longer in the summaries" in (await _answer_named(bot, name)).params["text"]
        assert bot.fake.calls_to("views.open") == []

        await click(bot, ACTION_SET_VIDEO, XLA, EDITOR)
        await bot.fake.wait_for("views.open")
        view = bot.fake.opened_views[-1]
        member = await submit(bot, view, url_field(YOUTUBE), MEMBER)
        assert member["view"]["blocks"][0]["text"]["text"].startswith("Only editors can")
        tampered = await submit(bot, {**view, "private_metadata": '{"talk": "gone-talk"}'}, url_field(YOUTUBE), EDITOR)
        assert "no longer in the summaries" in tampered["view"]["blocks"][0]["text"]["text"]
        garbage = await submit(bot, {**view, "private_metadata": "<!channel>"}, url_field(YOUTUBE), EDITOR)
        assert "no longer in the summaries" in garbage["view"]["blocks"][0]["text"]["text"]
        assert await bot.services.store.edit_history() == [] and await video_of(bot, XLA) is None
async def test_team_definitions_answer_what_is_questions_in_mentions_and_dms(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        async def mention(text: str) -> str:
            before = len(bot.fake.calls_to("chat.postMessage"))
            await bot.send(app_mention(text, ts=new_ts(), channel="CMENTION", event_id=new_event_id()))
            calls = await bot.fake.wait_for("chat.postMessage", count=before + 1)
            return shown_text(calls[before].params)

        async def dm(text: str) -> str:
            before = len(bot.fake.calls_to("chat.postMessage"))
            await bot.send(direct_message(text, user=MEMBER, event_id=new_event_id()))
            calls = await bot.fake.wait_for("chat.postMessage", count=before + 1)
            return shown_text(calls[before].params)

        # No summary mentions Zorblax: before the team defines it, the answer says so.
        assert "The summaries don't mention *Zorblax*." in await mention("what is Zorblax?")
        await define(bot, "Zorblax = a made-up term <!channel> for tests")
        await define(bot, "XLA = Our notes on XLA")
        await define(bot, "Beschleuniger-Compiler = see XLA")
        day = time.strftime("%Y-%m-%d", time.gmtime())

        alone = await mention("what is Zorblax?")
        assert "*Zorblax*\\na made-up term @channel for tests" in alone and f"added by <@{EDITOR}>, {day}" in alone
        assert "<!channel>" not in alone and "The summaries don't mention" not in alone
        assert "a made-up term @channel for tests" in await dm("was ist Zorblax?")

        beside = await dm("what is XLA?")
        assert XLA_DEFINED in beside and "_Team definition:_\\nOur notes on XLA" in beside  # one more sense

        pointed = await mention("what is Beschleuniger-Compiler?")
        assert f"_Beschleuniger-Compiler_ → *XLA* (added by <@{EDITOR}>, {day})" in pointed
        assert XLA_DEFINED in pointed and "Our notes on XLA" in pointed

        # A comparison shows each side's: the team's term of its own, the corpus's with the team's sense.
        both = await mention("difference between Zorblax and XLA?")
        assert "*Zorblax*\\na made-up term @channel for tests" in both and XLA_DEFINED in both
        assert "_Team definition:_\\nOur notes on XLA" in both and "The summaries don't mention" not in both

        await define(bot, "forget Zorblax")
        assert "a made-up term" not in await mention("what is Zorblax?")


MAX_EVOL = "max-evol-agentenbasiertes-system-fuer-autonomes-maschinelles"  # its title writes "max_evol"
MAX_EVOLVE = "maxevolve-agentenbasiertes-system-fuer-autonomes"


async def test_a_team_alias_renames_searches_and_shows_at_once(clean_slack_env, fake_slack: FakeSlackAPI,
                                                               db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        store = bot.services.store
        await talkbot(bot, f"video {MAX_EVOL} {YOUTUBE}")
        assert "No entry for *Kasadi*" in await shown(bot, "/define", "Kasadi", MEMBER)  # asked once: kept
        assert "max_evol" in await shown(bot, "/talk", "max_evol", MEMBER)  # asked once: the answer is kept

        reply = await talkbot(bot, "alias max_evol = MaxEvolve")
        assert reply == ("Edit 2: “max_evol” now reads as *MaxEvolve* in search and in every answer. "
                         "`/talkbot undo 2` reverts it.")
        # Display: the talk is named as a fresh ingest with the alias would name it, its link kept.
        card = await shown(bot, "/talk", "max_evol", MEMBER)
        assert "MaxEvolve: Agentenbasiertes System" in card and "MaxEvolve (transcribed as “max_evol”)" in card
        assert await store.get_talk(MAX_EVOL) is None
        renamed = await store.get_talk(MAX_EVOLVE)
        assert renamed is not None and renamed.video_url == YOUTUBE
        assert all("max_evol" not in point.text for point in renamed.key_points)
        # A full ingest names it the same way (the team's aliases are part of the word data it names talks with).
        written = (await ingest_beside(db_path, [CORPUS], full=True)).talks_written
        assert MAX_EVOLVE in written and MAX_EVOL not in written
        # Search: the name finds what the corpus writes with the slip.
        assert (await store.find_talks("MaxEvolve"))[0].talk_id == MAX_EVOLVE
        watch = await mention_answer(bot, "which talk should I watch to learn MaxEvolve?")
        assert "MaxEvolve: Agentenbasiertes" in watch

        # A slip people type, not in the corpus: /define follows at once (the kept "no entry" answer is gone).
        assert (await talkbot(bot, "alias Kasadi = CasADi")).startswith("Edit 3:")
        defined = await shown(bot, "/define", "Kasadi", MEMBER)
        assert "No entry" not in defined and "_Kasadi → CasADi_" in defined
        # Questions are counted under the name too (the gap report groups them with the slip read as the name).
        await shown(bot, "/define", "CasADi", MEMBER)
        await bot.services.recorder.drain()
        recorded = {q.text: q.normalized for q in await bot.services.state.questions_since(0)}
        assert recorded["Kasadi"] == recorded["CasADi"] == "casadi"
        listed = await talkbot(bot, "aliases", MEMBER)
        assert listed.splitlines()[:3] == [
            "*Team aliases* (`/talkbot alias forget SLIP` removes one):",
            f"• max_evol → *MaxEvolve* — added by <@{EDITOR}>, {time.strftime('%Y-%m-%d', time.gmtime())} (edit 2)",
            f"• Kasadi → *CasADi* — added by <@{EDITOR}>, {time.strftime('%Y-%m-%d', time.gmtime())} (edit 3)"]
        assert "*From the corpus* (aliases.toml):" in listed and "• Palace, Palas → *Pallas*" in listed

        history = await talkbot(bot, "history max_evol", MEMBER)
        assert "alias `maxevol`: none → max_evol → MaxEvolve" in history
        # Undo renames back, link and all.
        assert await talkbot(bot, "undo 2") == "Edit 4: undid edit 2."
        assert await store.get_talk(MAX_EVOLVE) is None
        back = await store.get_talk(MAX_EVOL)
        assert back is not None and back.title.startswith("max_evol: ") and back.video_url == YOUTUBE
        assert (await talkbot(bot, "alias forget Kasadi")).startswith("Edit 5: forgot the team alias Kasadi → CasADi.")
        assert "No team aliases yet." in await talkbot(bot, "aliases", MEMBER)
        assert "undo 2" not in await shown(bot, "/talk", "max_evol", MEMBER)


async def mention_answer(bot: RunningBot, text: str) -> str:
    before = len(bot.fake.calls_to("chat.postMessage"))
    await bot.send(app_mention(text, ts=new_ts(), channel="CMENTION", event_id=new_event_id()))
    calls = await bot.fake.wait_for("chat.postMessage", count=before + 1)
    return shown_text(calls[before].params)


async def test_alias_edits_need_an_editor_and_bad_input_changes_nothing(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        assert (await talkbot(bot, "alias Foo = Bar", MEMBER)).startswith("Only editors can add aliases,")
        usage = "*Usage:* `/talkbot alias SLIP = NAME`"
        for text, said in (
            ("alias", usage), ("alias Palace", usage), ("alias = Pallas", usage), ("alias Palace =", usage),
            ("alias ?!. = Pallas", "“?!.” is no spelling: an alias needs letters or digits."),
            ("alias Foo = foo", "“Foo” cannot be an alias of itself."),
            ("alias die = Pallas", "“die” is a common word"),
            ("alias Palace = Pallas", "aliases.toml already reads “Palace” as *Pallas*."),
            ("alias Palace = Palast", "aliases.toml reads “Palace” as *Pallas*; the corpus's aliases change there"),
            ("alias Pallas = Palace", "“Palace” is itself a slip for *Pallas*: write `/talkbot alias Pallas = Pallas`"),
            ("alias Pallas = Foo", "“Pallas” is the name that Palace, Palas stand for; it cannot be a slip too."),
            ("alias Foo = Palas", "“Palas” is itself a slip for *Pallas*"),
            (f"alias <@{MEMBER}> = Pallas", "An alias is a plain spelling: no mentions, links or formatting."),
            ("alias <!channel> = Pallas", "An alias is a plain spelling"),
            ("alias Foo = <https://example.com|Pallas>", "An alias is a plain spelling"),
            ("alias *Foo* = Pallas", "An alias is a plain spelling"),
            ("alias &lt;b&gt; = Pallas", "An alias is a plain spelling"),
            ("alias " + "x" * 61 + " = Pallas", "is 61 characters long; the limit is 60."),
            ("alias a b c d e f = Pallas", "has 6 words; an alias has at most 5."),
            ("alias forget Nope", "“Nope” is no team alias"),
            ("alias forget Palace", "aliases.toml reads “Palace” as *Pallas*"),
        ):
            reply = await talkbot(bot, text)
            assert said in reply, (text, reply)
            assert reply == usage + reply[len(usage):] if said == usage else reply.endswith("Nothing was changed.")
            assert "<!channel>" not in reply and f"<@{MEMBER}>" not in reply
        assert await bot.services.store.edit_history() == []

        # No chains and no cycles among the team's own aliases either.
        assert (await talkbot(bot, "alias Foo = Bar")).startswith("Edit 1:")
        assert "“Bar” is the name that Foo stand for" in await talkbot(bot, "alias Bar = Baz")
        assert "“Foo” is itself a slip for *Bar*" in await talkbot(bot, "alias Baz = Foo")
        assert "“foo” already reads as *Bar*." in await talkbot(bot, "alias foo = Bar")
        assert (await talkbot(bot, "alias Foo = Qux")).startswith("Edit 2:")  # a team alias may be repointed
        assert "Foo → Bar → Foo → Qux" in await talkbot(bot, "history foo", MEMBER)
        assert (await talkbot(bot, "alias forget Foo")).startswith("Edit 3:")
        assert (await talkbot(bot, "alias Baz = Foo")).startswith("Edit 4:")
        # Bringing Foo → Qux back would make Baz a slip of a slip.
        assert (await talkbot(bot, "undo 3")).startswith("Undoing edit 3 would chain two aliases")
        assert len(await bot.services.store.edit_history()) == 4
        assert [(a.variant, a.canonical) for a in await bot.services.store.team_aliases()] == [("Baz", "Foo")]


async def test_an_alias_rename_carries_the_talks_digests_and_digest_threads_along(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        state = bot.services.state
        result = await bot.send(slash_command("/digest", "max_evol", user_id=EDITOR, channel_id="CDIG",
                                              response_url=bot.fake.response_url("d")))
        assert result.status == 200
        parent_ts = (await bot.fake.wait_for("chat.postMessage"))[0].response["ts"]
        await bot.fake.settle()  # the rest of the thread goes out first
        assert await state.talk_post_counts("CDIG") == {MAX_EVOL: 1}

        assert (await talkbot(bot, "alias max_evol = MaxEvolve")).startswith("Edit 1:")
        # The rotation counts the renamed talk as posted (it is not posted again before the others), and the
        # digest thread still knows its talk: a follow-up in it is answered about that talk.
        assert await state.talk_post_counts("CDIG") == {MAX_EVOLVE: 1}
        assert await state.digest_thread_talk("CDIG", parent_ts) == MAX_EVOLVE
        bot.fake.reset()
        await bot.send(app_mention("Welche Architektur hat das System?", ts=new_ts(), thread_ts=parent_ts,
                                   channel="CDIG", event_id=new_event_id()))
        [call] = await bot.fake.wait_for("chat.postMessage")
        assert call.params["thread_ts"] == parent_ts
        assert "Aus dem Vortrag dieses Threads" in shown_text(call.params) and "MaxEvolve" in shown_text(call.params)
        [listed] = await state.recent_digests(channel="CDIG")
        assert listed.digest.talk_id == MAX_EVOLVE and listed.posted == listed.planned

        # Undone, the talk and its digest records go back to the old name together.
        assert await talkbot(bot, "undo 1") == "Edit 2: undid edit 1."
        assert await state.talk_post_counts("CDIG") == {MAX_EVOL: 1}
        assert await state.digest_thread_talk("CDIG", parent_ts) == MAX_EVOL
