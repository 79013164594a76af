"""Single-answer questions (explain, number, definition) whose answer is covered but whose first point was another
one (session 27, second round): word forms and how evidence is weighed. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, first


@pytest.mark.parametrize(("text", "line"), [
    # a German -lich adjective is made of the noun it names: "nördlichen" finds 599's "nordsituierten Standorten",
    # not the point about Lärchenholz
    ("wieso ham die beim baumhaus holz aus nördlichen lagen genommen", 599),
])
async def test_a_lich_adjective_finds_its_noun(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    # an English past participle also searches its -ing noun: "pretrained" finds 380's "Pre-Training" beside
    # "Post-Training", not the point that only shares "Post-Trainings" and "Modell"
    ("whats the point of post-training if the model is already pretrained", 380),
])
async def test_a_participle_finds_its_ing_noun(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert first(reply) == (MAIN, line), text
