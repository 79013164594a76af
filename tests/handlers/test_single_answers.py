"""Single-answer questions (definition, number, explain): the FIRST thing shown is the one right entry or key point.

Expected answers are corpus lines (000 file unless said otherwise) read from the summaries. Each case is asked in
English and in German through the function mentions and DMs call, on a real store over the bundled corpus.
"""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import answers, mentions, quantities
from handlers.questions import Shape, parse
from handlers.replies import Reply
from store.db import Store
from store.model import PointHit, Source

MAIN = "000_05e4716c93976b38.txt"
PALLAS = "004_b9033c416a07336f.txt"


def first(reply: Reply) -> tuple[str, int]:
    """The first hit's file and line, as ``talkbot ask --json`` reports it."""
    hit = json.loads(as_json(reply))["hits"][0]
    return hit["source"]["file"], hit["source"]["line"]


async def ask(store: Store, text: str) -> Reply:
    return await mentions.answer(store, f"<@UBOT> {text}")


# -- definitions: how the question is put does not hide the term -----------------------------------

@pytest.mark.parametrize(("text", "subject"), [
    ("what exactly is debugpy?", "debugpy"),  # a stressing adverb after the question word
    ("was genau ist BCOO?", "BCOO"),
    ("what is meant by tile volume?", "tile volume"),
    ("what do they mean by doom loop", "doom loop"),
    ("was ist unter Frosthebung zu verstehen?", "Frosthebung"),
    ("was ist mit Windwurf-Holz gemeint?", "Windwurf-Holz"),  # not "und was ist mit X?" (a follow-up)
    ("was meint man mit Kernseite", "Kernseite"),
    ("Diffrax - what is that?", "Diffrax"),  # the term first, the question after it
    ("Floquet-Theorie – was ist das?", "Floquet-Theorie"),
    ("what do they mean with sapwood", "sapwood"),  # "mean with", as German's "meinen mit"
    ("what is meant with frost heave?", "frost heave"),
    ("was heißt hbm ausgeschrieben", "hbm"),  # the long form of a name asked for
    ("what's hbm spelled out", "hbm"),
    ("erklär mir mal, was ein Torii ist", "Torii"),  # told to explain what a thing is: what it is
    ("explain to me what a kernel is", "kernel"),
])
def test_a_definition_put_in_other_words_asks_for_the_term(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.follow_up) == (Shape.DEFINE, subject, False)


@pytest.mark.parametrize(("text", "subject"), [
    # what a name stands for, asked with the word that says it is one: the name is the term
    ("whats hbm short for", "hbm"),
    ("what does the abbreviation hbm mean", "hbm"),
    ("wofür ist hbm die abkürzung", "hbm"),
    ("was bedeutet die Abkürzung ICI?", "ICI"),
    ("what's the acronym GRPO", "GRPO"),
])
def test_an_abbreviation_asked_for_is_its_term(text: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.raw) == (Shape.DEFINE, subject, subject)


async def test_an_abbreviation_asked_for_leads_with_its_entry(store: Store) -> None:
    body = json.loads(as_json(await ask(store, "was bedeutet die Abkürzung ICI?")))
    assert (body["covered"], body["hits"][0]["source"]) == (True, {"file": MAIN, "line": 186})


@pytest.mark.parametrize(("text", "subject"), [
    ("what's the word for the fast memory right on the tpu chip", "fast memory right tpu chip"),
    ("what do you call it when a small model learns to imitate a big one", "small model learns imitate big"),
    ("wie heißt nochmal das ding, das die gewichte auf mehrere chips verteilt", "gewichte mehrere chips verteilt"),
    ("wie nennt man das wenn ein kleines modell ein großes nachahmt", "kleines modell großes nachahmt"),
])
def test_a_definition_asked_by_describing_the_thing_has_the_description_as_its_subject(text: str,
                                                                                      subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.described) == (Shape.DEFINE, subject, True)


def test_what_do_you_call_that_asks_about_the_thread_s_topic_not_a_description() -> None:
    assert not parse("what do you call that?").described


@pytest.mark.parametrize(("text", "entries"), [
    # the glossary's definitions are lay descriptions: VMEM's "extrem schnellen, lokalen On-Chip-Speicher der
    # TPU-Kerne" (the Pallas talk's VMA, its slip, is the same entry), Knowledge Distillation's "ein kleineres Modell
    # (Student) … nachahmt"
    ("what's the word for the fast memory right on the tpu chip", {(MAIN, 466), (PALLAS, 19)}),
    ("what do you call it when a small model learns to imitate a big one", {(MAIN, 179)}),
    ("wie nennt man das wenn ein kleines modell ein großes nachmacht", {(MAIN, 179)}),
    # settings are the "Modellkonfigurationen" a Hyperparameter-Sweep tests
    ("wie nennt man das, wenn man automatisch ganz viele einstellungen ausprobiert", {(MAIN, 86)}),
])
async def test_a_definition_asked_by_describing_the_thing_leads_with_its_glossary_entry(
        store: Store, text: str, entries: set[tuple[str, int]]) -> None:
    assert first(await ask(store, text)) in entries


async def test_a_separable_verb_s_zu_infinitive_is_looked_up_as_the_verb(store: Store) -> None:
    # "einzurichten" is "einrichten", which the word list links to the summaries' "Installation", "Setup"
    assert first(await ask(store, "wie schaffe ich es kinetic einzurichten")) == (MAIN, 69)


async def test_a_picture_generator_is_the_image_generation_model_not_an_absent_name(store: Store) -> None:
    # "generator" is "Generierung" as "picture" is "Bild": the summaries' "Bildgenerierungsmodell" holds both
    text = "who's the hf engineer who got alibabas picture generator running on a v6e"
    reply = json.loads(as_json(await ask(store, text)))
    assert reply["covered"] is True
    assert reply["hits"][0]["talk_id"] == "qwen-image-implementierung-eines-tpu-optimierten-ports"


async def test_a_description_that_fits_two_terms_names_neither(store: Store) -> None:
    # "fast memory" is VMEM's and HBM's definition alike: the key points answer, no glossary entry is guessed
    reply = await ask(store, "what's the name for the fast memory")
    assert all(hit["kind"] != "term" for hit in json.loads(as_json(reply))["hits"])


def test_a_follow_up_about_another_term_is_still_a_follow_up() -> None:
    question = parse("und was ist mit ORPO?")
    assert (question.shape, question.subject, question.follow_up) == (Shape.SEARCH, "ORPO", True)


