"""The natural-question set (bench/eval_answers.toml) loads and every expected answer is a real corpus line."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SHAPES = {"definition", "who", "when", "difference", "summary", "watch", "number", "explain", "talks", "help",
          "not_covered", "followup"}
TALK_SHAPES = {"who", "summary", "watch", "talks"}
HEADINGS = {"Zusammenfassung", "Abstract", "Summary"}


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    with (ROOT / "bench" / "eval_answers.toml").open("rb") as handle:
        return tomllib.load(handle)["question"]


@pytest.fixture(scope="module")
def corpus_lines() -> dict[str, list[str]]:
    return {path.name: path.read_text(encoding="utf-8").split("\n") for path in CORPUS.glob("*.txt")}


def test_size_languages_and_splits(questions: list[dict]) -> None:
    assert len(questions) >= 100
    langs = Counter(q["lang"] for q in questions)
    assert set(langs) == {"de", "en"} and langs["de"] >= len(questions) / 2
    assert {q["shape"] for q in questions} == SHAPES
    for shape in SHAPES:
        for lang in ("de", "en"):
            bucket = [q for q in questions if q["shape"] == shape and q["lang"] == lang]
            assert bucket, (shape, lang)
            assert any(q["split"] == "holdout" for q in bucket), (shape, lang)
            assert any(q["split"] == "tune" for q in bucket), (shape, lang)
    holdout = sum(q["split"] == "holdout" for q in questions) / len(questions)
    assert 0.3 <= holdout <= 0.45
    assert len({q["id"] for q in questions}) == len(questions)


def test_every_expected_line_is_a_real_line_of_the_right_kind(questions: list[dict], corpus_lines: dict) -> None:
    for q in questions:
        shape = q.get("scored_as", q["shape"])
        if shape in ("help", "not_covered"):
            assert "expect" not in q, q["id"]
            continue
        assert q["expect"], q["id"]
        for entry in q["expect"]:
            lines = corpus_lines[entry["file"]]
            assert 1 <= entry["line"] <= len(lines), (q["id"], entry)
            text = lines[entry["line"] - 1].strip()
            assert text, (q["id"], entry)
            if shape in TALK_SHAPES:  # a talk is named by its summary heading (line 1 in a heading-less file)
                assert text in HEADINGS or entry["line"] == 1, (q["id"], entry, text)
            else:
                assert text not in HEADINGS and len(text) > 40, (q["id"], entry, text)


def test_followups_have_turns_and_a_scored_shape(questions: list[dict]) -> None:
    for q in questions:
        assert ("turns" in q) == (q["shape"] == "followup"), q["id"]
        if q["shape"] == "followup":
            assert q["turns"] and q["scored_as"] in SHAPES - {"followup", "help", "not_covered"} and q["context"]


def test_absent_concepts_are_absent_and_near_misses_present(questions: list[dict], corpus_lines: dict) -> None:
    corpus = "\n".join("\n".join(lines) for lines in corpus_lines.values())
    for q in questions:
        if q["shape"] != "not_covered":
            continue
        assert not re.search(rf"(?<!\w){re.escape(q['absent'])}(?!\w)", corpus, re.IGNORECASE), q["id"]
        for term in q["near"]:
            assert re.search(rf"(?<!\w){re.escape(term)}(?!\w)", corpus), (q["id"], term)
