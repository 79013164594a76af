"""A glossary term asked in a frame no rule lists: when every other word of the question is a function word or a
general word no summary holds (so it asks nothing beyond the term), the term's glossary entry leads (the term
alone in a frame, "kennste tinix", is left to the search), covered, under
the term's heading (``answers._term_asked_alone``). A rare word beside the term (a name, a field's term) still asks
about that. On a real store over the bundled corpus; none of these phrasings is in bench/definition_phrasings.toml."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_definition_phrasings import heading
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "could somebody clarify MXU for me",
    "never heard of MXU, explain?",
    "remind me what MXU was",
    "mxu explanation pls",
    "erinnere mich, was MXU ist",
    "MXU - keine Ahnung, was das ist",
])
async def test_term_with_nothing_else_asked_is_defined(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


async def test_rare_word_beside_the_term_is_asked_about(store: Store) -> None:
    # "wandb" is in no summary and no general word: the question asks about it, not what MXU is
    reply = await ask(store, "MXU wandb explanation")
    assert body(reply)["covered"] is False


@pytest.mark.parametrize("text", [
    "kannst du mir MXU erklären?",
    "könntest du mir mal MXU erläutern",
    "erklärst du mir MXU?",
    "was soll MXU bedeuten?",
    "ich verstehe MXU nicht",
    "MXU bitte definieren",
])
async def test_german_meaning_verb_in_any_inflection_or_place_defines(store: Store, text: str) -> None:
    # German inflects the verb that asks what a term means and puts it last: no frame lists them all, the verb's
    # stem says the question asks for the meaning, not for what the talks say of the term
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


async def test_term_alone_without_a_meaning_verb_is_searched(store: Store) -> None:
    # "kennste MXU" asks what the talks say of it: a key point leads, not the glossary entry
    reply = await ask(store, "kennste MXU")
    assert first(reply) != (MAIN, 20)


@pytest.mark.parametrize("text", [
    "wer kann mir sagen, was ein MXU ist?",
    "ich weiß nicht, was MXU ist",
    "hab MXU noch nie gehört, was ist das?",
    "kannst du mir MXU einfach erklären?",
])
async def test_german_common_words_beside_a_term_asked_what_it_is_define(store: Store, text: str) -> None:
    # an indirect what-is ("was MXU ist") asks what it is; German summaries hold most common words ("hab", "nie",
    # "einfach"), yet none holds them with MXU, so beside a question on its meaning they ask nothing of it
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


async def test_german_yes_no_question_on_the_term_is_searched(store: Store) -> None:
    # asked whether it is so, not what it is: a key point answers
    reply = await ask(store, "ist MXU schnell?")
    assert first(reply) != (MAIN, 20)


async def test_term_called_a_term_asks_its_meaning(store: Store) -> None:
    # "Begriff" names the thing asked a term: its meaning is asked, as by a verb of explaining
    reply = await ask(store, "kennst du den Begriff MXU?")
    assert first(reply) == (MAIN, 20)
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


@pytest.mark.parametrize("text", [
    "wie würdest du MXU beschreiben?",
    "wie könntest du MXU kurz beschreiben",
    "wie sollte man MXU verstehen?",
    "how would you describe MXU",
])
async def test_how_to_describe_a_term_defines(store: Store, text: str) -> None:
    # asked how to describe or understand a term, with a modal only for politeness, is asked what it means: its
    # glossary entry leads, not a key point on how it works
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


@pytest.mark.parametrize("text", [
    "wie funktioniert MXU?",
    "wie funktioniert MXU, kannst du das erklären?",
    "explain why MXU is fast",
])
async def test_how_a_term_works_is_still_explained(store: Store, text: str) -> None:
    # a how or why of a clause of its own asks that, not what the term means
    reply = await ask(store, text)
    assert first(reply) != (MAIN, 20), text


@pytest.mark.parametrize("text", [
    "no idea what MXU is",
    "honestly no idea what an MXU is",
    "I have no clue what MXU is",
    "I keep seeing MXU everywhere, what is it?",
])
async def test_english_common_words_beside_a_term_asked_what_it_is_define(store: Store, text: str) -> None:
    # a noun the asker negates ("no idea") is not an aspect asked of the term, and English common words a summary
    # holds but no key point holds with MXU ("keep", "seeing") ask nothing of it, as in German
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


async def test_what_the_term_is_placed_in_is_searched(store: Store) -> None:
    # "in jax" places it: a key point holding both answers
    reply = await ask(store, "what is MXU in jax")
    assert first(reply) != (MAIN, 20)


@pytest.mark.parametrize("text", [
    "was stellt MXU eigentlich dar?",
    "was genau stellt eine MXU dar",
])
async def test_separable_meaning_verb_split_around_the_term_defines(store: Store, text: str) -> None:
    # German puts a separable verb's particle last ("stellt … dar"): the parser joins it back (darstellen), and that
    # verb asks what the term is as its typed parts do not
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


async def test_talk_presenting_a_term_is_not_asked_its_meaning(store: Store) -> None:
    reply = await ask(store, "wie stellt der Talk die MXU dar?")
    assert first(reply) != (MAIN, 20)


@pytest.mark.parametrize("text", [
    "ich check MXU nicht",
    "ich kapier MXU einfach nicht",
])
async def test_colloquial_german_understanding_verb_defines(store: Store, text: str) -> None:
    # "checken" and "kapieren" are colloquial German for "verstehen": not understanding a term asks what it is
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


async def test_english_check_is_not_asked_its_meaning(store: Store) -> None:
    # in English "check" asks to verify, not what the term means
    reply = await ask(store, "can you check MXU for me")
    assert first(reply) != (MAIN, 20)


@pytest.mark.parametrize("text", [
    "is tunix definitely apache licensed",
    "ist tunix definitiv open source",
])
async def test_how_sure_the_asker_is_asks_no_meaning(store: Store, text: str) -> None:
    # "definitely", "definitiv" begin like "define" but say how sure: the question asks whether, not what Tunix is
    assert body(await ask(store, text))["shape"] != "definition", text
