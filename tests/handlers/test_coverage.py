"""When the summaries cover a question, and what the reply says when they cover only part of it: each cause in
English and German, through the function mentions and DMs call, on the bundled corpus in a real SQLite file.
Lines are of the 000 file; absence of the asked words was checked by grep over corpus/*.txt."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from handlers.replies import Reply
from store.db import Store
from store.state import BotState

MAIN = "000_05e4716c93976b38.txt"


def body(reply: Reply) -> dict:
    """The reply as ``talkbot ask --json`` reports it."""
    return json.loads(as_json(reply))


def heading(reply: Reply) -> str:
    blocks = body(reply)["message"].get("blocks") or []
    text = blocks[0].get("text", {}) if blocks else {}
    return (text.get("text", "") if isinstance(text, dict) else str(text)).split("\n")[0]


def first(reply: Reply) -> tuple[str, int]:
    hit = body(reply)["hits"][0]
    return hit["source"]["file"], hit["source"]["line"]


async def ask(store: Store, text: str) -> Reply:
    return await mentions.answer(store, f"<@UBOT> {text}")


def assert_said_not_covered(reply: Reply, said: str, text: str) -> None:
    """The reply says first that the summaries lack ``said``'s term, in the language ``said`` is written in."""
    shown = body(reply)
    assert shown["covered"] is False and heading(reply) == said, text
    assert shown["lang"] == ("en" if said.startswith("The") else "de"), text


@pytest.mark.parametrize(("text", "said"), [
    # a word that only ends in a corpus word is no compound of the corpus: "Terra|form", "Beton|fundament"
    ("läuft Kinetic auch mit Terraform?", "Die Zusammenfassungen erwähnen *Terraform* nicht."),
    ("does Kinetic also support Terraform?", "The summaries don't mention *Terraform*."),
])
async def test_a_name_that_only_ends_in_a_corpus_word_is_absent(store: Store, text: str, said: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == said, text
    assert body(reply)["lang"] == ("de" if "läuft" in text else "en")


@pytest.mark.parametrize(("text", "said"), [
    # a German noun no summary has is what is asked about, with its article too: the talks have no Kamin, no Kran
    ("hat das Baumhaus einen Kamin?", "Die Zusammenfassungen erwähnen *Kamin* nicht."),
    ("wurde das Baumhaus mit einem Kran gebaut?", "Die Zusammenfassungen erwähnen *Kran* nicht."),
    ("brauchen die Baumschrauben ein Betonfundament?", "Die Zusammenfassungen erwähnen *Betonfundament* nicht."),
])
async def test_an_absent_german_noun_with_its_article_is_not_covered(store: Store, text: str, said: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and body(reply)["lang"] == "de" and heading(reply) == said, text


@pytest.mark.parametrize(("text", "line"), [
    ("wie viele Zeilen hat die Faktentabelle beim Star Schema Benchmark?", 13),  # a slip of "Faktenstabelle"
    ("wann war vom Splintholz die Rede?", 604),  # "die Rede sein von" frames the question
    ("wie schützt man die Lärchendielen vor Regenwasser?", 602),  # Lärche + Dielen
])
async def test_a_german_noun_the_summaries_have_in_another_form_is_answered(store: Store, text: str,
                                                                            line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de", text
    assert (MAIN, line) in {(h["source"]["file"], h["source"]["line"]) for h in body(reply)["hits"]}, text


@pytest.mark.parametrize(("text", "line", "language"), [
    # "cache" is held by 000:72's "Caching" (an English word's other forms count, with the talk's title: Kinetic)
    ("how does Kinetic cache files from GCS buckets?", 72, "en"),
    ("wie cached Kinetic Dateien aus GCS?", 72, "de"),
    # "screws" is inside "Baumschrauben" (the word list's "schraub"), "patented" is "Patentierte"
    ("what happens to the tree after the patented screws go in?", 604, "en"),
    ("was macht der Baum mit der Wunde nach dem Verschrauben?", 604, "de"),
    # a present participle says what a thing does, it names no kind of it: "einem laufenden Job"
    ("kann man sich bei Kinetic später wieder mit einem laufenden Job verbinden?", 73, "de"),
    ("do Kinetic jobs survive when I shut down my laptop?", 73, "en"),
])
async def test_words_the_summaries_hold_in_other_forms_are_answered(store: Store, text: str, line: int,
                                                                    language: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == language, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "said"), [
    # the summaries know batching and filters, not that kind of them
    ("how does continuous batching work in vllm", "The summaries don't mention *continuous batching*."),
    ("which talk explains bloom filters for joins?", "The summaries don't mention *bloom filters*."),
    ("wie funktioniert Continuous Batching in vLLM?", "Die Zusammenfassungen erwähnen *Continuous Batching* nicht."),
    ("welcher Vortrag erklärt Bloom-Filter für Joins?", "Die Zusammenfassungen erwähnen *Bloom-Filter* nicht."),
])
async def test_an_unknown_kind_of_a_known_thing_is_not_covered(store: Store, text: str, said: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == said, text


@pytest.mark.parametrize(("text", "line"), [
    # a year written short is the year the summaries write: 000:630's Lohnvergleich of 1981
    ("how big was the hourly pay gap between class a machinists and nc operators in 81", 630),
    ("wer hat über die gehälter von cnc-bedienern in den 80ern geredet", None),
])
async def test_a_year_written_short_is_no_absent_number(store: Store, text: str, line: int | None) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and "mention" not in heading(reply), text
    if line is not None:
        assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    # the summaries write KI where English says AI: 000:9's KI-Spezialbeschleuniger are AI accelerators
    ("can ai accelerators speed up databases", 9),
    # the asker wants to do without YAML files: the Kinetic talk (000:60) is what they ask for
    ("what should i watch if i wanna push my laptop code to cloud tpus without writing k8s yaml", 60),
    # lay words for what 000:34 says: QPUs (Quantenprozessoren) 300 times colder than interstellar space
    ("how cold do quantum chips get", 34),
    ("what is colder than outer space", 34),
    # K8s and HF written short: Kinetic spares its users Kubernetes (000:68); 000:161's Hugging Face datasets
    ("does kinetic need k8s", 68),
    ("which hf datasets did tunix use for sft", 161),
    # "any word on X" asks for X, as "any info on X" does: Crescent Island is 000:270's
    ("any word on crescent island in the intel talk", 270),
])
async def test_words_the_asker_writes_otherwise_are_covered_by_their_point(store: Store, text: str,
                                                                           line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


async def test_honey_is_no_bee(store: Store) -> None:
    # no summary mentions honey (Honig); the bee video's points are about the bees, not what they produced
    assert_said_not_covered(await ask(store, "how much honey did the bees produce?"),
                            "The summaries don't mention *honey*.", "honey")


async def test_a_spoken_german_article_is_no_word_of_an_unknown_kind(store: Store) -> None:
    # "n" is spoken German's einen, not an unknown kind of Zerspaner: 000:624 says what the craft takes
    text = "wat muss n zerspaner eigentlich alles drauf haben"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 624), text



@pytest.mark.parametrize(("text", "said"), [
    # each word is in the summaries, never near the other: "Filter mappen auf Vektorausführungen" in a point on
    # Datenbankabfragen is about vectors and databases, not a vector database; Ringbereich, Puffer; KV-Caches, Offload
    ("when was the vector database discussed?", "The summaries don't mention *vector database*."),
    ("which talk covers ring buffers?", "The summaries don't mention *ring buffers*."),
    ("wie funktioniert KV-Cache-Offloading?", "Die Zusammenfassungen erwähnen *KV-Cache-Offloading* nicht."),
    # a word several talks write as typed (Matrix Multiplication Units, Sparse Cores) is no one talk's subject
    ("who talked about matrix cores?", "The summaries don't mention *matrix cores*."),
    # asked for before do/does (no verb after a subject); "Frameworks" and "Geräte" hold no frame and no rate
    ("what frame rate does Qwen Image generate videos at?", "The summaries don't mention *frame rate*."),
])
async def test_a_name_whose_words_the_summaries_hold_only_apart_is_not_covered(store: Store, text: str,
                                                                               said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "line"), [
    # near each other in one row: 000:308's "Gemma/Qwen-Modelle"
    ("which talks mention gemma models?", None),
    # the talk's topic and a thing of that talk: the treehouse talk's Team, a job of the Kinetic talk
    ("were there electricians on the treehouse team", 554),
    ("can I attach a debugger from VS Code to a Kinetic job?", 75),
    # the talk's subject as its summary writes it (000:259 "Softwareingenieurin bei Intel", 6 words from the
    # oneAPI-Backends it presents) and a thing of that talk
    ("how does the intel backend deal with convolutions", 265),
    # the talk's own name and its people, whatever its summary calls them (000:9: a Forschungsprojekt)
    ("what was the michigan group actually trying to figure out", 9),
    ("who built the luxury treehouse?", None),
    # asked for before do/does, and near each other in 000:445 (Durchsatzsteigerung … bei Decode-Prozessen)
    ("what decode throughput did Qwen3-Coder reach per chip?", 445),
])
async def test_a_name_the_summaries_hold_near_or_as_a_talks_thing_is_answered(store: Store, text: str,
                                                                              line: int | None) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["hits"], text
    if line is not None:
        assert first(reply) == (MAIN, line), text


