"""A follow-up in a thread about one talk whose own words name nothing of the corpus is asked of that talk, however it
is put: who for a who question, worth watching for a yes/no one, else its summary; a follow-up that names another
talk still moves on to it.

The phrasings are not the follow-up grid's (bench/followup_phrasings.toml); expected answers are the talks' summary
headings in the corpus.
"""

from __future__ import annotations

import pytest

from handlers.replies import AnswerReply
from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import MAIN, first, follow_up

QUANTUM = ("tell me about the talk on simulating quantum hardware", 27)  # JAX Quantum's summary heading
ONEAPI = ("erzähl mal was über den Vortrag von Intel zum XLA-Compiler", 257)  # the oneAPI backend's


@pytest.mark.parametrize(("thread", "text", "shape"), [
    (QUANTUM, "should I bother watching it?", "watch"),
    (QUANTUM, "was it entertaining?", "watch"),
    (QUANTUM, "who was on stage?", "who"),
    (QUANTUM, "who was at the mic?", "who"),
    (QUANTUM, "who stood up there?", "who"),
    (QUANTUM, "what did I miss?", "summary"),
    (ONEAPI, "wer stand da auf der bühne?", "who"),
    (ONEAPI, "wer hat da referiert?", "who"),
    (ONEAPI, "ist der sehenswert?", "watch"),
    (ONEAPI, "taugt der was?", "watch"),
    (ONEAPI, "ist das empfehlenswert?", "watch"),
    (ONEAPI, "was kam da so rum?", "summary"),
])
async def test_a_follow_up_whose_words_name_nothing_is_asked_of_the_threads_talk(
        store: Store, state: BotState, thread: tuple[str, int], text: str, shape: str) -> None:
    turn, heading = thread
    reply = await follow_up(store, state, turn, text, "61.1")
    assert isinstance(reply, AnswerReply) and not reply.not_covered
    assert reply.shape == shape and first(reply) == (MAIN, heading)


@pytest.mark.parametrize(("thread", "text"), [
    (QUANTUM, "who presented the pallas talk?"),
    (ONEAPI, "und wer hat über Pallas geredet?"),
])
async def test_a_follow_up_naming_another_talk_moves_on_to_it(store: Store, state: BotState,
                                                              thread: tuple[str, int], text: str) -> None:
    reply = await follow_up(store, state, thread[0], text, "61.2")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == ("004_b9033c416a07336f.txt", 1)


KINETIC_JOBS = "how do I keep long jobs running in the background with kinetic?"  # answered from Kinetic's points
KINETIC_JOBS_DE = "wie lässt man mit Kinetic lange Jobs im Hintergrund laufen?"


@pytest.mark.parametrize(("turn", "text"), [
    (KINETIC_JOBS, "is it worthwhile?"),
    (KINETIC_JOBS_DE, "ist der sehenswert?"),
])
async def test_everyday_words_after_an_answer_from_one_talks_points_ask_of_that_talk(
        store: Store, state: BotState, turn: str, text: str) -> None:
    reply = await follow_up(store, state, turn, text, "61.3")
    assert isinstance(reply, AnswerReply) and reply.shape == "watch" and first(reply) == (MAIN, 60)


@pytest.mark.parametrize(("turn", "text"), [
    (KINETIC_JOBS, "is there anything on zephyrflux?"),
    (KINETIC_JOBS_DE, "gibts was zu zephyrflux?"),
])
async def test_a_rare_word_no_summary_has_after_an_answer_from_one_talks_points_is_not_covered(
        store: Store, state: BotState, turn: str, text: str) -> None:
    # a thing of its own that the corpus does not have, not the talk the thread's answer came from
    reply = await follow_up(store, state, turn, text, "61.4")
    assert isinstance(reply, AnswerReply) and reply.shape == "search" and "zephyrflux" in reply.not_covered
