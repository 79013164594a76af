"""Help requests and talk follow-ups in phrasings of their own (bench/followup_phrasings.py's tune half's causes): a
follow-up asked as whether one knows ("any idea who held it?") asks its question, a talk named by its noun before its
topic ("erzähl was über den Vortrag zu …") is summarised, a greeting before an opener leaves the opener's talk as the
question's context, and "what are your capabilities?" asks for help.

Expected answers are corpus lines read from the summaries; the examples are not the grid's own items.
"""

from __future__ import annotations

import pytest

from bot.console import as_text
from handlers.questions import parse
from handlers.replies import AnswerReply
from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import MAIN, ask, body, first, follow_up

PALLAS = "004_b9033c416a07336f.txt"


@pytest.mark.parametrize(("turn", "text", "said"), [
    ("what is Diffrax?", "any idea who held it?", "was presented by Shantanu."),
    ("was ist Diffrax?", "hast du ne ahnung, wer den gehalten hat?", "wurde von Shantanu gehalten."),
])
async def test_asking_whether_one_knows_asks_the_question(store: Store, state: BotState, turn: str, text: str,
                                                          said: str) -> None:
    reply = await follow_up(store, state, turn, text, "51.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 27)
    assert said in as_text(reply).split("\n")[0]


@pytest.mark.parametrize(("text", "language"), [
    ("what are your abilities?", "en"),
    ("welche Fähigkeiten hast du?", "de"),
])
async def test_asking_what_the_bot_is_capable_of_is_help(store: Store, text: str, language: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "help" and body(reply)["lang"] == language and not body(reply)["hits"]


@pytest.mark.parametrize("text", ["was für Kommandos verstehst du?", "welche Kommandos gibt es?"])
async def test_german_kommandos_are_commands_and_ask_for_help(store: Store, text: str) -> None:
    # "Kommando" is German for a command as much as "Befehl" is
    reply = await ask(store, text)
    assert body(reply)["shape"] == "help" and body(reply)["lang"] == "de" and not body(reply)["hits"]


@pytest.mark.parametrize(("text", "heading"), [
    ("tell me about the talk on simulating quantum hardware", 27),
    ("erzähl mal was über den Vortrag von Intel zum XLA-Compiler", 257),
    ("tell me about the intel talk on the xla compiler", 257),
    ("what was the rice university talk about placing diffusion models on tpus", 90),
])
async def test_a_talk_named_by_its_noun_before_its_topic_is_summarised(store: Store, text: str, heading: int) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, AnswerReply) and reply.shape == "summary" and first(reply) == (MAIN, heading)


@pytest.mark.parametrize(("turn", "text"), [
    ("servus :wave: kurze frage zum kinetic talk: wie installiert man das?", "wer hat das gehalten?"),
    ("hey :smile: quick q about the kinetic talk: how do I install it?", "who presented it?"),
])
async def test_a_greeting_and_an_emoji_before_an_opener_leave_its_talk_as_the_context(store: Store, state: BotState,
                                                                                      turn: str, text: str) -> None:
    # the opener names the talk; what is asked is Kinetic's installation (2:27), and the thread is about Kinetic
    assert first(await ask(store, turn)) == (MAIN, 69)
    reply = await follow_up(store, state, turn, text, "52.1")
    assert isinstance(reply, AnswerReply) and reply.shape == "who" and first(reply) == (MAIN, 60)


@pytest.mark.parametrize("text", ["ok so whats the advantage", "ok whats the catch", "so hows that done"])
def test_a_question_word_typed_without_its_apostrophe_asks_a_question_of_its_own(text: str) -> None:
    assert not parse(text).follow_up


@pytest.mark.parametrize(("turn", "text", "answer"), [
    # Kollokation vs. Disaggregation: the trade-off of running rollout and training on the same chips
    ("was ist Kollokation?", "und die Nachteile?", (MAIN, 317)),
    ("what is colocation?", "ok so whats the downside", (MAIN, 317)),
    # 0:12 JAX Mutable Refs: buffers changed in place, without the copies
    ("what are mutable refs?", "and the advantages?", (PALLAS, 7)),
])
async def test_an_aspect_alone_in_a_thread_is_the_topics(store: Store, state: BotState, turn: str, text: str,
                                                          answer: tuple[str, int]) -> None:
    reply = await follow_up(store, state, turn, text, "53.1")
    assert isinstance(reply, AnswerReply) and not reply.not_covered and first(reply) == answer


async def test_a_follow_up_after_a_talk_named_before_its_topic_is_answered_in_that_talk(store: Store,
                                                                                      state: BotState) -> None:
    # oneAPI's 10:57 Level Zero runtime, not FlyDSL's compile pipeline
    reply = await follow_up(store, state, "what was the intel talk about bringing jax to their gpus",
                            "and how does the code get executed at runtime?", "54.1")
    assert isinstance(reply, AnswerReply) and first(reply) == (MAIN, 267)


@pytest.mark.parametrize(("text", "language"), [
    ("how am i meant to speak to you", "en"),
    ("can i chat with you about talks", "en"),
    ("wie soll ich eigentlich mit dir reden", "de"),
])
async def test_asking_how_to_talk_with_the_bot_is_help(store: Store, text: str, language: str) -> None:
    # a verb of speaking with "to"/"with"/"mit" right before the bot asks how to use it, as "use" does; not the
    # words beside it ("meant", "reden") as a topic the summaries lack
    reply = await ask(store, text)
    assert body(reply)["shape"] == "help" and body(reply)["lang"] == language and not body(reply)["hits"]


@pytest.mark.parametrize("text", [
    # German's superlative of manner says how best to ask, as "am besten" does: no topic of its own
    "wie stelle ich dir am sinnvollsten fragen",
    # "bedient" is "bedienen" said of "man": how the bot is operated
    "wie bedient man dich",
])
async def test_asking_how_best_to_use_the_bot_in_german_is_help(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "help" and body(reply)["lang"] == "de" and not body(reply)["hits"]
