""""How X and Y fit together" asks how they relate: "fit" is no topic word, as German's "passen … zusammen" is none.
Through the function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

from handlers.questions import parse
from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


async def test_fit_together_is_no_topic_word(store: Store) -> None:
    # XLA's compiler and its IRs are the XLA crash course (heading 189), not a miss for "irs fit"
    text = "what should i watch to get how xla's compiler and its irs fit together"
    assert parse(text).subject == "xla compiler irs"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True
    assert first(reply) == (MAIN, 189)
    assert parse("how do hlo and stablehlo fit together").subject == "hlo stablehlo"
    assert parse("does the model fit in hbm").subject == "model fit hbm"  # a fit of its own stays
