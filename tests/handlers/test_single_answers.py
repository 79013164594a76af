"""Single-answer questions (definition, number, explain): the FIRST thing shown is the one right entry or key point.

Expected answers are corpus lines (000 file unless said otherwise) read from the summaries. Each case is asked in
English and in German through the function mentions and DMs call, on a real store over the bundled corpus.
"""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from handlers.questions import Shape, parse
from handlers.replies import Reply
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"
PALLAS = "004_b9033c416a07336f.txt"


def first(reply: Reply) -> tuple[str, int]:
    """The first hit's file and line, as ``talkbot ask --json`` reports it."""
    hit = json.loads(as_json(reply))["hits"][0]
    return hit["source"]["file"], hit["source"]["line"]


async def ask(store: Store, text: str) -> Reply:
    return await mentions.answer(store, f"<@UBOT> {text}")


# -- definitions: how the question is put does not hide the term -----------------------------------

@pytest.mark.parametrize(("text", "subject"), [
    ("what exactly is debugpy?", "debugpy"),  # a stressing adverb after the question word
    ("was genau ist BCOO?", "BCOO"),
    ("what is meant by tile volume?", "tile volume"),
    ("what do they mean by doom loop", "doom loop"),
    ("was ist unter Frosthebung zu verstehen?", "Frosthebung"),
    ("was ist mit Windwurf-Holz gemeint?", "Windwurf-Holz"),  # not "und was ist mit X?" (a follow-up)
    ("was meint man mit Kernseite", "Kernseite"),
    ("Diffrax - what is that?", "Diffrax"),  # the term first, the question after it
    ("Floquet-Theorie – was ist das?", "Floquet-Theorie"),
])
def test_a_definition_put_in_other_words_asks_for_the_term(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.follow_up) == (Shape.DEFINE, subject, False)


def test_a_follow_up_about_another_term_is_still_a_follow_up() -> None:
    question = parse("und was ist mit ORPO?")
    assert (question.shape, question.subject, question.follow_up) == (Shape.SEARCH, "ORPO", True)


@pytest.mark.parametrize(("text", "line"), [
    ("what exactly is debugpy?", 87),
    ("was genau ist BCOO?", 53),
    ("what is meant by tile volume?", 149),
    ("was ist unter Frosthebung zu verstehen?", 585),
    ("Diffrax - what is that?", 49),
    ("Floquet-Theorie – was ist das?", 51),
])
async def test_a_definition_put_in_other_words_leads_with_the_glossary_entry(store: Store, text: str,
                                                                             line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize(("text", "term", "qualifier"), [
    ("what is an MX expression in CasADi?", "MX expression", "CasADi"),
    ("was heißt EP bei MoE-Modellen?", "EP", "MoE-Modellen"),
])
def test_a_term_placed_in_a_talk_is_read_apart_from_the_place(text: str, term: str, qualifier: str) -> None:
    question = parse(text)
    assert (question.shape, question.term, question.qualifier) == (Shape.DEFINE, term, qualifier)


@pytest.mark.parametrize(("text", "source"), [
    ("what is an MX expression in CasADi?", (MAIN, 539)),  # MX-Ausdruck, not the key point 525 that uses it
    ("was heißt EP bei MoE-Modellen?", (MAIN, 462)),  # EP (Expert Parallelism), not a MoE key point
    # a term several talks define: the sense of the talk the question names comes first
    ("what is MoE in vLLM?", (MAIN, 460)),
    ("was ist HBM bei Pallas?", (PALLAS, 18)),
    ("was ist Tiling bei XLA?", (MAIN, 223)),
])
async def test_a_term_placed_in_a_talk_leads_with_that_talks_entry(store: Store, text: str,
                                                                   source: tuple[str, int]) -> None:
    assert first(await ask(store, text)) == source


async def test_a_question_placed_in_a_talk_that_names_no_term_still_searches_the_whole(store: Store) -> None:
    # "bottleneck" alone is no glossary entry: the key points about the Q4.1 query answer it
    reply = await ask(store, "what is the bottleneck in Q4.1?")
    assert first(reply) == (MAIN, 14)


@pytest.mark.parametrize("text", ["what is context parallelism?", "was ist Kontext-Parallelismus?"])
async def test_an_english_term_the_glossary_has_only_in_german_words_is_its_entry(store: Store, text: str) -> None:
    # context -> Kontext, parallelism -> Parallelismus, word by word: Kontext-Parallelismus (111)
    assert first(await ask(store, text)) == (MAIN, 111)
