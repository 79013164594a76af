"""Thread follow-ups typed the way people type in a thread: 'von wem kam', 'wessen', a typo in the word talk
('vortag', 'tlak'), spoken German's dropped e ('anschaun'), 'genauer' / 'in more detail', 'which talks did X come
up in', in German and English, through the function mentions and DMs call (bench/eval_answers_tune9.toml's causes).

Expected answers are corpus lines (000 file) read from the summaries.
"""

from __future__ import annotations

import pytest

from bot.console import as_text
from handlers.questions import Shape, parse
from handlers.replies import AnswerReply
from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import MAIN, ask, body, first, follow_up, lines


@pytest.mark.parametrize(("turn", "text", "said"), [
    ("was ist Diffrax?", "von wem kam der vortrag", "wurde von Shantanu gehalten."),
    ("was ist Diffrax?", "wessen vortrag war das", "wurde von Shantanu gehalten."),
    ("was ist Diffrax?", "wer hat den vortag gehalten", "wurde von Shantanu gehalten."),
    ("what is Diffrax?", "whose talk was that", "was presented by Shantanu."),
    ("what is Diffrax?", "who gave the tlak", "was presented by Shantanu."),
])
async def test_who_asked_with_kam_wessen_or_a_typo_in_talk_is_the_threads_talk(
        store: Store, state: BotState, turn: str, text: str, said: str) -> None:
    # "kam" / "wessen" ask who like "war" / "whose"; "vortag" and "tlak" are the word talk, not a topic to look up
    reply = await follow_up(store, state, turn, text, "20.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 27)
    assert said in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("text", "said"), [
    ("wer hat den vortrg über Kinetic gehalten", "wurde von Diva, Jyotinder gehalten."),
    ("who gave the tlak on Kinetic", "was presented by Diva, Jyotinder."),
])
async def test_a_typo_in_talk_leaves_the_named_subject(store: Store, text: str, said: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.subject == "Kinetic" and first(reply) == (MAIN, 60)
    assert said in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("turn", "text", "lead"), [
    ("was ist VHLO?", "welches video sollt ich mir dazu anschaun", "Schau dir *XLA-Crashkurs* an"),
    ("what is VHLO?", "which video should i watch for that", "Watch *XLA-Crashkurs*"),
])
async def test_spoken_german_without_the_e_still_frames_a_watch_follow_up(store: Store, state: BotState, turn: str,
                                                                          text: str, lead: str) -> None:
    reply = await follow_up(store, state, turn, text, "21.1")  # "anschaun" is "anschauen", no topic
    assert isinstance(reply, AnswerReply) and reply.shape == "watch" and reply.subject == "VHLO"
    assert first(reply) in {(MAIN, 189), (MAIN, 473)} and as_text(reply).startswith(lead)


@pytest.mark.parametrize(("turn", "text", "language"), [
    ("was ist Diffrax?", "erklär das nochmal genauer", "de"),
    ("what is Diffrax?", "explain that in more detail", "en"),
])
async def test_explain_it_in_more_detail_explains_the_threads_topic(store: Store, state: BotState, turn: str,
                                                                     text: str, language: str) -> None:
    reply = await follow_up(store, state, turn, text, "22.1")  # "genauer" / "detail" is no topic to look up
    assert isinstance(reply, AnswerReply) and reply.shape == "explain" and reply.subject == "Diffrax"
    assert first(reply) == (MAIN, 35) and body(reply)["lang"] == language and "Diffrax" in as_text(reply)


@pytest.mark.parametrize(("turn", "text"), [
    ("was ist GRPO?", "in welchen vorträgen kam das vor"),
    ("what is GRPO?", "which talks did that come up in"),
])
async def test_which_talks_did_it_come_up_in_lists_every_moment(store: Store, state: BotState, turn: str,
                                                                text: str) -> None:
    reply = await follow_up(store, state, turn, text, "23.1")  # "in" at the end: moments, not a list of talks
    assert isinstance(reply, AnswerReply) and reply.shape == "when" and reply.subject == "GRPO"
    assert {166, 168, 306, 384, 386, 453} <= lines(reply)


@pytest.mark.parametrize(("text", "shape"), [
    ("worum gehts bei Kinetic", Shape.SUMMARY),
    ("which talks cover Kinetic", Shape.TALKS),
    ("which talks is Kinetic mentioned in", Shape.MOMENTS),
])
def test_talk_questions_typed_loosely_keep_their_shape_and_subject(text: str, shape: Shape) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (shape, "Kinetic")


