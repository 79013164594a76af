"""Spoken German's "n" for "ein" typed apart from the word it is said onto ("so n VAE" for "son VAE", "für n Tool" for
"fürn Tool") is the article, as the contraction is: no word asked about. Lines are of the 000 file (VAE's glossary
entry 429, XPK's 187)."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "line"), [
    ("was macht so n vae eigentlich", 429),
    ("was fürn tool ist xpk", 187),
])
async def test_spoken_ein_typed_apart_is_the_article(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False, text
    assert first(reply) == (MAIN, line), text
