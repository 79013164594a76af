"""Who may edit (issue 16, item 5), through the served app and the fake Web API: editors' edits apply at once,
members' video links, definitions and key-point corrections become suggestions that editors accept or reject
from `/talkbot gaps` and the curator report, and the suggester hears privately (a DM)."""

from __future__ import annotations

import json
from pathlib import Path

from handlers.blocks import ACTION_ACCEPT_SUGGESTION, ACTION_REJECT_SUGGESTION, FLAG_BLOCK, HIDE_BLOCK, TEXT_BLOCK
from tests.bot.test_corrections import HLO_AT, card, form_text, open_form, typed
from tests.bot.test_permissions import EDITOR, MEMBER, XLA_DEFINED, _answer_named, served
from tests.bot.test_team_edits import XLA, YOUTUBE, answer, buttons_of, click, define, submit, talkbot, video_of
from tests.conftest import PALLAS_EXPORT, RunningBot, corpus_without, ingest_beside, shown_text
from tests.fakes.slack_api import FakeSlackAPI
from tests.slack_limits import message_problems

OTHER_MEMBER = "UMEMBER2"


def decision_buttons(message: dict) -> dict[str, tuple[str, str]]:
    """Suggestion number -> (accept value, reject value) from the Accept/Reject buttons of a message."""
    found: dict[str, list[str]] = {}
    for block in message.get("blocks", []):
        if block["type"] != "actions":
            continue
        for element in block["elements"]:
            if element["action_id"].split(":")[0] in (ACTION_ACCEPT_SUGGESTION, ACTION_REJECT_SUGGESTION):
                found.setdefault(element["value"], []).append(element["action_id"].split(":")[0])
    return {number: (number, number) for number, kinds in found.items()
            if kinds == [ACTION_ACCEPT_SUGGESTION, ACTION_REJECT_SUGGESTION]}


async def decide(bot: RunningBot, action_id: str, value: str, user: str = EDITOR) -> str:
    """Click Accept or Reject; the private line the clicker gets."""
    name = await click(bot, action_id, value, user)
    return str((await _answer_named(bot, name)).params["text"])


async def dm_to(bot: RunningBot, user: str, count: int = 1) -> list[str]:
    calls = await bot.fake.wait_for("chat.postMessage", count=count)
    return [str(call.params["text"]) for call in calls if call.params.get("channel") == user]


