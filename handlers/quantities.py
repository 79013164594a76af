"""What a quantity question measures, and how the summaries write the number that answers it.

The patterns per kind of number (a speed-up, a time, a count, a size, a year …) that tell whether a point carries the
asked number; the thing a "how many" question counts and its forms as the summaries write it ("wie viele
Fallstudien" -> "zwei Fallstudien"); things named one by one, which answer "how many" by counting them; the glossary
entry that states a count. The quantity composer in ``answers`` ranks the points with them."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from store.concepts import english_variants, german_stem
from store.db import Store
from store.model import PointHit, Source, TermHit
from store.text import tokens

from . import coverage
from .commands import STRONG_MATCHES
from .common_words import is_common
from .question_words import COUNTED_KINDS, GERMAN_MODALS, PEOPLE_NOUNS, UNIT_WORDS, UNITS
from .questions import Question

# "um das Vier- bis Fünffache": multiples written as words count as numbers ("einfache" does not).
_TIMES = r"\b(?:zwei|drei|vier|f[üu]nf|sechs|sieben|acht|neun|zehn|zw[öo]lf|zwanzig|hundert|tausend)-?fache[nrs]?\b"
# Numbers written as words: "vier Kernabfragen", "drei Python-Wheels", "Vier-Säulen-Stack", "zweistufig"; the
# genitive and dative "zweier"/"dreier" too ("Beherrschung zweier Runtimes").
_NUMBER_WORD = (r"(?:zwei(?:er)?|drei(?:er)?|vier|f[üu]nf|sechs|sieben|acht|neun|zehn|elf|zw[öo]lf|zwanzig"
                r"|drei(?:ß|ss)ig|hundert|tausend|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand"
                r"|dozen)")
_IN_WORDS = (rf"(?<![^\W\d_])(?:{_NUMBER_WORD}(?:(?![^\W\d_])|(?=(?:stufig|phasig|teilig|dimensional|s[äa]ulig)))"
             r"|(?:hunderte|tausende|dutzende)n?(?![^\W\d_]))")  # "tausende parallele Sandbox-Umgebungen"
# "im fünften Jahr", "zweijährige Kompatibilität", "two years": a span of time in words
_ORDINAL = (r"(?:zweite|dritte|vierte|f[üu]nfte|sechste|siebte|achte|neunte|zehnte|second|third|fourth|fifth"
            r"|sixth|seventh|eighth|ninth|tenth)[nrs]?")
_TIME_IN_WORDS = (rf"(?<![^\W\d_])(?:{_NUMBER_WORD}|{_ORDINAL})(?:\s+|-)?(?:jahr\w*|j[äa]hrig\w*|monat\w*|wochen?\b"
                  r"|w[öo]chig\w*|tag\w*|t[äa]gig\w*|stunden?\b|st[üu]ndig\w*|minuten?\b|years?\b|months?\b|weeks?\b"
                  r"|days?\b|hours?\b|minutes?\b)")
# "seit Jahrzehnten", "jahrelang", "for decades": a span of time named without a number, which answers "how long"
_SPAN_WORDS = (r"(?<![^\W\d_])(?:jahrzehnt\w*|jahrhundert\w*|jahrelang\w*|decades?\b|centur(?:y|ies)\b)")
# Every match of the speed, time, count and any-number patterns starts with a digit or with one of these letters (the
# first letters of _TIMES, _NUMBER_WORD, _ORDINAL, _SPAN_WORDS, verdoppeln, halbieren, doubled): without this lookahead
# `re` tries their lookbehind-led alternatives at every character (1.4-1.9 times the CPU per point).
_NUMBER_START = r"(?=[\dacdefhjnstvz])"
NUMBER_RES = {
    # "8x7B" is a model's name and "21 Fachkräfte" a count, neither a speed-up
    "speed": re.compile(rf"{_NUMBER_START}(?:\d+(?:[.,]\d+)?(?:\s*[x×](?!\d)|-?fach\w*|\s*-?mal\b|\s*%|\s*prozent)"
                        rf"|\d\s*-\s*bis\s*\d+-?fach|{_TIMES}|verdoppel\w*|verdreifach\w*)", re.I),
    "time": re.compile(rf"{_NUMBER_START}(?:\d+(?:[.,]\d+)?\s*(?:ms|µs|s\b|sek\w*|min\w*|stunde\w*|h\b|tag\w*|woche\w*"
                       r"|monat\w*|jahr\w*"
                       rf"|seconds?|minutes?|hours?|days?|weeks?|months?|years?)|{_TIME_IN_WORDS}|{_SPAN_WORDS})",
                       re.I),
    # "in welchem Jahr", "what year": a year (2017, 1981)
    "year": re.compile(r"(?<![\d.,])(?:1[5-9]|20)\d\d(?![\d.,]\d)"),
    "throughput": re.compile(r"\d[\d.,]*\s*(?:tokens?\s*/\s*s\w*|token/sekunde|/s\b|pro sekunde|qps|tflops|gb/s)",
                             re.I),
    # (also the sides of a block or a matrix, "8 × 8", "$8 \times 8$", and a value named as the size: "Tile-Größe T8")
    "size": re.compile(r"\d[\d.,]*\s*(?:[kmgt]b\b|milliarden|millionen|mio|mrd|parameter\w*|zeilen|[bm]\b)"
                       r"|\d+\s*(?:[x×]|\\times)\s*\d+|(?:gr[öo](?:ß|ss)e|size)\s+(?:von\s+|of\s+)?[a-z]?\d", re.I),
    # a count of things ("44 durch 22 Arbeiter"), not a year (1981), an amount ($9.72), a share, a time or a factor
    "count": re.compile(rf"{_NUMBER_START}(?:(?<![\w$€£.,/])(?!(?:1[5-9]|20)\d\d(?!\d))\d+(?:[.,]\d+)*(?![.,]?\d)"
                        r"(?!\s*(?:%|prozent"
                        r"|percent|€|\$|/|ms\b|µs|s\b|sek|min|std|stunde|h\b|hours?|jahr|years?|tag|days?|woche|weeks?"
                        r"|monat|months?|uhr|x\b|×|-?fach|-?mal\b))"
                        rf"|{_IN_WORDS}(?!\s*-?(?:fach|mal\b|jahr|j[äa]hrig|monat|tag|stunde|minute))"
                        r"(?!\s*-\s*(?:bis|to)\s))", re.I),  # "Vier- bis Fünffache" is a factor
    "percent": re.compile(r"\d+(?:[.,]\d+)?\s*(?:%|prozent|percent)", re.I),
    # a version as the summaries write one: "TPUv5", "V4 TPU", "v6e-8", "Llama 3/3.1", "Gemma 4", "6. Generation"
    "version": re.compile(r"(?:(?<=[^\W\d_])|\b)[vV]\d+[a-z]?\d*(?![\w.])|\b\d+\.\s*[Gg]eneration"
                          r"|\b[A-Z][A-Za-z]+[ -]?\d+(?:\.\d+)?(?:/\d+(?:\.\d+)?)*(?![\d.,]*\s*(?:%|[^\W\d_]))"),
    # an amount of money as the summaries write one: "$9.72/Std.", "250 €", "3 Millionen Dollar"
    "money": re.compile(r"[$€£]\s*\d|\d[\d.,]*\s*(?:[$€£]"
                        r"|(?:millionen |milliarden |million |billion )?(?:euro|dollar|usd|eur)\b)", re.I),
    "length": re.compile(r"\d[\d.,]*\s*(?:mm|cm|km|m|meter\w*|zentimeter\w*|millimeter\w*|kilometer\w*|metres?|inch\w*"
                         r"|feet|foot|ft)\b", re.I),
    "weight": re.compile(r"\d[\d.,]*\s*(?:kg|t|tonnen?|tons?|kilo\w*|gramm|g|pounds?|lbs?)\b", re.I),
    "": re.compile(rf"{_NUMBER_START}(?:\d[\d.,]*|{_TIMES}|verdoppel\w*|verdreifach\w*|halbier\w*|doubl\w+|halv\w+"
                   rf"|{_IN_WORDS}"
                   rf"|{_TIME_IN_WORDS})", re.I),
}
MEASURES = ("speed", "time", "throughput", "size")
DIMENSIONS = frozenset({"length", "weight"})  # physical dimensions: a number answers them only in their units


# One thing of a list as the summaries name it: a noun, after at most one word that qualifies it, and what it is
# called for short ("Supervised Fine-Tuning (SFT)", "numerischer Genauigkeit", "Linting").
# (a name may start lower case and have its capitals inside: "oneMKL", "cuDNN")
_LISTED_THING = r"(?:[^\W\d_][\w-]*\s+)?(?:[A-ZÄÖÜ]|[a-z]+[A-Z])[\w-]*(?:\s+\([^()]*\))?"
# Three things or more named in a row: "Syntax, Linting, Kompilierung, Formkonsistenz und numerischer Genauigkeit".
# Clauses in a row are no list ("um das Vier- bis Fünffache, ermöglichten wirtschaftliche Kleinserien … und
# steigerten …": a verb starts the second).
_LIST_RE = re.compile(rf"(?<![\w-])(?:{_LISTED_THING},\s+)+{_LISTED_THING}\s+(?:und|and|sowie|oder|or)\s+"
                      r"(?:[^\W\d_][\w-]*\s+)?(?:[A-ZÄÖÜ]|[a-z]+[A-Z])")


# Three things or more, each with what it is called for short, separated by commas only: "Zustandsvektor-
# Multiplikationen (Matvec), Kraus-Maps (Matmul), Hermitian-Diagonalisierungen (eigh)"
_NAMED_LIST_RE = re.compile(r"(?<![\w-])(?:(?:[^\W\d_][\w-]*\s+)?[^\W\d_][\w-]*\s+\([^()]+\),\s+){2,}"
                            r"(?:[^\W\d_][\w-]*\s+)?[^\W\d_][\w-]*\s+\([^()]+\)")


def lists_things(hit: PointHit) -> bool:
    """Whether the point names three things or more in a row, which answers "how many" by counting them: "wie viele
    Prüfstufen hat die Validierungs-Pipeline" is the point listing "Syntax, Linting, Kompilierung, Formkonsistenz und
    numerischer Genauigkeit", not the "Level 1 … Level 2" of a point that only shares the name max_evol."""
    return bool(_LIST_RE.search(hit.text) or _NAMED_LIST_RE.search(hit.text))