FLYDSL = "integration-von-flydsl-kerneln-in-jax-fuer-amd-gpus"
AITER = "jax-aiter-integration-von-amd-aiter-kernen-in-jax-xla"


@pytest.mark.parametrize(("text", "language", "talk", "watch"), [
    # a word no summary has before a noun they have ("own kernels", "made integrating", "verzwickte Kernel") is no
    # unknown kind when one talk holds the question's many other words: the question restates that talk
    ("what should I watch to learn writing my own kernels for AMD GPUs in a python DSL", "en", FLYDSL, True),
    ("welcher Vortrag zeigt, wie man verzwickte Kernel für AMD-GPUs in einer Python-DSL schreibt", "de", FLYDSL, True),
    ("what made integrating AITER into JAX hard", "en", AITER, False),
    ("warum war die verzwickte Integration von AITER-Kernen in JAX auf AMD-GPUs schwierig", "de", AITER, False),
])
async def test_an_absent_word_in_a_question_one_talk_holds_is_no_unknown_kind(store: Store, text: str, language: str,
                                                                                talk: str, watch: bool) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is True and shown["lang"] == language and shown["hits"][0]["talk_id"] == talk, text
    if watch:  # the talk to watch is named first, with its abstract (000:228)
        assert shown["shape"] == "watch" and first(reply) == (MAIN, 228) and "FlyDSL" in heading(reply), text


@pytest.mark.parametrize(("text", "line"), [
    # "ai coding" is never side by side in one row, but the NC video holds the question's other words too (lathes,
    # punched tape; its summary, 000:618, has KI-Programmierung): the question restates that talk, as with a word no
    # summary has ("own kernels")
    ("what was that video about lathes, punched tape and ai coding about", 618),
    # an exact match is what 000:168 says of the GPU-TPU parity of GRPO ("exakten mathematischen Parität")
    ("is the gpu vs tpu grpo parity an exact match or just roughly the same", 168),
])
async def test_words_held_apart_in_a_question_one_talk_holds_are_no_absent_name(store: Store, text: str,
                                                                               line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    # a word that says which one (plain, early, alte) is no word of a name: plain filters are 000:12's Filter
    ("where do plain filters end up on the tpu", 12),
    ("what changed in how vllm runs on tpus compared to the early prototype", None),
])
async def test_a_word_saying_which_one_is_no_word_of_an_absent_name(store: Store, text: str, line: int | None) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and "mention" not in heading(reply), text
    if line is not None:
        assert first(reply) == (MAIN, line), text



