"""Questions typed as in a busy team channel: talk questions (who, summary, watch) that name a talk loosely, by its
details in the asker's words (the right talk comes first, and a question about something no talk covers is still told
so), lists, follow-ups and messages signed off with "lol" or "pls".

Expected answers are the summary lines of the 000 corpus file; asked through the function mentions and DMs call, on
a real store over the bundled corpus.
"""

from __future__ import annotations

import pytest

from handlers import mentions
from handlers.questions import Shape, parse
from handlers.replies import AnswerReply, Notice, Reply
from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import first, follow_up

MAIN = "000_05e4716c93976b38.txt"
PALLAS = "004_b9033c416a07336f.txt"


async def ask(store: Store, text: str) -> Reply:
    return await mentions.answer(store, f"<@UBOT> {text}")


async def talk_lines(store: Store, reply: Reply) -> set[tuple[str, int]]:
    """The summary lines of the talk an answer is about."""
    assert isinstance(reply, AnswerReply) and reply.talk_id, reply
    talk = await store.get_talk(reply.talk_id)
    assert talk is not None
    return {(summary.source.file, summary.source.line) for summary in talk.summaries}


@pytest.mark.parametrize(("text", "line"), [
    # a detail typed in the asker's words ("hf engineer", "ai chips", "k8s", "80ern") no summary has; the others
    # name one talk far ahead of the rest
    ("who's the hf engineer that got alibabas picture generator running on a v6e", 406),
    ("tldr of the one asking if ai chips can replace cpus for analytics", 3),
    ("what should i watch if i wanna push my laptop code to cloud tpus without writing k8s yaml", 60),
    ("wer hat über die gehälter von cnc-bedienern in den 80ern geredet", 618),
    ("what was that video about lathes, punched tape and ai coding about", 618),
])
async def test_a_talk_named_by_its_details_is_answered_though_one_detail_is_in_no_summary(
        store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and not reply.not_covered
    assert (MAIN, line) in await talk_lines(store, reply)


@pytest.mark.parametrize("text", [
    "who talked about Ray on TPUs?",  # "TPUs" names no one talk
    "who presented Triton kernels on Gaudi?",  # kernels are in several talks
    "wer hat über halluzinationen bei llms geredet",  # one word left
])
async def test_a_talk_question_about_an_absent_thing_is_still_not_covered(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.not_covered


@pytest.mark.parametrize(("text", "subject"), [
    ("who's the hf engineer that got qwen running on a v6e", "hf engineer qwen running v6e"),
    ("who is the person that built the treehouse", "built treehouse"),
])
def test_who_is_the_one_that_did_something_asks_for_a_speaker(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.WHO, subject)


@pytest.mark.parametrize(("text", "shape", "said"), [
    ("ok so what are you actually for lol", Shape.HELP, "ok so what are you actually for"),
    ("why tho lol", Shape.EXPLAIN, "why tho"),  # still a context-less why, no question about "lol"
    ("recap of the Palace talk pls", Shape.SUMMARY, "recap of the Palace talk"),
    ("what?? lol", Shape.SEARCH, "what?"),
])
def test_a_sign_off_after_the_question_is_no_word_of_it(text: str, shape: Shape, said: str) -> None:
    question = parse(text)
    assert (question.shape, question.text) == (shape, said)
    assert "lol" not in question.subject and "pls" not in question.subject


async def test_what_are_you_for_lol_gets_the_help_reply(store: Store) -> None:
    reply = await ask(store, "ok so what are you actually for lol")
    assert isinstance(reply, Notice) and reply.shape == "help" and reply.text.startswith("Ask me about the team's talk")


def shown_lines(reply: Reply) -> set[tuple[str, int]]:
    """The corpus lines of the key points an answer shows."""
    assert isinstance(reply, AnswerReply)
    return {(hit.source.file, hit.source.line) for hit in ([reply.lead] if reply.lead else []) + list(reply.points)}


@pytest.mark.parametrize(("text", "subject"), [
    ("at which points was hugging face mentioned?", "hugging face"),
    ("at what points is colab mentioned", "colab"),
    ("at what time was HBM discussed", "HBM"),
])
def test_at_what_points_asks_for_the_moments(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.MOMENTS, subject)


@pytest.mark.parametrize(("text", "subject"), [
    ("when does the roofline model come up", "roofline"),  # "model" only says what kind of thing it is
    ("in welchen vorträgen kommen moe modelle vor", "moe"),
])
def test_a_kind_word_is_no_part_of_a_moments_topic(text: str, subject: str) -> None:
    assert parse(text).subject == subject


@pytest.mark.parametrize(("text", "lines"), [
    ("when does the roofline model come up", {127, 445}),  # 445: "Roofline-Ausschöpfung", no "Modell"
    # 417 says "2D-Mesh-Sharding", not "Topologie": a topic of three words comes up where two of them are said
    ("at what points does the 2d mesh topology come up", {97, 102, 417}),
])
async def test_the_moments_of_a_topic_include_those_that_say_it_shorter(store: Store, text: str,
                                                                        lines: set[int]) -> None:
    assert {(MAIN, line) for line in lines} <= shown_lines(await ask(store, text))


async def test_reasoning_comes_up_where_the_summaries_write_argumentation(store: Store) -> None:
    # 301 "Planung, Argumentation, Tool-Nutzung", 444 "Argumentationsmodelle": the summaries' German for reasoning
    lines = shown_lines(await ask(store, "when do they talk about reasoning"))
    assert {(MAIN, line) for line in (301, 384, 386, 444)} <= lines


@pytest.mark.parametrize(("text", "quantity"), [
    ("und wie viel bringt mxfp4 da", "speed"),  # what a change brings is what it gains
    ("how much does mxfp4 gain over fp8", "speed"),
    ("how much did qwen 3 30b improve on math 500", "speed"),
])
def test_how_much_a_change_brings_asks_for_its_gain(text: str, quantity: str) -> None:
    assert parse(text).quantity == quantity


async def test_how_much_mxfp4_brings_in_the_jaxator_thread_is_its_results(store: Store, state: BotState) -> None:
    # 350 "ca. 20 % Leistungssteigerung … ca. 30 %", not 349's recipe with its "4-Bit"
    reply = await follow_up(store, state, "wer hat jaxator vorgestellt", "und wie viel bringt mxfp4 da", "61.1")
    assert first(reply) == (MAIN, 350)


@pytest.mark.parametrize(("text", "subject", "other"), [
    ("in the intel talk what goes through onednn and what goes the mlir route", "onednn", "mlir route"),
    ("was macht oneMKL und was macht oneDNN", "oneMKL", "oneDNN"),
])
def test_one_question_asked_of_two_sides_in_a_row_contrasts_them(text: str, subject: str, other: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.other) == (Shape.COMPARE, subject, other)


def test_two_questions_about_the_threads_topic_are_no_difference() -> None:
    assert parse("what did they build and what did it cost").shape != Shape.COMPARE


async def test_a_side_named_with_a_word_for_its_way_is_that_terms_side(store: Store) -> None:
    # "the mlir route" is MLIR: both glossary entries (281, 284) and the point that contrasts them (265)
    reply = await ask(store, "in the intel talk what goes through onednn and what goes the mlir route")
    assert isinstance(reply, AnswerReply) and [term.term for term in reply.terms] == ["oneDNN", "MLIR"]
    assert reply.lead is not None and (reply.lead.source.file, reply.lead.source.line) == (MAIN, 265)


@pytest.mark.parametrize(("text", "lines"), [
    # 126 spells out "Mixture of Experts" (the Pallas talk), 344 only says "MoE" (the AITER talk)
    ("in welchen vorträgen kommen moe modelle vor", {126, 344, 445}),
    ("in welchen Vorträgen kommt Mixture of Experts vor?", {126, 344, 238}),
])
async def test_a_term_comes_up_under_its_other_name_too(store: Store, text: str, lines: set[int]) -> None:
    assert {(MAIN, line) for line in lines} <= shown_lines(await ask(store, text))


async def test_bf16_comes_up_where_it_is_spelled_bfloat16(store: Store) -> None:
    # 349 "BF16 zu MXFP4", 494 "BFloat16 via F32": one format, two names
    assert {(MAIN, 349), (MAIN, 494)} <= shown_lines(await ask(store, "when do they bring up bf16"))


def talk_ids(reply: Reply) -> list[str]:
    assert isinstance(reply, AnswerReply)
    return [hit.talk_id for hit in reply.talks]


async def test_huggingface_typed_closed_finds_the_talks_writing_hugging_face(store: Store) -> None:
    # Kinetic's 72 "Hugging Face-Repositories", the post-training talk's 161 "Hugging Face-Chat-Datensätzen", the
    # Qwen Image talk's 408 "HuggingFace"
    reply = await ask(store, "which talks mention huggingface")
    talks = {(MAIN, line) for talk_id in talk_ids(reply) if (talk := await store.get_talk(talk_id))
             for line in [summary.source.line for summary in talk.summaries]}
    assert {(MAIN, 60), (MAIN, 153), (MAIN, 406)} <= talks


def test_spoken_german_ham_is_haben_and_no_topic() -> None:
    assert parse("welche talks ham was mit huggingface zu tun").subject == "huggingface"


async def test_each_side_of_a_difference_has_its_point_though_one_is_transcribed_otherwise(store: Store) -> None:
    # 004:5 writes the legacy API as "palace_call" (a transcription slip), 004:6 the new one as pl.kernel
    reply = await ask(store, "pallas_call vs pl.kernel?")
    assert {(PALLAS, 5), (PALLAS, 6)} <= shown_lines(reply)
