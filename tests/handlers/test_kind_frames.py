"""A question for what kind of thing something is ("was ist das für ein Format", "was für n Tool ist X", "what kind
of tool is X", "X is what sort of thing") asks what it is: its glossary entry answers first, in English and German,
through the function mentions and DMs call, on the bundled corpus. Lines are of the 000 file."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "line"), [
    ("Diffrax, was ist das für eine Bibliothek?", 49),  # the class split off behind the verb
    ("was für ein framework ist maxdiffusion", 116),  # the class before the verb
    ("pytest is was für n framework", 150),  # asked after the subject, spoken "is" and "n"
    ("what kind of tool is docker", 83),
    ("stablehlo – what sort of format is that?", 113),  # the term fronted, the question points back at it
    ("triton is what kind of thing", 142),  # asked after the subject
    ("was für ein fahrzeug ist n atv", 589),  # the thing after a typed "n" (ein), not a search for "n atv"
])
async def test_a_kind_question_is_answered_with_the_definition(store: Store, text: str, line: int) -> None:
    shown = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    hit = shown["hits"][0]["source"]
    assert (hit["file"], hit["line"]) == (MAIN, line), text
    assert shown["covered"] is not False, text


@pytest.mark.parametrize(("text", "line"), [
    # the kind is what is asked, of a predicate, not of a thing named: "nötig", "used", "required" are no terms
    ("was für hardware ist nötig für tunix", 385),  # Hardware-Optimierung, not Tunix's introduction
    ("what kind of hardware is used in the tpu database talk", 10),  # the talk's hardware, not the TPU entry
    ("which type of cluster is required for maxtext", 159),  # MaxText's architecture, not an unrelated entry
])
async def test_a_kind_asked_of_a_predicate_is_no_definition(store: Store, text: str, line: int) -> None:
    shown = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    hit = shown["hits"][0]["source"]
    assert (hit["file"], hit["line"]) == (MAIN, line), text
