"""Which talks mention a thing also lists the talks that only say its short form, which a glossary spells out ("GKE
(Google Kubernetes Engine)"), through the function mentions and DMs call, on the bundled corpus in a real SQLite file.
Lines are of the 000 file."""

from __future__ import annotations

from handlers.answers import _short_forms_spelling_out
from store.db import Store
from tests.handlers.test_questions import ask, body


async def test_the_talks_of_a_thing_include_those_saying_its_short_form(store: Store) -> None:
    # Kinetic (60) and the post-training talk (153) write "Kubernetes"; the vLLM talk (432) only "GKE" (443)
    for text in ("which talks mention kubernetes", "welche vorträge erwähnen kubernetes"):
        reply = body(await ask(store, text))
        assert reply["shape"] == "talks", text
        assert [hit["source"]["line"] for hit in reply["hits"]] == [60, 153, 432], text


async def test_a_plain_word_of_a_long_form_names_no_short_form(store: Store) -> None:
    # "Engine" and "Google" are words of GKE's long form, yet a talk saying GKE is not about engines or Google
    assert await _short_forms_spelling_out(store, "kubernetes") == ["GKE"]
    assert await _short_forms_spelling_out(store, "engine") == []
    assert await _short_forms_spelling_out(store, "google") == []
