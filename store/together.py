"""Whether the words of a name of several words are ever discussed together in the corpus.

"beam search": the summaries have "Balken" (beam) and "Suche" (search), never in one key point, glossary entry or
talk title, so they do not discuss beam search; "sparse cores" are in one ("Sparse Cores", "Sparse-Kerne"), as are
"tensor cores" ("Tensor-Kernen"), and "spiral staircase" is one German word ("Spiraltreppe"). Each word counts in
every form a search would find it by (its own, a stem, a translation, an alias), never by a typo's correction.
Together means in one row, in any order and at any distance: German says "Bau des Baumhauses" for treehouse
building, so a stricter test (side by side, in the question's order) would miss what the summaries do discuss.
``held_side_by_side`` is the test for a name of a thing ("vector database"): its words near each other in one row,
or the talk's topic and a thing of that talk.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .concepts import Concept, Form, english_stems, verb_nouns
from .matching import SearchRow
from .text import term_key
from .view import View

CANDIDATES = 80  # rows read, best bm25 first: a row with all the words ranks high among those of the rarest
# Words apart at most in one row: German puts articles, adjectives and lists between a thing and what it is of ("Bau
# eines luxuriösen, ganzjährig nutzbaren Baumhauses", "Bienenzucht und Outdoor-Unternehmungen des Vloggers")
NEAR = 5
_KINDS = ("word", "stem", "translation", "alias")
MIN_INNER = 4  # a form found inside a compound ("spiraltreppe" holds "treppe") has at least this many letters


def held_together(view: View, words: Sequence[str]) -> bool:
    """Whether one row of the index (a key point, highlight, glossary entry, or a talk) holds every one of
    ``words`` (folded tokens), or the corpus has them as one word (a compound), or a phrase the word list translates
    them to. True when a word alone is in no summary or is a name of its own: that is another question."""
    looked_up = _forms_to_place(view, words)
    if looked_up is None:
        return True
    tests, searched = looked_up
    for row in view.candidates(searched, CANDIDATES, any_order=True):  # whether any row holds them: in any order
        held = _held(view, row)
        if all(not test.exact.isdisjoint(held) for test in tests):
            return True  # each word as it is: no need to look inside the tokens
        joined = " ".join(held)
        if all(test.held_in(held, joined) for test in tests):
            return True
    return False


def held_side_by_side(view: View, words: Sequence[str]) -> bool:
    """Whether the corpus discusses the thing ``words`` (folded tokens of one name) name, not only each word: as
    ``held_together`` has them, but in one row within NEAR words of each other ("Sparse Cores", "Tensor-Kernen",
    "Bau des Baumhauses", "Gemma- und Qwen-Modelle"), in one compound ("Spiraltreppe"), or a word before the last
    in the title of the talk whose row holds the rest (the talk's thing: "treehouse team" is the treehouse talk's
    Team, "Kinetic job" a job of the Kinetic talk), or of two words the first the name of the talk one of whose rows
    holds the second ("Intel backend": ``subject_talk``). A row holding them further apart is about each, not about
    the thing: "Filter mappen auf Vektorausführungen" in a point on Datenbankabfragen has vector and database, no
    vector database. A name with a thing of two words or more after it is that thing's name when the thing's own
    words are not side by side: "Triton Inference Server" (Triton is a glossary term; Inferenz and Server are never
    near each other), not Triton's inference server; "Tinix Rollout" is the Tinix talk's rollout. Kept per generation
    (``View.side_by_side``)."""
    return view.side_by_side(" ".join(words), lambda: _held_side_by_side(view, words))


def _held_side_by_side(view: View, words: Sequence[str]) -> bool:
    named = [word for word in words if _names_something(view, word)]
    thing = [word for word in words if word not in named]
    if named and len(thing) >= 2:
        return held_side_by_side(view, thing)
    looked_up = _forms_to_place(view, words)
    if looked_up is None:
        return True
    tests, searched = looked_up
    rows = view.candidates(searched, CANDIDATES, any_order=True)
    subject = subject_talk(view, words[0]) if len(words) == 2 else None
    pairs = list(zip(tests, tests[1:]))
    # the words before the thing: a phrase of the word list that ends the name is one thing ("graph [neural
    # network]": neuronale Netze), the title of a talk about it is no word before it
    before_the_thing = tests[:len(tests) - _last_phrase(view, words)]
    titled: dict[str, bool] = {}  # talk id -> whether its title holds a word before the last (rows share talks)
    for row in rows:
        if row.talk_id == subject and tests[-1].held_in(held := _held(view, row), " ".join(held)):
            return True  # the talk's subject and a thing of that talk: "the Intel backend", "the Michigan study"
        if (info := view.talks.get(row.talk_id)) is not None:
            # a title word that holds a name's word as another compound's head is about that compound
            # ("Sprachmodelle" holds no models a merging is of)
            in_title = titled.get(row.talk_id)
            if in_title is None:
                title = set(info.title_tokens)
                in_title = titled[row.talk_id] = any(token in test.exact or token.startswith(test.prefixes)
                                                     for test in before_the_thing for token in title)
            if in_title:
                held = _held(view, row)  # with the talk's title
                if all(test.held_in(held, " ".join(held)) for test in tests):
                    return True  # the talk's thing: "treehouse team", "Kinetic job", "eigene AMD-Kernel"
        if _next_to_in_a_field(row, pairs):
            return True
    return False


def _last_phrase(view: View, words: Sequence[str]) -> int:
    """How many of the last ``words`` (two or more, not all of them) are one phrase the word list translates
    ("neural network" of "graph neural network"); 1 when none are: the last word is the thing."""
    translated = {concept.words for concept in view.concepts(" ".join(words))
                  if any(form.kind == "translation" for form in concept.forms)}
    return next((size for size in range(len(words) - 1, 1, -1) if " ".join(words[-size:]) in translated), 1)


def _next_to_in_a_field(row: SearchRow, pairs: list[tuple[_WordForms, _WordForms]], near: int = NEAR) -> bool:
    """Whether the row's title or body holds each pair's words next to each other (``_next_to``, ``near``)."""
    for field in (row.title, row.body):
        # a pair of which a word's forms are nowhere in the field's text is not next to each other: not split
        if all(one.may_be_in(field) and other.may_be_in(field) for one, other in pairs):
            typed = field.split()
            if all(_next_to(one, other, typed, near) for one, other in pairs):
                return True
    return False


def held_in_a_row(view: View, words: Sequence[str]) -> bool:
    """Whether a row writes the folded ``words`` (the corpus words a word typed solid reads as, run together) right
    next to each other, as one word does: in one token ("Tensor-Kerne") or side by side in either order, no word
    between them. Further apart they are each a word of their own, not the solid one: "controlnet" is no "Optimal
    Control … neuronaler Netze", "permit" no "per … mit". True when their place is no question (``_forms_to_place``),
    but a function word inside the solid word is no word of its own, which no row holds next to another ("er|fun|den",
    "per|mit"); German endings are a word's own after it ("speaker|in", a woman who speaks)."""
    pieces = words[:-1] if words and words[-1] in _SUFFIXES else words
    if any(len(piece) <= MAX_FUNCTION_WORD and not view.concepts(piece) for piece in pieces):
        return False
    looked_up = _forms_to_place(view, words)
    if looked_up is None:
        return True
    tests, searched = looked_up
    pairs = list(zip(tests, tests[1:]))
    return any(_next_to_in_a_field(row, pairs, near=1) for row in view.candidates(searched, CANDIDATES, any_order=True))