@pytest.mark.parametrize(("text", "line"), [
    ("what exactly is debugpy?", 87),
    ("was genau ist BCOO?", 53),
    ("what is meant by tile volume?", 149),
    ("was ist unter Frosthebung zu verstehen?", 585),
    ("Diffrax - what is that?", 49),
    ("Floquet-Theorie – was ist das?", 51),
])
async def test_a_definition_put_in_other_words_leads_with_the_glossary_entry(store: Store, text: str,
                                                                             line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize(("text", "line"), [
    # an adjective's case ending is no part of the name: the glossary's "Modellprädiktive Regelung", "Finite
    # Differenzen", not a key point that uses the words
    ("was versteht man unter modellprädiktiver Regelung?", 538),
    ("was ist mit finiten Differenzen gemeint?", 536),
])
async def test_a_term_asked_with_an_inflected_adjective_leads_with_its_glossary_entry(store: Store, text: str,
                                                                                     line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize(("text", "lines"), [
    # "several" is "mehrere", "spread" "verteilt": common words the word list lacked, so "gluing several steps" was a
    # name of several words no summary holds, and not covered
    ("in the xla talk, what's the trick for gluing several steps together so they don't go back to main memory",
     {208, 490}),
    ("how cold does the fridge for the quantum chips get", {34}),  # a fridge is a Kühlschrank
    ("what's the name for the fridge that cools the quantum chips", {45}),  # … the Verdünnungskühlschrank's entry
])
async def test_a_question_in_common_english_words_finds_the_point_they_describe(store: Store, text: str,
                                                                                lines: set[int]) -> None:
    file, line = first(await ask(store, text))
    assert file == MAIN and line in lines


@pytest.mark.parametrize(("text", "term", "qualifier"), [
    ("what is an MX expression in CasADi?", "MX expression", "CasADi"),
    ("was heißt EP bei MoE-Modellen?", "EP", "MoE-Modellen"),
])
def test_a_term_placed_in_a_talk_is_read_apart_from_the_place(text: str, term: str, qualifier: str) -> None:
    question = parse(text)
    assert (question.shape, question.term, question.qualifier) == (Shape.DEFINE, term, qualifier)


@pytest.mark.parametrize(("text", "source"), [
    ("what is an MX expression in CasADi?", (MAIN, 539)),  # MX-Ausdruck, not the key point 525 that uses it
    ("was heißt EP bei MoE-Modellen?", (MAIN, 462)),  # EP (Expert Parallelism), not a MoE key point
    # a term several talks define: the sense of the talk the question names comes first
    ("what is MoE in vLLM?", (MAIN, 460)),
    ("was ist HBM bei Pallas?", (PALLAS, 18)),
    ("was ist Tiling bei XLA?", (MAIN, 223)),
])
async def test_a_term_placed_in_a_talk_leads_with_that_talks_entry(store: Store, text: str,
                                                                   source: tuple[str, int]) -> None:
    assert first(await ask(store, text)) == source


async def test_a_question_placed_in_a_talk_that_names_no_term_still_searches_the_whole(store: Store) -> None:
    # "bottleneck" alone is no glossary entry: the key points about the Q4.1 query answer it
    reply = await ask(store, "what is the bottleneck in Q4.1?")
    assert first(reply) == (MAIN, 14)


@pytest.mark.parametrize("text", ["what is context parallelism?", "was ist Kontext-Parallelismus?"])
async def test_an_english_term_the_glossary_has_only_in_german_words_is_its_entry(store: Store, text: str) -> None:
    # context -> Kontext, parallelism -> Parallelismus, word by word: Kontext-Parallelismus (111)
    assert first(await ask(store, text)) == (MAIN, 111)


# -- numbers: a number of the asked kind, also written in words, in the title or in the twin summary ---------

@pytest.mark.parametrize(("text", "quantity", "subject"), [
    ("what year was StableHLO introduced?", "year", "StableHLO introduced"),
    ("in welchem Jahr kam HLO heraus?", "year", "HLO"),  # "heraus" is the verb's particle
    ("aus wie vielen Einzelteilen besteht die Vorfertigung?", "count", "Einzelteilen besteht Vorfertigung"),
    ("with how many chips did they run the GRPO test?", "count", "chips run GRPO test"),
    ("how many years of compatibility does VHLO give?", "time", "years compatibility VHLO"),
    ("wie viele Jahre laufen die Bienenstöcke schon?", "time", "Jahre laufen Bienenstöcke"),
    ("how many tons can a tree screw hold?", "weight", "tons tree screw"),
    ("wie viel Last trägt eine Baumschraube?", "weight", "Last trägt Baumschraube"),
    ("how tall is the Torii gate?", "length", "Torii gate"),
    ("wie hoch ist das Torii-Tor?", "length", "Torii-Tor"),
    ("how many billion params has the Qwen model of the GRPO test?", "size", "billion params Qwen model GRPO test"),
])
def test_the_kind_of_number_a_question_asks_for(text: str, quantity: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.quantity, question.subject) == (Shape.QUANTITY, quantity, subject)


@pytest.mark.parametrize(("text", "lines"), [
    # a count written as a word, in a compound: "Dreiphasige Triton-Pipeline"
    ("how many phases does the Triton pipeline in the oneAPI backend have?", {266}),
    ("wie viele Phasen hat die Triton-Pipeline bei oneAPI?", {266}),
    # the number only in the point's title: "Zweistufiges Suchframework"
    ("how many stages does the DiT search framework have?", {100}),
    ("wie viele Stufen hat das Suchframework für DiT?", {100}),
    # years in words: "zweijährige Kompatibilität", "im fünften Jahr" (not the apprenticeship's "4 bis 5 Jahre")
    ("how many years of compatibility does VHLO give?", {483}),
    ("wie viele Jahre Kompatibilität bietet VHLO?", {483}),
    ("how many years have the geothermal beehives been running?", {573}),
    ("wie viele Jahre laufen die unterirdischen Bienenstöcke schon?", {573}),
    # a year: 2022, not StableHLO's "ca. 100" operations
    ("what year was StableHLO introduced?", {198, 482}),
    ("in welchem Jahr wurde StableHLO eingeführt?", {198, 482}),
    ("aus wie vielen Einzelteilen besteht die Vorfertigung in der Werkstatt?", {548, 600}),
    ("with how many chips did they run the GRPO test on Ironwood?", {453}),
])
async def test_a_number_question_leads_with_the_number_it_asks_for(store: Store, text: str, lines: set[int]) -> None:
    file, line = first(await ask(store, text))
    assert file == MAIN and line in lines


@pytest.mark.parametrize(("text", "lines"), [
    # the point that counts the asked thing ("zwei Fallstudien (MHA und MXFP4)"), not one that is one of them
    # ("Zweite Fallstudie (MXFP4)", with its "4-Bit" and "Llama 3/3.1")
    ("how many case studies did the JAX-AITER talk have?", {343}),
    ("wie viele Fallstudien gab es im JAX-AITER-Vortrag?", {343}),
    # the tiling points' "T8" and "8 x 8", not the "26B" of a point that only shares "Beispiel" (Praxisbeispiel)
    ("how big are the tiles in the XLA crash course's tiling example?", {206, 488}),
    ("wie groß sind die Tiles im Tiling-Beispiel des XLA-Crashkurses?", {206, 488}),
])
async def test_a_number_of_the_asked_kind_leads_only_from_a_point_about_the_question(store: Store, text: str,
                                                                                   lines: set[int]) -> None:
    file, line = first(await ask(store, text))
    assert file == MAIN and line in lines


@pytest.mark.parametrize(("text", "line"), [
    # five checks named in a row ("Syntax, Linting, Kompilierung, Formkonsistenz und numerischer Genauigkeit"), not
    # the "Level 1 … Level 2" of a point that only shares max_evol's name
    ("how many checks does the max_evol validation pipeline run?", 133),
    ("wie viele Prüfungen macht die Validierungs-Pipeline von max_evol?", 133),
    # three phases named ("SFT, Reinforcement Learning und Knowledge Distillation"), not the Tunix talk's "zwei
    # Hauptphasen" of LLM training, nor the "16/32- bis 64-Chip-Konfigurationen" of another Tinix point
    ("how many post-training phases does the Tinix framework cover?", 302),
    ("wie viele Post-Training-Phasen deckt das Tinix-Framework ab?", 302),
])
async def test_things_named_in_a_row_answer_how_many(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize(("text", "line"), [
    # "Beherrschung zweier Runtimes": a German number word's genitive counts, not the talk's "zwei Fallstudien";
    # "mit wie vielen …" (the dative) asks how many as "wie viele" does
    ("how many runtimes did the JAX-AITER integration have to master?", 351),
    ("mit wie vielen Runtimes hatte JAX-AITER zu kämpfen?", 351),
    # a size in billions: "Qwen2.5-35B", though no summary writes "billion" (a unit, not the thing asked about)
    ("how many billion parameters did the Qwen model of the Ironwood GRPO run have?", 453),
    # "gabs" (gab es) only frames the question, like "gibts"
    ("wie viele token pro sekunde gabs bei mixtral mit flydsl", 240),
])
async def test_a_number_written_or_asked_in_other_forms_answers_how_many(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize(("text", "quantity", "subject"), [
    # the thing right after "how many" is counted, though another word names a size ("memory", "Speicher") or a
    # weight ("halten")
    ("how many memory areas does a TPU have in the Pallas talk?", "count", "memory areas TPU Pallas"),
    ("wie viele Speicherarten hat die TPU im Pallas-Vortrag?", "count", "Speicherarten TPU Pallas-Vortrag"),
    ("wie viele Leute halten den XLA-Crashkurs?", "count", "halten XLA-Crashkurs"),
    # unless that thing is a unit of the other kind
    ("wie viele Tonnen hält eine Baumschraube?", "weight", "Tonnen Baumschraube"),
    # the kind of the thing counted and the end of a range asked are no part of what the summaries must say
    ("how many kinds of operations does JAX Quantum simulate?", "count", "operations JAX Quantum simulate"),
    ("wie viele Sorten von Operationen simuliert JAX Quantum?", "count", "Operationen simuliert JAX Quantum"),
    ("was ist die größte Beschleunigung durch AITER?", "speed", "AITER"),
    ("what's the highest speedup AITER reaches?", "speed", "AITER reaches"),
    # the people counted are named, not called people
    ("wie viele Personen stellen Tunix vor?", "count", "stellen Tunix"),
])
def test_what_a_number_question_counts_and_asks_of_its_number(text: str, quantity: str, subject: str) -> None:
    question = parse(text)
    assert (question.shape, question.quantity, question.subject) == (Shape.QUANTITY, quantity, subject)


@pytest.mark.parametrize(("text", "source"), [
    # "HBM (…), VMA (…) und SM (…)": three memories named, not the Qwen-Image point's "Speicher"
    ("how many memory areas does a TPU have in the Pallas talk?", (PALLAS, 4)),
    ("wie viele Speicherarten hat die TPU im Pallas-Vortrag?", (PALLAS, 4)),
    # "Zustandsvektor-Multiplikationen (Matvec), Kraus-Maps (Matmul), Hermitian-Diagonalisierungen (eigh)": three
    # kinds named with commas only
    ("how many types of operations does JAX Quantum simulate?", (MAIN, 35)),
    ("wie viele Arten von Operationen simuliert JAX Quantum?", (MAIN, 35)),
    # the low or high end of "2x bis zu 17x"
    ("what's the highest speedup AITER reaches?", (MAIN, 345)),
    ("was ist die größte Beschleunigung durch AITER?", (MAIN, 345)),
    # "seit Jahrzehnten": a span of time without a number answers how long
    ("how long have CPUs been optimized for databases?", (MAIN, 10)),
    ("wie lange werden CPUs schon für Datenbanken optimiert?", (MAIN, 10)),
    # the point naming the talk's speakers counts them: "Lance, Su und Hu", "Kevin Gleason und Peter Gavin"
    ("wie viele Personen stellen die RL-Architektur von Tunix vor?", (MAIN, 299)),
    ("how many people present the XLA crash course?", (MAIN, 195)),
])
async def test_a_count_of_named_things_or_people_a_range_end_and_a_span_answer_the_number(
        store: Store, text: str, source: tuple[str, int]) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert body["covered"] is True
    assert first(await ask(store, text)) == source


async def test_an_amount_an_hour_is_the_point_with_the_hourly_figure(store: Store) -> None:
    # "$9.51/Std.": the summaries write an hour as "Std.", which the asker's "an hour" must not call missing
    body = json.loads(as_json(await ask(store, "what did an NC operator earn an hour in 1981?")))
    assert (body["covered"], body["hits"][0]["source"]) == (True, {"file": MAIN, "line": 630})


async def test_a_weight_asked_of_a_compound_in_the_genitive_is_its_point(store: Store) -> None:
    # "eines fast 300 kg schweren, schwimmfähigen Verschlussstopfens": the Stopfen, not the beehives' point
    assert first(await ask(store, "wie viel wiegt der Stopfen bei den Bienen?")) == (MAIN, 574)


@pytest.mark.parametrize("text", ["how thick are the two trees that carry the platform?",
                                  "wie dick sind die zwei Bäume unter der Plattform?"])
async def test_how_thick_is_the_point_with_the_thickness_and_a_count_is_no_part_of_a_name(store: Store,
                                                                                        text: str) -> None:
    # "the two trees" asks about trees ("two" is a count, not a name the summaries lack); "thick" finds the "90 cm
    # dicken Buche", not the tree screws' "19 cm tief"
    body = json.loads(as_json(await ask(store, text)))
    assert (body["covered"], body["hits"][0]["source"]) == (True, {"file": MAIN, "line": 552})


@pytest.mark.parametrize(("text", "lists"), [
    ("Überblick über Supervised Fine-Tuning (SFT), Reinforcement Learning und Knowledge Distillation", True),
    ("Stufenweise Überprüfung von Syntax, Linting, Kompilierung, Formkonsistenz und numerischer Genauigkeit", True),
    # clauses in a row, the second started by a verb: no list of things
    ("NC-Maschinen erhöhten die Produktivität um das Vier- bis Fünffache, ermöglichten wirtschaftliche Kleinserien "
     "(Batch-Produktion) und steigerten die Maßgenauigkeit", False),
    ("Pre-Training und Post-Training", False),  # two things: a pair, not a list to count
    # three things with their short names, separated by commas only
    ("Aufschlüsselung: Zustandsvektor-Multiplikationen (Matvec), Kraus-Maps (Matmul), Hermitian-Diagonalisierungen "
     "(eigh) zur Bestimmung von Energieniveaus", True),
])
def test_a_list_is_three_things_named_in_a_row(text: str, lists: bool) -> None:
    hit = PointHit("talk", "Talk", 0, "0:00", "Titel", text, 0.0, Source(MAIN, 1))
    assert quantities.lists_things(hit) is lists


@pytest.mark.parametrize(("text", "line"), [
    # the search shows one of the two summaries' "9:02" moment, "19 cm tief"; its twin says "bis zu 4 Tonnen"
    ("how many tons can a tree screw hold?", 551),
    ("wie viel Last trägt eine Baumschraube?", 551),
    # "19-stufige Spiraltreppe" (1:52) and its twin "18-stufige Wendeltreppe … mit 285 Grad Bogenmaß" (1:48)
    ("how many degrees does the spiral staircase turn?", 548),
    ("wie viel Grad dreht sich die Spiraltreppe?", 548),
])
async def test_a_moment_told_twice_leads_with_the_telling_that_has_the_number(store: Store, text: str,
                                                                              line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


# -- what a thing does or is for: its glossary entry --------------------------------------------------------

@pytest.mark.parametrize(("text", "subject", "line"), [
    ("was macht oneCCL?", "oneCCL", 282),
    ("what does Pytest do?", "Pytest", 150),
    ("wozu dient Grain?", "Grain", 403),  # "Flax / Opex / Grain"
    ("what is XPK used for?", "XPK", 187),
    ("erkläre, was IPOPT ist", "IPOPT", 534),
    ("explain what IPOPT is", "IPOPT", 534),
])
async def test_what_a_thing_does_is_its_glossary_entry(store: Store, text: str, subject: str, line: int) -> None:
    question = parse(text)
    assert (question.shape, question.subject) == (Shape.DEFINE, subject)
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize("text", ["what is jax quantum used for", "was ist jax quantum"])
async def test_what_a_talks_subject_is_or_is_for_is_its_introduction_not_a_card_that_mentions_it(
        store: Store, text: str) -> None:
    # QuTiP's entry (50) only says JAX Quantum took its API; the talk's first key point says what it was made for
    assert first(await ask(store, text)) == (MAIN, 33)


def test_what_someone_does_with_a_thing_is_no_definition() -> None:
    assert parse("was macht man bei Kinetic mit debug=True?").shape != Shape.DEFINE


@pytest.mark.parametrize(("text", "line"), [
    ("was macht Pathways im MaxText-Stack?", 160),  # the four-pillar stack, not Pathways' glossary entry (182)
    ("what does Pathways do in the MaxText stack?", 160),
    ("what are the MXUs in a TPU for?", 11),  # the TPU's components, not MXU's entry (20)
    ("wozu dienen die MXUs in einer TPU?", 11),
])
async def test_what_a_thing_does_where_the_question_places_it_is_the_key_point_on_its_role_there(
        store: Store, text: str, line: int) -> None:
    assert parse(text).shape == Shape.EXPLAIN
    assert first(await ask(store, text)) == (MAIN, line)


async def test_a_phrasal_verb_s_particle_is_not_asked_about(store: Store) -> None:
    # "off" is the verb's ("read … off"), not a topic: the JAX compiler's role point (99), not "not covered"
    assert first(await ask(store, "why not just read the communication off StableHLO in the DiT placement talk")) == \
        (MAIN, 99)


@pytest.mark.parametrize(("text", "line"), [
    ("what does the autotuning in the Triton path pick?", 266),  # the Triton codegen point, not Autotuning's entry
    ("what does the PJRT API standardize?", 486),
])
async def test_what_a_thing_does_told_by_a_verb_of_its_own_is_explained_by_a_key_point(
        store: Store, text: str, line: int) -> None:
    assert parse(text).shape == Shape.EXPLAIN
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize("text", ["what does AITER give you?", "what does HBM mean in that talk?",
                                  "what does MFMA stand for?", "what does the ONNX Runtime do?"])
def test_what_a_thing_does_without_a_verb_that_says_more_is_a_definition(text: str) -> None:
    assert parse(text).shape == Shape.DEFINE


@pytest.mark.parametrize("text", ["how cold are the quantum chips compared to outer space?",
                                  "how heavy was the plug compared to a person?"])
def test_how_and_an_adjective_against_a_baseline_asks_for_a_degree_not_a_difference(text: str) -> None:
    assert parse(text).shape != Shape.COMPARE
    assert parse("how does Tunix compare to MaxText?").shape == Shape.COMPARE
    assert parse("how is HLO different from StableHLO?").shape == Shape.COMPARE


@pytest.mark.parametrize("text", ["how cold do the quantum chips get compared to outer space?",
                                  "wie kalt werden Quantenchips verglichen mit dem Weltall?"])
async def test_a_quantum_chip_and_outer_space_are_the_summaries_quantum_processor_and_interstellar_space(
        store: Store, text: str) -> None:
    # "… Quantenprozessoren (QPUs) … 300-mal kälter … als der interstellare Raum"
    assert first(await ask(store, text)) == (MAIN, 34)


@pytest.mark.parametrize("text", ["why was bringing AITER into JAX so difficult?",
                                  "what made the AITER integration in JAX tricky"])
async def test_what_made_a_thing_hard_is_explained_by_its_challenges(store: Store, text: str) -> None:
    # "hard", "difficult", "tricky" are the summaries' "Herausforderungen" / "Hürden"; "what made X hard" asks why
    assert parse(text).shape == Shape.EXPLAIN
    assert first(await ask(store, text)) == (MAIN, 351)  # Lektionen & Herausforderungen, not the introduction


async def test_old_school_is_the_summaries_traditional(store: Store) -> None:
    # "Traditionelles Handwerk: … ein physisches „Gefühl“ …", not the Legacy-API that "old" alone finds
    assert first(await ask(store, "did old-school machinists rely on feel?")) == (MAIN, 624)


def test_what_a_thing_is_used_for_in_a_place_asks_for_its_role_there() -> None:
    question = parse("what is RL used for in Tunix?")
    assert (question.shape, question.subject) == (Shape.EXPLAIN, "RL Tunix")


# -- a glossary term typed alone: its entry ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "line"), [
    ("bcoo?", 53),
    ("floquet-theorie?", 51),
    ("diffrax meaning", 49),
    ("kraus-map in jax quantum", 46),  # words of the talk title that defines it place the term
    ("bcoo, what's that about", 53),  # "that" is the term typed before it
    # … also with words its own entry holds beside the pointer ("Eine numerische Routine zur Berechnung …")
    ("eigh - what does it compute", 48),
    ("eigh: what does this routine compute", 48),
    # "as in" glosses the term with its long form, no word of its own: MHA's entry (363), RL's (322)
    ("mha as in multi-head attention - what is that", 363),
    ("rl as in reinforcement learning, what is it", 322),
])
async def test_a_glossary_term_typed_alone_leads_with_its_entry(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize(("text", "line"), [
    ("explain the kraus map", 46),  # told to explain a glossary term and nothing else: what it is
    ("erklär mir mal eigh", 48),
    ("was ist floquet theori", 51),  # one slip, and a space for the hyphen: still the term, not "not covered"
    ("verdünnungs kühlschrank?", 45),
])
async def test_a_term_told_to_explain_or_typed_with_a_slip_leads_with_its_entry(store: Store, text: str,
                                                                                line: int) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["shape"], body["hits"][0]["source"]) == ("definition", {"file": MAIN, "line": line})


@pytest.mark.parametrize(("text", "shape", "line"), [
    # a plain word's slip inside a glossary term: the coverage check reads the term as typed, the term is meant
    ("reduce scater?", "definition", 225),
    ("was ist reduce scater", "definition", 225),
    ("floquett-theorie, was war das", "definition", 51),
    ("wann kam reduce scater vor", "when", 207),
    # an English word of the word list typed with a slip: its German forms find the entry
    ("what does a sandbox enviroment do", "definition", 328),
])
async def test_a_plain_word_typed_with_a_slip_is_the_word_meant(store: Store, text: str, shape: str,
                                                                 line: int) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["shape"], body["covered"], body["hits"][0]["source"]) == (shape, True, {"file": MAIN, "line": line})


async def test_a_word_of_the_language_is_not_read_as_a_slip_of_another(store: Store) -> None:
    # "hacking" is one letter from words of the word list, and what the asker meant: no respelling
    assert answers._slip_of_an_english_word(store, "hacking") is None
    assert answers._slip_of_an_english_word(store, "enviroment") == "environment"


async def test_things_set_against_each_other_are_a_comparison(store: Store) -> None:
    # "gegeneinander antreten lassen" is the summaries' "Vergleich": the benchmark point comparing three devices
    assert first(await ask(store, "wie viele geräte hat jax quantum gegeneinander antreten lassen")) == (MAIN, 37)


@pytest.mark.parametrize(("text", "line"), [
    # a year typed with two digits, a decade by its ending: the summaries' 1981 and 1970er
    ("what did nc operators earn an hour in 81", 630),
    ("was verdienten nc-bediener in den 80ern", 630),
])
async def test_a_year_typed_short_is_the_year_written_out(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize("text", ["how many chips does a TPU v6e-8 have", "wie viele chips hat eine tpu v6e-8"])
async def test_a_count_only_a_terms_entry_gives_leads_with_that_entry(store: Store, text: str) -> None:
    # no key point counts the chips of a v6e-8; its glossary entry does ("mit 8 Chips")
    assert first(await ask(store, text)) == (MAIN, 426)


async def test_a_count_a_key_point_gives_is_not_the_entry(store: Store) -> None:
    # the Tunix discussion counts chips (16/32- to 64-chip configurations): the point, not a glossary entry
    assert first(await ask(store, "wie viele chips nimmt man bei tinix so für rollout vs training")) == (MAIN, 315)


@pytest.mark.parametrize(("text", "line"), [
    # asked what was done: the V4 TPU of the benchmarks, not the outlook's planned V5/V6 benchmarks
    ("what tpu version did jax quantum run its benchmarks on", 37),
    # asked what is next: the outlook
    ("welche tpu gens wollen die bei jax quantum als nächstes benchmarken", 39),
])
async def test_what_was_done_leads_over_what_is_planned(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


async def test_quicker_is_a_word_the_summaries_have(store: Store) -> None:
    # "quicker" is "schneller", as "faster" is: no "not covered"
    assert "quicker" not in await store.absent_words("how much quicker is flydsl")


async def test_an_english_term_put_together_from_the_word_lists_forms_is_its_german_entry(store: Store) -> None:
    # "autoclaved" + "pressure" + "impregnation" -> Autoklavierte Druckimprägnierung, not the key point using it
    body = json.loads(as_json(await ask(store, "autoclaved pressure impregnation, what is that?")))
    assert (body["shape"], body["hits"][0]["source"]) == ("definition", {"file": MAIN, "line": 586})


@pytest.mark.parametrize(("text", "shape", "line"), [
    ("what is rocm in a nutshell", "definition", 358),  # a glossary term asked what it is, briefly: its entry
    ("was ist bcoo kurz zusammengefasst", "definition", 53),
    ("bcoo in a nutshell", "definition", 53),  # a glossary term named alone, briefly: its entry too
    ("jax quantum in a nutshell", "summary", 27),  # … not a talk's subject named alone
    ("what is jax quantum in a nutshell", "summary", 27),  # a talk's subject: the talk's summary
    ("what's the casadi video about", "summary", 509),  # a talk asked about, though CasADi is a glossary term
])
async def test_what_a_term_is_in_brief_is_its_entry_and_a_talk_in_brief_its_summary(store: Store, text: str,
                                                                                     shape: str, line: int) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["shape"], body["hits"][0]["source"]) == (shape, {"file": MAIN, "line": line})


async def test_explain_how_a_term_works_is_still_an_explanation(store: Store) -> None:
    body = json.loads(as_json(await ask(store, "explain how diffrax works")))
    assert (body["shape"], body["hits"][0]["source"]) == ("explain", {"file": MAIN, "line": 35})


async def test_terms_typed_side_by_side_are_each_looked_up_and_one_entry_is_shown_once(store: Store) -> None:
    # no commas between them: three terms, not one long thing the key points answer
    body = json.loads(as_json(await ask(store, "sft dpo orpo, what are those")))
    assert body["shape"] == "definition"
    assert {"SFT", "DPO", "ORPO"} <= {hit.get("term") for hit in body["hits"]}
    # Flax, Optax and Grain share the entry "Flax / Opex / Grain": one card, not three copies of it
    body = json.loads(as_json(await ask(store, "flax optax grain?")))
    terms = [hit for hit in body["hits"] if hit.get("term")]
    assert [hit["source"] for hit in terms] == [{"file": MAIN, "line": 403}]


async def test_a_glossary_term_with_words_its_entry_lacks_is_still_a_search(store: Store) -> None:
    # "Docker" is a glossary entry, but building containers is what key points discuss (Kinetic's 71)
    assert first(await ask(store, "docker container bauen")) == (MAIN, 71)


# -- English verbs the summaries write as German nouns or compounds -------------------------------------------

@pytest.mark.parametrize(("text", "line"), [
    ("which framework is the tpu inference of vllm and sglang based on", 442),  # "JAX-basierten Inferenz-Engines"
    ("was soll kinetic eigentlich verbinden", 66),  # "zur Überbrückung von lokalen Laptop-Umgebungen und Cloud-TPUs"
    ("did nc machines make shops more productive", 627),  # "erhöhten die Produktivität um das Vier- bis Fünffache"
    ("hlo started out with how many ops", 480),  # "Entstehung von HLO: … ca. 120 Basis-Operationen"
    ("which craftsmen worked on the treehouse", 554),  # "Höhenkletterern, Zimmerern, Ingenieuren und Elektrikern"
    ("welche handwerker haben am baumhaus gearbeitet", 554),
    ("which trades did the treehouse build bring together", 554),  # trades: its crafts, as "craftsmen"
    ("where does the bee vlogger go to unwind", 579),  # "Entspannung und kulinarische Erholung auf der Echo-Farm"
    ("what does the diffusers lib do", 414),  # "die von HuggingFace bereitgestellte Bibliothek"
    ("how can casadi render a graph", 520),  # "Erzeugung interaktiver HTML-Visualisierungen des Rechengraphen"
])
async def test_a_verb_the_summaries_write_otherwise_reaches_the_point(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize("text", [
    "why does hand-porting ml kernels take so long",
    "what makes hand-ported kernels so painful in the max_evol talk",
])
async def test_porting_by_hand_is_manual_porting(store: Store, text: str) -> None:
    # "hand-porting" is porting by hand: 000:129's "Engpass manueller Portierung", not the introduction (124) naming
    # the Kernel-Portierung its agents automate
    assert first(await ask(store, text)) == (MAIN, 129), text


async def test_a_hand_written_kernel_is_a_custom_one_not_manual_work(store: Store) -> None:
    # 000:126's "Die Rolle von Custom Kernels", not 129's manual porting
    assert first(await ask(store, "why do sparse ops like moe need hand-written kernels in the max_evol talk")) == \
        (MAIN, 126)


# -- what a talk's subject is or brings: its introduction, when about as relevant as a later point ------------

@pytest.mark.parametrize(("text", "file", "line"), [
    ("jaxator brings which amd kernels to jax", MAIN, 342),  # not 344, the point defining AITER
    ("which amd library does jaxator plug into jax", MAIN, 342),  # 344 shares "library" (Bibliothek), within 0.85
    ("palace vorteil für tpus", PALLAS, 3),
])
async def test_what_a_talks_subject_brings_is_its_introduction(store: Store, text: str, file: str, line: int) -> None:
    assert first(await ask(store, text)) == (file, line)


async def test_how_something_is_done_is_the_point_with_the_mechanism_not_the_introduction(store: Store) -> None:
    assert first(await ask(store, "how do they get a trained neural network into CasADi?")) == (MAIN, 521)  # ONNX


# -- explain: of two points about as relevant, the one in the talk the question names ------------------------

@pytest.mark.parametrize("text", [
    "why do they use automatic differentiation in JAX Quantum?",
    "wofür nutzt man bei JAX Quantum automatische Differenzierung?",
])
async def test_an_explanation_comes_from_the_talk_the_question_names(store: Store, text: str) -> None:
    # CasADi's "Automatische dünnbesetzte Differenzierung" (519) is as relevant to the words, but not the talk named
    assert first(await ask(store, text)) == (MAIN, 38)


async def test_a_short_name_of_the_first_talk_keeps_it_first(store: Store) -> None:
    # "rl" names the Tinix talk ("Tunix: RL-Architektur") as "training" names the post-training talks: the question
    # names both, so Tinix's decoupled agent model (304) stays first, not MaxText's disaggregated RL architecture (164)
    text = "why does the rl framework for coding agents split generation and training onto separate workers"
    assert first(await ask(store, text)) == (MAIN, 304)


@pytest.mark.parametrize("text", [
    "wieso trennt Tinix die Rollouts komplett vom Training?",
    "why does Tinix split rollout and training completely?",
])
async def test_a_talk_named_by_a_known_slip_is_the_talk_named(store: Store, text: str) -> None:
    # "Tinix" (aliases.toml: Tunix) names the Tunix talks, whose "Vollständige Trennung von Rollout-Generatoren und
    # Trainern" answers; "Training" in the title of the MaxText RL talk does not make its "Physikalische Trennung" (164)
    # the talk named
    assert first(await ask(store, text)) == (MAIN, 304)


@pytest.mark.parametrize("text", [
    "why are direct translations from Triton to Pallas slow?",
    "warum sind direkte Übersetzungen von Triton nach Pallas langsam?",
])
async def test_a_much_better_point_of_another_talk_still_leads(store: Store, text: str) -> None:
    # "Pallas" names the Pallas talk, but max_evol's "Triton versus JAX Palas" (128) answers it far better
    assert first(await ask(store, text)) == (MAIN, 128)


@pytest.mark.parametrize(("text", "line"), [
    # "verfolgt" finds "Verfolgung des Optimierungsfortschritts" (kernel_db), not only max_evol's architecture point
    ("wie verfolgt max_evol den Optimierungsfortschritt der Kernel?", 135),
    ("how does max_evol track the optimization progress of kernels?", 135),
])
async def test_a_german_verb_finds_its_noun(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize(("text", "line"), [
    # a share of the whole: "über 97 % der gesamten Rechenzeit", not a run's "6,5 Minuten" step time
    ("how much of the compute time goes to the DiT model?", 96),
    ("wie viel der Rechenzeit entfällt auf das DiT-Modell?", 96),
])
async def test_how_much_of_a_whole_is_a_share(store: Store, text: str, line: int) -> None:
    assert parse(text).quantity == "percent"
    assert first(await ask(store, text)) == (MAIN, line)


# -- evidence: what a point says beyond the talk it is in ------------------------------------------------------

@pytest.mark.parametrize(("text", "line"), [
    # max_evol is one name: the intro and architecture points that repeat it (124, 131) do not count it three times
    # (max, evol, max_evol) against the points that answer: the roofline point (127), the validation pipeline (133)
    ("how does max_evol push kernels closer to the hardware's theoretical peak?", 127),
    ("how does max_evol check the generated kernels before they run?", 133),
    ("wie prüft max_evol die generierten kernels, bevor sie laufen?", 133),
    ("wie bringt max_evol Kernel näher an die theoretische Obergrenze der Hardware?", 127),
])
async def test_a_name_written_as_code_counts_once(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize(("text", "line"), [
    # "prüft" is the verb of "Überprüfung" (133), "Einschrauben" of "Verschraubung" (604): one root behind the prefix
    ("wie prüft max_evol die generierten kernels, bevor sie laufen?", 133),
    ("wie schützt sich der Baum nach dem Einschrauben?", 604),
    # the English question reads the same point through its word list ("check" -> Überprüfung)
    ("how does max_evol check the generated kernels before they run?", 133),
    # a Latin verb's noun: "reduziert" is the "Lokale Reduktion vor Inter-Node-Kommunikation" (447), not 451
    ("wie wird bei vLLM die Kommunikation zwischen den Knoten reduziert?", 447),
    ("how does vLLM reduce the communication between nodes?", 447),
])
async def test_a_german_verb_finds_its_noun_behind_another_prefix(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize(("text", "line"), [
    # a number against a baseline is a number question, not a difference between MXFP4 and FP8 (the MXFP4 entry)
    ("wie viel bringt MXFP4 gegenüber FP8 beim kompletten Rezept?", 350),
    ("how much better is MXFP4 vs FP8 for the full recipe?", 350),
    ("wie schnell ist die H200 im Vergleich zu einer CPU?", 38),
    ("how much faster is FlyDSL compared to XLA?", 240),
])
async def test_how_much_against_a_baseline_asks_for_the_number(store: Store, text: str, line: int) -> None:
    assert parse(text).shape == Shape.QUANTITY
    assert first(await ask(store, text)) == (MAIN, line)


@pytest.mark.parametrize("text", ["how much does DPO differ from ORPO?",
                                  "wie groß ist der Unterschied zwischen DPO und ORPO?"])
def test_how_much_with_a_difference_named_is_still_a_difference(text: str) -> None:
    question = parse(text)
    assert (question.shape, question.subject, question.other) == (Shape.COMPARE, "DPO", "ORPO")


# -- typed German: "was is", "was isn", "wasn" are "was ist" ------------------------------------------------------

def defined_in(body: dict) -> str:
    """The definition card's line naming the talks that define the term."""
    return next(block for block in body["message"]["blocks"] if block["type"] == "context")["elements"][0]["text"]


@pytest.mark.parametrize(("text", "term", "line"), [
    ("was is eigentlich ein Kraftdreieck", "Kraftdreieck", 560),
    ("was isn reduce-scatter", "Reduce-Scatter", 225),
    ("wasn Sparstich?", "Sparstich", 565),
    ("was is n Sparstich", "Sparstich", 565),
    ("was genau is agentische KI", "Agentische KI", 642),
])
async def test_typed_german_ist_asks_for_the_definition_in_german(store: Store, text: str, term: str,
                                                                   line: int) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["shape"], body["lang"]) == ("definition", "de")
    assert body["hits"][0]["term"] == term and body["hits"][0]["source"] == {"file": MAIN, "line": line}
    assert defined_in(body).startswith("Definiert in")  # the bot's own words German


async def test_english_is_stays_english(store: Store) -> None:
    body = json.loads(as_json(await ask(store, "what is a Sparstich")))
    assert (body["shape"], body["lang"], body["hits"][0]["term"]) == ("definition", "en", "Sparstich")
    assert defined_in(body).startswith("Defined in")


# -- a talk's name picks the talk, the rest of the question the point ---------------------------------------------

@pytest.mark.parametrize(("text", "line", "lang"), [
    ("how did they fix the XLA errors in the Qwen-Image port?", 418, "en"),  # not the Qwen-Image-Pipeline-Design
    ("wie wurden bei Qwen-Image die Fehler unter XLA behoben?", 418, "de"),
    ("wie verteilt Qwen-Image den Transformer auf die Chips?", 417, "de"),  # the 2D mesh, not the pipeline design
    ("how does Qwen Image get around loading the transformer onto one chip?", 417, "en"),
])
async def test_the_talks_name_in_a_points_title_does_not_outweigh_what_the_point_answers(
        store: Store, text: str, line: int, lang: str) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["lang"], body["hits"][0]["source"]) == (lang, {"file": MAIN, "line": line})
    assert body["hits"][0]["talk_id"] == "qwen-image-implementierung-eines-tpu-optimierten-ports"


# -- a name the question asks about (a word general language hardly uses) leads over a point without it -----------

@pytest.mark.parametrize(("text", "line", "lang"), [
    ("how does pjrt decouple frameworks from hardware", 203, "en"),  # PJRT-API, not HLO's "entkoppeln … Hardware"
    ("wie entkoppelt PJRT Frameworks von der Hardware?", 203, "de"),  # "entkoppelt" is a verb here, not a name
    ("wie ist max_evol mit Out-of-Memory-Fehlern umgegangen?", 137, "de"),  # not the TPU database talk's OOM
])
async def test_a_point_holding_the_asked_name_leads_a_near_tie(store: Store, text: str, line: int, lang: str) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["shape"], body["lang"], body["hits"][0]["source"]) == ("explain", lang, {"file": MAIN, "line": line})


# -- filler typed around an explanation asks for nothing: spoken German's "fürn", "ausm", a possessive, an idiom ------

@pytest.mark.parametrize(("text", "line", "lang"), [
    ("wieso druckimprägniertes holz fürn zaun", 576, "de"),  # "fürn" is "für einen": no word the summaries lack
    ("warum langsam gewachsenes hartholz ausm norden", 599, "de"),  # "ausm" too; "norden" finds "nordsituierten"
    ("why was hlo invented in the first place", 480, "en"),  # not Pallas' "In-Place-Modifikation"
])
async def test_filler_around_an_explanation_is_not_searched(store: Store, text: str, line: int, lang: str) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["covered"], body["lang"], body["hits"][0]["source"]) == (True, lang, {"file": MAIN, "line": line})


def test_a_german_possessive_is_no_subject_word() -> None:
    assert parse("womit haben die bei tinix ihre pipeline getestet").subject == "tinix pipeline getestet"


async def test_a_plain_thing_is_a_simple_one(store: Store) -> None:
    # "plain copilot" is the "simplen Copilots" of max_evol's levels, not a detail the summaries lack
    body = json.loads(as_json(await ask(store, "how is max_evol different from a plain copilot")))
    assert (body["covered"], body["hits"][0]["source"]) == (True, {"file": MAIN, "line": 130})


# -- a point headed by the asked word alone is about it; a point listing it among others only mentions it ----------

@pytest.mark.parametrize(("text", "line", "lang"), [
    ("was bringt tiling bei xla", 206, "de"),  # "Tiling: Ein Verfahren …", not FlyDSL's "Layouts, Tiling und …"
])
async def test_a_point_headed_by_the_asked_word_leads(store: Store, text: str, line: int, lang: str) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["lang"], body["hits"][0]["source"]) == (lang, {"file": MAIN, "line": line})


# -- more filler and everyday English words an explanation is typed with ------------------------------------------

@pytest.mark.parametrize(("text", "line", "lang"), [
    ("wie genau läuft son hyperparameter sweep bei kinetic", 74, "de"),  # "son" is "so ein"
    ("wie kriegen die dat hin dass die bienen den winter überleben", 573, "de"),  # "überstanden"
    ("warum waren die nc leute nich unqualifiziert", 630, "de"),
    ("how do they stop the tree from rotting around the screws", 599, "en"),  # "rotting" is rot: Fäulnis
    ("how do they avoid drift from retokenizing", 309, "en"),  # "Retokenisierungsdrift"
    ("why must fusions be spelled out in flydsl", 242, "en"),  # spelled out: explizit
    ("what does the detached api let you do", 73, "en"),
    ("womit haben die bei tinix ihre pipeline getestet", 308, "de"),  # a test is a "Validierung der Pipeline"
    ("wie vermeidet Tinix Leerlauf beim Rollout?", 306, "de"),  # idle time: "Auslastungslücken"
])
async def test_an_explanation_typed_loosely_finds_its_point(store: Store, text: str, line: int, lang: str) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["covered"], body["lang"], body["hits"][0]["source"]) == (True, lang, {"file": MAIN, "line": line})


# -- a how question is answered by how it is done: a point giving a reason does not win the near tie --------------

@pytest.mark.parametrize(("text", "line"), [
    ("wie werden filter auf der tpu ausgeführt", 12),  # the operator mapping, not Qwen-Image's "um … zu umgehen"
    ("warum läuft der text encoder auf der cpu", 416),  # a why question: the point that gives the reason
])
async def test_a_how_question_is_not_answered_by_a_reason(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line)


# -- an aspect asked of a thing ("the purpose of", "der Haken an") and everyday words are no missing detail --------

@pytest.mark.parametrize(("text", "file", "line", "lang"), [
    ("gibts bei kinetic ne möglichkeit eigene images zu nehmen", MAIN, 76, "de"),
    ("muss der datensatz bei der tpu datenbank komplett in den speicher", MAIN, 15, "de"),  # "vollständig"
    ("is the tpu any good at joins", MAIN, 12, "en"),
    ("what is the purpose of the distance rings", MAIN, 553, "en"),
    ("what's the role of the orchestrator in tinix", MAIN, 304, "en"),
    ("what's the downside of the old palace_call api", PALLAS, 5, "en"),  # old: the "Legacy-API"
    ("was is der haken an der kollokation", MAIN, 317, "de"),
    ("how come gpus win at eigh", MAIN, 37, "en"),  # win: "überlegen"
    ("what makes vllm on ironwood fast", MAIN, 453, "en"),
    ("how does tinix handle stale rollouts", MAIN, 314, "en"),  # "handhabt … veraltete Daten"
    ("wie wird son flydsl kernel am ende auf der gpu ausgeführt", MAIN, 237, "de"),  # "am Ende": finally
])
async def test_an_aspect_or_an_everyday_word_is_no_missing_detail(store: Store, text: str, file: str, line: int,
                                                                 lang: str) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["covered"], body["lang"], body["hits"][0]["source"]) == (True, lang, {"file": file, "line": line})