def has_number(hit: PointHit, kind: str) -> bool:
    """Whether the point carries a number of ``kind``, in its text or in its title ("Zweistufiges Suchframework")."""
    return _carries_number(f"{hit.title}: {hit.text}", kind)


@lru_cache(maxsize=1 << 14)  # a fact of the corpus text, asked of the same points by many questions (the regexes cost)
def _carries_number(text: str, kind: str) -> bool:
    """Whether ``text`` carries a number of ``kind`` (any number for a kind with no pattern of its own)."""
    return bool(NUMBER_RES.get(kind, NUMBER_RES[""]).search(text))


# "how much honey …", "wie viele Völker …", "mit wie vielen Runtimes …": the word a quantity question measures, right
# after its question words, and the word after it ("how many case studies": English may name the thing in two words)
# ("how many kinds of math ops", "wie viele Sorten von Operationen": the thing after the kind)
MEASURED_RE = re.compile(r"\b(?:how (?:much|many)|wie viele?n?)\s+"
                         r"(?:(?P<k>kinds?|sorts?|types?|arten|sorten|typen)\s+(?:of|von|an)\s+)?"
                         r"(?P<w>[^\W\d_][\w-]*)(?:\s+(?P<w2>[^\W\d_][\w-]*))?", re.I)
# An English question's auxiliary right after what it counts: "how many bee colonies [does] the vlogger keep"
_AUXILIARY_NEXT_RE = re.compile(r"\s+(?:do|does|did|are|were|is|was|can|could|will|would|have|has|had)\b", re.I)