@pytest.mark.parametrize("text", [
    # an adjective no summary has, before a noun they have at the question's end, may only say how much of it:
    # 000:349-350 have the MXFP4 recipe and "das vollständige Rezept", not "komplett"
    "wie viel bringt MXFP4 gegenüber FP8 beim kompletten Rezept?",
    "how much does MXFP4 gain over FP8 with the complete recipe?",
])
async def test_an_absent_adjective_at_the_end_is_no_unknown_kind(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert {(MAIN, 349), (MAIN, 350)} & {(h["source"]["file"], h["source"]["line"]) for h in body(reply)["hits"]}


@pytest.mark.parametrize("text", [
    "who's the guy planning a trip to the Kuril islands",  # "planning" takes an article: a verb, not a kind of guy
    "recommend a talk on launching jobs on GKE straight from my laptop",  # a gerund and its object
])
async def test_a_verb_next_to_an_absent_word_is_no_name(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["hits"], text


@pytest.mark.parametrize(("text", "line"), [
    # a phrasal verb's particle makes the word before it a verb: "decoding speed up" is no name (000:240, 2,5-fach)
    ("how much did decoding speed up with FlyDSL on Mixtral?", 240),
    ("wie stark wurde das Dekodieren mit FlyDSL bei Mixtral beschleunigt?", 240),
    # a particle inside a run is the verb's ("read the communication off StableHLO"): no word of a name
    ("dit placement talk: why cant they just read the communication off stablehlo", 99),
    # a conjunction joins two clauses, it is no word of a name: "laptop while"
    ("how can I close my laptop while a Kinetic job keeps running?", 73),
    ("kann ich den Laptop zuklappen, während ein Kinetic-Job läuft?", 73),
])
async def test_a_verb_or_a_conjunction_ends_a_name(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


def covered_part(reply: Reply) -> str | None:
    """The line before a not-covered reply's nearest evidence ("What they say about *treehouse*:")."""
    blocks = body(reply)["message"]["blocks"]
    return blocks[1]["elements"][0]["text"] if len(blocks) > 1 and blocks[1]["type"] == "context" else None


@pytest.mark.parametrize(("text", "said", "context_line", "talk"), [
    # a yes/no question about a detail no summary has, of a topic one talk covers: said, then that topic's evidence
    ("does the treehouse have a fireplace?", "The summaries don't mention *fireplace*.",
     "What they say about *treehouse*:", "bau-eines-luxurioesen-ganzjaehrig-nutzbaren-baumhauses"),
    ("wurde die Wendeltreppe verleimt?", "Die Zusammenfassungen erwähnen *verleimt* nicht.",
     "Was sie zu *Wendeltreppe* sagen:", "bau-eines-luxurioesen-ganzjaehrig-nutzbaren-baumhauses"),
    # two names no talk holds together: FlyDSL is AMD's, Intel GPUs are the oneAPI talk's (the German question's
    # talk is found first by its name, so the detail is named alone; that talk's evidence follows either way)
    ("läuft FlyDSL auch auf Intel-GPUs?", "Die Zusammenfassungen erwähnen *Intel-GPUs* nicht.",
     "Was sie zu *FlyDSL* sagen:", "integration-von-flydsl-kerneln-in-jax-fuer-amd-gpus"),
    ("does the oneAPI backend also support AMD GPUs?", "The summaries don't mention *AMD*.",
     "What they say about *oneAPI GPUs*:", "integration-des-oneapi-backends-in-den-xla-compiler"),
    # a name absent from the summaries, asked about a talk they have: its points follow
    ("läuft Kinetic auch mit Terraform?", "Die Zusammenfassungen erwähnen *Terraform* nicht.",
     "Was sie zu *Kinetic* sagen:", "kinetic-ueberbrueckung-von-lokalen-laptop-umgebungen"),
])
async def test_a_partly_covered_question_says_what_is_missing_then_shows_what_is_there(
        store: Store, text: str, said: str, context_line: str, talk: str) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False and heading(reply) == said and covered_part(reply) == context_line, text
    assert shown["lang"] == ("en" if said.startswith("The") else "de")
    assert shown["hits"] and all(hit["talk_id"].startswith(talk[:20]) for hit in shown["hits"]), text


@pytest.mark.parametrize(("text", "line"), [
    # yes/no questions the summaries answer: more of their words are there than a topic's ("replace" is a word the
    # word list lacks, 000:628 says "Ersetzung"), or their names are in one talk
    ("did the NC machines replace skilled workers?", 628),
    ("haben die NC-Maschinen Fachkräfte ersetzt?", 628),
    ("does Qwen Image run the VAE on the TPU?", 416),
    ("läuft der VAE von Qwen Image auf den TPUs?", 416),
    ("does the oneAPI backend support multi-GPU training?", 268),
    ("unterstützt das oneAPI-Backend Multi-GPU-Training?", 268),
    # an absent -ing form after an article is a verb's, not the asked thing: "a running job"
    ("can Kinetic attach to a running job?", 73),
    # a passive's participle ends no name: "parts prefabricated" is what was done to the parts (000:600, Vorfertigung)
    ("were the parts prefabricated in the workshop?", 600),
    ("wurden die Bauteile in der Werkstatt vorgefertigt?", 600),
])
async def test_a_yes_no_question_the_summaries_answer_is_answered(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)  # answered, with the point that answers it (which leads is ranking's business)
    assert body(reply)["covered"] is True, text
    assert (MAIN, line) in {(h["source"]["file"], h["source"]["line"]) for h in body(reply)["hits"]}, text


@pytest.mark.parametrize(("text", "said"), [
    # a word general English and German hardly use, in no summary, names the asked thing also in lower case
    ("can kinetic run jobs on preemptible vms", "The summaries don't mention *preemptible vms*."),
    ("did anyone cover mamba or state space models", "The summaries don't mention *mamba*."),
    ("sind die stufen der wendeltreppe mit zapfenverbindungen befestigt?",
     "Die Zusammenfassungen erwähnen *zapfenverbindungen* nicht."),
    # (blech is a noun no summary has either: both are said)
    ("was für ein dach hat das baumhaus, schindeln oder blech?",
     "Die Zusammenfassungen erwähnen *schindeln, blech* nicht."),
    # a hyphenated term whose words the summaries have apart (Quantisierung, aware), one of them rare in the language
    ("does tunix support quantization-aware training?", "The summaries don't mention *quantization-aware*."),
    ("gibts was zu quantization-aware training", "Die Zusammenfassungen erwähnen *quantization-aware* nicht."),
    # last in a lower-case German question, a word the tagger reads as no German word is a name, not its verb
    ("gabs im maxtext post-training teil auch simpo", "Die Zusammenfassungen erwähnen *simpo* nicht."),
])
async def test_a_rare_term_in_no_summary_is_not_covered_in_any_case(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "line"), [
    # a slip in typing a common word is no term: "wacth", "sumarize"; nor a known word mistyped ("finetunning")
    ("sumarize the rice university talk on DiT sharding", 96),
    ("how does tunix do lora finetunning?", 382),
    # an inflection of a common word: "compacting" (compact), answered by 000:603's Verdichtung des Waldbodens
    ("how did they avoid compacting the forest floor at the treehouse?", 603),
    # a German compound of words the summaries have (frostgehobenen, Wurzelschäden): the vlog's sauna foundation
    ("welches video lohnt sich zum thema frostschäden am fundament", 575),
    # a lower-case word of a German question that capitalises its nouns is its verb or adjective
    ("wie wird Qwen-Image auf der TPU v6e-8 gesharded?", 417),
    ("warum laufen kinetic-jobs weiter, wenn ich den laptop zuklappe?", 73),
    # a hyphenated phrase of common words is no term ("state-of-the-art"): FlyDSL's Fusionslogik (000:242)
    ("what is the state-of-the-art for kernel fusion?", 242),
])
async def test_a_rare_looking_word_of_an_answerable_question_is_no_refusal(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is True and "mention" not in heading(reply) and "erwähnen" not in heading(reply), text
    assert (MAIN, line) in {(hit["source"]["file"], hit["source"]["line"]) for hit in shown["hits"]}, text


@pytest.mark.parametrize(("text", "said", "talk"), [
    # a German compound no summary writes, whose corpus words no talk holds together: the search would answer a part
    ("mit welcher Bildrate erzeugt Qwen Image Videos?", "Die Zusammenfassungen erwähnen *Bildrate* nicht.",
     "qwen-image-implementierung"),
    ("unterstützt Tunix Gradientenakkumulation?", "Die Zusammenfassungen erwähnen *Gradientenakkumulation* nicht.",
     "tunix-post-training"),
    # a noun that is only the end of a corpus word ("transpa|renten") is in no summary
    ("ging es im NC-Vortrag um Renten?", "Die Zusammenfassungen erwähnen *Renten* nicht.", "wandel-des-zerspanungs"),
    # a yes/no question's noun the summaries have, never with its topic: the sauna is the vlog's (Saunafundament)
    ("does the treehouse have a sauna?", "The summaries don't mention *sauna* together with *treehouse*.",
     "bau-eines-luxurioesen"),
])
async def test_a_detail_the_topics_talk_lacks_is_not_covered_and_the_topic_is_shown(
        store: Store, text: str, said: str, talk: str) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False and heading(reply) == said, text
    assert shown["hits"] and shown["hits"][0]["talk_id"].startswith(talk), text


@pytest.mark.parametrize(("text", "line"), [
    # a compound whose corpus words one talk holds (Lohnvergleich, Entwicklung): the NC talk's apprenticeship point
    ("kannst du den Vortrag über die Lohnentwicklung von Maschinisten kurz zusammenfassen?", 625),
    # yes/no questions whose nouns the topic's talk holds
    ("does the treehouse have a suspension bridge?", 607),
    ("does the sauna have a foundation?", 575),
    ("does the XLA compiler have a frontend?", 491),
])
async def test_a_detail_the_topics_talk_holds_is_answered(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is True, text
    assert (MAIN, line) in {(hit["source"]["file"], hit["source"]["line"]) for hit in shown["hits"]}, text


@pytest.mark.parametrize(("text", "said"), [
    # typed in lower case and without a question mark: the finite verb first still asks yes or no, and the article or
    # preposition before an absent word says it is the noun asked about (no summary has gui, linux, lizenz, price)
    ("hat tunix auch eine gui", "Die Zusammenfassungen erwähnen *gui* nicht."),
    ("läuft pallas auch unter linux", "Die Zusammenfassungen erwähnen *linux* nicht."),
    # not only a yes/no question: a search for an absent detail of one talk's topic
    ("unter welcher lizenz steht flydsl", "Die Zusammenfassungen erwähnen *lizenz* nicht."),
    ("whats the price of a tpu pod", "The summaries don't mention *price*."),
])
async def test_an_absent_detail_typed_in_lower_case_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize("text", [
    # a lower-case word ending in -en or -t after no article is a verb, not an absent detail: answered
    "was mussten die am code für XLA fixen?",
])
async def test_a_verb_at_the_end_of_a_search_is_no_absent_detail(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text


@pytest.mark.parametrize(("text", "said"), [
    # "does X VERB Y": X is the subject, the verb follows; the absent term is Y alone, not "X VERB Y"
    ("does kinetic support dataloaders", "The summaries don't mention *dataloaders*."),
    ("does tunix use megabatching", "The summaries don't mention *megabatching*."),
])
async def test_after_do_the_subject_and_its_verb_are_no_part_of_the_absent_name(store: Store, text: str,
                                                                                said: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == said, text


@pytest.mark.parametrize(("text", "said", "context_line"), [
    # typed in lower case, the tagger tells the noun asked about (no summary has betriebssystem, slurm) from the
    # verb (braucht, läuft), and the name that is the topic (tunix, kinetic) from both
    ("welches betriebssystem braucht tunix", "Die Zusammenfassungen erwähnen *betriebssystem* nicht.",
     "Was sie zu *tunix* sagen:"),
    ("mit welchem betriebssystem läuft kinetic", "Die Zusammenfassungen erwähnen *betriebssystem* nicht.",
     "Was sie zu *kinetic* sagen:"),
])
async def test_a_lower_case_german_noun_no_summary_has_is_not_covered(store: Store, text: str, said: str,
                                                                      context_line: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == said and covered_part(reply) == context_line, text


async def test_an_absent_lower_case_noun_in_a_request_for_a_talk_to_watch_is_not_refused(store: Store) -> None:
    # a talk to watch is described in the asker's words: "nässe" is the treehouse's "Regenwasser" (000:602)
    reply = await ask(store, "welchen vortrag soll ich schauen um holz ohne chemie vor nässe zu schützen")
    assert body(reply)["covered"] is True
    assert body(reply)["hits"][0]["talk_id"].startswith("bau-eines-luxurioesen-ganzjaehrig-nutzbaren-baumhauses")


@pytest.mark.parametrize("text", [
    # a lower-case noun no summary has is a slip of one it has ("shuttel": Shuttle, 000:517), or a compound of two
    # of its words: not an absent detail
    "wie viele zustände hat das shuttel beispiel bei casadi",
])
async def test_a_lower_case_noun_typed_with_a_slip_is_no_absent_detail(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text


@pytest.mark.parametrize(("text", "line"), [
    # the asked name is the asker's wording when one key point holds the rest of the question: "hourly wage" is the
    # Lohnvergleich of NC operators in 1981, "sandbox envs" the Sandbox-Umgebungen agentic RL needs, "prefab" the
    # workshop's Vorab-Fertigung of the treehouse's parts, "llama versions" the recipe's Llama 3/3.1
    ("hourly wage of nc operaters in 1981", 630),
    ("how many sandbox envs does agentic rl need at once", 301),
    ("how many parts did they prefab in the workshop for the treehouse?", 600),
    ("which llama versions was the mxfp4 recipe tested on", 349),
    ("why do sparse workloads like mixture of experts need custom kernels?", 126),
    # the problems of a topic are an aspect of it; "still" only says they are open
    ("what scaling problems are still open for tinix", 310),
    # a number typed apart from a name is no version of it: "TPU für 50 Schritte" counts steps
    ("wie viele Sekunden braucht Qwen-Image auf der TPU für 50 Schritte?", 419),
])
async def test_a_question_that_restates_a_key_point_in_other_words_is_answered(store: Store, text: str,
                                                                               line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert (MAIN, line) in {(h["source"]["file"], h["source"]["line"]) for h in body(reply)["hits"]}, text


@pytest.mark.parametrize(("text", "said"), [
    # one thing asked about besides the absent detail restates no point: the ARC Pro B70 has no Taktfrequenz
    ("wie hoch is die taktfrequenz von der arc pro b70", "Die Zusammenfassungen erwähnen *taktfrequenz* nicht."),
    # what is asked beside the absent name is no context it restates
    ("did anyone cover mamba or state space models", "The summaries don't mention *mamba*."),
])
async def test_an_absent_detail_of_one_topic_is_still_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # what an English "how many" question counts, in no summary: not covered, the rest of the question shown next
    ("how many queens lived in the underground beehives?", "The summaries don't mention *queens*."),
    ("how many qubits can jax quantum simulate", "The summaries don't mention *qubits*."),
    # two words and the auxiliary: the second is the compound's head, what is counted (the vlog's bees, no colonies)
    ("how many bee colonies does the vlogger keep", "The summaries don't mention *colonies*."),
    # an absent noun after a preposition, or after a do-question's subject and its verb, is what it asks about
    ("how is the treehouse protected against lightning", "The summaries don't mention *lightning*."),
    ("did the NC machining talk say anything about pensions?", "The summaries don't mention *pensions*."),
    ("how does Kinetic manage secrets?", "The summaries don't mention *secrets*."),
])
async def test_an_absent_english_detail_of_a_covered_topic_is_not_covered(store: Store, text: str,
                                                                          said: str) -> None:
    reply = await ask(store, text)
    assert_said_not_covered(reply, said, text)
    assert body(reply)["hits"], text  # the points about the topic the question does name


@pytest.mark.parametrize(("text", "line"), [
    ("how does the casadi demo deal with the weather", 517),  # "deal" is the verb, "with" its preposition
    ("what does the pjrt api standardize", 486),  # what asks for what the verb is done to
    ("why doesn't identical sharding give the same latency?", 97),  # "same" is no noun
])
async def test_an_absent_english_verb_or_adjective_is_no_absent_detail(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert (MAIN, line) in {(h["source"]["file"], h["source"]["line"]) for h in body(reply)["hits"]}, text


@pytest.mark.parametrize(("text", "said"), [
    # absent words before a thing the summaries know name an unknown kind of it, also before two words they hold
    # together ("precision training"), at the question's end without an auxiliary, or before an aspect noun
    ("is mixed precision training covered anywhere?", "The summaries don't mention *mixed precision training*."),
    ("tell me about sliding window attention", "The summaries don't mention *sliding window attention*."),
    ("can casadi do mixed integer problems", "The summaries don't mention *mixed integer problems*."),
])
async def test_an_unknown_kind_of_a_known_thing_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_an_infinitive_before_a_known_thing_is_no_unknown_kind(store: Store) -> None:
    # "to put neural networks": a verb and what it is done to (000:509's talk embeds neural networks in CasADi)
    reply = await ask(store, "which video explains how to put neural networks into CasADi?")
    assert body(reply)["covered"] is True
    assert body(reply)["hits"][0]["talk_id"].startswith("einbettung-trainierter-neuronaler-netze")


async def test_what_a_how_much_question_asks_of_a_topic_no_talk_holds_with_it_is_not_covered(store: Store) -> None:
    # Kosten are in the vLLM talk (000:442), never in the treehouse's: "how much did …" names no thing it measures
    reply = await ask(store, "how much did the treehouse cost")
    assert_said_not_covered(reply, "The summaries don't mention *cost* together with *treehouse*.", "cost")
    assert body(reply)["hits"][0]["talk_id"].startswith("bau-eines-luxurioesen")


@pytest.mark.parametrize("text", [
    "how much did the math 500 score go up",
    "how much did the math 500 score go up in the maxtext pathways talk",
])
async def test_a_how_much_questions_noun_of_the_measured_quantity_is_no_thing_apart(store: Store, text: str) -> None:
    # a benchmark's "score" is the number a point gives of it (167's Math 500-Benchmark von 25 % auf 34 %), no thing
    # no talk holds with Math 500
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 167), text


@pytest.mark.parametrize(("text", "said"), [
    # what a thing cost asks how much; German asks with the verb, held as its infinitive (the vLLM talk's Kosten)
    ("was hat das baumhaus am ende gekostet", "Die Zusammenfassungen erwähnen *gekostet* nicht im Zusammenhang mit "
                                              "*baumhaus*."),
    ("wie viel hat das Baumhaus gekostet?", "Die Zusammenfassungen erwähnen *gekostet* nicht im Zusammenhang mit "
                                            "*Baumhaus*."),
    ("what did the treehouse cost", "The summaries don't mention *cost* together with *treehouse*."),
])
async def test_what_a_thing_cost_of_a_topic_no_talk_holds_with_it_is_not_covered(store: Store, text: str,
                                                                                   said: str) -> None:
    reply = await ask(store, text)
    assert_said_not_covered(reply, said, text)
    assert body(reply)["hits"][0]["talk_id"].startswith("bau-eines-luxurioesen"), text


async def test_a_how_much_question_whose_words_one_talk_holds_is_answered(store: Store) -> None:
    reply = await ask(store, "how much did qwen 3 30b improve on math 500")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 167)


async def test_an_absent_ing_noun_after_a_known_word_is_an_unknown_kind(store: Store) -> None:
    # after does/did the verb has its plain form: "early stopping" is a kind of stopping the Tunix talk never names
    assert_said_not_covered(await ask(store, "does tunix have early stopping"),
                            "The summaries don't mention *early stopping*.", "early stopping")


@pytest.mark.parametrize(("text", "line"), [
    # a colloquial German contraction of preposition and article ("fürn" = für den) frames the noun after it
    ("was für holz nimmt er fürn zaun", 576),
    # a number counts the thing, it names no kind of it: "two tree screws" are tree screws
    ("how far do the two tree screws go into the wood", 604),
    # the infinitive a German modal verb governs ends the question: what is done, not an absent thing
    ("muss man bei flydsl die fusionen explizit anstoßen", 242),
    ("soll man bei tunix mit sft anfangen", 382),
])
async def test_a_contraction_a_number_or_a_modals_infinitive_is_no_absent_word(store: Store, text: str,
                                                                                line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # a glossary name (Triton) before a thing of two words the corpus never writes near each other (Inferenz,
    # Server): the name of another thing, not Triton's inference server
    "is the triton inference server mentioned",
    "was triton inference server part of any talk",
])
async def test_a_name_before_a_thing_of_words_never_side_by_side_is_not_covered(store: Store, text: str) -> None:
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *triton inference server*.", text)


@pytest.mark.parametrize(("text", "line"), [
    # a name and its talk's thing of two words: one talk holds them all
    ("is the tinix rollout orchestrator covered anywhere", 304),
    ("is the xla compiler pipeline explained", 265),
])
async def test_a_name_before_its_talks_thing_is_answered(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # "learning" after a question word or an article and before a noun is a name's first word, not the verb of
    # "for learning Pallas": the summaries have Lernen and Rate, never a learning rate
    "which learning rate was used in the tunix sft example",
    "the learning rate of the grpo run",
])
async def test_learning_opening_a_name_is_a_word_of_it(store: Store, text: str) -> None:
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *learning rate*.", text)


@pytest.mark.parametrize(("text", "said"), [
    # a rare German adjective no summary has before a corpus noun at the question's end names a kind of it ...
    ("was sagt der Tunix-Vortrag zur stochastischen Optimierung?",
     "Die Zusammenfassungen erwähnen *stochastischen Optimierung* nicht."),
])
async def test_a_rare_german_adjective_at_the_end_names_a_kind(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_common_german_adjective_at_the_end_says_how_much(store: Store) -> None:
    # ... a common one says how much of it, in words the summaries put otherwise (000:350: "vollständige Rezept")
    reply = await ask(store, "wie viel bringt MXFP4 beim kompletten Rezept?")
    assert body(reply)["covered"] is True


@pytest.mark.parametrize(("text", "said"), [
    # an absent German participle before a corpus noun names a kind of it: the summaries have Präzision, never mixed
    ("gab es einen Vortrag über Inferenz mit gemischter Präzision auf TPUs?",
     "Die Zusammenfassungen erwähnen *gemischter Präzision* nicht."),
])
async def test_an_absent_german_participle_before_a_noun_names_a_kind(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_participle_of_a_corpus_verb_before_a_noun_is_answered(store: Store) -> None:
    reply = await ask(store, "und wieviel schneller war der portierte Kernel?")  # Portierung: max_evol's speed-up
    assert body(reply)["covered"] is True


@pytest.mark.parametrize(("text", "said", "line"), [
    # typed in lower case, a German hyphenated compound is still a noun and a name: Kernel and Cache never side by
    # side ...
    ("was macht der kernel-cache bei jaxator", "Die Zusammenfassungen erwähnen *kernel-cache* nicht.", None),
    # ... 2D-Mesh-Sharding and Kernel-Fusionen are the summaries' own
    ("wie läuft das 2d-mesh-sharding bei qwen image", None, 417),
    ("was bringt die kernel-fusion bei flydsl", None, 242),
])
async def test_a_lower_case_german_hyphenated_compound_is_a_name(store: Store, text: str, said: str | None,
                                                                 line: int | None) -> None:
    reply = await ask(store, text)
    if said is not None:
        assert_said_not_covered(reply, said, text)
    else:
        assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


async def test_an_absent_noun_after_are_there_is_an_absent_detail(store: Store) -> None:
    # "through" and "across" are prepositions, no part of the topic (the CasADi video), and "there" after are/is
    # stands before the noun asked about: the summaries have no homework
    text = "are there homeworks to work through across the casadi video"
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *homeworks*.", text)


@pytest.mark.parametrize(("text", "said"), [
    # an English yes/no question in the passive asks about what was done to its subject: no summary varnishes or
    # paints (the topic's point is shown after the reply)
    ("was the spiral staircase varnished?", "The summaries don't mention *varnished*."),
    ("was the torii gate painted", "The summaries don't mention *painted*."),
])
async def test_an_absent_participle_of_a_passive_yes_no_question_is_not_covered(store: Store, text: str,
                                                                                 said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_participle_the_summaries_have_in_a_passive_question_is_answered(store: Store) -> None:
    reply = await ask(store, "were the parts prefabricated in the workshop?")  # 000:600's Vorab-Fertigung
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 600)


async def test_a_name_of_several_words_counts_once_among_the_other_words(store: Store) -> None:
    # "arc pro b70" is one thing, so the question's other words are few: "fan speed" is an unknown kind of speed
    text = "whats the fan speed of the arc pro b70"
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *fan speed*.", text)


@pytest.mark.parametrize(("text", "line"), [
    # a do-question's name, its verb, then the thing it asks about: that thing is a name of its own
    ("does Tunix offer gradient accumulation", None),  # Gradienten and FP32-Akkumulation (Pallas'), never together
    ("does Kinetic support hyperparameter sweeps", 74),
    ("does Kinetic support multi host tpus", 76),
])
async def test_the_thing_after_a_do_questions_name_and_verb_is_a_name(store: Store, text: str,
                                                                      line: int | None) -> None:
    reply = await ask(store, text)
    if line is None:
        assert_said_not_covered(reply, "The summaries don't mention *gradient accumulation*.", text)
    else:
        assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


async def test_a_name_and_common_words_in_one_hyphenated_word_name_its_parts(store: Store) -> None:
    # "MLP-Schichten" are the MLP's layers: 000:350's MLP-only recipe answers, no refusal for the layers
    reply = await ask(store, "wie viel bringen die MLP-Schichten mit MXFP4?")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 350)


@pytest.mark.parametrize("text", ["which talk should i watch about moe inference faster on amd",
                                  "which talk should i watch about making moe inference faster on amd"])
async def test_how_much_of_a_thing_is_no_word_of_its_name(store: Store, text: str) -> None:
    # "faster" says how much, like a count: the name is "moe inference" (000:228's FlyDSL talk, MoE-Inferenz)
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 228), text


@pytest.mark.parametrize(("text", "line"), [
    ("what did they stress test jaxator with in the second case study", 349),  # Zweite Fallstudie (MXFP4)
    ("what share of the configs make it to the exact second stage", 100),  # die zweite Stufe: 15 % remain
])
async def test_an_ordinal_before_a_name_says_which_one_and_is_no_word_of_it(store: Store, text: str,
                                                                           line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


async def test_three_words_after_did_are_a_subject_its_verb_and_its_object(store: Store) -> None:
    # "microprocessors turn nc": no name of three words, nothing missing (000:629, Mikroprozessoren, 1970s)
    reply = await ask(store, "roughly what decade did microprocessors turn nc into cnc")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 629)


@pytest.mark.parametrize(("text", "said", "context_line", "talk"), [
    # a corpus name the talk the question names never holds: AWS is the AWS Neuron talk's, GRPO the RL talks',
    # never Kinetic's or max_evol's; the reply names the detail alone, then what the talk says
    ("läuft Kinetic auch auf AWS?", "Die Zusammenfassungen erwähnen *AWS* nicht.", "Was sie zu *Kinetic* sagen:",
     "kinetic-ueberbrueckung-von-lokalen-laptop-umgebungen"),
    ("does Kinetic support XPK?", "The summaries don't mention *XPK*.", "What they say about *Kinetic*:",
     "kinetic-ueberbrueckung-von-lokalen-laptop-umgebungen"),
    ("hat max_evol GRPO verwendet?", "Die Zusammenfassungen erwähnen *GRPO* nicht.", "Was sie zu *max_evol* sagen:",
     "max-evol"),
    ("did max_evol use grpo", "The summaries don't mention *grpo*.", "What they say about *max_evol*:", "max-evol"),
])
async def test_a_name_only_another_talk_holds_is_not_covered_for_the_named_talk(
        store: Store, text: str, said: str, context_line: str, talk: str) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False and heading(reply) == said and covered_part(reply) == context_line, text
    assert shown["lang"] == ("en" if said.startswith("The") else "de")
    assert shown["hits"] and all(hit["talk_id"].startswith(talk) for hit in shown["hits"]), text


@pytest.mark.parametrize(("text", "line"), [
    # the named talk holds the name (max_evol validates with Pytest, Kinetic runs on GKE): answered; in English
    # by 71's "Ausführung auf GKE" (code run on a machine is executed there)
    ("does max_evol use pytest", 133),
    ("nutzt max_evol pytest?", 133),
    ("does kinetic run on gke", 71),
    ("läuft kinetic auf gke", 69),
])
async def test_a_name_the_named_talk_holds_is_answered(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


async def test_a_german_compound_no_name_of_the_corpus_is_said_in_the_talks_words(store: Store) -> None:
    # "Speicherzugriffe" is another talk's word, no name: Pallas' 0:17 point says "Zugriffsmuster" on Scalar Memory
    reply = await ask(store, "kann man mit palas auch so unregelmäßige speicherzugriffe machen, wo man erst beim "
                             "laufen weiß wohin")
    assert body(reply)["covered"] is True and first(reply)[1] == 9, reply


@pytest.mark.parametrize(("text", "said", "talk"), [
    # an absent word right before the last word of a name is a kind of that thing the talk never names: the Michigan
    # study has joins, no hash joins; JAX Quantum has codes (bosonische Codes), no surface codes
    ("does the michigan study use hash joins?", "The summaries don't mention *hash joins*.",
     "nutzung-von-tpus-fuer-relationale"),
    ("nutzt die michigan studie hash joins?", "Die Zusammenfassungen erwähnen *hash joins* nicht.",
     "nutzung-von-tpus-fuer-relationale"),
    ("does jax quantum support surface codes?", "The summaries don't mention *surface codes*.", None),
    ("kann jax quantum auch surface codes oder nur das bosonische zeug",
     "Die Zusammenfassungen erwähnen *surface codes* nicht.", "jax-quantum"),
])
async def test_an_absent_kind_of_a_thing_the_talk_has_is_not_covered(store: Store, text: str, said: str,
                                                                     talk: str | None) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False and heading(reply) == said, text
    assert shown["lang"] == ("en" if said.startswith("The") else "de")
    if talk is not None:
        assert shown["hits"] and all(hit["talk_id"].startswith(talk) for hit in shown["hits"]), text


@pytest.mark.parametrize(("text", "line"), [
    # the word after the absent one goes on into a name, a plural is a noun of its own, an -ing form a verb's:
    # no kind of the next word
    ("did the NC machines replace skilled workers?", 628),
    ("did the michigan tpu database folks run their stuff in colab", 13),
    ("can Kinetic attach to a running job?", 73),
])
async def test_an_absent_word_before_a_corpus_word_that_names_no_kind_is_answered(store: Store, text: str,
                                                                                  line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert (MAIN, line) in {(h["source"]["file"], h["source"]["line"]) for h in body(reply)["hits"]}, text


@pytest.mark.parametrize(("text", "said", "talk"), [
    # an English yes/no question ends in what its verb is done to: the last asked word, no summary's (no Sora in the
    # DiT talk, no curriculum in the Tunix talks), is the absent detail, its talk the evidence shown
    ("did the dit placement speaker mention sora at all", "The summaries don't mention *sora*.",
     "sharding-und-die-platzierung"),
    ("did the tunix folks try curriculum learning", "The summaries don't mention *curriculum*.", "tunix-"),
])
async def test_an_absent_last_word_of_an_english_yes_no_question_is_not_covered(store: Store, text: str, said: str,
                                                                               talk: str) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False and heading(reply) == said, text
    assert shown["hits"] and shown["hits"][0]["talk_id"].startswith(talk), text


async def test_an_absent_last_word_of_a_question_that_restates_a_point_is_answered(store: Store) -> None:
    # "contest" is the asker's word for 000:578's ATV-Wettbewerb: the team, the win and ATV are in that point
    reply = await ask(store, "did his team actually win that atv contest")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 578)


@pytest.mark.parametrize(("text", "said"), [
    # German puts how a thing was done right before the verb it ends in: "rot", "Lack" are other talks' words, the
    # vlog's Torii (000:577) is neither painted red nor varnished
    ("hat er das torii tor rot angemalt", "Die Zusammenfassungen erwähnen *rot angemalt* nicht."),
    ("wurde das torii tor mit lack gestrichen", "Die Zusammenfassungen erwähnen *lack gestrichen* nicht."),
])
async def test_how_an_absent_final_participle_was_done_is_part_of_the_detail(store: Store, text: str,
                                                                             said: str) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False and heading(reply) == said, text
    assert first(reply) == (MAIN, 577), text


@pytest.mark.parametrize(("text", "said", "talk"), [
    # a German question that starts with a strong verb's past (no -t) asks whether, as "hat …", "gibt es …" do: the
    # name the named talk never holds is the absent detail (MXFP4 is the AITER talk's, XPK the RL talk's)
    ("kam im intel oneapi vortrag mxfp4 vor", "Die Zusammenfassungen erwähnen *mxfp4* nicht.",
     "integration-des-oneapi"),
    ("kam im kinetic vortrag xpk vor", "Die Zusammenfassungen erwähnen *xpk* nicht.", "kinetic-"),
])
async def test_a_german_question_opened_by_a_strong_verb_asks_whether(store: Store, text: str, said: str,
                                                                      talk: str) -> None:
    reply = await ask(store, text)
    shown = body(reply)
    assert shown["covered"] is False and heading(reply) == said, text
    assert shown["hits"] and all(hit["talk_id"].startswith(talk) for hit in shown["hits"]), text


@pytest.mark.parametrize(("text", "said", "line"), [
    # what/which and a noun, then of or the auxiliary, ask which one of it: the vlog names no brand, no camera
    ("what brand of chainsaw does he use for the torii", "The summaries don't mention *brand*.", 577),
    ("what camera does the bee vlogger film with", "The summaries don't mention *camera*.", 573),
])
async def test_an_absent_noun_after_what_is_the_asked_detail(store: Store, text: str, said: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == said, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    # "what kind of wood" asks about the wood (000:602's Lärchenholz), not about a kind; hardware is a word the
    # summaries hold (Hardware)
    ("what kind of wood was the treehouse made of", 602),
    ("what hardware does kinetic run on", 70),
])
async def test_what_before_a_kind_word_or_a_covered_noun_is_answered(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "lines"), [
    # a lower-case German verb before a clause of its own ends its main clause, as a last word does: the verb, not a
    # thing asked about (000:73, Schließen des Laptops)
    ("darf ich bei kinetic den laptop zuklappen wenn der job noch läuft", {73}),
    # a why question's absent word is the asker's when one key point holds the rest of it (its verb aside): the
    # treehouse's Lärchenbohlen / Lärchenholz-Dielen laid Kernseite nach oben (000:549, 000:602)
    ("warum legt man die lärchenbretter beim baumhaus mit der kernseite nach oben", {549, 602}),
])
async def test_a_paraphrasing_word_of_a_covered_question_is_no_refusal(store: Store, text: str,
                                                                       lines: set[int]) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and "erwähnen" not in heading(reply), text
    file, line = first(reply)
    assert file == MAIN and line in lines, text


async def test_spoken_germans_ham_opens_a_yes_no_question(store: Store) -> None:
    # "ham" is spoken German's "haben": the question asks whether, and the participle it ends in is the absent
    # detail of the NC talk, not a search that answers its machinists
    reply = await ask(store, "ham die maschinisten damals gegen die nc maschinen gestreikt")
    assert body(reply)["covered"] is False, heading(reply)
    assert "*gestreikt*" in heading(reply) and "NC" not in heading(reply)


@pytest.mark.parametrize(("turns", "text", "thread_ts"), [
    # a verb that takes an -ing object starts no name with it: "avoid downloading" is what the data API does
    # (000:72's SHA-256 caching), not an unknown kind of download as "early stopping" is an unknown kind of stop
    (("tell me about kinetic's data api",), "how does it avoid downloading files again", "80.1"),
    ((), "how does the kinetic data api avoid downloading things twice", "80.2"),
])
async def test_an_ing_word_after_a_verb_taking_one_is_no_absent_name(store: Store, state: BotState,
                                                                    turns: tuple[str, ...], text: str,
                                                                    thread_ts: str) -> None:
    for turn in turns:
        await mentions.answer(store, f"<@UBOT> {turn}", state=state, channel="CQ", thread_ts=thread_ts)
    reply = await mentions.answer(store, f"<@UBOT> {text}", state=state, channel="CQ", thread_ts=thread_ts)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 72), text


@pytest.mark.parametrize(("text", "said"), [
    # "lohnt sich X" weighs X itself: a thing no summary has (no Gründach, no Solaranlage), typed in lower case, is
    # not covered, not the talk that only shares the rest (the vlog's sauna, max_evol's "Dach")
    ("lohnt sich ein gründach auf der sauna", "Die Zusammenfassungen erwähnen *gründach* nicht."),
    ("lohnt sich ne solaranlage aufm dach", "Die Zusammenfassungen erwähnen *solaranlage* nicht."),
])
async def test_a_thing_weighed_for_its_worth_that_no_summary_has_is_not_covered(store: Store, text: str,
                                                                                 said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "talk"), [
    # a talk weighed, or what a talk is worth watching for ("für Anfänger"), is still a talk to watch
    ("lohnt sich der Kinetic-Vortrag?", "kinetic"),
    ("lohnt sich der Vortrag über die Bienen für Anfänger?", "saisonales-update"),
])
async def test_a_talk_weighed_for_its_worth_is_recommended(store: Store, text: str, talk: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["hits"][0]["talk_id"].startswith(talk), text


@pytest.mark.parametrize("text", [
    # a run after a placing preposition that starts with a talk's own name is where the question is asked: the
    # treehouse talk's soil-friendly logistics (000:550), not "the summaries don't mention treehouse build"
    "why no heavy machinery at the treehouse build",
    "why did they skip heavy machinery during the treehouse build",
])
async def test_a_talk_named_after_a_placing_preposition_is_the_setting(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 550), text
    assert "Kettenfahrzeuge" in body(reply)["message"]["text"], text


@pytest.mark.parametrize(("text", "said"), [
    # a talk's name typed as one word ("max_evol") or as a phrase the word list translates as one ("crash course":
    # Crashkurs) is one topic word, and "on top of" frames the name after it: the absent name is the asked detail
    ("does the xla crash course have anything on macos support", "The summaries don't mention *macos*."),
    ("is max_evol made on top of claude or another llm", "The summaries don't mention *claude*."),
])
async def test_a_talks_name_is_one_topic_word(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # "jax quantum" names its talk: the point holding the other words must say them itself (000:37 benchmarks, only
    # the title's Simulationen simulate), so the question restates no point and its absent counted thing is the gap
    ("how many photons were simulated for the jax quantum benchmarks", "The summaries don't mention *photons*."),
])
async def test_a_talks_name_restates_no_point_for_the_question(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_point_that_says_the_rest_itself_is_restated_with_the_talks_name(store: Store) -> None:
    # the Q array is 000:36's own word: named with its talk, the question asks what that point says
    text = "wat macht dieses q array bei jax quantum"
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 36), text


async def test_whos_is_no_possessive(store: Store) -> None:
    # "who's" is "who is": the word after it is no noun asked about, and a preposition before "it" is no object
    # (the question has few topic words once "qwen-image" counts as one, so "behind" must not be taken as its detail)
    text = "is qwen-image open source and who's behind it"
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 412), text


