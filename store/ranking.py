"""Ranking talks and key points for a loose question, German or English."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable
from functools import partial
from typing import Any, NamedTuple

from .concepts import Concept, Form, inflected_form, name_groups
from .glossary_heads import spelled_out_abbreviation
from .matching import ALIAS_DISCOUNT, RowMatch, RowMatcher, SearchRow, concept_idfs, settle_readings
from .merging import same_moment
from .model import PointHit, Source, TalkHit
from .prepared import MOMENT_IDS, MOMENT_ROWS_SQL, MomentKey
from .shown_words import ShownWords
from .text import tokens
from .view import View

TALK_CANDIDATES = 150
POINT_CANDIDATES = 100
ENTRY_CANDIDATES = 20  # glossary entries that may lead a free question's points (find_points' ``entries``)
ENTRY_LEAD_RATIO = 2.5  # a glossary entry leads only scoring this many times the best point (``_entry_first``)
ENTRY_LEAD_MARGIN = 0.001  # a leading entry's score above the best point's, so that it sorts first

# How much a concept found in each place says about a talk.
TALK_FIELD_WEIGHTS = {
    ("ktalk", "title"): 1.0,
    ("ktalk", "body"): 0.7,
    ("kterm", "title"): 0.6,
    ("kterm", "body"): 0.35,
    ("kpoint", "title"): 0.5,
    ("kpoint", "body"): 0.4,
    ("khigh", "title"): 0.5,  # a discussion highlight says as much about its talk as a key point
    ("khigh", "body"): 0.4,
}
POINT_FIELD_WEIGHTS = {"title": 1.0, "body": 0.8}
POINT_CONTEXT_WEIGHT = 0.45  # a concept found only in the point's talk title
MENTION_WEIGHT = 0.15


def find_talks(view: View, text: str, *, limit: int = 5) -> list[TalkHit]:
    """Talks ranked by title, speakers, summary, key points and glossary."""
    concepts = view.concepts(text)
    if not concepts:
        return []
    rows = view.candidates(concepts, TALK_CANDIDATES)
    settle_readings(concepts, rows)
    matcher = RowMatcher(concepts, concept_idfs(concepts, view.vocabulary), view.vocabulary)
    per_talk: dict[str, dict[int, tuple[float, RowMatch]]] = {}
    mentions: dict[str, int] = {}
    # Concepts a talk holds in the user's own spelling somewhere (not only as an alias or a typo fix).
    own_spelling: dict[str, set[int]] = {}
    for row in rows:
        match = matcher.match(row)
        kind, talk_id = row.kind, row.talk_id
        best = per_talk.setdefault(talk_id, {})
        mentions[talk_id] = mentions.get(talk_id, 0) + (1 if match.per_concept else 0)
        own_spelling.setdefault(talk_id, set()).update(match.own_spelling)
        for index, (field, value) in match.per_concept.items():
            weighted = value * TALK_FIELD_WEIGHTS[(kind, field)]
            if index not in best or weighted > best[index][0]:
                best[index] = (weighted, match)
    ranked = []
    for talk_id, best in per_talk.items():
        # "Tinix" asks for the talk that says "Tinix" first, also where its title has the canonical "Tunix":
        # the alias discount counts against a talk only when it never uses the user's spelling.
        score = sum(concepts[i].weight * value / (ALIAS_DISCOUNT if i in own_spelling[talk_id] and _via_slip(m, i)
                                                   else 1.0)
                    for i, (value, m) in best.items())
        score += MENTION_WEIGHT * math.log1p(mentions.get(talk_id, 0))  # a talk that keeps coming back to it
        ranked.append((score, talk_id, best))
    ranked.sort(key=lambda item: (-item[0], view.talks[item[1]].position if item[1] in view.talks else 0))
    top = [item for item in ranked[:limit] if item[1] in view.talks]
    prepared = view.prepared.talks
    ids = [talk_id for _, talk_id, _ in top if talk_id not in prepared]
    by_id = {row[0]: row[1:] for row in view.rows(
        f"SELECT talk_id, summary, source_file, source_line FROM talks WHERE talk_id IN ({','.join('?' * len(ids))})",
        ids,
    )} if ids else {}  # nothing to read: no trip to the database for an empty IN ()
    hits = []
    for score, talk_id, best in top:
        info = view.talks[talk_id]
        shown_words: Callable[[], ShownWords]
        if (talk_text := prepared.get(talk_id)) is not None:
            summary, source, shown_words = talk_text.summary, talk_text.source, talk_text.words
        else:
            summary, file, line = by_id[talk_id]
            source, shown_words = Source(file, line), partial(ShownWords, f"{info.title} {summary}")
        matched = _notes(view, concepts, [(i, m) for i, (_, m) in best.items()], shown_words)
        hits.append(TalkHit(talk_id, info.title, info.speakers, summary, round(score, 3), source, tuple(matched)))
    return hits


def find_points(view: View, text: str, *, limit: int = 5, talk_id: str | None = None,
                      min_coverage: float = 0.0, introductions_name: bool = False,
                      twins: bool = False, speaker_words: frozenset[str] = frozenset(),
                      entries: bool = False) -> list[PointHit]:
    """Key points and discussion highlights ranked for a free question; ``talk_id`` keeps to one talk;
    ``min_coverage`` 1.0 keeps only those that hold every concept of the question (the moments a topic comes up);
    ``introductions_name``: a word a talk's introduction holds names the talk, as a word of its title does
    (``_introduced``); ``twins``: a moment of a talk summarised twice is kept from each summary (each is a line of
    the corpus a "when/where" answer points to), not once; ``speaker_words``: folded words by which the question
    names the talk through its speakers ("der Hugging-Face-Typ"): what any point of a talk holds of a concept of only
    those words, each of its points does, unless its introduction holds it ("von HuggingFace bereitgestellte
    Bibliothek" says whose talk, not which of its points answers); ``entries``: a glossary entry that holds more of
    the question's concepts than any key point or highlight leads (``_entry_first``)."""
    concepts = view.concepts(text)
    if not concepts:
        return []
    rows = view.candidates(concepts, POINT_CANDIDATES, kind=("kpoint", "khigh"), talk_id=talk_id)
    settle_readings(concepts, rows)
    point_talks = {candidate.talk_id for candidate in rows}
    if entries:
        # read after the points settled the readings: the entries only compete for the lead, as the points read them
        rows = rows + view.candidates(concepts, ENTRY_CANDIDATES, kind="kterm", talk_id=talk_id)
    idfs = concept_idfs(concepts, view.vocabulary)
    matcher = RowMatcher(concepts, idfs, view.vocabulary)
    scored = []
    titled = _titled(view, concepts, {candidate.talk_id for candidate in rows})
    # A word of the question that names a talk ("Qwen Image", "Kinetic": in the titles of few of the candidates'
    # talks) says which talk, not which of its points: each of that talk's points holds it as its title does, so the
    # rest of the question picks the point, not the talk's name repeated in an intro ("Qwen-Image-Pipeline-Design").
    typed_titles = [0] * len(concepts)  # per concept: the candidates' talks whose titles hold it as typed
    translated = [False] * len(concepts)  # and whether one holds it only in a translation
    for (index, title_talk), in_title in titled.items():
        if title_talk not in point_talks:
            continue  # an entry's talk only: which talks the words name is read from the points' (as without them)
        if in_title == 2:
            typed_titles[index] += 1
        elif in_title == 1:
            translated[index] = True
    naming = {index for index in range(len(concepts))
              if 0 < typed_titles[index] <= NAMING_TITLES and not translated[index]}
    # A phrase the user typed that names a talk names it with each of its words: "training" of "the tunix
    # post-training video" says which talk as "post-training" does, though many titles hold it alone (not an alias's
    # words: "jax" of Jaxator's "JAX-AITER")
    phrased = {word for index in naming for form in concepts[index].forms if form.kind == "phrase"
               for word in form.token.split()}
    naming.update(index for index, concept in enumerate(concepts)
                  if typed_titles[index] and (words := tokens(concept.words)) and phrased.issuperset(words))
    groups = name_groups(concepts)
    grouped = {index for group in groups for index in group}
    # The concepts that name the talk by its speakers: what any candidate point of a talk holds of them, every point
    # of it does (they say whose talk, not which of its points); all of the question's concepts: they rank as usual
    speakers = {index for index, concept in enumerate(concepts) if index not in grouped
                and speaker_words and (words := tokens(concept.words)) and speaker_words.issuperset(words)}
    if len(speakers) == len(concepts):
        speakers = set()
    spoken: dict[str, dict[int, float]] = {}  # talk id -> speaker concept -> the most any of its candidates holds
    introductions = _introduced(view, rows, matcher) if introductions_name or speakers else set()
    introduced = introductions if introductions_name else set()
    scored_talks: list[str] = []  # each scored candidate's talk
    held_counts: list[int] = []  # each scored candidate's plain concepts (_plain_concepts) held by it or its title
    plain = _plain_concepts(concepts) if entries else set()
    # talk id -> per concept what its title (or introduction) is worth to each of its points (None if nothing), and
    # the concepts it is worth something for: the same for every candidate of the talk
    title_values: dict[str, tuple[list[float | None], set[int]]] = {}
    every = range(len(concepts))
    # A concept that neither a candidate nor its talk's title holds adds 0.0, which leaves the sum as it is: only the
    # others are visited (1-3 of a long question's 8-10), unless speaker or grouped concepts keep each value apart.
    apart = bool(speakers or groups)
    for candidate in rows:
        kind, ref_id, row_talk = candidate.kind, candidate.ref_id, candidate.talk_id
        if talk_id is not None and row_talk != talk_id:
            continue
        match = matcher.match(candidate)
        if match.coverage < min_coverage - 1e-9:
            continue
        per_concept = match.per_concept
        if not per_concept:
            continue  # holds none of the concepts: not scored
        known = title_values.get(row_talk)
        if known is None:
            values = [_title_value(concept, idfs[index], index in naming, titled.get((index, row_talk), 0)
                                   or (1 if (index, row_talk) in introduced else 0))
                      for index, concept in enumerate(concepts)]
            known = title_values[row_talk] = (values, {index for index in every if values[index] is not None})
        values, worth = known
        score = own = 0.0  # own: what the point's own words hold, the tie-break ("was ist Jaxator?": its point)
        parts: dict[int, float] = {}
        for index in every if apart else sorted(worth.union(per_concept)):
            concept = concepts[index]
            value = 0.0
            found = per_concept.get(index)
            if found is not None:
                field, held = found
                value = concept.weight * held * POINT_FIELD_WEIGHTS[field]
                if field == "title" and _heads(concept, candidate.title):
                    value *= HEADING_WEIGHT
                own += value
            title_value = values[index]
            if title_value is not None:
                value = max(value, title_value)
            if index in speakers and (index, row_talk) not in introductions:
                # (an introduction that holds them names its talk by them already, and is the point about them)
                if kind != "kterm":  # what the points hold of them, as without the entries
                    held_by_talk = spoken.setdefault(row_talk, {})
                    held_by_talk[index] = max(held_by_talk.get(index, 0.0), value)
            elif index in grouped:
                parts[index] = value
            else:
                score += value
        if groups:
            score += sum(max(parts[index] for index in group) for group in groups)
        scored.append((score, own, kind, ref_id, match))
        scored_talks.append(row_talk)
        held_counts.append(len(plain.intersection(worth.union(per_concept))) if entries else 0)
    if spoken:
        scored = [(score + sum(spoken.get(row_talk, {}).values()), own, kind, ref_id, match)
                  for (score, own, kind, ref_id, match), row_talk in zip(scored, scored_talks, strict=True)]
    if entries:
        scored = _entry_first(scored, held_counts, plain, naming)
    scored.sort(key=lambda item: (-item[0], -item[1]))
    # Twice the answer: a talk summarised twice has most moments twice, and a repeat is dropped below.
    best = scored[:limit * 2]
    if not best:
        return []
    by_id = _moment_rows(view, [(kind, ref_id) for _, _, kind, ref_id, _ in best])
    hits: list[PointHit] = []
    points_of: dict[str, list[tuple[PointHit, int]]] = {}  # talk id -> its kept key points, each with its summary
    for score, _, kind, ref_id, match in best:
        row = by_id[(kind, ref_id)]
        if len(hits) == limit:
            break
        retold = kind == "kpoint" and _retold(row, points_of.get(row[0], ()))
        if retold and not twins:
            # the same moment in the talk's other summary, already answered in other words; two points of one
            # summary are two moments, however alike ("0:40 Sparse-Kerne", "0:43 … Sparse-Kernen" in Pallas's)
            continue
        info = view.talks.get(row[0])
        hits.append(PointHit(
            talk_id=row[0], talk_title=info.title if info else row[0], seconds=row[1], label=row[2],
            title=row[3], text=row[4], score=round(score, 3), source=Source(row[5], row[6]),
            video_url=info.video_url if info else None,
            matched=tuple(_notes(view, concepts, [(i, match) for i in match.per_concept],
                                 partial(ShownWords, f"{row[3]} {row[4]}"))),
            kind=_HIT_KINDS[kind], retold=retold, held=frozenset(match.per_concept),
        ))
        if kind == "kpoint":
            points_of.setdefault(row[0], []).append((hits[-1], row[7]))
    return hits


_HIT_KINDS = {"kpoint": "point", "khigh": "highlight", "kterm": "entry"}  # a PointHit's kind for a row kind
Scored = tuple[float, float, str, int, Any]  # score, own words' score, kind, ref id, RowMatch


def _plain_concepts(concepts: list[Concept]) -> set[int]:
    """The concepts that are one word the user wrote: not a phrase or a name's parts read together, nor a guess
    (a bonus, the words in a row), each of which counts its words once more."""
    return {index for index, concept in enumerate(concepts) if not concept.bonus and not concept.words_in_a_row
            and not concept.name_parts and len(tokens(concept.words)) == 1}


def _entry_first(scored: list[Scored], held_counts: list[int], plain: set[int],
                 naming: Collection[int] = ()) -> list[Scored]:
    """``scored`` without its glossary entries, unless one holds in its own words a plain concept of the question
    (``_plain_concepts``) that no key point or highlight does, more of them (by its own words or its talk's title)
    than every one of them, and scores ENTRY_LEAD_RATIO times the best of them: then the best such entry, above
    every point. "gab es im NC-Vortrag was zu Robotern?": only the NC talk's "Industrielle Zellen" entry says
    "Robotersysteme"; an entry holding only what points hold too ("was ist HBM"), or one word more than a point
    that holds the rest as well, leaves the point, which says where it comes up, the answer."""
    most = max((held for item, held in zip(scored, held_counts, strict=True) if item[2] != "kterm"), default=0)
    in_points = {index for item in scored if item[2] != "kterm" for index in item[4].per_concept}
    leading = [item for item, held in zip(scored, held_counts, strict=True)
               if item[2] == "kterm" and held > most
               and not in_points.issuperset(plain.intersection(item[4].per_concept))]
    kept = [item for item in scored if item[2] != "kterm"]
    if not leading:
        return kept
    best = max(leading, key=lambda item: (item[0], item[1]))
    top = max((item[0] for item in kept), default=0.0)
    if best[0] < ENTRY_LEAD_RATIO * top and not set(naming).issuperset(in_points):
        # a point holding the rest of the question about as well says where it comes up; not one holding only the
        # words that name its talk ("wo liegen bei palas die modellgewichte": each Pallas point holds "palas" by its
        # title, none the weights, which the HBM entry "… speichert Modellgewichte" answers)
        return kept
    return [(max(best[0], top + ENTRY_LEAD_MARGIN), *best[1:]), *kept]


def _retold(row: tuple[Any, ...], kept: Iterable[tuple[PointHit, int]]) -> bool:
    """Whether the key point ``row`` (MOMENT_ROWS_SQL's) is a moment a point of its talk kept before tells from the
    talk's other summary (``kept``: that talk's points, each with its summary id)."""
    point = _Point(row[1], row[3], row[4])
    return any(summary != row[7] and same_moment(hit, point) for hit, summary in kept)


def _title_value(concept: Concept, idf: float, naming: bool, in_title: int) -> float | None:
    """What a point's talk title (``in_title``: ``_titled``'s 2 or 1, or 1 for its introduction; 0 none) is worth for
    a concept: a word naming the talk as much as in the point's own title, else as context."""
    if not in_title:
        return None
    return concept.weight * idf * (POINT_FIELD_WEIGHTS["title"] if naming and in_title == 2 else POINT_CONTEXT_WEIGHT)


NAMING_TITLES = 2  # a word in the titles of at most this many of a question's candidate talks names them
# A point headed by the asked word alone ("Tiling: Ein Verfahren …") is about it; a point naming it in a list of others
# ("… Steuerung von Layouts, Tiling und …") only mentions it, and one headed by a compound the word begins
# ("Algorithmuselektion", "Werkstattfertigung") is about the compound's last part
HEADING_WEIGHT = 1.25


def _heads(concept: Concept, title: str) -> bool:
    """Whether every word of a point's (folded) title is a form of ``concept`` (a prefix form with no more than an
    inflection ending), or the title spells the concept out as an abbreviation: the point is headed by it."""
    words = title.split()

    def is_form(word: str) -> bool:
        return any(word == form.token or (form.prefix and inflected_form(word, form.token))
                   for form in concept.forms if " " not in form.token)

    if words and all(is_form(word) for word in words):
        return True
    # a heading spelling the abbreviation out before it ("Supervised Fine-Tuning (SFT)", "Reinforcement Learning (RL /
    # GRPO)": another one beside it at most) is headed by it as much as by the abbreviation alone
    at = spelled_out_abbreviation(words)
    return bool(at) and len(words) - at <= ABBREVIATION_AND_ALTERNATIVE and is_form(words[at])


ABBREVIATION_AND_ALTERNATIVE = 2  # words a heading may hold from its spelled-out abbreviation on


def _titled(view: View, concepts: list[Concept], talk_ids: set[str]) -> dict[tuple[int, str], int]:
    """(concept index, talk id) -> whether the talk's title holds the concept, for the candidates' talks: 2 in a form
    the user typed (a name is spelled alike in both languages: "Kinetic", "Qwen Image"), 1 only in a translation
    ("changed" in "Wandel des Zerspanungs…"), 0 not at all."""
    out: dict[tuple[int, str], int] = {}
    # each concept's forms as a title is tested for them, once per question, not once per talk
    tests = [(_TitleForms(concept.forms, in_a_row=concept.words_in_a_row),
              _TitleForms([form for form in concept.forms if form.kind != "translation"],
                          in_a_row=concept.words_in_a_row))
             for concept in concepts]
    for talk in talk_ids:
        info = view.talks.get(talk)
        if info is None:
            out.update(((index, talk), 0) for index in range(len(concepts)))
            continue
        title = set(info.title_tokens)
        spaced = " " + " ".join(info.title_tokens) if info.title_tokens else ""  # " t1 t2": a prefix is " " + it
        for index, (every, own) in enumerate(tests):
            held = 0
            if every.in_title(spaced, title):
                held = 2 if own.forms and own.in_title(spaced, title) else 1
            out[index, talk] = held
    return out


def _introduced(view: View, rows: list[SearchRow], matcher: RowMatcher) -> set[tuple[int, str]]:
    """(concept index, talk id) for each concept the talk's introduction among the candidates holds: who presents,
    whose project, what the talk is about. "the michigan folks", "the tinix team" name the talk that way; what else
    the question asks picks its point ("where does the filtering of a query run": not the introduction, which only
    shares "Michigan"). The heading of a point at 0:00 that is no introduction names the talk as well ("0:00
    MaxText-Architektur: Ein … Framework für das … Post-Training": "beim maxtext post-training" says which talk); its
    text is a topic of its own ("0:00 3D-Scannung der Bäume: … digitalen Erfassung" names no talk by "dig")."""
    out: set[tuple[int, str]] = set()
    for row in rows:
        info = view.talks.get(row.talk_id)
        if row.kind == "kpoint" and info is not None and row.ref_id in info.introductions:
            out.update((index, row.talk_id) for index in matcher.match(row).per_concept)
        elif row.kind == "kpoint" and info is not None and row.ref_id in info.openers:
            out.update((index, row.talk_id) for index, (field, _) in matcher.match(row).per_concept.items()
                       if field == "title")
    return out


def _moment_rows(view: View, keys: list[MomentKey]) -> dict[MomentKey, tuple[Any, ...]]:
    """The rows of the key points and highlights ``keys`` name (MOMENT_ROWS_SQL's): the prepared ones where the corpus
    is prepared, else read in a statement per kind."""
    if view.prepared.rows:
        return {key: view.prepared.moments[key] for key in keys}
    found: dict[MomentKey, tuple[Any, ...]] = {}
    for kind, sql in MOMENT_ROWS_SQL.items():
        if ids := [ref_id for row_kind, ref_id in keys if row_kind == kind]:
            found.update(((kind, row[0]), row[1:]) for row in view.rows(
                f"{sql} WHERE {MOMENT_IDS[kind]} IN ({','.join('?' * len(ids))})", ids))
    return found


class _Point(NamedTuple):
    seconds: int
    title: str
    text: str


def _via_slip(match: RowMatch, index: int) -> bool:
    """Whether ``match`` holds concept ``index`` only through an alias or a typo fix (discounted)."""
    return any(i == index and kind in ("alias", "correction") for i, _, _, kind in match.notes)


class _TitleForms:
    """A concept's forms as a talk's title holds them (``in_title``): a title token is a form or starts with a prefix
    form; a phrase form ("max evol") when the title holds each of its words, or with ``in_a_row`` (the question's words
    in a row, a guess at a name typed with spaces) when it holds them in that order, one after the other: "Tunix:
    RL-Architektur" is no "rl tunix" ("what is rl used for in tunix" asks about RL there, no talk named so)."""

    def __init__(self, forms: list[Form], *, in_a_row: bool = False) -> None:
        self.forms = forms
        self._in_a_row = in_a_row
        # a token starts with a prefix form when the tokens, each after a space, hold a space and the form (a form
        # with a space in it starts no token, and an empty one starts any)
        self._spaced_prefixes: list[str] = []
        words: list[str] = []
        self._phrases: list[list[str]] = []
        for form in forms:
            if " " in form.token:
                self._phrases.append(form.token.split())
                continue
            words.append(form.token)
            if form.prefix:
                self._spaced_prefixes.append(" " + form.token)
        self._words = frozenset(words)

    def in_title(self, spaced: str, title: set[str]) -> bool:
        """Whether the title holds one of the forms: ``spaced`` its tokens each after a space, ``title`` as a set."""
        # loops, not any() over generators: a generator costs more than the tests (~130 tests a question)
        for prefix in self._spaced_prefixes:
            if prefix in spaced:
                return True
        if not self._words.isdisjoint(title):
            return True
        for phrase in self._phrases:
            if title.issuperset(phrase) and (not self._in_a_row or f" {' '.join(phrase)}" in spaced):
                return True
        return False


def _notes(view: View, concepts: list[Concept], contributions: list[tuple[int, RowMatch]],
           shown_words: Callable[[], ShownWords]) -> list[str]:
    """"Holzschutz ← wood protection" for what a reader needs to trust a hit, and only what made this hit.

    ``contributions`` pairs each concept with the row match that counted it. A note is kept for:
    a typo fix ("Kinetic ← kinetik"), a slip the user typed ("palace → Pallas"), and a translation
    to a German noun or name the hit shows ("Speicherarchitektur ← memory hierarchy"). Left out:
    translations to words written in lower case (function words, adverbs, verbs: "zwischen ←
    between"), words the hit does not show, and other spellings of the user's own word (the
    answer shows the canonical name anyway). A word inside a matched phrase adds nothing
    ("Holzschutz ← wood" after "… ← wood protection"). ``shown_words``: the stored text's words (asked for only
    when a note needs them); notes name words as shown (canonical names: "JAX-AITER ← jaxtor", not the
    export's "Jaxator").
    """
    pairs: dict[tuple[str, str], None] = {}
    aliases: dict[str, None] = {}
    shown: ShownWords | None = None
    for index, match in contributions:
        for concept_index, token, via, kind in match.notes:
            if concept_index != index:
                continue
            if kind == "alias":
                if note := concepts[index].alias_note:  # the user's word is a known slip: say what it was read as
                    aliases[note] = None
                continue
            if shown is None:
                shown = shown_words()
            written = shown.first(token)
            if written is None or (kind == "translation" and not written[:1].isupper()):
                continue
            pairs[(view.canonical.text(written), via)] = None
    phrases = [via for _, via in pairs if " " in via]
    notes: dict[str, None] = {}
    for written, via in sorted(pairs, key=lambda pair: -len(pair[1])):
        if " " not in via and any(via in phrase.split() for phrase in phrases):
            continue
        if written.casefold() != via.casefold():
            notes[f"{written} ← {via}"] = None
    notes.update(aliases)
    return list(notes)
