"""Session 26 (round 2): questions the summaries answer that were read as asking about a word no summary has ("not
covered"), through the function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines are of the
000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    # a holiday is time off to rest, a colloquial -erei noun the long doing of a verb: 579's Erholung an der
    # Echo-Farm nach intensiven handwerklichen Bauphasen (the lexicon's German keys "urlaub", "bauerei")
    "hat der vlogger nach der ganzen bauerei auch mal pause gemacht, urlaub oder so",
    "hat der vlogger auch mal urlaub gemacht",
])
async def test_a_holiday_is_the_summaries_rest(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, 579), text


@pytest.mark.parametrize(("text", "line"), [
    # a build's trades (Gewerke) are its craftspeople, working together the summaries' Zusammenwirken: 554's
    # Zusammenwirken von Höhenkletterern, Zimmerern, Ingenieuren und Elektrikern
    ("welche gewerke ham am baumhaus im winter zusammengearbeitet", 554),
    # a tinkering project (Bastelprojekt) is craft work: the vlog of handwerkliche Projekte, 575's
    # frostgehobenes Saunafundament
    ("Wir haben an unserer Sauna ein ähnliches Problem mit Frost. Wie geht der Vlogger mit den Bienen und "
     "Bastelprojekten das angehobene Fundament an?", 575),
])
async def test_german_lay_words_for_the_summaries_craft_words(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, line), text


async def test_an_ai_helper_is_an_agent(store: Store) -> None:
    # a KI-Helfer is an AI agent or assistant: 131's max_evol sub-agent with its own documentation index
    text = "kann der ki helfer der die kernels umschreibt eigentlich selber in der doku nachschauen"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, 131), text


async def test_a_broken_step_is_a_faulty_one(store: Store) -> None:
    # broken is fehlerhaft, defekt, kaputt (a Fehler): 132's 12-Schritte-Zyklus that detects Fehler between its steps
    text = "how does max_evol notice a broken step and recover"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert first(reply) == (MAIN, 132), text
