"""The word list's index of one-letter-less forms finds exactly the keys a slip check accepts."""

from __future__ import annotations

import pytest

from store.concepts import one_slip
from store.lexicon import load_lexicon
from tests.conftest import CORPUS


@pytest.mark.parametrize("word", ["enviroment", "environmnet", "enviornment", "envvironment", "compilr", "sharding",
                                  "bandwitdh", "qqqqqqq", "recusion", "blorft"])
def test_keys_a_letter_apart_are_those_a_slip_check_accepts(word: str) -> None:
    lexicon = load_lexicon(CORPUS)
    every = [key for key in lexicon.en_de if key.isalpha() and one_slip(word, key)]
    assert [key for key in lexicon.one_letter_apart(word) if one_slip(word, key)] == every


def test_a_key_added_later_is_found() -> None:
    lexicon = load_lexicon(CORPUS)
    assert "flibbertigibbet" not in lexicon.one_letter_apart("flibertigibbet")
    lexicon.add_translation("flibbertigibbet", ["plappermaul"])
    assert lexicon.one_letter_apart("flibertigibbet") == ["flibbertigibbet"]


@pytest.mark.parametrize(("word", "near"), [
    ("recusion", True),  # recursion, a letter left out
    ("finetunning", True),  # fine tuning typed solid, a letter added
    ("controlnet", False),  # two letters from "control unit": a name of its own
    ("nsight", False),  # insight without its first letter: typists slip inside a word (first_letter_differs)
])
def test_a_key_typed_with_a_slip_is_one_slip_away(word: str, near: bool) -> None:
    assert load_lexicon(CORPUS).near_a_key(word) is near
