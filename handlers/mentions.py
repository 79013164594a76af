"""Questions (mentions and direct messages) become reply models, resolved against the thread's topic.

A thread the bot answered in remembers what it was about (``store.state.ThreadTopic``): "who
presented it?" names that talk, "and what about ORPO?" asks the last question again about ORPO,
"more" / "mehr dazu" continues where the last answer stopped.
"""

from __future__ import annotations

from dataclasses import replace

from store.db import Store
from store.state import UNKNOWN_WORKSPACE, BotState, ThreadTopic, Workspace
from store.text import tokens

from . import digest_commands
from .answers import compose, defines_in_talk
from .common_words import is_rare
from .question_words import ASKS_FOR_A_REASON, ASPECT_NOUNS, KIND_WORDS, MEASURE_WORDS, WHO_WORDS
from .questions import (
    ASKED_ABOUT_ANYTHING,
    Question,
    Shape,
    context_names,
    help_fillers,
    parse,
    place_asked,
    points_back,
    reason_fillers,
    subject_words,
    with_phrase_words,
)
from .replies import AnswerReply, Notice, Reply
from .scope import Scope
from .talk_naming import conceded_words
from .wording import say

# Answers about one talk: a later question in their thread is answered from that talk first.
TALK_SHAPES = frozenset({Shape.SUMMARY.value, Shape.WHO.value, Shape.RECOMMEND.value})
_THEY = frozenset({"they", "their", "them"})  # the speakers of the thread's talk, in an English follow-up


def _says_they(question: Question) -> bool:
    """Whether an English follow-up speaks of "they" (their, them): the people of the thread's talk or topic."""
    return not _THEY.isdisjoint(tokens(question.text))


# What "more" continues with: a talk's next key points, a term's next moments.
MORE_OF = {Shape.WHO.value: Shape.SUMMARY, Shape.RECOMMEND.value: Shape.SUMMARY, Shape.DEFINE.value: Shape.MOMENTS,
           Shape.TALKS.value: Shape.SEARCH}
# Shapes answered from key points or glossary entries, which a thread's talk can narrow to its own
ANSWERED_FROM_POINTS = frozenset({Shape.SEARCH, Shape.EXPLAIN, Shape.QUANTITY, Shape.DEFINE})
# Questions a pronoun ties to the thread's topic when they also name something of their own
ABOUT_THE_TOPIC = frozenset({Shape.EXPLAIN, Shape.QUANTITY, Shape.SEARCH})
# Answers that span talks: the talk they remember is only their first one's, no talk the thread is about
ACROSS_TALKS = frozenset({Shape.MOMENTS.value, Shape.TALKS.value})
# Shapes a follow-up ("and what about X?") may repeat; the others ask about a topic anew.
REPEATABLE = frozenset(shape for shape in Shape if shape not in (Shape.HELP, Shape.MORE, Shape.DIGEST))


async def answer(store: Store, text: str, *, state: BotState | None = None, channel: str | None = None,
                 thread_ts: str | None = None, workspace: Workspace | None = None,
                 context: ThreadTopic | None = None, new_thread: bool = False) -> Reply:
    """Answer a question asked in ``channel``'s thread ``thread_ts`` ('' for a DM's main conversation).

    With ``state``, the thread's memory is read first (what the bot last answered there, or a digest
    thread's talk) and updated after; ``context`` gives that memory directly instead. ``new_thread``:
    the question starts the thread (a mention at the top level, whose own ts is ``thread_ts``), so
    there is nothing to read yet.
    """
    if state is None or channel is None or thread_ts is None:
        return await _answer(store, text, context)
    if context is None and not new_thread:
        context = await state.thread_topic(channel, thread_ts)
    reply = await _answer(store, text, context)
    if (topic := topic_of(reply)) is None and context is None and isinstance(reply, AnswerReply) and \
            reply.not_covered:
        # nothing to keep yet: remember what was asked, so "und SPMD?" after "was ist GSPMD?" asks what SPMD is
        topic = ThreadTopic(None, "", reply.shape, reply.language)
    if topic is not None:
        await state.remember_thread_topic(channel, thread_ts, topic, workspace or UNKNOWN_WORKSPACE)
    return reply