def subject_talk(view: View, word: str) -> str | None:
    """The talk whose own name the folded ``word`` is: the one talk whose rows write it as typed, its summary (title,
    speakers, overview) among them, a name the same in English and German: the company, university or tool the
    talk is about or by ("Dieser Vortrag von Bavani (Softwareingenieurin bei Intel)", "der University of
    Michigan"). A word several talks write ("matrix", "learning", "kernel") is a word of the question's own thing,
    as is one the summaries only have in a translation or inside another word ("vector": Vektor; "ring": gering)."""
    rows = view.candidates([Concept(word, [Form(word)])], CANDIDATES, any_order=True)
    talks = {row.talk_id for row in rows if word in _held(view, row)}
    if len(rows) >= CANDIDATES or len(talks) != 1:
        return None
    talk = talks.pop()
    return talk if any(row.kind == "ktalk" and row.talk_id == talk and word in _held(view, row) for row in rows) \
        else None


def _next_to(first: _WordForms, second: _WordForms, typed: list[str], near: int = NEAR) -> bool:
    """Whether a token holding ``first`` and one holding ``second`` stand within ``near`` tokens of each other, in
    either order, or one token holds both (a compound). Apart, a name's words stand as German puts a thing's words:
    right after ``second`` as a compound's head ("GitHub-Fehlerbehebung" for fixing GitHub bugs), or ``first`` a word of
    its own (in "Matrixmultiplikations-Kernels" or "neuronaler Netze in CasADi-Optimierungsgraphen" matrix and graph are
    part of other things): in the name's order ("Gemma- und Qwen-Modelle"; or of a genitive's: "Bienenzucht und
    Outdoor-Unternehmungen des Vloggers") or its head first ("Bau des Baumhauses", "Harthölzer (Buche, Eiche, Linde)")
    with no count between them, which starts things of their own ("XC-Cores (jeweils 8 Vektor- und Matrix-Engines)" are
    no matrix cores), nor a conjunction, after which another thing starts, unless a genitive is of both ("encode_prompt-
    Implementierung und strengen negativen Indexierungsfehlern" says no negative prompt)."""
    firsts = first.places(typed)
    if not firsts:
        return False
    seconds = second.places(typed)
    return any(a == b or a == b + 1 or (abs(a - b) <= near and (
        (first.whole_token(typed[a]) or typed[b - 1] in _GENITIVES) if a < b
        else (first.whole_token(typed[a]) or (_of_phrase(typed, b, a) and typed[a].startswith(first.prefixes)))
        and not any(token.isdigit() for token in typed[b + 1:a])
        and (typed[a - 1] in _GENITIVES or _COORDINATORS.isdisjoint(typed[b + 1:a]))))
        for a in firsts for b in seconds)


