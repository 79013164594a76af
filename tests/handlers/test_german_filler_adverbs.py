"""German adverbs a question only stresses its verb with ("einfach": just, simply, as English's "just"): no topic of
their own, so a key point holding the adjective ("einfache Fusionen") does not answer by it. On a real store over the
bundled corpus."""

from __future__ import annotations

import pytest

from handlers.questions import parse
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "line"), [
    # "wenn man ihn einfach … übersetzt" is "if one just translates it": 128's direct translations from Triton to
    # Pallas, not 234's "einfache Fusionen" of XLA
    ("warum wird so ein gpu-kernel so viel langsamer, wenn man ihn einfach zeile für zeile in die kernel-sprache "
     "von jax übersetzt?", 128),
])
async def test_einfach_only_stresses_the_verb(store: Store, text: str, line: int) -> None:
    assert "einfach" not in parse(text).subject.split()
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text
