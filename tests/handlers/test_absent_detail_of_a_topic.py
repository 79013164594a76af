"""Yes/no questions asking a detail of a covered topic that no summary has: the reply says the summaries don't mention
the detail, then shows the topic's talk (through the function mentions and DMs call, on the bundled corpus in a real
SQLite file). Absence was checked by grep over corpus/*.txt."""

from __future__ import annotations

from handlers.questions import is_yes_no
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, assert_said_not_covered, body, first


def test_spoken_is_opens_a_german_yes_no_question() -> None:
    # spoken German drops the t of "ist", as it says "ham" for haben
    assert is_yes_no("is das baumhaus eigentlich rollstuhlgerecht", "de")


async def test_an_absent_property_asked_with_spoken_is(store: Store) -> None:
    # the treehouse talk has no word on wheelchairs: its detail is not covered, the talk is shown after it
    reply = await ask(store, "is das baumhaus eigentlich rollstuhlgerecht")
    assert_said_not_covered(reply, "Die Zusammenfassungen erwähnen *rollstuhlgerecht* nicht.", "rollstuhlgerecht")
    assert first(reply) == (MAIN, 541)


async def test_a_topic_noun_typed_twice_is_one_word_of_the_topic(store: Store) -> None:
    # "image" of Qwen Image and "images" name one thing: the topic is three words (qwen, image, port), no restated fact
    reply = await ask(store, "does the qwen image port stamp a logo on its images")
    assert_said_not_covered(reply, "The summaries don't mention *logo*.", "logo")
    assert first(reply) == (MAIN, 412)


async def test_the_first_word_naming_a_talk_is_the_topic_asked_of(store: Store) -> None:
    # "michigan" is a word only the TPU database study writes, Pallas a title word of its own talk: the question asks
    # it of the study, which never names Pallas, so the study is shown, not the Pallas talk's sparse-core point
    reply = await ask(store, "haben die michigan leute ihre sparse core kernels in pallas geschrieben")
    assert_said_not_covered(reply, "Die Zusammenfassungen erwähnen *pallas* nicht.", "pallas")
    assert first(reply) == (MAIN, 9)


async def test_the_people_of_a_talk_are_no_word_of_its_topic(store: Store) -> None:
    # "the treehouse crew" is the treehouse talk's people: its topic is the treehouse and the tree scans (000:547's
    # 3D-Scanner-App), no fourth word that would make the question restate a fact; it names no drone
    reply = await ask(store, "did the treehouse crew take a drone for the tree scans")
    assert_said_not_covered(reply, "The summaries don't mention *drone*.", "drone")
    assert first(reply) == (MAIN, 547)


async def test_a_term_asked_whether_a_talk_named_by_its_title_says_it(store: Store) -> None:
    # no summary has outpainting; 000:412-430 name the Qwen Image TPU port by the words the question names it with,
    # which say which talk is asked, no point that restates the question
    reply = await ask(store, "can the tpu port of qwen image do outpainting")
    assert_said_not_covered(reply, "The summaries don't mention *outpainting*.", "outpainting")
    assert body(reply)["hits"][0]["talk_id"].startswith("qwen-image")


async def test_a_name_one_first_letter_from_a_common_word_is_absent(store: Store) -> None:
    # no summary has XGrammar; "grammar" without its first letter is no slip of it
    reply = await ask(store, "does sglang on tpu use xgrammar for structured output")
    assert_said_not_covered(reply, "The summaries don't mention *xgrammar*.", "xgrammar")
    assert first(reply) == (MAIN, 444)
