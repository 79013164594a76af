"""A run of three words or more whose every word is held side by side with the next ("diffusion image model":
Diffusionsmodelle, the Qwen Image port's Bildgenerierungsmodell) is a thing the summaries discuss said more closely, no
name they lack; through the function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines are of
the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "line"), [
    # the Qwen Image talk's Bildgenerierungsmodell on Latent Diffusion (412)
    ("tell me about a diffusion image model", 412),
    # 000:295's agentenbasiertes Reinforcement Learning, and RL-Training: the Tunix RL talk's agentic challenges
    ("tell me about agentic rl training", 301),
])
async def test_a_run_held_pair_by_pair_is_covered(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", ["tell me about kv cache offloading", "is triton inference server covered"])
async def test_a_run_with_a_pair_never_side_by_side_is_not_covered(store: Store, text: str) -> None:
    assert body(await ask(store, text))["covered"] is False, text