def counted_word(text: str, match: re.Match[str]) -> str:
    """The word an English "how many" question counts: the first after it, or the second when the auxiliary follows
    the two (English puts a compound's head last: "how many bee [colonies] does …")."""
    if match["w2"] and _AUXILIARY_NEXT_RE.match(text, match.end()):
        return match["w2"]
    return match["w"]


def counted_ones_verb(text: str, match: re.Match[str] | None, head: str) -> str | None:
    """The verb a "how many" question says the counted ones do, when a modal follows them: with no subject
    between, they are its subject and the next word its verb ("how many people can [sleep] in …", "how many jobs
    could [run] at once"), in German the infinitive that ends the modal's clause ("wie viele leute können in dem
    baumhaus [übernachten]"); None otherwise ("how many bees does the vlogger keep": the vlogger keeps them)."""
    if match is None or not head:
        return None
    at = text.casefold().find(head.casefold(), match.start("w"))
    if at < 0:
        return None
    if (verb := _MODAL_VERB_RE.match(text, at + len(head))) is not None:
        return verb.group(1)
    german = _GERMAN_MODAL_CLAUSE_RE.match(text, at + len(head))
    modal = tokens(german["modal"]) if german is not None else []
    # the counted ones are the subject of a plural modal with no subject of its own after it: not "mit wie vielen
    # runtimes [muss man] sich … rumschlagen", "wie viele leute können [wir] einladen"
    if german is None or len(modal) != 1 or modal[0] not in GERMAN_MODALS or not modal[0].endswith("en") or \
            (tokens(german.group(0))[1:2] or [""])[0] in _GERMAN_SUBJECTS:
        return None
    return german["verb"]


