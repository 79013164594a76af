""""Wie groß / how big": a size is also written as the sides of a block ("8 × 8") or as a value named the size
("Tile-Größe T8"), not only in bytes or parameters ("26B"). Lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize("text", ["wie groß sind die tiles so im xla beispiel", "wie groß sind bei xla so die tiles"])
async def test_a_size_named_as_the_size_answers(store: Store, text: str) -> None:
    # 000:206's "Tile-Größe T8" (or its twin 000:488's "8 × 8"), not the "26B" of 000:166's "Praxisbeispiel" or the
    # Triton codegen's tiling configs
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) in {(MAIN, 206), (MAIN, 488)}, text
