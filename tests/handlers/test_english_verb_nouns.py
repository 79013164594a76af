"""A question asking with an English participle ("installed", "deployed") finds the point that writes the English
noun of that verb ("Installation", "Deployment"), through the function mentions and DMs call, on the bundled corpus
in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import ask, body, follow_up


async def test_a_follow_up_asking_how_it_is_installed_and_deployed(store: Store, state: BotState) -> None:
    # the post-training talk's point 165: "Entwickler-Erfahrung & Deployment: Vereinfachte Installation über uv pip …"
    reply = await follow_up(store, state, "what was the google talk on post-training with maxtext and tunix about",
                            "and how do you get the whole thing installed and deployed", "1700000000.000001")
    found = body(reply)
    assert found["covered"] is True
    assert found["hits"][0]["source"]["line"] == 165



@pytest.mark.parametrize("text", [
    "should i tell flydsl to fuse kernels, or does the compiler do it",
    "do i have to ask flydsl to fuse kernels",
])
async def test_a_verb_and_its_object_are_held_as_the_verbs_noun_and_the_object(store: Store, text: str) -> None:
    # "fuse kernels": no summary writes "fuse", FlyDSL's Q&A writes "Kernel-Fusionen müssen vom Entwickler explizit …
    # authorisiert werden" (000:242); the verb's -ion noun holds them side by side, so they are no absent name
    found = body(await ask(store, text))
    assert found["covered"] is True, text
    assert found["hits"][0]["source"]["line"] == 242, text
