"""Which words are common in general English and German: the wordfreq package's lists of the words written at least
once in a million (about 29,000 English and 39,000 German ones, from subtitles, books, Wikipedia and the web).

A word in neither list is rare in the language: a term of its field ("preemptible", "mamba", "zapfenverbindungen")
or a name. The summaries' own vocabulary cannot tell that, since an English word the word list does not translate
looks absent from the German summaries whether it names the thing asked about or only says something in other
words ("compacting", "fridge"); how rare the word is in the language does. How often each language writes a word
also tells everyday words ("sure", "brauch") and which language a question leans to when its question words don't.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache

from wordfreq import get_frequency_dict

from store.text import fold, tokens

_LETTERS = string.ascii_lowercase
SLIP_LENGTH = 6  # a shorter word one letter from a common one is as often another word ("mamba", "mama"): only a swap


def _frequencies(language: str) -> dict[str, float]:
    """The list's words, folded as the store folds words ("Größe" -> grosse), with how often the language writes
    them."""
    found: dict[str, float] = {}
    for word, frequency in get_frequency_dict(language, "small").items():
        folded = fold(word)
        found[folded] = max(frequency, found.get(folded, 0.0))
    return found


# Read once at import (~0.2 s, ~10 MB): a question's answer then only looks words up.
_ENGLISH, _GERMAN = _frequencies("en"), _frequencies("de")
EVERYDAY_FREQUENCY = 2e-6  # Zipf 3.3: "sure", "supposed", "brauch", "benutz"; not "sharding", "pallas"
BASIC_FREQUENCY = 1e-5  # Zipf 4: the words a language writes most ("replace", "später")
LEANING = 10.0  # how many times more often one language writes a word than the other, for the word to tell
# Zipf 3.7: a rarer word tells no question's language: "nutzt" (3e-5) is German, "jax" (2e-6) a name English web text
# writes that a German question types as well
TELLING_FREQUENCY = 5e-6


def _in_a_list(token: str) -> bool:
    return token in _ENGLISH or token in _GERMAN


def leaning(tokens: list[str]) -> str | None:
    """"de" or "en": the language whose general vocabulary holds more of the folded ``tokens`` far more often than
    the other's ("nutzt", "modell" are German, "supposed" English); None when they tell neither."""
    german = english = 0
    for token in tokens:
        in_german, in_english = _GERMAN.get(token, 0.0), _ENGLISH.get(token, 0.0)
        german += in_german > LEANING * in_english
        english += in_english > LEANING * in_german
    if german == english:
        return None
    return "de" if german > english else "en"


def tells_a_language(token: str) -> bool:
    """Whether the folded ``token`` is written often enough in English or German to tell which one a question is in
    (``TELLING_FREQUENCY``), not a name or a term both type alike ("jax", "pallas", "dynamiqs")."""
    return max(_ENGLISH.get(token, 0.0), _GERMAN.get(token, 0.0)) >= TELLING_FREQUENCY


def leans_english(token: str) -> bool:
    """Whether the folded ``token`` is an English word, or an inflection of one German does not write ("caching":
    cache), far more than a German one: a German question borrows it ("knowledge graphs", "distributed caching")."""
    return leaning([token]) == "en" or (token not in _GERMAN and any(
        leaning([base]) == "en" for base in _english_bases(token)))


def not_more_german(token: str) -> bool:
    """Whether general English writes the folded ``token`` at least as often as German does ("zero", "rust", "ai"),
    a name neither writes ("docker", "cuda") among them; not German's own words ("uni", "kurz", "dateien")."""
    return _ENGLISH.get(token, 0.0) >= _GERMAN.get(token, 0.0)


def _english_bases(word: str) -> list[str]:
    """The forms an English inflection may come from: "diversifying" -> diversify, "plugged" -> plug, "glued" -> glue,
    "queens" -> queen."""
    bases = []
    if word.endswith("ing") and len(word) > 5:
        stem = word[:-3]
        bases += [stem, stem + "e"]
        if stem[-1] == stem[-2]:
            bases.append(stem[:-1])  # "swapping" -> swap
    if word.endswith("ed") and len(word) > 4:
        stem = word[:-2]
        bases += [stem, word[:-1]]
        if len(stem) > 2 and stem[-1] == stem[-2]:
            bases.append(stem[:-1])
        if stem.endswith("i"):
            bases.append(stem[:-1] + "y")
    if word.endswith("s") and len(word) > 3:
        bases.append(word[:-1])
        if word.endswith("es"):
            bases.append(word[:-2])
        if word.endswith("ies"):
            bases.append(word[:-3] + "y")
    return bases