async def _answer(store: Store, text: str, context: ThreadTopic | None) -> Reply:
    question = parse(text)
    if question.language is None and context is not None:
        question.language = context.language
    if question.subject:
        # "done by hand", "per Hand portiert": the word list's phrases keep the function word they are made with
        question.subject = with_phrase_words(question.subject, question.text, store.word_data().en_de)
    if context is None and question.subject and question.shape in ASKED_ABOUT_ANYTHING and \
            (fillers := reason_fillers(question)) is not None and \
            (not fillers or set(fillers) <= set(await store.absent_words(" ".join(fillers)))):
        # "any idea why that happens?", "wozu soll das gut sein" with no thread: no summary holds its words but the
        # pronoun, so it names no topic and asks what is meant, as a bare "why?" does (not for help: "wozu soll das
        # gut sein")
        return Notice(say(question.lang, "clarify"), shape=Shape.CLARIFY.value, language=question.lang)
    # in a thread, a question whose pronoun stands for the thread's topic asks about it, whatever usage word it has
    # ("and with which command do you set it up?" after Kinetic's summary)
    if question.shape in ASKED_ABOUT_ANYTHING and not question.follow_up and \
            not (context is not None and points_back(question.text)) and \
            (fillers := help_fillers(question.text, in_a_thread=context is not None)) is not None and \
            not (fillers and await store.names_a_term(fillers)):
        question = Question(question.text, Shape.HELP, language=question.language)
    if question.shape == Shape.HELP:
        return Notice(say(question.lang, "help"), shape=Shape.HELP.value, language=question.lang)
    if question.shape == Shape.DIGEST:
        return await digest_commands.digest(store, question.subject)
    if context is None and (topic := await _context_as_topic(store, question)) is not None:
        context = topic
    scope = Scope()
    if context is not None:
        scope.talk_id = context.talk_id
        scope.across_talks = context.shape in ACROSS_TALKS
        scope.after_an_entry = context.shape == Shape.DEFINE.value
        # after an answer about one talk, or when the question points at it ("was heißt da RDMA?"), that talk first
        scope.prefer_talk = context.shape in TALK_SHAPES or question.in_thread_talk
    if question.shape == Shape.MORE:
        if context is None or not (context.subject or context.talk_id):
            return Notice(say(question.lang, "more_without_topic"), shape=Shape.MORE.value, language=question.lang)
        question = Question(question.text, MORE_OF.get(context.shape, _shape(context.shape)), context.subject,
                            language=question.language, refers_back=bool(context.talk_id) or not context.subject)
        scope.offset = context.shown
        scope.prefer_talk = bool(context.talk_id) and context.shape in TALK_SHAPES
    elif context is not None:
        question = await _asked_of_the_thread_talk(store, question, context) or question
        question = await _in_the_summarised_talk(store, question, context) or _resolve(question, context)
        if context.talk_id and not scope.prefer_talk and question.subject and question.shape in ANSWERED_FROM_POINTS \
                and context.shape not in ACROSS_TALKS and _says_they(question):
            # "what hardware did they pit against each other?": "they" in a thread about one talk are its speakers,
            # what they did is told in their talk
            scope.prefer_talk = True
        if context.talk_id and not scope.prefer_talk and question.subject and question.shape in ANSWERED_FROM_POINTS \
                and context.shape not in ACROSS_TALKS \
                and await store.find_points(context.subject if question.refers_back and context.subject else
                                            question.subject, limit=1, talk_id=context.talk_id, min_coverage=1.0) \
                and not await _asked_of_another_talk(store, question, context.talk_id):
            # what the thread's talk says about it, when it says it: "auf welcher Hardware?" after FlyDSL's speed-up
            scope.prefer_talk = True
    if question.shape == Shape.COMPARE and not question.subject:
        # "what's the difference to PPO?" with no topic to compare: what PPO is
        question = replace(question, shape=Shape.DEFINE, subject=question.other, other="", raw=question.other,
                           refers_back=False)
    if question.shape == Shape.SEARCH and question.refers_back and not question.subject and scope.talk_id:
        # "what's it about?" in a digest thread (a talk, no asked-about words yet): the talk's summary
        question = replace(question, shape=Shape.SUMMARY)
    if question.shape == Shape.DEFINE and not question.subject:
        question = replace(question, shape=Shape.SEARCH)  # "was ist das?" with nothing to point back at
    if not question.subject and (question.shape == Shape.EXPLAIN or (question.shape == Shape.SEARCH and not
                                                                      scope.talk_id and (_asks_why(question.text) or
                                                                                         context is None))):
        # "why?" with no topic in the thread to refer to: ask what is meant instead of searching for nothing; so
        # does a message whose only words are a why and words that carry no topic ("really? why?"), and one that
        # only points back or goes on ("was ist das?", "and then?") as the first message of a thread
        return Notice(say(question.lang, "clarify"), shape=Shape.CLARIFY.value, language=question.lang)
    return await compose(store, question, scope)