async def test_members_suggest_and_editors_accept_or_reject_from_gaps(clean_slack_env, fake_slack: FakeSlackAPI,
                                                                    db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        said = await talkbot(bot, f"video {XLA} <{YOUTUBE}>", MEMBER)
        assert said == (f"Suggestion 1 sent to the editors: video link of `{XLA}` → {YOUTUBE.replace('&', '&amp;')}\n"
                        "You'll hear from me privately when one of them accepts or rejects it.")
        said = (await define(bot, "Zorblax = ein <!channel> Begriff", OTHER_MEMBER))["text"]
        assert said.startswith("Suggestion 2 sent to the editors: team definition of *Zorblax*: ein @channel Begriff")
        view = await open_form(bot, f"fix:{HLO_AT}:{XLA}", MEMBER)
        assert view["submit"]["text"] == "Suggest"
        done = form_text(await submit(bot, view, typed(TEXT_BLOCK, "HLO kam 2017."), MEMBER))
        assert done.startswith("Suggestion 3 sent to the editors: key point 0:54 of `xla-crashkurs` to read: HLO kam")
        again = form_text(await submit(bot, view, typed(TEXT_BLOCK, "HLO kam 2018."), MEMBER))
        assert "already sent" in again
        # Nothing applies until an editor decides.
        assert await video_of(bot, XLA) is None
        assert "No entry for *Zorblax*" in shown_text(await define(bot, "Zorblax", MEMBER))
        assert "HLO kam 2017" not in shown_text(await card(bot))

        refused = await answer(bot, "/talkbot", "gaps", MEMBER)
        assert refused["text"].startswith("Only editors can see the team's stats")
        gaps = await answer(bot, "/talkbot", "gaps", EDITOR)
        assert message_problems(gaps) == []
        assert "*Suggestions waiting for an editor* (3)" in shown_text(gaps)
        assert sorted(decision_buttons(gaps)) == ["1", "2", "3"]
        assert "<!channel>" not in shown_text(gaps)

        reply = await decide(bot, ACTION_ACCEPT_SUGGESTION, "1")
        assert reply.startswith(f"Accepted suggestion 1 by <@{MEMBER}>: video link of `{XLA}`")
        assert "It is edit 4; `/talkbot undo 4` reverts it." in reply
        assert await video_of(bot, XLA) == YOUTUBE
        [told] = await dm_to(bot, MEMBER)
        assert told.startswith(f"<@{EDITOR}> accepted your suggestion 1: video link of `{XLA}`")

        reply = await decide(bot, ACTION_REJECT_SUGGESTION, "2")
        assert reply.startswith(f"Rejected suggestion 2 by <@{OTHER_MEMBER}>: team definition of *Zorblax*")
        assert (await dm_to(bot, OTHER_MEMBER, count=2))[0].startswith(
            f"<@{EDITOR}> did not take your suggestion 2: team definition of *Zorblax*")
        assert "No entry for *Zorblax*" in shown_text(await define(bot, "Zorblax", MEMBER))

        assert await decide(bot, ACTION_ACCEPT_SUGGESTION, "3") == (
            f"Accepted suggestion 3 by <@{MEMBER}>: key point 0:54 of `xla-crashkurs` to read: HLO kam 2017.\n"
            "It is edit 7; `/talkbot undo 7` reverts it.")
        shown = shown_text(await card(bot))
        assert "HLO kam 2017." in shown and f"_(corrected by <@{MEMBER}>)_" in shown  # the suggester's words

        # Decided once: a second click (or the other button) changes nothing.
        assert (await decide(bot, ACTION_ACCEPT_SUGGESTION, "2")) == (
            f"Suggestion 2 was already rejected by <@{EDITOR}> (edit 6). Nothing was changed.")
        assert "*Suggestions waiting" not in shown_text(await answer(bot, "/talkbot", "gaps", EDITOR))

        history = await talkbot(bot, f"history {XLA}", MEMBER)
        assert "accepted suggestion 3 (as edit 7)" in history and "suggested: key point 0:54" in history
        assert "_(decided in edit 8)_" in history
        assert (await talkbot(bot, "undo 3")).startswith("Edit 3 is a suggestion: accept or reject it")
        assert (await talkbot(bot, "undo 8")).startswith("Edit 8 accepted a suggestion; undo the edit it made (edit 7)")
        assert (await talkbot(bot, "undo 6")).startswith("Edit 6 rejected a suggestion, which cannot be undone")
        assert await talkbot(bot, "undo 7") == "Edit 9: undid edit 7."
        assert "HLO kam 2017." not in shown_text(await card(bot))


async def test_decisions_need_an_editor_and_checked_values(clean_slack_env, fake_slack: FakeSlackAPI,
                                                            db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        assert (await define(bot, "XLA = unser Compiler", EDITOR))["text"].startswith("Edit 1:")
        said = (await define(bot, "forget XLA", MEMBER))["text"]
        assert said.startswith("Suggestion 2 sent to the editors: forget the team definition of *XLA*")
        assert (await define(bot, "forget HLO", MEMBER))["text"].startswith("*HLO* has no team definition to forget")

        assert (await decide(bot, ACTION_ACCEPT_SUGGESTION, "2", MEMBER)).startswith("Only editors can")
        for value, said in (("abc", "older version of talkbot"), ("<!channel>", "older version of talkbot"),
                            ("1", "There is no suggestion 1."), ("99", "There is no suggestion 99.")):
            reply = await decide(bot, ACTION_REJECT_SUGGESTION, value)
            assert said in reply and "othing was changed" in reply and "<!channel>" not in reply, value
        assert [edit.kind for edit in await bot.services.store.edit_history()] == ["suggest", "define"]

        assert (await decide(bot, ACTION_ACCEPT_SUGGESTION, "2")).startswith("Accepted suggestion 2")
        assert XLA_DEFINED in shown_text(await define(bot, "XLA", MEMBER))
        assert "unser Compiler" not in shown_text(await define(bot, "XLA", MEMBER))


async def test_the_curator_report_lists_suggestions_with_buttons(clean_slack_env, fake_slack: FakeSlackAPI,
                                                                  db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        for number in range(10):
            await talkbot(bot, f"video {XLA} https://example.org/v{number}", MEMBER)
        report = await answer(bot, "/talkbot", "report preview", EDITOR)
        assert message_problems(report) == []
        assert "*Suggestions waiting for an editor* (10)" in shown_text(report)
        assert len(decision_buttons(report)) == 8 and "2 more" in shown_text(report)
        assert ACTION_ACCEPT_SUGGESTION in json.dumps(report) and buttons_of(report)


async def test_accepting_what_is_gone_changes_nothing(clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path,
                                                      tmp_path: Path) -> None:
    pallas = "pallas-schreiben-von-low-level-kernels-fuer-google-tpus"
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        talk = await bot.services.store.get_talk(pallas)
        assert talk is not None
        view = await open_form(bot, f"fix:{talk.key_points[0].seconds}:{pallas}", MEMBER)
        assert form_text(await submit(bot, view, typed(TEXT_BLOCK, "Neu"), MEMBER)).startswith("Suggestion 1 sent")
        smaller = corpus_without(PALLAS_EXPORT, tmp_path)
        await ingest_beside(db_path, [smaller])
        reply = await decide(bot, ACTION_ACCEPT_SUGGESTION, "1")
        assert reply == ("What suggestion 1 changes is no longer in the summaries; reject it instead. "
                         "Nothing was changed.")
        assert [edit.kind for edit in await bot.services.store.edit_history()] == ["suggest"]
        assert (await decide(bot, ACTION_REJECT_SUGGESTION, "1")).startswith("Rejected suggestion 1")


async def test_a_members_hide_until_fixed_applies_once_accepted(clean_slack_env, fake_slack: FakeSlackAPI,
                                                               db_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        view = await open_form(bot, f"inaccurate:{HLO_AT}:{XLA}", MEMBER)
        marked = {**typed(FLAG_BLOCK, "Falsches Jahr"),
                  HIDE_BLOCK: {HIDE_BLOCK: {"type": "checkboxes", "selected_options": [{"value": "hide"}]}}}
        said = form_text(await submit(bot, view, marked, MEMBER))
        assert said.startswith("Suggestion 1 sent to the editors: hide key point 0:54 of `xla-crashkurs` until it is "
                               "fixed (Falsches Jahr)")
        assert "Entstehung von HLO" in shown_text(await card(bot))
        assert (await decide(bot, ACTION_ACCEPT_SUGGESTION, "1")).startswith("Accepted suggestion 1")
        assert "Entstehung von HLO" not in shown_text(await card(bot))
