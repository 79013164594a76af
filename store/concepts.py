"""From a loose question to search concepts: the words that matter, each with the forms to look for.

"what did they say about wood protection?" becomes two word concepts ("wood" -> holz,
"protection" -> schutz) and one phrase concept ("wood protection" -> holzschutz). A concept
matches a document when any of its forms is a prefix of one of the document's tokens or
compound parts; each form remembers why it is there so answers can say what was matched.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial

from .kept import kept
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
# The particles of English phrasal verbs ("read it off StableHLO", "throw the KV cache away"): part of the verb, no
# topic of their own; a phrasal verb the word list has ("trade off" -> "Abwägung") is a phrase concept. Not "out":
# "ran out of HBM" asks for the summaries' "Out-of-Memory"
PARTICLES = frozenset("off away".split())


@dataclass
class Form:
    """One way to find a concept: a folded token, and what it stands for if it is not the user's word."""

    token: str  # a "phrase" form is several tokens in a row, space-separated ("all to all")
    via: str | None = None  # e.g. "wood protection" or "palace" when this form is a translation/alias
    # "word", "translation", "alias", "correction", "stem", "family", "part", "phrase", "apart" (anywhere in a row)
    kind: str = "word"
    whole: bool = False  # found only as a whole token (the word list's [whole_forms]: "core" is "Kern", not "Kernel")

    @cached_property  # asked for every candidate row a query re-ranks; a form never changes once made
    def prefix(self) -> bool:
        """Whether longer tokens starting with this form (its last word) match too; a typo fix is a whole word."""
        return len(self.token.rsplit(" ", 1)[-1]) >= MIN_PREFIX and self.kind != "correction" and not self.whole


@dataclass
class Concept:
    """What the user asked about, with every form that counts as a match."""

    words: str
    forms: list[Form] = field(default_factory=list)
    weight: float = 1.0
    alias_note: str | None = None  # "Palace → Pallas" when the user's word is a known slip
    bonus: bool = False  # counts when found, never against a row that lacks it (a guess at an identifier)
    # A name written as code ("max_evol", "pl.kernel"): the words it is made of, which are concepts of their own too
    name_parts: tuple[str, ...] = ()
    # The question's words in a row, joined (a bonus guess at a name typed with spaces): no word the user wrote
    words_in_a_row: bool = False

    def add(self, token: str, via: str | None = None, kind: str = "word", *, whole: bool = False) -> None:
        if token and all(f.token != token for f in self.forms):
            self.forms.append(Form(token, via, kind, whole))


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
    segment: Callable[[str], list[str]] | None = None,
    frequency: Callable[[str], int] | None = None,
    family: Callable[[str], list[str]] | None = None,
    known_words: dict[str, Concept] | None = None,
    parts: Callable[[str], list[str]] | None = None,
    generation: Callable[[str], list[str]] | None = None,
) -> list[Concept]:
    """Concepts for a query; ``correct`` proposes vocabulary words for a word nothing matches, ``split`` the
    corpus word a compound nothing matches starts with, ``segment`` the words a joined-up identifier is
    made of ("alltoall" -> all, to, all), ``frequency`` how many documents hold a form (a German stem that
    finds no more of them than the word itself is left out), ``family`` the corpus words of a German verb's word
    family ("prüft" -> "Überprüfung"). ``known_words``: each word's own concept as built before with the same
    arguments (filled here), for the other texts of one question that share its words."""
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
    concepts += _function_word_phrases(text, lexicon, glossary_pairs, translate, longest)
    particles = _particles_alone(text)
    joined = _names_with_generation(words)

    def own(word: str) -> Concept:
        return _word_concept(word, lexicon, glossary_pairs, correct, translate, segment, frequency)

    for word in words:
        if word in particles:
            continue  # not "Off-Policy" for the "off" of "read the communication off StableHLO"
        # a copy of the kept one: forms are added to it below and when duplicates merge
        concept = own(word) if known_words is None else _copy(kept(known_words, word, partial(own, word), KNOWN_WORDS))
        typed_with = joined.get(word, [])
        named = generation(word) if generation is not None and _GENERATION_RE.fullmatch(word) else []
        for form in typed_with if not named or set(typed_with) & set(named) else named:
            # "tpu v5" finds "TPUv5-": a generation typed apart from its name; typed without it, or after a word
            # the corpus never joins with it ("das mesh bei den v5"), the names the corpus writes it with
            concept.add(form, word)
        for relative in family(word) if family is not None else ():
            concept.add(relative, word, "family")
        for part in split(word) if split is not None else ():
            concept.add(part, word, "part")
        concepts.append(concept)
        if word not in lexicon.en_de and (apart := parts(word) if parts is not None else []):
            # a compound the corpus has may be said in its parts apart ("On-Chip-Speicher … HBM-Zugriffe" for
            # "Speicherzugriffe"): a bonus for a row holding both, none held against a row without them (an English
            # word of the word list is no German compound: "huggingface" is no "hugging … face")
            concepts.append(Concept(" ".join(apart), [Form(" ".join(apart), word, "apart")], bonus=True))
    return _merge_duplicates(concepts + identifier_concepts(text))


