"""Which of a talk's neighbouring key points comes first when several hold the question's words: each cause in
English and German, through the function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines
are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import MAIN, ask, first, follow_up


@pytest.mark.parametrize(("turn", "text", "thread_ts"), [
    # a compound that begins with the asked word is about its last part: "Algorithmus|selektion" (386) is the choice
    # among algorithms, not headed by "algorithm"; the RL point naming GRPO (384) answers which RL algorithm
    ("who did the post-training video with tunix", "and which rl algorithm do they use there", "n1.1"),
    ("wer hat das post-training video mit tunix gemacht", "und welchen rl algorithmus nehmen die da", "n1.2"),
])
async def test_a_compound_beginning_with_the_asked_word_is_not_headed_by_it(
        store: Store, state: BotState, turn: str, text: str, thread_ts: str) -> None:
    reply = await follow_up(store, state, turn, text, thread_ts)
    assert first(reply) == (MAIN, 384), text


@pytest.mark.parametrize(("turn", "text", "thread_ts"), [
    # a need doubted asks for the way without it: native MX tracing for small nets (525), not the point that uses
    # the ONNX Runtime (522)
    ("tell me about the casadi video with the shuttle example",
     "and if my net is small, do i still need the onnx runtime", "n2.1"),
    ("erzähl mal was über das casadi video mit dem shuttle-beispiel",
     "und wenn mein netz klein is, brauch ich dann überhaupt die onnx runtime", "n2.2"),
])
async def test_a_need_doubted_asks_for_the_way_without_it(
        store: Store, state: BotState, turn: str, text: str, thread_ts: str) -> None:
    reply = await follow_up(store, state, turn, text, thread_ts)
    assert first(reply) == (MAIN, 525), text


@pytest.mark.parametrize("text", [
    # "post-training" names the Tunix post-training talk with both its words: "training", in many titles, is no word
    # of 386's "Post-Training-Methoden" the question asks for; the point on GRPO (384) answers
    "give me the gist of what grpo is used for, from the tunix post-training video",
    "wofür wird grpo im tunix post-training video eingesetzt",
    "what is grpo good for in the tunix post-training video",
])
async def test_each_word_of_a_phrase_naming_the_talk_names_it(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 384), text


@pytest.mark.parametrize("text", [
    # the introduction (9) holds only the words of the setting that names the talk ("TPUs für Datenbanken …
    # Forschungsprojekt"): the operator mapping (12), where filters go, answers what is asked
    "on the tpu database project, which bit of the chip ends up doing the filtering part of a query",
    "on the tpu database project, which part of the chip ends up doing the filtering",
    "in the tpu database project, what part of the chip ends up doing the filtering for a query",
])
async def test_an_introduction_holding_only_the_setting_does_not_lead(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 12), text


@pytest.mark.parametrize("text", [
    # "the michigan tpu database folks" name the talk by its speakers, which its introduction (9) holds; it holds
    # nothing else asked, so the point on Colab (15, "TPUv6e-Versionskonflikte in Google Colab") answers
    "did the michigan tpu database folks run their stuff in colab",
    "did the michigan database folks run their queries in colab",
])
async def test_an_introduction_holding_only_the_speakers_naming_words_does_not_lead(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert first(reply) in {(MAIN, 13), (MAIN, 15)}, text
