"""A question asking what was hard about a thing (its headaches, challenges, lessons learned the hard way) is answered
by the point headed by the difficulties, of the points about as relevant: the words naming the thing (its description,
"amd's operator library", and where it went, "jax") are held best by the point defining it, which says nothing hard.
Through the function mentions and DMs call, on the bundled corpus in a real SQLite file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "what were the main challenges in wiring amd's operator library into jax",
    "what was the biggest headache in bringing amd's operator library to jax",
])
async def test_the_point_headed_by_the_difficulties_answers(store: Store, text: str) -> None:
    # 000:351 "Lektionen & Herausforderungen: Notwendigkeit der Entkopplung …", not 000:344 "Definition von AITER: AITER
    # ist AMDs Hochleistungs-KI-Operator-Bibliothek …"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 351), text


async def test_a_point_already_about_the_difficulty_stays_first(store: Store) -> None:
    # "what problem does max_evol solve": 000:125 "Das Portierungsproblem" heads a difficulty and leads as before
    assert first(await ask(store, "what problem does max_evol solve")) == (MAIN, 125)


async def test_a_difficulty_of_another_talk_does_not_lead(store: Store) -> None:
    # the question's other words name the vLLM talk: its all_to_all point (000:446) answers, not max_evol's
    # "Das Portierungsproblem" (000:125), which only shares the word "problem"
    assert first(await ask(store, "why is all_to_all a problem for the moe serving work on tpus")) == (MAIN, 446)