KNOWN_WORDS = 2048  # words whose concept ``known_words`` keeps (users type any words)


def _copy(concept: Concept) -> Concept:
    """``concept`` with a list of forms of its own (the forms are shared: none is changed once made). Its fields
    copied as they are, not through ``dataclasses.replace``, which looks up the fields each call (4x the cost)."""
    copied = object.__new__(Concept)
    copied.__dict__.update(concept.__dict__)
    copied.forms = list(concept.forms)
    return copied


# A hardware or model generation typed as a word of its own: "v5", "v6e" ("TPU v5", "TPU v6e")
_GENERATION_RE = re.compile(r"v\d+[a-z]?")


def _names_with_generation(words: Sequence[str]) -> dict[str, list[str]]:
    """The name and generation forms written joined, for each word of the pair, as the summaries often write them
    ("TPUv5- und TPUv6e-Unterstützung" where a question types "tpu v5 und v6e"). The name before a list of
    generations is each one's ("v5 und v6e" are both TPUs'; the function words between are gone already)."""
    joined: dict[str, list[str]] = {}
    name = None
    for word in words:
        if _GENERATION_RE.fullmatch(word):
            if name is not None:
                joined.setdefault(name, []).append(name + word)
                joined.setdefault(word, []).append(name + word)
        else:
            name = word if word.isalpha() else None
    return joined


def _function_word_phrases(text: str, lexicon: Lexicon, glossary_pairs: dict[str, tuple[str, ...]], translate: bool,
                           longest: int) -> list[Concept]:
    """Phrase concepts for the word list's phrases made with a function word ("by hand" is manuell), which the
    content words (stopwords dropped) cannot spell; only as typed, the function word inside or at an edge."""
    typed = tokens(clean_query(text))[:24]
    if STOPWORDS.isdisjoint(typed):
        return []
    found = []
    for start in range(len(typed)):
        for size in range(min(longest, len(typed) - start), 1, -1):
            run = typed[start:start + size]
            if STOPWORDS.isdisjoint(run) or STOPWORDS.issuperset(run):
                continue
            if " ".join(run) not in lexicon.en_de:
                continue  # the English word list's phrases, not a glossary's ("Out-of-Memory": its own words)
            if (concept := _phrase_concept(" ".join(run), lexicon, glossary_pairs, translate)) is not None:
                concept.weight = 1.0 + 0.25 * size
                found.append(concept)
                break
    return found


def _particles_alone(text: str) -> frozenset[str]:
    """The PARTICLES ``text`` has as words of their own: "off" in "read it off", not in "Off-Policy-Management"."""
    return frozenset(word for piece in clean_query(text).split() if len(folded := tokens(piece)) == 1
                     and (word := folded[0]) in PARTICLES)


# An identifier as written: parts joined by "_", ".", "-" or "/" ("all_to_all", "pl.kernel", "v6e-8").
_WRITTEN_IDENTIFIER_RE = re.compile(r"[^\W_]+(?:[._\-/][^\W_]+)+")
# A name joined by "_" or a dot between letters is one name of code: "max_evol", "pl.kernel" (not "Qwen2.5", "GPU/TPU")
_CODE_NAME_RE = re.compile(r"_|[^\W\d_]\.[^\W\d_]")
_QUESTION_WORDS = frozenset(
    "what whats is are was were who how does do did tell me about explain define ist sind wer wie".split()
)
MAX_RUN = 4  # words of a question read as one identifier typed with spaces ("all to all", "qwen3 coder 480b")


