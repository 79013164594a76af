"""In-memory views of the stored corpus that make query planning cheap.

Built once per corpus generation from the database: document frequencies for prefix forms
(bisect over the sorted FTS vocabulary), typo correction and fuzzy term lookup narrowed to
a few hundred candidates before rapidfuzz scores them (rapidfuzz holds the GIL while it scans).
"""

from __future__ import annotations

import math
import re
import sqlite3
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate

from rapidfuzz import fuzz, process

from .compounds import LINKING, splits_in_two
from .concepts import MIN_PREFIX, STOPWORDS, VERB_PREFIXES, one_slip, strong_verb
from .text import first_letter_differs, tokens
from .trigrams import TrigramIndex

CORRECTION_CUTOFF = 85.0
MIN_HEAD = 4  # shortest corpus word taken as the head of a query compound
MAX_PIECES = 5  # words one joined-up identifier may be split into
FUZZY_CANDIDATES = 300  # strings scored by rapidfuzz per lookup, after trigram narrowing
_FAMILY_PREFIXES = ("", *VERB_PREFIXES)
_VERB_ENDINGS = ("ten", "est", "st", "et", "en", "te", "t", "e", "n")
# What may follow a root in a word of its family: inflections and the nouns of the verb, not a compound's next word
# ("lauf" is not "Laufzeit")
FAMILY_ENDINGS = frozenset("  e en end ende enden ender er ern es et t st te ten tet ung ungen s".split(" "))
# What may follow a stem in another form of its word besides ``FAMILY_ENDINGS``: English inflections, and the
# German derivations the stems are cut for ("zerspan|ung", "disaggreg|ation", "programm|ierung", "kompatib|ilitat")
_STEM_ENDINGS = FAMILY_ENDINGS | frozenset("n ed ing ings".split())
_STEM_DERIVATIONS = ("ier", "ation", "ung", "ilitat", "bar", "lich", "isch", "heit", "keit")
MAX_STEM_WORDS = 64  # corpus words one stem begins that are read; a stem beginning more is taken as held
MIN_SHARED_HEAD = 5  # letters of a corpus word a stem starts with that makes a corpus word it begins its compound's kin
MIN_VERB_ROOT = 4
MIN_LATIN_NOUN = 5  # a shorter noun left of an -ieren verb may be another word ("passieren" / "Pass")
FAMILY_WORDS = 16  # corpus words one prefix and root may begin that are read
MAX_FAMILIES = 50_000  # words whose family is kept (bounded: users type any words)
MIN_INSIDE = 5  # a shorter form is inside too many words by chance ("ring" in "Ausbildungsring")
MIN_SLIPPED = 8  # a shorter word a letter away from a corpus word may be another name (GSPMD is no SPMD)
MIN_VERB = 5  # letters left after a verb's prefix ("an" + "lage" is no verb of "Lage")
# A corpus word that is a name and a generation written joined: "tpuv6e" (TPUv6e), "tpuv5"
_NAMED_GENERATION_RE = re.compile(r"[a-z]{2,}(v\d+[a-z]?)")


@dataclass(frozen=True)
class TermName:
    """A spelling that names a glossary term (term, variant or expansion)."""

    key: str
    term: str
    kind: str


NAME_KINDS = ("term", "variant", "expansion")
_KIND_BITS = {kind: 1 << bit for bit, kind in enumerate(NAME_KINDS)}


def kind_mask(kinds: Iterable[str]) -> int:
    """The bits of these kinds of name (term_names.kind)."""
    return sum(_KIND_BITS.get(kind, 0) for kind in set(kinds))


HEAD_BEGUN_WORDS = 8  # corpus words a query word may begin for its head to be read (``compound_head``)
MAX_INFLECTION = 3  # letters an inflection adds to a word ("-s", "-en", "-ern"): more begin another word


