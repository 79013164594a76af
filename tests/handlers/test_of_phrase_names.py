"""A name of two nouns ("diffusion pipeline", "Diffusions-Pipeline") is held by a point that writes its head first and
the other noun in the phrase the head is of: "Multi-Komponenten-Pipeline von Diffusionsmodellen" (000:413) is a
pipeline of diffusion models, the diffusion pipeline, though "Diffusion" only starts a compound there."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, assert_said_not_covered, body, first


@pytest.mark.parametrize("text", [
    "wie ist eine diffusions-pipeline aufgebaut",
    "what parts does a diffusion pipeline have",
])
async def test_a_name_held_as_its_head_and_a_von_phrase(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False, text
    assert first(reply) == (MAIN, 413), text


async def test_an_of_name_like_a_glossary_name_is_absent_as_a_whole(store: Store) -> None:
    # Mixture of Experts is a glossary name: "mixture of depths" is another name built so, and no summary has it
    # (mixture and depth are never in one point), so no point on MoE answers it
    text = "is mixture of depths a thing in any of these talks"
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *mixture of depths*.", text)


@pytest.mark.parametrize(("text", "line"), [
    # an "X of" no glossary name begins says what X is of the thing after it, the asker's words for a point
    ("how many months of training did nc operators need", 628),
    ("roughly what range of speedups does aiter give", 345),
])
async def test_an_of_phrase_no_name_begins_is_answered(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, line), text
