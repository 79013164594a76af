"""Questions in English and German answered in their shape, through the function mentions and DMs call.

Expected answers are corpus lines (000 file unless said otherwise) read from the summaries; each test
checks what the answer shows first, what it says in the bot's own words, and in which language.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.console import as_json, as_text
from handlers import mentions
from handlers.questions import Shape, detect_language, parse, with_phrase_words
from handlers.replies import AnswerReply, Notice, Reply
from store.db import Store
from store.state import BotState

MAIN = "000_05e4716c93976b38.txt"


def body(reply: Reply) -> dict:
    """The reply as ``talkbot ask --json`` reports it."""
    return json.loads(as_json(reply))


def first(reply: Reply) -> tuple[str, int]:
    hit = body(reply)["hits"][0]
    return hit["source"]["file"], hit["source"]["line"]


def lines(reply: Reply) -> set[int]:
    return {h["source"]["line"] for h in body(reply)["hits"] if h["source"]["file"] == MAIN}


async def ask(store: Store, text: str) -> Reply:
    return await mentions.answer(store, f"<@UBOT> {text}")


async def follow_up(store: Store, state: BotState, turn: str, text: str, thread_ts: str) -> Reply:
    """The reply to ``text`` asked in a thread whose first question was ``turn``."""
    await mentions.answer(store, f"<@UBOT> {turn}", state=state, channel="CQ", thread_ts=thread_ts)
    return await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts=thread_ts)


# -- reading the question -------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "shape", "subject", "language"), [
    ("wann wurde über HBM gesprochen?", Shape.MOMENTS, "HBM", "de"),
    ("when was HBM discussed?", Shape.MOMENTS, "HBM", "en"),
    ("what's the difference between HLO and StableHLO?", Shape.COMPARE, "HLO", "en"),
    ("Unterschied zwischen DPO und ORPO", Shape.COMPARE, "DPO", "de"),
    ("who presented the XLA crash course?", Shape.WHO, "XLA crash course", "en"),
    ("wer hat den Vortrag über Kinetic gehalten?", Shape.WHO, "Kinetic", "de"),
    ("how much faster was FlyDSL?", Shape.QUANTITY, "faster FlyDSL", "en"),
    ("wie viele Stufen hat die Wendeltreppe?", Shape.QUANTITY, "Stufen Wendeltreppe", "de"),
    ("welchen Vortrag sollte ich mir ansehen, um Pallas zu lernen?", Shape.RECOMMEND, "Pallas", "de"),
    ("summarize the Kinetic talk", Shape.SUMMARY, "Kinetic", "en"),
    ("warum wurde all_to_all ersetzt?", Shape.EXPLAIN, "all_to_all ersetzt", "de"),
    ("what talks do you have?", Shape.TALKS, "", "en"),
    ("hilfe", Shape.HELP, "", "de"),
    ("was ist GSPMD?", Shape.DEFINE, "GSPMD", "de"),
    # "learning" opens a name after a question word or article; it frames "for learning Pallas"
    ("what learning rate did they pick", Shape.SEARCH, "learning rate pick", "en"),
    ("which talk should I watch for learning Pallas?", Shape.RECOMMEND, "Pallas", "en"),
])
def test_shape_subject_and_language(text: str, shape: Shape, subject: str, language: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.language) == (shape, subject, language)


def test_question_words_never_reach_the_subject() -> None:
    assert parse("wann wurde über HBM gesprochen?").subject == "HBM"
    assert parse("what's the difference between HLO and StableHLO?").other == "StableHLO"
    assert parse("who presented it?").subject == "" and parse("who presented it?").refers_back


def test_a_bare_term_has_no_language_of_its_own() -> None:
    assert detect_language("ORPO?") is None


async def test_the_dative_article_is_german(store: Store) -> None:
    # "einem" is German only, so "an" (an English marker too) no longer makes the question English: the separable
    # verb "nimmt … ab" is read as "abnehmen", and Kinetic's 68 (Infrastruktur-Hürden) answers, not a not-covered reply
    text = "was nimmt einem kinetic an infrastruktur ab"
    assert detect_language(text) == "de"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 68)


# -- one test per shape, English and German --------------------------------------------------------

async def test_definition_en_and_de(store: Store) -> None:
    english = await ask(store, "what does HBM stand for?")
    assert first(english) == (MAIN, 24) and {24, 145, 331, 466} <= lines(english)
    assert "High Bandwidth Memory" in as_text(english) and "Defined in 5 talks" in as_text(english)
    german = await ask(store, "wofür steht MXU?")
    assert first(german) == (MAIN, 20) and "Definiert in 2 Vorträgen" in as_text(german)
    assert body(german)["lang"] == "de" and body(english)["lang"] == "en"


async def test_a_name_made_of_function_words_is_still_asked_about(store: Store) -> None:
    for text in ("what is all to all?", "was ist all to all?"):
        reply = await ask(store, text)
        assert first(reply) == (MAIN, 446), text  # 10:00 "Umgehung ineffizienter all_to_all-Operationen"
    assert parse("what is it?").refers_back and parse("what is the best?").refers_back


async def test_who_en_and_de(store: Store) -> None:
    english = await ask(store, "who gave the talk on Kinetic?")
    assert first(english) == (MAIN, 60) and "was presented by Diva" in as_text(english)
    german = await ask(store, "wer hat den Vortrag über JAX Quantum gehalten?")
    assert first(german) == (MAIN, 27) and "wurde von Shantanu gehalten" in as_text(german)


async def test_when_shows_every_moment_grouped_by_talk_en_and_de(store: Store) -> None:
    english = await ask(store, "when did they talk about Ironwood?")
    assert {167, 444, 453} <= lines(english)
    assert "*Ironwood* comes up at 3 moments in 2 talks" in as_text(english)
    german = await ask(store, "wann ging es um all_to_all?")
    assert lines(german) == {446, 447} and "kommt an 2 Stellen in 1 Vortrag vor" in as_text(german)


async def test_when_shows_the_moment_from_each_summary_of_a_talk_summarised_twice(store: Store) -> None:
    # the treehouse talk is summarised twice: its 9:02 moment is line 551 in one summary and 604 in the other, and
    # "when" points to both lines, not only to the one the search ranks first
    german = await ask(store, "wann war vom Splintholz die Rede?")
    assert {551, 604} <= lines(german)
    assert "kommt an 1 Stelle in 1 Vortrag vor" in as_text(german)  # one moment, told in each summary
    # the XLA crash course's 2:07 and 5:22 moments, each in both of its summaries
    mlir = await ask(store, "an welchen stellen kam mlir vor")
    assert {197, 199, 481, 483} <= lines(mlir)


async def test_difference_shows_both_terms_and_the_point_that_holds_both(store: Store) -> None:
    german = await ask(store, "Unterschied zwischen DPO und ORPO")
    assert first(german) == (MAIN, 162)  # "Präferenz-Ausrichtung (DPO & ORPO)"
    assert {177, 178} <= lines(german) and "*DPO*" in as_text(german) and "*ORPO*" in as_text(german)
    english = await ask(store, "HLO vs StableHLO")
    assert {114, 113} <= lines(english) and "*StableHLO*" in as_text(english)


async def test_summary_en_and_de(store: Store) -> None:
    english = await ask(store, "summarize the FlyDSL talk")
    assert first(english) == (MAIN, 228) and {234, 240} <= lines(english)
    assert "Arthi · 9 key points" in as_text(english)
    german = await ask(store, "fasse den Vortrag über Kinetic zusammen")
    assert first(german) == (MAIN, 60) and "11 Kernpunkte" in as_text(german)


async def test_watch_names_the_talk_and_why(store: Store) -> None:
    english = await ask(store, "which talk should I watch to learn about sharding DiT models?")
    assert first(english) == (MAIN, 90) and as_text(english).startswith("Watch *Sharding und die Platzierung")
    german = await ask(store, "welchen Vortrag soll ich mir ansehen, um Quantensimulation zu lernen?")
    assert first(german) == (MAIN, 27) and as_text(german).startswith("Schau dir *JAX Quantum")


async def test_number_leads_with_the_point_that_has_the_number(store: Store) -> None:
    english = await ask(store, "how much faster was FlyDSL than the default XLA path?")
    assert first(english) == (MAIN, 240) and "*2,5-fache*" in as_text(english)
    german = await ask(store, "wie viel schneller ist die H200 als eine CPU?")
    assert first(german) == (MAIN, 38) and "*240*-mal schneller" in as_text(german)


async def test_explain_leads_with_the_explaining_point(store: Store) -> None:
    english = await ask(store, "why did the Q4.1 query fail?")
    assert first(english) == (MAIN, 14) and as_text(english).startswith("At `7:46` in _Nutzung von TPUs")
    german = await ask(store, "warum wurde all_to_all ersetzt?")
    assert first(german) == (MAIN, 446) and as_text(german).startswith("Bei `10:00` in _vLLM und SGLang")


async def test_talks_en_and_de(store: Store) -> None:
    english = await ask(store, "which talks are about RL?")
    assert {293, 153} <= lines(english) and "talks about *RL*" in as_text(english)
    german = await ask(store, "welche Vorträge gibt es?")
    assert len(body(german)["hits"]) == len(await store.list_talks())
    assert as_text(german).startswith(f"Ich kenne {len(await store.list_talks())} Vorträge")


@pytest.mark.parametrize(("text", "language", "words"), [
    ("help", "en", "Ask me about the team's talk summaries"),
    ("what can you do?", "en", "Ask me about the team's talk summaries"),
    ("hi", "en", "Ask me about the team's talk summaries"),
    ("hilfe", "de", "Frag mich zu den Vortragszusammenfassungen"),
    ("hallo", "de", "Frag mich zu den Vortragszusammenfassungen"),
    # asked about the bot itself, in words no fixed phrase lists
    ("hey, how do I use this bot", "en", "Ask me about the team's talk summaries"),
    ("how does this bot work?", "en", "Ask me about the team's talk summaries"),
    ("what commands are there?", "en", "Ask me about the team's talk summaries"),
    ("what do you know?", "en", "Ask me about the team's talk summaries"),
    ("wie funktionierst du eigentlich?", "de", "Frag mich zu den Vortragszusammenfassungen"),
    ("was kann ich dich fragen?", "de", "Frag mich zu den Vortragszusammenfassungen"),
    ("welche Befehle gibt es?", "de", "Frag mich zu den Vortragszusammenfassungen"),
    ("kannst du mir helfen?", "de", "Frag mich zu den Vortragszusammenfassungen"),
    # the asker's own use of the bot
    ("what can I ask?", "en", "Ask me about the team's talk summaries"),
    ("how do I get started?", "en", "Ask me about the team's talk summaries"),
    ("wie stelle ich eine Frage?", "de", "Frag mich zu den Vortragszusammenfassungen"),
    ("hilf mir", "de", "Frag mich zu den Vortragszusammenfassungen"),
    ("welche Befehle kennst du?", "de", "Frag mich zu den Vortragszusammenfassungen"),
    ("was kann dieser Bot?", "de", "Frag mich zu den Vortragszusammenfassungen"),
])
async def test_help_in_the_askers_language(store: Store, text: str, language: str, words: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and words in reply.text
    assert body(reply)["shape"] == "help" and body(reply)["lang"] == language


@pytest.mark.parametrize(("text", "language"), [
    # typed as chat types it: an emoji or emoticon, chat spellings, a slip in a word to the bot
    ("good morning :wave:", "en"), ("moin 👋", "de"), ("hey :)", "en"), ("danke :+1:", "de"), ("wat can u do", "en"),
    ("was kanst du so", "de"), ("comands?", "en"), ("hello? anyone there?", "en"),
    # asked about the bot in an idiom, or an explanation of the bot itself
    ("zeig mir mal was du drauf hast", "de"), ("kannst du mir erklären wie du funktionierst", "de"),
    ("can you explain how you work?", "en"), ("what's your purpose", "en"),
    # outside a thread nothing else is there: examples, "here", "this" and a verb of asking are about the bot
    ("any examples?", "en"), ("gibts beispiele?", "de"), ("what kind of questions work here", "en"),
    ("hi, what can i do here?", "en"), ("how to use?", "en"), ("how does it work?", "en"),
    # an introduction to what is here is one to the bot
    ("kurze einführung bitte, was geht hier", "de"), ("gib mir mal ne einführung hier", "de"),
    # a message that tries the bot out, a newcomer, a greeting of one word
    ("ping", "en"), ("test", "en"), ("hello world", "en"), ("hi there! i'm new", "en"),
    ("hallo, ich bin neu", "de"), ("morning all", "en"),
    # spoken German: "du" run into the verb, the dropped e of "ich"
    ("wat kannste", "de"), ("biste n bot", "de"), ("wie benutz ich dich", "de"), ("wie nutz ich dich", "de"),
])
async def test_help_asked_in_words_of_ones_own_gets_the_help_reply(store: Store, text: str, language: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and body(reply)["shape"] == "help" and body(reply)["lang"] == language, text


@pytest.mark.parametrize(("turn", "text"), [
    ("what's pjrt", "ok cool. what commands do you have?"),  # a question of its own after "ok cool", no follow-up
    ("was ist oneCCL", "danke! was kann ich dich sonst noch fragen"),
])
async def test_help_asked_in_a_thread_gets_the_help_reply(store: Store, state: BotState, turn: str,
                                                          text: str) -> None:
    reply = await follow_up(store, state, turn, text, "1700000100.000001")
    assert isinstance(reply, Notice) and body(reply)["shape"] == "help", text


@pytest.mark.parametrize("text", ["any examples?", "what do you know about it?", "how does it work?",
                                  "kannst du das erklären?", "gibts tipps dazu?"])  # tips on it: on the topic
async def test_in_a_thread_examples_and_pointers_ask_about_its_topic(store: Store, state: BotState,
                                                                     text: str) -> None:
    reply = await follow_up(store, state, "was ist XLA?", text, "1700000100.000002")
    assert body(reply)["shape"] != "help" and body(reply)["hits"], text


@pytest.mark.parametrize(("text", "lines", "language"), [
    ("can you help me understand what vhlo is", {218, 502}, "en"),  # the glossary entry, in either summary
    ("kannst du mir helfen: was ist ein kraftdreieck", {560}, "de"),
    ("hilf mir mal: was ist PJRT?", {222, 289, 504}, "de"),  # its three glossary entries
])
async def test_asking_for_help_before_a_question_asks_the_question(store: Store, text: str, lines: set[int],
                                                                   language: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "definition" and body(reply)["lang"] == language, text
    assert first(reply)[0] == MAIN and first(reply)[1] in lines, text
    for alone in ("can you help me with something?", "kannst du mir helfen?"):
        assert body(await ask(store, alone))["shape"] == "help", alone


@pytest.mark.parametrize(("text", "subject"), [
    ("haste was zu kinetic", "kinetic"), ("weißte was über tinix", "tinix"), ("kennste tinix", "tinix")])
def test_a_verb_with_du_run_into_it_is_no_word_of_the_subject(text: str, subject: str) -> None:
    assert (parse(text).subject, parse(text).language) == (subject, "de")


@pytest.mark.parametrize(("text", "line"), [
    ("kennste tinix", 299),  # "kennst du tinix": Tunix's introduction, in German
    ("haste was zu kinetic", 66),
])
async def test_a_verb_with_du_run_into_it_frames_a_german_question(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, line), text


async def test_a_question_naming_a_topic_or_pointing_back_is_no_help_question(store: Store) -> None:
    hbm = await ask(store, "what can you tell me about HBM?")
    assert isinstance(hbm, AnswerReply) and body(hbm)["shape"] == "search" and "HBM" in as_text(hbm).split("\n")[0]
    assert parse("can you summarize it?").shape == Shape.SUMMARY  # "it" is the thread's talk
    assert parse("kannst du mir etwas über Pallas erzählen?").shape != Shape.HELP
    assert parse("how do I use Pallas?").shape == Shape.EXPLAIN and parse("how do I use Pallas?").subject == "Pallas"
    assert parse("how do I use it?").shape == Shape.EXPLAIN  # "it": the thread's topic
    assert parse("wie benutze ich das?").shape == Shape.EXPLAIN
    for text in ("give me examples of fusion", "how do i start a kinetic job?", "what can i do with pallas?",
                 "test coverage in kinetic", "einführung in kinetic hier", "wo ist hier die einführung im vortrag"):
        assert body(await ask(store, text))["shape"] != "help", text  # a term of the corpus is asked about


# -- not covered ------------------------------------------------------------------------------------

async def test_an_absent_concept_is_said_plainly_and_never_answered_under_another_name(store: Store) -> None:
    english = await ask(store, "what is GSPMD?")
    shown = body(english)
    assert shown["covered"] is False and shown["hits"] == []
    first_line = shown["message"]["blocks"][0]["text"]["text"].split("\n")[0]
    assert first_line == "The summaries don't mention *GSPMD*." and "SPMD" not in first_line.replace("GSPMD", "")
    assert "Closest matches: `SPMD`" in as_text(english)
    german = await ask(store, "was ist KTO?")
    assert as_text(german).startswith("Die Zusammenfassungen erwähnen *KTO* nicht.")


async def test_slash_define_offers_a_near_miss_instead_of_answering_with_it(store: Store) -> None:
    from bot.console import dispatch  # the /define command, as the terminal and Slack run it
    reply = await dispatch(store, "/define GSPMD")
    text = as_text(reply)
    assert text.startswith("No entry for *GSPMD*.") and "[SPMD]" in text and "Single Program" not in text


# -- thread memory ----------------------------------------------------------------------------------

async def test_follow_ups_resolve_against_the_thread(store: Store, state: BotState) -> None:
    async def in_thread(text: str, thread: str) -> Reply:
        return await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts=thread)

    await in_thread("was ist ORPO?", "1.1")
    who = await in_thread("wer hat darüber gesprochen?", "1.1")
    assert first(who) == (MAIN, 153) and "wurde von" not in as_text(who)  # that talk names no speakers
    assert "Die Zusammenfassung von *Post-Training und RL" in as_text(who)
    await in_thread("was ist ORPO?", "4.4")
    also = await in_thread("und DPO?", "4.4")  # the last question again, about DPO
    assert isinstance(also, AnswerReply) and also.shape == "definition" and first(also) == (MAIN, 177)

    await in_thread("when was HBM discussed?", "2.2")
    vmem = await in_thread("and VMEM?", "2.2")
    assert isinstance(vmem, AnswerReply) and vmem.shape == "when" and {448} <= lines(vmem)
    assert (await in_thread("who presented it?", "3.3")).hits() == []  # a new thread knows nothing yet


async def test_more_continues_where_the_answer_stopped(store: Store, state: BotState) -> None:
    async def in_thread(text: str) -> Reply:
        return await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts="9.9")

    first_part = await in_thread("summarize the Kinetic talk")
    assert isinstance(first_part, AnswerReply) and len(first_part.points) == 8
    rest = await in_thread("mehr dazu")
    assert isinstance(rest, AnswerReply) and [p.source.line for p in rest.points] == [74, 75, 76]
    assert body(rest)["lang"] == "de"
    done = await in_thread("more")
    assert isinstance(done, AnswerReply) and "That was everything I have" in as_text(done)


async def test_more_without_a_topic_says_what_to_do(store: Store, state: BotState) -> None:
    reply = await mentions.answer(store, "<@UBOT> mehr", state=state, channel="CQ", thread_ts="8.8")
    assert isinstance(reply, Notice) and "Stell mir zuerst eine Frage" in reply.text


async def test_a_digest_thread_is_about_its_talk(store: Store, state: BotState) -> None:
    await state.record_digest_thread("CQ", "7.7", "xla-crashkurs", 0.0)
    reply = await mentions.answer(store, "<@UBOT> who presented it?", state=state, channel="CQ", thread_ts="7.7")
    assert first(reply) == (MAIN, 189) and "was presented by Kevin Gleason, Peter Gavin" in as_text(reply)


async def test_a_thread_is_about_the_bots_last_answer_there_before_its_digest(state: BotState) -> None:
    from store.state import ThreadTopic
    await state.record_digest_thread("CQ", "5.5", "xla-crashkurs", 0.0)
    assert await state.thread_topic("CQ", "5.5") == ThreadTopic("xla-crashkurs", "", "summary", "en", 0)
    answered = ThreadTopic("kinetic-ueberbrueckung-von-lokalen-laptop-umgebungen", "Docker", "when", "de", 3)
    await state.remember_thread_topic("CQ", "5.5", answered)
    assert await state.thread_topic("CQ", "5.5") == answered
    assert await state.thread_topic("CQ", "") is None  # a DM's main conversation the bot never answered in


async def test_a_remembered_topic_is_written_with_the_next_write_or_at_close(db_path: Path, store: Store) -> None:
    """Not a commit per answer: the recorder's next transaction (or close) writes it; it is read back at once."""
    from store.state import ThreadTopic
    state = await BotState.open(db_path)
    other = await BotState.open(db_path)  # another process would read the database
    try:
        await mentions.answer(store, "<@UBOT> what is XLA?", state=state, channel="CQ", thread_ts="6.1")
        remembered = await state.thread_topic("CQ", "6.1")
        assert remembered is not None and remembered.subject == "XLA"
        assert await other.thread_topic("CQ", "6.1") is None
        await state.record_questions([])  # the recorder's batch, even with no question to keep
        assert await other.thread_topic("CQ", "6.1") == remembered
        later = ThreadTopic(None, "PJRT", "define", "en", 0)
        await state.remember_thread_topic("CQ", "6.1", later)
        await state.close()
        assert await other.thread_topic("CQ", "6.1") == later
    finally:
        await state.close()
        await other.close()


