"""An English explain question that names its talk with a talk noun ("in the video diffusion talk"): those words say
which talk, not which of its points answers, so a point that only repeats them does not lead the one the rest of the
question asks for. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, first


@pytest.mark.parametrize(("text", "line"), [
    # "diffusion" names the talk (its 0:00 point says "Diffusion Transformers"); compiling fewer configurations is
    # the two-stage search (100), not the 2D-mesh sharding point (417) of another talk
    ("how do they avoid compiling every single sharding config in the video diffusion talk", 100),
    ("in the video diffusion talk, how do they avoid compiling each sharding config", 100),
    # the stack names the post-training talk (its four-pillar point 000:160 holds each name), knowledge distillation
    # is its 5:04 point (163)
    ("how does knowledge distillation go in the talk on the maxtext, tunix and pathways stack", 163),
    # the heading of the talk's 0:00 point ("MaxText-Architektur") names it as its title would: installing and
    # submitting jobs is its 13:20 point (165), not the four-pillar point (160) that names MaxText in a list
    ("how do you install the maxtext post-training stack and deploy jobs on a cluster", 165),
])
async def test_words_naming_the_talk_do_not_pick_its_point(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert first(reply) == (MAIN, line), text
