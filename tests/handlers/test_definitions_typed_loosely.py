"""Definition and number questions typed the way chat types them: the term asked as "X = ?" or followed by "what does
that even mean", a term with the kind of thing it is after it ("dit model"), a number asked in lay words.

Expected answers are corpus lines (000 file unless said otherwise) read from the summaries, asked through the
function mentions and DMs call, on a real store over the bundled corpus, in English and in German.
"""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from handlers.questions import Shape, parse
from store.concepts import german_infinitives, slip_in_each_word
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"
PALLAS = "004_b9033c416a07336f.txt"


async def first(store: Store, text: str) -> tuple[str, int]:
    """The first hit's file and line of the answer to ``text``, as ``talkbot ask --json`` reports it."""
    hit = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))["hits"][0]
    return hit["source"]["file"], hit["source"]["line"]


@pytest.mark.parametrize(("text", "subject"), [
    ("oom errors, what does that even mean", "oom errors"),  # a stressing word inside the trailing question
    ("vma in the palace talk, what does that stand for", "vma palace"),
    ("grpo - what's that short for?", "grpo"),
    ("Sparstich, was bedeutet das eigentlich?", "Sparstich"),
    # the term as an equation to fill in, and after it where the asker saw it
    ("MHA = ? hab das im amd vortrag gelesen", "MHA"),
    ("onemkl = ? saw it in the intel gpu talk", "onemkl"),
    ("HBM=?", "HBM"),
])
def test_a_term_before_a_question_about_it_is_a_definition(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.DEFINE, subject)


def test_an_equation_that_is_no_term_to_fill_in_is_no_definition() -> None:
    assert parse("x = 5?").shape != Shape.DEFINE


@pytest.mark.parametrize(("text", "source"), [
    ("oom errors, what does that even mean", (MAIN, 402)),
    ("OOM-Fehler, was heißt das eigentlich?", (MAIN, 402)),
    ("MHA = ? hab das im amd vortrag gelesen", (MAIN, 363)),
    ("onemkl = ? saw it in the intel gpu talk", (MAIN, 280)),
    ("vma in the palace talk, what does that stand for", (PALLAS, 19)),  # the Pallas talk's VMA is VMEM
    ("VMA im Pallas-Vortrag, wofür steht das", (PALLAS, 19)),
])
async def test_a_term_before_a_question_about_it_leads_with_its_glossary_entry(
        store: Store, text: str, source: tuple[str, int]) -> None:
    assert await first(store, text) == source


@pytest.mark.parametrize(("text", "source"), [
    # a word for the kind of thing the term is, after it: the term's entry, not one that mentions both (KV Cache's
    # "DiT-Modelle")
    ("what's a dit model", (MAIN, 107)),
    ("was ist ein DiT-Modell", (MAIN, 107)),
    # the kind in the German the word list gives it ("gpus": the entry's "Grafikprozessor-Architektur")
    ("battle mage gpus, what's that", (MAIN, 276)),
    ("was sind battle mage gpus", (MAIN, 276)),
    # a term typed apart is the term, not two words the summaries lack together
    ("battle mage, what's that", (MAIN, 276)),
    ("was ist battle mage?", (MAIN, 276)),
])
async def test_a_term_followed_by_its_kind_leads_with_its_glossary_entry(store: Store, text: str,
                                                                         source: tuple[str, int]) -> None:
    assert await first(store, text) == source


@pytest.mark.parametrize(("text", "source"), [
    # the word that says whose the term is, before it: the term's entry when the entry says so itself ("Custom Calls:
    # Mechanismen in XLA"), not the key point that names both
    ("xla custom calls, what are those", (MAIN, 360)),
    ("what are xla custom calls", (MAIN, 360)),
    ("was sind xla custom calls", (MAIN, 360)),
])
async def test_a_term_after_its_owner_leads_with_its_glossary_entry(store: Store, text: str,
                                                                    source: tuple[str, int]) -> None:
    assert await first(store, text) == source


@pytest.mark.parametrize(("text", "source"), [
    ("what is the kv cache", (MAIN, 109)),  # an entry as a whole keeps its words
    ("was ist der KV-Cache", (MAIN, 109)),
])
async def test_a_term_that_is_an_entry_as_a_whole_is_not_cut(store: Store, text: str, source: tuple[str, int]) -> None:
    assert await first(store, text) == source


