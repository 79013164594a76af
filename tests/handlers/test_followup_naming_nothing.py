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