def _of_phrase(typed: list[str], head: int, at: int) -> bool:
    """Whether the token at ``at`` is the noun of the von- or genitive phrase right after the head at ``head``, with
    nothing between: "Pipeline von Diffusionsmodellen" is a pipeline of diffusion models, the diffusion pipeline, as
    the name's first word starts that noun (its compound's first part says what kind). A word of its own between them
    says which of the noun it is: "Inferenz von ONNX-Modellen" is the ONNX models' inference, no "model serving".
    What a thing is made of is named so too, an adjective of the material between them saying how it is: "Wendeltreppe
    aus witterungsbeständigem Lärchenholz" is the larch spiral staircase."""
    return (at == head + 2 and typed[head + 1] in _OF_WORDS) or (
        typed[head + 1] == _MADE_OF and (at == head + 2 or (
            at == head + 3 and typed[head + 2].endswith(_MATERIAL_ADJECTIVE_ENDINGS))))


# Articles of a genitive: what comes before one is the thing of what follows ("Bienenzucht und Outdoor-Unternehmungen
# des Vloggers": the vlogger's beekeeping)
_GENITIVES = frozenset("des der eines einer".split())
# Conjunctions joining two things: a word after one is no word of the thing before it
_COORDINATORS = frozenset("und oder sowie".split())
# What opens the phrase a German noun is of: "die Pipeline [von] Diffusionsmodellen", "der Bau [des] Baumhauses"
_OF_WORDS = _GENITIVES | {"von", "vom"}
# What opens the phrase of what a German noun is made of ("Wendeltreppe [aus] Lärchenholz"), and the endings of an
# adjective in that dative phrase ("aus witterungsbeständig[em] Lärchenholz", "aus massiv[er] Eiche")
_MADE_OF = "aus"
_MATERIAL_ADJECTIVE_ENDINGS = ("em", "er", "en")


def held_in_one_talk(view: View, words: Sequence[str]) -> bool:
    """Whether one talk (its title, summaries, key points, glossary and highlights, any of its rows) holds every one
    of ``words`` (folded tokens): "flydsl" and "intel" are in no talk together (FlyDSL is AMD's; Intel is the oneAPI
    talk's), "qwen image vae tpu" are. True when a word is in no summary (another question), and when the rows
    read do not settle it (as many as CANDIDATES: a talk holding them all may be among those not read)."""
    looked_up = _searched_forms(view, words, {concept.words: concept for concept in view.concepts(" ".join(words))})
    if looked_up is None:
        return True
    tests, searched = looked_up
    rows = view.candidates(searched, CANDIDATES, any_order=True)  # each talk's rows together: in any order
    held_by_talk: dict[str, set[str]] = {}
    for row in rows:
        held_by_talk.setdefault(row.talk_id, set()).update(_held(view, row))
    for held in held_by_talk.values():
        joined = " ".join(held)
        if all(test.held_in(held, joined) for test in tests):
            return True
    return len(rows) >= CANDIDATES


