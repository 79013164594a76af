"""Query-time word data: transcription aliases and the English -> German word list.

Both are TOML files shipped next to the corpus (``aliases.toml``, ``lexicon.toml``); a corpus
directory without them falls back to the bundled ones. Keys are phrases of folded tokens joined
by one space, so "palace_call", "Palace call" and "palace-call" all look up the same entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz, process

from .text import first_letter_differs, tokens
from .toml_file import read_toml

# The bundled corpus: package data of an installed talkbot (pyproject.toml maps corpus/ to
# store/bundled_corpus), else corpus/ of the source checkout this module runs from.
_INSTALLED_CORPUS = Path(__file__).resolve().parent / "bundled_corpus"
BUNDLED_CORPUS = _INSTALLED_CORPUS if _INSTALLED_CORPUS.is_dir() else Path(__file__).resolve().parent.parent / "corpus"
ALIASES_FILE = "aliases.toml"
LEXICON_FILE = "lexicon.toml"


def phrase_key(text: str) -> str:
    """Folded tokens joined by one space: the key of aliases and lexicon entries."""
    return " ".join(tokens(text))


@dataclass
class Lexicon:
    """Aliases (variant -> canonical) and English -> German forms, all keyed by phrase_key."""

    canonical: dict[str, str] = field(default_factory=dict)  # "palace" -> "Pallas"
    variants: dict[str, list[str]] = field(default_factory=dict)  # "pallas" -> ["palace", "palas"]
    display: dict[str, str] = field(default_factory=dict)  # "pallas" -> "Pallas"
    written: dict[str, str] = field(default_factory=dict)  # each slip as aliases.toml writes it -> canonical
    en_de: dict[str, tuple[str, ...]] = field(default_factory=dict)  # "wood" -> ("holz",)
    # English -> German forms found only as a whole word (a word of its own or a hyphen-separated part: "Tensor-Kern"),
    # never as the start of a longer one: "core" is "Kern", not "Kernel" or "Kernseite". Kept out of ``en_de`` so the
    # ingest does not split compounds at them either ("Kernseite" holds no "Kern" part).
    whole_forms: dict[str, tuple[str, ...]] = field(default_factory=dict)  # "core" -> ("kern", "kerne")

    longest_phrase: int = 1  # words in the longest key, kept up to date by the add_* methods
    # each single-word key under itself and each form of it with one letter left out (``one_letter_apart``); made
    # at the first look-up, again when the word list has grown
    _by_deletion: tuple[int, dict[str, list[tuple[int, str]]]] = field(default=(-1, {}), repr=False, compare=False)

    def add_alias(self, canonical: str, variant: str) -> None:
        canonical_key, variant_key = phrase_key(canonical), phrase_key(variant)
        if not canonical_key or not variant_key or canonical_key == variant_key:
            return
        self.longest_phrase = max(self.longest_phrase, variant_key.count(" ") + 1, canonical_key.count(" ") + 1)
        self.canonical[variant_key] = canonical
        self.written[variant.strip()] = canonical
        self.display[canonical_key] = canonical
        self.variants.setdefault(canonical_key, [])
        if variant_key not in self.variants[canonical_key]:
            self.variants[canonical_key].append(variant_key)

    def with_aliases(self, aliases: Iterable[tuple[str, str]]) -> "Lexicon":
        """A copy with ``aliases`` (variant, canonical) added: the team's beside the corpus's; self without any."""
        aliases = list(aliases)
        if not aliases:
            return self
        copy = Lexicon(dict(self.canonical), {key: list(found) for key, found in self.variants.items()},
                       dict(self.display), dict(self.written), self.en_de, self.whole_forms, self.longest_phrase)
        for variant, canonical in aliases:
            copy.add_alias(canonical, variant)
        return copy

    def near_a_key(self, word: str) -> bool:
        """Whether ``word`` (folded, spaces left out) is an English word or phrase of the word list typed with a slip:
        "recusion" for recursion, "finetunning" for fine-tuning. One slip: a letter added, left out, changed, or two
        swapped, never on the first letter (``first_letter_differs``); a word two letters from a key is a word of its
        own ("controlnet" is no "control unit", "nsight" no "insight")."""
        keys = [key.replace(" ", "") for key in self.en_de]
        close = process.extract(word, keys, scorer=fuzz.ratio, score_cutoff=NEAR_KEY, limit=None)
        # (two words one slip apart share a form with one letter left out: ``_with_one_letter_less``)
        forms = _with_one_letter_less(word)
        return any(not forms.isdisjoint(_with_one_letter_less(key)) and not first_letter_differs(word, key)
                   for key, _, _ in close)

    def one_letter_apart(self, word: str) -> list[str]:
        """The single-word keys one letter added, left out, changed or swapped away from ``word`` (folded), and ``word``
        itself if it is one, in the word list's order: the few a slip check (``concepts.one_slip``) needs to look at."""
        size, index = self._by_deletion
        if size != len(self.en_de):
            index = {}
            for position, key in enumerate(self.en_de):
                if key.isalpha():
                    for form in _with_one_letter_less(key):
                        index.setdefault(form, []).append((position, key))
            self._by_deletion = (len(self.en_de), index)
        found = {hit for form in _with_one_letter_less(word) for hit in index.get(form, ())}
        return [key for _, key in sorted(found)]

    def add_translation(self, english: str, german: list[str]) -> None:
        key = phrase_key(english)
        forms = tuple(dict.fromkeys(" ".join(tokens(g)) for g in german if tokens(g)))
        if key and forms:
            self.longest_phrase = max(self.longest_phrase, key.count(" ") + 1)
            self.en_de[key] = tuple(dict.fromkeys(self.en_de.get(key, ()) + forms))

    def add_whole_forms(self, english: str, german: list[str]) -> None:
        key = phrase_key(english)
        forms = tuple(dict.fromkeys(" ".join(tokens(g)) for g in german if tokens(g)))
        if key and forms:
            self.longest_phrase = max(self.longest_phrase, key.count(" ") + 1)
            self.whole_forms[key] = tuple(dict.fromkeys(self.whole_forms.get(key, ()) + forms))


