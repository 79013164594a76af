"""A glossary term asked in a frame no rule lists: when every other word of the question is a function word or a
general word no summary holds (so it asks nothing beyond the term), the term's glossary entry leads (the term
alone in a frame, "kennste tinix", is left to the search), covered, under
the term's heading (``answers._term_asked_alone``). A rare word beside the term (a name, a field's term) still asks
about that. On a real store over the bundled corpus; none of these phrasings is in bench/definition_phrasings.toml."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_definition_phrasings import heading
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "could somebody clarify MXU for me",
    "never heard of MXU, explain?",
    "remind me what MXU was",
    "mxu explanation pls",
    "erinnere mich, was MXU ist",
    "MXU - keine Ahnung, was das ist",
])
async def test_term_with_nothing_else_asked_is_defined(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 20), text
    assert body(reply)["covered"] is True
    assert "MXU" in heading(body(reply))


async def test_rare_word_beside_the_term_is_asked_about(store: Store) -> None:
    # "wandb" is in no summary and no general word: the question asks about it, not what MXU is
    reply = await ask(store, "MXU wandb explanation")
    assert body(reply)["covered"] is False
