"""Questions about something no summary mentions, asked in chat's words, and context-less whys: through the function
mentions and DMs call, on the bundled corpus in a real SQLite file. Absence of the asked words was checked by grep
over corpus/*.txt."""

from __future__ import annotations

import pytest

from handlers.replies import Notice
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, assert_said_not_covered, body, first


async def test_a_cc_opener_is_no_word_of_the_question(store: Store) -> None:
    # "cc <@U123>" copies someone in (the mention is dropped): what follows is the question, a definition
    for text in ("cc <@U0123ABC> what is PJRT?", "cc: what is PJRT?"):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "definition" and first(reply) == (MAIN, 222), text


@pytest.mark.parametrize(("text", "said"), [
    # a German question borrows an English name's words as typed, in lower case: no verb ends it (the talks know
    # Knowledge Distillation and Graphen, not knowledge graphs)
    ("gibts irgendwo was zu knowledge graphs", "Die Zusammenfassungen erwähnen *knowledge graphs* nicht."),
    ("hat jemand knowledge graphs erwähnt", "Die Zusammenfassungen erwähnen *knowledge graphs* nicht."),
])
async def test_english_words_of_a_name_in_a_german_question_are_one_name(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # a yes/no question opens with its one finite verb: the last word the tagger reads as a verb is a name after
    # "nutzt" (no infinitive follows a full verb), a noun after "war" (no second finite verb)
    ("nutzt jaxator auch cudnn?", "Die Zusammenfassungen erwähnen *cudnn* nicht."),
    ("nutzt kinetic eigentlich cudnn", "Die Zusammenfassungen erwähnen *cudnn* nicht."),
])
async def test_a_yes_no_question_has_one_finite_verb(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # Fichte (spruce) is no slip of the summaries' Dichte, with another first letter: typists slip inside a word; and
    # it is a noun after "war", the question's one finite verb
    ("war das holz vom torii fichte", "Die Zusammenfassungen erwähnen *fichte* nicht."),
    ("nutzt das baumhaus eine fichte?", "Die Zusammenfassungen erwähnen *fichte* nicht."),
])
async def test_a_word_with_another_first_letter_is_no_slip(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # a noun the language writes, none of its basic words, asked whether: the talks name no OS, no maker, no license
    ("can i use kinetic from macos", "The summaries don't mention *macos*."),
    ("läuft kinetic auch auf macos?", "Die Zusammenfassungen erwähnen *macos* nicht."),
    ("does the nc video mention haas machines", "The summaries don't mention *haas machines*."),
    ("is tunix apache licensed", "The summaries don't mention *apache licensed*."),
    ("kann kinetic auch spark jobs starten", "Die Zusammenfassungen erwähnen *spark* nicht."),
])
async def test_a_less_common_noun_asked_whether_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "line"), [
    # basic words and adjectives are the asker's: 000:628 (Facharbeiter), 000:605 (winter use)
    ("did the NC machines replace skilled workers?", 628),
    ("is the treehouse actually livable in winter, like heating and a bathroom", 605),
])
async def test_basic_words_asked_whether_are_the_askers(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "language"), [
    # chat's spellings of function words ("jetz", "nich"), the reasoning behind a pointed-back "that", a why and a
    # remark on it, and adverbs that only say "otherwise": no topic, so they ask what is meant
    ("wie jetz, wieso", "de"),
    ("wieso macht man das nich einfach anders", "de"),
    ("whats the reasoning behind that", "en"),
    ("but why tho, seems weird", "en"),
])
async def test_a_context_less_why_in_chat_words_asks_to_clarify(store: Store, text: str, language: str) -> None:
    reply = await ask(store, text)
    assert isinstance(reply, Notice) and body(reply)["shape"] == "clarify" and body(reply)["lang"] == language, text


@pytest.mark.parametrize(("text", "said"), [
    # with do/does/did or a modal the verb is a plain form: an -ing word no summary has is a noun, the thing asked
    # whether the talks say (the talks have no welding, soldering, plastering or upscaling)
    ("did the nc video cover welding", "The summaries don't mention *welding*."),
    ("did the treehouse talk cover soldering", "The summaries don't mention *soldering*."),
    ("did the treehouse build include plastering", "The summaries don't mention *plastering*."),
    ("does the qwen image port support upscaling", "The summaries don't mention *upscaling*."),
])
async def test_an_ing_noun_asked_whether_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # "do" after the question's auxiliary is its main verb: the words after it are its object, a name of several
    # words that ends in no verb (Tunix's talks have Expert Replay, no replay buffers)
    ("can tunix do distributed replay buffers", "The summaries don't mention *distributed replay buffers*."),
])
async def test_the_object_of_a_main_do_is_what_is_asked(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # a yes/no question's words that name a talk by its title ("the qwen image tpu port": Qwen Image's title has
    # TPU-optimierten Ports) say which talk, not what it says: its points have no batch inference
    ("can the qwen image tpu port do batch inference", "The summaries don't mention *batch inference*."),
])
async def test_a_talks_title_words_restate_none_of_its_points(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # typed without its question mark, a German yes/no question may open with a plural verb (-n) and its subject:
    # it asks whether the bees' talk says propolis, not what harvesting is
    ("sammeln die bienen auch propolis", "Die Zusammenfassungen erwähnen *propolis* nicht."),
    ("ernten wir bei den bienen auch propolis", "Die Zusammenfassungen erwähnen *propolis* nicht."),
])
async def test_a_german_yes_no_question_may_open_with_a_plural_verb(store: Store, text: str, said: str) -> None:
    reply = await ask(store, text)
    assert_said_not_covered(reply, said, text)
    assert first(reply) == (MAIN, 573), text  # then what the summaries say about the underground hives