# -- a mistyped rare word is no detail the summaries lack ----------------------------------------------------------

@pytest.mark.parametrize(("text", "line"), [
    ("wie funktioniert das hyperparamter sweeping bei kinetic", 74),  # "Hyperparameter-Sweeps"
    # (126 says why: sparse operations "z. B. Mixture of Experts" need custom kernels; MoE is read in its long form)
    ("warum brauch man custom kernells für moe", 126),
])
async def test_a_mistyped_word_is_not_said_to_be_missing(store: Store, text: str, line: int) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["covered"], body["hits"][0]["source"]) == (True, {"file": MAIN, "line": line})


# -- an agent noun ("Zerspaner") is its verb's family; "keep", "break down", "behind the scenes" are corpus words ----

@pytest.mark.parametrize(("text", "line"), [
    ("wat muss ein zerspaner eigentlich alles drauf haben", 624),  # Zerspaner: "Die Zerspanung von Metall …"
    ("why keep chlo ops around instead of breaking everything down straight away", 200),  # "bewahren", "zerlegt"
])
async def test_an_agent_noun_or_an_english_idiom_finds_its_point(store: Store, text: str, line: int) -> None:
    body = json.loads(as_json(await ask(store, text)))
    assert (body["covered"], body["hits"][0]["source"]) == (True, {"file": MAIN, "line": line})


