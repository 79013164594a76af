"""Follow-ups, help and clarify through the served app (signed HTTP requests to the real bolt app, answers recorded
by the fake Web API): a term asked inside a digest thread's talk, interjections before a follow-up in a mention
thread and in a DM, a question about what the bot knows, a context-less "why?"; each answer's words in the asker's
language."""

from __future__ import annotations

from tests.conftest import RunningBot, shown_text
from tests.fakes.slack_requests import app_mention, message_im, new_event_id, new_ts


async def test_a_term_asked_inside_a_digest_threads_talk_is_that_talks_entry(bot: RunningBot) -> None:
    parent_ts = await bot.digest_thread("oneapi", "CFUP1")
    await bot.send(app_mention("hmm, was heißt da PJRT?", ts=new_ts(), thread_ts=parent_ts, channel="CFUP1",
                               event_id=new_event_id()))
    [call] = await bot.fake.wait_for("chat.postMessage")
    text = shown_text(call.params)
    # PJRT is defined by the XLA talk and by this thread's oneAPI talk: the oneAPI entry comes first, in German words
    assert call.params["thread_ts"] == parent_ts and "2 Bedeutungen" in text
    assert text.index("Plug-in-Schnittstelle in JAX") < text.index("Portable JAX/XLA Runtime")


async def test_worth_watching_in_a_mention_thread_recommends_its_talk(bot: RunningBot) -> None:
    top = new_ts()
    await bot.send(app_mention("summarize the CasADi talk", ts=top, channel="CFUP2"))
    await bot.fake.wait_for("chat.postMessage")
    await bot.send(app_mention("ok cool, is it worth watching?", ts=new_ts(), thread_ts=top, channel="CFUP2"))
    calls = await bot.fake.wait_for("chat.postMessage", count=2)
    assert calls[1].params["thread_ts"] == top
    assert calls[1].params["text"].startswith("Watch *Einbettung trainierter neuronaler Netze in CasADi")


async def test_interjections_before_a_dm_follow_up_leave_the_dms_topic(bot: RunningBot) -> None:
    await bot.send(message_im("what is debugpy?", channel="DFUP00001"))
    await bot.fake.wait_for("chat.postMessage")
    await bot.send(message_im("oh ok, and what's it good for?", channel="DFUP00001"))
    calls = await bot.fake.wait_for("chat.postMessage", count=2)
    answer = shown_text(calls[1].params)
    assert "Remote-Debugging in IDEs" in answer and "At `" in answer  # the point at 17:06, English words
    assert "don't mention" not in answer


async def test_a_question_about_what_the_bot_knows_is_answered_with_help_in_a_dm(bot: RunningBot) -> None:
    await bot.send(message_im("hmm, what sort of things do you know about?", channel="DFUP00002"))
    await bot.send(message_im("worüber weißt du so bescheid?", channel="DFUP00003"))
    calls = await bot.fake.wait_for("chat.postMessage", count=2)
    by_channel = {call.params["channel"]: call.params["text"] for call in calls}
    assert by_channel["DFUP00002"].startswith("Ask me about the team's talk summaries")
    assert by_channel["DFUP00003"].startswith("Frag mich zu den Vortragszusammenfassungen")


async def test_a_context_less_why_behind_an_interjection_asks_what_is_meant(bot: RunningBot) -> None:
    await bot.send(message_im("moment mal, warum?", channel="DFUP00004"))
    [call] = await bot.fake.wait_for("chat.postMessage")
    assert call.params["text"].startswith("Worauf bezieht sich das?")
    assert "*moment*" not in shown_text(call.params)