# -- talk ranking, German inflections, follow-ups that ask anew, a why with nothing before it -------

async def test_german_inflections_find_the_word_the_summaries_use(store: Store) -> None:
    # "Zerspanen" is the "Zerspanung" talk, not whatever "zusammen" (of "fasse … zusammen") matches
    machining = await ask(store, "fasse den Vortrag über das Zerspanen zusammen")
    assert first(machining) == (MAIN, 618) and as_text(machining).startswith("== Wandel des Zerspanungs-")
    # "Kerneln" (dative plural) finds the Pallas talk's "Kernels" beside its "Schreiben" and "TPUs"
    pallas = await ask(store, "welcher Vortrag erklärt das Schreiben von Kerneln für TPUs?")
    assert first(pallas) == ("004_b9033c416a07336f.txt", 1) and as_text(pallas).startswith("Schau dir *Pallas")


async def test_a_slip_asks_first_for_the_talk_that_uses_it(store: Store) -> None:
    # aliases.toml reads "Tinix" as Tunix, so both Tunix talks hold it; the RL talk is the one that says "Tinix"
    reply = await ask(store, "wer hat die Tinix-Präsentation gehalten?")
    assert first(reply) == (MAIN, 293) and "wurde von Lance, Su, Hu gehalten" in as_text(reply)
    assert first(await ask(store, "who presented the Tunix talk?")) == (MAIN, 374)