@pytest.mark.parametrize(("text", "quantity"), [
    # the number asked from a size on, of an inflected adjective: "ab wie großen Modellen"
    ("ab wie großen modellen lohnt es sich, bei tinix das generieren und das trainieren zu trennen", "size"),
    ("bis wie kleine modelle geht das", "size"),
    # how slow is a speed, in plain and in colloquial words
    ("how slow was the qwen coder model per chip before the optimisation", "speed"),
    ("wie lahm war das qwen coder modell pro chip vor der optimierung", "speed"),
    # after a clause that places it, or last
    ("in the video model placement talk, how many dimensions does the chip topology have", "count"),
    ("im DiT-Vortrag, wie viele Dimensionen hat die Topologie", "count"),
    ("qlora in tunix squeezes the weights down to how many bits", "count"),
    ("qlora in tunix quantisiert die gewichte auf wie viele bits", "count"),
])
def test_a_number_asked_anywhere_in_the_question_is_a_number_question(text: str, quantity: str) -> None:
    question = parse(text)
    assert (question.shape, question.quantity) == (Shape.QUANTITY, quantity)


def test_how_many_before_a_clause_of_its_own_is_no_number_asked_last() -> None:
    # "how many" last asks for the thing after it; a comma before a clause that asks no number changes nothing
    assert parse("tunix, what is that").shape == Shape.DEFINE


@pytest.mark.parametrize(("text", "line"), [
    ("ab wie großen modellen lohnt es sich eigentlich, bei tinix das generieren und das trainieren auf getrennte "
     "chips zu packen", 317),
    ("from how big a model on does tunix put generating and training on separate chips", 317),
    ("how slow was the qwen coder model per chip before the optimisation", 445),
    ("wie langsam war das qwen coder modell pro chip vor der optimierung", 445),
    # tinkering with it ("dran rumgeschraubt", spoken German's "herumgeschraubt") is what the summaries call optimising
    ("wie schnell war das qwen coder modell pro chip nachdem sie dran herumgeschraubt haben", 445),
    # a verb's particle after its object ("squeezes the weights down") is no name the summaries lack
    ("qlora in tunix squeezes the weights down to how many bits", 382),
    ("qlora in tunix quantisiert die gewichte auf wie viele bits", 382),
])
async def test_a_number_asked_anywhere_leads_with_the_point_that_has_it(store: Store, text: str, line: int) -> None:
    assert await first(store, text) == (MAIN, line)


@pytest.mark.parametrize("text", [
    # "normal" says which one of a thing the summaries have (a plain CPU), as "plain" does: no name they lack
    "how much quicker was the big nvidia card than a normal computer for the error correction thing in the quantum "
    "talk",
    "wie viel schneller war die große nvidia karte als ein normaler computer bei der fehlerkorrektur im quanten "
    "vortrag",
])
async def test_a_normal_thing_is_the_thing_the_summaries_have(store: Store, text: str) -> None:
    assert await first(store, text) == (MAIN, 38)  # "H200 ist 240-mal schneller als eine CPU"


@pytest.mark.parametrize(("text", "sources"), [
    # CK's long form "Composable Kernel", one word typed with a slip: the two glossary entries (FlyDSL, Jaxator talks),
    # not a key point that only names CK kernels
    ("was is composible kernel von amd", {(MAIN, 254), (MAIN, 370)}),
    ("what's a composible kernel", {(MAIN, 254), (MAIN, 370)}),
    # a slip in each of two words of a term
    ("was ist autoklavirte druckimprägnirung", {(MAIN, 586)}),
])
async def test_a_name_of_several_words_with_a_slip_in_its_words_is_its_entry(
        store: Store, text: str, sources: set[tuple[str, int]]) -> None:
    assert await first(store, text) in sources


def test_a_slip_in_each_word_of_a_name() -> None:
    assert slip_in_each_word("composible kernel", "Composable Kernel")
    assert slip_in_each_word("tensor procesing unit", "Tensor Processing Unit")
    assert not slip_in_each_word("composable kernel", "Composable Kernel")  # no slip: the exact look-up's
    assert not slip_in_each_word("composible", "Composable")  # one word: ``one_slip``'s
    assert not slip_in_each_word("composible kernel amd", "Composable Kernel")


@pytest.mark.parametrize(("text", "lines"), [
    # no point writes "five languages": the one listing them (Python, MATLAB, Octave, Julia und JavaScript) counts
    # them, not the course announcement's "13. Oktober"
    ("how many programming languages can you drive that casadi thing from", {518}),
    ("wie viele sprachen unterstützt casadi", {518}),
    # German counts with an adjective after the number: "18-stufige Wendeltreppe", "19-stufigen Spiraltreppe"
    ("wie viele Stufen hat die Wendeltreppe?", {548, 601}),
])
async def test_a_count_is_written_as_a_list_or_as_an_adjective(store: Store, text: str, lines: set[int]) -> None:
    file, line = await first(store, text)
    assert file == MAIN and line in lines


def test_spoken_rum_is_a_separable_prefix_as_herum_is() -> None:
    assert "rumschrauben" in german_infinitives("rumgeschraubt")
    assert "herumschrauben" in german_infinitives("herumgeschraubt")
    assert "herumprobieren" in german_infinitives("herumzuprobieren")
