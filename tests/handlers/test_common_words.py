"""handlers/common_words: which words general English and German hardly use, read from wordfreq's lists."""

from __future__ import annotations

import pytest

from handlers.common_words import is_common, is_rare, leaning
from handlers.questions import parse
from store.db import Store
from tests.handlers.test_coverage import ask, assert_said_not_covered


@pytest.mark.parametrize("word", ["preemptible", "mamba", "zapfenverbindungen", "schindeln", "quantization",
                                  "kubeflow"])
def test_terms_of_a_field_are_rare(word: str) -> None:
    assert is_rare(word) and not is_common(word)


@pytest.mark.parametrize("word", ["lightning", "learning", "rate", "faster", "secrets", "schneller", "verbrauch",
                                  "grundwasser"])
def test_words_of_everyday_english_and_german_are_common(word: str) -> None:
    assert is_common(word) and not is_rare(word)


@pytest.mark.parametrize(("word", "base"), [("diversifying", "diversify"), ("swapping", "swap"),
                                            ("plugged", "plug"), ("glued", "glue"), ("queens", "queen")])
def test_an_english_inflection_of_a_common_word_is_common(word: str, base: str) -> None:
    assert is_common(base) and is_common(word) and not is_rare(word)


@pytest.mark.parametrize("word", ["sumarize", "wacth", "recieve"])
def test_a_slip_in_typing_a_common_word_is_no_rare_term(word: str) -> None:
    assert not is_common(word) and not is_rare(word)


def test_a_slip_of_a_german_word_only_is_rare_in_english() -> None:
    # "fortran" is one letter from German "fortan": a slip in a German question, a name in an English one
    assert not is_rare("fortran") and is_rare("fortran", "en") and not is_rare("sumarize", "en")


@pytest.mark.parametrize(("word", "near"), [("xgrammar", "grammar"), ("xnetwork", "network"), ("qdataset", "dataset")])
def test_a_common_english_word_with_another_first_letter_is_a_name_of_its_own(word: str, near: str) -> None:
    # typists slip inside a word, seldom on its first letter (one added, left out or changed): a name, no slip
    assert is_common(near) and is_rare(word, "en")


def test_a_german_word_with_another_first_letter_is_a_spoken_form_of_it() -> None:
    # spoken German adds or drops first letters: "reinzubringen" is "einzubringen", no term of a field
    assert is_common("einzubringen") and not is_rare("reinzubringen") and not is_rare("reinzubringen", "de")


def test_only_words_of_letters_are_rare() -> None:
    assert not is_rare("h200") and not is_rare("v6e") and not is_rare("")


@pytest.mark.parametrize(("text", "language"), [
    # no question or marker word tells the language: how often each language writes the other words does
    ("nutzt kinetic docker als basis?", "de"),
    ("supposedly pallas needs special hardware", "en"),
])
def test_a_question_without_marker_words_is_read_in_the_language_its_words_lean_to(text: str, language: str) -> None:
    assert parse(text).language == language


def test_words_both_languages_write_alike_tell_no_language() -> None:
    assert leaning(["pallas", "hardware", "tpu"]) is None


@pytest.mark.parametrize(("text", "said"), [
    # "jax" is a name English web text writes, no English word: "nutzt" alone tells the language, and the library no
    # summary names is what the German yes/no question asks whether JAX Quantum uses
    ("nutzt jax quantum intern pennylane", "Die Zusammenfassungen erwähnen *pennylane* nicht."),
])
async def test_a_name_tells_no_language_of_a_question(store: Store, text: str, said: str) -> None:
    assert parse(text).language == "de"
    assert_said_not_covered(await ask(store, text), said, text)