async def _asked_of_the_thread_talk(store: Store, question: Question, context: ThreadTopic) -> Question | None:
    """A question in a thread about one talk whose own words name nothing of the corpus, asked of that talk: "wer
    stand da auf der bühne?" (who gave it), "ist der sehenswert?" (is it worth watching), "was kam da so rum?" (its
    summary). Judged by what the words name, not by how the question is put: a who question whose words name no
    term or talk asks for the talk's speakers; another question asks of the talk when no summary holds any of its
    words (a yes/no question whether it is worth it, any other its summary). After an answer from one talk's points
    (not its summary, speakers or verdict) only the latter, and only with everyday words. None when the words name
    something, which is then asked as before ("who uses GRPO?", "was ist ein Kern?"), and for "and X?", which moves
    on to X."""
    if not context.talk_id or context.shape in ACROSS_TALKS or question.follow_up or question.as_before or \
            question.shape not in (Shape.SEARCH, Shape.WHO) or not (words := tokens(question.subject)) or \
            _names_only_an_aspect(question):
        # an aspect alone ("ok so whats the downside") is the thread's topic's, asked of it in _resolve
        return None
    if question.shape == Shape.WHO and set(words) <= KIND_WORDS:
        # "und wer hat das Projekt gemacht?", "who was behind that library?": a kind of thing with no name of its own
        # is the thread's, whatever talk's title has the word ("Projekten")
        return replace(question, subject="", raw="", refers_back=True)
    if await store.names_a_term(words):
        return None
    about_the_talk = context.shape in TALK_SHAPES
    if question.shape == Shape.WHO or not WHO_WORDS.isdisjoint(tokens(question.text)):
        # after an answer from one talk's points, "and who did the inside?" asks who did a thing the talk tells of
        return replace(question, shape=Shape.WHO, subject="", raw="", refers_back=True) if about_the_talk else None
    if not set(words) <= set(await store.absent_words(question.subject)) or \
            (not about_the_talk and any(is_rare(word, question.language) for word in words)):
        # after an answer from one talk's points, the talk is the thread's only when the words are everyday ones
        # ("ist der sehenswert?"), not a thing of their own no summary has ("carnica", "bienenrasse")
        return None
    return replace(question, shape=Shape.RECOMMEND if question.yes_no else Shape.SUMMARY, subject="", raw="",
                   refers_back=True)


async def _in_the_summarised_talk(store: Store, question: Question, context: ThreadTopic) -> Question | None:
    """A follow-up after a talk's summary about something that talk has, asked in that talk rather than as the
    summary of another: "und LoRA?" after Tunix's summary asks what LoRA is (the talk's glossary defines it), "what
    about debugging?" after Kinetic's what the talk says of debugging (its key points hold it). None otherwise, and
    for "same for XLA?", which asks for XLA's summary whatever the talk says of XLA."""
    if not question.follow_up or question.as_before or context.shape != Shape.SUMMARY.value or not context.talk_id:
        return None
    if await defines_in_talk(store, question.subject, context.talk_id):
        return replace(question, shape=Shape.DEFINE, raw=question.subject, follow_up=False)
    if await store.find_points(question.subject, limit=1, talk_id=context.talk_id, min_coverage=1.0):
        return replace(question, follow_up=False)
    if (best := await store.find_talks(question.subject, limit=1)) and best[0].talk_id == context.talk_id:
        # "and long-running jobs?" after Kinetic's summary: the talk that best matches is this one, whose summary the
        # thread has just read: what it says of them, in other words than asked ("langlebige Jobs")
        return replace(question, follow_up=False)
    return None


async def _asked_of_another_talk(store: Store, question: Question, talk_id: str) -> bool:
    """Whether what a follow-up asks of the thread's topic, in words of its own, is a thing of another talk: "und wie
    nutzt der kernel-agent das?" after the roofline model asks what the kernel agent's talk (max_evol) says of it,
    though the thread's talk mentions the roofline model too. True when a key point of another talk holds every one
    of the asked words and none of the thread's talk does."""
    if not question.asked or not question.refers_back:
        return False
    elsewhere = await store.find_points(question.asked, limit=1, min_coverage=1.0)
    return bool(elsewhere) and elsewhere[0].talk_id != talk_id and \
        not await store.find_points(question.asked, limit=1, talk_id=talk_id, min_coverage=1.0)


CONTEXT_TALK_LEAD = 1.8  # how far the talk an asker's context names must lead the next one to be the talk it means


