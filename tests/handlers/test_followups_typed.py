"""Thread follow-ups typed the way people type in a thread: 'von wem kam', 'wessen', a typo in the word talk
('vortag', 'tlak'), spoken German's dropped e ('anschaun'), 'genauer' / 'in more detail', 'which talks did X come
up in', in German and English, through the function mentions and DMs call (bench/eval_answers_tune9.toml's causes).

Expected answers are corpus lines (000 file) read from the summaries.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console import as_text
from handlers.questions import Shape, parse
from handlers.replies import AnswerReply
from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import MAIN, ask, body, first, follow_up, lines


@pytest.fixture
async def state(db_path: Path) -> AsyncIterator[BotState]:
    opened = await BotState.open(db_path)
    yield opened
    await opened.close()


@pytest.mark.parametrize(("turn", "text", "said"), [
    ("was ist Diffrax?", "von wem kam der vortrag", "wurde von Shantanu gehalten."),
    ("was ist Diffrax?", "wessen vortrag war das", "wurde von Shantanu gehalten."),
    ("was ist Diffrax?", "wer hat den vortag gehalten", "wurde von Shantanu gehalten."),
    ("what is Diffrax?", "whose talk was that", "was presented by Shantanu."),
    ("what is Diffrax?", "who gave the tlak", "was presented by Shantanu."),
])
async def test_who_asked_with_kam_wessen_or_a_typo_in_talk_is_the_threads_talk(
        store: Store, state: BotState, turn: str, text: str, said: str) -> None:
    # "kam" / "wessen" ask who like "war" / "whose"; "vortag" and "tlak" are the word talk, not a topic to look up
    reply = await follow_up(store, state, turn, text, "20.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 27)
    assert said in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("text", "said"), [
    ("wer hat den vortrg über Kinetic gehalten", "wurde von Diva, Jyotinder gehalten."),
    ("who gave the tlak on Kinetic", "was presented by Diva, Jyotinder."),
])
async def test_a_typo_in_talk_leaves_the_named_subject(store: Store, text: str, said: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.subject == "Kinetic" and first(reply) == (MAIN, 60)
    assert said in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("turn", "text", "lead"), [
    ("was ist VHLO?", "welches video sollt ich mir dazu anschaun", "Schau dir *XLA-Crashkurs* an"),
    ("what is VHLO?", "which video should i watch for that", "Watch *XLA-Crashkurs*"),
])
async def test_spoken_german_without_the_e_still_frames_a_watch_follow_up(store: Store, state: BotState, turn: str,
                                                                          text: str, lead: str) -> None:
    reply = await follow_up(store, state, turn, text, "21.1")  # "anschaun" is "anschauen", no topic
    assert isinstance(reply, AnswerReply) and reply.shape == "watch" and reply.subject == "VHLO"
    assert first(reply) in {(MAIN, 189), (MAIN, 473)} and as_text(reply).startswith(lead)


@pytest.mark.parametrize(("turn", "text", "language"), [
    ("was ist Diffrax?", "erklär das nochmal genauer", "de"),
    ("what is Diffrax?", "explain that in more detail", "en"),
])
async def test_explain_it_in_more_detail_explains_the_threads_topic(store: Store, state: BotState, turn: str,
                                                                     text: str, language: str) -> None:
    reply = await follow_up(store, state, turn, text, "22.1")  # "genauer" / "detail" is no topic to look up
    assert isinstance(reply, AnswerReply) and reply.shape == "explain" and reply.subject == "Diffrax"
    assert first(reply) == (MAIN, 35) and body(reply)["lang"] == language and "Diffrax" in as_text(reply)


@pytest.mark.parametrize(("turn", "text"), [
    ("was ist GRPO?", "in welchen vorträgen kam das vor"),
    ("what is GRPO?", "which talks did that come up in"),
])
async def test_which_talks_did_it_come_up_in_lists_every_moment(store: Store, state: BotState, turn: str,
                                                                text: str) -> None:
    reply = await follow_up(store, state, turn, text, "23.1")  # "in" at the end: moments, not a list of talks
    assert isinstance(reply, AnswerReply) and reply.shape == "when" and reply.subject == "GRPO"
    assert {166, 168, 306, 384, 386, 453} <= lines(reply)


@pytest.mark.parametrize(("text", "shape"), [
    ("worum gehts bei Kinetic", Shape.SUMMARY),
    ("which talks cover Kinetic", Shape.TALKS),
    ("which talks is Kinetic mentioned in", Shape.MOMENTS),
])
def test_talk_questions_typed_loosely_keep_their_shape_and_subject(text: str, shape: Shape) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (shape, "Kinetic")
