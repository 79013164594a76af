"""German verb families and names written as code: how a question's words are read against key-point text."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from store.concepts import Concept, build_concepts, name_groups, short_year_forms
from store.db import Store
from store.lexicon import Lexicon
from store.vocabulary import Vocabulary, verb_root


@pytest.mark.parametrize(("word", "root"), [
    ("pruft", "pruf"),  # prüft
    ("einschrauben", "schraub"),  # the separable prefix is not the root
    ("vermeidet", "meid"),
    ("verdichtet", "dicht"),  # a root ending in t keeps it
    ("trennt", "trenn"),
    ("zerspaner", "span"),  # the one who does it, behind a verbal prefix: Zerspaner (zerspanen)
    ("ubernachten", "nacht"),  # übernachten: a verbal prefix is no root ("nach", whose family holds "zunächst")
    ("rechner", None),  # a noun in -er with no verbal prefix is read as a word of its own
    ("kernels", None),  # no verb ending
    ("ported", None),
    ("tpu", None),  # too short
])
def test_a_verbs_root_is_read_without_its_prefix_and_ending(word: str, root: str | None) -> None:
    assert verb_root(word) == root


def test_a_verbs_family_is_the_corpus_words_of_its_root_with_inflections_and_nouns(db_path: Path) -> None:
    vocabulary = Vocabulary.read(sqlite3.connect(db_path))
    assert "uberprufung" in vocabulary.verb_family("pruft")  # Überprüfung (max_evol's validation pipeline)
    assert "verschraubung" in vocabulary.verb_family("einschrauben")
    assert "vermeidung" in vocabulary.verb_family("vermeidet")
    # a compound's next word is another thing: "laufen" is not "Laufzeit"
    assert not [word for word in vocabulary.verb_family("laufen") if word.startswith("laufzeit")]
    # a Latin verb's noun in -ktion / -ation: Reduktion, Integration
    assert {"reduktion", "reduzierung"} <= set(vocabulary.verb_family("reduziert"))
    assert "integration" in vocabulary.verb_family("integriert")
    assert vocabulary.verb_family("kernels") == []
    assert vocabulary.verb_family("pruft") is vocabulary.verb_family("pruft")  # kept for the generation


def test_a_strong_verbs_family_holds_its_past_stem(db_path: Path) -> None:
    vocabulary = Vocabulary.read(sqlite3.connect(db_path))
    # ablaut: "überstehen" asks about the summaries' "überstanden" (000:573's bee hives), "lief" about "Lauf" (000:168)
    assert "uberstanden" in vocabulary.verb_family("uberstehen")
    assert "lauf" in vocabulary.verb_family("lief")
    # a bare stem behind a prefix is the verb's noun: "Zustand" is no form of "stehen"
    assert "stehen" not in vocabulary.verb_family("zustand")


def test_a_hyphenated_word_of_content_words_is_a_bonus_of_their_order_only() -> None:
    weights = {c.words: c.weight for c in build_concepts("NC-Maschinen all-to-all v6e-8", Lexicon(), {},
                                                           translate=False)}
    assert weights["ncmaschinen"] == 0.5  # nc and maschinen count as words of their own
    assert weights["alltoall"] == 1.75  # function words are no concepts: the name counts whole
    assert weights["v6e8"] == 1.5  # a name with a number is one thing


def test_a_name_written_as_code_is_one_group_of_concepts() -> None:
    concepts = build_concepts("how does max_evol check kernels", Lexicon(), {}, translate=False)
    words = [concept.words for concept in concepts]
    groups = name_groups(concepts)
    assert [sorted(words[index] for index in group) for group in groups] == [["evol", "max", "maxevol"]]
    # hyphens and versions are not code names: their words each count ("NC-Maschinen", "Qwen2.5")
    assert name_groups(build_concepts("wie viele NC-Maschinen für Qwen2.5", Lexicon(), {}, translate=False)) \
        == []
    assert name_groups([Concept("max")]) == []


@pytest.mark.parametrize(("word", "forms"), [
    ("81", ["1981", "2081"]),  # "in 81": a year typed with two digits
    ("80ern", ["198", "208"]),  # "in den 80ern": any year of the decade, as a prefix form
    ("70s", ["197", "207"]),
    ("1970s", ["197"]),
    ("v6e", []), ("810", []), ("8", []),
])
def test_a_year_or_decade_typed_short_finds_the_years_written_out(word: str, forms: list[str]) -> None:
    assert short_year_forms(word) == forms


async def test_a_two_digit_year_is_no_absent_word(store: Store) -> None:
    # the summaries write "1981" and "1970er": "in 81", "in den 80ern" ask about them
    assert "81" not in await store.absent_words("nc operators wages in 81")
    assert "70ern" not in await store.absent_words("gehälter in den 70ern")


@pytest.mark.parametrize(("text", "absent"), [
    ("portierter", ()),  # a ported one: the summaries write "portieren" (000:125), whose root is too short
    ("gestreikt", ("gestreikt",)),  # "streiken" is in no summary
])
async def test_a_participle_whose_verb_the_summaries_write_is_no_absent_word(store: Store, text: str,
                                                                             absent: tuple[str, ...]) -> None:
    assert await store.absent_words(text) == absent
