"""A German summary or watch question that describes its talk in a hyphenated compound of its own ("das vlog mit
den erdwärme-bienenstöcken") asks for the talk one of whose points holds both parts (000:573 says Erdwärme and
Bienenstöcke; the talk names them Geothermie-Bienen): the words say which talk, they are no name the summaries lack.
A compound whose parts no point holds together stays not covered. Through the function mentions and DMs call, on the
bundled corpus in a real SQLite file; lines are of the 000 file."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_questions import ask, body

SEASONAL_VLOG = "saisonales-update-zu-verschiedenen-handwerklichen-projekten"  # heading 000:567


async def test_a_summary_of_the_talk_a_compound_describes(store: Store) -> None:
    reply = body(await ask(store, "was passiert so im vlog mit den erdwärme-bienenstöcken, kurz zusammengefasst"))
    assert reply["covered"] is True
    assert reply["hits"][0]["talk_id"] == SEASONAL_VLOG
    assert reply["hits"][0]["source"]["line"] == 567


async def test_a_compound_no_point_holds_stays_not_covered(store: Store) -> None:
    reply = body(await ask(store, "fass das video über die holz-bienenstöcke zusammen"))
    assert reply["covered"] is False
