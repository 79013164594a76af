"""Number and definition questions whose answer a general cause kept from the first place, one cause per test: a
filler or manner phrase read as the subject, a count only the named term's entry gives, a count written as names,
a size or ordinal in another form, the question word naming the kind of number. Asked through the function mentions
and DMs call, on the bundled corpus in a real SQLite file; lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "line"), [
    ("what even is docker", 83),  # Docker's glossary entry, not a key point that uses Docker images
    ("what even is pathways?", 182),  # the entry, not the four-pillar stack that lists Pathways
])
async def test_even_after_the_question_word_only_stresses_it(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line), text


@pytest.mark.parametrize(("text", "lines"), [
    ("explain level zero to me in one line", {287}),  # Level Zero's entry, not 000:267's Level-Zero runtime
    ("reinforcement learning in plain words pls", {322, 399}),  # the RL entries, not 000:384's GRPO point
])
async def test_how_briefly_to_answer_is_no_word_of_the_subject(store: Store, text: str, lines: set[int]) -> None:
    file, line = first(await ask(store, text))
    assert file == MAIN and line in lines, text


@pytest.mark.parametrize("text", ["wofür is eigh gut", "wofür ist Eigh gut?"])
async def test_gut_after_the_term_is_no_word_of_it(store: Store, text: str) -> None:
    # "Wofür ist X gut" asks what X is for: Eigh's entry (000:48), not the benchmarks that use eigh (000:37)
    assert first(await ask(store, text)) == (MAIN, 48), text


def test_wat_before_a_german_verb_is_was() -> None:
    question = parse("wat sind finite differenzen")
    assert (question.shape, question.language) == (Shape.DEFINE, "de")
    assert parse("wat can u do").shape == Shape.HELP  # chat's English "what" as before


async def test_spoken_wat_asks_for_the_entry(store: Store) -> None:
    # Finite Differenzen's entry (000:536), not 000:522's ONNX point that uses them
    assert first(await ask(store, "wat sind finite differenzen")) == (MAIN, 536)


@pytest.mark.parametrize("text", ["skalierungsfaktor beim benchmark, was is damit gemeint",
                                  "scale factor in the benchmark, what do they mean by that"])
async def test_the_term_named_first_is_defined(store: Store, text: str) -> None:
    # "X, was ist damit gemeint" defines X as "X, was ist das?" does: Skalierungsfaktor's entry (000:25), not the
    # SSB point naming factor 10 (000:13)
    assert first(await ask(store, text)) == (MAIN, 25), text


@pytest.mark.parametrize(("text", "line"), [
    ("what's the heart side of a board", 614),  # a board's heart side is its Kernseite: that entry
    ("what's a hyperparam sweep", 86),  # "hyperparam" is clipped as "config" is: Hyperparameter-Sweep's entry
])
async def test_words_the_word_list_lacked_find_the_entry(store: Store, text: str, line: int) -> None:
    shown = body(await ask(store, text))
    assert shown.get("covered", True) is not False, text
    assert (shown["hits"][0]["source"]["file"], shown["hits"][0]["source"]["line"]) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    ("wie viele chips stecken in ner v6e-8", 426),  # TPU v6e-8's entry: "in einer Konfiguration mit 8 Chips"
    ("how many crossbeams does a torii normally have", 587),  # Torii's entry: "zwei Säulen und zwei Querbalken"
])
async def test_the_entry_of_the_term_named_counts_it(store: Store, text: str, line: int) -> None:
    # the question names the term by part of its name or says more of it in common words ("normally", "stecken")
    assert first(await ask(store, text)) == (MAIN, line), text


async def test_a_point_counting_the_thing_of_something_else_counts_nothing_asked(store: Store) -> None:
    # 000:160's "Vier-Säulen-Referenz-Stack" counts the pillars of MaxText's stack, not of a torii: Torii's entry
    # ("zwei Säulen und zwei Querbalken") answers
    assert first(await ask(store, "aus wie vielen säulen besteht so n torii")) == (MAIN, 587)


@pytest.mark.parametrize("text", ["how many people presented kinetic", "how many ppl presented kinetic"])
async def test_the_point_naming_the_speakers_counts_them(store: Store, text: str) -> None:
    # 000:66 "Vorstellung durch Diva und Jotender" (the aliases spell the speaker Jyotinder), not 000:76's "32 Chips"
    shown = body(await ask(store, text))
    assert shown.get("covered", True) is not False, text
    assert (shown["hits"][0]["source"]["file"], shown["hits"][0]["source"]["line"]) == (MAIN, 66), text


@pytest.mark.parametrize(("text", "line"), [
    # 000:264 lists oneAPI's libraries; 000:270's roadmap lists other things, 000:263 has numbers of a GPU
    ("wie viele oneapi bibliotheken zählt die intel speakerin auf", 264),
    # 000:302 lists SFT, RL and distillation; 000:380's "Post-Training (Verhaltensanpassung und Formatierung …)"
    # says what one phase is, it lists no phases
    ("wie viele post-training phasen deckt tinix ab", 302),
])
async def test_the_point_listing_the_things_counts_them(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line), text


async def test_the_point_naming_the_kinds_after_their_word_counts_them(store: Store) -> None:
    # 000:599 "Harthölzer (Buche, Eiche, Linde)" (found from "hartholz" by the folded form), not 000:349's "Zweite
    # Fallstudie (MXFP4)" that "second" finds
    text = "how many kinds of hardwood did they pick for the second treehouse film"
    assert first(await ask(store, text)) == (MAIN, 599), text


@pytest.mark.parametrize("text", ["wie groß sind die tiles so im xla beispiel", "wie groß sind bei xla so die tiles"])
async def test_a_size_named_as_the_size_answers(store: Store, text: str) -> None:
    # 000:206's "Tile-Größe T8" (or its twin 000:488's "8 × 8"), not the "26B" of 000:166's "Praxisbeispiel" or the
    # Triton codegen's tiling configs
    assert first(await ask(store, text)) in {(MAIN, 206), (MAIN, 488)}, text


def test_wievielte_asks_a_number() -> None:
    question = parse("die wievielte gpu generation von intel is battlemage")
    assert (question.shape, question.quantity) == (Shape.QUANTITY, "version")


@pytest.mark.parametrize("text", ["die wievielte gpu generation von intel is battlemage",
                                  "which generation of intel's xe architecture is battlemage"])
async def test_the_entry_saying_which_in_a_row_answers(store: Store, text: str) -> None:
    # 000:263 names the XE2 architecture and the B70's specs, no generation in a row; Battlemage's entry does
    assert first(await ask(store, text)) == (MAIN, 276), text


def test_how_long_with_up_to_speed_asks_a_time() -> None:
    assert parse("how long did it take to get a new nc operator up to speed").quantity == "time"


async def test_the_training_time_answers(store: Store) -> None:
    # 000:628 "verkürzte die Einarbeitungszeit auf 6 bis 12 Monate", not AITER's 2x to 17x speed-ups (000:345)
    assert first(await ask(store, "how long did it take to get a new nc operator up to speed")) == (MAIN, 628)


@pytest.mark.parametrize("text", [
    "whats the tokens per second per chip that the big qwen coding model reached after tuning",
    "what's the tokens per second per chip the qwen coding model hit in the end",
])
async def test_what_is_the_rate_in_tokens_per_second_asks_a_number(store: Store, text: str) -> None:
    # "what's the tokens per second" asks for a rate, as "what's the throughput" does: 445's "Durchsatzsteigerung von
    # 9,8 auf 286 Tokens/s/Chip" for Qwen3-Coder-480B, not a definition's search (167, Qwen 3 30B's evaluation)
    assert parse(text).shape == Shape.QUANTITY, text
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 445), text


async def test_the_twin_of_the_second_point_carries_the_asked_span(store: Store) -> None:
    # the asked unit "Jahr" lifts 000:198's "Im Jahr 2022" above VHLO's 000:199, which says no span; its twin in the
    # other summary, 000:483, says "zweijährige … Kompatibilität", not the machinists' "4 bis 5 Jahre" of 000:625
    reply = await ask(store, "wie viele jahre kompatibilität verspricht die versionierte stablehlo variante")
    assert body(reply)["covered"] is True
    assert first(reply) == (MAIN, 483)


@pytest.mark.parametrize("text", [
    # "um welchen Faktor", "by what factor", "um das Wievielfache": a ratio asked, a number question; a search of its
    # words led with 344's definition of AIT, which says no factor, not 345's "2x bis zu 17x …
    # Standardimplementierungen"
    "um welchen faktor sind die operatoren von amds ki-bibliothek schneller als die standard-implementierungen",
    "by what factor is amd's ai operator library faster than standard implementations",
    "um das wievielfache ist amds operator-bibliothek schneller als standard-implementierungen",
])
async def test_by_what_factor_asks_a_number(store: Store, text: str) -> None:
    assert parse(text).shape == Shape.QUANTITY, text
    reply = await ask(store, text)
    assert body(reply)["shape"] == "number" and first(reply) == (MAIN, 345), text


def test_what_factor_without_by_asks_no_number() -> None:
    # a factor that does something is a cause, no ratio
    assert parse("what factor limits the speed of the sparse cores").shape != Shape.QUANTITY


@pytest.mark.parametrize(("text", "line"), [
    # "how long" last, after what it measures, asks a duration as it does first: 483's "zweijährige Vorwärts- und
    # Rückwärtskompatibilität", not 199's twin point without the number
    ("stablehlo stays backward compatible for how long", 483),
])
async def test_how_long_ending_the_question_asks_a_number(store: Store, text: str, line: int) -> None:
    assert parse(text).shape == Shape.QUANTITY, text
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # a thing before vs after a change has times for its two sides, not two things to contrast: the score asked is
    # 167's "Leistungssteigerung auf dem Math 500-Benchmark von 25 % auf 34 %", not the RL glossary entry (322)
    "qwen 3 30b's math 500 score before vs after rl",
])
async def test_before_vs_after_asks_the_change_not_a_difference(store: Store, text: str) -> None:
    assert parse(text).shape != Shape.COMPARE, text
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 167), text