async def test_behind_the_scenes_is_no_missing_detail(store: Store) -> None:
    body = json.loads(as_json(await ask(store, "what does kinetic actually do behind the scenes")))
    assert body["covered"] is True  # Kinetic's "Architektur im Hintergrund"


async def test_worries_are_an_aspect_not_a_missing_detail(store: Store) -> None:
    body = json.loads(as_json(await ask(store, "wat macht dem tinix team beim skalieren noch sorgen")))
    assert body["covered"] is True  # Sorgen are what Probleme and Herausforderungen are: an aspect of the topic


async def test_what_comes_next_asks_for_the_talks_plans(store: Store) -> None:
    # "als nächstes" (next) is what the summaries head Roadmap or Zukunftsaussichten, as "vorhaben" is
    assert first(await ask(store, "was kommt bei flydsl als nächstes")) == (MAIN, 241)


@pytest.mark.parametrize("text", ["wo konnte der vlogger mal ausspannen", "wo hat der vlogger ausgespannt"])
async def test_unwinding_is_the_summaries_entspannung(store: Store, text: str) -> None:
    # "ausspannen" (to unwind), also as its participle, is the Erholung at the Echo farm
    assert first(await ask(store, text)) == (MAIN, 579)


@pytest.mark.parametrize(("text", "line"), [
    # "which N does what" names one thing of a kind by what it does: the glossary entry the description fits
    ("which fridge cools the quantum chips down", 45),  # the Verdünnungskühlschrank, not 34's QPUs in one
    ("which tool runs workloads on kubernetes clusters", 187),  # XPK, not "tool runs" as an absent name
])
async def test_which_thing_does_what_is_the_entry_it_describes(store: Store, text: str, line: int) -> None:
    question = parse(text)
    assert (question.shape, question.described) == (Shape.DEFINE, True), text
    assert first(await ask(store, text)) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    "which talk covers sharding",  # a talk asked for
    "which month does the machining video tie the agent coding shift to",  # an auxiliary: its subject follows
])
def test_which_talk_or_auxiliary_is_no_description(text: str) -> None:
    assert not parse(text).described


async def test_an_english_plural_of_a_term_put_together_word_by_word_is_its_german_entry(store: Store) -> None:
    # "expressions" is the plural of "expression" (Ausdruck): "casadi mx expressions" is the MX-Ausdruck of CasADi
    body = json.loads(as_json(await ask(store, "what are casadi mx expressions")))
    assert (body["shape"], body["hits"][0]["source"]) == ("definition", {"file": MAIN, "line": 539})


async def test_a_description_holding_clearly_more_words_of_one_entry_names_it(store: Store) -> None:
    # DLPack's entry holds six of the description's words (open standard, tensor data, frameworks, memory),
    # StableHLO's four ("ml frameworks", "openxla" for "open"): DLPack, though StableHLO's rare words come close
    reply = await ask(store, "what's the name for the open standard that moves tensor data between ml frameworks in "
                             "memory")
    assert first(reply) == (MAIN, 253)
