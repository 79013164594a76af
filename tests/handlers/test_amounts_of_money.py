"""Number questions that ask an amount of money (a wage, what a thing cost) or say their question word after a hedge
("…, roughly how many kg"): asked through the function mentions and DMs call, on the bundled corpus in a real SQLite
file; lines are of the 000 file, read from the summaries."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "kind"), [
    ("was hat ein maschinist 1981 pro stunde verdient", "money"),  # "was hat … verdient" asks how much, as "gekostet"
    ("wie viel ham die pro stunde gekriegt", "money"),  # what one gets per hour is pay
    ("how much did the treehouse cost", "money"),
    ("wie viel speicher kostet das", "size"),  # the thing measured names the kind, not the verb
    ("wie viele punkte hat er bekommen", "count"),
])
def test_an_amount_of_money_is_the_kind_asked(text: str, kind: str) -> None:
    question = parse(text)
    assert (question.shape, question.quantity) == (Shape.QUANTITY, kind), text


async def test_pay_per_hour_is_the_point_with_the_wage(store: Store) -> None:
    # 000:630's "$9.72/Std." against "$9.51/Std.", not 000:625's apprenticeship of "4 bis 5 Jahre" of the same talk
    text = ("wie viel weniger ham die leute an den nc maschinen damals pro stunde gekriegt"
            " als die richtigen maschinisten")
    assert first(await ask(store, text)) == (MAIN, 630)


async def test_the_machinist_the_summaries_spell_in_english(store: Store) -> None:
    # 000:630 writes "Class-A-Machinisten": the German question's "class-a-maschinist" is that, no term they lack
    shown = body(await ask(store, "was hat ein class-a-maschinist 1981 pro stunde verdient"))
    assert shown.get("covered", True) is not False
    assert (shown["hits"][0]["source"]["file"], shown["hits"][0]["source"]["line"]) == (MAIN, 630)


def test_a_hedge_before_the_question_word_after_a_clause() -> None:
    question = parse("that groundwater plug he sealed, roughly how many kg was it")
    assert question.shape == Shape.QUANTITY
    assert "roughly" not in question.subject


async def test_the_plug_sealed_against_groundwater_weighs(store: Store) -> None:
    # 000:574: "die Abdichtung eines fast 300 kg schweren, schwimmfähigen Verschlussstopfens" (sealing: abdichten)
    shown = body(await ask(store, "that groundwater plug he sealed, roughly how many kg was it"))
    assert shown.get("covered", True) is not False
    assert (shown["hits"][0]["source"]["file"], shown["hits"][0]["source"]["line"]) == (MAIN, 574)