# A modal and its verb right after what a "how many" question counts
_MODAL_VERB_RE = re.compile(r"\s+(?:can|could|will|would|might|may)\s+([^\W\d_][\w-]*)", re.I)
# A German modal right after what a "wie viele" question counts, and the infinitive that ends its clause
_GERMAN_MODAL_CLAUSE_RE = re.compile(
    r"\s+(?P<modal>[^\W\d_]+)\b[^,;:?!.]*?\s(?P<verb>[^\W\d_][\w-]*n)\s*(?:[,;:?!.]|$)")
_GERMAN_SUBJECTS = frozenset("ich du er sie es man wir ihr".split())  # a modal's own subject right after it
_UMLAUTS = {"a": "ä", "o": "ö", "u": "ü"}  # "Jahr" and "zweijährig", "Tag" and "dreitägig"


def measured_absent(question: Question, absent: frozenset[str]) -> str | None:
    """The thing a German quantity question measures when no summary has it: "wie viel Honig …" (not a unit:
    "Prozent")."""
    match = MEASURED_RE.search(question.text)
    if match is None:
        return None
    word = match["w"]
    if question.language != "de" or not (word[:1].isupper() or coverage.typed_as_noun(word, question)):
        # "wie viel verdiente …": a German noun is written with a capital, a verb is not (typed all in lower case, the
        # tagger tells the noun: "wie viele frauen gabs …"); an English word the word list cannot translate ("how
        # many rows") is no sign that the summaries lack the thing
        return None
    words = tokens(word)
    if not words or any(w in UNIT_WORDS or w in UNITS for w in words) or not all(w in absent for w in words):
        return None
    return word


