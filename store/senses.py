"""The senses of a term: what it means in which talks.

Talks define a term in their own words, so the wording of two definitions says little about
whether they mean the same (the XLA definitions of nine talks are as unlike each other as two
random glossary lines). What does tell senses apart is the long form a head gives: "PJRT
(Portable JAX/XLA Runtime)" and "PJRT (Plugin Joint RunTime)" are two readings. Long forms that
are one spelled two ways ("High-Level Optimizer", "High Level Optimizer") or nearly the same
words ("Matrix Multiplication Unit", "Matrix Multiply Unit") are one sense; a definition without a
long form belongs to the sense its talk uses elsewhere, else to the one most talks use. Names that
only share a head word ("Kernel Fusion", "Instruktions-Fusion" for "fusion") are separate senses,
made by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz

from .glossary_heads import parse_head, similar_spelling
from .model import TermDefinition, TermSense
from .text import fold, term_key

SAME_LONG_FORM = 80.0  # token sort ratio (0-100) of two long forms that say the same


def senses_of(definitions: Sequence[TermDefinition]) -> tuple[TermSense, ...]:
    """The definitions grouped into senses, the sense most talks use first."""
    if not definitions:
        return ()
    groups: list[list[TermDefinition]] = []
    labels: list[list[str]] = []
    unlabelled: list[TermDefinition] = []
    for definition in definitions:
        if not definition.expansion:
            unlabelled.append(definition)
            continue
        for index, group_labels in enumerate(labels):
            if any(_same_long_form(definition.expansion, label) for label in group_labels):
                groups[index].append(definition)
                if definition.expansion not in group_labels:
                    group_labels.append(definition.expansion)
                break
        else:
            groups.append([definition])
            labels.append([definition.expansion])
    if not groups:
        return (_sense(list(definitions), []),)
    order = sorted(range(len(groups)), key=lambda i: (-len({d.talk_id for d in groups[i]}), i))
    sense_of_talk: dict[str, int] = {}
    for index in reversed(order):
        sense_of_talk.update((d.talk_id, index) for d in groups[index])
    for definition in unlabelled:  # the sense its own talk gives the term, else the one most talks use
        groups[sense_of_talk.get(definition.talk_id, order[0])].append(definition)
    return tuple(_sense(_in_corpus_order(groups[i], definitions), labels[i] + _more_long_forms(groups[i]))
                 for i in order)


def _sense(definitions: list[TermDefinition], expansions: list[str]) -> TermSense:
    names: dict[str, int] = {}
    for definition in definitions:
        if definition.term:
            names[definition.term] = names.get(definition.term, 0) + 1
    name = max(names, key=names.__getitem__) if names else ""  # the name most entries use, first on ties
    return TermSense(name, _distinct(expansions), tuple(definitions))


def _more_long_forms(definitions: list[TermDefinition]) -> list[str]:
    """Second long forms a head gives its one term ("HLO (High-Level Optimizer / High-Level Operations)")."""
    more = []
    for definition in definitions:
        terms, expansions, _ = parse_head(definition.head)
        if len(terms) == 1:
            more += [e for e in expansions[1:] if e != definition.expansion]
    return more


def _same_long_form(a: str, b: str) -> bool:
    if term_key(a) == term_key(b) or similar_spelling(a, b):
        return True
    return fuzz.token_sort_ratio(fold(a), fold(b)) >= SAME_LONG_FORM


def _distinct(expansions: list[str]) -> tuple[str, ...]:
    """Long forms without those that only differ in spelling from an earlier one."""
    kept: list[str] = []
    for expansion in expansions:
        if not any(term_key(expansion) == term_key(other) or similar_spelling(expansion, other) for other in kept):
            kept.append(expansion)
    return tuple(kept)


def _in_corpus_order(group: list[TermDefinition], definitions: Sequence[TermDefinition]) -> list[TermDefinition]:
    position = {id(d): i for i, d in enumerate(definitions)}
    return sorted(group, key=lambda d: position[id(d)])
