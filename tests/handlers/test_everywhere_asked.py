"""A list question that asks where everywhere a topic comes up ("wo wird überall X erwähnt", "where is X mentioned
everywhere") asks for every moment of X: "überall" and "everywhere" frame the question and are no part of the topic,
through the function mentions and DMs call, on the bundled corpus in a real SQLite file."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_questions import ask, body


async def test_everywhere_frames_a_list_of_moments(store: Store) -> None:
    # Hugging Face comes up in the Kinetic (000:72), Tunix post-training (000:161) and Qwen Image (000:414) talks
    for text in ("wo wird überall hugging face erwähnt", "where is hugging face mentioned everywhere"):
        reply = body(await ask(store, text))
        assert reply["covered"] is True and reply["shape"] == "when", text
        assert {(hit["source"]["file"][:3], hit["source"]["line"]) for hit in reply["hits"]} >= \
            {("000", 72), ("000", 161), ("000", 414)}, text