async def test_an_absent_adjective_before_its_noun_is_no_asked_term(store: Store) -> None:
    # typed in lower case, "lahmen" (no summary's word) stands between the article and its noun: it says what the
    # memory accesses are like, so the vLLM talk is searched, not "the summaries don't mention lahmen"
    reply = await ask(store, "wie umgehen die bei vllm auf tpu die lahmen speicherzugriffe")
    assert body(reply)["covered"] is True
    assert body(reply)["hits"][0]["talk_id"] == "vllm-und-sglang-skalierung-grosser-sprachmodelle"
    # an absent noun after its article still is: the treehouse has no Kamin
    said = "Die Zusammenfassungen erwähnen *kamin* nicht."
    assert_said_not_covered(await ask(store, "hat das baumhaus einen kamin"), said, "kamin")


@pytest.mark.parametrize(("text", "said"), [
    # Ollama is the corpus's Llama with one more letter before it: no slip (typists slip inside a word, seldom on its
    # first letter) but a name no summary has, the detail asked of the covered MaxText/Gemma models
    ("kann ich die gemma modelle auch mit ollama starten", "Die Zusammenfassungen erwähnen *ollama* nicht."),
    ("kann man die maxtext modelle danach mit ollama laufen lassen", "Die Zusammenfassungen erwähnen *ollama* nicht."),
])
async def test_a_name_with_a_letter_before_a_corpus_word_is_no_slip_of_it(store: Store, text: str, said: str) -> None:
    assert not await store.typed_with_a_slip("ollama")
    assert await store.typed_with_a_slip("kinetc")  # a slip inside the word stays one
    assert_said_not_covered(await ask(store, text), said, text)


