"""The word classes of German questions typed in lower case (HanTa's model, as installed from the lock)."""

from __future__ import annotations

from handlers.german_tags import is_attributive, is_noun, is_verb, says_how, word_classes


def test_a_lower_case_question_has_its_nouns_and_verbs_told_apart() -> None:
    text = "unter welcher lizenz steht jaxator?"
    assert is_noun("lizenz", text) and is_noun("jaxator", text) and is_verb("steht", text)
    assert not is_noun("steht", text) and not is_verb("lizenz", text)


def test_punctuation_typed_on_a_word_does_not_change_its_class() -> None:
    assert word_classes("wer hat das zusammengebaut?")["zusammengebaut"].startswith("V")


def test_an_adverb_or_indefinite_pronoun_says_how_and_a_noun_does_not() -> None:
    rework = "muss man fürs dit sharding am modellcode selber rumschrauben"
    assert says_how("selber", rework) and not says_how("modellcode", rework)
    assert says_how("meisten", "wo hats bei jaxator so am meisten gehakt")


def test_an_adjective_before_its_noun_is_attributive_and_the_noun_is_not() -> None:
    text = "warum sind die lahmen speicherzugriffe so teuer"
    assert is_attributive("lahmen", text) and not is_attributive("speicherzugriffe", text)
    assert not is_attributive("teuer", text)  # after the verb it says what they are, not which ones
