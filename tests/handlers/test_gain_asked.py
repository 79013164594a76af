""""What's the gain" asks for a number, as "what's the speedup" does: a gain is how much better a thing got, no word
the summaries should hold (000:350 gives MXFP4's gains: about 10 % for the MLP layers alone)."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "what's the gain if you only do mxfp4 on the mlp layers",
    "whats the gain if u only do mxfp4 on the mlp layers",
])
async def test_the_gain_asked_is_a_number(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "number" and body(reply)["covered"] is not False, text
    assert first(reply) == (MAIN, 350), text
