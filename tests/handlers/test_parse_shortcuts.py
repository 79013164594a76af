"""The question layer's shortcuts for speed read questions exactly as the plain forms they replace."""

import re

import pytest

from handlers.questions import _PATTERNS, is_term_like
from store.parser import parse_file
from store.text import tokens, word_tokens
from tests.conftest import CORPUS_FILES

# The shapes' patterns that start with a lookahead for their first letters (only positions where a match can start)
LED = [pattern for _, pattern in _PATTERNS if pattern.pattern.startswith("(?=[")]
QUESTIONS = [
    "which talk should I watch to learn Pallas", "what should we watch first", "recommend me a talk on sharding",
    "best talks about XLA", "where should I start", "welchen Vortrag sollte ich mir ansehen", "welches Video ist am "
    "besten für JAX", "empfiehl mir einen Vortrag", "wo lerne ich Pallas", "bester Vortrag zu TPUs", "was würdest du "
    "empfehlen", "in which talk was HBM discussed", "what talks are there", "Welcher Talk erklärt GSPMD",
    "what's the difference between HLO and StableHLO", "Unterschied zwischen JAX und PyTorch", "DIFFERENCES between "
    "A and B", "unterschiede zwischen x & y", "ſuggest a talk", "SUGGEST A TALK", "Whİch talk should I watch",
    "whıch talk should I watch", "the KV cache in the talk", "Kvortrag", "what is the memory hierarchy of a TPU?",
    "how does sharding work for diffusion models", "was ist HBM?", "",
]


def _texts() -> list[str]:
    texts = list(QUESTIONS)
    for path in CORPUS_FILES:
        for summary in parse_file(path):
            texts += [f"{point.title}: {point.text}" for point in summary.key_points]
    return texts


def _without_lookahead(pattern: re.Pattern[str]) -> re.Pattern[str]:
    inner = pattern.pattern[pattern.pattern.index("])") + 2:]
    return re.compile(inner, pattern.flags)


def test_the_unanchored_shape_patterns_are_led_by_a_lookahead() -> None:
    assert len(LED) == 2


@pytest.mark.parametrize("index", range(len(LED)))
def test_same_matches_as_without_the_lookahead(index: int) -> None:
    led = LED[index]
    plain = _without_lookahead(led)
    found = 0
    for text in _texts():
        expected = [(m.span(), m.groupdict()) for m in plain.finditer(text)]
        assert [(m.span(), m.groupdict()) for m in led.finditer(text)] == expected, text
        found += len(expected)
    assert found >= 5


def _term_like_as_written(word: str) -> bool:
    return (any(ch.isupper() for ch in word[1:]) or any(ch.isdigit() for ch in word) or "_" in word
            or (word.isupper() and len(word) >= 2))


@pytest.mark.parametrize("word", ["GSPMD", "FlyDSL", "Qwen2.5", "all_to_all", "memory", "Größe", "x²", "ǅemal",
                                  "aǅ", "Ⅻ", "a1", "ß", "İstanbul", "iPhone", "", "A", "v6e-8", "3D-Druck", "пример"])
def test_term_like_as_before(word: str) -> None:
    assert is_term_like(word) == _term_like_as_written(word)


def test_word_tokens_are_the_tokens() -> None:
    for word in ["HuggingFace", "Größe", "all_to_all", "pl.kernel", "v6e-8", "PJRT?", "ẞ", ""]:
        assert list(word_tokens(word)) == tokens(word)