def held_in_one_point(view: View, words: Sequence[str], naming: Collection[str] | None = None) -> bool:
    """Whether one key point, discussion highlight or glossary entry (with its talk's title, which a point does not
    repeat) holds every one of ``words`` (folded tokens), each in a form a search finds it by: "nc 1981 wage" is
    the NC talk's Lohnvergleich of 1981, "sandbox agentic rl" the RL talk's "tausende parallele Sandbox-Umgebungen".
    Unlike ``held_together`` no word counts as held for being a name or in no summary: False then. With ``naming``
    (the words of them that name the talk) only those may be held by the title alone: the others are what the point
    itself says ("jax quantum benchmarks simulate": 000:53's Hardware-Benchmarks, but only the title simulates)."""
    looked_up = _searched_forms(view, words, {concept.words: concept for concept in view.concepts(" ".join(words))})
    if looked_up is None:
        return False
    tests, searched = looked_up
    by_title = [naming is None or word in naming for word in words]
    for row in view.candidates(searched, CANDIDATES, any_order=True):
        if row.kind == "ktalk":
            continue  # a talk's summary holds much of its talk: no one place that says the question's thing
        held = _held(view, row)
        own = held if naming is None else _held(view, row, titled=False)
        joined, own_joined = " ".join(held), " ".join(own)
        if all(test.held_in(held, joined) if titled else test.held_in(own, own_joined)
               for test, titled in zip(tests, by_title, strict=True)):
            return True
    return False


def _forms_to_place(view: View, words: Sequence[str]) -> tuple[list[_WordForms], list[Concept]] | None:
    """The forms of ``words`` whose place in a row is the question (``_searched_forms``); None when the corpus has
    them as one (``_held_as_one``) or a word is in no summary: then their place is no question."""
    concepts = view.concepts(" ".join(words))
    if _held_as_one(view, words, concepts):
        return None
    return _searched_forms(view, words, {concept.words: concept for concept in concepts})


def _held_as_one(view: View, words: Sequence[str], concepts: list[Concept]) -> bool:
    """Whether the corpus has ``words`` as one: a phrase the word list translates them to, one word (a compound),
    or a word of them is a name of its own (then their place is not the question)."""
    text = " ".join(words)
    for concept in concepts:
        if " " in concept.words and concept.words == text and any(
                form.kind != "correction" and " " not in form.token and view.vocabulary.doc_frequency(form.token)
                for form in concept.forms):
            return True  # "memory bandwidth" = Speicherbandbreite, "wood protection" = Holzschutz
    if view.vocabulary.has("".join(words)):
        return True  # written as one word ("ringpuffer" would be, if a summary had it)
    # "Tinix Rollout" ("wie trennt Tinix Rollout und Training?") is a name and another word
    return any(_names_something(view, word) for word in words)


def _searched_forms(view: View, words: Sequence[str], by_word: dict[str, Concept]
                    ) -> tuple[list[_WordForms], list[Concept]] | None:
    """Each word's forms a row may hold it by, and the concepts to read candidate rows by; None when a word has no
    form any summary holds."""
    tests: list[_WordForms] = []
    searched: list[Concept] = []
    for word in words:
        found = by_word.get(word)
        # an English verb's -ion noun is the thing its doing makes: "fuse kernels" are the summaries' "Kernel-Fusionen"
        # (not a German word's guessed root family: "Geschichte" is no "Schicht")
        nouns = verb_nouns(word)
        kept = [form for form in found.forms if form.kind in _KINDS or (form.kind == "family" and form.token in nouns)
                ] if found is not None else []
        # an English word's other forms: "cache" is held by "Caching", "patented" by "Patentierte"
        stems = [Form(stem, word, "stem") for stem in english_stems(word) if all(f.token != stem for f in kept)]
        kept = [form for form in kept + stems if view.vocabulary.doc_frequency(form.token)]
        if not kept:
            return None
        tests.append(_WordForms(kept))
        if found is not None and word not in {concept.words for concept in searched}:
            searched.append(Concept(found.words, found.forms + stems, found.weight) if stems else found)
    return tests, searched


def _held(view: View, row: SearchRow, *, titled: bool = True) -> set[str]:
    """The tokens a row holds: a key point with its talk's title, which the point does not repeat ("max_evol
    speedup": a max_evol talk's point; not ``titled``: the point's own); a talk by its title and summary ("Rice
    University", "evolutionärer Suche")."""
    held = set().union(*row.words) if row.words is not None else set(f"{row.title} {row.body} {row.parts}".split())
    if titled and row.kind != "ktalk" and (info := view.talks.get(row.talk_id)) is not None:
        held.update(info.title_tokens)
    return held


