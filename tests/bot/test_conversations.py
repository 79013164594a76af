"""Conversations through the served app: direct messages and follow-ups in threads, as Slack delivers them
(signed HTTP requests to the real bolt app, answers recorded by the fake Web API)."""

from __future__ import annotations

import asyncio
import json

from tests.conftest import RunningBot
from tests.fakes.slack_api import BOT_ID, BOT_USER_ID
from tests.fakes.slack_requests import app_mention, message_im, new_ts

DM = "D0DM00001"


def shown(params: dict) -> str:
    return json.dumps(params.get("blocks", []), ensure_ascii=False)


async def posts_once_quiet(bot: RunningBot, seconds: float = 0.3) -> list:
    """chat.postMessage calls once none arrived for ``seconds``."""
    count = -1
    while count != len(bot.fake.calls_to("chat.postMessage")):
        count = len(bot.fake.calls_to("chat.postMessage"))
        await asyncio.sleep(seconds)
    return bot.fake.calls_to("chat.postMessage")


async def test_a_direct_message_is_answered_in_the_dm_in_the_askers_language(bot: RunningBot) -> None:
    await bot.send(message_im("wann wurde über all_to_all gesprochen?", channel=DM))
    [answer] = await bot.fake.wait_for("chat.postMessage")
    assert answer.params["channel"] == DM and "thread_ts" not in answer.params  # the DM itself, not a thread
    text = shown(answer.params)
    assert "kommt an 2 Stellen in 1 Vortrag vor" in text and "Horizontale Kommunikationstaktiken" in text


async def test_follow_ups_in_a_dm_use_the_same_memory(bot: RunningBot) -> None:
    await bot.send(message_im("was ist ORPO?", channel=DM))
    await bot.fake.wait_for("chat.postMessage")
    await bot.send(message_im("wer hat darüber gesprochen?", channel=DM))
    calls = await bot.fake.wait_for("chat.postMessage", count=2)
    assert "Post-Training und RL von großen Sprachmodellen" in shown(calls[1].params)
    await bot.send(message_im("and what about DPO?", channel=DM))  # the last question (who) about DPO
    calls = await bot.fake.wait_for("chat.postMessage", count=3)
    # an English question gets English words; DPO's talks name no speakers, and the answer says so
    assert calls[2].params["text"] == "The summary of *Tunix: Post-Training von LLMs* does not name its speakers."


async def test_own_messages_edits_and_other_bots_get_no_answer(bot: RunningBot) -> None:
    await bot.send(message_im("what is XLA?", channel=DM, user=BOT_USER_ID, bot_id=BOT_ID))  # its own answer
    await bot.send(message_im("what is XLA?", channel=DM, subtype="message_changed"))  # an edit
    await bot.send(message_im("what is XLA?", channel=DM, user="UOTHERBOT", bot_id="BOTHER"))  # another bot
    await bot.send(message_im("what is HBM?", channel=DM))  # a person's question, last
    [answer] = await bot.fake.wait_for("chat.postMessage")
    assert "High Bandwidth Memory" in shown(answer.params)
    assert len(await posts_once_quiet(bot)) == 1


async def test_a_follow_up_in_a_mention_thread_resolves_against_it(bot: RunningBot) -> None:
    top = new_ts()
    await bot.send(app_mention("when was HBM discussed?", ts=top, channel="CCONV"))
    [first] = await bot.fake.wait_for("chat.postMessage")
    assert first.params["thread_ts"] == top and "*HBM* comes up at" in shown(first.params)
    await bot.send(app_mention("and VMEM?", ts=new_ts(), thread_ts=top, channel="CCONV"))
    calls = await bot.fake.wait_for("chat.postMessage", count=2)
    follow_up = calls[1].params
    assert follow_up["thread_ts"] == top and "*VMEM* comes up at" in shown(follow_up)
    await bot.send(app_mention("who presented it?", ts=new_ts(), thread_ts=top, channel="CCONV"))
    calls = await bot.fake.wait_for("chat.postMessage", count=3)
    assert calls[2].params["thread_ts"] == top
    # "it" is the talk of the answer's lead moment (VMEM at 14:30 in the vLLM talk), whose summary names no one
    assert calls[2].params["text"] == ("The summary of *vLLM und SGLang: Skalierung großer Sprachmodelle* "
                                       "does not name its speakers.")


async def test_the_same_words_in_another_thread_start_from_scratch(bot: RunningBot) -> None:
    await bot.send(app_mention("mehr dazu", ts=new_ts(), channel="CCONV"))
    [answer] = await bot.fake.wait_for("chat.postMessage")
    assert "Mehr wozu?" in json.dumps(answer.params, ensure_ascii=False)