async def test_corpus_words_run_together_are_there_only_side_by_side(store: Store) -> None:
    # "tensornetzwerke" reads as Tensor|Netzwerke, which the summaries have only apart (000:55 "neuronaler Netze und
    # Tensor-Operationen"): no summary holds it; "erde" (er|de) still is there, as the head Erd- of 000:573's
    # Erdwärme
    assert await store.absent_words("tensornetzwerke") == ("tensornetzwerke",)
    assert await store.absent_words("erde") == ()
    assert_said_not_covered(await ask(store, "nutzt jax quantum auch tensornetzwerke"),
                            "Die Zusammenfassungen erwähnen *tensornetzwerke* nicht.", "tensornetzwerke")
    text = "ham die bienenstöcke unter der erde jetzt schon fünf jahre durchgehalten"
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 573), text


@pytest.mark.parametrize(("text", "said"), [
    # a hyphenated code with a part of one letter names a benchmark, typed in lower case: no summary has TPC-H
    ("did the tpu database study also run tpc-h", "The summaries don't mention *tpc-h*."),
    # its longer part may be another code's: 000:269 validates GPT-2, no summary has GPT-J
    ("was gpt-j one of the models they validated on the oneapi plugin", "The summaries don't mention *gpt-j*."),
])
async def test_an_absent_lettered_code_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # which and an absent noun ask for that one thing: 000:9 holds Michigan, TPUs, Datenbank and Projekt but names
    # no chair, so it restates the rest of the question, not its answer
    ("welcher lehrstuhl in michigan steckt hinter dem tpu datenbank projekt",
     "Die Zusammenfassungen erwähnen *lehrstuhl* nicht."),
])
async def test_an_absent_noun_after_which_is_not_forgiven_by_a_restated_point(store: Store, text: str,
                                                                              said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # "people can sleep": a modal right after the counted ones makes them its subject, and no summary says sleep
    ("how many people can sleep up in that treehouse", "The summaries don't mention *sleep*."),
    # German ends the modal's clause in the verb: no summary says übernachten (no "über|nach|ten" of "zunächst", no
    # slip of "überwachten")
    ("wie viele leute können in dem baumhaus in kärnten übernachten",
     "Die Zusammenfassungen erwähnen *übernachten* nicht."),
])
async def test_an_absent_verb_of_the_counted_ones_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_german_modal_with_a_subject_of_its_own_leaves_the_counted_ones_its_object(store: Store) -> None:
    # "muss man": the runtimes are what one has to deal with, not who does it; 000:351 counts them (zweier Runtimes)
    text = "mit wie vielen runtimes muss man sich bei jaxator rumschlagen"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 351), text


