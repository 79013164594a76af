"""Follow-ups read against their thread, help and clarify, in German and English (bench/eval_answers_tune12.toml's
causes): words that only carry the conversation ("wait", "hmm", "achso") never become the topic.

Expected answers are corpus lines read from the summaries; the examples are not tune12's own questions.
"""

from __future__ import annotations

import pytest

from bot.console import as_text
from handlers import mentions
from handlers.questions import Shape, parse, place_asked, without_discourse
from handlers.replies import AnswerReply, Notice
from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import MAIN, ask, body, first, follow_up

PALLAS = "004_b9033c416a07336f.txt"


@pytest.mark.parametrize(("text", "shape"), [
    ("wait, why?", Shape.EXPLAIN),
    ("ähm, warum?", Shape.EXPLAIN),
    ("hmm who's the speaker", Shape.WHO),
    ("ok wait, who presented it?", Shape.WHO),
    ("achso, und wer hat den gehalten", Shape.WHO),
    ("moment mal, wann kam das vor?", Shape.MOMENTS),
])
def test_interjections_before_a_question_are_no_subject(text: str, shape: Shape) -> None:
    question = parse(text)
    assert question.shape == shape and question.subject == "" and question.refers_back


def test_a_word_of_that_class_that_starts_the_topic_itself_stays() -> None:
    # only left out before punctuation, another such word or a question's first word
    assert parse("Moment of inertia?").subject == "Moment inertia"
    assert without_discourse("hmm?") == "hmm?"  # nothing else follows: as typed


