"""Questions the summaries answer that the coverage check read as asking about a word no summary has ("not
covered"): each cause through the function mentions and DMs call, on the bundled corpus in a real SQLite file. Lines
are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_coverage import heading
from tests.handlers.test_questions import MAIN, ask, body, first, lines


@pytest.mark.parametrize(("text", "line"), [
    # "Zeitpunkt", "Datum", "Termin" name the kind of answer, a time, which a point writes as the time itself
    # (632's "im Februar 2026", 526's "ab dem 13. Oktober"), not a thing the question asks about
    ("Auf welchen Zeitpunkt wird für die agentischen KI-Systeme verwiesen?", 632),
    ("an welchem datum startet der casadi kurs", 526),
])
async def test_a_noun_for_the_time_asked_is_no_absent_topic(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # after a question word's did, the subject (Mixtral, a talk's own name) and its plain verb: no name "mixtral
    # manage" the summaries lack, but what Mixtral reached (240's 14 -> 50 Token/Sekunde)
    "how many tokens per second did mixtral manage with the flydsl kernels",
    "what throughput did mixtral reach with flydsl",
])
async def test_a_named_subject_and_its_verb_after_did_are_no_name(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert first(reply) == (MAIN, 240), text


async def test_a_name_after_did_is_still_absent(store: Store) -> None:
    # two plain words after do/does/did, the first no name, stay one thing the summaries lack
    reply = await ask(store, "how does beam search work in jaxator")
    assert body(reply)["covered"] is False and heading(reply) == "The summaries don't mention *beam search*."


@pytest.mark.parametrize("text", [
    # "bevor" and "als" join the question's clauses: the point that holds the rest (133's Validierungs-Pipeline of
    # max_evol, checked before a kernel counts) need not hold them, so "ok" is the asker's word, not an absent topic
    "was prüft max_evol alles bevor ein kernel als ok gilt",
    "was checkt max_evol, bevor ein kernel als ok gilt",
])
async def test_a_point_need_not_hold_the_questions_conjunctions(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, 133), text


@pytest.mark.parametrize(("text", "line"), [
    # make (let, help) and its object take a verb's plain form: "last", "fit" are what the object is made to do, no
    # word of a name "fence last" or "kv cache fit" the summaries lack (576's langlebiges Zaunprojekt; 452's KV-Cache
    # cleared to relieve the HBM)
    ("how did they make the fence last outside", 576),
    ("how did he make the fence last so long", 576),
    ("how do i make the kv cache fit in hbm", 452),
])
async def test_the_verb_a_causative_takes_is_no_word_of_a_name(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert first(reply) == (MAIN, line), text


async def test_a_causatives_object_of_nouns_is_still_a_name(store: Store) -> None:
    # a plural ends a noun phrase, no plain verb: "fence posts" stays one thing the summaries lack
    reply = await ask(store, "how did they make the fence posts for the treehouse")
    assert body(reply)["covered"] is False and heading(reply) == "The summaries don't mention *fence posts*."


@pytest.mark.parametrize("text", [
    "was ist im baumhaus drin, heizung bad und so",
    "was is in dem baumhaus eigentlich alles drin, heizung, bad",
])
async def test_what_is_in_a_place_asks_what_it_holds_not_a_definition(store: Store, text: str) -> None:
    # "was ist in X" asks what X holds, searched as any question: "bad" is the asker's everyday word for what 605
    # says (Dusche, WC), not a term a definition lacks
    assert parse(text).shape != Shape.DEFINE, text
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert first(reply) == (MAIN, 605), text


@pytest.mark.parametrize("text", ["what is in-context learning", "was ist in-memory computing"])
def test_a_name_starting_with_in_is_still_defined(text: str) -> None:
    assert parse(text).shape == Shape.DEFINE, text


async def test_the_askers_own_thing_in_words_the_summaries_have_is_no_name(store: Store) -> None:
    # "my remote code" is the asker's code, described in words the summaries have apart: 75's Remote-Debugging in
    # IDEs answers how to step through it, not "remote code" as a thing no summary names
    reply = await ask(store, "how do i step through my remote code with kinetic")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 75)


async def test_the_askers_own_thing_with_a_word_no_summary_has_stays_absent(store: Store) -> None:
    reply = await ask(store, "does kinetic sync my obsidian vault")
    assert body(reply)["covered"] is False and "obsidian" in heading(reply).lower()


async def test_a_german_compound_with_a_hyphenated_first_part_typed_apart_is_that_compound(store: Store) -> None:
    # "4-bit training" is German's 4-Bit-Training typed apart, as the JAX-AITER talk's 4-Bit recipe for Llama
    # training (000:336's talk) has it; typed as one word it was covered already
    reply = await ask(store, "welchen vortrag sollte ich mir zu 4-bit training auf amd gpus anschauen")
    assert body(reply)["covered"] is True and body(reply)["shape"] == "watch" and first(reply) == (MAIN, 336)


@pytest.mark.parametrize(("text", "covered"), [
    # "experimentelle" is how 000:266 describes its Triton-Pipeline ("Experimenteller Triton-Codegen: Dreiphasige
    # Triton-Pipeline"); no point says a "verteilte" one
    ("aus welchen stufen besteht die experimentelle triton-pipeline", True),
    ("wie schnell ist die verteilte triton-pipeline", False),
])
async def test_an_adjective_a_point_says_with_a_compound_describes_it(store: Store, text: str, covered: bool) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is covered, text
    if covered:
        assert first(reply) == (MAIN, 266)


JAXATOR_TALK = "jax-aiter-integration-von-amd-aiter-kernen-in-jax-xla"


@pytest.mark.parametrize("text", [
    # after its subject (a pronoun, maybe an adverb between) an English word is the subject's verb, no kind of the
    # name after it: "grab jaxator" is getting Jaxator (352's Alpha-Wheels), not a thing the summaries lack
    "can i already grab jaxator somewhere or is it not out yet",
    "can i grab jaxator somewhere",
])
async def test_a_verb_after_its_subject_is_no_kind_of_the_name_after_it(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert body(reply)["hits"][0]["talk_id"] == JAXATOR_TALK, text


async def test_the_verb_after_which_talks_is_no_word_of_a_name(store: Store) -> None:
    # "which talks [involve] hugging face": the talks are the subject, involve their verb, Hugging Face the name
    reply = await ask(store, "which talks involve hugging face")
    assert body(reply)["covered"] is True and body(reply)["shape"] == "talks"
    assert {hit["talk_id"] for hit in body(reply)["hits"]} == {
        "qwen-image-implementierung-eines-tpu-optimierten-ports",
        "kinetic-ueberbrueckung-von-lokalen-laptop-umgebungen",
        "post-training-und-rl-von-grossen-sprachmodellen-auf-google"}


async def test_an_ing_form_after_get_and_its_object_is_no_kind(store: Store) -> None:
    # "get [its] code running": what the code is made to do, no kind of code the summaries lack (134's Cloud-Ausführung)
    reply = await ask(store, "how does the kernel porting agent get its code running on cloud hardware")
    assert body(reply)["covered"] is True
    assert body(reply)["hits"][0]["talk_id"] == "max-evol-agentenbasiertes-system-fuer-autonomes-maschinelles"


async def test_a_held_name_and_a_german_noun_joined_by_a_hyphen_are_its_things(store: Store) -> None:
    # "pytorch-programme" (in "jax- und pytorch-programme") are programs of PyTorch: 201's lowering to StableHLO
    reply = await ask(store, "wie kommen jax- und pytorch-programme eigentlich nach stablehlo")
    assert body(reply)["covered"] is True and body(reply)["hits"][0]["talk_id"] == "xla-crashkurs"
    assert 201 in lines(reply)


@pytest.mark.parametrize(("text", "absent"), [
    # an absent name or an English word after the hyphen still makes a term the summaries lack
    ("gibts was zu quantization-aware training", "quantization-aware"),
    ("wie kommen cirq-schaltkreise in jax quantum", "cirq-schaltkreise"),
])
async def test_a_hyphenated_term_stays_absent(store: Store, text: str, absent: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == f"Die Zusammenfassungen erwähnen *{absent}* nicht."


async def test_a_compound_of_a_held_word_and_ding_is_no_term(store: Store) -> None:
    # "aufteilungsding" is the asker's "Aufteilung thing", no term of its own the summaries lack
    reply = await ask(store, "bei dem video-ki-aufteilungsding: wie viel prozent der möglichen varianten fliegen "
                             "schon im ersten groben durchgang raus?")
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de"


async def test_a_name_of_code_is_not_restated_by_a_point_holding_its_words_apart(store: Store) -> None:
    # 000:420 holds Torch and the Qwen Image port, never "torch.compile": the port's point does not say it
    reply = await ask(store, "did they try torch.compile for the qwen image port")
    assert body(reply)["covered"] is False and heading(reply) == "The summaries don't mention *torch.compile*."


async def test_a_how_questions_word_that_only_compounds_hold_is_their_short_form(store: Store) -> None:
    # "auf die karte": the Grafikkarte of the oneAPI talk, whose 267 loads SPIR-V into Level Zero; no absent detail
    reply = await ask(store, "wie kommt der spir-v code bei intel am ende wirklich auf die karte")
    assert body(reply)["covered"] is True
    assert body(reply)["hits"][0]["talk_id"] == "integration-des-oneapi-backends-in-den-xla-compiler"
    assert 267 in lines(reply)


async def test_a_participle_of_general_german_before_a_held_noun_is_no_kind(store: Store) -> None:
    # "das angehobene saunafundament": what frost did to the sauna's foundation, in the asker's words (575's
    # frostgehobenes Saunafundament), no kind of foundation the summaries lack
    reply = await ask(store, "wie kriegt er das angehobene saunafundament wieder hin, ohne die sauna abzureißen")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 575)


async def test_an_english_date_asked_is_no_word_of_an_absent_name(store: Store) -> None:
    # "date", as German "Datum", names the kind of answer, a time: the release date of TorchTPU is 454's "Ankündigung
    # des TorchTPU-Starts … im Oktober 2026", no name "torchtpu release date" the summaries lack
    reply = await ask(store, "torchtpu release date, do we know when it lands")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 454)
