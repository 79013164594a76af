"""Whether the words of a name of several words are discussed together, and the German word forms behind it, on
the bundled corpus in a real SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from store.concepts import Form, german_root
from store.db import Store
from store.together import _WordForms
from store.view import View
from tests.conftest import CORPUS


@pytest.mark.parametrize(("words", "together"), [
    (["beam", "search"], False),  # Balken (beam) and Suche (search), never in one point, entry or talk
    (["flash", "decoding"], False),  # Flash Attention, Dekodieren: apart
    (["shard", "map"], False),  # Sharding, Operator-Mapping: apart
    (["sparse", "cores"], True),  # "Sparse Cores" (000:11)
    (["tensor", "cores"], True),  # "Tensor-Kernen" (004:11), through the word list's core -> kernen
    (["spiral", "staircase"], True),  # one German word: "Spiraltreppe" (000:601)
    (["max", "evol", "speedup"], True),  # a max_evol key point's "Speedup", with its talk's title
    (["tinix", "rollout"], True),  # Tinix is a name of its own (a slip of Tunix): "wie trennt Tinix Rollout …"
    (["horovod", "training"], True),  # a word in no summary is another question
    (["kinetic", "cache", "files"], True),  # 000:72's "Caching" and "Dateien", with its talk's title
])
async def test_words_held_together(store: Store, words: list[str], together: bool) -> None:
    assert await store.held_together(words) is together


@pytest.mark.parametrize(("words", "side_by_side"), [
    (["sparse", "cores"], True),  # "Sparse Cores" (000:11)
    (["fuse", "kernels"], True),  # an English verb's -ion noun: "Kernel-Fusionen" (000:242)
    (["linden", "wood"], True),  # its head first: "Harthölzer (Buche, Eiche, Linde)" (000:599)
    (["gemma", "models"], True),  # "Gemma- und Qwen-Modelle": a word of its own in the name's order
    # "Matrizenmultiplikationen und Sparse Cores": matrix is part of another thing; "XC-Cores (jeweils 8 Vektor- und
    # Matrix-Engines)": a count starts other things (000:11, 000:263)
    (["matrix", "cores"], False),
    (["matrix", "kerne"], False),  # "Matrixmultiplikations-Kernels" (004:10) are multiplication kernels
    (["github", "fixing"], True),  # a compound's head right after: "GitHub-Fehlerbehebung" (000:305)
    (["triton", "inference", "server"], False),  # a glossary name, and Inferenz and Server never near each other
    (["tinix", "rollout"], True),  # a name and its talk's thing
    (["treehouse", "team"], True),  # the treehouse talk's team: its title's Baumhauses
    (["bee", "vlogger"], True),  # a genitive's: "Bienenzucht und Outdoor-Unternehmungen des Vloggers" (000:569)
    # what it is made of, an adjective between: "Wendeltreppe aus witterungsbeständigem Lärchenholz" (000:548)
    (["larch", "spiral", "staircase"], True),
    # the one talk whose summary writes Intel as typed (000:259), and that talk's oneAPI-Backends; not the
    # University of Michigan talk's words written by others too (Matrix, Kerne), nor a translation (Vektor)
    (["intel", "backend"], True),
    (["learning", "rate"], False),
    (["vector", "database"], False),
    # "Sprachmodelle" in the vLLM talk's title holds models as another compound's head, no models 000:448's
    # Verschmelzung is of
    (["model", "merging"], False),
    # a conjunction starts another thing: "encode_prompt-Implementierung und strengen negativen Indexierungsfehlern"
    # (000:418) has a prompt and negative errors, no negative prompt
    (["negative", "prompts"], False),
])
async def test_words_held_side_by_side(store: Store, words: list[str], side_by_side: bool) -> None:
    assert await store.held_side_by_side(words) is side_by_side


@pytest.mark.parametrize(("word", "names"), [
    ("intel", True),  # only the oneAPI talk writes Intel, its summary too (000:259)
    ("michigan", True),  # 000:5, 000:9
    ("matrix", False),  # several talks write it
    ("vector", False),  # the summaries write Vektor: a translation is no talk's name
])
async def test_a_word_only_one_talk_writes_as_typed_names_it(store: Store, word: str, names: bool) -> None:
    assert await store.names_a_talk(word) is names


@pytest.mark.parametrize(("words", "held"), [
    (["nc", "1981", "wage"], True),  # 000:630's Lohnvergleich of 1981 (wage -> Lohn)
    (["sandbox", "agentic", "rl"], True),  # 000:301, RL in its talk's title only
    (["tunix", "gradient"], True),  # the Tunix talk's glossary 403 (Gradienten-Optimierer), with its title
    (["tunix", "gradient", "accumulation"], False),  # FP32-Akkumulation is Pallas' (004:10)
    (["tunix", "support", "gradient"], False),
    (["qwen", "image", "generate", "videos"], False),  # Videogenerierung is the DiT talk's
    (["horovod", "training"], False),  # a word in no summary is held nowhere
])
async def test_words_held_in_one_point(store: Store, words: list[str], held: bool) -> None:
    assert await store.held_in_one_point(words) is held


@pytest.mark.parametrize(("words", "naming", "held"), [
    (["jax", "quantum", "benchmarks", "simulate"], None, True),  # 000:37's Hardware-Benchmarks, its title simulates
    (["jax", "quantum", "benchmarks", "simulate"], {"jax", "quantum"}, False),  # the point itself simulates nothing
    (["jax", "quantum", "benchmarks"], {"jax", "quantum"}, True),  # the title names the talk, the point benchmarks
])
async def test_only_the_words_naming_the_talk_may_be_its_titles(store: Store, words: list[str],
                                                                naming: set[str] | None, held: bool) -> None:
    assert await store.held_in_one_point(words, naming) is held


@pytest.mark.parametrize(("tokens", "held"), [
    ({"suche", "balken"}, True),  # the form itself
    ({"suchen"}, True),  # a token starting with a prefix form
    ({"bildsuche"}, True),  # a form of 4+ letters inside a token, after its first letter
    ({"xsuc"}, False),  # "suc" is too short to count inside a token
    ({"versuc"}, False),  # a prefix form only counts at a token's start
    ({"search"}, False),  # "search engine" is a phrase form: never matched here
    (set(), False),
])
def test_a_row_holds_a_word_by_its_forms(tokens: set[str], held: bool) -> None:
    forms = _WordForms([Form("suche"), Form("suc", kind="stem"), Form("search engine", kind="translation")])
    assert forms.held_in(tokens, " ".join(tokens)) is held


def test_a_fields_places_are_its_tokens_that_hold_a_form() -> None:
    """``places`` (each distinct token tested once) and ``may_be_in`` (a text with no form anywhere) agree with
    ``held_in_token`` token by token."""
    forms = _WordForms([Form("suche"), Form("suc", kind="stem"), Form("kern", kind="translation"),
                        Form("search engine", kind="translation")])
    for text in ["bildsuche der suche und versuc suchen", "xsuc versuc search engine", "hardwarekerne und kerne", ""]:
        typed = text.split()
        places = [at for at, token in enumerate(typed) if forms.held_in_token(token)]
        assert forms.places(typed) == places
        assert forms.places(typed) == places  # again, from the tokens already tested
        assert forms.may_be_in(text) or not places
    assert not forms.may_be_in("xsu versu search engine")


_WORDS = st.text("abcde", min_size=1, max_size=9)


@given(st.lists(st.tuples(_WORDS, st.sampled_from(["word", "stem", "correction"])), min_size=1, max_size=4),
       st.lists(_WORDS, max_size=30))
def test_a_fields_places_are_found_in_its_joined_tokens_as_token_by_token(forms: list[tuple[str, str]],
                                                                          typed: list[str]) -> None:
    # ``places`` looks for the forms' letters in the joined tokens: the same places as each token tested alone
    tests = _WordForms([Form(token, kind=kind) for token, kind in forms])
    assert tests.places(typed) == [at for at, token in enumerate(typed) if tests.held_in_token(token)]


@pytest.mark.parametrize(("word", "part"), [
    ("karte", True),  # the tail of Grafikkarte
    ("larchendielen", True),  # Lärche and Dielen (Lärchenholz-Dielen)
    ("einschrauben", True),  # a verb's particle and "schrauben" (Baumschrauben)
    ("horovod", False),
    ("terraform", False),  # ends in the corpus word "form", but no summary has "terra": no kind of form
    ("betonfundament", False),  # "Fundament" is there, "Beton" is not: the summaries know no concrete foundation
])
async def test_a_word_inside_the_corpus_compounds(store: Store, word: str, part: bool) -> None:
    assert await store.in_compounds(word) is part


@pytest.mark.parametrize(("text", "absent"), [
    ("renten", ("renten",)),  # only the letters after "transpa" in "transparenten": no compound holds Renten
    ("screws", ()),  # schraub, after the corpus word Baum in "Baumschrauben"
])
async def test_a_word_is_inside_a_compound_only_after_a_corpus_word(store: Store, text: str,
                                                                     absent: tuple[str, ...]) -> None:
    assert await store.absent_words(text) == absent


@pytest.mark.parametrize(("text", "absent"), [
    # a word typed solid is corpus words run together only where a row writes them next to each other: the CasADi
    # talk's "Optimal Control" and "neuronaler Netze" stand words apart, no ControlNet
    ("controlnet", ("controlnet",)),
    ("tensorkerne", ()),  # 000's "Tensor-Kernen": side by side
])
async def test_a_solid_word_is_its_parts_only_in_a_row(store: Store, text: str, absent: tuple[str, ...]) -> None:
    assert await store.absent_words(text) == absent


@pytest.mark.parametrize(("word", "parts"), [
    ("bildrate", ["bild", "rate"]),
    ("gradientenakkumulation", ["gradienten", "akkumulation"]),
    ("baumhaus", []),  # a corpus word
    ("horovod", []),  # made of no corpus words
])
async def test_a_compound_no_summary_writes_is_read_as_its_corpus_words(store: Store, word: str,
                                                                        parts: list[str]) -> None:
    assert await store.parts_of(word) == parts


def test_a_german_verb_and_its_noun_share_a_root() -> None:
    assert german_root("disaggregiert") == german_root("disaggregation") == "disaggreg"
    assert german_root("programmierung") == "programm" and german_root("kollokiert") == "kollok"
    assert german_root("iteriert") is None  # "iter" would find iterativ, item, Iteration of anything
    assert german_root("kernel") is None


def test_a_bel_adjective_and_its_bility_noun_share_a_root() -> None:
    # the e of -bel drops when inflected or made a noun: kompatibel, kompatible, Kompatibilität (folded)
    assert german_root("kompatibel") == german_root("kompatible") == german_root("kompatibilitat") == "kompatib"
    assert german_root("kabel") is None  # too short a root to search for


async def test_a_bel_adjective_finds_its_noun(store: Store) -> None:
    points = await store.find_points("stablehlo kompatibel", limit=1)
    assert points and "Kompatibilität" in points[0].title


async def test_an_alias_of_several_words_is_one_phrase(store: Store) -> None:
    # "Jaxator" is JAX-AITER (aliases.toml): its words in a row, not "jax" anywhere (JAX Pallas)
    points = await store.find_points("Jaxator", limit=5)
    talk = "jax-aiter-integration-von-amd-aiter-kernen-in-jax-xla"
    assert len(points) == 5 and {point.talk_id for point in points} == {talk}
    assert [hit.term for hit in (await store.define("Jaxator")).hits] == []  # no glossary entry is JAX-AITER


@pytest.mark.parametrize("text", ["beam search", "max evol speedup", "tpu", "kernel jax"])
async def test_rows_in_any_order_are_the_best_rows_when_few_match(store: Store, text: str) -> None:
    def read(view: View) -> tuple[list[int], list[int], list[int], list[int]]:
        concepts = view.concepts(text)
        ranked = [row.rowid for row in view.candidates(concepts, 80)]
        view._read.clear()
        any_order = [row.rowid for row in view.candidates(concepts, 80, any_order=True)]
        view._read.clear()
        few = [row.rowid for row in view.candidates(concepts, 3)]
        view._read.clear()
        return ranked, any_order, few, [row.rowid for row in view.candidates(concepts, 3, any_order=True)]

    ranked, any_order, few, few_any_order = await store._read(read)
    assert sorted(any_order) == sorted(ranked)  # at most 80 match: the same rows
    assert few_any_order == few and len(few) == 3  # more than 3 match: the best 3, best first


async def test_a_side_by_side_verdict_is_kept_for_the_generation(db_path: Path) -> None:
    """The absent words of a hyphenated word find whether its parts stand side by side: the coverage check's own
    question is then answered in memory (no read), and an edit, which moves the generation, forgets the verdict."""
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        assert await store.absent_words("Kernel-Programmierung") == ()
        assert store._view.kept_side_by_side("kernel programmierung")

        async def no_read(*_: object) -> None:
            raise AssertionError("read the database")

        read, store._read = store._read, no_read  # type: ignore[method-assign]
        assert await store.held_side_by_side(["kernel", "programmierung"]) is True
        store._read = read  # type: ignore[method-assign]
        await store.set_alias("Docker", "Moby", "U1", 1_700_000_000.0)
        assert await store.held_side_by_side(["stage", "search"]) is False
        assert not store._view.kept_side_by_side("kernel programmierung")
        assert await store.held_side_by_side(["kernel", "programmierung"]) is True
    finally:
        await store.close()
