"""Follow-up questions in a thread whose first point was another one (session 27, second round): what a follow-up
asks of the thread's topic and what it only sets that topic against. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers import mentions
from store.db import Store
from store.state import BotState
from tests.handlers.test_coverage import MAIN, body, first
from tests.handlers.test_questions import follow_up


@pytest.mark.parametrize(("turn", "text", "line"), [
    # in a why-question, English "when there's X" sets X against the thread's topic as German "wenn man doch X hat"
    # does, without "already": what CHLO is for (200), not 198's StableHLO
    ("what is chlo exactly", "why have it at all when there's stablehlo", 200),
])
async def test_a_why_questions_when_there_is_clause_concedes(store: Store, state: BotState, turn: str, text: str,
                                                             line: int) -> None:
    reply = await follow_up(store, state, turn, text, "27.2")
    assert body(reply)["shape"] == "explain" and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("turn", "text", "line"), [
    # English's pro-form "one" after "the" stands for the thing the thread is about, as "it" does: the torii's height
    # (577's "in 4 Metern Höhe"), not the treehouse's trees
    ("what's a torii", "how tall is the one the vlogger built", 577),
])
async def test_the_pro_form_one_points_back(store: Store, state: BotState, turn: str, text: str, line: int) -> None:
    reply = await follow_up(store, state, turn, text, "27.3")
    assert body(reply)["shape"] == "number" and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("turn", "text", "line"), [
    # "they" in a thread are the people of its topic: what they did is asked of the topic (13's "vier Kernabfragen" of
    # the SSB), as German "sie" is, not any count of queries in the talk (14's per-query results)
    ("what is the star schema benchmark", "how many queries did they run", 13),
    # after a talk, "they" are its speakers: what they use is asked of their talk, not of its title's words (384 GRPO)
    ("who did the post-training video with tunix", "and which rl algorithm do they use there", 384),
])
async def test_what_they_did_is_asked_of_the_topic(store: Store, state: BotState, turn: str, text: str,
                                                    line: int) -> None:
    reply = await follow_up(store, state, turn, text, f"27.4.{line}")
    assert first(reply) == (MAIN, line), text


async def test_who_did_a_thing_of_the_threads_talk_is_its_point(store: Store, state: BotState) -> None:
    # the thread's talk's speakers known, "who did X" asks who did a thing it tells of: the point naming the interior's
    # architect (605), not the talk's speakers again
    await follow_up(store, state, "who did the treehouse doc", "how deep do the screws go in", "27.5")
    reply = await mentions.answer(store, "<@UBOT> and who did the inside", state=state, channel="CQ", thread_ts="27.5")
    assert first(reply) == (MAIN, 605)
