"""Which talks are about a German compound topic ("Holzbau") and when it comes up: also where points say its two
words together, not only where it is written as one word; through the function mentions and DMs call, on the bundled
corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_questions import ask, body


def _talk_lines(reply: object) -> list[int]:
    found = body(reply)  # type: ignore[arg-type]
    assert found["covered"] is not False, found["message"].get("text")
    return [hit["source"]["line"] for hit in found["hits"]]


async def test_a_compound_topic_lists_the_talks_of_its_two_words(store: Store) -> None:
    # the treehouse talk (000:541) says "Holzbau"; the vlogger's update (000:567) builds a fence of "Bauholz" and a
    # Torii gate of "Windwurf-Holz": building with wood too
    for text in ("welche Vorträge handeln von Holzbau?", "welche videos ham was mit holzbau zu tun"):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "talks", text
        assert _talk_lines(reply) == [541, 567], text


async def test_a_compound_topic_keeps_to_talks_with_both_words_in_one_point(store: Store) -> None:
    # "Speicher" and "Architektur" are each in most talks, together in a point only of the Pallas talk (004:1)
    reply = await ask(store, "welche vorträge gibt es zu speicherarchitektur")
    assert [hit["source"]["file"][:3] for hit in body(reply)["hits"]] == ["004"]


async def test_a_compound_topic_comes_up_where_a_point_says_its_two_words(store: Store) -> None:
    # "Lärchenholz" is written as one in 548, 601 and 602; 549 says "Holzschutz bei Lärche: … Lärchenbohlen"
    reply = await ask(store, "wann war das mit dem lärchenholz")
    assert body(reply)["shape"] == "when"
    assert {548, 549, 601, 602} <= set(_talk_lines(reply))
