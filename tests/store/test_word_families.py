"""Names written as code: how a question's words are read against key-point text."""

from __future__ import annotations

from store.concepts import Concept, build_concepts, name_groups
from store.lexicon import Lexicon


def test_a_name_written_as_code_is_one_group_of_concepts() -> None:
    concepts = build_concepts("how does max_evol check kernels", Lexicon(), {}, translate=False)
    words = [concept.words for concept in concepts]
    groups = name_groups(concepts)
    assert [sorted(words[index] for index in group) for group in groups] == [["evol", "max", "maxevol"]]
    # hyphens and versions are not code names: their words each count ("NC-Maschinen", "Qwen2.5")
    assert name_groups(build_concepts("wie viele NC-Maschinen für Qwen2.5", Lexicon(), {}, translate=False)) \
        == []
    assert name_groups([Concept("max")]) == []