async def test_absent_words_side_by_side_before_a_covered_thing_name_its_kind(store: Store) -> None:
    # "ulysses style" names a kind of the DiT talk's sequence parallelism: no summary says Ulysses
    text = "did the dit placement talk use ulysses style sequence parallelism"
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *ulysses style*.", text)


@pytest.mark.parametrize("text", ["wie geht pallas mit indizes um, die erst zur laufzeit bekannt sind",
                                  "how does pallas deal with indices that are only known at runtime"])
async def test_indices_are_what_the_summaries_index_by(store: Store, text: str) -> None:
    # the Pallas summary writes "dynamische Indexierung" (004:20), never "Indizes": the word list's plural -> index
    reply = await ask(store, text)
    assert body(reply)["covered"] is True
    assert first(reply)[0] == "004_b9033c416a07336f.txt"


@pytest.mark.parametrize(("text", "said"), [
    # "X or something" offers X as the asked detail itself: the torii gate's point (000:577) names no wood, the Qwen
    # Image talk no sampler, however common "cedar" and "euler" are as words
    ("what kind of wood was the torii gate, cedar or something", "The summaries don't mention *cedar*."),
    ("which sampler did the qwen image port use, euler or something", "The summaries don't mention *euler*."),
    ("welchen sampler nutzt der qwen image port, euler oder so", "Die Zusammenfassungen erwähnen *euler* nicht."),
])
async def test_a_hedged_guess_the_summaries_lack_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # English types a compound's nouns apart: a rare word typed as one is a name, not a compound of the summaries'
    # words (elastic|search, server|less), and no summary has it (000:69 is Kinetic's setup, not Elasticsearch's)
    ("how do i set up elasticsearch for our logs", "The summaries don't mention *elasticsearch*."),
    ("can kinetic run its jobs on serverless containers?", "The summaries don't mention *serverless containers*."),
])
async def test_a_rare_english_word_of_two_corpus_words_is_a_name_of_its_own(store: Store, text: str,
                                                                             said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # how much / wie viel asks for an amount in the unit after it: 000:34 holds the dilution refrigerators and JAX
    # Quantum but says "300-mal kälter als der interstellare Raum", no millikelvin
    ("sag mal wie viel millikelvin der verdünnungskühlschrank hat, im jax quantum talk",
     "Die Zusammenfassungen erwähnen *millikelvin* nicht."),
])
async def test_an_absent_unit_after_how_much_is_not_forgiven_by_a_restated_point(store: Store, text: str,
                                                                                said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # an English asker mistypes English words: "fortran" (one letter from German "fortan") names a language no
    # summary has
    ("give me the gist of modern fortran for numerics", "The summaries don't mention *modern fortran*."),
    ("what did they say about fortran", "The summaries don't mention *fortran*."),
])
async def test_a_word_one_slip_from_a_german_word_names_a_thing_in_english(store: Store, text: str,
                                                                          said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # "anything on X in the Y talk" is "is there anything on X in the Y talk?" said short: Ironwood is the vLLM and
    # MaxText talks', never the Pallas file's (004), so a search would answer another talk's Ironwood point (000:453)
    ("anything on ironwood in the pallas talk", "The summaries don't mention *ironwood*."),
])
async def test_anything_on_a_thing_in_a_talk_asks_whether_that_talk_has_it(store: Store, text: str,
                                                                           said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # a crane is no telehandler: 000:606's Teleskoplader answers "telehandler", not "crane", which no summary has
    ("did they use a crane for the treehouse", "The summaries don't mention *crane*."),
])
async def test_a_word_the_word_list_has_no_true_translation_of_is_absent(store: Store, text: str,
                                                                        said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)
    reply = await ask(store, "did they use a telehandler for the treehouse")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 606)