async def test_and_with_a_question_of_its_own_is_answered_from_the_threads_talk(
        store: Store, state: BotState) -> None:
    async def in_thread(text: str, thread: str) -> Reply:
        return await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts=thread)

    await in_thread("summarize the Kinetic talk", "6.1")
    debugging = await in_thread("und wie funktioniert dort das Debugging?", "6.1")
    assert isinstance(debugging, AnswerReply) and debugging.shape == "explain" and first(debugging) == (MAIN, 75)
    assert body(debugging)["lang"] == "de"
    await in_thread("fasse den Vortrag über Tunix zusammen", "6.2")
    oom = await in_thread("und wie vermeidet man dort OOM?", "6.2")
    assert first(oom) == (MAIN, 385)
    assert as_text(oom).startswith("Aus dem Vortrag dieses Threads, _Tunix: Post-Training von LLMs_:\nBei `22:15`")
    # "how do I … to …" asks how, it compares nothing
    attach = await in_thread("and how do I attach to a running job?", "6.1")
    assert isinstance(attach, AnswerReply) and attach.shape == "explain" and first(attach) == (MAIN, 73)
    assert parse("how do DPO and ORPO differ?").shape == Shape.COMPARE
    # "und was ist mit DPO?" still asks the thread's last question again
    await in_thread("wer hat über ORPO gesprochen?", "6.3")
    again = await in_thread("und was ist mit DPO?", "6.3")
    assert isinstance(again, AnswerReply) and again.shape == "who" and again.subject == "DPO"


@pytest.mark.parametrize(("text", "language", "words"), [
    ("warum?", "de", "Worauf bezieht sich das?"),
    ("und wieso?", "de", "Worauf bezieht sich das?"),
    ("why?", "en", "About what? I can't tell what this refers to yet."),
    ("how?", "en", "About what? I can't tell what this refers to yet."),
    ("how come?", "en", "About what? I can't tell what this refers to yet."),
    ("why is that?", "en", "About what? I can't tell what this refers to yet."),
    ("wieso denn?", "de", "Worauf bezieht sich das?"),
    ("wie kommt das?", "de", "Worauf bezieht sich das?"),
    ("why though?", "en", "About what? I can't tell what this refers to yet."),
    ("what for?", "en", "About what? I can't tell what this refers to yet."),
    ("can you explain?", "en", "About what? I can't tell what this refers to yet."),
    ("what do you mean?", "en", "About what? I can't tell what this refers to yet."),
    ("wozu?", "de", "Worauf bezieht sich das?"),
    ("kannst du das erklären?", "de", "Worauf bezieht sich das?"),
    ("was meinst du?", "de", "Worauf bezieht sich das?"),
])
async def test_a_why_with_nothing_before_it_asks_what_is_meant(store: Store, state: BotState, text: str,
                                                               language: str, words: str) -> None:
    reply = await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts="7.1")
    assert isinstance(reply, Notice) and reply.text.startswith(words) and "nothing" not in reply.text
    assert body(reply)["shape"] == "clarify" and body(reply)["lang"] == language and body(reply)["hits"] == []
    assert await state.thread_topic("CQ", "7.1") is None  # asking back remembers no topic


async def test_a_why_in_a_thread_is_about_its_topic(store: Store, state: BotState) -> None:
    async def in_thread(text: str) -> Reply:
        return await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts="7.2")

    await in_thread("what happened to the Q4.1 query on the TPU?")
    why = await in_thread("why?")
    assert isinstance(why, AnswerReply) and why.shape == "explain" and first(why) == (MAIN, 14)


async def test_follow_ups_after_a_talks_summary_stay_in_that_talk(store: Store, state: BotState) -> None:
    async def in_thread(text: str, thread: str) -> Reply:
        return await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts=thread)

    await in_thread("summarize the Kinetic talk", "8.1")
    debugging = await in_thread("what about debugging?", "8.1")  # debugging in Kinetic, not another summary
    assert isinstance(debugging, AnswerReply) and debugging.shape == "search" and first(debugging) == (MAIN, 75)
    await in_thread("summarize the Kinetic talk", "8.6")
    other = await in_thread("and Jaxator?", "8.6")  # Kinetic never mentions it: the summary of that talk
    assert isinstance(other, AnswerReply) and other.shape == "summary" and first(other) == (MAIN, 336)
    # "what were the numbers?": the point with the measured results, though it never names FlyDSL
    await in_thread("summarize the FlyDSL talk", "8.2")
    numbers = await in_thread("what were the numbers?", "8.2")
    assert isinstance(numbers, AnswerReply) and numbers.shape == "number" and first(numbers) == (MAIN, 240)
    assert "*2,5-fache*" in as_text(numbers) and "8x7B*" not in as_text(numbers)  # a model name is no speed-up
    await in_thread("Zusammenfassung des Vortrags über Qwen Image", "8.3")
    assert first(await in_thread("welche Zahlen gab es?", "8.3")) == (MAIN, 419)
    # "what else did they talk about?" continues with the talk; "kommt … vor" only frames the question
    await in_thread("who gave the Jaxator talk?", "8.4")
    rest = await in_thread("what else did they talk about?", "8.4")
    assert isinstance(rest, AnswerReply) and rest.shape == "summary" and first(rest) == (MAIN, 336)
    await in_thread("was ist GRPO?", "8.5")
    where = await in_thread("in welchen Vorträgen kommt es vor?", "8.5")
    assert isinstance(where, AnswerReply) and where.shape == "when" and {166, 384, 306} <= lines(where)
    assert as_text(where).startswith("*GRPO* kommt an")


async def test_german_verb_endings_find_the_noun(store: Store) -> None:
    # "vermeidet" finds 22:15 "OOM-Vermeidung" in the Tunix talk rather than the Tinix talk's "Post-Training-Phasen"
    reply = await ask(store, "wie vermeidet man OOM-Fehler beim Post-Training mit Tunix?")
    assert first(reply) == (MAIN, 385) and as_text(reply).startswith("Bei `22:15` in _Tunix: Post-Training von LLMs_")


async def test_the_words_around_a_talk_question_do_not_pick_the_talk(store: Store) -> None:
    # "mehr … erfahren" is not about the post-training talk's "Entwickler-Erfahrung"
    kubernetes = await ask(store, "welchen Vortrag sollte ich schauen, um mehr über Kubernetes zu erfahren?")
    assert first(kubernetes) == (MAIN, 60) and as_text(kubernetes).startswith("Schau dir *Kinetic")
    tldr = await ask(store, "give me the tl;dr of the JAX-AITER talk")
    assert isinstance(tldr, AnswerReply) and tldr.shape == "summary" and first(tldr) == (MAIN, 336)
    assert parse("Kurzfassung des Vortrags über TPUs für Datenbanken").shape == Shape.SUMMARY


async def test_learning_ends_a_name_and_which_talk_vs_asks_for_a_talk(store: Store) -> None:
    assert parse("who talked about reinforcement learning on TPUs?").subject == "reinforcement learning TPUs"
    assert parse("welchen Vortrag sollte ich mir ansehen, um Pallas zu lernen?").subject == "Pallas"
    rl = await ask(store, "who talked about reinforcement learning on TPUs?")
    # the two talks with RL and TPUs in their titles (equal scores), not vLLM's one RL point
    assert first(rl) in {(MAIN, 153), (MAIN, 293)}
    parity = await ask(store, "which talk covers GPU vs TPU parity?")
    assert isinstance(parity, AnswerReply) and parity.shape == "watch" and first(parity) == (MAIN, 153)
    assert "`27:31`" in as_text(parity)  # why: the GPU-TPU-Parität point
    assert parse("DPO vs ORPO").shape == Shape.COMPARE