def identifier_concepts(text: str) -> list[Concept]:
    """Phrase concepts for identifiers: their parts in a row, as the index splits them.

    Written with separators, an identifier is a concept of its own ("all_to_all" is all stopwords
    word by word; named by its joined form, so it merges with the joined word content_words gives
    a snake_case name). The question's words in a row ("max evol", "all to all") are one too, as a
    bonus: a row holding them in that order ranks higher, one without is not held back.
    """
    cleaned = clean_query(text)
    concepts: list[Concept] = []
    for match in _WRITTEN_IDENTIFIER_RE.finditer(cleaned):
        written = match.group()
        parts = tokens(written)[:8]
        if len(parts) >= 2:
            # "_", ".", "/" and digits mark code and model names; "chip-to-chip" is a hyphenated English
            # word the German text writes otherwise ("Chip-zu-Chip"): a bonus, not a requirement.
            code = any(ch in written for ch in "_./") or any(ch.isdigit() for ch in written)
            # A hyphenated word whose parts are each a concept of their own ("NC-Maschinen": nc, maschinen) weighs,
            # as a bonus, only that they stand together, not its words again: a point holding "NC-Maschinen" is not
            # twice the answer of one holding what else is asked ("wie kamen bei NC-Maschinen die Befehle in die
            # Maschine": 000:626's Befehle). A code name is one thing, asked for as a whole, and so is a name of
            # function words ("all-to-all", "all-reduce"), which are no concepts.
            counted_apart = not code and not any(part in STOPWORDS for part in parts)
            concept = Concept("".join(parts), weight=(0.0 if counted_apart else 1.0) + 0.25 * len(parts),
                              bonus=not code)
            concept.add(" ".join(parts), kind="phrase")
            if _CODE_NAME_RE.search(written):
                concept.name_parts = tuple(parts)
            concepts.append(concept)
    words = tokens(cleaned)
    run = list(words)
    while run and run[0] in STOPWORDS:
        run.pop(0)
    while run and run[-1] in STOPWORDS:
        run.pop()
    if len(run) < 2 and all(word in STOPWORDS for word in words):
        # "all to all": only stopwords word by word; together, the name of a collective
        run = list(words)
        while run and run[0] in _QUESTION_WORDS:
            run.pop(0)
    if 2 <= len(run) <= MAX_RUN and all(c.words != "".join(run) for c in concepts):
        concept = Concept("".join(run), weight=1.0 + 0.25 * len(run), bonus=True, words_in_a_row=True)
        concept.add(" ".join(run), kind="phrase")
        concepts.append(concept)
    return concepts


