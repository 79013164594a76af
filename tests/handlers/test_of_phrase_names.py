"""A name of two nouns ("diffusion pipeline", "Diffusions-Pipeline") is held by a point that writes its head first and
the other noun in the phrase the head is of: "Multi-Komponenten-Pipeline von Diffusionsmodellen" (000:413) is a
pipeline of diffusion models, the diffusion pipeline, though "Diffusion" only starts a compound there."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "wie ist eine diffusions-pipeline aufgebaut",
    "what parts does a diffusion pipeline have",
])
async def test_a_name_held_as_its_head_and_a_von_phrase(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False, text
    assert first(reply) == (MAIN, 413), text
