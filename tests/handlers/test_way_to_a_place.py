"""How a thing gets to a place ("wie kommt X nach Y", "how does X get into Y") asks for the way there: the point that
brings it to the place ("… in StableHLO", "… zu StableHLO") leads one headed by the place that only names the thing.
Through the function mentions and DMs call, on the bundled corpus in a real SQLite file; lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.answers import _WAY_TO_RE
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    # 201's "Frameworks wie JAX und PyTorch konvertieren … in StableHLO" (or its twin 485's "lowern Primitive zu
    # StableHLO"), not 482, headed "StableHLO & OpenXLA", which names PyTorch among the frameworks it keeps compatible
    "wie kommen pytorch programme nach stablehlo",
    "wie gelangt jax code eigentlich in stablehlo?",
    "how does pytorch code get into stablehlo",
])
async def test_the_way_to_a_place_is_the_point_bringing_it_there(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) in {(MAIN, 201), (MAIN, 485)}, text


@pytest.mark.parametrize("text", [
    "wie gelangt der spir-v code bei intel auf die gpu",
    "wie kommt bei intel der spir-v code auf die grafikkarte",
])
async def test_the_way_on_is_not_how_the_thing_is_made(store: Store, text: str) -> None:
    # no point brings the code to the card: 267's "Laden von SPIR-V-Binärdateien in die Level-Zero-Laufzeitumgebung"
    # is its way on, not 265, which tells how it is made ("… zu SPIR-V-Binärdateien gewandelt")
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 267), text


@pytest.mark.parametrize("text", [
    "wie kommt es zu den langen kompilierzeiten",  # "wie kommt es zu": why, no way to a place
    "how come pytorch code ends up in stablehlo",
    "wie kommt pytorch an",  # no place after a preposition of direction
])
def test_no_way_to_a_place_is_asked(text: str) -> None:
    assert _WAY_TO_RE.search(text) is None, text
