"""The first-character lookahead on the number patterns only skips positions where no match can start."""

import re

import pytest

from handlers.quantities import _NUMBER_START, NUMBER_RES
from store.parser import parse_file
from tests.conftest import CORPUS_FILES

LED = [kind for kind, pattern in NUMBER_RES.items() if pattern.pattern.startswith(_NUMBER_START)]


def _corpus_texts() -> list[str]:
    texts = []
    for path in CORPUS_FILES:
        for summary in parse_file(path):
            texts.append(summary.text)
            texts += [f"{point.title}: {point.text}" for point in summary.key_points]
            texts += [f"{entry.head}: {entry.definition}" for entry in summary.glossary]
    return texts


def _without_lookahead(pattern: re.Pattern[str]) -> re.Pattern[str]:
    inner = pattern.pattern.removeprefix(f"{_NUMBER_START}(?:")
    assert inner.endswith(")")
    return re.compile(inner[:-1], pattern.flags)


def test_the_slow_patterns_are_led_by_the_lookahead() -> None:
    assert set(LED) == {"speed", "time", "count", ""}


@pytest.mark.parametrize("kind", LED)
def test_same_matches_as_without_the_lookahead(kind: str) -> None:
    led = NUMBER_RES[kind]
    plain = _without_lookahead(led)
    texts = _corpus_texts() + [
        "Zweistufiges Suchframework", "ZWEI Jahre", "im Fünften Jahr", "Vier- bis Fünffache", "H100 mit 8x7B",
        "THIRTY days", "doubled", "Halbiert", "Ein Dutzend, a DOZEN", "Elf Teams", "Sechsteilig", "ſechs", "_zwei",
    ]
    found = 0
    for text in texts:
        expected = [(m.start(), m.end()) for m in plain.finditer(text)]
        assert [(m.start(), m.end()) for m in led.finditer(text)] == expected, text
        found += len(expected)
    assert found > 10  # the corpus does carry numbers of this kind