# -- round 3: talk first, English phrasings, absent concepts (bench/eval_answers_tune2.toml) ---------

def heading(reply: Reply) -> str:
    return body(reply)["message"]["blocks"][0]["text"]["text"].split("\n")[0]


@pytest.mark.parametrize(("text", "shape", "subject", "language"), [
    ("whats VMEM", Shape.DEFINE, "VMEM", "en"),
    ("who's talking about FlyDSL?", Shape.WHO, "FlyDSL", "en"),
    ("who is giving the Kinetic talk", Shape.WHO, "Kinetic", "en"),
    ("what's the throughput of the GRPO run on Ironwood?", Shape.QUANTITY, "GRPO run Ironwood", "en"),
    ("wie hoch war der Durchsatz auf Ironwood?", Shape.QUANTITY, "Durchsatz Ironwood", "de"),
    ("who talked about the Palace framework?", Shape.WHO, "Palace", "en"),
    ("wer hat über das Framework Palace gesprochen?", Shape.WHO, "Palace", "de"),
    ("what is the Palace framework?", Shape.DEFINE, "Palace framework", "en"),  # kind words go in talk questions only
])
def test_contractions_measures_and_kind_words(text: str, shape: Shape, subject: str, language: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.language) == (shape, subject, language)


async def test_a_talk_question_is_about_the_name_not_the_kind_of_thing(store: Store) -> None:
    # the XLA crash course says "Palace-Framework" once; the Pallas talk is about it
    english = await ask(store, "who talked about the Palace framework?")
    assert first(english) == ("004_b9033c416a07336f.txt", 1)
    assert heading(english).startswith("The summary of *Pallas: Schreiben von Low-Level-Kernels")
    german = await ask(store, "wer hat über das Framework Palace gesprochen?")
    assert first(german) == ("004_b9033c416a07336f.txt", 1) and heading(german).endswith("nennt keine Sprecher.")


async def test_a_plural_asks_for_the_glossary_entry(store: Store) -> None:
    for text, lang in (("what are MXUs?", "en"), ("was sind MXUs?", "de")):
        reply = await ask(store, text)
        shown = body(reply)
        assert first(reply) in {(MAIN, 20), (MAIN, 57)} and shown["lang"] == lang, text
        assert heading(reply).startswith("*MXU* (Matrix Multiplication Unit"), text
    assert first(await ask(store, "what are stragglers?")) == (MAIN, 332)


async def test_a_slip_in_a_name_is_that_name_but_a_near_acronym_is_not(store: Store) -> None:
    english = await ask(store, "who's talking about FlyDLS?")
    assert first(english) == (MAIN, 228) and heading(english).endswith("was presented by Arthi.")
    german = await ask(store, "wer hat Kinetc vorgestellt?")  # a talk title's name, not a glossary term
    assert first(german) == (MAIN, 60) and "wurde von Diva, Jyotinder gehalten." in heading(german)
    for text, near in (("what is DAPO", "DPO"), ("was ist RoCE?", "ROCm")):
        reply = await ask(store, text)
        assert body(reply)["covered"] is False and near not in heading(reply), text
        assert f"`{near}`" in as_text(reply), text  # offered as the nearest match, not answered


async def test_a_term_with_a_word_no_summary_has_is_not_answered_with_its_other_word(store: Store) -> None:
    english = await ask(store, "what is speculative decoding?")  # "Dekodieren" is there, speculative is not
    assert body(english)["covered"] is False and body(english)["hits"] == []
    assert heading(english) == "The summaries don't mention *speculative decoding*."
    german = await ask(store, "was ist Prefix Caching?")
    assert heading(german) == "Die Zusammenfassungen erwähnen *Prefix Caching* nicht."
    kept = await ask(store, "what is the Kinetic decorator?")  # every word there, in one key point
    assert body(kept)["covered"] is True and first(kept) == (MAIN, 70)


async def test_a_capitalised_name_in_an_english_question_counts_alone(store: Store) -> None:
    english = await ask(store, "who presented Triton kernels on Gaudi?")  # Triton kernels are there, Gaudi is not
    assert body(english)["covered"] is False and heading(english) == "The summaries don't mention *Gaudi*."
    german = await ask(store, "welche Vorträge gibt es zu Gaudi?")
    assert body(german)["covered"] is False and heading(german) == "Die Zusammenfassungen erwähnen *Gaudi* nicht."
    # German capitalises every noun: those are no names of their own
    assert body(await ask(store, "wer hat über Splintholz gesprochen?"))["covered"] is True


async def test_nothing_found_is_said_as_not_covered(store: Store) -> None:
    # MX and FP8 each occur, MXFP8 nowhere
    for text, said in (("what is MXFP8?", "The summaries don't mention *MXFP8*."),
                       ("was ist MXFP8?", "Die Zusammenfassungen erwähnen *MXFP8* nicht.")):
        reply = await ask(store, text)
        assert body(reply)["covered"] is False and heading(reply) == said, text
        assert "`MXFP4`" in as_text(reply), text


async def test_a_measure_of_a_name_comes_from_the_talk_about_it(store: Store) -> None:
    # the hint words ("speedup faster") also find JAX Quantum's 240-mal schneller; MXFP4 is the JAX-AITER talk's
    for text in ("what's the speedup of MXFP4?", "wie hoch war der Speedup von MXFP4?"):
        reply = await ask(store, text)
        assert first(reply) == (MAIN, 350) and "*20 %*" in heading(reply), text
    throughput = await ask(store, "what's the throughput of the GRPO run on Ironwood?")
    assert first(throughput) in {(MAIN, 453), (MAIN, 167)} and body(throughput)["shape"] == "number"


async def test_a_name_asked_with_a_version_the_summaries_never_write_is_not_covered(store: Store) -> None:
    # the talks have Gemma 2 and Gemma 4, Flash Attention without a version
    english = await ask(store, "which talk should I watch for Gemma 3?")
    assert body(english)["covered"] is False and heading(english) == "The summaries don't mention *Gemma 3*."
    german = await ask(store, "was ist FlashAttention-3?")
    assert heading(german) == "Die Zusammenfassungen erwähnen *FlashAttention-3* nicht."
    assert "`Flash Attention`" in as_text(german)
    # versions that are there, also written apart or next to another one ("Llama 3/3.1", "Q4.1 erzeugt")
    assert first(await ask(store, "who presented Gemma 2?")) == (MAIN, 257)
    assert first(await ask(store, "warum scheitert Q4.1 auf der TPU?")) == (MAIN, 14)
    assert body(await ask(store, "what is Llama 3.1?"))["covered"] is True


async def test_a_name_that_only_looks_like_an_inflected_word_is_not_taken_for_one(store: Store) -> None:
    # "TensorRT" is not "Tensor" with an ending; "Crashkurses" is "Crashkurs" with one
    english = await ask(store, "what's TensorRT")
    assert body(english)["covered"] is False and heading(english) == "The summaries don't mention *TensorRT*."
    german = await ask(store, "was ist der Crashkurs?")  # in a talk's title and summary, in no key point
    assert body(german)["covered"] is True and first(german) == (MAIN, 189)
    assert heading(german) == "Vorträge zu *Crashkurs* (1):"


@pytest.mark.parametrize(("text", "shape", "subject", "language"), [
    ("what’s PJRT?", Shape.DEFINE, "PJRT", "en"),  # the apostrophe phones and Slack's desktop client type
    ("who’s talking about Kinetic?", Shape.WHO, "Kinetic", "en"),
    ("what're MXUs?", Shape.DEFINE, "MXUs", "en"),
    ("where'd they mention Ironwood", Shape.MOMENTS, "Ironwood", "en"),
    # a negation's stem is not the verb in "can't", "won't": no word "ca" or "wo" left in the subject
    ("why can't Kinetic reconnect to a job", Shape.EXPLAIN, "Kinetic reconnect job", "en"),
    ("why won't Pallas run on GPUs", Shape.EXPLAIN, "Pallas run GPUs", "en"),
    # a hedge carries no topic: "kind of", "sort of" (unless a determiner makes "kind" a noun), "basically"
    ("was the workshop kind of a boys club", Shape.SEARCH, "workshop boys club", "en"),
    ("is Pallas sort of a DSL", Shape.SEARCH, "Pallas DSL", "en"),
    ("what kind of wood did they use", Shape.SEARCH, "kind wood", "en"),
    ("is jax quantum basically modeled on qutip", Shape.SEARCH, "jax quantum modeled qutip", "en"),
    ("can you tell me who presented Kinetic?", Shape.WHO, "Kinetic", "en"),
    ("hi, what is PJRT?", Shape.DEFINE, "PJRT", "en"),
    ("I'd like a summary of the Kinetic talk", Shape.SUMMARY, "Kinetic", "en"),
    ("what should I watch to learn Pallas", Shape.RECOMMEND, "Pallas", "en"),
    ("what did the FlyDSL talk cover?", Shape.SUMMARY, "FlyDSL", "en"),
    ("which speaker covered the XLA compiler internals?", Shape.WHO, "XLA compiler internals", "en"),
    ("kannst du mir sagen, wer Kinetic gehalten hat?", Shape.WHO, "Kinetic", "de"),
    ("weißt du, wer über Pallas gesprochen hat?", Shape.WHO, "Pallas", "de"),
    ("ich möchte wissen, was PJRT ist", Shape.DEFINE, "PJRT", "de"),
    ("Kinetic speaker?", Shape.WHO, "Kinetic", "en"),
    ("Pallas Sprecher?", Shape.WHO, "Pallas", "de"),
    ("wer referierte über Pallas?", Shape.WHO, "Pallas", "de"),
    ("short summary of the XLA crash course please", Shape.SUMMARY, "XLA crash course", "en"),
    ("worum geht's im Pallas-Vortrag?", Shape.SUMMARY, "Pallas-Vortrag", "de"),
    ("what was the topic of the Kinetic talk?", Shape.SUMMARY, "Kinetic", "en"),
    ("was war das Thema des FlyDSL-Vortrags?", Shape.SUMMARY, "FlyDSL-Vortrags", "de"),
    ("what do you recommend for Pallas?", Shape.RECOMMEND, "Pallas", "en"),
    ("welcher vortrag passt zu pallas", Shape.RECOMMEND, "pallas", "de"),
])
def test_parse_reads_wrappers_contractions_short_forms(text: str, shape: Shape, subject: str, language: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.language) == (shape, subject, language)


