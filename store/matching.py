"""Matching concepts against stored rows: the FTS5 query that finds candidates, and the scoring of each."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from .concepts import Concept, Form
from .text import fts_string
from .vocabulary import Vocabulary

MAX_FORMS = 48
FIELDS = ("title", "body")
# A row holding the user's own word beats one holding only its alias or typo correction: "Tinix" asks for
# the Tinix talk first, even though aliases.toml says Tinix is also a slip for Tunix.
ALIAS_DISCOUNT = 0.9


RowWords = tuple[frozenset[str], frozenset[str], frozenset[str]]  # a full-text row's title, body, parts words
# A full-text row's columns, in SearchRow's order.
SEARCH_COLUMNS = "rowid, kind, ref_id, talk_id, title, body, parts"


class SearchRow(NamedTuple):
    """A row of the full-text index as queries read it: folded tokens, space-separated, in title, body and parts."""

    rowid: int
    kind: str  # ktalk, kpoint, kterm or khigh
    ref_id: int  # the key point's, glossary line's or highlight's id (0 for a talk)
    talk_id: str
    title: str
    body: str
    parts: str  # compound parts of the title's and body's words
    words: RowWords | None = None  # the distinct words of each, where the row is prepared (store/prepared.py)


@dataclass
class RowMatch:
    """Which concepts a row holds: concept index -> (field, idf of the matching form)."""

    per_concept: dict[int, tuple[str, float]] = field(default_factory=dict)
    coverage: float = 0.0
    # (concept index, matched token, the user's words, form kind) for forms that are not the user's own word
    notes: list[tuple[int, str, str, str]] = field(default_factory=list)
    own_spelling: frozenset[int] = frozenset()  # the concepts held in a form other than an alias or a typo fix


RANK_BUDGET = 2000  # rows FTS5 may rank per query: bm25 costs about a microsecond a row
# FTS5 reads every row of every word a prefix query ("tpu"*) begins before it returns the first, also
# under a LIMIT (10-100 ms for a common stem at 50,000 summaries). An unranked query looks for the words
# themselves instead, found in the vocabulary: the same rows in the same (rowid) order, read lazily.
EXPAND_WORDS = 256
EXPAND_PHRASES = 64  # a phrase is several words to look up: fewer alternatives pay off
# A phrase whose last word begins this many documents' words costs that read even when its first words
# never stand in a row: they are looked up first (View.candidates), and the phrase dropped if they do not.
PHRASE_CHECK_FREQUENCY = 2000
_PLAIN_RE = re.compile(r"[0-9a-z]+(?: [0-9a-z]+)*")  # forms the index tokenizer keeps as they are


class SearchForm(NamedTuple):  # a tuple: one is made per form of each search (a frozen dataclass costs 2-3 us)
    """One form as the full-text query looks for it."""

    token: str  # one word, or a phrase: words in a row, space-separated
    prefix: bool  # the (last) word also as the start of longer words


def fts_forms(concepts: list[Concept], vocabulary: Vocabulary) -> tuple[list[SearchForm], bool]:
    """The forms a query's candidates are looked for by, and whether ranking them by bm25 is affordable.

    Concepts are taken rarest first while the rows they match stay within RANK_BUDGET: a word found
    in a quarter of the corpus finds no particular answer, and ranking its 30,000 rows would cost
    40 ms. It still counts when the candidates are scored (match_row); only the rarest concept is
    kept when all are that common, and then the candidates come unranked, in corpus order.
    """
    # A bonus concept (a guess that the words form an identifier) is looked for in the candidates the
    # other concepts find; it finds candidates itself only when there is nothing else ("all to all").
    concepts = [c for c in concepts if not c.bonus] or concepts
    frequency = [min(sum(vocabulary.doc_frequency(f.token) for f in c.forms), vocabulary.documents)
                 for c in concepts]
    chosen: list[Concept] = []
    rows = 0
    for index in sorted(range(len(concepts)), key=frequency.__getitem__):
        if chosen and rows + frequency[index] > RANK_BUDGET:
            break
        chosen.append(concepts[index])
        rows += frequency[index]
    forms: dict[str, SearchForm] = {}  # by the quoted form, as the expression holds it
    for concept in chosen:
        for form in concept.forms:
            quoted = fts_string(form.token)
            if (key := quoted + "*" if form.prefix else quoted) not in forms:
                forms[key] = SearchForm(form.token, form.prefix)
    # A form no corpus word can match finds no row and adds nothing to any row's bm25: left out.
    return [f for f in list(forms.values())[:MAX_FORMS] if not _matches_nothing(f, vocabulary)], rows <= RANK_BUDGET


def _matches_nothing(form: SearchForm, vocabulary: Vocabulary) -> bool:
    if not _PLAIN_RE.fullmatch(form.token):
        return False  # the index tokenizer splits it otherwise: not known here
    head, _, last = form.token.rpartition(" ")
    if not (vocabulary.begins_a_word(last) if form.prefix else vocabulary.has(last)):
        return True
    return bool(head) and not all(vocabulary.has(word) for word in head.split())  # (most forms are one word)


def phrase_check(form: SearchForm, vocabulary: Vocabulary, *, ranked: bool) -> str | None:
    """For a prefix phrase whose last word begins many documents' words (PHRASE_CHECK_FREQUENCY): an
    expression that finds a row if the phrase can (the caller drops the phrase when none does), since
    FTS5 reads all those words' rows first. None: nothing worth checking.

    Ranked, the phrase itself as the words it begins ("ip sum"* as "ip sum" OR "ip summe" ...), a
    cheap read that bm25 cannot be given instead of the phrase; else, or when those are too many,
    its first words if they are several ("ko nst ruk tii" of "ko nst ruk tii ver"*).
    """
    head, _, last = form.token.rpartition(" ")
    if not (form.prefix and head and _PLAIN_RE.fullmatch(form.token)) or \
            vocabulary.doc_frequency(last) <= PHRASE_CHECK_FREQUENCY:
        return None
    words = vocabulary.words_starting(last, EXPAND_PHRASES)
    if words is not None:
        # Unranked, fts_expression looks for these phrases instead of the prefix one anyway.
        return _in_text(fts_string(f"{head} {word}") for word in words) if ranked else None
    return _in_text([fts_string(head)]) if " " in head else None


def _in_text(quoted: Iterable[str]) -> str:
    return "{title body parts} : (" + " OR ".join(quoted) + ")"


def fts_expression(forms: list[SearchForm], vocabulary: Vocabulary, *, ranked: bool,
                   kinds: tuple[str, ...] = ()) -> str | None:
    """The FTS5 expression for the forms, in rows of one of ``kinds`` if any (None: none can match).
    Every form is quoted, so user text is never FTS syntax.

    A ranked query keeps each form as one phrase (bm25 weighs each phrase by its own frequency).
    An unranked one looks for a prefix form as the words it begins (EXPAND_WORDS): the same rows, in
    the same order, without FTS5 reading all their rows first; a prefix no word begins is dropped.
    """
    terms: dict[str, None] = {}
    for form in forms:
        quoted = fts_string(form.token)
        if not ranked and form.prefix and _PLAIN_RE.fullmatch(form.token):
            head, _, last = form.token.rpartition(" ")
            words = vocabulary.words_starting(last, EXPAND_PHRASES if head else EXPAND_WORDS)
            if words is not None:
                terms.update((fts_string(f"{head} {word}" if head else word), None) for word in words)
                continue
        terms[quoted + "*" if form.prefix else quoted] = None
    if not terms:
        return None
    expression = _in_text(terms)
    if kinds:
        expression += " AND kind : (" + " OR ".join(fts_string(k) for k in kinds) + ")"
    return expression


def _holds_phrase(text: str, form: Form) -> str | None:
    """``form``'s words in a row in ``text`` (folded tokens, space-separated), the last as a prefix if allowed."""
    padded = f" {text} "
    at = padded.find(f" {form.token}")
    while at != -1:
        end = at + 1 + len(form.token)
        if padded[end] == " " or (form.prefix and padded[end] != " "):
            return form.token
        at = padded.find(f" {form.token}", at + 1)
    return None


