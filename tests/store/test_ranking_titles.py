"""Which candidate talks' titles hold a question's concepts (store/ranking.py ``_titled``), told from each concept's
forms prepared once per question, is what a form-by-form look at each title token tells."""

from __future__ import annotations

import json
from pathlib import Path

from store.concepts import Concept
from store.db import Store
from store.ranking import _titled
from store.view import View
from tests.conftest import CORPUS

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = [json.loads(line)["q"] for line in (ROOT / "bench" / "queries.jsonl").read_text().splitlines() if line]
QUESTIONS += ["max_evol speedup", "Qwen Image on a TPU v6e-8", "Tensor-Parallelismus", "what is all to all?"]


def _in_title(concept: Concept, title_tokens: tuple[str, ...]) -> bool:
    """The plain definition: a token starts with a prefix form, or is a form; a phrase form by each of its words."""
    return any(token.startswith(form.token) for token in title_tokens for form in concept.forms if form.prefix) or any(
        form.token in title_tokens or (" " in form.token and all(word in title_tokens for word in form.token.split()))
        for form in concept.forms)


def _compare(view: View) -> tuple[int, int, int]:
    """(pairs compared, pairs held in a form typed, pairs held only in a translation)."""
    compared = typed = translated = 0
    talks = set(view.talks) | {"no-such-talk"}
    for question in QUESTIONS:
        concepts = view.concepts(question)
        for (index, talk), held in _titled(view, concepts, talks).items():
            info = view.talks.get(talk)
            expected = 0
            if info is not None and _in_title(concepts[index], info.title_tokens):
                own = [form for form in concepts[index].forms if form.kind != "translation"]
                expected = 2 if own and _in_title(Concept(concepts[index].words, own), info.title_tokens) else 1
            assert held == expected, (question, index, talk)
            compared += 1
            typed += held == 2
            translated += held == 1
    return compared, typed, translated


async def test_a_title_holds_a_concept_as_its_forms_say(db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        compared, typed, translated = await store._read(_compare)
    finally:
        await store.close()
    assert compared > 10000 and typed > 100 and translated > 10  # the cases in question occur