def _slips(word: str, *, first_letter: bool = True) -> set[str]:
    """Every word one slip away from ``word``: two letters swapped, and (SLIP_LENGTH letters or more) a letter left
    out, added or changed; without ``first_letter`` never the first (``store.text.first_letter_differs``)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    swapped = {left + right[1] + right[0] + right[2:] for left, right in splits if len(right) > 1}
    if len(word) < SLIP_LENGTH:
        return swapped
    edited = splits if first_letter else splits[1:]
    return (swapped | {left + right[1:] for left, right in edited if right}
            | {left + letter + right[1:] for left, right in edited if right for letter in _LETTERS}
            | {left + letter + right for left, right in edited for letter in _LETTERS})


def is_everyday(token: str) -> bool:
    """Whether the folded ``token`` is a word everyone writes often in English or German ("sure", "neu", "brauch"):
    a word that says how a message is meant, unless it is one of the corpus's own terms."""
    return max(_ENGLISH.get(token, 0.0), _GERMAN.get(token, 0.0)) >= EVERYDAY_FREQUENCY


def is_basic(token: str) -> bool:
    """Whether the folded ``token`` is a word of the basic vocabulary English or German writes ten times in a million
    or more (Zipf 4: "replace", "jump", "später", "license"), not a name or a thing's own word ("spark", "macos")."""
    return max(_ENGLISH.get(token, 0.0), _GERMAN.get(token, 0.0)) >= BASIC_FREQUENCY


def is_common(token: str) -> bool:
    """Whether the folded ``token`` is a word of general English or German, inflected or not."""
    return _in_a_list(token) or any(_in_a_list(base) for base in _english_bases(token))


@lru_cache(maxsize=4096)  # a word's slips cost 70-300 us to try (blorft, zapfenverbindungen); words are asked again
def is_rare(token: str, language: str | None = None) -> bool:
    """Whether the folded ``token`` is a word general English and German hardly use, and no slip in typing a common
    one ("sumarize", "wacth"): a term of some field, or a name. In an English question (``language`` "en") only a
    slip of an English word counts: its asker mistypes the words they write, not German ones, so "modern [fortran]
    for numerics" names a language, no slip of German "fortan". A German question borrows English words, so both
    count there."""
    if not token.isalpha() or is_common(token):
        return False
    if language == "en":
        # an English typist slips inside a word, seldom on its first letter: "xgrammar" names a library, no
        # "grammar" mistyped (spoken German adds or drops first letters: "reinzubringen" is "einzubringen")
        return not any(slip in _ENGLISH for slip in _slips(token, first_letter=False))
    return not any(_in_a_list(slip) for slip in _slips(token))


# German's superlative of manner: "am" and the adjective in -(e)sten ("am besten", "am geschicktesten")
_SUPERLATIVE_ENDINGS = ("esten", "sten")
MIN_ADJECTIVE = 4  # the adjective left of a superlative: "am [schnell]sten", not "am [ko]sten"


def adverbial_superlative(word: str, text: str) -> bool:
    """Whether ``word`` is a German adverbial superlative of an adjective of general German, "am" before it: "wie man
    videogeneratoren am [geschicktesten] verteilt" asks how it is done best, in the asker's words (the tagger reads a
    rare superlative as an attributive adjective, and the word list holds only the common ones: "am besten")."""
    folded = tokens(word)
    if len(folded) != 1 or not folded[0].endswith(_SUPERLATIVE_ENDINGS):
        return False  # most words: no superlative, no pattern built for them
    return any(folded[0].endswith(ending) and len(base := folded[0][:-len(ending)]) >= MIN_ADJECTIVE and is_common(base)
               for ending in _SUPERLATIVE_ENDINGS) and bool(re.search(rf"\bam\s+{re.escape(word)}(?!\w)", text, re.I))
