"""German questions answered with the wrong first line (session 26): each cause asked through the function mentions
and DMs call, on the bundled corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from handlers.replies import Reply
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


def body(reply: Reply) -> dict:
    """The reply as ``talkbot ask --json`` reports it."""
    return json.loads(as_json(reply))


def shown_lines(reply: Reply) -> set[tuple[str, int]]:
    return {(hit["source"]["file"], hit["source"]["line"]) for hit in body(reply)["hits"]}


def first(reply: Reply) -> tuple[str, int]:
    hit = body(reply)["hits"][0]
    return hit["source"]["file"], hit["source"]["line"]


async def ask(store: Store, text: str) -> Reply:
    return await mentions.answer(store, f"<@UBOT> {text}")


async def test_a_difference_of_two_participles_shows_the_entries_of_their_nouns(store: Store) -> None:
    # "kollokiert" and "disaggregiert" are the glossary's Kollokation (333) and Disaggregation (334): a -ieren verb
    # names its -ation noun, so each side has its entry beside the point contrasting them
    reply = await ask(store, "disaggregiert oder kollokiert, was ist der unterschied?")
    assert body(reply)["shape"] == "difference"
    assert {(MAIN, 333), (MAIN, 334)} <= shown_lines(reply)


async def test_a_count_of_a_hyphenated_compound_counts_its_last_part(store: Store) -> None:
    # "ca. 120 Basis-Operationen" (480) counts operations, as "120 Operationen" would: not the point that lists kinds
    # of instructions (207, "Elementweise Operationen, lineare Algebra, …") with no number
    reply = await ask(store, "mit wie vielen ops ist hlo damals gestartet")
    assert body(reply)["shape"] == "number"
    assert first(reply) in {(MAIN, 480), (MAIN, 196)}


@pytest.mark.parametrize("text", [
    "wofür ist grain im jax-ökosystem da",
    "what is grain for in the jax ecosystem",
])
async def test_a_things_role_where_its_entry_places_it_is_the_entry(store: Store, text: str) -> None:
    # the entry (403) places Grain in the JAX ecosystem itself ("Software-Bibliotheken im JAX-Ökosystem: … Grain ist
    # für Hochleistungs-Daten-I/O zuständig"): it says the role asked for, not 381's point naming Grain among others
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 403), text


async def test_names_in_a_relative_clause_say_which_thing_not_which_point(store: Store) -> None:
    # ", das Triton-Kernel nach Pallas portiert," says which system (max_evol); the asker's Colab and the cloud pick
    # its point (134, Cloud-Ausführung via Colab CLI), not 128 for holding the clause's Triton and Pallas
    reply = await ask(store, "Bei uns gibt es nur Colab. Wie führt das agentenbasierte System, das Triton-Kernel nach "
                             "Pallas portiert, seine Experimente in der Cloud aus?")
    assert first(reply) == (MAIN, 134)


async def test_oom_is_short_for_out_of_memory(store: Store) -> None:
    # OOM is what 000:14 writes as "HBM-Out-of-Memory-Fehlern" (Q4.1), beside 385's "OOM-Vermeidung" of another talk
    reply = await ask(store, "welche ssb abfrage hatte nen oom")
    assert first(reply) == (MAIN, 14)
