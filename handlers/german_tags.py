"""Which words of a German question typed in lower case are nouns and which are verbs: the Hanover Tagger's (HanTa)
part-of-speech tags. A German question that capitalises its nouns says so itself; typed in lower case ("unter welcher
lizenz steht jaxator", "gibts im baumhaus ne badewanne") only a tagger tells the asked noun (lizenz, badewanne) from
the verb (steht) and the adjective. Its model (~30 MB) is read on first use: only a question with a word no summary
has asks it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from store.text import tokens

_PUNCTUATION = "?!.,;:()[]\"'“”„«»"  # around a word as typed: the tagger reads "zusammengebaut?" as a foreign word
NOUN_TAGS = frozenset({"NN", "NE", "FM"})  # a common noun, a name, a foreign word ("dashboard", "claude", "jaxator")
# An adverb, an indefinite pronoun ("am meisten", "alle"), the particle of a superlative or of a degree ("zu"): a word
# that says how, how much or how often something is done, not a thing done or asked about
MANNER_TAGS = frozenset({"ADV", "PIS", "PIAT", "PIDAT", "PTKA"})
ATTRIBUTIVE_TAGS = frozenset({"ADJ(A)"})  # an adjective before its noun ("die lahmen Zugriffe")


@lru_cache(maxsize=1)
def _tagger() -> Any:
    """The German model, read once (~0.1 s)."""
    from HanTa import HanoverTagger  # numpy and the model load only for the first question that needs them

    return HanoverTagger.HanoverTagger("morphmodel_ger.pgz")


@lru_cache(maxsize=1024)
def word_classes(text: str) -> dict[str, str]:
    """The folded words of ``text`` with their STTS tag ("lizenz": "NN", "steht": "VV(FIN)"); 1-4 ms a question."""
    words = [word.strip(_PUNCTUATION) for word in text.split() if tokens(word)]
    tagged = _tagger().tag_sent(words, taglevel=1) if words else []
    return {folded: tag for word, _lemma, tag in tagged for folded in tokens(word)}


def is_noun(word: str, text: str) -> bool:
    """Whether ``word`` of the German question ``text`` is a noun or a name there."""
    return any(word_classes(text).get(token, "") in NOUN_TAGS for token in tokens(word))


def is_verb(token: str, text: str) -> bool:
    """Whether the folded ``token`` of the German question ``text`` is a verb there ("läuft", "kostet")."""
    return word_classes(text).get(token, "").startswith("V")


def says_how(word: str, text: str) -> bool:
    """Whether every token of ``word`` of the German question ``text`` is an adverb, an indefinite pronoun or a
    degree particle there (MANNER_TAGS): "muss man am modellcode [selber] rumschrauben", "wo hats [so] am [meisten]
    gehakt" ask how the thing is done, which a summary says in its own words."""
    return _all_tagged(word, text, MANNER_TAGS)


def is_attributive(word: str, text: str) -> bool:
    """Whether every token of ``word`` of the German question ``text`` is an adjective before its noun there ("die
    [lahmen] speicherzugriffe"): it says what the noun is like, the noun what is asked about."""
    return _all_tagged(word, text, ATTRIBUTIVE_TAGS)


def _all_tagged(word: str, text: str, tags: frozenset[str]) -> bool:
    """Whether ``word`` has tokens and the tagger gives each of them in ``text`` one of ``tags``."""
    folded = tokens(word)
    if not folded:
        return False
    classes = word_classes(text)
    return all(classes.get(token, "") in tags for token in folded)