def _phrase_concept(phrase: str, lexicon: Lexicon, pairs: dict[str, tuple[str, ...]],
                    translate: bool) -> Concept | None:
    concept = Concept(phrase)
    canonical = lexicon.canonical.get(phrase)
    if canonical:
        concept.alias_note = f"{phrase} → {canonical}"
        concept.add(" ".join(tokens(canonical)), phrase, "alias")
    if translate:
        head, _, last = phrase.rpartition(" ")
        for variant in english_variants(last):  # "memory hierarchies" finds "memory hierarchy"
            key = f"{head} {variant}"
            own = {*phrase.split(), *key.split()}
            for form in lexicon.en_de.get(key, ()) + pairs.get(key, ()):
                parts = translation_tokens(form)
                if len(parts) > 1 and not own.isdisjoint(parts):
                    # "berechnungs-graph" for "computation graph": its part "graph" is the phrase's own word, which
                    # that word's concept holds already; the phrase holds it only with the rest, in a row (not the
                    # "graph_builder" of a point that says nothing of a computation graph, counted twice)
                    concept.add(form, phrase, "translation")
                    parts = [part for part in parts if part not in own]
                for token in parts:
                    concept.add(token, phrase, "translation")
            for form in lexicon.whole_forms.get(key, ()):
                concept.add(form, phrase, "translation", whole=True)
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
    segment: Callable[[str], list[str]] | None = None,
    frequency: Callable[[str], int] | None = None,
) -> Concept:
    concept = Concept(word)
    concept.add(word)
    if segment is not None:
        pieces = segment(word)  # "maxevol" -> max, evol: an identifier typed without its separators
        if pieces and _cuts_at_numbers(word, pieces):
            concept.add(" ".join(pieces), word, "phrase")
    if len(word) >= 4 and word.endswith("s") and not word.endswith("ss"):
        concept.add(word[:-1], word, "stem")  # English plural: "kernels" -> "kernel", "TPUs" -> "tpu"
        if word.endswith(_SIBILANT_PLURALS):
            concept.add(word[:-2], word, "stem")  # "meshes" -> "mesh" ("meshe" begins no form of it)
        if word.endswith("ies") and len(word) >= 6 and (singular := word[:-3] + "y") not in lexicon.en_de and \
                singular not in lexicon.whole_forms:
            # "universities" -> "university" ("universitie" begins none): a singular the word list does not translate
            # is one the German summaries borrow as it is ("University of Michigan"); "libraries" are Bibliotheken
            concept.add(singular, word, "stem")
    elif len(word) == MIN_PREFIX and word.endswith("s") and frequency is not None and not frequency(word) and \
            frequency(word[:-1]):
        # a short name's English plural no summary writes: "IRs" are the summaries' "IR" (a whole token, as every form
        # shorter than MIN_PREFIX); not "als", "bis", "was", which the summaries hold as words of their own
        concept.add(word[:-1], word, "stem")
    if (stem := german_stem(word)) and (frequency is None or frequency(stem) > frequency(word)):
        # only when it finds more: "question" -> "questio" would search the same words again
        concept.add(stem, word, "stem")  # "Kerneln" finds "Kernels", "Vorträgen" "Vortrag", "zerspanen" "Zerspanung"
    if (root := german_root(word)) and (frequency is None or frequency(root) > frequency(word)):
        concept.add(root, word, "stem")  # "disaggregiert" finds "Disaggregation", "Programmierung" "Programmier-"
    if (noun_led := ung_compound(word)) and (frequency is None or frequency(noun_led) > 0):
        concept.add(noun_led, word, "stem")  # "Kompilierzeiten" finds "Kompilierungszeiten"
    for year in short_year_forms(word):
        concept.add(year, word, "stem")  # "in 81" is 1981, "in den 80ern" the 1980s ("1981", "1970er")
    canonical = lexicon.canonical.get(word)
    if canonical:
        concept.alias_note = f"{word} → {canonical}"
        # a name of several words is those words in a row: "Jaxator" is JAX-AITER, not JAX or AITER anywhere
        concept.add(" ".join(tokens(canonical)), word, "alias")
    for variant in lexicon.variants.get(phrase_key(canonical) if canonical else word, []):
        concept.add(variant, word, "alias")
    for gerund in participle_gerunds(word):
        # "pretrained" finds "Pre-Training", the -ing noun the summaries write (a compound in pieces: "pre training")
        if frequency is None or frequency(gerund) > frequency(word):
            concept.add(gerund, word, "stem")
        elif segment is not None and len(pieces := segment(gerund)) > 1 and min(map(len, pieces)) >= MIN_PIECE:
            concept.add(" ".join(pieces), word, "phrase")
    nouns = verb_nouns(word)
    for noun in german_verb_nouns(word):
        # "wie wird der code zur laufzeit ausgeführt" asks about 267's "Laufzeitausführung": the -ung noun of the verb
        # a German participle or finite form is of, which the summaries write for what is done
        if frequency is None or frequency(noun) > 0:
            concept.add(noun, word, "family")
    for noun in nouns:
        # "how XLA fuses operations" asks about its "Instruktions-Fusion", a guess at the same thing as a verb's family
        if frequency is None or frequency(noun) > 0:
            concept.add(noun, word, "family")
    if translate and (isier := isier_form(word)) and (frequency is None or frequency(isier) > 0):
        concept.add(isier, word, "translation")  # "retokenizing" finds "Retokenisierungsdrift"
    if translate:
        # "placing" is translated as the word list's "placed" and "placement" are (platziert, Platzierung)
        for variant in english_variants(word) + verb_siblings(word) + nouns + german_infinitives(word):
            for form in lexicon.en_de.get(variant, ()) + pairs.get(variant, ()):
                for token in translation_tokens(form):
                    concept.add(token, word, "translation")
            for form in lexicon.whole_forms.get(variant, ()):
                concept.add(form, word, "translation", whole=True)  # "cores" -> "Kern", "Tensor-Kern-Berechnungen"
    if correct is not None:
        for suggestion in correct(word):  # "jaxtor" is a typo of jaxator, not jax + tor: see settle_readings
            if suggestion not in STOPWORDS:  # a slip is of a name, never of a function word: "older" is not "oder"
                concept.add(suggestion, word, "correction")
    return concept


# A year typed with two digits ("81", "'81"), a decade with two or four and its ending ("80s", "80ern", "1970s")
_SHORT_YEAR_RE = re.compile(r"^(?:(?P<year>\d\d)|(?P<century>1[5-9]|20)?(?P<decade>\d)0(?:s|er|ern|ies))$")


def short_year_forms(word: str) -> list[str]:
    """The years a year or decade written short stands for, as the summaries write years (4 digits): "81" -> 1981 and
    2081, "80ern" -> any year starting with 198 (a prefix form: "1981", "1980er"), "1970s" -> 197."""
    match = _SHORT_YEAR_RE.match(word)
    if match is None:
        return []
    if match["year"]:
        return [f"19{match['year']}", f"20{match['year']}"]
    centuries = [match["century"]] if match["century"] else ["19", "20"]
    return [f"{century}{match['decade']}" for century in centuries]


# English plurals in "-es" after a hissing sound, whose singular may lack the "e": "meshes", "batches", "boxes",
# "classes" (the singular of "caches" still begins with what is left).
_SIBILANT_PLURALS = ("shes", "ches", "xes", "sses", "zes")


