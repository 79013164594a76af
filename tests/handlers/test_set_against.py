"""What a question sets against its topic ("without …", "sick of …"): a summary need not mention it, unless it is
the topic itself; through the function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines are
of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "language"), [
    # the rest is only the question's frame ("goes wrong", "passiert"): what it goes without is its topic, 000:309's
    # Token-in-Token-Out
    ("what goes wrong without token-in-token-out in agentic rl training", "en"),
    ("was passiert ohne token-in-token-out beim rl training", "de"),
])
async def test_what_happens_without_a_thing_asks_about_that_thing(store: Store, text: str, language: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == language, text
    assert first(reply) == (MAIN, 309), text


async def test_what_happens_without_an_absent_thing_is_not_covered(store: Store) -> None:
    reply = await ask(store, "what goes wrong without terraform")
    assert body(reply)["covered"] is False
    assert "terraform" in body(reply)["message"]["text"].casefold()


@pytest.mark.parametrize("text", [
    # what the asker is weary of is what they want to do without, up to what they do it for: the Kinetic talk (000:60)
    "which talk do i watch if i'm sick of writing dockerfiles and k8s manifests just to train on tpus",
    "im tired of writing dockerfiles, which talk helps me train on tpus",
])
async def test_what_the_asker_is_weary_of_is_set_against_the_topic(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert body(reply)["hits"][0]["talk_id"] == "kinetic-ueberbrueckung-von-lokalen-laptop-umgebungen", text


async def test_being_weary_of_an_absent_thing_alone_is_not_covered(store: Store) -> None:
    reply = await ask(store, "which talk do i watch if i'm sick of terraform")
    assert body(reply)["covered"] is False