async def _context_as_topic(store: Store, question: Question) -> ThreadTopic | None:
    """The asker's context as a thread's topic, for a question that points back at it with no thread to point at:
    the names the context has (``context_names``) are what "it" stands for ("I'm trying to picture how max_evol is
    put together. What does its architecture consist of?"), the talk it names far ahead of the others what "dort" or
    "that talk" means ("Der Vortrag über JAX Quantum beginnt im Labor. Wie kalt sind die Kühlschränke dort?").
    None when the question points at nothing or the context names nothing."""
    if not question.context or not (question.refers_back or question.in_thread_talk or points_back(question.text)):
        return None
    said = subject_words(question.context)
    talks = await store.find_talks(said, limit=2) if said else []
    talk_id = talks[0].talk_id if talks and (
        len(talks) < 2 or talks[0].score >= CONTEXT_TALK_LEAD * talks[1].score) else None
    names = context_names(question.context, question.language)
    if not names and talk_id is None:
        return None
    return ThreadTopic(talk_id, names, Shape.SEARCH.value, question.lang)


def _names_only_an_aspect(question: Question) -> bool:
    """Whether a question names nothing but an aspect ("ok so whats the benefit", "und die Nachteile?"): in a thread
    that aspect is the thread's topic's, as if it pointed back at it."""
    words = tokens(question.subject)
    return bool(words) and all(word in ASPECT_NOUNS for word in words)


def _asks_why(text: str) -> bool:
    return any(token in ASKS_FOR_A_REASON for token in tokens(text))


def _shape(value: str) -> Shape:
    try:
        return Shape(value)
    except ValueError:
        return Shape.SEARCH


def _resolve(question: Question, context: ThreadTopic) -> Question:
    """Fill in what a follow-up leaves out from the thread's topic."""
    if context.subject and (placed := place_asked(question, context.subject)) is not None:
        # "und die zweite?", "and the other one?" after the first case study: the thread's question of that place
        shape = _shape(context.shape)
        return replace(question, shape=shape if shape in REPEATABLE else question.shape, subject=placed[1],
                       follow_up=False, refers_back=True)
    if question.follow_up and context.subject and _names_only_an_aspect(question):
        # "and the downsides?" after what GRPO is: GRPO's downsides, not what "downsides" are
        return replace(question, shape=Shape.SEARCH, subject=f"{context.subject} {question.subject}",
                       follow_up=False, refers_back=True, asked=question.subject)
    if question.follow_up and _shape(context.shape) in REPEATABLE:
        return replace(question, shape=_shape(context.shape), follow_up=False)
    if question.refers_back and not question.subject and context.subject:
        return replace(question, subject=context.subject)
    if question.subject and context.subject and (question.shape in ABOUT_THE_TOPIC or (
            # "and when was it introduced?" after MHLO's definition: when the topic was; after a talk's summary the
            # pronoun is the talk, whose moments the answer already prefers ("wann kam da mxfp4 dran")
            question.shape == Shape.MOMENTS and context.shape not in TALK_SHAPES)) and \
            (points_back(question.text) or _names_only_an_aspect(question) or
             # "dort", "there" with no one talk to point at: the place is the topic the asker's context names ("wie das
             # Tunix-Team RL auf TPUs organisiert. Wie werden dort die Rollouts … getrennt?")
             (question.in_thread_talk and not context.talk_id) or
             (_says_they(question) and context.shape not in TALK_SHAPES | ACROSS_TALKS)) and \
            not set(tokens(question.subject)) & set(tokens(context.subject)):
        # "und wie viele davon laufen parallel?" after Sandbox-Umgebungen: the thread's topic and what is asked of it
        # ("how many queries did they run" after the SSB: "they", the people of a thing the thread is about, did it
        # with that thing; after a talk "they" are its speakers, whose talk is preferred below)
        # (words only of a concessive clause ask nothing of it: "und wozu gibts das überhaupt, wenn man doch
        # stablehlo hat" after CHLO asks what CHLO is for, set against StableHLO)
        asked = "" if set(tokens(question.subject)) <= conceded_words(question.text) else question.subject
        return replace(question, subject=f"{context.subject} {question.subject}", refers_back=True, asked=asked)
    if question.shape == Shape.QUANTITY and context.subject and question.subject \
            and all(word in MEASURE_WORDS for word in tokens(question.subject)):
        # "und um wie viel wurde es schneller?": how much faster the thread's topic got, not anything "schneller"
        return replace(question, subject=context.subject, refers_back=True)
    return question


def topic_of(reply: Reply) -> ThreadTopic | None:
    """What to remember about a thread after this answer (None: keep what it was)."""
    if not isinstance(reply, AnswerReply) or reply.not_covered or not (reply.subject or reply.talk_id):
        return None
    subject = f"{reply.subject} {reply.other}".strip()  # a comparison is about both sides
    return ThreadTopic(reply.talk_id, subject, reply.shape, reply.language, reply.shown)