def _with_one_letter_less(word: str) -> set[str]:
    """``word`` and each form of it with one letter left out: two words one slip apart share one of these."""
    return {word, *(word[:i] + word[i + 1:] for i in range(len(word)))}


NEAR_KEY = 85.0  # rapidfuzz's ratio of a word to a word-list key it is a slip of ("recusion", "recursion": 94)


def data_file(corpus_dir: Path | None, name: str) -> Path | None:
    """The data file ``name`` next to the corpus, else the bundled one; None without either."""
    for directory in (corpus_dir, BUNDLED_CORPUS):
        if directory is not None and (directory / name).is_file():
            return directory / name
    return None


def load_lexicon(corpus_dir: Path | None) -> Lexicon:
    """Read aliases.toml and lexicon.toml next to the corpus (or the bundled ones)."""
    lexicon = Lexicon()
    aliases_path = data_file(corpus_dir, ALIASES_FILE)
    if aliases_path:
        for canonical, variants in read_toml(aliases_path).data.get("aliases", {}).items():
            if isinstance(variants, str):
                variants = [variants]
            for variant in variants:
                lexicon.add_alias(canonical, str(variant))
    lexicon_path = data_file(corpus_dir, LEXICON_FILE)
    if lexicon_path:
        data = read_toml(lexicon_path).data
        for section, add in (("en_de", lexicon.add_translation), ("whole_forms", lexicon.add_whole_forms)):
            for english, german in data.get(section, {}).items():
                if isinstance(german, str):
                    german = [german]
                add(english, [str(g) for g in german])
    _with_both_spellings(lexicon)
    return lexicon


# British "-isation" and American "-ization" spell one noun: "utilisation" is "utilization" ("organisation" too)
_ISATION_RE = re.compile(r"i([sz])ation(?=s?\b)")


def _with_both_spellings(lexicon: Lexicon) -> None:
    """Each key with an -isation/-ization noun also under its other spelling, the two with the forms of both: a
    question asks in either ("roofline utilisation", "optimisation algorithm") whichever the word list was written
    with. (Only this ending: a verb in -ise is as often no -ize verb at all: "promise", "advise", "comprise".)"""
    for table, add in ((lexicon.en_de, lexicon.add_translation), (lexicon.whole_forms, lexicon.add_whole_forms)):
        for key, forms in list(table.items()):
            if "ation" in key and (other := _ISATION_RE.sub(_other_spelling, key)) != key:
                add(other, list(forms))
                add(key, list(table[other]))


def _other_spelling(match: re.Match[str]) -> str:
    return "ization" if match[1] == "s" else "isation"


def data_files(corpus_dir: Path | None) -> list[Path]:
    """The word-data files in effect for a corpus directory (part of the ingest fingerprint)."""
    return [p for p in (data_file(corpus_dir, ALIASES_FILE), data_file(corpus_dir, LEXICON_FILE)) if p]