@pytest.mark.parametrize(("text", "said"), [
    # an English yes/no question types its subject right after the auxiliary, then its verb: what is asked is the
    # thing after the verb (no summary has Ray, nor a crane), not "kinetic built" or "treehouse built"
    ("is kinetic built on top of ray", "The summaries don't mention *ray*."),
    ("was the treehouse built with a crane?", "The summaries don't mention *crane*."),
])
async def test_a_yes_no_questions_subject_and_verb_are_no_name(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_lower_case_german_count_of_an_absent_noun_is_not_covered(store: Store) -> None:
    # typed all in lower case, the noun after "wie viele" is still what is counted: no summary has Frauen (000:625
    # says "männerdominiert", no count); a point holding the rest counts what the asker names otherwise (000:133's
    # Stufen for "prüfstufen")
    text = "wie viele frauen gabs unter den maschinisten"
    assert_said_not_covered(await ask(store, text), "Die Zusammenfassungen erwähnen *frauen* nicht.", text)
    text = "wie viele prüfstufen hat die validierungs pipeline bei max_evol"
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 133), text


@pytest.mark.parametrize(("text", "said"), [
    # an article opens a noun phrase: "lunar" (in no summary) names the thing with the words after it, which the
    # oneAPI talk need not hold (Lake is Tinix's Frozen Lake, Laptop Kinetic's); "run" is the subject's verb after
    # would, no word of the topic
    ("would the intel oneapi plugin run on a lunar lake laptop", "The summaries don't mention *lunar lake laptop*."),
])
async def test_an_absent_word_after_an_article_names_the_object_asked_about(store: Store, text: str,
                                                                           said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # with nothing asked besides it, an absent word before a corpus word is no kind of a talk's thing: no summary has
    # lasagne, and Rezept (000:338's MXFP4 recipe) is no topic of the question's
    ("hat wer n gutes lasagne rezept", "Die Zusammenfassungen erwähnen *lasagne* nicht."),
    # a talk's thing it is a kind of stays the kind: 000:5-14's joins, never hash joins
    ("did the michigan tpu db folks try hash joins at all", "The summaries don't mention *hash joins*."),
])
async def test_an_absent_word_before_the_only_asked_corpus_word_is_named_alone(store: Store, text: str,
                                                                              said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # a name typed with a hyphen is one word: a point holding one of its parts (GPT-2's GPT, a max_evol point on
    # Optimierung) and the rest of the question is about that part's thing, not about the name
    ("kann vllm gpt-oss auf tpus ausführen", "Die Zusammenfassungen erwähnen *gpt-oss* nicht."),
    ("does max_evol use bayes-optimization for kernels", "The summaries don't mention *bayes-optimization*."),
])
async def test_a_point_holding_one_part_of_a_hyphenated_name_does_not_restate_it(store: Store, text: str,
                                                                                 said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # Slack types a model's name in lower case: a dotted number after a word is its version, which no summary writes
    # with it (the AITER talk tests Llama 3/3.1; no talk names Wan)
    ("did they test llama 3.3 in the aiter talk", "The summaries don't mention *llama 3.3*."),
    ("hat der dit vortrag wan 2.2 benutzt", "Die Zusammenfassungen erwähnen *wan 2.2* nicht."),
])
async def test_a_dotted_version_after_a_lower_case_name_is_asked_as_its_version(store: Store, text: str,
                                                                                said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # a function word inside a solid word is no word of its own: "permit" is no "per … mit", "transistor" no
    # "trans … is … tor", however close the summaries write those
    ("did the treehouse need a permit", "The summaries don't mention *permit*."),
    ("brauchte das baumhaus ein permit", "Die Zusammenfassungen erwähnen *permit* nicht."),
    ("erklär mal wie ein transistor schaltet", "Die Zusammenfassungen erwähnen *transistor* nicht."),
])
async def test_a_solid_word_is_no_run_of_function_words(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # a yes/no question's object after its verb: the noun a noun phrase ends in is the thing asked about, however
    # many words the summaries have before it ("a [building] tax": the treehouse talk says Bau, no tax)
    ("did they pay a building tax for the treehouse", "The summaries don't mention *tax*."),
    ("did they hire a wood inspector for the treehouse", "The summaries don't mention *inspector*."),
])
async def test_the_noun_that_ends_a_yes_no_questions_object_is_asked_about(store: Store, text: str,
                                                                          said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_who_question_whose_deed_no_summary_says_is_not_covered(store: Store) -> None:
    # the NC video names no speakers and no inventor: its points on NC machines (000:626) say what they are, not who
    # invented them, and no summary has "erfunden"
    text = "wer hat eigentlich die erste nc maschine erfunden"
    assert_said_not_covered(await ask(store, text), "Die Zusammenfassungen erwähnen *erfunden* nicht.", text)
    # a relative clause's participle says which thing is meant: the deed asked is "gebaut", max_evol's agent
    reply = await ask(store, "wer hat den agent gebaut, der bei der block sparse attention so viel rausgeholt hat")
    assert body(reply)["covered"] is True and first(reply)[0] == MAIN
