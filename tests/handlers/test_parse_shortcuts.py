"""The question layer's shortcuts for speed read questions exactly as the plain forms they replace."""

import random
import re

import pytest

from handlers.answers import _starts_a_word
from handlers.coverage import _side_by_side, _word_before
from handlers.question_words import FRAME_WORDS, GREETING_RE, PRONOUNS
from handlers.questions import (
    _ABOUT_THE_BOT_WORDS,
    _APOSTROPHES,
    _PATTERNS,
    _last_token,
    asks_about_the_bot,
    is_term_like,
    without_discourse,
)
from handlers.talk_naming import _LONG_TALK_NOUNS, _TALK_NOUN_SLIPS, frames_the_question
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


# The per-question patterns of "not covered" and the quantity's names, read with string methods instead
ALPHABET = ["a", "b", "A", "B", " ", "  ", "-", "_", "'", "\t", "\x1c", "é", "É", "ſ", "S", "s", "\u212a", "k", "K",
            "\u0130", "i", "1", "?", "."]


def _random_cases(seed: int, count: int) -> list[tuple[str, str, str]]:
    rng = random.Random(seed)
    words = ["a", "ab", "ba", "s", "k", "i", "a-b", "a_b", "é", "1", "ab'", "sk"]
    cases = []
    for _ in range(count):
        text = "".join(rng.choice(ALPHABET + words) for _ in range(rng.randint(0, 10)))
        cases.append((text, rng.choice(words), rng.choice(words)))
    return cases


def test_side_by_side_as_the_pattern() -> None:
    for text, first, second in _random_cases(1, 20000) + [("speculative decoding", "speculative", "decoding"),
                                                         ("Speculative-Decoding?", "speculative", "DECODING"),
                                                         ("xspeculative decoding", "speculative", "decoding")]:
        pattern = rf"(?<![^\W_]){re.escape(first)}[\s-]+{re.escape(second)}(?![^\W_])"
        assert _side_by_side(text, first, second) == (re.search(pattern, text, re.I) is not None), (text, first, second)


def test_word_before_as_the_pattern() -> None:
    for text, word, _ in _random_cases(2, 20000) + [("does the treehouse have a fireplace?", "fireplace", ""),
                                                     ("the machinists' union", "union", "")]:
        found = re.search(rf"([\w']+)\s+{re.escape(word)}(?![\w-])", text)
        assert _word_before(text, word) == (found.group(1) if found else None), (text, word)


def test_starts_a_word_as_the_pattern() -> None:
    for text, part, _ in _random_cases(3, 20000) + [("dit-modell", "dit", ""), ("editieren", "dit", "")]:
        assert _starts_a_word(text, part) == (re.search(rf"(?<![^\W_]){re.escape(part)}", text) is not None)


def _frames_as_written(token: str) -> bool:
    if token in FRAME_WORDS or token in PRONOUNS:
        return True
    if len(token) < 4:
        return False
    if token.endswith("n") and token[-2] in "aeiouh" and token[:-1] + "en" in FRAME_WORDS:
        return True
    if len(token) >= 5 and token + "e" in FRAME_WORDS:
        return True
    return token in _TALK_NOUN_SLIPS or (len(token) >= 7 and any(
        token[:i] + token[i + 1:] in _LONG_TALK_NOUNS for i in range(len(token))))


def test_frames_as_before() -> None:
    words = {token for text in _texts() for token in tokens(text)}
    words |= {"vortrrag", "xvortrag", "vortragx", "sessiion", "speakerss", "presentattion", "xpresentation",
              "asession", "sessions", "vortrage", "spreecher", "hierarchy", "reinforcement"}
    framing = [word for word in words if _frames_as_written(word)]
    assert {"xvortrag", "vortragx", "speakerss", "presentattion", "asession"} <= set(framing)
    for word in words:
        assert frames_the_question(word) == _frames_as_written(word), word


def test_last_token_and_the_questions_about_the_bot() -> None:
    texts = _texts() + ["hey, what can you do?", "ok so how do I use you", "wow, hilfe!", "?", "what is ẞ ?",
                        "hi there, was kannst du alles?", "hmm… what are your commands?"]
    asked = 0
    for text in texts:
        folded = tokens(text)
        assert _last_token(text) == (folded[-1] if folded else None), text
        if asks_about_the_bot(GREETING_RE.sub("", without_discourse(text.translate(_APOSTROPHES)))):
            asked += 1
            assert _last_token(text) in _ABOUT_THE_BOT_WORDS, text
    assert asked >= 5
