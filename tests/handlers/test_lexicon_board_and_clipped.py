"""Two English words the word list lacked: a board's "heart side" is German's Kernseite (as "heartwood side" was), and
"hyperparam" is "hyperparameter" clipped as "config" is "configuration". The glossary entry answers. Lines are of the
000 file, read from the summaries."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "line"), [
    ("what's the heart side of a board", 614),  # Kernseite's entry
    ("what's a hyperparam sweep", 86),  # Hyperparameter-Sweep's entry
])
async def test_the_entry_answers(store: Store, text: str, line: int) -> None:
    shown = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    assert shown.get("covered", True) is not False, text
    assert (shown["hits"][0]["source"]["file"], shown["hits"][0]["source"]["line"]) == (MAIN, line), text
