"""A word cut before its ending (a stem) is in the summaries only where a corpus word goes on from it as a form of
that word ("kernel|s", "zerspan|ung"), not where its letters only begin another word ("angel|egten", "splin|tholz",
"hochbe|lastbarer", "compos|able"): through the function mentions and DMs call, on the bundled corpus in a real
SQLite file. Absence of the asked words was checked by grep over corpus/*.txt."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, assert_said_not_covered, body, first


@pytest.mark.parametrize(("text", "absent"), [
    ("spline", ("spline",)),  # Splintholz
    ("angeln", ("angeln",)),  # angelegten, angelehnte
    ("hochbeet", ("hochbeet",)),  # hochbelastbarer
    ("compose", ("compose",)),  # Composable Kernel
    # forms of the word itself stay held: a plural's, an inflection's, a derivation's
    ("kerneln", ()),
    ("metern", ()),
    ("zerspanen", ()),
    # a compound's stem where a corpus compound of the same head goes on from it: Speicherarchitektur, of Speicher
    ("speicherarten", ()),
])
async def test_a_stem_is_held_only_as_a_form_of_its_word(store: Store, text: str, absent: tuple[str, ...]) -> None:
    assert await store.absent_words(text) == absent, text


@pytest.mark.parametrize(("text", "said"), [
    ("whats a spline", "The summaries don't mention *spline*."),
    ("wie bau ich mir n hochbeet für den balkon", "Die Zusammenfassungen erwähnen *hochbeet* nicht."),
    ("kann kinetic auch docker compose dateien verwenden", "Die Zusammenfassungen erwähnen *compose dateien* nicht."),
])
async def test_a_word_whose_stem_only_begins_another_word_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "line"), [
    # words the word list says in the summaries' words, no longer held by chance as the start of another word
    # ("doch", "pauschal"): docs are 000:131's Dokumentationsindexierung, a break 000:579's Erholung
    ("does max_evol index the docs for its agent", 131),
    ("hat der vlogger nach der ganzen bauerei auch mal pause gemacht, urlaub oder so", 579),
])
async def test_words_the_word_list_translates_are_answered(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text
