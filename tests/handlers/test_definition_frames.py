"""Definition questions whose frame hides the term: "what's that supposed to mean" after the term or around it, and
a clause saying the talk cites the term ("the BLS they cite in the cnc video").

Expected answers are corpus lines (000 file) read from the summaries, asked through the function mentions and DMs
call, on a real store over the bundled corpus.
"""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from handlers.questions import Shape, parse
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


async def first(store: Store, text: str) -> tuple[str, int]:
    """The first hit's file and line of the answer to ``text``, as ``talkbot ask --json`` reports it."""
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    return hit["source"]["file"], hit["source"]["line"]


@pytest.mark.parametrize(("text", "subject"), [
    ("agentic ai, what's that supposed to mean exactly", "agentic ai"),
    ("what's agentic ai supposed to mean", "agentic ai"),
    ("what is grpo supposed to stand for", "grpo"),
])
def test_what_a_term_is_supposed_to_mean_asks_what_it_means(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.DEFINE, subject)


def test_a_clause_saying_a_talk_cites_the_term_names_no_term() -> None:
    assert parse("what is the BLS they cite in the cnc video").term == "BLS"


@pytest.mark.parametrize(("text", "source"), [
    ("agentic ai, what's that supposed to mean exactly", (MAIN, 642)),
    ("what's agentic ai supposed to mean", (MAIN, 642)),
    ("what is grpo supposed to stand for", (MAIN, 181)),
    ("what is the BLS they cite in the cnc video", (MAIN, 641)),  # its glossary entry, not the point citing it
])
async def test_the_term_framed_so_leads_with_its_glossary_entry(
        store: Store, text: str, source: tuple[str, int]) -> None:
    assert await first(store, text) == source


@pytest.mark.parametrize(("text", "subject", "source"), [
    # what the term said first does or computes, asked of it by a pronoun, is what it is
    ("vae, was macht das genau", "vae", (MAIN, 429)),
    ("kraus-map, was berechnet die eigentlich", "kraus-map", (MAIN, 46)),
    ("xpk, what does it do", "xpk", (MAIN, 187)),
    # … also asked after what the term stands for
    ("awg stands for what, and what does it do", "awg", (MAIN, 58)),
    ("eigh, was ist das und was macht das", "eigh", (MAIN, 48)),
    # what kind of thing it is, asked after the term and question marks
    ("qpu?? what kind of chip is that", "qpu", (MAIN, 44)),
])
async def test_the_term_said_first_and_asked_what_it_does_is_defined(
        store: Store, text: str, subject: str, source: tuple[str, int]) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.DEFINE, subject), text
    assert await first(store, text) == source, text


@pytest.mark.parametrize(("text", "subject", "source"), [
    # a stressing adverb after the question word of a question that follows its term: "was genau ist das" as "was
    # ist das", and with the kind of the thing asked ("für ein Werkzeug"): Docker's entry, not a point using Docker
    ("docker – was genau ist das für ein werkzeug", "docker", (MAIN, 83)),
    # the pointer names the thing's kind: "that tool" is the term said first
    ("docker, what is that tool", "docker", (MAIN, 83)),
    # "meaning what" after the term and where it was met: Straggler's entry, not the point that mentions stragglers
    ("straggler in an rl run, meaning what", "straggler rl run", (MAIN, 332)),
])
async def test_a_term_said_first_with_a_stressed_kind_or_meaning_what_is_defined(
        store: Store, text: str, subject: str, source: tuple[str, int]) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.DEFINE, subject), text
    assert await first(store, text) == source, text


def test_a_plural_term_said_first_with_what_are_they_is_defined() -> None:
    # "what are they" points back at the plural term before it as "what are those" does
    question = parse("sharding annotations - what are they?")
    assert (question.shape, question.subject) == (Shape.DEFINE, "sharding annotations")


@pytest.mark.parametrize(("text", "source"), [
    # where the term was met said between "meint man" and "mit": the term is defined in that talk's sense
    ("was meint man im casadi vortrag mit mx-ausdruck", (MAIN, 539)),
    ("was versteht man beim xla crashkurs unter pjrt", (MAIN, 222)),
])
async def test_where_a_term_was_met_before_what_is_meant_by_it_places_it(store: Store, text: str,
                                                                          source: tuple[str, int]) -> None:
    assert parse(text).shape == Shape.DEFINE, text
    assert await first(store, text) == source, text


@pytest.mark.parametrize(("text", "subject"), [
    ("hbm stands for?", "hbm"),
    ("mxu steht für?", "mxu"),
])
def test_a_term_then_what_it_stands_for_left_open_asks_what_it_is(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.DEFINE, subject)


@pytest.mark.parametrize(("text", "subject"), [
    ("what happens during a reduce-scatter", "reduce-scatter"),
    ("was passiert bei einer kollokation", "kollokation"),
])
def test_what_happens_in_any_one_of_a_kind_asks_what_it_is(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.DEFINE, subject)


def test_what_happens_in_one_named_moment_is_no_definition() -> None:
    assert parse("what happens in the palace live demo").shape != Shape.DEFINE


@pytest.mark.parametrize(("text", "source"), [
    ("hbm stands for?", (MAIN, 24)),
    ("mxu steht für?", (MAIN, 20)),
    ("what happens during a reduce-scatter", (MAIN, 225)),
    ("was passiert bei einer kollokation", (MAIN, 333)),
    # the term's name holds a function word the subject drops ("mixture experts"): its name as typed is the entry's
    ("mixture of experts in simple terms", (MAIN, 148)),
])
async def test_these_frames_lead_with_the_terms_glossary_entry(
        store: Store, text: str, source: tuple[str, int]) -> None:
    assert await first(store, text) == source


@pytest.mark.parametrize(("text", "term", "source"), [
    # a plain noun on the pointer back ("that term", "that thing", "der Begriff") names no kind of its own
    ("straggler in a distributed job, what does that term mean", "straggler", (MAIN, 332)),
    ("vhlo in the xla stack – what is that thing", "vhlo", (MAIN, 218)),
    ("straggler, was bedeutet der begriff", "straggler", (MAIN, 332)),
])
async def test_a_pointer_with_a_plain_noun_asks_what_the_term_said_first_is(
        store: Store, text: str, term: str, source: tuple[str, int]) -> None:
    question = parse(text)
    assert question.shape == Shape.DEFINE and question.subject.split()[0] == term
    assert await first(store, text) == source