async def test_an_indirect_question_is_answered_in_its_shape(store: Store) -> None:
    english = await ask(store, "can you tell me who presented Kinetic?")
    assert heading(english).startswith("*Kinetic: Überbrückung von lokalen Laptop-Umgebungen und Cloud-TPUs* was "
                                       "presented by Diva, Jyotinder.")
    german = await ask(store, "kannst du mir sagen, wer Kinetic gehalten hat?")
    assert "wurde von Diva, Jyotinder gehalten." in heading(german) and body(german)["lang"] == "de"
    curly = await ask(store, "what’s PJRT?")
    assert first(curly) in {(MAIN, 222), (MAIN, 289), (MAIN, 504)} and heading(curly).startswith("*PJRT*")
    summary = await ask(store, "what did the FlyDSL talk cover?")
    assert body(summary)["shape"] == "summary" and first(summary) == (MAIN, 228)  # the talk, then its key points
    watch = await ask(store, "what should I watch to learn Pallas")
    assert heading(watch).startswith("Watch *Pallas: Schreiben von Low-Level-Kernels")


async def test_a_long_what_is_asks_for_one_thing_not_for_each_of_its_words(store: Store) -> None:
    # /define reads "phases of LLM training" as terms one by one; a question asks for the phases
    for text in ("what are the phases of LLM training?", "was sind die Phasen des LLM-Trainings?"):
        reply = await ask(store, text)
        assert first(reply) == (MAIN, 380) and "*Phasen des LLM-Trainings*" in heading(reply), text
        assert not heading(reply).startswith("*LLM*"), text
    expansion = await ask(store, "what is Group Relative Policy Optimization?")  # the whole is a glossary entry
    assert heading(expansion).startswith("*GRPO* (Group Relative Policy Optimization)")
    both = await ask(store, "what is XLA & HLO?")  # several terms asked at once still are, each its own card
    cards = [block["text"]["text"].split("\n")[0] for block in body(both)["message"]["blocks"]
             if block["type"] == "section" and block["text"]["text"].startswith("*")]
    assert [card.split(" ")[0] for card in cards[:2]] == ["*XLA*", "*HLO*"]


async def test_a_talk_asked_for_in_few_words_comes_first(store: Store) -> None:
    english = await ask(store, "Kinetic speaker?")
    assert first(english) == (MAIN, 60) and heading(english).endswith("was presented by Diva, Jyotinder.")
    german = await ask(store, "worum geht's im Pallas-Vortrag?")
    assert first(german) == ("004_b9033c416a07336f.txt", 1) and body(german)["shape"] == "summary"
    assert body(german)["lang"] == "de"
    recommended = await ask(store, "what do you recommend for Pallas?")
    assert heading(recommended).startswith("Watch *Pallas: Schreiben von Low-Level-Kernels")


async def test_more_about_it_in_a_talks_thread_is_the_talks_summary(store: Store, state: BotState) -> None:
    async def in_thread(text: str, thread: str) -> Reply:
        return await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts=thread)

    await in_thread("wer hat über den Bau des Torii-Tors gesprochen?", "11.1")
    german = await in_thread("erzähl mehr darüber", "11.1")
    assert isinstance(german, AnswerReply) and german.shape == "summary" and first(german) == (MAIN, 567)
    assert as_text(german).startswith("== Saisonales Update zu verschiedenen handwerklichen Projekten ==")
    assert "8 Kernpunkte\nDieses Video bietet ein saisonales Update" in as_text(german) and body(german)["lang"] == "de"
    await in_thread("who presented the XLA crash course?", "11.2")
    english = await in_thread("tell me more about that talk", "11.2")
    assert isinstance(english, AnswerReply) and english.shape == "summary" and first(english) == (MAIN, 189)
    assert as_text(english).startswith("== XLA") and body(english)["lang"] == "en"
    assert "key points\nDieses Video präsentiert einen technischen XLA-Crashkurs" in as_text(english)
    # a new subject after "more" is a question about it, not the thread's next part
    orpo = await in_thread("tell me more about ORPO", "11.2")
    assert isinstance(orpo, AnswerReply) and orpo.subject == "ORPO" and "ORPO" in as_text(orpo).split("\n")[0]


async def test_what_the_speakers_recommend_is_asked_of_the_threads_talk(store: Store, state: BotState) -> None:
    """"what do they recommend for …" asks what the talk's speakers did, not what a term is."""
    async def in_thread(text: str, thread: str) -> Reply:
        return await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts=thread)

    await in_thread("who presented the Tunix post-training video?", "12.1")
    english = await in_thread("what do they recommend for picking between SFT, DPO and GRPO?", "12.1")
    assert isinstance(english, AnswerReply) and first(english) == (MAIN, 386) and english.not_covered == []
    assert as_text(english).startswith("From this thread's talk, _Tunix: Post-Training von LLMs_:\nAt `25:05`")
    await in_thread("wer hat das Tunix-Post-Training-Video gehalten?", "12.2")
    german = await in_thread("was empfehlen sie für die Wahl zwischen SFT, DPO und GRPO?", "12.2")
    assert first(german) == (MAIN, 386)
    assert as_text(german).startswith("Aus dem Vortrag dieses Threads, _Tunix: Post-Training von LLMs_:\nBei `25:05`")