def _names_something(view: View, word: str) -> bool:
    """Whether ``word`` alone is a glossary term or a known spelling of a name (aliases.toml, the team's)."""
    return view.vocabulary.names(term_key(word)) or word in view.lexicon.canonical or word in view.lexicon.display


_ENDINGS = frozenset({"", "e", "en", "er", "es", "n", "s", "em", "ern", "ns"})  # a German noun's after its head
MAX_FUNCTION_WORD = 3  # letters of a function word inside a solid word (not "video" of "baumhausvideo", the talk)
_SUFFIXES = _ENDINGS | {"in", "innen"}  # what ends a German word after its stem, a woman's -in among them


class _WordForms:
    """One word's forms as a row's tokens may hold them: a token is a form, starts with a prefix form, or has a form
    of at least MIN_INNER letters inside it after its first letter (a phrase form, an alias of several words, is
    matched word by word by its first word only, so never here). Tested on a row's token set and on its tokens
    joined by spaces, with set and substring operations instead of a Python call per token and form (80 rows of
    ~50 tokens and ~10 forms a word: 0.7 ms a question)."""

    def __init__(self, forms: Sequence[Form]) -> None:
        single = [form for form in forms if " " not in form.token]
        self.exact = frozenset(form.token for form in single)
        self.prefixes = tuple(dict.fromkeys(form.token for form in single if form.prefix))
        self.spaced_prefixes = tuple(" " + prefix for prefix in self.prefixes)
        self.inner = tuple(dict.fromkeys(form.token for form in single if len(form.token) >= MIN_INNER))
        # what a token holding a form has inside it: a text with none of these has no such token (``may_be_in``)
        self._needles = tuple(dict.fromkeys([*self.exact, *self.prefixes, *self.inner]))
        # token -> ``held_in_token``: the rows of one search share most of their tokens (80 rows of ~50 tokens)
        self._held_tokens: dict[str, bool] = {}

    def may_be_in(self, text: str) -> bool:
        """Whether ``text`` (tokens joined by spaces) may have a token ``held_in_token``: False when no form is in
        it at all, told in C without splitting it."""
        return any(needle in text for needle in self._needles)

    def places(self, typed: list[str]) -> list[int]:
        """The places of the tokens of ``typed`` that hold a form (``held_in_token``), in order, each distinct token
        tested once. Only a token with a form's letters in it can (``may_be_in``): those are found by str.find in the
        tokens joined, not each token tested in Python (a row's body has ~50 tokens, a few of them a form's)."""
        joined = " ".join(typed)
        known = self._held_tokens
        found: set[int] = set()
        for needle in self._needles:
            at = joined.find(needle)
            while at != -1:
                place = joined.count(" ", 0, at)  # the token it is in: as many spaces before it
                token = typed[place]
                held = known.get(token)
                if held is None:
                    held = known[token] = self.held_in_token(token)
                if held:
                    found.add(place)
                end = joined.find(" ", at)  # on from the next token: this one is tested
                at = -1 if end == -1 else joined.find(needle, end + 1)
        return sorted(found)

    def held_in_token(self, token: str) -> bool:
        """Whether ``token`` is a form, starts with a prefix form or ends in a form of at least MIN_INNER letters
        after as many (a compound's head, with its ending: "Hardwarekerne", "Baumhauses"); a form elsewhere inside a
        word is part of another word ("rate" in "accelerated", "Geräte")."""
        return token in self.exact or token.startswith(self.prefixes) or any(
            token[at + len(inner):] in _ENDINGS for inner in self.inner if (at := token.rfind(inner)) >= MIN_INNER)

    def whole_token(self, token: str) -> bool:
        """Whether ``token`` is a form, or a prefix form with a German ending: a word of its own, not a compound's
        first part ("matrizen", not "matrizenmultiplikationen")."""
        return token in self.exact or any(token.startswith(prefix) and token[len(prefix):] in _ENDINGS
                                          for prefix in self.prefixes)

    def held_in(self, held: set[str], joined: str) -> bool:
        """Whether a token of ``held`` (``joined``: its tokens joined by single spaces) holds one of the forms."""
        if not self.exact.isdisjoint(held):
            return True
        if self.prefixes and (joined.startswith(self.prefixes)
                              or any(prefix in joined for prefix in self.spaced_prefixes)):
            return True
        for inner in self.inner:
            at = joined.find(inner, 1)
            while at != -1:
                if joined[at - 1] != " ":  # inside a token, not at its start
                    return True
                at = joined.find(inner, at + 1)
        return False