def settle_readings(concepts: list[Concept], rows: Sequence[SearchRow]) -> None:
    """Keep one reading of a word nothing matched: joined-up words in a row, or a typo fix.

    "plkernel" is pl.kernel (its words stand in a row in the candidates ``rows``' titles or bodies), "jaxtor" is
    jaxator (no candidate holds "jax tor").
    """
    for index, concept in enumerate(concepts):
        split = [f for f in concept.forms if f.kind == "phrase" and f.via]
        fixes = [f for f in concept.forms if f.kind == "correction"]
        if not split or not fixes:
            continue
        found = any(_holds_phrase(text, form) for form in split for row in rows for text in (row.title, row.body))
        # a new concept in the list, not the old one changed: a view hands the same concepts to every search of a text
        concepts[index] = replace(concept, forms=[f for f in concept.forms if f not in (fixes if found else split)])


def concept_idfs(concepts: list[Concept], vocabulary: Vocabulary) -> list[float]:
    """The idf of each concept over all its forms."""
    return [vocabulary.concept_idf([f.token for f in c.forms]) for c in concepts]


_NO_PHRASES: frozenset[tuple[str, str]] = frozenset()
MATCH_WORDS = 4000  # corpus words a query's forms may match for RowMatcher to look for them as a set


class RowMatcher:
    """Scores the candidate rows of one query against its concepts (``match``).

    Each distinct token of the candidates is compared with the forms once (a form can only match
    tokens that begin with its first three letters), and a row's concepts are read off the forms it
    holds, instead of each form looked up in each field of each row: a long English question has 40
    forms, and its 100-odd candidates at the bundled corpus cost 2.5 ms of CPU that way. Rows that hold the
    same of the query's words and phrases in each field share one match (the same object: never changed).
    """

    def __init__(self, concepts: list[Concept], idfs: list[float], vocabulary: Vocabulary) -> None:
        self._concepts = concepts
        self._idfs = idfs
        counted = [c for c in concepts if not c.bonus] or concepts
        self._total = sum(c.weight for c in counted) or 1.0
        self._bonus_counts = counted is concepts
        # Word forms are numbered; a phrase form ("all to all") is looked for in the field's text.
        self._forms: list[tuple[int, int, Form]] = []  # number -> (concept index, place among its forms, form)
        self._by_start: dict[str, list[tuple[int, str, bool]]] = {}
        self._phrased: list[tuple[int, list[tuple[Form, int]]]] = []  # concepts with a phrase form: their forms
        for index, concept in enumerate(concepts):
            steps = []
            for place, form in enumerate(concept.forms):
                if form.kind == "phrase" or " " in form.token:  # also an alias of several words ("jax aiter")
                    steps.append((form, -1))
                    continue
                number = len(self._forms)
                steps.append((form, number))
                self._forms.append((index, place, form))
                self._by_start.setdefault(form.token[:3], []).append((number, form.token, form.prefix))
            if any(number < 0 for _, number in steps):
                self._phrased.append((index, steps))
        # Each phrase form with the words before its last: a field holds the phrase only if it holds those.
        self._phrases = [(form, frozenset(form.token.split()[:-1]))
                         for _, steps in self._phrased for form, number in steps if number < 0]
        self._matches: dict[str, tuple[int, ...]] = {}  # token -> the word forms it matches
        # A row's match is read off the words of the query each field holds and where its phrases stand: half the
        # candidates of a long question hold the same ones as another. Those -> the match.
        self._by_held: dict[tuple[object, ...], RowMatch] = {}
        # Every corpus word a form matches: a row's tokens are corpus words (the index holds the same
        # folded tokens), so the few a row shares with these are found in C, not token by token in Python.
        wanted: set[str] = set()
        for _, _, form in self._forms:
            words = vocabulary.words_starting(form.token, MATCH_WORDS) if form.prefix else [form.token]
            if words is None or len(wanted) + len(words) > MATCH_WORDS:
                break  # a short common stem: each token is compared (the loop in _held)
            wanted.update(words)
        else:
            self._wanted: set[str] | None = wanted
            return
        self._wanted = None

    def _held(self, words: Collection[str]) -> dict[int, str]:
        """Word form number -> the first of a field's distinct ``words`` (in sorted order) it matches."""
        held: dict[int, str] = {}
        matches = self._matches
        for token in words:
            numbers = matches.get(token)
            if numbers is None:
                entries = self._by_start.get(token[:3])
                numbers = () if entries is None else tuple(
                    number for number, form, prefix in entries if token == form or (prefix and token.startswith(form)))
                matches[token] = numbers
            for number in numbers:
                first = held.get(number)
                if first is None or token < first:
                    held[number] = token
        return held

    def match(self, row: SearchRow) -> RowMatch:
        """Score one row (folded title/body tokens plus compound parts) against the concepts: per concept,
        a title match beats any body match, and the user's own word comes first, then translations and
        aliases (the order of its forms); a body form is also found in the row's compound parts. The row's words
        are its prepared ones where it has them, else split from its texts."""
        wanted, words = self._wanted, row.words
        phrases = self._phrases_in(row) if self._phrases else _NO_PHRASES
        if wanted is None:  # each token is compared (a short common stem)
            title_words, body_words, parts_words = words or (row.title.split(), row.body.split(), row.parts.split())
            return self._match(set(title_words), set(body_words), set(parts_words), phrases)
        if words is not None:
            held = (words[0] & wanted, words[1] & wanted, words[2] & wanted)
        else:
            held = (frozenset(wanted.intersection(row.title.split())), frozenset(wanted.intersection(row.body.split())),
                    frozenset(wanted.intersection(row.parts.split())))
        key = (*held, phrases)
        match = self._by_held.get(key)
        if match is None:
            match = self._by_held[key] = self._match(*held, phrases)
        return match

    def _phrases_in(self, row: SearchRow) -> frozenset[tuple[str, str]]:
        """The phrase forms the row's title and body hold: (field name, phrase)."""
        found = []
        for place, name, text in ((0, "title", row.title), (1, "body", row.body)):
            words = row.words[place] if row.words is not None else None
            for form, head in self._phrases:
                if form.kind == "apart":
                    if place and self._holds_apart(form, row):
                        found.append((name, form.token))
                elif (words is None or head <= words) and _holds_phrase(text, form) is not None:
                    found.append((name, form.token))
        return frozenset(found)

    def _match(self, title_words: Collection[str], body_words: Collection[str], parts_words: Collection[str],
               phrases: frozenset[tuple[str, str]]) -> RowMatch:
        """``match`` from the distinct words of each field the forms may match, and the phrases it holds."""
        in_title, in_body, in_parts = self._held(title_words), self._held(body_words), self._held(parts_words)
        best: dict[int, tuple[str, str, Form]] = {}
        forms = self._forms
        # Forms are numbered in the order of the concepts and of each concept's forms: a concept's first form
        # held is its smallest number held.
        for number in sorted(in_title):
            index = forms[number][0]
            if index not in best:
                best[index] = ("title", in_title[number], forms[number][2])
        for number in sorted({*in_body, *in_parts}):
            index = forms[number][0]
            if index not in best:
                best[index] = ("body", in_body.get(number) or in_parts[number], forms[number][2])
        for index, steps in self._phrased:  # a phrase form takes its place in the order
            best.pop(index, None)
            found = self._in_order(steps, phrases, {"title": in_title, "body": in_body}, in_parts)
            if found is not None:
                best[index] = found
        match = RowMatch()
        covered = 0.0
        slipped = set()
        for index in sorted(best):
            name, token, form = best[index]
            concept = self._concepts[index]
            # a word of the verb's family ("Schonung" for "geschont") is a guess at the same thing, as an alias is
            idf = self._idfs[index] * (ALIAS_DISCOUNT if form.kind in ("alias", "correction", "family") else 1.0)
            match.per_concept[index] = (name, idf)
            if not concept.bonus or self._bonus_counts:
                covered += concept.weight
            if form.via and form.kind in ("translation", "alias", "correction"):
                match.notes.append((index, token, form.via, form.kind))
                if form.kind != "translation":
                    slipped.add(index)
        match.coverage = covered / self._total
        match.own_spelling = frozenset(best.keys() - slipped)
        return match

    @staticmethod
    def _holds_apart(form: Form, row: SearchRow) -> bool:
        """Whether the row's title and body hold each of an "apart" form's words: a compound's parts anywhere in a
        point ("On-Chip-Speicher" in its title, "HBM-Zugriffe" in its body); counted as the body's."""
        title, body = (row.words[0], row.words[1]) if row.words is not None else (row.title.split(), row.body.split())
        return all(word in title or word in body for word in form.token.split())

    @staticmethod
    def _in_order(steps: list[tuple[Form, int]], phrases: frozenset[tuple[str, str]], held: dict[str, dict[int, str]],
                  in_parts: dict[int, str]) -> tuple[str, str, Form] | None:
        for name in FIELDS:
            for form, number in steps:
                if number < 0:
                    token = form.token if (name, form.token) in phrases else None
                else:
                    token = held[name].get(number)
                    if token is None and name == "body":
                        token = in_parts.get(number)
                if token is not None:
                    return name, token, form
        return None