@pytest.mark.parametrize(("text", "lead"), [
    # a count of things, not the neighbouring point's year (1981) and hourly wages ($9.72)
    ("how many machinists did the NC machines replace?", "At `11:19` in _Wandel des Zerspanungs- und Maschinenbau"),
    ("wie viele Dreher ersetzten die NC-Maschinen?", "Bei `11:19` in _Wandel des Zerspanungs- und Maschinenbau"),
    # a share: the DiT talk's 97 %, not a number from a talk whose words merely contain "dit" ("editieren")
    ("wie viel prozent der rechenzeit entfallen bei DiT auf das modell", "Bei `0:00` in _Sharding und die Platzierung"),
    ("what percentage of the compute time goes to the DiT model?", "At `0:00` in _Sharding und die Platzierung"),
])
async def test_a_number_question_leads_with_a_number_of_the_asked_kind(store: Store, text: str, lead: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.shape == "number" and as_text(reply).startswith(lead)
    shown = as_text(reply).split("\n")[0]
    assert ("*44* durch *22* Arbeiter" in shown) if "11:19" in lead else ("*97 %*" in shown)


def test_the_kind_of_number_asked_for() -> None:
    assert parse("what percentage of the compute time goes to the DiT model?").quantity == "percent"
    assert parse("wie viel prozent der rechenzeit entfallen bei DiT?").quantity == "percent"
    assert parse("how many machinists did the NC machines replace?").quantity == "count"
    # what a thing brings is a gain: a factor or a share, not the "4-Bit" of its description
    assert parse("wie viel bringt mxfp4").quantity == "speed"
    assert parse("how much does mxfp4 gain over fp8").quantity == "speed"


async def test_spoken_wie_lang_with_a_verb_of_duration_asks_for_a_time(store: Store) -> None:
    question = parse("wie lang hat qwen image auf der tpu zum kompilieren gebraucht")
    assert (question.quantity, question.subject) == ("time", "qwen image tpu kompilieren")
    assert parse("wie lang ist das brett").quantity == ""  # no verb of duration: not a time
    reply = await ask(store, "wie lang hat qwen image auf der tpu zum kompilieren gebraucht")
    assert as_text(reply).split("\n")[0].count("*95 Minuten*") == 1  # the 16:24 point's compile time leads


def test_what_thing_count_asks_for_a_count() -> None:
    # "what chip counts …" counts chips; its "vs" is between the counted things, no difference asked
    question = parse("what chip counts did they use for inference vs training in tinix")
    assert (question.shape, question.quantity) == (Shape.QUANTITY, "count")
    assert "counts" not in question.subject.split()


async def test_what_thing_count_leads_with_the_point_counting_it(store: Store) -> None:
    # the rollout-to-trainer ratio's 16/32- to 64-chip configurations
    assert first(await ask(store, "what chip counts did they use for inference vs training in tinix")) == (MAIN, 315)


@pytest.mark.parametrize("text", ["how much control do you get over the hierarchy with flydsl",
                                  "wie viel Kontrolle hat man bei FlyDSL über die Hierarchie",
                                  # the degree noun after a compound modifier is the noun asked about
                                  "how much low-level control does the python dsl for amd gpus give you"])
async def test_how_much_of_a_degree_is_a_how_question(store: Store, text: str) -> None:
    # control is no amount: the point that says how far it reaches (block, warp, thread down to the MFMA atoms), not
    # one that happens to carry a number (the 8x7B model of the standalone validation, 000:239)
    assert parse(text).shape == Shape.EXPLAIN
    assert parse("how much memory does flydsl use").shape == Shape.QUANTITY
    assert parse("how much high-bandwidth memory does flydsl use").shape == Shape.QUANTITY
    assert first(await ask(store, text)) == (MAIN, 235)


async def test_how_much_a_thing_brings_leads_with_its_gain(store: Store) -> None:
    # the MXFP4 results (~20 %, ~30 % over FP8), not the recipe's description with its "4-Bit" and "Llama 3/3.1"
    assert first(await ask(store, "wie viel bringt mxfp4 eigentlich")) == (MAIN, 350)


@pytest.mark.parametrize(("text", "subject"), [
    # which version of a name is a number question about the name; "image generation" names no version
    ("which tpu gens does the dit device placement work support", "tpu dit device placement support"),
    ("für welche tpu generationen ist das dit placement gedacht", "tpu dit placement"),  # "gedacht": a purpose
    ("what llama version was the mxfp4 recipe tested on", "llama mxfp4 recipe tested"),
])
def test_which_version_asks_for_a_number(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.quantity, question.subject) == (Shape.QUANTITY, "version", subject)
    assert parse("which image generation model did they port").shape != Shape.QUANTITY


@pytest.mark.parametrize("text", ["which tpu gens does the dit device placement work support",
                                  "welche tpu generation unterstützt die dit platzierung"])
async def test_which_version_leads_with_a_point_naming_versions(store: Store, text: str) -> None:
    # TPUv5 and TPUv6e, not the placement point that names no version
    assert first(await ask(store, text)) in {(MAIN, 102), (MAIN, 97)}


@pytest.mark.parametrize(("text", "first_line"), [
    # one word of a two-word concept in no summary, the other in many: a point about decoding would answer another term
    ("how does speculative decoding work?", "The summaries don't mention *speculative decoding*."),
    ("how does speculative decoding work on TPUs?", "The summaries don't mention *speculative decoding*."),
    ("who talked about kubeflow pipelines", "The summaries don't mention *kubeflow pipelines*."),
    ("wie funktioniert spekulatives Dekodieren?", "Die Zusammenfassungen erwähnen *spekulatives Dekodieren* nicht."),
    ("wann wurde über verteiltes Checkpointing gesprochen?",
     "Die Zusammenfassungen erwähnen *verteiltes Checkpointing* nicht."),
    # a word the corpus only has the start of ("tensor") is not in the summaries
    ("wer hat über tensorboard geredet", "Die Zusammenfassungen erwähnen *tensorboard* nicht."),
    ("who talked about tensorboard?", "The summaries don't mention *tensorboard*."),
])
async def test_a_how_or_who_question_about_an_absent_concept_says_so(store: Store, text: str, first_line: str) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False
    assert shown["message"]["blocks"][0]["text"]["text"].split("\n")[0] == first_line
    if text.endswith("on TPUs?"):  # what else it asks about the summaries do cover: their points on it follow
        assert shown["message"]["blocks"][1]["elements"][0]["text"] == "What they say about *TPUs*:"
        assert shown["hits"] and all("TPU" in hit["title"] + hit["text"] for hit in shown["hits"])
    else:
        assert shown["hits"] == []


async def test_a_compound_of_corpus_words_and_a_word_next_to_a_name_stay_covered(store: Store) -> None:
    treehouse = await ask(store, "welche Vorträge handeln von Baumhausbau?")  # Baumhaus + Bau, both in the summaries
    assert body(treehouse)["covered"] is True and lines(treehouse) == {541}
    memory = await ask(store, "which talk is best for learning about TPU memory like HBM and VMEM?")
    assert body(memory)["covered"] is True and first(memory) == ("004_b9033c416a07336f.txt", 1)


def covered_part(reply: Reply) -> str | None:
    """A not-covered reply's line before the nearest evidence ("Was sie zu *Bienen* sagen:"), if it has one."""
    blocks = body(reply)["message"]["blocks"]
    return blocks[1]["elements"][0]["text"] if len(blocks) > 1 and blocks[1]["type"] == "context" else None


@pytest.mark.parametrize(("text", "first_line", "context_line"), [
    # the second word of the concept is in no summary; the question's last word is "work", not a verb about it
    ("how does gradient checkpointing work?", "The summaries don't mention *gradient checkpointing*.", None),
    ("wie funktioniert Gradient Checkpointing?", "Die Zusammenfassungen erwähnen *Gradient Checkpointing* nicht.",
     None),
    # what a German quantity question measures is in no summary, though the rest of the question is: its points follow
    ("wie viel Honig haben die Bienen produziert?", "Die Zusammenfassungen erwähnen *Honig* nicht.",
     "Was sie zu *Bienen* sagen:"),
])
async def test_an_absent_measured_thing_or_concept_head_is_not_covered(store: Store, text: str, first_line: str,
                                                                       context_line: str | None) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False and bool(shown["hits"]) is bool(context_line)
    assert shown["message"]["blocks"][0]["text"]["text"].split("\n")[0] == first_line
    assert covered_part(reply) == context_line


async def test_a_verb_or_a_word_after_the_question_words_is_no_absent_concept(store: Store) -> None:
    earned = await ask(store, "wie viel verdiente ein Class-A-Machinist 1981?")  # "verdiente" is a verb
    assert first(earned) == (MAIN, 630) and "*9.72*" in as_text(earned).split("\n")[0]
    failed = await ask(store, "why did the Q4.1 query fail?")  # "fail", the last word after "did", is a verb
    assert first(failed) == (MAIN, 14)
    forbid = await ask(store, "why does XLA forbid recursion?")  # what XLA does: "forbid" is no kind of recursion
    assert body(forbid)["covered"] is True and first(forbid) in {(MAIN, 204), (MAIN, 487)}
    # an English word the word list cannot translate is no absent thing: the summaries write "Zeilen"
    rows = await ask(store, "how many rows does the Star Schema Benchmark have at scale factor 10?")
    assert body(rows)["covered"] is True and first(rows) in {(MAIN, 13), (MAIN, 25)}


@pytest.mark.parametrize(("turn", "text", "lead"), [
    ("who talked about the torii gate?", "and how high is it?", "From this thread's talk, _Saisonales Update"),
    ("wer hat über das Torii-Tor gesprochen?", "und wie hoch steht es?", "Aus dem Vortrag dieses Threads, _Saisonales"),
])
async def test_how_high_in_a_thread_is_a_number_from_its_talk(store: Store, state: BotState, turn: str, text: str,
                                                              lead: str) -> None:
    reply = await follow_up(store, state, turn, text, "13.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "number" and first(reply) == (MAIN, 577)
    assert as_text(reply).startswith(lead) and "*4* Metern Höhe" in as_text(reply)


@pytest.mark.parametrize(("text", "line", "number"), [
    ("how thick is the beech that carries the treehouse?", 552, "*90* cm dicken Buche"),
    ("wie tief werden die Baumschrauben eingebohrt?", 604, "ca. *19* cm tief"),
])
async def test_a_measure_question_leads_with_the_measure(store: Store, text: str, line: int, number: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.shape == "number" and first(reply) == (MAIN, line)
    assert number in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("text", "head"), [
    ("any talks on woodworking?", "talks about *woodworking*"),  # the summaries say Holz, Bauholz, Lärchenholz
    ("welche Vorträge gibt es über Holz?", "Vorträge zu *Holz* (2)"),
])
async def test_woodworking_finds_both_wood_talks(store: Store, text: str, head: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.shape == "talks" and lines(reply) == {541, 567}
    assert head in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("turn", "text", "said"), [
    ("summarize the treehouse documentary", "who built it?", "was presented by Johannes Schelle."),
    ("fasse die Baumhaus-Dokumentation zusammen", "wer hat es gebaut?", "wurde von Johannes Schelle gehalten."),
])
async def test_who_made_it_names_the_threads_talks_speakers(store: Store, state: BotState, turn: str, text: str,
                                                            said: str) -> None:
    reply = await follow_up(store, state, turn, text, "14.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 541)
    assert said in as_text(reply).split("\n")[0]
    developed = await ask(store, "who developed JAX Quantum?")
    assert first(developed) == (MAIN, 27) and "was presented by Shantanu" in as_text(developed)


# -- follow-ups that point back in German (and their English mirrors) -------------------------------

@pytest.mark.parametrize(("turn", "text", "said"), [
    ("was ist Diffrax?", "von wem war der vortrag nochmal?", "wurde von Shantanu gehalten."),
    ("what is Diffrax?", "who gave that talk again?", "was presented by Shantanu."),
])
async def test_a_filler_word_does_not_hide_that_a_who_refers_back(store: Store, state: BotState, turn: str, text: str,
                                                                  said: str) -> None:
    reply = await follow_up(store, state, turn, text, "15.1")  # "nochmal" / "again" is no subject to look up
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 27)
    assert said in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("turn", "text", "points"), [
    ("was ist oneCCL?", "fass mir den ganzen vortrag dazu kurz zusammen", "Bavani · 8 Kernpunkte"),
    ("what is oneCCL?", "summarize the whole talk on that for me", "Bavani · 8 key points"),
])
async def test_summarize_the_whole_talk_on_it_is_the_threads_talk(store: Store, state: BotState, turn: str,
                                                                  text: str, points: str) -> None:
    reply = await follow_up(store, state, turn, text, "16.1")  # "ganzen" / "whole", "kurz" name no talk
    assert isinstance(reply, AnswerReply) and reply.shape == "summary" and first(reply) == (MAIN, 257)
    assert as_text(reply).split("\n")[:2] == ["== Integration des oneAPI-Backends in den XLA-Compiler ==",
                                              f"  {points}"]


@pytest.mark.parametrize(("turn", "text", "lead"), [
    ("worum ging es im Vortrag über max_evol?", "und wieviel schneller war der portierte Kernel?",
     "Aus dem Vortrag dieses Threads, _max_evol"),
    ("what was the max_evol talk about?", "and how much faster was the ported kernel?",
     "From this thread's talk, _max_evol"),
])
async def test_wieviel_in_one_word_asks_for_a_number_from_the_threads_talk(store: Store, state: BotState, turn: str,
                                                                           text: str, lead: str) -> None:
    reply = await follow_up(store, state, turn, text, "17.1")  # not the summary again, as a bare "und …" would be
    assert isinstance(reply, AnswerReply) and reply.shape == "number" and first(reply) == (MAIN, 137)
    assert as_text(reply).startswith(lead) and "*1,8-fachen*" in as_text(reply)


@pytest.mark.parametrize(("turn", "text"), [
    ("was ist GRPO?", "an welchen Stellen kommt das vor?"),
    ("what is GRPO?", "where does that come up in the talks?"),
])
async def test_where_does_that_come_up_lists_the_threads_topic(store: Store, state: BotState, turn: str,
                                                               text: str) -> None:
    reply = await follow_up(store, state, turn, text, "18.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "when" and reply.subject == "GRPO"
    assert {166, 168, 306, 384, 386, 453} <= lines(reply)


@pytest.mark.parametrize(("turn", "text", "said"), [
    ("was ist StableHLO?", "wer hat den Vortrag eigentlich gehalten?", "wurde von Kevin Gleason"),
    ("what is StableHLO?", "who presented that talk?", "was presented by Kevin Gleason"),
])
async def test_a_term_defined_in_two_talks_belongs_to_the_one_that_discusses_it(
        store: Store, state: BotState, turn: str, text: str, said: str) -> None:
    # StableHLO is in the glossaries of the DiT talk and the XLA crash course; only the crash course has a key point
    # about it, so "that talk" is the crash course
    reply = await follow_up(store, state, turn, text, "19.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 189)
    assert said in as_text(reply).split("\n")[0]


# -- a name of several words, German names, greetings (round 5) ---------------------------------------------------

@pytest.mark.parametrize(("text", "first_line"), [
    # flash (Flash Attention) and decoding (Dekodieren) are in the summaries, never in one point, entry or talk
    ("what is flash decoding?", "The summaries don't mention *flash decoding*."),
    ("was ist Flash Decoding?", "Die Zusammenfassungen erwähnen *Flash Decoding* nicht."),
    # Ring-Mesh-Topologie and Attention, apart; TPUs is a name of its own after it (its points follow)
    ("how did they implement ring attention?", "The summaries don't mention *ring attention*."),
    ("wie funktioniert Ring Attention auf TPUs?", "Die Zusammenfassungen erwähnen *Ring Attention* nicht."),
    # shard (Sharding) and map (Operator-Mapping) are there, shard_map is not
    ("when was shard_map discussed?", "The summaries don't mention *shard_map*."),
    ("wann wurde shard_map erwähnt?", "Die Zusammenfassungen erwähnen *shard_map* nicht."),
    # no word of it in any summary, and a name that is there after it (vLLM's points follow; "vllm" typed as a
    # plain word is not told from a verb)
    ("how does continuous batching work in vllm", "The summaries don't mention *continuous batching*."),
    ("wie funktioniert Continuous Batching in vLLM?", "Die Zusammenfassungen erwähnen *Continuous Batching* nicht."),
])
async def test_a_name_whose_words_are_never_together_is_not_covered(store: Store, text: str, first_line: str) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False and heading(reply) == first_line
    assert shown["lang"] == ("de" if "erwähnen" in first_line else "en")
    names = {"TPUs": "Was sie zu *TPUs* sagen:", "vLLM": "Was sie zu *vLLM* sagen:"}
    expected = next((line for name, line in names.items() if f" {name}?" in text), None)
    assert covered_part(reply) == expected and bool(shown["hits"]) is bool(expected)


@pytest.mark.parametrize(("text", "shape", "expected"), [
    # Sparse Cores (000:12, 000:14), Tensor-Kernen (004:11), Star Schema Benchmark (000:23), Kernel-Fusion: the words
    # of each stand together in the summaries, so they are answered
    ("how do sparse cores help with joins?", "explain", {(MAIN, 12), (MAIN, 14)}),
    ("wie helfen Sparse Cores bei Joins?", "explain", {(MAIN, 12), (MAIN, 14)}),
    ("when did they talk about tensor cores?", "when", {("004_b9033c416a07336f.txt", 11)}),
    ("wann wurden Tensor-Kerne erwähnt?", "when", {("004_b9033c416a07336f.txt", 11)}),
    ("what is the star schema benchmark?", "definition", {(MAIN, 23)}),
    ("wann ging es um Kernel-Fusion?", "when", {(MAIN, 242), (MAIN, 448)}),
    # a verb next to a name, or at the end: not a name of several words
    ("warum trennt Tinix Rollout und Training komplett?", "explain", None),
    ("how come the text encoder runs on the CPU?", "explain", {(MAIN, 416)}),
    # a function word inside a hyphenated word ("per-chip"), the unit a number is asked in ("Prozent")
    ("how much did the per-chip throughput of Qwen3-Coder-480B go up?", "number", {(MAIN, 445)}),
    ("um wie viel Prozent verbesserte sich der Math-500-Score?", "number", {(MAIN, 167)}),
])
async def test_a_name_whose_words_stand_together_is_still_answered(store: Store, text: str, shape: str,
                                                                   expected: set[tuple[str, int]] | None) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["shape"] == shape, text
    if expected is not None:
        assert first(reply) in expected, text


async def test_a_capitalised_word_no_summary_has_is_what_a_german_question_asks_about(store: Store) -> None:
    german = await ask(store, "wie nutzt man Horovod für verteiltes Training?")
    assert body(german)["covered"] is False and heading(german) == "Die Zusammenfassungen erwähnen *Horovod* nicht."
    english = await ask(store, "how do you use Horovod for distributed training?")
    assert body(english)["covered"] is False and heading(english) == "The summaries don't mention *Horovod*."
    # a German noun the summaries have inside their compounds is no name: Grafikkarte, Lärchenholz-Dielen
    card = await ask(store, "wie viele XC-Cores hat die Karte?")
    assert body(card)["covered"] is True and first(card) == (MAIN, 263)
    boards = await ask(store, "wie schützt man die Lärchendielen vor Regenwasser?")
    assert body(boards)["covered"] is True and first(boards) in {(MAIN, 549), (MAIN, 602)}


@pytest.mark.parametrize("text", [
    "welche Rolle spielt Horovod?", "ich suche Infos über Horovod", "taucht Horovod irgendwo auf?",
    "was weißt du über Horovod?", "lohnt sich Horovod?",
])
async def test_german_ways_of_asking_about_an_absent_thing_say_so_in_german(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and body(reply)["lang"] == "de", text
    assert heading(reply) == "Die Zusammenfassungen erwähnen *Horovod* nicht.", text


async def test_a_talk_question_no_talk_answers_is_not_covered(store: Store) -> None:
    for text, said in (("gibt es einen Vortrag über Ringpuffer?", "Die Zusammenfassungen erwähnen *Ringpuffer* nicht."),
                       ("are there talks about ringbuffers?", "The summaries don't mention *ringbuffers*.")):
        reply = await ask(store, text)
        assert body(reply)["covered"] is False and heading(reply) == said, text


@pytest.mark.parametrize(("text", "language"), [
    ("hey there", "en"), ("howdy", "en"), ("good evening!", "en"), ("hi talkbot", "en"),
    ("how does this thing work?", "en"), ("hello, what can you do?", "en"),
    ("hallo zusammen", "de"), ("moin moin", "de"), ("guten Abend!", "de"), ("na, wie geht's?", "de"),
    ("grüß dich, was kannst du?", "de"), ("servus! wie frag ich dich was?", "de"),
])
async def test_a_greeting_alone_gets_the_help_reply(store: Store, text: str, language: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and body(reply)["shape"] == "help" and body(reply)["lang"] == language, text


async def test_a_greeting_before_a_question_leaves_the_question(store: Store) -> None:
    who = await ask(store, "hey there, who presented Kinetic?")
    assert body(who)["shape"] == "who" and first(who) == (MAIN, 60)  # the Kinetic talk
    definition = await ask(store, "guten Morgen, was ist XLA?")
    assert body(definition)["shape"] == "definition" and body(definition)["lang"] == "de"


async def test_a_german_participle_finds_its_noun(store: Store) -> None:
    # "disaggregiert" and the glossary's "Disaggregation" (000:334) share their root
    reply = await ask(store, "was bedeutet disaggregiert?")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 334) and heading(reply) == "*Disaggregation*"


@pytest.mark.parametrize("text", ["was ist Jaxator?", "what is Jaxator?"])
async def test_a_slip_of_a_name_of_several_words_is_that_name_not_its_words(store: Store, text: str) -> None:
    # aliases.toml: Jaxator is JAX-AITER; neither JAX alone (the JAX Pallas glossary entry) nor AITER alone
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and "Pallas" not in heading(reply), text
    assert first(reply) == (MAIN, 346) and "JAX-AITER-Framework" in heading(reply), text


@pytest.mark.parametrize("text", [
    # a German noun with its article or determiner asks about a thing of a talk the summaries have, in other words
    "was sind die Nachteile von Kollokation?", "was ist das Fazit zu Kinetic?", "welche Tipps gibt es für Pallas?",
    "was war die Idee hinter Tunix?", "what are the downsides of colocation?",
])
async def test_an_aspect_of_a_covered_topic_is_answered_not_refused(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["hits"], text


# -- names that look like question words ----------------------------------------------------------

@pytest.mark.parametrize("text", [
    "lassen sich Kinetic-Jobs mit VS Code debuggen?", "how do I debug a Kinetic job in VS Code?",
])
async def test_vs_in_a_product_name_is_no_comparison(store: Store, text: str) -> None:
    # "VS" in capitals before a capitalised word names a product: the name is searched, not two sides compared
    question = parse(text)
    assert question.shape != Shape.COMPARE and "VS Code" in question.subject, text
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and first(reply) == (MAIN, 75), text  # Remote-Debugging in IDEs


@pytest.mark.parametrize("text", ["can i debug a kinetic job in vs code", "kann man kinetic jobs in vs code debuggen"])
async def test_vs_code_in_lower_case_is_the_editor_no_comparison(store: Store, text: str) -> None:
    assert parse(text).shape != Shape.COMPARE, text  # "vs code" is the editor, not "kinetic job" against "code"
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and first(reply) == (MAIN, 75), text  # Remote-Debugging in IDEs


async def test_vs_code_in_lower_case_is_searched_as_the_editor_s_name(store: Store) -> None:
    # not "step kinetic job code": the "vs" of the name is kept, so the point naming VS Code leads, not the
    # Detached API's jobs (73)
    text = "can i step through a kinetic job in vs code"
    assert "vs code" in parse(text).subject
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and first(reply) == (MAIN, 75)


@pytest.mark.parametrize(("text", "sides"), [
    ("GRPO VS DPO", ("GRPO", "DPO")), ("shard_map vs. pjit?", ("shard_map", "pjit")),
    ("Pallas vs Triton", ("Pallas", "Triton")),
])
def test_vs_between_two_names_still_compares(text: str, sides: tuple[str, str]) -> None:
    question = parse(text)
    assert question.shape == Shape.COMPARE and (question.subject, question.other) == sides, text


# -- a summary asked for in everyday words --------------------------------------------------------

@pytest.mark.parametrize(("text", "line", "language"), [
    ("gimme a quick rundown of the Kinetic talk", 60, "en"),
    ("FlyDSL talk in a nutshell?", 228, "en"),
    ("der Kinetic-Vortrag, kurz zusammengefasst", 60, "de"),
    ("kannst du mir einen groben Überblick über den FlyDSL-Talk geben?", 228, "de"),
    ("tl;dr vom Qwen-Image-Vortrag bitte", 406, "de"),
])
async def test_a_summary_asked_for_in_everyday_words_is_the_talks_summary(store: Store, text: str, line: int,
                                                                          language: str) -> None:
    # the noun (rundown, Überblick, tl;dr) or verb (zusammengefasst) anywhere in the request, not only first
    reply = await ask(store, text)
    assert body(reply)["shape"] == "summary" and body(reply)["lang"] == language, text
    assert first(reply) == (MAIN, line), text  # the talk itself, then its key points


# -- German separable verbs: the particle at the end belongs to the verb ----------------------------

@pytest.mark.parametrize(("text", "subject"), [
    ("wie richtet man Kinetic ein?", "einrichten Kinetic"),
    ("wie setze ich Kinetic auf?", "aufsetzen Kinetic"),
    ("was haben die Entwickler von Jaxator vor?", "Entwickler Jaxator vorhaben"),
    ("in welchen Vorträgen kommt GRPO vor?", "GRPO"),  # "vorkommen" only frames the question
])
def test_a_separable_verb_is_read_whole(text: str, subject: str) -> None:
    assert parse(text).subject == subject


@pytest.mark.parametrize(("text", "line"), [
    ("wie richtet man Kinetic ein?", 69), ("wie setze ich Kinetic auf?", 69),  # Installation & Setup
    ("was haben die Entwickler von Jaxator vor?", 352),  # Zukunftsaussichten
])
async def test_a_separable_verb_finds_the_summaries_noun(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "subject"), [
    ("wie stellt XLA Schleifen dar?", "darstellen XLA Schleifen"),  # darstellen: no "dar" alone ("darunter")
    ("wie wird CasADi die Abhängigkeit los?", "CasADi Abhängigkeit loswerden"),  # an irregular verb's particle
    # a particle joined to another by "und" is half of an adverb pair, no verb's ("zuruckbleiben"); "bleibt" is the
    # copula, which frames its adjective as "ist" does
    ("wie bleibt StableHLO kompatibel, vor und zurück?", "StableHLO kompatibel zurück"),
    # a programming keyword before the German noun of its construct is part of it, no English conjunction
    ("wie stellt HLO if abfragen dar?", "darstellen HLO if abfragen"),
])
def test_a_separable_verb_is_read_whole_and_only_a_verb(text: str, subject: str) -> None:
    assert parse(text).subject == subject


@pytest.mark.parametrize(("text", "lines"), [
    ("wie stellt HLO if abfragen dar?", {207, 489}),  # "Kontrollflusskonstrukte (Conditional, While)"
    ("wie bleibt stablehlo kompatibel, vor und zurück", {199, 483}),  # Vorwärts- und Rückwärtskompatibilität
    ("wie wird casadi die externen bibliotheken als abhängigkeit los", {525}),  # "Eliminierung externer …"
    ("was müssen maschinenbediener heutzutage draufhaben", {631}),  # "Der moderne Bediener … Kompetenzen"
])
async def test_german_verbs_and_idioms_find_the_point_that_answers(store: Store, text: str, lines: set[int]) -> None:
    reply = await ask(store, text)
    file, line = first(reply)
    assert body(reply)["covered"] is True and file == MAIN and line in lines, text


@pytest.mark.parametrize(("text", "line"), [
    # "fach" is the multiplier asked for, no topic (FlyDSL's "2,5-fache"); the hint "faster" adds nothing to the
    # question's own "schneller" (000:38's "240-mal schneller")
    ("um wie viel fach sind die aiter kernel schneller", 345),
    # a length is measured in its unit: no other number answers "wie tief" ("8x7B"), the best point does
    ("wie tief geht die kontrolle bei flydsl runter", 235),
])
async def test_a_number_question_asks_with_its_unit_not_about_it(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line), text


async def test_a_follow_up_asks_for_its_own_words_of_the_threads_topic(store: Store, state: BotState) -> None:
    # the topic's words say what "das" is; the point that holds them best (000:518) is the one just shown
    reply = await follow_up(store, state, "wie funktioniert das mehrziel schiessen bei casadi",
                            "und mit welchem solver löst man das", "41.1")
    assert first(reply) == (MAIN, 519)  # "Lösung des NLPs mittels IPOPT"


# -- what comes next: the summaries' Ausblick, Zukunftsaussichten, Roadmap ------------------------

@pytest.mark.parametrize(("text", "line"), [
    ("whats the roadmap for FlyDSL?", 241), ("what are the next steps for Jaxator", 352),
    ("what does the future hold for Jaxator?", 352),
])
async def test_what_comes_next_is_the_talks_outlook_not_a_definition(store: Store, text: str, line: int) -> None:
    assert parse(text).shape != Shape.DEFINE, text  # "next steps", "roadmap" name no term of their own
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


async def test_what_comes_next_in_a_thread_is_that_talks_outlook(store: Store, state: BotState) -> None:
    reply = await follow_up(store, state, "summarize the FlyDSL talk", "and what's coming next for it?", "9.1")
    assert isinstance(reply, AnswerReply) and not reply.not_covered and first(reply) == (MAIN, 241)


def test_spoken_german_articles_are_no_part_of_a_name() -> None:
    # "ner", "nem" are typed for einer, einem: a comparison's sides are the names after them
    question = parse("unterschied zwischen ner VMEM und nem HBM?")
    assert (question.shape, question.subject, question.other) == (Shape.COMPARE, "VMEM", "HBM")


@pytest.mark.parametrize("text", [
    # a preposition before the number question's words: still a question for a number
    "über wie viele Schritte lief der Benchmark?",
    "on how many chips did they run it",
    "nach wie vielen Tagen stand das Baumhaus?",
])
def test_a_number_question_after_a_preposition_asks_for_a_number(text: str) -> None:
    assert parse(text).shape == Shape.QUANTITY, text


# -- a talk named loosely ----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "shape", "line"), [
    ("who mentioned ropes freezing up during the build", "who", 541),  # who spoke of it: the treehouse talk
    ("who explained the TTIG dialect", "who", 257),
    ("who was the intel lady", "who", 257),  # a person named by what they did
    ("who's the guy from hugging face", "who", 406),
    ("was war nochmal das thema vom sharding vortrag von der rice university", "summary", 90),  # "nochmal" stresses
])
async def test_a_talk_asked_for_loosely_is_that_talk(store: Store, text: str, shape: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == shape and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "shape", "file", "line"), [
    ("wo erfahr ich was über mxfp4", "watch", MAIN, 336),  # "erfahr": the e spoken German drops, no topic
    ("wo erfahre ich mehr über vhlo", "watch", MAIN, 189),
    ("was ist der inhalt vom pallas talk", "summary", "004_b9033c416a07336f.txt", 1),  # "Inhalt" asks for a summary
])
async def test_where_to_learn_and_what_a_talk_holds_are_talk_questions(store: Store, text: str, shape: str,
                                                                        file: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == shape and first(reply) == (file, line), text


def test_a_function_word_of_a_word_list_phrase_stays_in_the_subject() -> None:
    # "by" and "up" frame a question alone, but "by hand" and "facing up" are phrases of the word list, one meaning;
    # a kind word left out ("model" in "the roofline model") is no function word and stays out
    phrases = {"by hand": ("manuell",), "facing up": ("nach oben",), "roofline model": ("dachlinienmodell",)}
    question = parse("why is porting kernels by hand such a pain")
    assert with_phrase_words(question.subject, question.text, phrases) == "porting kernels by hand pain"
    question = parse("why are the boards laid with one side facing up")
    assert with_phrase_words(question.subject, question.text, phrases).endswith("side facing up")
    assert with_phrase_words("roofline", "when does the roofline model come up", phrases) == "roofline"


@pytest.mark.parametrize(("text", "subject"), [
    # spoken German drops the e of a short frame word too ("würd", "hätt"), and "gern" only says a wish
    ("welchen vortrag würd ich mir zu xla anschaun", "xla"),
    ("ich hätt gern nen vortrag zu sparse cores", "sparse cores"),
])
def test_a_short_frame_word_without_its_e_and_a_wish_are_no_subject(text: str, subject: str) -> None:
    assert parse(text).subject == subject


async def test_a_talk_asked_for_with_a_dropped_e_is_found_by_its_topic(store: Store) -> None:
    reply = await ask(store, "welches video würd ich mir zur geschichte von cnc maschinen anschaun")
    assert body(reply)["hits"][0]["kind"] == "talk" and first(reply) == (MAIN, 618)


@pytest.mark.parametrize(("text", "subject"), [
    # "wofür … gedacht" asks a purpose, as "wozu dient" does; uninflected "grob" is a hedge ("ganz grob": roughly)
    ("wofür ist kinetic gedacht, ganz grob", "kinetic"),
    ("wozu ist tunix grob gedacht", "tunix"),
])
def test_a_purpose_verb_and_a_hedge_are_no_subject(text: str, subject: str) -> None:
    assert parse(text).subject == subject


@pytest.mark.parametrize("text", [
    "was ist der unterschied zwischen pre-training und post-training laut dem tunix video",
    "what is the difference between pre-training and post-training according to the tunix video",
])
async def test_the_source_a_difference_cites_is_no_part_of_a_side(store: Store, text: str) -> None:
    # "laut dem tunix video", "according to the tunix video" say where both sides are, as "im tunix video" does:
    # the point that defines both phases (000:380), not the Tunix glossary entry for a side "post-training tunix"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 380)


@pytest.mark.parametrize("text", ["was is der unterschid zwischen pre-training und post-training",
                                  "whats the diffrence between pre-training and post-training"])
async def test_a_difference_noun_typed_with_a_slip_still_asks_for_the_difference(store: Store, text: str) -> None:
    # "unterschid" (an e left out), "diffrence": the difference of the two phases (000:380), not the Tunix entry a
    # search for "unterschid pre-training post-training" puts first
    assert parse(text).shape == Shape.COMPARE
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 380)
