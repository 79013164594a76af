"""An English question that names its talk before the question word ("in the xla crash course what does …") is read
as the same question with the talk named last, which the shapes read. Through the function mentions and DMs call, on
the bundled corpus in a real SQLite file; lines are of the 000 file."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from handlers.questions import parse
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "line"), [
    # 000:486 "PJRT-API-Schnittstelle: … standardisierten C-APIs"; read as a search, the talk's agenda (000:479,
    # which names PJRT and the crash course's stack) answered
    ("in the xla crash course what does pjrt actually standardise", 486),
    ("in the xla crash course, what does pjrt standardise", 486),
    # a longer place up to its comma: the talk with the Gemma 4 GRPO run (000:166) names the post-training talk, its
    # disaggregated architecture (000:164) moves the weights; read as a search, the run's own point answered
    ("in the talk with the gemma 4 grpo run, how do new weights get from the trainer to the rollout side", 164),
])
async def test_a_talk_named_before_the_question_word(store: Store, text: str, line: int) -> None:
    shown = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    hit = shown["hits"][0]["source"]
    assert (hit["file"], hit["line"]) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    "in which talks do they talk about GRPO?",  # a question word in the phrase: the question's own start
    "at what point does the ONNX Runtime come up?",
])
def test_a_phrase_with_a_question_word_stays_first(text: str) -> None:
    assert parse(text).shape == parse(text).shape.MOMENTS, text


@pytest.mark.parametrize("text", [
    "In distributed computing, what does an all-gather do?",  # its "?" is no word before the place moved last
    "what does an all-gather do in distributed computing?",
])
def test_what_a_thing_does_where_it_is_placed_keeps_the_thing_and_the_place(text: str) -> None:
    question = parse(text)
    assert (question.term, question.qualifier) == ("all-gather", "distributed computing"), text


@pytest.mark.parametrize("text", [
    # 004:23 "All-Gather: Ein kollektiver Kommunikationsvorgang in verteilten Systemen": the entry places it there
    # itself, in the German the word list gives the field; not the key point 004:13 that uses one
    "In distributed computing, what does an all-gather do?",
    "what does an all-gather do in distributed systems",  # "systems" held as "Systemen"
])
async def test_a_role_where_the_entry_places_the_thing_is_its_entry(store: Store, text: str) -> None:
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]["source"]
    assert (hit["file"], hit["line"]) == ("004_b9033c416a07336f.txt", 23), text
