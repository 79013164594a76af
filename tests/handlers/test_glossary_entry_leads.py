"""A glossary entry leads a search or explain answer when it alone holds an asked word that no key point holds, and
far better than any point (store.ranking._entry_first); a point holding the rest as well stays first. Through the
function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "line"), [
    # only the NC talk's "Industrielle Zellen" entry (640) says "Robotersysteme"
    ("gab es im NC-Vortrag was zu Robotern?", 640),
    # only JAX Quantum's "QTip" entry (50) says whose API it follows; its points say nothing of QuTiP
    ("does jax quantum borrow its api from qutip", 50),
    ("orientiert sich die API von JAX Quantum an QuTiP?", 50),
])
async def test_an_entry_alone_holding_the_asked_word_leads(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert first(reply) == (MAIN, line), text
    assert body(reply)["covered"] is True
    assert "glossar" in str(body(reply)["message"]).lower()  # said to be the glossary's, not a moment


async def test_a_point_holding_the_rest_as_well_stays_first(store: Store) -> None:
    # the "Distanzringe" entry (562) holds "Baumstamm" too, yet the point (553) says where the talk shows it
    reply = await ask(store, "how do they keep the support beams from squeezing the trunk?")
    assert first(reply) == (MAIN, 553)


async def test_an_entry_leads_points_holding_only_the_talks_name(store: Store) -> None:
    # each Pallas point holds "palas" by its talk's title only, none the model weights: the HBM entry (004:18, "…
    # speichert … Modellgewichte") answers, though it scores less than ENTRY_LEAD_RATIO times them
    reply = await ask(store, "wo liegen bei palas eigentlich die modellgewichte")
    assert first(reply) == ("004_b9033c416a07336f.txt", 18)
    assert body(reply)["covered"] is True