def _cuts_at_numbers(word: str, pieces: list[str]) -> bool:
    """Whether a name with a number in it is cut only where letters and digits meet: "v6e8" -> v6e 8 and
    "qwen3coder480b" -> qwen3 coder 480b are joined-up names, "mxfp8" -> mx fp8 is not (MXFP8 is its own name,
    not MX and FP8). A word without digits may be cut anywhere ("maxevol" -> max evol)."""
    if not any(ch.isdigit() for ch in word) or "".join(pieces) != word:
        return True
    position = 0
    for piece in pieces[:-1]:
        position += len(piece)
        if word[position - 1].isdigit() == word[position].isdigit():
            return False
    return True


# German inflection endings of nouns, adjectives and verbs, longest first ("-er" is left alone: English
# "compiler", "layer" end in it too). A verb's "-t" too: "verfolgt" finds "Verfolgung", "trennt" "Trennung".
_GERMAN_ENDINGS = ("ern", "ten", "tet", "en", "em", "es", "et", "e", "n", "t")
MIN_STEM = 5


def german_stem(word: str) -> str | None:
    """The word without a German inflection ending, as a prefix to search for: "kerneln" -> "kernel",
    "vortragen" -> "vortrag", "asynchrone" -> "asynchron". None when no ending leaves MIN_STEM letters.

    Prefix matching does the rest ("kernel" also finds "kernels"); only letters, so "qwen2" and
    "v6e" stay as they are.
    """
    if not word.isalpha():
        return None
    for ending in _GERMAN_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
            return word[: -len(ending)]
    return None


def one_slip(written: str, name: str) -> bool:
    """Whether ``written`` is ``name`` typed with one slip: two neighbouring letters swapped ("FlyDLS" for
    FlyDSL), or, in a plain word of 6 letters or more, one letter added, left out or changed ("Jaxtor").

    A short or spelled-out name (GSPMD, DAPO, MXFP8, SpMV: capitals inside, or digits) is its own term when
    a letter differs: SPMD, DPO, MXFP4, SPMD are other things, not typos of it.
    """
    a, b = written.casefold(), name.casefold()
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]:
            return True
    spelled = any(ch.isupper() for ch in written[1:]) or any(ch.isdigit() for ch in written)
    if spelled or len(a) < 6:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def slip_in_each_word(written: str, name: str) -> bool:
    """Whether ``written`` is the name of several words ``name`` with at least one of its words typed with one slip
    (``one_slip``) and the others as they are, a hyphen taken as a space: "composible kernel" is Composable Kernel,
    "tensor procesing unit" Tensor Processing Unit. Each word is checked alone: a slip in each of two words is one
    slip per word, not a whole name two slips from the typed one."""
    typed, named = written.replace("-", " ").split(), name.replace("-", " ").split()
    if len(typed) < 2 or len(typed) != len(named):
        return False
    same = [a.casefold() == b.casefold() for a, b in zip(typed, named, strict=True)]
    return not all(same) and all(equal or one_slip(a, b) for a, b, equal in zip(typed, named, same, strict=True))


# German verbs in -ieren and their nouns in -ierung / -ation share a root: "disaggregiert", "disaggregierte",
# "Disaggregation"; "programmieren", "Programmierung", "Programmier-Framework"; "kollokiert", "Kollokation".
_DERIVED_ENDINGS = ("ierungen", "ierung", "ationen", "ation", "ierten", "iertes", "iertem", "ierter", "ierte", "iert",
                    "ieren")
MIN_ROOT = 6


MIN_IER_VERB = 5  # letters of an -ieren verb's stem before its "ier": "kompil|ier", not "b|ier"
MIN_COMPOUND_HEAD = 4  # letters of the noun a verb stem opens a compound of: "zeit", not "-en" or "-te"


def ung_compound(word: str) -> str | None:
    """A German compound that an -ieren verb's stem opens, with the verb's -ung noun in its place, as a prefix to search
    for: "kompilierzeiten" -> "kompilierungszeit" (German writes both, "Kompilierzeit" and "Kompilierungszeit");
    None for a word with no such stem, or one where the -ung noun already stands ("optimierungsverfahren")."""
    at = word.find("ier", MIN_IER_VERB - 3)
    head = word[at + 3:] if at >= 0 else ""
    if len(head) < MIN_COMPOUND_HEAD or not word.isalpha() or head.startswith(("ung", "end")):
        return None
    noun_led = f"{word[:at + 3]}ungs{head}"
    return german_stem(noun_led) or noun_led


