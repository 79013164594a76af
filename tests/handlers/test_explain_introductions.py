"""How and why questions that name their talk the way its introduction does ("max_evol", "the vllm talk"): the words
the introduction shares with the question name the talk, as its title's do, and the rest of the question picks the
point that explains. A question about what the talk is for is still answered by its introduction.

Real store over the bundled corpus (000 file), asked through the function mentions and DMs call.
"""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


async def first(store: Store, text: str) -> tuple[str, int]:
    """The first hit's file and line, as ``talkbot ask --json`` reports it."""
    body = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    assert body["covered"] is True
    hit = body["hits"][0]
    return hit["source"]["file"], hit["source"]["line"]


@pytest.mark.parametrize("text", ["how does max_evol check that a ported kernel is actually correct?",
                                  "wie prüft max_evol, ob ein portierter kernel korrekt ist?"])
async def test_how_max_evol_checks_a_port_is_its_validation_pipeline(store: Store, text: str) -> None:
    # "Validierungs-Pipeline: Stufenweise Überprüfung von Syntax, …", not the introduction "Vorstellung von is_agent und
    # max_evol …", which holds "max_evol", "portieren" and "Kernel" only because it presents the talk
    assert await first(store, text) == (MAIN, 133)


@pytest.mark.parametrize("text", ["why would anyone bother running inference on tpus, going by the vllm talk",
                                  "warum sollte man überhaupt inferenz auf tpus machen, laut dem vllm vortrag"])
async def test_why_inference_on_tpus_is_the_value_of_tpu_inference(store: Store, text: str) -> None:
    # "Wertversprechen der TPU-Inferenz", not the talk's "Einführung & Hintergrund" that names vLLM and TPUs
    assert await first(store, text) == (MAIN, 443)


@pytest.mark.parametrize(("text", "line"), [("kinetic connects my laptop to what exactly", 66),
                                            ("wofür wurde jax quantum eigentlich entwickelt", 33)])
async def test_what_a_talk_is_for_is_still_its_introduction(store: Store, text: str, line: int) -> None:
    # the introduction holds what else is asked too: it says what the project is for
    assert await first(store, text) == (MAIN, line)


async def test_introductions_name_only_where_asked(store: Store) -> None:
    # the default ranking (every other caller) is unchanged: "Das Portierungsproblem" leads there, on "portieren"
    subject = "max_evol check ported kernel correct"
    assert (await store.find_points(subject, limit=1))[0].source.line == 125
    assert (await store.find_points(subject, limit=1, introductions_name=True))[0].source.line == 133


@pytest.mark.parametrize(("text", "line"), [
    ("muss bei dem datenbank projekt mit den tpus eigentlich alles komplett in den speicher passen", 15),
    ("kann das intel xla backend auch triton", 266),
    ("can the intel xla backend do triton too", 266),
])
async def test_a_search_naming_its_talk_asks_for_a_detail(store: Store, text: str, line: int) -> None:
    # "Q&A und Systemgrenzen: … Datensätze vollständig im Hauptspeicher …", "Experimenteller Triton-Codegen", not the
    # introductions that present the Michigan project and Intel's backend
    assert await first(store, text) == (MAIN, line)


async def test_what_a_talk_set_out_to_do_is_its_introduction(store: Store) -> None:
    # a what-question (a definition's fallback search) asks what the introduction says, not a point sharing "out"
    assert await first(store, "what were the michigan folks trying to figure out") == (MAIN, 9)