def counted_thing_forms(store: Store, question: Question) -> tuple[str, ...] | None:
    """The forms of the thing a "how many X" question counts as the summaries write it, longest first, for a count of
    it (``count_re``): "zwei Fallstudien" for "wie viele Fallstudien", "8 Chips" for "how many chips", "50 Schritte"
    for "how many steps". The thing counted is the unit of a count."""
    match = MEASURED_RE.search(question.text)
    if match is None or question.quantity != "count":
        return None
    word = match["w"].casefold()
    if word in UNIT_WORDS or word in UNITS:
        return None
    heads = [word]
    if _named_before_its_noun(question, match):
        heads.append(match["w2"].casefold())  # a name typed before the noun only says which: "wie viele oneapi
        # [bibliotheken] …"
    forms = set(heads)
    en_de = store.word_data().en_de
    keys: list[str] = []
    for noun in heads:
        if stem := german_stem(noun):
            forms.add(stem)  # "Fallstudien" finds "Fallstudie"
        if question.language == "de" and (adjective := _count_adjective(noun)):
            forms.add(adjective)  # "wie viele Stufen": "18-stufige Wendeltreppe"
        keys += english_variants(noun)
    forms.update(keys)  # "chips" finds "Chip"
    if match["w2"]:  # "how many case studies": the word list's "case studies"
        keys += [f"{word} {variant}" for variant in english_variants(match["w2"].casefold())]
    # "steps" finds "Schritte", "case studies" "Fallstudien"
    forms.update(form for key in keys for form in en_de.get(key, ()) if " " not in form)
    return tuple(sorted((form for form in forms if len(form) >= 3), key=lambda form: (-len(form), form)))


def _named_before_its_noun(question: Question, match: re.Match[str]) -> bool:
    """Whether a German "wie viele" question names a thing before the noun it counts: a word rare in the language,
    then a noun ("wie viele oneapi bibliotheken", "wie viele TPU-Kerne" is one word)."""
    noun = match["w2"]
    return question.language == "de" and bool(noun) and not is_common(match["w"]) and \
        (noun[:1].isupper() or coverage.typed_as_noun(noun, question))


def _count_adjective(noun: str) -> str | None:
    """The adjective German counts a plural noun's things with, after the number and a hyphen: "Stufen" ->
    "stufig" ("18-stufige Wendeltreppe"), "Teile" -> "teilig", "Kerne" -> "kernig". None for a word too short to
    tell (its adjective would begin other words)."""
    if not noun.isalpha() or len(noun) < 5:
        return None
    for ending in ("en", "e", "n"):
        if noun.endswith(ending):
            return f"{noun[:-len(ending)]}ig"
    return None  # no plural ending: no German plural noun ("chips", "steps" have theirs in the word list)


@lru_cache(maxsize=256)  # a pattern per counted thing, not per question asking about it
def count_re(forms: tuple[str, ...]) -> re.Pattern[str] | None:
    """A number right before one of ``forms`` (longest first): "zwei Fallstudien", "8 Chips", or the things named one
    by one right after it (``listing_re``)."""
    if not forms:
        return None
    written = _any_form(forms)
    # a compound written with a hyphen counts the thing its last part names: "ca. 120 Basis-Operationen" counts
    # operations, "32 XC-Cores" cores (a closed compound is a word of its own: "zwei Hauptphasen" of LLM training are
    # no count of Tinix's post-training phases)
    compound = r"(?:[^\W\d_][\w]*-)?"
    # dimensions are counted with a "D" behind the number: "2D-Mesh", "3D"
    dimensions = r"|(?<![\w.,])\d(?:-|\s)?D\b" if any(form.startswith("dimension") for form in forms) else ""
    return re.compile(rf"(?<![\w.,])(?:\d[\d.,]*|{_NUMBER_WORD})(?:\s*-\s*|\s+){compound}(?:{written})"
                      rf"|{_listing(written)}{dimensions}", re.I)


@lru_cache(maxsize=256)
def listing_re(forms: tuple[str, ...]) -> re.Pattern[str] | None:
    """The things named one by one right after one of ``forms``: "Bibliotheken wie oneMKL (…), oneDNN (…) und oneCCL
    (…)", "Harthölzer (Buche, Eiche, Linde)"."""
    return re.compile(_listing(_any_form(forms)), re.I) if forms else None


def _any_form(forms: tuple[str, ...]) -> str:
    """An alternation of ``forms``, each vowel also as its umlaut (the word list's forms are folded: "hartholz")."""
    return "|".join(_either_umlaut(form) for form in forms)


def _listing(written: str) -> str:
    """The pattern of things named one by one right after a word of the alternation ``written``."""
    return rf"(?<![\w-])(?:{written})[\w-]*{_THINGS_AFTER}"