def german_root(word: str) -> str | None:
    """The root a German -ieren verb shares with its -ierung / -ation noun, as a prefix to search for:
    "disaggregiert" -> "disaggreg" (Disaggregation), "programmierung" -> "programm"; the root a -bel adjective shares
    with its -bilität noun: "kompatibel" -> "kompatib" (Rückwärtskompatibilität); the noun a -lich adjective is
    made of: "nördlichen" -> "nord". None for other words and roots
    shorter than MIN_ROOT letters ("iteriert" -> "iter" would find "iterativ", "item", "iteration" of anything)."""
    if not word.isalpha():
        return None
    for ending in _DERIVED_ENDINGS:
        if word.endswith(ending):
            root = word[: -len(ending)]
            return root if len(root) >= MIN_ROOT else None
    if (found := _BEL_RE.search(word)) is not None and found.start() >= MIN_ROOT:
        return word[: found.start()]
    if (found := _LICH_RE.search(word)) is not None:
        return word[: found.start()]
    return None


# A German -lich adjective is made of the noun it names (its umlaut folded away): "nördlichen" -> "nord"
# (nordsituiert, Norden), "ursprünglich" -> "ursprung", "jährlich" -> "jahr"; four letters or more before it
_LICH_RE = re.compile(r"(?<=[a-z]{4})lich(?:e|en|er|es|em)?$")


# A -bel adjective drops its e when inflected or made a noun: "kompatibel", "kompatible", "Kompatibilität" (folded)
_BEL_RE = re.compile(r"(?<=b)(?:el|le|len|ler|les|lem|ilitat|ilitaten)$")


# Endings of one or two letters a German word may carry that its summary form lacks ("Crashkurses").
_SHORT_ENDINGS = ("en", "er", "es", "em", "ns", "e", "n", "s")


def inflected_head(pieces: Sequence[str]) -> str | None:
    """The word a split of a word into corpus words ends in an ending of: "bild er" (Bilder) is Bild inflected,
    "bias es" (biases) Bias; None when its last piece is a word ("er de" is no Erde)."""
    return " ".join(pieces[:-1]) if len(pieces) >= 2 and pieces[-1] in _SHORT_ENDINGS else None


def inflected_form(word: str, stem: str) -> bool:
    """Whether ``word`` is ``stem`` itself or with a short German ending ("kernels", "Baumhauses"): a word of its own,
    not a compound ``stem`` begins ("Werkstattfertigung" is a kind of Fertigung, not of Werkstatt)."""
    return word.startswith(stem) and (len(word) == len(stem) or word[len(stem):] in _SHORT_ENDINGS)


def inflection_trims(word: str) -> list[str]:
    """``word`` without a short German ending, when 6 letters or more are left: "crashkurses" -> "crashkurs",
    "crashkurse". Only endings German has: "tensorrt" is not "tensor" with an ending."""
    return [word[:-len(ending)] for ending in _SHORT_ENDINGS
            if word.endswith(ending) and len(word) - len(ending) >= 6]


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
        elif word.endswith("ly"):
            variants += _adjectives_of_adverb(word)
        stem = variants[1] if len(variants) > 1 else ""
        if word.endswith(("ed", "ing")) and len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
            variants.append(stem[:-1])  # a consonant doubled before the ending: "rotting" -> rot, "shipped" -> ship
    elif len(word) == 4 and word.endswith("s") and not word.endswith("ss"):
        variants.append(word[:-1])  # a short plural is looked up as its singular too: "jobs" -> job, "bits" -> bit
    return variants


MIN_ADVERB_BASE = 4  # "early", "apply", "only" are no adverbs of "ear", "app", "on"


def _adjectives_of_adverb(word: str) -> list[str]:
    """The adjective an English -ly adverb is made from, as the word list has adjectives, not each adverb:
    "automatically" -> automatic, "internally" -> internal, "quickly" -> quick, "easily" -> easy."""
    if word.endswith("ically"):
        bases = [word[:-4]]  # "automatically" -> automatic (no "automatical")
    elif word.endswith("ily"):
        bases = [word[:-3] + "y"]  # "easily" -> easy
    else:
        bases = [word[:-2]]  # "manually" -> manual, "quickly" -> quick
    return [base for base in bases if len(base) >= MIN_ADVERB_BASE]


def verb_siblings(word: str) -> list[str]:
    """The other forms of the verb an English "-ing" word is, looked up in the word list too: "placing" -> "placed",
    "placement" (the word list has those two, not "placing"; each base as english_variants guesses it)."""
    if len(word) <= 5 or not word.endswith("ing"):
        return []
    siblings = []
    for base in (word[:-3], word[:-3] + "e"):
        siblings += [base + ("d" if base.endswith("e") else "ed"), base + "ment"]
    return siblings


# German prefixes that separate from their verb and take the participle's "ge" after them: "ausgeprobiert"
# ("rum" is spoken German's "herum": "rumgeschraubt" is "rumschrauben")
_SEPARABLE_PREFIXES = ("herum", "durch", "nach", "aus", "ein", "auf", "vor", "mit", "rum", "an", "ab", "um", "zu")


