"""English questions over the German summaries: the examples the team asked for, through the handlers.

These are the "tune" examples; bench/eval.py measures the wider set, holdout included.
"""

from __future__ import annotations

import json

import pytest

from bot.console import as_json, dispatch
from handlers import commands
from handlers.replies import AnswerReply, DefineReply, TalkListReply
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"
PALLAS = "004_b9033c416a07336f.txt"


def shown_points(reply: AnswerReply) -> list:
    """The key points an answer shows, the lead first."""
    return ([reply.lead] if reply.lead else []) + list(reply.points)


async def first_talk_sources(store: Store, text: str) -> set[tuple[str, int]]:
    reply = await commands.talk(store, text)
    assert isinstance(reply, TalkListReply) and reply.talks, f"no talk for {text!r}"
    talk = await store.get_talk(reply.talks[0].talk_id)
    return {(s.source.file, s.source.line) for s in talk.summaries}


@pytest.mark.parametrize(
    ("text", "summary_line"),
    [
        ("quantum error correction", (MAIN, 27)),
        ("wood protection", (MAIN, 541)),
        ("weight synchronisation between trainer and sampler", (MAIN, 153)),
        ("is there a talk about the oneCCL library", (MAIN, 257)),
        ("who presented kinetic", (MAIN, 60)),
    ],
)
async def test_english_talk_questions(store: Store, text: str, summary_line: tuple[str, int]) -> None:
    assert summary_line in await first_talk_sources(store, text)


@pytest.mark.parametrize(
    ("text", "file", "label"),
    [
        ("memory hierarchy of the TPU", PALLAS, "0:21"),
        ("when do they talk about the roofline model", MAIN, "6:00"),
    ],
)
async def test_english_key_point_questions(store: Store, text: str, file: str, label: str) -> None:
    reply = await dispatch(store, text)  # a mention, as in "@talkbot memory hierarchy of the TPU"
    assert isinstance(reply, AnswerReply)
    top3 = [(p.source.file, p.label) for p in shown_points(reply)[:3]]
    assert (file, label) in top3


async def test_a_moment_both_summaries_describe_is_answered_once(store: Store) -> None:
    reply = await dispatch(store, "suspension bridge")  # the treehouse's summaries: 25:00 and 25:53
    assert isinstance(reply, AnswerReply)
    bridges = [p for p in shown_points(reply) if "Hängebrücke" in p.title]
    assert len(bridges) == 1 and bridges[0].label in {"25:00", "25:53"}
    assert reply.lead is bridges[0]


async def test_what_did_they_say_about_tiling(store: Store) -> None:
    reply = await dispatch(store, "what did they say about tiling")
    assert isinstance(reply, AnswerReply)
    assert any("Tiling" in p.title or "Tiling" in p.text for p in shown_points(reply)[:3])


async def test_define_brain_floating_point_is_bf16(store: Store) -> None:
    reply = await dispatch(store, "/define brain floating point")
    assert isinstance(reply, DefineReply)
    assert reply.results[0].hits[0].term == "BF16"


async def test_answers_say_which_words_matched(store: Store) -> None:
    reply = await dispatch(store, "memory hierarchy of the TPU")
    assert isinstance(reply, AnswerReply)
    assert "Speicherarchitektur ← memory hierarchy" in shown_points(reply)[0].matched


async def test_german_and_english_find_the_same_talk(store: Store) -> None:
    english = await first_talk_sources(store, "treehouse wood protection")
    german = await first_talk_sources(store, "Baumhaus Holzschutz")
    assert english == german


@pytest.mark.parametrize("text", [
    "who talked about placing diffusion models on TPUs?",
    "which talk covers placing models on a 2D mesh",
])
async def test_an_ing_form_finds_the_talk_titled_with_another_form_of_its_verb(store: Store, text: str) -> None:
    # "placing" is the word list's "placement" (Platzierung) of "Sharding und die Platzierung von DiT-Modellen", not
    # a talk that only has diffusion models
    hits = json.loads(as_json(await dispatch(store, text)))["hits"]
    assert hits[0]["talk_id"] == "sharding-und-die-platzierung-von-dit-modellen"


@pytest.mark.parametrize("text", [
    "which talk shows how XLA fuses operations?",
    "who talked about how XLA fuses operations?",
])
async def test_an_english_verb_finds_the_talk_with_its_noun(store: Store, text: str) -> None:
    # "fuses" is also the XLA crash course's "Instruktions-Fusion", not only the "Fused Attention" of FlyDSL's summary
    hits = json.loads(as_json(await dispatch(store, text)))["hits"]
    assert hits[0]["talk_id"] == "xla-crashkurs"


async def test_a_plural_in_es_finds_its_singular(store: Store) -> None:
    # "meshes" is the "2D-Mesh" of the Qwen Image talk's sharding strategy, not only Pathways' "Rollout-Meshes"
    hits = json.loads(as_json(await dispatch(store, "when do they talk about meshes")))["hits"]
    assert {"file": MAIN, "line": 417} in [hit["source"] for hit in hits]
