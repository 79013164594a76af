"""A when question about a topic of two words typed side by side lists, after the moments that say both, those that
say its head alone when few do ("python wheels": the "Alpha-Wheels" of 000:352); a compound an -ieren verb's stem opens
finds the one its -ung noun opens ("Kompilierzeiten": "Kompilierungszeit"), through the function mentions and DMs
call, on the bundled corpus in a real SQLite file."""

from __future__ import annotations

from store.concepts import ung_compound
from store.db import Store
from tests.handlers.test_questions import ask, body


def _lines(reply: dict) -> list[tuple[str, int]]:
    return [(hit["source"]["file"][:3], hit["source"]["line"]) for hit in reply["hits"]]


async def test_a_rare_head_said_alone_is_a_moment_of_the_topic(store: Store) -> None:
    # Python-Wheels: oneAPI's roadmap (000:241) and plugin (000:269); the AITER talk's "Alpha-Wheels" (000:352)
    reply = body(await ask(store, "an welchen stellen gings um python wheels"))
    assert reply["shape"] == "when" and reply["covered"] is True
    assert _lines(reply)[0] == ("000", 241) and {("000", 269), ("000", 352)} <= set(_lines(reply))


async def test_a_common_head_alone_is_no_moment_of_the_topic(store: Store) -> None:
    # "attention" is said at many points about other attention: flash attention comes up at 000:415 only
    reply = body(await ask(store, "when was flash attention discussed"))
    assert {line for line in _lines(reply)} == {("000", 415)}


def test_an_ier_stem_compound_is_searched_as_the_ung_noun_compound() -> None:
    assert ung_compound("kompilierzeiten") == "kompilierungszei"
    assert ung_compound("optimierungsverfahren") is None and ung_compound("studierende") is None


async def test_long_compile_times_said_with_the_verb_stem(store: Store) -> None:
    # "Lange Kompilierungszeiten" (000:310), "langen Kompilierungszeiten" (000:493), "Kompilierungszeit von 95
    # Minuten" (000:419)
    reply = body(await ask(store, "zeig mal alle stellen, wo es um lange kompilierzeiten geht"))
    assert reply["covered"] is True
    assert {("000", 310), ("000", 419), ("000", 493)} <= set(_lines(reply))