# Three things or more named one by one right after the word for them: "(Buche, Eiche, Linde)", "wie oneMKL
# (Mathematik), oneDNN (Deep Learning) und oneCCL", "such as X, Y and Z" (two are as often what one thing is:
# "Post-Training (Verhaltensanpassung und Formatierung …)")
_NAMED_THING = r"[^\W\d_][\w.-]*(?:\s+\([^()]*\))?"
_THINGS_AFTER = (r"(?:\s*\(\s*|\s*:\s*|,?\s+(?:wie|like|such as|namely|n[äa]mlich|darunter|including)\s+)"
                 rf"{_NAMED_THING}(?:,\s+{_NAMED_THING})+(?:,\s+|,?\s+(?:und|and|sowie|oder|or)\s+){_NAMED_THING}")


async def entry_counting(store: Store, question: Question, counted: re.Pattern[str]) -> str | None:
    """The glossary term a "how many X does T have" question asks of when its entry counts X: the subject without the
    counted thing is the whole term ("TPU v6e-8", whose entry says "mit 8 Chips")."""
    match = MEASURED_RE.search(question.text)
    if match is None:
        return None
    return await entry_saying(store, counted_of(question, match), counted)


async def entry_saying(store: Store, rest: str, said: re.Pattern[str]) -> str | None:
    """The glossary term ``rest`` names when its entry says ``said`` (a count, an ordinal), else None."""
    if not rest or (len(rest.split()) > 1 and coverage.titles_a_talk(store, rest)):
        return None  # as ``_entry_named`` has it, with the one look-up of the whole rest read once
    result = await store.define(rest)
    if not result.hits or not _named_by((hit := result.hits[0]), rest):
        return None
    return hit.term if any(said.search(d.definition) for d in hit.definitions) else None


# "die wievielte Generation", "which generation of Intel's Xe architecture is Battlemage": an ordinal of the asked
# noun is the answer ("Die zweite Generation", "der 6. Generation"); a version asks a name ("V4"), no ordinal
ORDINAL_ASKED_RE = re.compile(r"\bwievielte[nmrs]?\b"
                              r"|\b(?:which|what|welche[rnms]?)\b.*\b(?:generations?|generationen|gens?)\b", re.I)
ORDINAL_GENERATION_RE = re.compile(rf"(?:\b{_ORDINAL}|\b\d+\.)\s*(?:[\w-]+\s+)?generation", re.I)


def rare_words(subject: str) -> str:
    """The subject's words rare in the language, which name the thing asked about ("battlemage", "torii")."""
    return " ".join(word for word in subject.split() if not is_common(word))


def counted_of(question: Question, match: re.Match[str]) -> str:
    """What a "how many X does T have" question counts X of, T: its subject without X, only the words rare in the
    language when it has some (they name the thing; the common ones say something of it: "how many crossbeams does a
    torii [normally] have", "aus wie vielen säulen [besteht] so n torii")."""
    counted_words = {t for group in ("w", "w2") if match[group] for t in tokens(match[group])}
    rest = " ".join(word for word in question.subject.split() if not set(tokens(word)) <= counted_words)
    return rare_words(rest) or rest


def _named_by(hit: TermHit, asked: str) -> bool:
    """Whether a looked-up glossary term is the one ``asked`` names: a strong match, a term whose name holds every
    asked word ("v6e-8" names TPU v6e-8, whose entry says "mit 8 Chips") or one whose every name word is asked, not
    one whose entry only uses them."""
    if hit.match in STRONG_MATCHES:
        return True
    name, words = set(tokens(hit.term)), set(tokens(asked))
    # (or a term the asked words name with one more: "xe battlemage" names Battlemage)
    return bool(name) and (hit.match == "text" and words <= name or hit.match in ("text", "fuzzy") and name <= words)


def counts_kinds(question: Question) -> bool:
    """Whether a "how many" question counts the kinds of a thing (COUNTED_KINDS): "how many kinds of workers …",
    "wie viele Arten gibt es …"."""
    match = MEASURED_RE.search(question.text)
    return question.quantity == "count" and match is not None and \
        (bool(match["k"]) or any(token in COUNTED_KINDS for token in tokens(match["w"])))


