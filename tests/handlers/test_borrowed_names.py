"""A German question that borrows an English name of several words as typed, in lower case ("cuda graphs", "vertex ai
pipelines"), and the names before an absent thing that say whose it is ("kinetic docker compose", "aws trainium"):
through the function mentions and DMs call, on the bundled corpus in a real SQLite file. Absence was checked by grep
over corpus/*.txt (the summaries have CUDA, Graphen, Vertex AI, Pipelines, Zero, Knowledge, Rust, never these names)."""

from __future__ import annotations

import pytest

from handlers.questions import name_runs
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, assert_said_not_covered, body, first


@pytest.mark.parametrize(("text", "said"), [
    # a name of no general language, or a word English writes as often as German, before an English noun is a word of
    # the name the question borrows: no point on CUDA or on Graphen says CUDA Graphs
    ("geht der xla crashkurs auf cuda graphs ein", "Die Zusammenfassungen erwähnen *cuda graphs* nicht."),
    ("gibts was zu vertex ai pipelines", "Die Zusammenfassungen erwähnen *vertex ai pipelines* nicht."),
    ("was sind zero knowledge proofs", "Die Zusammenfassungen erwähnen *zero knowledge proofs* nicht."),
])
async def test_a_borrowed_english_name_is_absent_as_a_whole(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said", "line"), [
    # the talk's own name before the borrowed name says whose thing is asked about; its points follow
    ("hat flydsl rust bindings", "Die Zusammenfassungen erwähnen *rust bindings* nicht.", 235),
    # (Docker is a name the summaries hold, so the absent thing is Compose, as AWS's Trainium below; 000:68 says
    # Kinetic spares writing Docker files)
    ("kann kinetic docker compose", "Die Zusammenfassungen erwähnen *compose* nicht.", 68),
    # a name the summaries hold before the absent word is no part of the absent name (AWS is the StableHLO talk's)
    ("does max_evol run on aws trainium", "The summaries don't mention *trainium*.", 131),
    ("laufen die jobs bei kinetic als kubernetes pods", "Die Zusammenfassungen erwähnen *pods* nicht.", 73),
])
async def test_a_name_before_an_absent_thing_is_not_named_absent(store: Store, text: str, said: str,
                                                                 line: int) -> None:
    reply = await ask(store, text)
    assert_said_not_covered(reply, said, text)
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    # German's own words ("uni") and a German word after an English one ("forward pass": pass is as much German)
    # start or end no borrowed name: the questions are answered as before
    ("worum gings in dem talk von der uni michigan", 3),
    ("kann jaxator auch den forward pass", 349),
])
async def test_german_words_make_no_borrowed_name(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "runs"), [
    ("gehen die im xla crashkurs auch auf cuda graphs ein", ["cuda graphs"]),
    # a German compound no word list has ("crashkurs") is no word inside a borrowed name
    ("nutzt der xla crashkurs cuda graphs", ["cuda graphs"]),
    ("kann kinetic auch docker compose dateien verwenden", ["docker compose"]),
    # a name of no general language before a borrowed name of two words is whose it is
    ("kann vllm auf tpu speculative decoding", ["speculative decoding"]),
    ("wie komm ich bei palace an die sparse cores ran", ["sparse cores"]),
])
def test_borrowed_name_runs(text: str, runs: list[str]) -> None:
    assert [run.text for run in name_runs(text, "de")] == runs


async def test_absent_words_after_a_held_word_are_named_alone(store: Store) -> None:
    # Rust is max_evol's (000:135), borrow and checker are in no summary: a thing of Rust the summaries lack, named
    # without the word they have
    text = "explain the rust borrow checker to me"
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *borrow checker*.", text)


async def test_words_after_a_do_questions_subject_are_its_verb(store: Store) -> None:
    # "take care" is what PJRT does, no thing of it the summaries lack: the point on PJRT's API answers
    reply = await ask(store, "what does pjrt take care of in the xla crash course")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 486)
