"""From a loose question to search concepts: the words that matter, each with the forms to look for.

"what did they say about wood protection?" becomes two word concepts ("wood" -> holz,
"protection" -> schutz) and one phrase concept ("wood protection" -> holzschutz). A concept
matches a document when any of its forms is a prefix of one of the document's tokens or
compound parts; each form remembers why it is there so answers can say what was matched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .lexicon import Lexicon, phrase_key
from .text import clean_query, identifiers, tokens

# Question wrappers and function words in English and German: they carry no topic.
STOPWORDS = frozenset(
    """
    a an the and or of in on at to for from by with about into over under than then that this these those
    is are was were be been being do does did done have has had can could would should will shall may might
    what which who whom whose when where why how there here it its it's they them their he she his her we
    our you your i me my any some all each every no not also just only very more most much many
    tell explain say said says talk talks talked talking discuss discussed discussion mention mentioned
    present presented presents presenting presentation speaker speakers speak spoke video videos
    show shows showed shown describe described please know find anything something everything
    is there any mean means meaning define definition whats what's
    der die das den dem des ein eine einer eines einem einen und oder von zu zur zum mit fur uber
    im in ist sind war wie was wer wo wann warum welche welcher welches gibt es nicht auch noch
    vortrag vortrage sagen sagt gesagt erklart erklaren zeigt
    """.split()
)

MIN_PREFIX = 3  # forms shorter than this only match whole tokens


@dataclass
class Form:
    """One way to find a concept: a folded token, and what it stands for if it is not the user's word."""

    token: str
    via: str | None = None  # e.g. "wood protection" or "palace" when this form is a translation/alias
    kind: str = "word"  # "word", "translation", "alias", "correction", "stem", "part"

    @property
    def prefix(self) -> bool:
        """Whether longer tokens starting with this form match too (a typo correction is a whole word)."""
        return len(self.token) >= MIN_PREFIX and self.kind != "correction"


@dataclass
class Concept:
    """What the user asked about, with every form that counts as a match."""

    words: str
    forms: list[Form] = field(default_factory=list)
    weight: float = 1.0
    alias_note: str | None = None  # "Palace → Pallas" when the user's word is a known slip

    def add(self, token: str, via: str | None = None, kind: str = "word") -> None:
        if token and all(f.token != token for f in self.forms):
            self.forms.append(Form(token, via, kind))


def content_words(text: str) -> list[str]:
    """Folded words of the query without wrappers and stopwords; a snake_case name also as one joined word."""
    query = clean_query(text)
    words = [w for w in tokens(query) if w not in STOPWORDS]
    return words + [name for name in identifiers(query) if name not in words]


def build_concepts(
    text: str,
    lexicon: Lexicon,
    glossary_pairs: dict[str, tuple[str, ...]],
    correct: Callable[[str], list[str]] | None = None,
    *,
    translate: bool = True,
    split: Callable[[str], list[str]] | None = None,
) -> list[Concept]:
    """Concepts for a query; ``correct`` proposes vocabulary words for a word nothing matches, ``split`` the
    corpus word a compound nothing matches starts with."""
    words = content_words(text)[:24]
    concepts: list[Concept] = []
    longest = max(lexicon.longest_phrase, 4)
    for start in range(len(words)):
        for size in range(min(longest, len(words) - start), 1, -1):
            phrase = " ".join(words[start : start + size])
            concept = _phrase_concept(phrase, lexicon, glossary_pairs, translate)
            if concept:
                concept.weight = 1.0 + 0.25 * size
                concepts.append(concept)
                break
    for word in words:
        concept = _word_concept(word, lexicon, glossary_pairs, correct, translate)
        for part in split(word) if split is not None else ():
            concept.add(part, word, "part")
        concepts.append(concept)
    return _merge_duplicates(concepts)


def _phrase_concept(phrase: str, lexicon: Lexicon, pairs: dict[str, tuple[str, ...]],
                    translate: bool) -> Concept | None:
    concept = Concept(phrase)
    canonical = lexicon.canonical.get(phrase)
    if canonical:
        concept.alias_note = f"{phrase} → {canonical}"
        for token in tokens(canonical):
            concept.add(token, phrase, "alias")
    if translate:
        head, _, last = phrase.rpartition(" ")
        for variant in english_variants(last):  # "memory hierarchies" finds "memory hierarchy"
            key = f"{head} {variant}"
            for form in lexicon.en_de.get(key, ()) + pairs.get(key, ()):
                for token in translation_tokens(form):
                    concept.add(token, phrase, "translation")
        joined = phrase.replace(" ", "")
        if len(joined) >= 6:
            concept.add(joined, phrase, "word")  # "flash attention" also finds "flashattention"
    return concept if any(f.kind != "word" for f in concept.forms) else None


def _word_concept(
    word: str,
    lexicon: Lexicon,
    pairs: dict[str, tuple[str, ...]],
    correct: Callable[[str], list[str]] | None,
    translate: bool,
) -> Concept:
    concept = Concept(word)
    concept.add(word)
    if len(word) >= 4 and word.endswith("s") and not word.endswith("ss"):
        concept.add(word[:-1], word, "stem")  # English plural: "kernels" -> "kernel", "TPUs" -> "tpu"
    canonical = lexicon.canonical.get(word)
    if canonical:
        concept.alias_note = f"{word} → {canonical}"
        for token in tokens(canonical):
            concept.add(token, word, "alias")
    for variant in lexicon.variants.get(phrase_key(canonical) if canonical else word, []):
        for token in variant.split():
            concept.add(token, word, "alias")
    if translate:
        for variant in english_variants(word):
            for form in lexicon.en_de.get(variant, ()) + pairs.get(variant, ()):
                for token in translation_tokens(form):
                    concept.add(token, word, "translation")
    if correct is not None:
        for suggestion in correct(word):
            concept.add(suggestion, word, "correction")
    return concept


def translation_tokens(form: str) -> list[str]:
    """The search tokens of a German form: all of a one-word form, only the telling parts of a longer one.

    "prä-fill" must not search for "pra", which begins half the German vocabulary.
    """
    parts = form.split()
    return parts if len(parts) == 1 else [part for part in parts if len(part) >= 4] or parts


def english_variants(word: str) -> list[str]:
    """The word and its likely base forms, to look up in the word list: "caching" -> "cache"."""
    variants = [word]
    if len(word) > 4:
        if word.endswith("ies"):
            variants.append(word[:-3] + "y")
        elif word.endswith("es"):
            variants += [word[:-2], word[:-1]]
        elif word.endswith("s") and not word.endswith("ss"):
            variants.append(word[:-1])
        elif word.endswith("ed"):
            variants += [word[:-2], word[:-1]]
        elif word.endswith("ing"):
            variants += [word[:-3], word[:-3] + "e"]
    return variants


def _merge_duplicates(concepts: list[Concept]) -> list[Concept]:
    seen: dict[str, Concept] = {}
    for concept in concepts:
        if concept.words not in seen:
            seen[concept.words] = concept
    return list(seen.values())
