"""Causes of real held-out misses (holdout14-15), each through the function mentions call, on the bundled corpus.

Expected answers are corpus lines read from the summaries; the examples are not the held-out sets' own questions.
"""

from __future__ import annotations

import pytest

from handlers import mentions
from handlers.questions import Shape, parse
from store.db import Store
from store.lexicon import BUNDLED_CORPUS, load_lexicon
from store.state import BotState
from tests.handlers.test_questions import MAIN, body, first, follow_up


@pytest.mark.parametrize(("text", "shape"), [
    ("tell me about the kinetic talk", Shape.SUMMARY),
    ("erzähl mir was über den pallas vortrag", Shape.SUMMARY),
    ("tell me about the michigan research", Shape.SUMMARY),
    ("tell me about kv cache offloading", Shape.SEARCH),  # a topic, no talk named as one
])
def test_told_about_a_talk_named_as_one_is_its_summary(text: str, shape: Shape) -> None:
    assert parse(text).shape == shape, text


@pytest.mark.parametrize("turn", ["tell me about the diffusion model talk", "tell me about the text to image talk"])
async def test_a_follow_up_after_being_told_about_a_talk_reads_that_talk(store: Store, state: BotState,
                                                                           turn: str) -> None:
    # the thread is about Qwen Image's talk (summary 406): which parts stay on the CPU is its text encoder (000:416),
    # not the DiT talk's placement (000:98)
    reply = await follow_up(store, state, turn, "which parts stay on the cpu", "told-1")
    assert first(reply) == (MAIN, 416)


@pytest.mark.parametrize("text", ["gibt es ein video über drehmaschinen", "lohnt sich ein video über die drehbank"])
async def test_the_german_words_for_a_lathe_find_the_machining_video(store: Store, text: str) -> None:
    # a Drehmaschine (Drehbank) is a lathe, a machine tool that turns: the machining video's Dreher, Drehen and
    # Werkzeugmaschinen (summary 618), though no summary writes the word itself
    reply = await mentions.answer(store, f"<@UBOT> {text}")
    assert body(reply)["covered"] is True and first(reply) in {(MAIN, 618), (MAIN, 626)}, text


def test_the_british_and_american_spellings_of_an_ation_noun_share_their_forms() -> None:
    # the word list writes "utilization" with Ausschöpfung, "optimization algorithm" only in American spelling
    lexicon = load_lexicon(BUNDLED_CORPUS)
    assert lexicon.en_de["utilisation"] == lexicon.en_de["utilization"]
    assert "ausschopfung" in lexicon.en_de["utilisation"]
    assert lexicon.en_de["optimisation algorithm"] == lexicon.en_de["optimization algorithm"]
    assert "promize" not in lexicon.en_de and "advize" not in lexicon.en_de  # only the -ation ending


async def test_a_british_spelling_finds_what_the_american_one_does(store: Store) -> None:
    # the roofline Ausschöpfung of 77 % (000:445), not the Auslastungslücken of Tunix's rollout (000:306)
    reply = await mentions.answer(store, "<@UBOT> what utilisation did they get out of the chips")
    assert first(reply) == (MAIN, 445)


@pytest.mark.parametrize(("text", "line"), [
    # the term first, then what is asked of it, then the talk it was met in: the Pallas talk's glossary entries
    ("HBM, what does that stand for in the pallas talk", 18),  # 004:18 (High Bandwidth Memory)
    ("VMEM, what is that in the pallas talk", 19),  # 004:19 (Vector Memory)
])
async def test_a_fronted_term_asked_of_in_a_talk_is_defined_there(store: Store, text: str, line: int) -> None:
    assert parse(text).shape == Shape.DEFINE, text
    reply = await mentions.answer(store, f"<@UBOT> {text}")
    assert first(reply) == ("004_b9033c416a07336f.txt", line), text


@pytest.mark.parametrize(("text", "shape", "line"), [
    # a time put before the question word, no comma between: the question is asked after it, the time kept as a
    # word of the subject (000:628, 44 turners replaced by 22; 000:629, CNC's keyboards and screens)
    ("after the switch to nc how many turners were still needed", "number", 628),
    ("once they had microprocessors how did operators edit programs", "explain", 629),
])
async def test_a_fronted_time_keeps_the_question_word_after_it(store: Store, text: str, shape: str,
                                                               line: int) -> None:
    reply = await mentions.answer(store, f"<@UBOT> {text}")
    assert body(reply)["shape"] == shape and first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", ["was wurde im kinetic vortrag alles besprochen",
                                  "was kam im kinetic video so alles vor", "what all came up in the kinetic talk"])
async def test_everything_a_talk_had_is_its_summary(store: Store, text: str) -> None:
    # "alles" / "what all" ask for the whole talk: Kinetic's summary (000:60), not its first key point
    assert parse(text).shape == Shape.SUMMARY, text
    assert first(await mentions.answer(store, f"<@UBOT> {text}")) == (MAIN, 60), text