@pytest.mark.parametrize(("text", "said"), [
    ("und wer steckt dahinter", "wurde von Diva, Jyotinder gehalten."),
    ("who was that again", "was presented by Diva, Jyotinder."),
])
async def test_who_is_behind_it_or_who_was_that_names_the_threads_talks_speakers(
        store: Store, state: BotState, text: str, said: str) -> None:
    turn = "was ist Kinetic?" if said.startswith("wurde") else "what is Kinetic?"
    reply = await follow_up(store, state, turn, text, "24.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 60)
    assert said in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("turn", "text"), [
    ("was ist Kinetic?", "gib mir ne zusammenfassung"),
    ("was ist Kinetic?", "um was gehts in dem vortrag"),
    ("what is Kinetic?", "sum it up"),
])
async def test_a_summary_asked_colloquially_is_the_threads_talk(store: Store, state: BotState, turn: str,
                                                                text: str) -> None:
    reply = await follow_up(store, state, turn, text, "25.1")  # "ne" is "eine"; "sum it up" is no topic "sum"
    assert isinstance(reply, AnswerReply) and reply.shape == "summary" and first(reply) == (MAIN, 60)
    assert as_text(reply).startswith("== Kinetic: Überbrückung von lokalen Laptop-Umgebungen und Cloud-TPUs ==")


@pytest.mark.parametrize(("turn", "text", "head"), [
    ("was ist Kinetic?", "gibts dazu ein video", "Vorträge zu *Kinetic* (1):"),
    ("what is Kinetic?", "is there a video on it", "1 talk about *Kinetic*:"),
])
async def test_is_there_a_video_on_it_lists_the_talks_on_the_threads_topic(store: Store, state: BotState, turn: str,
                                                                         text: str, head: str) -> None:
    reply = await follow_up(store, state, turn, text, "26.1")  # not all 19 talks
    assert isinstance(reply, AnswerReply) and reply.shape == "talks" and reply.subject == "Kinetic"
    assert [h["talk_id"] for h in body(reply)["hits"]] == [body(reply)["hits"][0]["talk_id"]]
    assert first(reply) == (MAIN, 60) and as_text(reply).split("\n")[0] == head


