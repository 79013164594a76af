"""A talk list asked by where its talks come from ("which talks come out of universities") lists the talks of that
place: "out" of the phrasal verb "come out (of)" is no word of the topic, and an English plural in -ies is its
singular in -y ("universities": the summaries' "University of Michigan", "Rice University"), through the function
mentions and DMs call, on the bundled corpus in a real SQLite file."""

from __future__ import annotations

from handlers.questions import parse
from store.db import Store
from tests.handlers.test_questions import ask, body

UNIVERSITY_TALKS = {"nutzung-von-tpus-fuer-relationale-datenbankabfragen",  # University of Michigan (000:5)
                    "sharding-und-die-platzierung-von-dit-modellen"}  # Rice University (000:92)


def test_out_of_come_out_is_no_topic_word() -> None:
    assert parse("which talks come out of universities").subject == "universities"
    assert parse("what year did stablehlo come out").subject == "stablehlo"
    assert parse("when did out of memory errors come up").subject == "out memory errors"  # "out" of a name stays


async def test_talks_coming_out_of_universities(store: Store) -> None:
    for text in ("which talks come out of universities", "which talks came out of universities",
                 "which talks are from universities"):
        reply = body(await ask(store, text))
        assert reply["covered"] is True and reply["shape"] == "talks", text
        assert {hit["talk_id"] for hit in reply["hits"]} >= UNIVERSITY_TALKS, text


async def test_talks_from_universities_asked_in_german(store: Store) -> None:
    # the German summaries borrow the English name ("University of Michigan", "Rice University"): "Universitäten" is
    # no miss, as "universities" is none
    for text in ("welche vorträge kommen von universitäten", "welcher vortrag kommt von einer universität"):
        reply = body(await ask(store, text))
        assert reply["covered"] is True, text
        assert reply["hits"][0]["talk_id"] in UNIVERSITY_TALKS, text
        assert {hit["talk_id"] for hit in reply["hits"]} >= UNIVERSITY_TALKS, text