class Vocabulary:
    """Document frequencies, typo corrections and fuzzy term lookup for one corpus generation.

    Kept compact, since it lives as long as the corpus generation (50,000 summaries: ~450,000 words and
    ~430,000 distinct term names): the words once, frequencies as a cumulative 8-byte array, each
    distinct name key once with a bit mask of the kinds it names (a term defined in 5,000 talks is one
    key, not 5,000 rows); which terms a key names is read from the database for the few that score.
    """

    def __init__(self, terms: list[str], cumulative: Sequence[int], documents: int, name_keys: list[str],
                 name_kinds: Sequence[int], head_terms: Iterable[str]) -> None:
        self.terms = terms  # sorted
        self._cumulative = cumulative  # documents of terms[:i] summed, len(terms) + 1 values
        self.documents = max(documents, 1)
        self._words = TrigramIndex([t for t in self.terms if len(t) >= 4 and t.isalpha()])
        self.name_keys = name_keys
        self._name_kinds = name_kinds
        self._names = TrigramIndex(name_keys)
        self._longest_name = max((len(key) for key in name_keys), default=0)
        self._by_head_word = _terms_by_head_word(head_terms)
        self._families: dict[str, list[str]] = {}  # verb_family's answers, kept for the generation
        # a generation -> the corpus words that write a name joined with it ("v6e" -> "tpuv6e"), read once
        self._named_generations: dict[str, list[str]] = {}
        for term in terms:
            if (match := _NAMED_GENERATION_RE.fullmatch(term)) is not None:
                self._named_generations.setdefault(match.group(1), []).append(term)

    @classmethod
    def empty(cls) -> Vocabulary:
        return cls([], [0], 0, [], [], [])

    @classmethod
    def read(cls, conn: sqlite3.Connection) -> Vocabulary:
        """Build from the corpus tables, streaming rows (no list of all rows is held at once)."""
        terms: list[str] = []
        cumulative = array("q", [0])
        total = 0
        for term, doc in conn.execute("SELECT term, doc FROM search_vocab"):
            terms.append(term)
            total += doc
            cumulative.append(total)
        if any(terms[i] > terms[i + 1] for i in range(len(terms) - 1)):  # fts5vocab lists terms in byte order
            pairs = sorted(zip(terms, [b - a for a, b in zip(cumulative, cumulative[1:])]))
            terms = [term for term, _ in pairs]
            cumulative = array("q", [0, *accumulate(doc for _, doc in pairs)])
        documents = conn.execute("SELECT count(*) FROM search_fts").fetchone()[0]
        keys: list[str] = []
        kinds = array("B")
        for key, kind_list in conn.execute("SELECT name_key, group_concat(DISTINCT kind) FROM term_names"
                                           " GROUP BY name_key ORDER BY name_key"):
            keys.append(key)
            kinds.append(kind_mask(kind_list.split(",")))
        head_terms = (row[0] for row in conn.execute(
            "SELECT term FROM term_names WHERE kind = 'term' AND (instr(term, ' ') > 0 OR instr(term, '-') > 0)"
            " ORDER BY rowid"))
        return cls(terms, cumulative, int(documents or 0), keys, kinds, head_terms)

    def doc_frequency(self, form: str) -> int:
        """Documents holding ``form`` (as a prefix when long enough); an upper bound, capped at N.

        A phrase ("all to all") is counted as its rarest word, whole words but the last: no more
        documents can hold it.
        """
        if " " in form:
            *whole, last = form.split()
            return min([self._exact_frequency(part) for part in whole] + [self.doc_frequency(last)])
        start = bisect_left(self.terms, form)
        if len(form) < MIN_PREFIX:
            exact = start < len(self.terms) and self.terms[start] == form
            return self._cumulative[start + 1] - self._cumulative[start] if exact else 0
        end = bisect_left(self.terms, form + "\uffff")
        return min(self._cumulative[end] - self._cumulative[start], self.documents)

    def words_starting(self, prefix: str, limit: int) -> list[str] | None:
        """The corpus words that begin with ``prefix`` (itself included), in order; None when more than
        ``limit`` do."""
        words: list[str] = []
        terms = self.terms
        for index in range(bisect_left(terms, prefix), len(terms)):
            if not terms[index].startswith(prefix):
                break
            if len(words) == limit:
                return None
            words.append(terms[index])
        return words

    def begins_a_word(self, prefix: str) -> bool:
        """Whether a corpus word begins with ``prefix`` (or is it): one bisection, not ``words_starting``'s list."""
        index = bisect_left(self.terms, prefix)
        return index < len(self.terms) and self.terms[index].startswith(prefix)

    def heads_a_compound(self, word: str) -> bool:
        """Whether ``word`` (folded) is a German noun in -e that a corpus compound starts with, without its e as a
        compound's head writes it: "erde" in "erdwarme" (Erdwärme), a word of MIN_HEAD letters or more after it."""
        if len(word) < MIN_HEAD or not word.isalpha() or not word.endswith("e"):
            return False
        head = word[:-1]
        index = bisect_left(self.terms, head)
        terms = self.terms
        while index < len(terms) and terms[index].startswith(head):
            if len(terms[index]) - len(head) >= MIN_HEAD:
                return True
            index += 1
        return False

    def concept_idf(self, forms: list[str]) -> float:
        """One idf for all forms of a concept, so a rare spelling of a common word does not outscore it.

        A phrase form ("all to all") is another spelling of a word form ("alltoall"): its estimate only
        counts when the words are all the concept has.
        """
        words = [form for form in forms if " " not in form]
        df = min(sum(self.doc_frequency(form) for form in words or forms), self.documents)
        return max(math.log((self.documents + 1) / (df + 0.5)), 0.05)

    def compound_head(self, word: str) -> list[str]:
        """The longest corpus word a long query word starts with, when the word itself is no word of the corpus:
        "baumhausbau" -> ["baumhaus"], "holzbau" -> ["holz"] (German compounds the summaries spell apart); also when
        it only begins one ("praferenzdaten" of "Präferenzdatenpaaren" -> ["praferenz"]: "Präferenz-Ausrichtung")."""
        if len(word) < 7 or not word.isalpha() or self.has(word):
            return []
        # a word the corpus has only inflected ("database" of "databases", "kerneln") is that word, no compound
        begun = self.words_starting(word, HEAD_BEGUN_WORDS)
        if begun is None or any(len(other) - len(word) <= MAX_INFLECTION for other in begun):
            return []
        # The head must be most of the word: "tensorparallel" is not about every "tensor".
        for cut in range(len(word) - 3, max(MIN_HEAD, (len(word) + 1) // 2) - 1, -1):
            head = word[:cut]
            index = bisect_left(self.terms, head)
            if index < len(self.terms) and self.terms[index] == head:
                return [head]
        return []

    def named_generation(self, generation: str) -> list[str]:
        """The corpus words that write a name joined with ``generation`` ("v6e" -> "tpuv6e", as "TPUv6e-Subslices"
        has it), for a generation typed without its name ("das Mesh bei den v5 und v6e Subslices")."""
        return self._named_generations.get(generation, [])

    def compound_parts(self, word: str) -> list[str]:
        """The two corpus words a compound the corpus has is made of ("speicherzugriffe" -> speicher, zugriffe): a
        key point may say the compound's parts apart ("On-Chip-Speicher … HBM-Zugriffe"); empty for another word."""
        if len(word) < 2 * MIN_HEAD or not word.isalpha() or not self.has(word):
            return []
        # a verb's particle or a function word is no part: "unter|stützt"
        split = next(splits_in_two(word, lambda head: self.has(head) and head not in STOPWORDS
                                   and head not in VERB_PREFIXES, self.has, MIN_HEAD, linking=True), None)
        return [] if split is None else list(split)

    def verb_family(self, word: str) -> list[str]:
        """The corpus words that share a German verb's root behind any verbal prefix: "pruft" (prüft) ->
        "uberprufung", "einschrauben" -> "verschraubung", "schrauben". Only the root with an inflection or its noun
        ending (``FAMILY_ENDINGS``), and a Latin -ieren verb's noun in -ion ("reduziert" -> "reduktion"); empty for a
        word without a verb's ending."""
        known = self._families.get(word)
        if known is not None:
            return known  # a question's words are looked up by several store calls of one answer
        root = verb_root(word)
        found: dict[str, None] = {}
        terms, count = self.terms, len(self.terms)
        for prefix in _FAMILY_PREFIXES if root is not None else ():  # a bisection each, mostly one comparison after
            start = f"{prefix}{root}"
            index = bisect_left(terms, start)
            end = min(index + FAMILY_WORDS, count)
            while index < end and terms[index].startswith(start):
                candidate = terms[index]
                if candidate != word and candidate[len(start):] in FAMILY_ENDINGS:
                    found[candidate] = None
                index += 1
        if root is not None and root.endswith("ier") and len(root) > MIN_VERB_ROOT + 3:
            # a Latin verb's noun: "reduzieren" / "Reduktion", "integrieren" / "Integration"
            base = root[:-4] + "kt" if root.endswith("zier") else root[:-3] + "at"
            # an -izieren verb's is in -ikation: "replizieren" / "Replikation", "kommunizieren" / "Kommunikation"
            bases = (base, root[:-4] + "kat") if root.endswith("izier") else (base,)
            found.update((noun, None) for latin in bases for noun in (latin + "ion", latin + "ionen")
                         if noun != word and self.has(noun))
            # and its noun without the verb's -ier: "exportieren" / "Export", "importieren" / "Import"
            if len(noun := root[:-3]) >= MIN_LATIN_NOUN and noun != word and self.has(noun):
                found[noun] = None
        if (strong := strong_verb(word)) is not None:
            # a strong verb's other stems, behind the same prefix: "überstehen" / "überstanden", "lief" / "Lauf";
            # a past form is its infinitive's family too ("lief": Ablauf, Verlauf)
            prefix, infinitive, stems = strong
            if prefix + infinitive != word:
                whole = prefix + infinitive
                found.update((relative, None) for relative in [whole, *self.verb_family(whole)]
                             if relative != word and self.has(relative))
            for stem in stems:
                start = prefix + stem
                index = bisect_left(terms, start)
                end = min(index + FAMILY_WORDS, count)
                while index < end and terms[index].startswith(start):
                    if terms[index] != word and terms[index][len(start):] in FAMILY_ENDINGS:
                        found[terms[index]] = None
                    index += 1
        family = list(found)
        if len(self._families) < MAX_FAMILIES:
            self._families[word] = family
        return family

    def continues_as_a_form(self, stem: str) -> bool:
        """Whether a corpus word begins with the folded ``stem`` (a word cut before its ending) and goes on as another
        form of that word: the stem itself, with an inflection or a derivation ("kernel|s", "zerspan|ung"), or as a
        compound's head, a corpus word after it ("baum|schrauben"). Not letters that only begin another word:
        "angel|egten" (angeln), "splin|tholz" (spline), "hochbe|lastbarer" (Hochbeet) hold no form of the word."""
        found = self.words_starting(stem, MAX_STEM_WORDS)
        if found is None:
            return True
        if found and any(self.has(stem[:end]) for end in range(MIN_SHARED_HEAD, len(stem) + 1)):
            return True  # a compound's stem held where a corpus compound of the same head goes on from it: "speicherar"
            # (Speicherarten) in "Speicherarchitektur", both of Speicher
        for word in found:
            rest = word[len(stem):]
            if rest in _STEM_ENDINGS or rest.startswith(_STEM_DERIVATIONS) or (
                    len(rest) >= MIN_HEAD and self._is_compound_tail(rest)):
                return True
        return False

    def _is_compound_tail(self, rest: str) -> bool:
        """Whether ``rest`` is a corpus word, inflected or after a linking element (``continues_as_a_form``)."""
        bare = [rest, *(rest[len(link):] for link in LINKING if rest.startswith(link))]
        return any(self.has(word) or any(word.endswith(ending) and self.has(word[:-len(ending)])
                                         for ending in FAMILY_ENDINGS if ending) for word in bare)

    def _exact_frequency(self, token: str) -> int:
        index = bisect_left(self.terms, token)
        if index < len(self.terms) and self.terms[index] == token:
            return self._cumulative[index + 1] - self._cumulative[index]
        return 0

    def has(self, token: str) -> bool:
        """Whether ``token`` is a whole word of the corpus."""
        index = bisect_left(self.terms, token)
        return index < len(self.terms) and self.terms[index] == token

    def segment(self, word: str) -> list[str]:
        """The corpus words a word nothing matches is made of, fewest first: "alltoall" -> all, to, all."""
        if len(word) < 4 or len(word) > 40 or self.doc_frequency(word) > 0:
            return []
        best: list[list[str] | None] = [[]] + [None] * len(word)  # best[i]: fewest pieces for word[:i]
        for end in range(1, len(word) + 1):
            for start in range(max(0, end - 24), end):
                piece, before = word[start:end], best[start]
                if before is None or len(before) >= MAX_PIECES or not (len(piece) >= 2 or piece.isdigit()):
                    continue
                if self.has(piece) and (best[end] is None or len(before) + 1 < len(best[end] or [])):
                    best[end] = [*before, piece]
        pieces = best[-1]
        return pieces if pieces and len(pieces) >= 2 else []

    def names(self, key: str, kinds: Iterable[str] = ("term", "variant")) -> bool:
        """Whether ``key`` (a term_key) is the whole name of a glossary term, as one of ``kinds``."""
        index = bisect_left(self.name_keys, key)
        return index < len(self.name_keys) and self.name_keys[index] == key \
            and bool(self._name_kinds[index] & kind_mask(kinds))

    def begins_a_name(self, prefix: str) -> bool:
        """Whether a glossary name's key starts with the key ``prefix`` and goes on: "mixtureof" (Mixture of
        Experts)."""
        index = bisect_left(self.name_keys, prefix)
        return index < len(self.name_keys) and self.name_keys[index].startswith(prefix) and \
            (self.name_keys[index] != prefix or index + 1 < len(self.name_keys)
             and self.name_keys[index + 1].startswith(prefix))

    def in_compounds(self, word: str) -> bool:
        """Whether ``word`` (folded) is a German compound's part the corpus has: the tail of a corpus word ("karte" of
        "grafikkarte"), or made of corpus words, head and tail ("larchendielen": Lärche and Dielen), each part at
        least 4 letters, or a verb with its particle whose rest is one of those ("einschrauben": Baumschrauben).
        A word that only ends in a corpus word is not: "terraform" is no kind of "form", "betonfundament" no
        "Fundament" the summaries have (no summary says "Beton")."""
        if len(word) < 4 or not word.isalpha():
            return False
        if any(splits_in_two(word, self._is_head, self.has, MIN_HEAD)):
            return True
        if self._ends_a_word(word):
            return True
        return any(word.startswith(particle) and len(word) - len(particle) >= MIN_VERB
                   and (self.has(word[len(particle):]) or self._ends_a_word(word[len(particle):]))
                   for particle in VERB_PREFIXES)

    def inside_a_word(self, form: str) -> bool:
        """Whether a corpus word holds ``form`` (folded, of MIN_INSIDE letters or more) as its second part, after a
        head of MIN_HEAD letters: "schraub" (screw) in "baumschrauben", "verschraubung"."""
        if len(form) < MIN_INSIDE or not form.isalpha():
            return False
        words = self._words.strings
        return any(self._after_a_head(words[i], form) for i in self._words.containing(form))

    def _after_a_head(self, word: str, form: str) -> bool:
        """Whether ``word`` holds ``form`` after a head that is a corpus word itself ("baum|schrauben"), not after
        letters that only end in it ("transpa|renten" holds no Renten)."""
        at = word.find(form, MIN_HEAD)
        while at >= MIN_HEAD:
            if self._is_head(word[:at]):
                return True
            at = word.find(form, at + 1)
        return False

    def slip_of_a_word(self, word: str) -> bool:
        """Whether ``word`` (folded, of MIN_SLIPPED letters or more) is a corpus word typed with one slip
        ("faktentabelle" for "Faktenstabelle"): a long plain word a letter away is that word, not a new thing."""
        return len(word) >= MIN_SLIPPED and any(_slip_of(word, found) for found in self.correct(word))

    def near_a_word(self, word: str) -> bool:
        """Whether ``word`` (folded, matching nothing) is a corpus word typed with a slip, at any length: close by
        rapidfuzz's ratio (``correct``) or one slip away ("flydls" for flydsl; ``slip_of_a_word`` wants long words)."""
        # (not a corpus word with another first letter: "ollama" is no Llama, ``first_letter_differs``)
        # (nor a shorter corpus word the typed one adds two letters or more to: "stabilizer" is no "stabiler" typed
        # with a slip, but a word made longer, of its own)
        if any(not first_letter_differs(word, found) and len(word) - len(found) < 2 for found in self.correct(word)):
            return True
        words = self._words.strings
        return any(_slip_of(word, words[i]) for i in self._words.candidates(word, FUZZY_CANDIDATES))

    def _ends_a_word(self, word: str) -> bool:
        words = self._words.strings
        return any(words[i] != word and words[i].endswith(word) for i in self._words.containing(word))

    def _is_head(self, head: str) -> bool:
        """Whether ``head`` is a corpus word as a compound's first part writes it: itself, with a linking element
        ("evolutions" -> evolution, "larchen" -> larche), or without its final e ("such" -> suche)."""
        return self.has(head) or self.has(head + "e") or any(
            head.endswith(link) and len(head) - len(link) >= MIN_HEAD and self.has(head[:-len(link)])
            for link in LINKING)

    def correct(self, word: str) -> list[str]:
        """Vocabulary words close to a word that matches nothing (typos in names): "kinetik" -> "kinetic"."""
        if len(word) < 4 or not word.isalpha() or self.doc_frequency(word) > 0:
            return []
        words = self._words.strings
        candidates = [words[i] for i in self._words.candidates(word, FUZZY_CANDIDATES)
                      if abs(len(words[i]) - len(word)) <= 2]
        found = process.extract(word, candidates, scorer=fuzz.ratio, limit=2, score_cutoff=CORRECTION_CUTOFF)
        return [term for term, _, _ in found]

    def terms_headed_by(self, word: str) -> list[str]:
        """Terms of several words whose last word is ``word`` (folded): "fusion" -> Kernel Fusion."""
        return self._by_head_word.get(word, [])

    def similar_keys(self, key: str, *, limit: int, cutoff: float, kinds: Iterable[str]) -> list[tuple[str, float]]:
        """Name keys that resemble ``key`` as a whole and name one of ``kinds``, best first (closest length
        first among equal scores); the caller reads which terms they name (View.similar_names).

        Whole-string ``ratio`` (not WRatio) so a short term inside a long query cannot win.
        """
        if not key or len(key) > self._longest_name + 8:
            return []  # nothing is named like a whole sentence
        mask = kind_mask(kinds)
        keys = self.name_keys
        candidates = [keys[i] for i in self._names.candidates(key, FUZZY_CANDIDATES) if self._name_kinds[i] & mask]
        scored = process.extract(key, candidates, scorer=fuzz.ratio, limit=limit, score_cutoff=cutoff)
        return [(name, score) for name, score, _ in sorted(scored, key=lambda item: (-item[1],
                                                                                      abs(len(item[0]) - len(key))))]


def _slip_of(word: str, found: str) -> bool:
    """Whether ``word`` is the corpus word ``found`` typed with one slip (``one_slip``), not a name of its own that is
    ``found`` with another first letter ("ollama" and Llama, "mieten" and bieten: ``first_letter_differs``)."""
    return one_slip(word, found) and not first_letter_differs(word, found)


def verb_root(word: str) -> str | None:
    """A German verb form's root without its verbal prefix and ending: "pruft" -> "pruf", "einschrauben" ->
    "schraub", "vermeidet" -> "meid"; None for a word with no verb ending or a root under MIN_VERB_ROOT letters."""
    if not word.isalpha() or len(word) < MIN_VERB_ROOT + 1:
        return None
    stem = word
    for prefix in VERB_PREFIXES:
        if stem.startswith(prefix) and len(stem) - len(prefix) > MIN_VERB_ROOT:
            stem = stem[len(prefix):]
            break
    for ending in _VERB_ENDINGS:
        # a verbal prefix is no root: "uber|nach|ten" is "nacht", not "nach" (whose family holds "zunachst")
        if stem.endswith(ending) and len(stem) - len(ending) >= MIN_VERB_ROOT and \
                stem[: -len(ending)] not in VERB_PREFIXES:
            return stem[: -len(ending)]
    if stem.endswith("ier") and len(stem) > MIN_VERB_ROOT + 3:
        return stem  # a Latin -ieren verb's stem typed bare, as spoken German's first person has it: "exportier ich"
    if stem.endswith("er") and stem != word and len(stem) - 2 >= MIN_VERB_ROOT:
        return stem[:-2]  # the one who does it, behind a verbal prefix: "zerspaner" (zerspanen) -> "span"
    return None


def _terms_by_head_word(terms: Iterable[str]) -> dict[str, list[str]]:
    """Terms of several words by their last word (built with the rest, off the event loop)."""
    index: dict[str, dict[str, None]] = {}
    for term in terms:
        words = tokens(term)
        if len(words) >= 2:
            index.setdefault(words[-1], {})[term] = None
    return {head: list(terms) for head, terms in index.items()}
