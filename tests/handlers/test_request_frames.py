"""Questions typed as requests ("give me …", "tell me …", "zeig mal …", "gib mir …"): the request frame asks in the
shape of the question word it stands for, and its words are no topic. On a real store over the bundled corpus.
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


def body(reply: Reply) -> dict:
    return json.loads(as_json(reply))


async def ask(store: Store, text: str) -> Reply:
    return await mentions.answer(store, f"<@UBOT> {text}")


def lines(reply: Reply) -> list[tuple[str, int]]:
    return [(hit["source"]["file"], hit["source"]["line"]) for hit in body(reply)["hits"]]


@pytest.mark.parametrize(("text", "shape", "subject"), [
    ("give me all the moments where gemma models show up", Shape.MOMENTS, "gemma"),
    ("gib mir alle momente, in denen pathways vorkommt", Shape.MOMENTS, "pathways"),
    ("zeig mal alle stellen, wo es um lange kompilierzeiten geht", Shape.MOMENTS, "lange kompilierzeiten"),
    ("show me the talks that deal with ai agents", Shape.TALKS, "ai agents"),
    ("gib mir die vorträge, in denen ironwood-chips benutzt werden", Shape.TALKS, "ironwood-chips"),
    ("tell me how many square meters the treehouse has inside", Shape.QUANTITY, "square meters treehouse inside"),
    ("give me the gist of why amd bothered with flydsl when xla already does fusions", Shape.EXPLAIN,
     "amd bothered flydsl xla fusions"),
    ("erklär mir kurz den begriff kollokation beim rl", Shape.DEFINE, "kollokation rl"),
    # what sets a thing apart is no definition of it; two questions in one are not the first one's shape alone
    ("tell me what's different about the new pl.kernel api, in the pallas talk", Shape.SEARCH,
     "different new pl.kernel api pallas"),
    ("tell me who's presenting the tinix rl talk and what's on the agenda", Shape.SEARCH, "tinix rl agenda"),
    # "walk me through X" asks to explain X ("walk" is no topic); "give me the speakers of X" asks who
    ("walk me through the kinetic setup", Shape.EXPLAIN, "kinetic setup"),
    ("give me the speakers of the kinetic talk", Shape.WHO, "kinetic"),
])
def test_a_request_frame_asks_in_the_shape_of_its_question_word(text: str, shape: Shape, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (shape, subject)


async def test_a_quick_definition_asked_for_is_the_glossary_line(store: Store) -> None:
    reply = await ask(store, "give me a quick definition of finite differences")
    assert body(reply)["covered"] is True and lines(reply)[0] == (MAIN, 536)


async def test_all_the_moments_asked_for_are_every_moment(store: Store) -> None:
    reply = await ask(store, "gib mir alle momente, in denen pathways vorkommt")
    assert body(reply)["covered"] is True
    assert {(MAIN, 160), (MAIN, 164), (MAIN, 450)} <= set(lines(reply))


async def test_the_talks_asked_for_are_a_talk_list(store: Store) -> None:
    reply = await ask(store, "gib mir die vorträge, in denen ironwood-chips benutzt werden")
    assert body(reply)["covered"] is True
    assert {(MAIN, 153), (MAIN, 432)} <= set(lines(reply))


@pytest.mark.parametrize("text", ["ok tell me what kinds of stuff i can ask you",
                                  "wie benutz ich dich eigentlich, erklär mal kurz"])
def test_a_request_for_what_the_bot_does_is_help(text: str) -> None:
    assert parse(text).shape == Shape.HELP


async def test_dieses_points_at_the_thing_it_names(store: Store) -> None:
    # "dieses", "diese" are "dieser" declined: a determiner, no word of the topic (the summary says "Das
    # emit_pipeline-Hilfsprogramm")
    reply = await ask(store, "was macht dieses emit_pipeline im pallas-vortrag")
    assert body(reply)["covered"] is True and lines(reply)[0] == ("004_b9033c416a07336f.txt", 8)


@pytest.mark.parametrize("text", ["was hast du drauf", "zeig mir mal was du drauf hast"])
def test_drauf_haben_asked_of_the_bot_is_help(text: str) -> None:
    # "was hast du drauf": "können" asked of "du", who stays the one asked
    assert parse(text).shape == Shape.HELP


@pytest.mark.parametrize(("text", "line"), [
    ("tell me what disaggregation means in the rl context", ("000_05e4716c93976b38.txt", 334)),
    ("erklär mal kurz was dieses emit_pipeline macht, im pallas-vortrag", ("004_b9033c416a07336f.txt", 8)),
])
async def test_an_indirect_question_after_a_request_is_the_direct_one(store: Store, text: str,
                                                                       line: tuple[str, int]) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and lines(reply)[0] == line


@pytest.mark.parametrize("text", ["what is the rough op count of stablehlo", "what's the exact chip count of the run"])
def test_the_count_of_a_thing_asked_with_its_article_is_a_number(text: str) -> None:
    # "what is the rough op count": a count asked for, hedged ("rough"), not a definition of "rough op count"
    assert parse(text).shape == Shape.QUANTITY


async def test_a_rough_count_is_the_point_with_the_number(store: Store) -> None:
    reply = await ask(store, "what is the rough op count of stablehlo, from the xla crash course")
    assert body(reply)["covered"] is True and lines(reply)[0] == (MAIN, 198)


async def test_the_thing_a_request_names_is_asked_for(store: Store) -> None:
    # "give me the X" asks "what is the X"
    reply = await ask(store, "give me the rough op count of stablehlo, from the xla crash course")
    assert body(reply)["covered"] is True and lines(reply)[0] == (MAIN, 198)


async def test_a_rule_of_thumb_is_an_aspect_of_its_topic(store: Store) -> None:
    # "Faustregel" is a tip: the summary says "Leitfaden zur Kombination von Post-Training-Methoden", not the word
    reply = await ask(store, "gib mir mal die faustregel, wann ich sft, dpo oder grpo nehmen soll, aus dem tunix-video")
    assert body(reply)["covered"] is True and lines(reply)[0] == (MAIN, 386)


@pytest.mark.parametrize("text", [
    "aus welchen bausteinen ist die tpu-rl pipeline zusammengesteckt, im vllm/sglang-vortrag",
    "zeig mal aus welchen bausteinen die tpu-rl pipeline zusammengesteckt ist, im vllm/sglang-vortrag",
])
async def test_a_separable_verbs_participle_is_no_term(store: Store, text: str) -> None:
    # "zusammen-ge-steckt": the participle of the question's verb, as "gebaut" is, not a term the summaries lack
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and lines(reply)[0] == (MAIN, 450)


async def test_the_speakers_asked_for_are_the_talks_speakers(store: Store) -> None:
    reply = await ask(store, "give me the speakers of the kinetic talk")
    assert "was presented by Diva, Jyotinder." in body(reply)["message"]["text"]
