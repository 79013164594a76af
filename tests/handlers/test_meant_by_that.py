"""A term named first and then asked about with "was ist damit gemeint" / "what do they mean by that" is a definition
of that term, as "X, was ist das?" is. Lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize("text", ["skalierungsfaktor beim benchmark, was is damit gemeint",
                                  "scale factor in the benchmark, what do they mean by that"])
async def test_the_term_named_first_is_defined(store: Store, text: str) -> None:
    # Skalierungsfaktor's entry (000:25), not the SSB point naming factor 10 (000:13)
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, 25), text
