"""An abbreviation asked about finds the points that write its long form: "MoE" is the summaries' "Mixture of Experts"
too. On a real store over the bundled corpus; lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    # 126 says why custom kernels are needed for sparse operations "(z. B. Mixture of Experts …)"; 238 only names "MoE"
    "wozu braucht man bei moe eigene kernel",
    "warum sind für moe spezielle custom kernels nötig",
])
async def test_an_abbreviation_finds_its_long_form(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 126), text
