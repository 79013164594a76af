"""German questions whose answer is covered but whose first point was another one (session 27): the kind of number a
question asks, and how the points that answer it are weighed. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from store.state import BotState
from tests.handlers.test_coverage import MAIN, ask, body, first
from tests.handlers.test_questions import follow_up


@pytest.mark.parametrize(("text", "line"), [
    # a unit of time counted right after "wie viele" names the kind of number, not the verb of gain after it ("bringt":
    # 483's "zweijährige … Kompatibilität", not a speed-up)
    ("wie viele jahre kompatibilität bringt vhlo", 483),
])
async def test_a_unit_of_time_counted_names_the_kind(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "number" and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    # "gleichzeitig" says at once, no span of time: the count of sandboxes (301's "tausende parallele
    # Sandbox-Umgebungen"), not another talk's numbers
    ("mit wie vielen sandbox umgebungen gleichzeitig muss man beim agentischen rl rechnen", 301),
])
async def test_an_adjective_of_zeitig_asks_no_time(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "number" and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    # "gebracht", the participle of "bringen", asks what a change gained as "bringt" does: 350's "ca. 20 %
    # Leistungssteigerung", not the "4-Bit" of the point introducing MXFP4
    ("wie viel hat mxfp4 am ende gebracht", 350),
])
async def test_what_it_brought_is_a_gain(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "number" and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    # a point whose text counts the thing (343's "zwei Fallstudien", 0.8 of the weight a title has) is as close to the
    # best one, whose title names one of them ("Erste Fallstudie"), as the count tie allows: the rounded scores are
    # compared within their rounding
    ("wie viele fallstudien ham die gezeigt", 343),
])
async def test_a_tie_share_is_compared_within_the_rounding(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "number" and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("turn", "text", "line"), [
    # the thread's topic (CHLO) is what "das" asks about; StableHLO, named only in the concessive clause, is what it
    # is set against, not the point to answer with (198's StableHLO)
    ("was ist chlo", "und wozu gibts das überhaupt, wenn man doch stablehlo hat", 200),
])
async def test_a_concessive_clause_asks_nothing_of_the_threads_topic(store: Store, state: BotState, turn: str,
                                                                     text: str, line: int) -> None:
    reply = await follow_up(store, state, turn, text, "27.1")
    assert body(reply)["shape"] == "explain" and first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # "was meint A mit B", "what does A mean by B": a source (the talk) says what it means by a thing, which asks what
    # the thing is there: the glossary entry 640, not 631's key point that uses it
    "was meint das cnc video mit industriellen zellen?",
    "what does the cnc video mean by industrial cells?",
])
async def test_what_a_source_means_by_a_thing_defines_it_there(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "definition" and first(reply) == (MAIN, 640), text


@pytest.mark.parametrize(("turn", "text", "line"), [
    # spoken German's "die" with only a verb's particle after it is a demonstrative pronoun ("halten die aus": they
    # hold), which points back at the thread's topic (the tree screws: 551's "bis zu 4 Tonnen"), as "sie" does
    ("was sind baumschrauben", "wie viel gewicht halten die aus", 551),
])
async def test_a_demonstrative_pronoun_points_back_at_the_threads_topic(store: Store, state: BotState, turn: str,
                                                                         text: str, line: int) -> None:
    reply = await follow_up(store, state, turn, text, "27.2")
    assert body(reply)["shape"] == "number" and first(reply) == (MAIN, line), text
