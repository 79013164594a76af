"""The English plural of a short name no summary writes ("IRs") is its singular, which the summaries write ("IR"), as
"TPUs" is "TPU"; a three-letter word the summaries hold as a word of its own ("als", "bis") stays itself. On a real
store over the bundled corpus."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


async def test_the_plural_of_a_two_letter_name_is_covered(store: Store) -> None:
    # the XLA crash course is the talk on StableHLO, VHLO, CHLO and "all those IRs" (000:200, CHLO's point, first)
    reply = await ask(store, "want to watch something explaining stablehlo, vhlo, chlo and all those irs")
    assert body(reply)["covered"] is True
    assert body(reply)["hits"][0]["talk_id"] == "xla-crashkurs"
    reply = await ask(store, "what are irs")
    assert body(reply)["covered"] is True
    assert first(reply) == (MAIN, 214)  # IR (Intermediate Representation)