def counts_people(question: Question) -> bool:
    """Whether a "how many" question counts people: "how many speakers …", "wie viele Leute halten …"."""
    match = MEASURED_RE.search(question.text)
    return question.quantity == "count" and match is not None and \
        any(token in PEOPLE_NOUNS for token in tokens(match["w"]))


async def naming_speakers(store: Store, found: list[PointHit]) -> set[Source]:
    """The points of ``found`` that name every speaker of their talk, and so count them: the XLA talk's "Kevin
    Gleason und Peter Gavin stellen … vor" answers how many people present it."""
    speakers: dict[str, tuple[re.Pattern[str], ...]] = {}
    naming: set[Source] = set()
    canonical = store.word_data().canonical
    for hit in found:
        if hit.talk_id not in speakers:
            talk = await store.get_talk(hit.talk_id)
            # a name as the summary may write it: the transcript's slip the aliases map to it ("Jotender" for
            # Jyotinder: "Vorstellung durch Diva und Jotender" names both of Kinetic's speakers)
            speakers[hit.talk_id] = tuple(
                re.compile(rf"(?<!\w)(?:{'|'.join(re.escape(written) for written in _written_as(canonical, name))})"
                           r"(?!\w)", re.I) for name in (talk.speakers if talk is not None else ()))
        names = speakers[hit.talk_id]
        if names and all(name.search(hit.text) for name in names):
            naming.add(hit.source)
    return naming


def _written_as(canonical: dict[str, str], name: str) -> list[str]:
    """``name`` and the slips the aliases map to it."""
    folded = name.casefold()
    return [name] + [alias for alias, to in canonical.items() if to.casefold() == folded]


# "how thick …", "wie tief …": the dimension a length question measures, which the summaries write beside the number
# ("90 cm dicken Buche", "19 cm tief"); "hoch" also asks how high a share or a fee is, so it is left out
_DIMENSION_RE = re.compile(r"\b(?:how|wie) (?P<d>thick|deep|wide|dick|tief|breit)\b", re.I)


def hint_not_asked(store: Store, hint: str, subject: str) -> str:
    """``hint``'s words without those the subject already says in its own words ("faster" when a German question asks
    "schneller", the word list's German for it): one word of a point would count twice, once as asked and once as
    the hint, and lift a point that only says "schneller" above one about what is asked (000:38's "240-mal
    schneller" above AITER's "Geschwindigkeitssteigerungen" for "um wie viel fach sind die aiter kernel schneller")."""
    asked = set(tokens(subject))
    en_de = store.word_data().en_de
    return " ".join(word for word in hint.split() if word not in asked
                    and asked.isdisjoint(token for form in en_de.get(word, ()) for token in tokens(form)))


def dimension_of(question: Question) -> str:
    """The dimension a length question asks for, as it asks it ("thick"), or "" for none."""
    if question.quantity != "length" or (match := _DIMENSION_RE.search(question.text)) is None:
        return ""
    return match["d"]


def unit_of(question: Question) -> str | None:
    return next((UNITS[word] for word in tokens(question.text) if word in UNITS), None)


@cache  # one per entry of UNITS; `re`'s own cache is shared with patterns built from questions' words
def with_unit_re(unit: str) -> re.Pattern[str]:
    """A number written with ``unit`` as the summaries write it: "285 Grad", "im fünften Jahr", "zweijährige"."""
    written = _either_umlaut(unit)
    return re.compile(rf"(?:\d[\d.,]*\s*-?|{_NUMBER_WORD}\s*-?|{_ORDINAL}\s+){written}", re.I)


def _either_umlaut(word: str) -> str:
    """A pattern for ``word`` with each a, o, u also as its umlaut: "Jahr" finds "zweijährig", the folded "hartholz"
    "Harthölzer"."""
    return "".join(f"[{ch}{_UMLAUTS[ch]}]" if ch in _UMLAUTS else re.escape(ch) for ch in word)
