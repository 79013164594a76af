"""The glossary entry a description names: "what's the name for the tpu's own fast memory on the chip".

A newcomer who does not know a term describes the thing, and the glossary's definitions are just such descriptions
("VMEM bezeichnet den extrem schnellen, lokalen On-Chip-Speicher der TPU-Kerne", "Knowledge Distillation: … bei der
ein kleineres Modell (Student) das Verhalten eines massiven Modells (Teacher) nachahmt"). The entries are ranked by
how much of the description's words (in every form a search finds them by) their head and definition hold, rare
words counting most; an entry must hold MIN_DESCRIBED of them, and the best term must lead the next other term's entry
clearly, since a description that fits two things ("schneller Speicher": VMEM and HBM) names neither.
"""

from __future__ import annotations

from .matching import RowMatcher, concept_idfs, settle_readings
from .text import term_key, tokens
from .view import View

DESCRIPTION_CANDIDATES = 60  # glossary rows read for a description
MIN_DESCRIBED = 2  # the description's words an entry must hold: one word alone describes nothing
AHEAD = 1.15  # the best term's score over the next other term's: a clear best, not one of several alike
DEFINITION_WEIGHT = 1.0  # a word in the definition: the description describes the thing as the definition does
MORE_WORDS_HELD = 2  # the description's words the best entry holds beyond its rival's, to lead it by them alone
HEAD_WEIGHT = 0.8  # a word in the head (the term and its expansion): described by its name, rarer in a lay question


def described_terms(view: View, text: str) -> list[str]:
    """The term the description ``text`` names, as its glossary entry writes it, or none."""
    concepts = view.concepts(text)
    if len(concepts) < MIN_DESCRIBED:
        return []
    rows = view.candidates(concepts, DESCRIPTION_CANDIDATES, kind="kterm")
    if not rows:
        return []
    settle_readings(concepts, rows)
    idfs = concept_idfs(concepts, view.vocabulary)
    matcher = RowMatcher(concepts, idfs, view.vocabulary)
    scores: dict[int, float] = {}  # glossary entry -> how well the description fits it
    held_words: dict[int, int] = {}  # glossary entry -> how many of the description's words it holds
    holds_head: set[int] = set()  # the entries holding the description's first word
    first_word = tokens(text)[:1]
    head = {index for index, concept in enumerate(concepts) if first_word and first_word[0] in tokens(concept.words)}
    for row in rows:
        match = matcher.match(row)
        held = [index for index in match.per_concept if not concepts[index].bonus]
        if len(held) < MIN_DESCRIBED:
            continue
        if head & set(held):
            holds_head.add(row.ref_id)
        held_words[row.ref_id] = len(held)
        scores[row.ref_id] = sum(
            concepts[index].weight * match.per_concept[index][1]
            * (HEAD_WEIGHT if match.per_concept[index][0] == "title" else DEFINITION_WEIGHT) for index in held)
    if not scores:
        return []
    ranked = sorted(scores, key=lambda entry: -scores[entry])
    term_of = _terms_of(view, ranked[:8])
    if ranked[0] not in term_of:
        return []
    def named(entry: int) -> str:  # one thing under its slip's name too: the export's "VMA" is VMEM
        return term_key(view.canonical.text(term_of[entry]))

    best = named(ranked[0])
    # the description's first word is the kind of thing it names ("the fridge that cools the quantum chips"): an
    # entry without it is no rival of one that has it (the QPU's entry holds only the chips)
    rivals = [entry for entry in ranked[1:] if ranked[0] not in holds_head or entry in holds_head]
    runner_up = next((entry for entry in rivals if entry in term_of and named(entry) != best), None)
    if runner_up is None or scores[ranked[0]] >= AHEAD * scores[runner_up]:
        return [term_of[ranked[0]]]
    # an entry holding clearly more of the description's words fits it, however close a rival's few rare ones come
    # ("the open standard that moves tensor data between ml frameworks in memory": DLPack holds six, StableHLO four)
    return [term_of[ranked[0]]] if held_words[ranked[0]] >= held_words[runner_up] + MORE_WORDS_HELD else []


def _terms_of(view: View, entries: list[int]) -> dict[int, str]:
    """The term each glossary entry defines (its first, for an entry of two: "VMEM … vs. HBM …")."""
    if not entries:
        return {}
    found: dict[int, str] = {}
    for entry, term in view.rows(
            f"SELECT entry_id, term FROM term_names WHERE entry_id IN ({','.join('?' * len(entries))})"
            " AND kind = 'term' ORDER BY rowid", entries):
        found.setdefault(entry, term)
    return found
