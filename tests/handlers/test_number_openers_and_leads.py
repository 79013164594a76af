"""Number questions whose asked quantity a general cause kept from the first place, one cause per test: the number
asked after a preposition or a colon, the point naming the asked talk's speakers below the relevance floor, a measured
number only a less relevant point of the best talk has, a bare number of the question read as a name. Asked through
the function mentions and DMs call, on the bundled corpus in a real SQLite file; lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "through how many degrees does the larch spiral staircase in the treehouse turn",
    "durch wie viele grad dreht sich die wendeltreppe aus lärchenholz",
])
async def test_a_preposition_before_how_many_asks_a_number(store: Store, text: str) -> None:
    # 548's "Wendeltreppe aus witterungsbeständigem Lärchenholz mit 285 Grad Bogenmaß"; "larch spiral staircase" is
    # that staircase (store/together.py: a thing named by what it is made of), no name the summaries lack
    assert parse(text).shape == Shape.QUANTITY, text
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 548), text


def test_how_much_after_a_colon_asks_a_number() -> None:
    # the talk named first, then the number asked, as after a comma
    question = parse("bei dem video-ki-ding: wie viel prozent der varianten fliegen im ersten durchgang raus?")
    assert (question.shape, question.quantity) == (Shape.QUANTITY, "percent")


async def test_the_point_naming_the_asked_talks_speakers_counts_them(store: Store) -> None:
    # 299's "Vorstellung des Google-Tunix-Teams … durch Lance, Su und Hu", though 301's Sandbox-Umgebungen hold more of
    # the words naming the talk
    reply = await ask(store, "wie viele leute haben den google-talk über rl mit agenten in sandboxes gehalten")
    assert first(reply) == (MAIN, 299)


async def test_a_measured_number_of_the_best_talk_before_another_number(store: Store) -> None:
    # no point as relevant has a size: 317's ">100B-Modelle" of the same talk, not 315's "16/32- bis 64-Chip"
    reply = await ask(store, "from what model size does splitting rollout and training onto separate hardware pay off, "
                             "per the tinix q&a")
    assert first(reply) == (MAIN, 317)


async def test_a_bare_number_of_the_question_names_no_talk(store: Store) -> None:
    # "gegenüber 8 bit" is no name: the speed-ups of the AITER talk (Llama-Training, 4-Bit), not FlyDSL's "Mixtral
    # 8x7B" found by a word starting with 8
    reply = await ask(store, "wieviel schneller wird das llama-training bei amd mit dem 4-bit-zahlenformat gegenüber 8 "
                             "bit")
    assert body(reply)["hits"][0]["talk_id"].startswith("jax-aiter")


@pytest.mark.parametrize(("text", "kind", "line"), [
    # "what" with the noun of a weight or a wage asks its number: 551's "bis zu 4 Tonnen belastbaren Baumschrauben",
    # 630's BLS wages of 1981; "hourly" says what the wage is per (630's "$9.51/h"), no thing of its own
    ("what load can one of those treehouse tree screws hold", "weight", 551),
    ("what hourly wage did nc operators get in the 1981 bls numbers", "money", 630),
])
async def test_what_and_a_measured_noun_asks_a_number(store: Store, text: str, kind: str, line: int) -> None:
    question = parse(text)
    assert (question.shape, question.quantity) == (Shape.QUANTITY, kind), text
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


def test_what_load_balancing_is_no_number() -> None:
    assert parse("what load balancing does vllm use").shape != Shape.QUANTITY