# The forms of the irregular verbs German questions ask with, by infinitive (folded): "kam" -> "kommen". A strong
# verb changes its stem for the past (ablaut): "lief" asks about the summaries' "Lauf", "überstehen" about
# "überstanden" (strong_verb)
IRREGULAR_INFINITIVES = {
    **dict.fromkeys("hat hast habe hatte hatten haben".split(), "haben"),
    **dict.fromkeys("kommt kommst komme kam kamen kommen".split(), "kommen"),
    **dict.fromkeys("gibt gab gaben geben".split(), "geben"),
    **dict.fromkeys("sieht siehst sah sahen sehen".split(), "sehen"),
    **dict.fromkeys("lauft laufst lief liefen laufen".split(), "laufen"),
    **dict.fromkeys("nimmt nimmst nahm nahmen nehmen".split(), "nehmen"),
    **dict.fromkeys("halt haltst hielt hielten halten".split(), "halten"),
    **dict.fromkeys("geht gehst ging gingen gehen".split(), "gehen"),
    **dict.fromkeys("steht stehst stand standen stehen".split(), "stehen"),
    **dict.fromkeys("fangt fangst fing fingen fangen".split(), "fangen"),
    **dict.fromkeys("zieht ziehst zog zogen ziehen".split(), "ziehen"),
    **dict.fromkeys("fallt fallst fiel fielen fallen".split(), "fallen"),
    **dict.fromkeys("wird wirst werde wurde wurden werden".split(), "werden"),  # "wie wird man X los": loswerden
}


def _stems(infinitive: str) -> tuple[str, ...]:
    """An irregular verb's stems: its infinitive's, and its past's, a form that adds "en" for the plural ("stand",
    "standen")."""
    forms = [form for form, of in IRREGULAR_INFINITIVES.items() if of == infinitive]
    return (infinitive[:-2], *(form for form in forms if form + "en" in forms))


_STRONG_STEMS = {infinitive: _stems(infinitive) for infinitive in set(IRREGULAR_INFINITIVES.values())}


def strong_verb(word: str) -> tuple[str, str, tuple[str, ...]] | None:
    """(verbal prefix, infinitive, stems) of a form of an irregular verb (IRREGULAR_INFINITIVES), also behind a
    verbal prefix: "uberstehen" -> ("uber", "stehen", ("steh", "stand")), "lief" -> ("", "laufen", ("lauf", "lief")).
    Its stems are the infinitive's and the past's, which has no ending in the singular ("stand", "standen"); None for a
    prefix before a bare stem ("zustand")."""
    for prefix in ("", *VERB_PREFIXES):
        rest = word[len(prefix):]
        if word.startswith(prefix) and (infinitive := IRREGULAR_INFINITIVES.get(rest)) is not None:
            stems = _STRONG_STEMS[infinitive]
            if prefix and rest in stems:
                continue  # a bare stem behind a prefix is as often the verb's noun: "Zustand", "Gehalt", "Abstand"
            return prefix, infinitive, stems
    return None


# German verbal prefixes (folded), longest first: a verb and its nouns share the root behind them ("prüft",
# "Überprüfung"; "einschrauben", "Verschraubung"; "vermeidet", "Vermeidung").
VERB_PREFIXES = ("zuruck", "durch", "unter", "wider", "uber", "nach", "ver", "ein", "aus", "auf", "ent", "zer", "vor",
                 "mit", "ab", "an", "be", "er", "um", "zu", "ge")


def german_infinitives(word: str) -> list[str]:
    """The infinitive a German verb form may be, to look up in the word list (whose German keys are infinitives):
    "nachmacht" -> "nachmachen", "durchprobiert" -> "durchprobieren", "getestet" -> "testen", "ausgeprobiert" ->
    "ausprobieren", "durchzuprobieren" -> "durchprobieren". A guess per ending; only one the word list has counts."""
    if len(word) >= 7 and word.endswith("en"):
        # the zu-infinitive of a separable verb: "durchzuprobieren" -> "durchprobieren", "einzubauen" -> "einbauen"
        return [prefix + word[len(prefix) + 2:] for prefix in _SEPARABLE_PREFIXES
                if word.startswith(prefix + "zu") and len(word) > len(prefix) + 5][:1]
    if len(word) < 5 or not word.endswith("t") or word.endswith("st"):
        return []
    stems = [word[:-2]] if word.endswith("et") else []
    stems.append(word[:-1])
    guesses = []
    for stem in stems:
        guesses.append(stem + "en")
        if stem.startswith("ge") and len(stem) > 4:
            guesses.append(stem[2:] + "en")  # the participle: "getestet" -> "testen"
        for prefix in _SEPARABLE_PREFIXES:
            if stem.startswith(prefix + "ge") and len(stem) > len(prefix) + 4:
                guesses.append(prefix + stem[len(prefix) + 2:] + "en")  # "ausgeprobiert" -> "ausprobieren"
    return [guess for guess in dict.fromkeys(guesses) if guess != word]


