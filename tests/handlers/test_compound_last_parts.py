"""A German compound holds its last part: "Rechenclustern" are clusters, so "gpus und tpus in ihren clustern" is
answered by 000:300's "Diversifizierung von Rechenclustern zwischen … GPUs und TPUs", not by 000:308, which writes
"TPU-Clustern" apart but no GPUs. The word list has the plural's dative ("Clustern") that the compound ends in, and
the point holding more of the question's names reads a compound's last part as the name. On a real store over the
bundled corpus."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "warum mischen die firmen laut dem rl-agenten-talk jetzt gpus und tpus in ihren clustern",
    "was treibt laut dem google-talk über agenten-rl den mix aus gpu- und tpu-clustern",
])
async def test_a_compound_holds_its_last_part(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 300), text
