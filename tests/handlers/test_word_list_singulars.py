"""An English word a German question borrows in the singular is the German word the word list gives its plural: "in
so nem transformer" places multi-head attention where its glossary entry does ("Baustein von Transformator-Modellen"),
so the entry answers, not the key point that only names MHA as a case study. On a real store over the bundled
corpus."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


async def test_a_singular_borrowed_word_is_translated_as_its_plural(store: Store) -> None:
    reply = await ask(store, "was macht multi-head attention in so nem transformer")
    assert body(reply)["covered"] is True
    assert first(reply) == (MAIN, 363)  # MHA (Multi-Head Attention): … Baustein von Transformator-Modellen