def german_verb_nouns(word: str) -> list[str]:
    """The -ung nouns of the German verbs ``word`` may be a form of (german_infinitives): "ausgeführt" ->
    "ausführung", "übersetzt" -> "übersetzung" (folded); a guess per infinitive, kept only where the corpus has it."""
    return [infinitive[:-2] + "ung" for infinitive in german_infinitives(word) if infinitive.endswith("en")]


MIN_PIECE = 3  # a piece of a gerund read as a compound: "pre training"; "de skilling" is no compound


def participle_gerunds(word: str) -> list[str]:
    """The -ing form of the English verb whose past participle ``word`` may be, which names what is done as a noun:
    "pretrained" -> "pretraining", "tuned" -> "tuning" (the summaries write English activities as nouns:
    "Pre-Training", "Fine-Tuning"); each base as english_variants guesses it."""
    if len(word) <= 5 or not word.endswith("ed") or not word.isalpha():
        return []
    return list(dict.fromkeys((base[:-1] if base.endswith("e") else base) + "ing"
                              for base in english_variants(word)[1:]))


MIN_VERB_BASE = 5  # "used", "based" are no "usage", "basement": the bases of short verbs guess too many nouns


def verb_nouns(word: str) -> list[str]:
    """The "-ion" noun of the English verb ``word`` may be a form of, which German writes alike: "fuses" -> "fusion"
    (Fusion), "operates" -> "operation"; of a participle or gerund also its "-ation" and "-ment" nouns: "installed"
    -> "installation", "deployed" -> "deployment" (the summaries write "Installation", "Deployment"); each base as
    english_variants guesses it."""
    bases = english_variants(word)
    nouns = [base[:-1] + "ion" for base in bases if base.endswith("e") and len(base) >= 4]
    if word.endswith(("ed", "ing")):
        nouns += [noun for base in bases[1:] if len(base) >= MIN_VERB_BASE
                  for noun in ([base + "ment"] if base.endswith("e") else [base + "ation", base + "ment"])]
    return list(dict.fromkeys(nouns))


# English verbs in -ize / -ise and their nouns in -ization, whose German sibling is a verb in -isieren:
# "retokenizing" / "Retokenisierungsdrift", "quantized" / "quantisiert", "serialization" / "Serialisierung"
_IZE_RE = re.compile(r"^(?P<root>[a-z]{4,})i[zs](?:e|es|ed|ing|ation|ations)$")


def isier_form(word: str) -> str | None:
    """The German -isier- form the English -ize / -ise word may be, as a prefix to search for: "retokenizing" ->
    "retokenisier", "synchronization" -> "synchronisier"; None for other words."""
    match = _IZE_RE.match(word)
    return f"{match['root']}isier" if match else None


def name_groups(concepts: list[Concept]) -> list[list[int]]:
    """The concepts that are one name written as code, by index: "max_evol" is the concepts max_evol, max and evol.
    A row holding the name counts it once, not once per word: the intro that repeats "max_evol" is not three times
    the evidence of the point that explains, and "evol" alone also begins "evolutionär"."""
    groups = []
    for index, concept in enumerate(concepts):
        if concept.name_parts:
            members = [other for other, part in enumerate(concepts)
                       if other == index or (not part.name_parts and part.words in concept.name_parts)]
            if len(members) > 1:
                groups.append(members)
    return groups


MIN_ENGLISH_STEM = 4


def english_stems(word: str) -> list[str]:
    """Prefixes an English word's other forms share, where the word itself is no prefix of them: "cache" ->
    "cach" (caching), "patented" -> "patent" (Patentierte), "compacting" -> "compact"; at least MIN_ENGLISH_STEM
    letters. For telling whether the summaries hold a word in some form, not for ranking."""
    if not word.isalpha():
        return []
    stems = []
    for ending in ("ing", "ed", "es", "e", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= MIN_ENGLISH_STEM:
            stems.append(word[: -len(ending)])
            break
    return stems


def _merge_duplicates(concepts: list[Concept]) -> list[Concept]:
    seen: dict[str, Concept] = {}
    for concept in concepts:
        if concept.words not in seen:
            seen[concept.words] = concept
        else:  # "suspension bridge" as a translated phrase and as words in a row: one concept, both ways
            for form in concept.forms:
                seen[concept.words].add(form.token, form.via, form.kind)
            seen[concept.words].name_parts = seen[concept.words].name_parts or concept.name_parts
    return list(seen.values())