@pytest.mark.parametrize(("text", "language"), [
    ("und die zahlen", "de"), ("was kam dabei raus", "de"), ("was war der speedup", "de"),
    ("and the numbers", "en"), ("what came out of it", "en"),
])
async def test_the_numbers_of_the_threads_talk_lead_with_its_result(store: Store, state: BotState, text: str,
                                                                    language: str) -> None:
    # "und die zahlen" asks for the results, not a talk about "zahlen" in the shape of the first question
    turn = "wer hat über FlyDSL gesprochen?" if language == "de" else "who talked about FlyDSL?"
    reply = await follow_up(store, state, turn, text, "27.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "number", text
    assert first(reply) == (MAIN, 240) and body(reply)["lang"] == language, text


@pytest.mark.parametrize(("turn", "text"), [
    ("was ist Kinetic?", "kannst du das genauer erklären"),
    ("what is Kinetic?", "why would i need that"),
])
async def test_explain_asked_around_the_pronoun_explains_the_threads_topic(store: Store, state: BotState, turn: str,
                                                                           text: str) -> None:
    reply = await follow_up(store, state, turn, text, "28.1")  # "genauer" / "need" name no topic
    assert isinstance(reply, AnswerReply) and reply.shape == "explain" and reply.subject == "Kinetic"
    assert body(reply)["covered"] is True and body(reply)["hits"][0]["talk_id"].startswith("kinetic")


@pytest.mark.parametrize("text", ["was heißt das konkret", "what does that mean in practice"])
async def test_what_does_that_mean_concretely_stays_on_the_threads_topic(store: Store, state: BotState,
                                                                         text: str) -> None:
    turn = "what is Kinetic?" if text.startswith("what") else "was ist Kinetic?"
    reply = await follow_up(store, state, turn, text, "29.1")  # "konkret" / "practice" is no term to define
    assert isinstance(reply, AnswerReply) and reply.subject == "Kinetic" and body(reply)["covered"] is True
    assert body(reply)["hits"][0]["talk_id"].startswith("kinetic")


@pytest.mark.parametrize(("turn", "text"), [
    ("was ist GRPO?", "wie unterscheidet sich das von PPO"),
    ("was ist GRPO?", "und der unterschied zu PPO"),
    ("what is GRPO?", "how is it different from PPO"),
    ("what is GRPO?", "what's the difference to PPO"),
])
async def test_the_difference_to_another_term_compares_the_threads_topic_with_it(
        store: Store, state: BotState, turn: str, text: str) -> None:
    reply = await follow_up(store, state, turn, text, "30.1")  # "das" / "it" is GRPO, not a missing side
    assert isinstance(reply, AnswerReply) and reply.shape == "difference"
    assert (reply.subject, reply.other) == ("GRPO", "PPO")
    assert {181, 323} <= lines(reply)  # GRPO's glossary entry and PPO's


@pytest.mark.parametrize(("text", "language"), [("what is the difference to PPO", "en"),
                                                ("was ist der Unterschied zu PPO", "de")])
async def test_the_difference_to_a_term_with_nothing_to_compare_defines_it(store: Store, text: str,
                                                                            language: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "definition" and first(reply) == (MAIN, 323) and body(reply)["lang"] == language


@pytest.mark.parametrize(("turn", "text", "said"), [
    ("warum wurde all_to_all ersetzt?", "und um wie viel wurde es schneller", "de"),
    ("warum wurde all_to_all ersetzt?", "wie viel hat das gebracht", "de"),
    ("why did they replace all_to_all?", "how much faster did it get", "en"),
    ("why did they replace all_to_all?", "how much did that help", "en"),
])
async def test_how_much_faster_it_got_is_about_the_threads_topic(store: Store, state: BotState, turn: str, text: str,
                                                                 said: str) -> None:
    # not any point with "schneller" / "faster" in it (the H200 of JAX Quantum), nor "gebracht" / "help" as a topic
    reply = await follow_up(store, state, turn, text, "31.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "number" and first(reply) == (MAIN, 447)
    assert body(reply)["lang"] == said and "all_to_all" in reply.subject


@pytest.mark.parametrize(("turn", "text", "head"), [
    ("welchen vortrag sollte ich mir zu sharding ansehen", "gibts noch andere", "Vorträge zu *sharding*"),
    ("welchen vortrag sollte ich mir zu sharding ansehen", "und noch einer", "Vorträge zu *sharding*"),
    ("which talk should I watch on sharding", "any others", "talks about *sharding*"),
])
async def test_any_other_talks_lists_the_talks_on_the_threads_topic(store: Store, state: BotState, turn: str,
                                                                    text: str, head: str) -> None:
    reply = await follow_up(store, state, turn, text, "32.1")  # not every talk, not a search for "others"
    assert isinstance(reply, AnswerReply) and reply.shape == "talks" and reply.subject == "sharding"
    assert 2 <= len(body(reply)["hits"]) < 19 and head in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("turn", "text", "language"), [
    ("wann wurde über HBM gesprochen?", "was ist das überhaupt", "de"),
    ("when was HBM discussed?", "what is that anyway", "en"),
])
async def test_what_is_that_anyway_defines_the_threads_topic(store: Store, state: BotState, turn: str, text: str,
                                                             language: str) -> None:
    reply = await follow_up(store, state, turn, text, "33.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "definition" and reply.subject == "HBM"
    assert first(reply) in {(MAIN, 24), (MAIN, 145), (MAIN, 331)} and body(reply)["lang"] == language


@pytest.mark.parametrize(("text", "language"), [("was ist das?", "de"), ("what is that?", "en"), ("und dann?", "de"),
                                                 ("and then?", "en"), ("und?", "de")])
async def test_a_message_pointing_back_with_no_thread_asks_what_is_meant(store: Store, text: str,
                                                                         language: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["hits"] == [] and body(reply)["shape"] == "clarify" and body(reply)["lang"] == language


async def test_who_said_that_names_the_threads_talk(store: Store, state: BotState) -> None:
    reply = await follow_up(store, state, "why did they replace all_to_all?", "who said that", "34.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 432)


@pytest.mark.parametrize(("text", "kept"), [
    ("warum mussten sie den code ändern", "ändern"),  # a verb, not a spoken "anderen"
    ("welche Verträge gab es", "Verträge"),  # a changed letter is another word, not "Vorträge"
])
def test_a_word_near_a_frame_word_is_still_a_content_word(text: str, kept: str) -> None:
    assert kept in parse(text).subject.split()
