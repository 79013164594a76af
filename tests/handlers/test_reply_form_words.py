"""Words that ask for the reply's form, not for content: a short version is the summary, "zsm" is chat's "zusammen"
("zsmfassung"), and timestamps asked for last ("…, timestamps pls") only ask to be told when. None of them is a word
the summaries should hold. Lines are of the 000 file (the Tinix RL talk's summary 293, Tunix post-training's 374, the
FP8 moments 239 and 350)."""

from __future__ import annotations

import pytest

from store.db import Store
from store.state import BotState
from tests.handlers.test_coverage import MAIN, ask, body, first
from tests.handlers.test_questions import follow_up


@pytest.mark.parametrize(("text", "line"), [
    ("short version of the tinix talk pls", 293),
    ("gib mir die kurzversion vom tunix post-training video", 374),
    ("zsmfassung vom tunix post-training video bitte", 374),
    ("kannst du mal das tunix post-training video zsmfassen", 374),
])
async def test_a_summary_asked_in_other_words_is_the_summary(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "summary", text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    "when was fp8 brought up, timestamps pls",
    "wann kam fp8 vor, mit zeitstempeln bitte",
])
async def test_timestamps_asked_last_only_ask_when(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "when" and body(reply)["covered"] is not False, text
    assert {(hit["source"]["file"], hit["source"]["line"]) for hit in body(reply)["hits"]} >= \
        {(MAIN, 239), (MAIN, 350)}, text


async def test_a_few_sentences_before_a_separable_verbs_particle_ask_for_the_threads_summary(
        store: Store, state: BotState) -> None:
    # "in ein paar sätzen" asks for a short reply, before "zusammen" of "zusammenfassen": the thread's talk (JAX-AITER,
    # 336) summarised, not a search for "paar sätzen"
    reply = await follow_up(store, state, "mxfp4 – was ist das für ein format",
                            "fass mir den talk bitte in ein paar sätzen zusammen", "reply-form.1")
    assert body(reply)["shape"] == "summary" and body(reply)["covered"] and first(reply) == (MAIN, 336)


async def test_a_few_sentences_asked_of_a_named_talk_are_its_summary(store: Store) -> None:
    reply = await ask(store, "fass den casadi vortrag in ein paar sätzen zusammen")
    assert body(reply)["shape"] == "summary" and first(reply) == (MAIN, 509)