@pytest.mark.parametrize(("text", "language", "said"), [
    ("ähm, warum?", "de", "Worauf bezieht sich das?"),
    ("ok wait, why?", "en", "About what?"),
])
async def test_a_context_less_why_behind_interjections_asks_what_is_meant(store: Store, text: str, language: str,
                                                                          said: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and body(reply)["shape"] == "clarify" and body(reply)["lang"] == language
    assert not body(reply)["hits"] and said in as_text(reply)


@pytest.mark.parametrize(("turn", "text", "said"), [
    ("was ist Diffrax?", "hmm, wer hat den gehalten?", "wurde von Shantanu gehalten."),
    ("what is Diffrax?", "oh wait, who presented it?", "was presented by Shantanu."),
])
async def test_interjections_before_a_follow_up_leave_the_threads_topic(store: Store, state: BotState, turn: str,
                                                                        text: str, said: str) -> None:
    reply = await follow_up(store, state, turn, text, "40.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 27)
    assert said in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("text", "subject", "raw"), [
    ("und was heißt da PJRT", "PJRT", "PJRT"),
    ("was ist dort mit PJRT gemeint?", "PJRT", "PJRT"),
    ("what's PJRT in there?", "PJRT", "PJRT"),
    ("what does PJRT mean in that talk?", "PJRT", "PJRT"),
    ("what's PJRT again?", "PJRT", "PJRT"),
])
def test_a_pointer_at_the_threads_talk_is_no_part_of_the_term(text: str, subject: str, raw: str) -> None:
    question = parse(text)
    assert question.shape == Shape.DEFINE and question.subject == subject and question.raw == raw
    assert question.in_thread_talk == ("again" not in text)


def test_there_after_a_form_of_be_points_at_nothing() -> None:
    assert not parse("is there a talk about HBM?").in_thread_talk
    assert not parse("are there any others?").in_thread_talk
    assert parse("why is recursion forbidden there?").in_thread_talk


@pytest.mark.parametrize(("turn", "text", "language"), [
    ("worum ging es im oneAPI-Vortrag?", "was heißt dort PJRT?", "de"),
    ("summarize the oneAPI talk", "what's PJRT in there?", "en"),
])
async def test_a_term_asked_inside_the_threads_talk_is_that_talks_entry_first(
        store: Store, state: BotState, turn: str, text: str, language: str) -> None:
    # PJRT is defined by the XLA talk (222, 504) and the oneAPI talk (289); asked in the oneAPI thread, its entry leads
    reply = await follow_up(store, state, turn, text, "41.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "definition" and first(reply) == (MAIN, 289)
    assert body(reply)["lang"] == language and "PJRT" in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("turn", "text", "line"), [
    ("wer hat über Tinix gesprochen?", "was ist eigentlich GRPO", 324),
    ("who presented the Tunix post-training video?", "what's GRPO again?", 400),
])
async def test_after_an_answer_about_one_talk_a_term_it_defines_is_its_entry_first(
        store: Store, state: BotState, turn: str, text: str, line: int) -> None:
    # GRPO is defined by four talks (181, 324, 400, 470); asked after a who answer, the thread's talk's entry leads
    reply = await follow_up(store, state, turn, text, "42.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "definition" and first(reply) == (MAIN, line)


async def test_without_a_thread_the_entries_keep_their_order(store: Store) -> None:
    assert first(await ask(store, "was ist GRPO?")) == (MAIN, 181)


@pytest.mark.parametrize(("text", "language", "words"), [
    ("what kinds of topics can you answer?", "en", "Ask me about the team's talk summaries"),
    ("what are you good for?", "en", "Ask me about the team's talk summaries"),
    ("and what else can you do?", "en", "Ask me about the team's talk summaries"),
    ("was für sachen weißt du?", "de", "Frag mich zu den Vortragszusammenfassungen"),
    ("welche Art von Fragen beantwortest du?", "de", "Frag mich zu den Vortragszusammenfassungen"),
    ("hmm, worüber weißt du so bescheid?", "de", "Frag mich zu den Vortragszusammenfassungen"),
])
async def test_a_question_about_what_the_bot_knows_is_help(store: Store, text: str, language: str, words: str) -> None:
    # addressed to the bot, with a verb of knowing, answering or doing, and only words that name a kind of thing
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and words in reply.text
    assert body(reply)["shape"] == "help" and body(reply)["lang"] == language


async def test_what_the_bot_knows_about_a_topic_or_its_talks_is_no_help(store: Store) -> None:
    assert parse("was weißt du über Kinetic?").subject == "Kinetic"
    assert parse("what talks do you have?").shape == Shape.TALKS and parse("welche vorträge kennst du?").shape == \
        Shape.TALKS
    assert parse("what else did they show?").shape == Shape.MORE
    topics = await ask(store, "which topics do you know about Pallas?")
    assert isinstance(topics, AnswerReply) and "Pallas" in topics.subject


async def test_a_german_um_is_no_hesitation_and_ok_still_asks_again(store: Store, state: BotState) -> None:
    summary = await ask(store, "um was geht es bei Pallas?")
    assert isinstance(summary, AnswerReply) and summary.shape == "summary"
    orpo = await follow_up(store, state, "what is DPO?", "ok, ORPO?", "43.1")  # the last question again, about ORPO
    assert isinstance(orpo, AnswerReply) and orpo.shape == "definition" and "ORPO" in as_text(orpo).split("\n")[0]


@pytest.mark.parametrize(("turn", "text", "line", "language"), [
    ("what is debugpy?", "ok and what's it good for?", 75, "en"),
    ("was ist GCS FUSE?", "hm und wozu dient das?", 72, "de"),
])
async def test_what_the_threads_topic_is_good_for_is_explained(store: Store, state: BotState, turn: str, text: str,
                                                               line: int, language: str) -> None:
    reply = await follow_up(store, state, turn, text, "44.1")  # "good" is no topic; "it"/"das" is the thread's
    assert isinstance(reply, AnswerReply) and reply.shape == "explain" and first(reply) == (MAIN, line)
    assert body(reply)["lang"] == language


async def test_typed_german_and_english_contractions_keep_the_shape(store: Store, state: BotState) -> None:
    who = await follow_up(store, state, "was ist der Star Schema Benchmark?", "wer is der sprecher", "45.1")
    assert isinstance(who, AnswerReply) and who.shape == "who" and first(who) == (MAIN, 3)  # "is" for "ist"
    about = await ask(store, "what's the Jaxator talk about?")  # "what's" is "what is": a summary
    assert isinstance(about, AnswerReply) and about.shape == "summary" and first(about) == (MAIN, 336)
    gets = await follow_up(store, state, "fasse den Qwen-Image-Vortrag zusammen",
                           "wie kriegt man da das modell auf die TPU", "45.2")  # "kriegt" is no topic
    assert isinstance(gets, AnswerReply) and gets.subject == "modell TPU" and first(gets) == (MAIN, 417)


@pytest.mark.parametrize(("turn", "text", "talk", "lead"), [
    ("summarize the CasADi talk", "is it worth watching?", 509, "Watch *Einbettung trainierter neuronaler Netze"),
    ("fasse den Kinetic-Vortrag zusammen", "lohnt es sich, den anzuschauen?", 60, "Schau dir *Kinetic"),
])
async def test_whether_the_threads_talk_is_worth_watching_recommends_it(store: Store, state: BotState, turn: str,
                                                                        text: str, talk: int, lead: str) -> None:
    reply = await follow_up(store, state, turn, text, "46.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "watch" and first(reply) == (MAIN, talk)
    assert as_text(reply).startswith(lead)


@pytest.mark.parametrize(("text", "talk"), [
    # "put together", "etc", "usw" describe what the asker wants to see, no topic of its own: the diffusion
    # pipeline's parts (000:413, Qwen Image 406)
    ("which one should i watch to see how diffusion pipelines are put together, text encoder, vae etc",
     "qwen-image"),
    ("welches video zeigt wie so ne diffusion pipeline aufgebaut is, text encoder, vae usw", "qwen-image"),
])
async def test_words_that_only_describe_the_wish_do_not_refuse_a_talk_to_watch(store: Store, text: str,
                                                                               talk: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["hits"][0]["talk_id"].startswith(talk), text


@pytest.mark.parametrize(("text", "subject"), [
    # what a talk is worth watching for may follow the words that ask it, with no talk named before them
    ("worth watching for debugging?", "debugging"), ("is it worth watching for pallas?", "pallas"),
    ("anything worth a look on tree screws", "tree screws"), ("worth watching anything for kinetic?", "kinetic"),
    ("is the Pallas talk worth watching?", "Pallas"), ("is it worth watching?", ""),
])
def test_what_a_talk_is_worth_watching_for_is_the_subject_of_a_watch_question(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.refers_back) == (Shape.RECOMMEND, subject, not subject)


@pytest.mark.parametrize(("text", "talk"), [
    ("worth a watch for pallas beginners?", "pallas"),  # a beginner is who watches, no topic (004)
    ("any video worth seeing on tree screws", "bau-eines-luxurioesen"),  # 000:551
])
async def test_a_talk_worth_watching_for_a_topic_is_recommended(store: Store, text: str, talk: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.shape == "watch" and body(reply)["hits"][0]["talk_id"].startswith(
        talk), text


@pytest.mark.parametrize(("text", "subject"), [
    # what to watch asked with an infinitive, "check out", or German's "was soll ich mir … anschauen" (its verb
    # anywhere after, a separable one's particle at the end), the topic kept: as "what should I watch for …"
    ("what to watch for learning about the history of manufacturing", "history manufacturing"),
    ("what i should watch for kinetic", "kinetic"), ("which session should i check out for pallas", "pallas"),
    ("was soll ich mir für kinetic anschauen", "kinetic"),
    ("was sollt ich gucken für rl mit sandboxen", "rl sandboxen"), ("was schau ich mir am besten für xla an", "xla"),
])
def test_what_to_watch_asked_in_other_words_is_a_watch_question(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.RECOMMEND, subject), text


async def test_what_to_watch_for_a_topic_in_other_words_recommends_its_talk(store: Store) -> None:
    reply = await ask(store, "what to watch for learning about the history of manufacturing")
    assert isinstance(reply, AnswerReply) and reply.shape == "watch" and first(reply) == (MAIN, 618)
    reply = await ask(store, "was sollte ich mir ansehen um pallas zu lernen")
    assert isinstance(reply, AnswerReply) and reply.shape == "watch" and first(reply)[0] == PALLAS


@pytest.mark.parametrize(("text", "line"), [
    # "stuff", "Kram", "Zeug" name nothing (the AMD talk: Jaxator 336); "wer stellt X vor" is "wer hat X vorgestellt"
    ("who presented the amd stuff", 336), ("wer hat den amd kram vorgestellt", 336), ("wer stellt kinetic vor", 60),
])
async def test_who_presented_a_talk_named_loosely(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "shape", "line"), [
    # "whats", "whos" typed without the apostrophe are "what is", "who is" all the same
    ("whats the casadi talk about", "summary", 509), ("whos the speaker of the kinetic talk", "who", 60),
])
async def test_a_contraction_typed_without_its_apostrophe_keeps_the_shape(store: Store, text: str, shape: str,
                                                                          line: int) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.shape == shape and first(reply) == (MAIN, line), text


async def test_worth_watching_with_a_talk_named_or_asking_why_is_no_thread_question(store: Store) -> None:
    named = parse("is the Pallas talk worth watching?")
    assert named.shape == Shape.RECOMMEND and named.subject == "Pallas" and not named.in_thread_talk
    assert parse("warum lohnt sich 3D-Druck für das Baumhaus?").shape == Shape.EXPLAIN


@pytest.mark.parametrize(("turn", "text", "language"), [
    ("was ist GRPO?", "gibt's dazu noch andere vorträge?", "de"),
    ("what is GRPO?", "are there other talks on it?", "en"),
    ("was ist GRPO?", "welche talks noch", "de"),  # "noch", "else" ask for more talks as "andere", "other" do
    ("what is GRPO?", "which talks else", "en"),
])
async def test_other_talks_on_the_threads_topic_are_a_talk_list(store: Store, state: BotState, turn: str, text: str,
                                                                 language: str) -> None:
    reply = await follow_up(store, state, turn, text, "47.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "talks" and reply.subject == "GRPO"
    assert {(MAIN, 153), (MAIN, 293), (MAIN, 374), (MAIN, 432)} <= {
        (hit["source"]["file"], hit["source"]["line"]) for hit in body(reply)["hits"]}
    assert body(reply)["lang"] == language


async def test_what_the_topic_was_used_for_in_the_threads_talk(store: Store, state: BotState) -> None:
    # "verwendet" frames the question like "used"; "dort" is the thread's talk (JAX Quantum), Diffrax's use at 0:39
    reply = await follow_up(store, state, "was ist Diffrax?", "und wofür wurde das dort verwendet?", "48.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "explain" and first(reply) == (MAIN, 35)


@pytest.mark.parametrize(("text", "language"), [
    ("und seit wann gibt es CNC?", "de"),
    ("and since when has CNC existed?", "en"),
])
async def test_since_when_asks_for_a_year(store: Store, state: BotState, text: str, language: str) -> None:
    reply = await follow_up(store, state, "wer hat den Vortrag über Zerspanung gehalten?", text, "49.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "number" and first(reply) == (MAIN, 629)  # 1970er


async def test_a_request_for_more_detail_is_about_the_topic_not_the_bot(store: Store, state: BotState) -> None:
    assert parse("can you go into more detail?").shape != Shape.HELP
    reply = await follow_up(store, state, "worum ging es bei Tinix?", "kannst du da näher drauf eingehen?", "50.1")
    assert isinstance(reply, AnswerReply) and not reply.not_covered and reply.talk_id == "tunix-rl-architektur-auf-tpus"


async def test_what_a_digest_threads_talk_is_about_is_its_summary(store: Store, state: BotState) -> None:
    await state.record_digest_thread("CQ", "51.1", "pallas-schreiben-von-low-level-kernels-fuer-google-tpus", 0.0)
    reply = await mentions.answer(store, "<@UBOT> what's it about exactly?", state=state, channel="CQ",
                                  thread_ts="51.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "summary" and first(reply) == (PALLAS, 1)


async def test_and_with_a_question_word_of_its_own_is_no_repeat_of_the_last_question(store: Store,
                                                                                     state: BotState) -> None:
    # "und was hat das mit KI zu tun?" asks about KI in the thread's talk, not for the summary of a talk about "KI tun"
    assert parse("und DPO?").follow_up and not parse("und womit wurde das gemessen?").follow_up
    reply = await follow_up(store, state, "worum ging es im Zerspanungs-Video?", "und was hat das mit KI zu tun?",
                            "52.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "search" and first(reply) == (MAIN, 632)


@pytest.mark.parametrize(("turn", "text"), [
    ("wie viel schneller war FlyDSL end-to-end?", "auf welcher hardware?"),
    ("how much faster was FlyDSL end to end?", "on what hardware?"),
])
async def test_words_the_threads_talk_holds_are_answered_from_it(store: Store, state: BotState, turn: str,
                                                                 text: str) -> None:
    # after a number answer (no talk answer), "hardware" is asked of the FlyDSL talk, which says it (0:00, 0:18)
    reply = await follow_up(store, state, turn, text, "53.1")
    assert isinstance(reply, AnswerReply) and first(reply) == (MAIN, 234)
    assert all(hit["talk_id"] == "integration-von-flydsl-kerneln-in-jax-fuer-amd-gpus" for hit in body(reply)["hits"])


async def test_shown_frames_who_showed_it(store: Store, state: BotState) -> None:
    reply = await follow_up(store, state, "was ist MXFP4?", "wer hat das gezeigt?", "54.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 336)


@pytest.mark.parametrize(("turn", "text", "shape", "line"), [
    ("was ist MXFP4?", "wie heißt der sprecher?", "who", 336),
    ("what is MXFP4?", "what's the speaker's name?", "who", 336),
    ("was ist MXFP4?", "wie hieß der vortrag nochmal?", "summary", 336),
    ("what is MXFP4?", "what was the talk called again?", "summary", 336),
    ("was ist MXFP4?", "was sind die wichtigsten punkte?", "summary", 336),
    ("what is MXFP4?", "what are the key takeaways?", "summary", 336),
    ("was ist MXFP4?", "um wieviel prozent wurde es schneller?", "number", 350),
    ("what is MXFP4?", "by what percentage?", "number", 350),
])
async def test_the_speakers_name_the_talks_name_its_key_points_and_by_how_much(
        store: Store, state: BotState, turn: str, text: str, shape: str, line: int) -> None:
    # each asks about the thread's talk (Jaxator, which defines MXFP4) or topic; "prozent" only names the unit
    reply = await follow_up(store, state, turn, text, "55.1")
    assert isinstance(reply, AnswerReply) and reply.shape == shape and first(reply) == (MAIN, line)


def test_the_reason_asked_in_the_past_is_an_explanation_of_the_threads_topic() -> None:
    for text in ("was war der grund dafür?", "what was the reason for that?"):
        question = parse(text)
        assert question.shape == Shape.EXPLAIN and question.subject == "" and question.refers_back


@pytest.mark.parametrize(("turn", "text"), [
    ("was ist Kinetic?", "wie viele chips maximal?"),
    ("what is Kinetic?", "how many chips at most?"),
])
async def test_at_most_is_no_topic_of_a_number_question(store: Store, state: BotState, turn: str, text: str) -> None:
    reply = await follow_up(store, state, turn, text, "56.1")  # "maximal" / "at most" only bound the number
    assert isinstance(reply, AnswerReply) and reply.shape == "number" and first(reply) == (MAIN, 76)  # 32 Chips


@pytest.mark.parametrize(("turn", "text", "language"), [
    ("was ist GSPMD?", "und SPMD?", "de"),
    ("what is GSPMD?", "and SPMD?", "en"),
])
async def test_after_a_first_answer_that_was_not_covered_and_x_asks_the_same_of_x(
        store: Store, state: BotState, turn: str, text: str, language: str) -> None:
    reply = await follow_up(store, state, turn, text, "57.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "definition" and first(reply) == (MAIN, 430)
    assert body(reply)["lang"] == language


async def test_a_not_covered_answer_keeps_the_threads_earlier_talk(store: Store, state: BotState) -> None:
    await follow_up(store, state, "worum ging es bei Kinetic?", "was ist GSPMD?", "58.1")
    reply = await mentions.answer(store, "<@UBOT> und wer hat den vortrag gehalten?", state=state, channel="CQ",
                                  thread_ts="58.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 60)


async def test_the_part_of_a_digest_threads_talk_is_no_topic_word(store: Store, state: BotState) -> None:
    await state.record_digest_thread("CQ", "59.1", "kinetic-ueberbrueckung-von-lokalen-laptop-umgebungen", 0.0)
    reply = await mentions.answer(store, "<@UBOT> and the debugging part?", state=state, channel="CQ",
                                  thread_ts="59.1")
    assert isinstance(reply, AnswerReply) and not reply.not_covered and first(reply) == (MAIN, 75)


@pytest.mark.parametrize(("text", "language", "shape"), [
    ("hä?", "de", "clarify"),
    ("huh?", "en", "clarify"),
    ("inwiefern?", "de", "clarify"),
    ("in what way?", "en", "clarify"),
    ("danke", "de", "help"),
    ("thanks!", "en", "help"),
])
async def test_a_message_of_interjections_alone_asks_back_or_says_how_to_ask(store: Store, text: str, language: str,
                                                                            shape: str) -> None:
    reply = await ask(store, text)  # never "The summaries don't mention *hä*"
    assert isinstance(reply, Notice) and body(reply)["shape"] == shape and body(reply)["lang"] == language


async def test_huh_in_a_thread_explains_its_topic_again(store: Store, state: BotState) -> None:
    reply = await follow_up(store, state, "was ist TiTO?", "hä?", "60.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "explain" and first(reply) == (MAIN, 309)


@pytest.mark.parametrize(("text", "language"), [("welche themen gibt es?", "de"), ("what topics are covered?", "en")])
async def test_the_topics_there_are_is_the_talk_list(store: Store, text: str, language: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.shape == "talks" and len(body(reply)["hits"]) == 19
    assert body(reply)["lang"] == language


@pytest.mark.parametrize(("turn", "text"), [
    ("wann wurde über HBM gesprochen?", "wer hat darüber geredet?"),
    ("when was HBM discussed?", "who talked about it?"),
])
async def test_who_after_moments_in_several_talks_names_the_other_talks_too(store: Store, state: BotState, turn: str,
                                                                            text: str) -> None:
    # HBM comes up in four talks: the first moment's talk leads, the three others follow in the moments' order
    reply = await follow_up(store, state, turn, text, "61.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (PALLAS, 1)
    assert [(hit["source"]["file"], hit["source"]["line"]) for hit in body(reply)["hits"]][1:] == [
        (MAIN, 3), (MAIN, 432), (MAIN, 118)]


async def test_who_after_moments_in_one_talk_names_that_talk_alone(store: Store, state: BotState) -> None:
    reply = await follow_up(store, state, "when was Level Zero discussed?", "who talked about it?", "62.1")
    assert isinstance(reply, AnswerReply) and [(hit["source"]["file"], hit["source"]["line"])
                                               for hit in body(reply)["hits"]] == [(MAIN, 257)]


@pytest.mark.parametrize(("text", "language"), [
    # asking for help in words of one's own: everyday words around a request for help or for how to use the bot
    ("ich bräuchte mal kurz hilfe mit dir", "de"),
    ("sorry, bin neu – wie benutz ich den bot?", "de"),
    ("not really sure how you work", "en"),
    ("first time here, how am I supposed to use this?", "en"),
])
async def test_a_request_for_help_in_everyday_words_gets_the_help_reply(store: Store, text: str,
                                                                        language: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and body(reply)["shape"] == "help" and body(reply)["lang"] == language, text


@pytest.mark.parametrize(("text", "line"), [
    # a word of a glossary name or a talk title makes it a question about the corpus (000:11 Sparse Cores)
    ("can you help me with sparse cores", 11),
    ("kannst du mir bei sparse cores helfen", 11),
])
async def test_help_with_a_corpus_term_is_a_question_about_it(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and body(reply)["shape"] != "help", text
    assert (MAIN, line) in {(h["source"]["file"], h["source"]["line"]) for h in body(reply)["hits"]}, text


async def test_how_to_use_this_in_a_thread_asks_about_its_topic(store: Store, state: BotState) -> None:
    # outside a thread "this" is the bot; after an answer about Kinetic it is Kinetic
    reply = await follow_up(store, state, "what is kinetic?", "how am I supposed to use this?", "61.1")
    assert body(reply)["shape"] != "help" and body(reply)["hits"]
    assert all(hit["talk_id"].startswith("kinetic") for hit in body(reply)["hits"][:1])


@pytest.mark.parametrize(("text", "language"), [
    # a why typed with a letter held, or with a spoken particle ("nu"), is still a context-less why
    ("whyyy??", "en"), ("warummm?", "de"), ("wieso denn nu?", "de"),
])
async def test_a_stretched_or_colloquial_why_asks_what_is_meant(store: Store, text: str, language: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and body(reply)["shape"] == "clarify" and body(reply)["lang"] == language, text


def test_a_stretched_question_word_is_read_plainly_and_other_doubled_letters_stay() -> None:
    assert parse("whyyy does XLA fuse ops").shape == parse("why does XLA fuse ops").shape
    assert parse("whyyy does XLA fuse ops").subject == parse("why does XLA fuse ops").subject
    assert parse("was ist ein Baumhaus?").subject == "Baumhaus"  # "aa", "ss" in words of their own stay


@pytest.mark.parametrize(("text", "language"), [
    # a reason asked for with its own words ("woran liegt", "weswegen", "reason?") or with a verb of doing and a
    # pronoun for its topic is as context-less as "why?"
    ("woran liegt das", "de"), ("weswegen denn", "de"), ("warum machen die das so", "de"),
    ("reason?", "en"), ("and the reason is?", "en"), ("ok why tho", "en"),
])
async def test_a_reason_asked_without_a_topic_asks_what_is_meant(store: Store, text: str, language: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and body(reply)["shape"] == "clarify" and body(reply)["lang"] == language, text


@pytest.mark.parametrize(("text", "language"), [
    # a why typed with a slip or as chat spells it, a cause or purpose asked with its own question word, and a reason
    # asked of a pronoun whose other words no summary holds (fillers, interjections, "any idea", "the point of")
    ("wiso?", "de"), ("waurm das", "de"), ("y tho", "en"), ("wodurch kommt das eigentlich", "de"),
    ("was steckt da dahinter", "de"), ("what's behind that", "en"), ("und weshalb macht man sowas", "de"),
    ("wozu soll das gut sein", "de"),
    ("any idea why that happens?", "en"), ("whats the point of that", "en"), ("wait what caused that", "en"),
    ("why would anyone do that lol", "en"),
    # words that carry no topic: "nur", "even" (as "just", "überhaupt" do), spoken "dat" for "das", a purpose asked
    # with a trailing "for"
    ("warum nur", "de"), ("why even", "en"), ("warum dat denn", "de"), ("what's that for", "en"),
    ("warum eig", "de"), ("wieso eigtl?", "de"),  # chat's short "eigentlich"
])
async def test_a_reason_typed_loosely_or_asked_of_fillers_asks_what_is_meant(store: Store, text: str,
                                                                             language: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and body(reply)["shape"] == "clarify" and body(reply)["lang"] == language, text


@pytest.mark.parametrize(("text", "line"), [
    # a pronoun beside a word the summaries hold asks about that word: the CPU of Qwen Image's text encoder (416),
    # the treehouse's suspension bridge (555 or 607)
    ("warum läuft das auf der cpu", {416}), ("why is that bridge allowed to sag", {555, 607}),
])
async def test_a_reason_asked_of_a_pronoun_and_a_topic_answers_about_the_topic(store: Store, text: str,
                                                                              line: set[int]) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] != "clarify" and first(reply)[1] in line, text


def test_what_a_thing_is_for_asks_its_purpose() -> None:
    assert (parse("what's XPK for").shape, parse("what's XPK for").subject) == (Shape.DEFINE, "XPK")


def test_a_why_typed_with_a_slip_is_read_as_the_why_and_an_everyday_word_stays() -> None:
    assert parse("wiso läuft der text encoder auf der cpu").subject == parse(
        "wieso läuft der text encoder auf der cpu").subject
    assert parse("warm ist es").subject == "warm"  # a slip that is a word of its own is that word


@pytest.mark.parametrize(("text", "language"), [
    # the bot's name typed as text, not picked as a ping, only addresses the bot: still a context-less why
    ("@talkbot why", "en"), ("@talkbot wieso", "de"), ("talkbot, warum?", "de"), ("why @talkbot :thinking_face:", "en"),
    ("@bot warum denn?", "de"),
    # English "why" with two letters swapped, and the particle "bloß" (as "nur", no topic)
    ("wyh?", "en"), ("wyh tho", "en"), ("aber warum denn bloß :thinking_face:", "de"), ("wieso bloss?", "de"),
])
async def test_a_why_addressed_by_a_typed_name_or_typed_loosely_asks_what_is_meant(store: Store, text: str,
                                                                                   language: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and body(reply)["shape"] == "clarify" and body(reply)["lang"] == language, text
    assert not body(reply)["hits"]


def test_a_typed_address_is_no_subject_and_a_corpus_handle_stays() -> None:
    assert parse("@talkbot what is Kinetic?").subject == parse("what is Kinetic?").subject == "Kinetic"
    assert parse("@Talkbot wer hat Kinetic gehalten").shape == Shape.WHO
    assert "kinetic" in parse("@kinetic.run what does it do").subject.casefold()  # a decorator, no address
    assert parse("@talkbot").shape == Shape.HELP  # the name alone greets the bot
    assert parse("hwy").subject == "hwy"  # a slip of "why" that is a word of its own stays that word


def test_a_reason_with_a_topic_is_asked_about_that_topic() -> None:
    # the words that ask for a reason and the verbs of doing frame the question; the topic stays its subject
    assert (parse("the reason XLA fuses operations").shape, parse("the reason XLA fuses operations").subject) == (
        Shape.EXPLAIN, "XLA fuses operations")
    assert parse("warum macht XLA das so").subject == "XLA"
    assert parse("woran liegt der Speedup von FlyDSL").subject == "Speedup FlyDSL"


@pytest.mark.parametrize(("text", "subject"), [
    ("und das gleiche für Kinetic?", "Kinetic"),
    ("dasselbe bei CasADi", "CasADi"),
    ("die gleiche frage zu Jaxator", "Jaxator"),
    ("same for Kinetic?", "Kinetic"),
    ("and the same thing for CasADi", "CasADi"),
    ("same question about Jaxator", "Jaxator"),
])
def test_the_same_for_x_repeats_the_last_question_as_asked(text: str, subject: str) -> None:
    question = parse(text)
    assert question.follow_up and question.as_before and question.subject == subject


@pytest.mark.parametrize(("turn", "text", "language"), [
    ("fasse den Vortrag über Qwen Image zusammen", "dasselbe für xla", "de"),
    ("summarize the qwen image talk", "and the same for xla?", "en"),
])
async def test_the_same_for_a_name_the_threads_talk_mentions_is_that_names_summary(
        store: Store, state: BotState, turn: str, text: str, language: str) -> None:
    # the Qwen Image talk mentions PyTorch-XLA (414, 415, 418), but "the same" asks for the XLA talk's summary
    reply = await follow_up(store, state, turn, text, "60.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "summary" and body(reply)["lang"] == language
    assert body(reply)["hits"][0]["talk_id"] == "xla-crashkurs"


@pytest.mark.parametrize(("turn", "text"), [
    ("fasse den Vortrag über Jaxator zusammen", "und ROCm?"),
    ("summarize the Jaxator talk", "what about ROCm?"),
])
async def test_a_term_the_summarised_talk_defines_is_its_definition_there(store: Store, state: BotState, turn: str,
                                                                         text: str) -> None:
    # Jaxator's glossary defines ROCm (358); its key point 342 only uses the word
    reply = await follow_up(store, state, turn, text, "61.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "definition" and first(reply) == (MAIN, 358)


@pytest.mark.parametrize(("text", "follows_up"), [
    ("und mit welchen Sprachen kann man das nutzen?", False),
    ("und in welches Format exportiert man die Modelle?", False),
    ("and into which format do they export the models?", False),
    ("und mit DPO?", True),
    ("and with ORPO?", True),
])
def test_a_question_word_after_a_preposition_opens_a_question_of_its_own(text: str, follows_up: bool) -> None:
    assert parse(text).follow_up is follows_up


@pytest.mark.parametrize(("turn", "text"), [
    ("fasse den Vortrag über CasADi zusammen", "und in welches Format exportiert man die Modelle?"),
    ("summarize the CasADi talk", "and into which format do they export the models?"),
])
async def test_a_question_of_its_own_after_a_summary_is_asked_of_that_talk(store: Store, state: BotState, turn: str,
                                                                         text: str) -> None:
    # the ONNX export (7:46), not the summary of a talk about formats
    reply = await follow_up(store, state, turn, text, "62.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "search" and first(reply) == (MAIN, 521)


@pytest.mark.parametrize(("turn", "text"), [
    ("fasse den Vortrag über Kinetic zusammen", "und lange laufende Jobs?"),
    ("summarize the Kinetic talk", "and long running jobs?"),
])
async def test_and_x_after_a_summary_whose_best_talk_is_that_one_is_asked_in_it(store: Store, state: BotState,
                                                                              turn: str, text: str) -> None:
    # Kinetic's summary again would repeat what the thread has just read: its detached jobs (9:54) instead
    reply = await follow_up(store, state, turn, text, "63.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "search" and first(reply) == (MAIN, 73)


@pytest.mark.parametrize(("turn", "text"), [
    ("fasse den Vortrag über Kinetic zusammen", "und mit welchem Befehl richtet man das ein?"),
    ("summarize the Kinetic talk", "and with which command do you set it up?"),
])
async def test_a_usage_word_that_asks_about_the_threads_topic_is_no_help_request(store: Store, state: BotState,
                                                                                turn: str, text: str) -> None:
    # "das", "it" stand for Kinetic: its setup command (kinetic init, 2:27), not how to use the bot
    reply = await follow_up(store, state, turn, text, "64.1")
    assert isinstance(reply, AnswerReply) and first(reply) == (MAIN, 69)


@pytest.mark.parametrize(("text", "shape", "subject"), [
    ("bei welcher Minute?", Shape.MOMENTS, ""),
    ("Zeitstempel für GRPO?", Shape.MOMENTS, "GRPO"),
    ("timestamp?", Shape.MOMENTS, ""),
    ("at what minute do they get to GRPO?", Shape.MOMENTS, "GRPO"),
    ("was ist das für ein Vortrag?", Shape.SUMMARY, ""),
    ("was war da der Inhalt?", Shape.SUMMARY, ""),
    ("what kind of talk is that?", Shape.SUMMARY, ""),
    ("gimme the gist", Shape.SUMMARY, ""),
    ("wer sind die Vortragenden?", Shape.WHO, ""),
    ("wer redet da?", Shape.WHO, ""),
    ("was meinen die mit CK?", Shape.DEFINE, "CK"),
    ("und wie lang war der?", Shape.QUANTITY, ""),
    ("keep going", Shape.MORE, ""),
    ("mach weiter", Shape.MORE, ""),
])
def test_terse_thread_questions_in_other_words_have_their_shape(text: str, shape: Shape, subject: str) -> None:
    question = parse(text)
    assert question.shape == shape and question.subject == subject
    assert question.refers_back is (not subject and shape != Shape.MORE)


@pytest.mark.parametrize(("turn", "text"), [
    ("wer hat JAX Quantum vorgestellt?", "und der Speedup auf der H200?"),
    ("who presented JAX Quantum?", "and the H200 speedup?"),
])
async def test_and_a_measure_asks_for_that_number(store: Store, state: BotState, turn: str, text: str) -> None:
    # the H200's 240-fold speed-up (1:20), not who presented "speedup h200"
    assert parse(text).shape == Shape.QUANTITY and not parse(text).follow_up
    reply = await follow_up(store, state, turn, text, "65.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "number" and first(reply) == (MAIN, 38)


@pytest.mark.parametrize(("turn", "text"), [
    ("fasse den Vortrag über FlyDSL zusammen", "was heißt GEMM in diesem Zusammenhang?"),
    ("summarize the FlyDSL talk", "what is GEMM in this context?"),
])
async def test_in_this_context_points_at_the_threads_talk(store: Store, state: BotState, turn: str, text: str) -> None:
    # FlyDSL's own GEMM entry (249), not Jaxator's (361) or vLLM's (465)
    assert parse(text).in_thread_talk and parse(text).subject == "GEMM"
    reply = await follow_up(store, state, turn, text, "66.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "definition" and first(reply) == (MAIN, 249)


@pytest.mark.parametrize("text", ["welches Team war das?", "which team was that?", "wer hat das behauptet?"])
def test_which_team_and_who_claimed_it_ask_who_presented_the_threads_topic(text: str) -> None:
    question = parse(text)
    assert question.shape == Shape.WHO and question.subject == "" and question.refers_back


@pytest.mark.parametrize(("turn", "text"), [
    ("was ist TiTO?", "und der Vortrag allgemein?"),
    ("what is TiTO?", "and the talk in general?"),
])
async def test_and_the_talk_in_general_is_the_threads_talks_summary(store: Store, state: BotState, turn: str,
                                                                   text: str) -> None:
    # the Tunix RL talk that defines TiTO, summarised, not TiTO's key point again
    reply = await follow_up(store, state, turn, text, "67.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "summary" and first(reply) == (MAIN, 293)


@pytest.mark.parametrize(("turn", "text"), [
    ("fasse den Vortrag über Kinetic zusammen", "und jetzt das Tunix-Video?"),
    ("summarize the Kinetic talk", "what about the Tunix video?"),
])
async def test_a_follow_up_that_names_a_talk_asks_about_that_talk(store: Store, state: BotState, turn: str,
                                                                 text: str) -> None:
    # Kinetic's key point 76 mentions Tunix, but "the Tunix video" is the Tunix talk
    assert parse(text).as_before
    reply = await follow_up(store, state, turn, text, "68.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "summary" and first(reply) == (MAIN, 374)


@pytest.mark.parametrize("text", ["what about the speakers?", "und was ist mit den Sprechern?"])
async def test_what_about_the_speakers_asks_who_presented_the_threads_talk(store: Store, state: BotState,
                                                                          text: str) -> None:
    reply = await follow_up(store, state, "fasse den Vortrag über Kinetic zusammen", text, "69.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 60)


@pytest.mark.parametrize(("turns", "text", "thread_ts"), [
    # English asks how long with "take" or "last", as German with "dauern" (a frame word): the verb names nothing, so
    # the question asks of the thread's topic, Qwen 3.5's scaling cut to two months (449), after a second turn too
    (("who gave the vllm and sglang talk?", "how did they scale to qwen 3.5?"), "how long did that take", "70.1"),
    (("how did they scale to qwen 3.5?",), "how long did that last?", "70.2"),
    (("wer hat den vllm und sglang vortrag gehalten?", "wie wurde auf qwen 3.5 skaliert?"),
     "wie lange hat das gedauert", "70.3"),
])
async def test_how_long_it_took_asks_of_the_threads_topic(store: Store, state: BotState, turns: tuple[str, ...],
                                                          text: str, thread_ts: str) -> None:
    for turn in turns:
        await mentions.answer(store, f"<@UBOT> {turn}", state=state, channel="CQ", thread_ts=thread_ts)
    reply = await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts=thread_ts)
    assert isinstance(reply, AnswerReply) and body(reply)["covered"] is not False and first(reply) == (MAIN, 449), text


def test_a_duration_verb_frames_only_a_question_of_time() -> None:
    assert (parse("how long did the RL run take?").subject, parse("how long did it take?").refers_back) == (
        "RL run", True)
    assert parse("how long does a global step last").subject == "global step"
    assert "take" in parse("what does it take to scale Qwen?").subject.casefold()  # no question of time


@pytest.mark.parametrize(("text", "line"), [
    # English ordinals are the summaries' German ones: Jaxator's "Erste Fallstudie" (348), "Zweite Fallstudie" (349)
    ("what was the first case study in the jaxator talk?", 348), ("and jaxator's second case study?", 349),
    ("was war die zweite Fallstudie bei Jaxator?", 349),
])
async def test_an_ordinal_picks_the_summarys_numbered_point(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("turn", "text", "line"), [
    # a follow-up naming only another place, or "the other", asks the thread's question of that place: Jaxator's
    # first case study (348), its second (349)
    ("was war die erste Fallstudie bei Jaxator?", "und die zweite?", 349),
    ("was war die zweite Fallstudie bei Jaxator?", "und die andere?", 348),
    ("what was jaxator's first case study?", "and the other one?", 349),
    ("what was jaxator's first case study?", "and the second one? :thinking_face:", 349),
])
async def test_another_place_asks_the_threads_question_of_that_place(store: Store, state: BotState, turn: str,
                                                                     text: str, line: int) -> None:
    reply = await follow_up(store, state, turn, text, f"71.{line}{len(text)}")
    assert isinstance(reply, AnswerReply) and first(reply) == (MAIN, line), text


def test_a_place_is_asked_only_of_a_numbered_topic_and_its_own_words() -> None:
    assert place_asked(parse("und die zweite?"), "erste Fallstudie Jaxator") == (2, "zweite Fallstudie Jaxator")
    assert place_asked(parse("and the other one?"), "first case study jaxator") == (2, "second case study jaxator")
    assert place_asked(parse("und die andere?"), "Fallstudie Jaxator") is None  # the topic numbers nothing
    assert place_asked(parse("and the second phase?"), "first case study jaxator") is None  # names a new thing


@pytest.mark.parametrize(("turn", "text"), [
    ("wann wurde über Sparse Cores gesprochen?", "und über den Scalar Memory?"),
    ("when were sparse cores discussed?", "and what about scalar memory?"),
])
async def test_every_moment_of_a_summary_is_listed_however_alike(store: Store, state: BotState, turn: str,
                                                                 text: str) -> None:
    # Pallas's summary names the Scalar Memory at 0:21 (the memory architecture, 4) and 0:17 (dynamic slicing, 9):
    # two moments of one summary, not one moment told twice
    reply = await follow_up(store, state, turn, text, "41.1")
    shown = {(hit["source"]["file"], hit["source"]["line"]) for hit in body(reply)["hits"]}
    assert {(PALLAS, 4), (PALLAS, 9)} <= shown


@pytest.mark.parametrize(("turn", "text", "line"), [
    # the answer (0:47, the Q array's backends) names "sparse (BCOO, Diagonale)": "that" is BCOO, glossary 53
    ("welches sparse format kann das q array von jax quantum", "was heißt das", 53),
    ("which sparse format does the jax quantum q array support", "what does that stand for", 53),
    # FlyDSL's kernel is tested "gegen AMDs CK-Kernel (Composable Kernel)": CK, the FlyDSL talk's entry 254
    ("which library does the flydsl kernel get tested against", "what does that stand for", 254),
    # the second case study (MXFP4): the Jaxator talk's MXFP4 entry
    ("welches zahlenformat nutzt die zweite fallstudie im jaxator talk", "wofür steht das", 366),
])
async def test_what_that_means_after_an_answer_about_no_term_is_the_term_it_named(
        store: Store, state: BotState, turn: str, text: str, line: int) -> None:
    reply = await follow_up(store, state, turn, text, "42.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "definition" and first(reply) == (MAIN, line)


async def test_what_that_means_after_a_definition_is_still_that_term(store: Store, state: BotState) -> None:
    reply = await follow_up(store, state, "was ist Kollokation?", "was heißt das", "42.2")
    assert first(reply) == (MAIN, 333)


async def test_the_other_one_after_a_case_study_is_no_term_of_the_answer(store: Store, state: BotState) -> None:
    # "und die andere?" names a place of its own (the second case study), not "that" of the answer
    reply = await follow_up(store, state, "was war die erste fallstudie im jaxator talk", "und die andere?", "42.3")
    assert first(reply) in {(MAIN, 349), (MAIN, 350)}


async def test_colocation_comes_up_where_a_summary_writes_it_in_english(store: Store, state: BotState) -> None:
    # the vLLM talk's "Colocated-Ausführung" (451) is colocation too, beside Tunix's "Kollokation" (307, 317)
    reply = await follow_up(store, state, "what is colocation?", "and where did that come up", "42.4")
    shown = {hit["source"]["line"] for hit in body(reply)["hits"]}
    assert {307, 317, 451} <= shown


async def test_a_term_comes_up_under_its_other_glossary_name(store: Store, state: BotState) -> None:
    # "Kollokation (Colocation)": where Kollokation came up includes where a summary says "Colocated" (451)
    reply = await follow_up(store, state, "was ist Kollokation?", "und wo kam das vor", "42.5")
    shown = {hit["source"]["line"] for hit in body(reply)["hits"]}
    assert {307, 317, 451} <= shown


async def test_other_names_are_a_terms_variants_and_long_forms(store: Store) -> None:
    assert "Colocation" in await store.other_names("Kollokation")
    assert "Composable Kernel" in await store.other_names("CK")
    assert "CK" not in await store.other_names("CK")


@pytest.mark.parametrize("text", ["so what is the focus of the operator's work now?",
                                  "and where does the operator's focus lie now?"])
async def test_a_machine_operator_is_a_bediener_and_a_focus_a_schwerpunkt(store: Store, state: BotState,
                                                                          text: str) -> None:
    # after the machining history's summary: "Der moderne Bediener verlagert seinen Schwerpunkt …" (000:631), not
    # the AITER talk's kernel "Operator"; both are what a dictionary gives for the English words
    reply = await follow_up(store, state, "summarise the talk on the history of CNC machining", text, "41.2")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 631)


@pytest.mark.parametrize("turn", ["what did the talk on agentic RL with decoupled rollout and training workers cover?",
                                  "what does the session about decoupled rollout and training workers discuss?"])
async def test_what_the_talk_on_a_topic_covered_is_that_talks_summary(store: Store, state: BotState,
                                                                      turn: str) -> None:
    # the talk named by its topic after the noun asks for its summary, as "what did the X talk cover?" does: the
    # thread is then about Tunix's RL talk (000:293), not the vLLM talk whose key point also holds those words
    assert parse(turn).shape == Shape.SUMMARY
    reply = await mentions.answer(store, f"<@UBOT> {turn}", state=state, channel="CQ", thread_ts="41.3")
    assert first(reply) == (MAIN, 293)


@pytest.mark.parametrize(("text", "subject"), [
    ("whats on their roadmap after that", "roadmap"),
    ("what did they do after that", ""),
    ("and before that?", ""),
])
def test_a_preposition_whose_object_points_back_is_no_topic(text: str, subject: str) -> None:
    # "after that" says when, of what the thread spoke about: no word of the topic
    question = parse(text)
    assert question.subject == subject and question.refers_back, text


async def test_the_talk_about_a_topic_asks_its_summary_and_a_follow_up_reads_its_talk(store: Store,
                                                                                     state: BotState) -> None:
    # "what was [the talk about X]" asks what that talk was about, its final "about" left out: the oneAPI talk
    # (000:257), not a definition of X; what is on its speakers' roadmap after that is its future work (000:270)
    question = parse("what was the talk about getting xla to run on intel gpus")
    assert question.shape == Shape.SUMMARY and question.subject == "getting xla run intel gpus"
    reply = await follow_up(store, state, "what was the talk about xla on intel gpus",
                            "whats on their roadmap after that", "t-roadmap")
    assert first(reply) == (MAIN, 270)
