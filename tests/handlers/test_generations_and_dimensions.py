"""A TPU generation typed without its chip's name ("das Mesh bei den v5 und v6e Subslices") finds the summaries'
"TPUv5- und TPUv6e-Subslices", and a count of dimensions is written with a "D" ("2D-Mesh"): "wie viele Dimensionen
hat das Mesh bei den v5 und v6e Subslices" is 000:97's 2D-Mesh of those subslices, not the Qwen port's 2D mesh of
TPU v6e-8 (000:417). On a real store over the bundled corpus."""

from __future__ import annotations

import pytest

from handlers.quantities import count_re
from store.concepts import build_concepts
from store.db import Store
from store.lexicon import Lexicon
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "wie viele dimensionen hat das mesh bei den v5 und v6e subslices",
    "wie viele Dimensionen hat das Mesh der v5 und v6e Subslices?",
])
async def test_the_dimensions_of_the_generations_mesh(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 97), text


def test_a_generation_typed_alone_finds_the_names_written_with_it() -> None:
    written = {"v5": ["tpuv5"], "v6e": ["tpuv6e"]}
    concepts = build_concepts("mesh v5 v6e", Lexicon(), {}, translate=False,
                              generation=lambda word: written.get(word, []))
    forms = {concept.words: {form.token for form in concept.forms} for concept in concepts}
    assert "tpuv5" in forms["v5"] and "tpuv6e" in forms["v6e"]
    assert "meshv5" not in forms["v5"]  # no word of the corpus: "mesh" is no name of a generation
    # typed after its name, the generation keeps the name typed
    typed = build_concepts("tpu v5", Lexicon(), {}, translate=False, generation=lambda word: written.get(word, []))
    assert "tpuv5" in {form.token for concept in typed if concept.words == "v5" for form in concept.forms}


def test_dimensions_are_counted_with_a_d() -> None:
    pattern = count_re(("dimensionen", "dimension"))
    assert pattern is not None and pattern.search("nutzen ein 2D-Mesh") and pattern.search("ein 3D Gitter")
    steps = count_re(("schritte",))
    assert not pattern.search("HBM2D") and steps is not None and not steps.search("ein 2D-Mesh")
