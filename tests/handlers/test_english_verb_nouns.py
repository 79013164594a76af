"""A question asking with an English participle ("installed", "deployed") finds the point that writes the English
noun of that verb ("Installation", "Deployment"), through the function mentions and DMs call, on the bundled corpus
in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import body, follow_up


async def test_a_follow_up_asking_how_it_is_installed_and_deployed(store: Store, state: BotState) -> None:
    # the post-training talk's point 165: "Entwickler-Erfahrung & Deployment: Vereinfachte Installation über uv pip …"
    reply = await follow_up(store, state, "what was the google talk on post-training with maxtext and tunix about",
                            "and how do you get the whole thing installed and deployed", "1700000000.000001")
    found = body(reply)
    assert found["covered"] is True
    assert found["hits"][0]["source"]["line"] == 165