def test_what_came_up_in_a_talk_on_one_topic_stays_a_search() -> None:
    assert parse("was kam im kinetic vortrag zu debugging vor").shape == Shape.SEARCH


async def test_the_moments_in_a_talk_named_as_one_need_not_say_its_name(store: Store) -> None:
    # "the casadi talk" says where: its ONNX Runtime moment (000:522) writes no "CasADi" and is one of them, as the
    # export to ONNX (000:521) is
    reply = await mentions.answer(store, "<@UBOT> when does the casadi talk get to onnx")
    lines = [hit["source"]["line"] for hit in body(reply)["hits"]]
    assert body(reply)["shape"] == "when" and {521, 522, 523} <= set(lines)


async def test_moments_with_no_talk_named_as_one_are_read_across_talks(store: Store) -> None:
    # no talk noun: MXFP4 wherever it comes up, as before (the AITER talk's case study and results, 000:349-350)
    reply = await mentions.answer(store, "<@UBOT> when was mxfp4 discussed")
    assert {349, 350} <= {hit["source"]["line"] for hit in body(reply)["hits"]}


@pytest.mark.parametrize("text", ["why did the guy dig under his sauna foundation",
                                  "how did the vlogger dig under the frozen sauna"])
async def test_a_person_after_did_is_the_subject_of_the_next_word(store: Store, text: str) -> None:
    # "did [the guy] [dig]": the talk's person and what he did, no unknown thing called a "guy dig": the seasonal
    # vlog's foundation repair by undermining (000:575)
    reply = await mentions.answer(store, f"<@UBOT> {text}")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 575), text


async def test_require_is_what_the_summaries_write_as_erfordern(store: Store) -> None:
    # "require" is erfordern: what MoE GEMMs require is FlyDSL's motivation (000:234 "erfordern … explizite
    # Hardware-Steuerung"), before the point that only names the workload (000:238)
    reply = await mentions.answer(store, "<@UBOT> what do moe gemms require on amd gpus")
    assert first(reply) == (MAIN, 234)


async def test_a_german_sprachmodell_is_the_llm_a_talk_names_in_english(store: Store) -> None:
    # Sprachmodelle are LLMs: the Tunix video on post-training LLMs with JAX (summary 374, title "… von LLMs"), not only
    # the MaxText talk whose title writes "Sprachmodellen"
    reply = await mentions.answer(store, "<@UBOT> welcher vortrag erklärt das post-training von sprachmodellen mit jax")
    assert body(reply)["hits"][0]["talk_id"].startswith("tunix-post-training")


def test_german_wenn_is_no_word_of_the_topic() -> None:
    # a conjunction opens the clause of what the asker wants; it names nothing the talks could hold
    assert parse("lohnt sich das, wenn ich mich für ki agenten interessiere").subject == "ki agenten"


async def test_whether_the_threads_talk_is_worth_it_for_a_topic_it_has(store: Store, state: BotState) -> None:
    # after the machining video's summary, "is it worth it if I'm into robots": that video (618), whose glossary has
    # its robot cells (000:640); "wenn" was a searched word that another talk's summary outscored it with
    reply = await follow_up(store, state, "worum ging es im video über cnc maschinen",
                            "lohnt sich das wenn ich mich für roboter interessiere", "wenn-1")
    assert body(reply)["shape"] == "watch" and first(reply) == (MAIN, 618)


@pytest.mark.parametrize(("text", "shape"), [
    ("was erzählt das video über post-training mit tunix", Shape.SUMMARY),
    ("what does the video say about kinetic", Shape.SUMMARY),
    ("what does the kinetic talk say about debugging", Shape.EXPLAIN),  # the talk named: what it says of debugging
])
def test_what_the_talk_on_a_topic_tells_is_its_summary(text: str, shape: Shape) -> None:
    assert parse(text).shape == shape, text


async def test_a_follow_up_after_what_the_talk_on_a_topic_tells_reads_that_talk(store: Store,
                                                                                state: BotState) -> None:
    # the thread is Tunix's post-training video: "und was ist mit LoRA" is its glossary's LoRA (000:396)
    reply = await follow_up(store, state, "was erzählt das video über post-training mit tunix", "und was ist mit lora",
                            "erzaehlt-1")
    assert first(reply) == (MAIN, 396)


@pytest.mark.parametrize("text", ["hat jemand ein quad rennen gewonnen", "welcher youtuber war bei einem wettbewerb"])
async def test_a_quad_race_for_youtubers_is_the_atv_contest_for_content_creators(store: Store, text: str) -> None:
    # a quad is an ATV, a Rennen a Wettbewerb, a YouTuber a content creator: the vlog's ATV contest (000:578)
    reply = await mentions.answer(store, f"<@UBOT> {text}")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 578), text


async def test_a_holzsorte_is_the_holzart_the_summaries_write(store: Store) -> None:
    # the treehouse's choice of woods (000:599 "Holzarten-Auswahl"), asked with the synonym Holzsorte
    reply = await mentions.answer(store, "<@UBOT> welche holzsorten wurden beim baumhaus verwendet")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 599)
