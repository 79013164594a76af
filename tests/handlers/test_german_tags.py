"""The word classes of German questions typed in lower case (HanTa's model, as installed from the lock)."""

from __future__ import annotations

from handlers.german_tags import is_noun, is_verb, word_classes


def test_a_lower_case_question_has_its_nouns_and_verbs_told_apart() -> None:
    text = "unter welcher lizenz steht jaxator?"
    assert is_noun("lizenz", text) and is_noun("jaxator", text) and is_verb("steht", text)
    assert not is_noun("steht", text) and not is_verb("lizenz", text)


def test_punctuation_typed_on_a_word_does_not_change_its_class() -> None:
    assert word_classes("wer hat das zusammengebaut?")["zusammengebaut"].startswith("V")
