"""Questions in everyday German words the summaries write otherwise: the word list's German keys
(corpus/lexicon.toml) read them as the summaries' words, so the covered point is answered, not "not covered".
Through the function mentions and DMs call, on the bundled corpus in a real SQLite file; lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import MAIN, ask, body, first, follow_up


@pytest.mark.parametrize(("text", "line"), [
    # "gewonnen": the vlog writes the noun, "Sieg mit dem Team beim ATV-Wettbewerb" (000:578)
    ("ham die mit dem quad eigentlich was gewonnen", 578),
    # "hochgetrieben": the NC talk writes "erhöhten die Produktivität um das Vier- bis Fünffache" (000:627)
    ("um welchen faktor ham die lochstreifen-maschinen die produktivität hochgetrieben", 627),
    # "Rückwärtsrechnung": the backward pass, "Rückwärtspass-Kerneln (Training)" on FlyDSL's roadmap (000:241)
    ("kann ich flydsl kernel schon fürs training nehmen, also mit rückwärtsrechnung", 241),
])
async def test_an_everyday_german_word_reads_as_the_summaries_word(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply).get("covered", True) is not False, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # "TPUv5- und TPUv6e-Unterstützung" (000:102): a generation typed apart from its name, and the name before a list
    # of generations is each one's; without it "TPU v6e-8" (000:417, typed apart there) answered
    "wieso beschränkt sich der sharding ansatz für die videomodelle auf tpu v5 und v6e",
    "which tpu v5 and v6e topologies does the placement work target",
])
async def test_a_generation_typed_apart_finds_it_written_joined(store: Store, text: str) -> None:
    assert first(await ask(store, text)) == (MAIN, 102), text


@pytest.mark.parametrize(("text", "line"), [
    # "checkt": to check, which max_evol's talk writes "Stufenweise Überprüfung … numerischer Genauigkeit" (000:133)
    ("wie checkt max_evol ob der portierte kernel auch wirklich das richtige rausrechnet", 133),
    # "mit Maske": masked, "statt ineffizienter maskierter dichter GEMMs" (000:238), not FlyDSL's motivation (000:234)
    ("warum rechnet man bei den expertenmodellen nicht einfach dichte matrixmultiplikationen mit maske, was macht "
     "flydsl stattdessen", 238),
])
async def test_an_everyday_german_word_ranks_the_point_that_says_it(store: Store, text: str, line: int) -> None:
    assert first(await ask(store, text)) == (MAIN, line), text


@pytest.mark.parametrize(("text", "lines"), [
    # "ops" are operations, "their own" eigene: 000:201 "konvertieren ihre eigenen Operationen … in StableHLO", not
    # 000:482's "~100 Ops" of StableHLO itself
    ("how do jax and pytorch turn their own ops into stablehlo", {201}),
    # 000:208 / 000:490: the fusion that saves memory traffic between operations
    ("how does XLA save memory bandwidth between ops?", {208, 490}),
])
async def test_ops_are_operations(store: Store, text: str, lines: set[int]) -> None:
    file, line = first(await ask(store, text))
    assert file == MAIN and line in lines, text


PALLAS = "004_b9033c416a07336f.txt"


async def test_the_individual_things_are_those_things_no_kind_of_them(store: Store) -> None:
    # "the individual cores" are the cores, taken one by one: no name of two words the summaries lack; 004:12 carries
    # the device mesh "auf die Kern-Ebene"
    text = "whats the idea of carrying the device mesh concept down to the individual cores in palace"
    reply = await ask(store, text)
    assert body(reply).get("covered", True) is not False, text
    assert first(reply) == (PALLAS, 12), text


async def test_a_separable_verb_after_the_und_of_a_follow_up(store: Store, state: BotState) -> None:
    # "und wie richte ich das am anfang ein": the verb is "richte … ein" (einrichten: Installation & Setup, 000:69),
    # not "und"; read as "richte", "am anfang" was taken for an absent detail of Kinetic
    reply = await follow_up(store, state, "worum gings in dem kinetic vortrag", "und wie richte ich das am anfang ein",
                            "45.1")
    assert body(reply).get("covered", True) is not False
    assert first(reply) == (MAIN, 69)


@pytest.mark.parametrize("text", [
    # two "an" (an English marker too) outweighed "und": German's modals, "alles" and "bei" tell the language
    "was musste n dreher früher so alles können, an mathe und an gefühl",
])
async def test_german_modals_tell_the_language(store: Store, text: str) -> None:
    assert body(await ask(store, text))["lang"] == "de", text


@pytest.mark.parametrize("text", [
    # "n riesen modell … gequetscht": a huge model squeezed into a smaller one, 000:163's "Komprimierung großer
    # Teacher-Modelle"; "riesen" was an absent detail of MaxText, "quetschen" matched nothing
    "wie kriegt man bei maxtext n riesen modell in n kleineres gequetscht",
    "wie viele arten gibts bei maxtext, n großes modell in n kleineres zu quetschen",
])
async def test_squeezing_a_huge_model_is_compressing_a_large_one(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply).get("covered", True) is not False, text
    assert first(reply) == (MAIN, 163), text


@pytest.mark.parametrize(("text", "line"), [
    # a skill is what the NC talk writes as Kompetenz or Geschicklichkeit, what has changed as its Wandel, and the
    # machine's operator (Maschinenbediener, a machinist) as its Bediener: 631's "Wandel der Kompetenzen: Der moderne
    # Bediener verlagert seinen Schwerpunkt von manueller Geschicklichkeit …", not 629's CNC introduction
    pytest.param("wie haben sich die fähigkeiten der maschinenbediener durch CNC verändert?", 631, id="faehigkeiten"),
    pytest.param("was muss n maschinenbediener heute können wenn handgeschick nicht mehr so zählt", 631,
                 id="handgeschick"),
    pytest.param("how does the machinists job change skills wise once the machines run programs", 631,
                 id="machinist-bediener"),
    # what a thing is built on / based on (basiert) is what the summaries write "auf Basis von": 412's "Vorstellung des
    # … Bildgenerierungsmodells auf Basis von Latent Diffusion", not 413's "Transformer-basierten" loop; Tunix's 381
    # "… die auf Basiskomponenten wie Flax, Opex und Grain aufbaut"
    pytest.param("von wem is qwen image eigentlich und worauf basiert das", 412, id="basiert-basis"),
    pytest.param("what kind of model is qwen image and what's it built on", 412, id="built-on-basis"),
    pytest.param("what is tunix built on top of", 381, id="built-on-top-basis"),
    # runs that match, the same result (das gleiche) on two chips, are what the summaries write as their parity and
    # equivalence: 168's "GPU-TPU-Parität: Nachweis der exakten mathematischen Äquivalenz …", not a benchmark point
    pytest.param("how did they show the gpu and tpu runs really match", 168, id="match-paritaet"),
    pytest.param("kommt beim training aufm gpu und aufm tpu eigentlich genau das gleiche raus", 168,
                 id="gleiche-paritaet"),
    # faster (schneller) is what the summaries write as a speedup: 345's "AITER erzielt … Geschwindigkeitssteigerungen
    # von 2x bis zu 17x", not the talk's introduction (342), which only names AITER
    pytest.param("um welchen faktor is aiter mindestens schneller", 345, id="schneller-geschwindigkeitssteigerung"),
    # chips that sit around (rumsitzen) idle, the summaries' gaps in utilisation: 306's "Überwindung von
    # Auslastungslücken (Bubbles) durch asynchrone Trajektorienerfassung", not 315's chip ratio
    pytest.param("wie verhindert tinix dass die chips beim rollout nur rumsitzen und warten", 306, id="rumsitzen"),
    # to look up (nachschlagen) is what the summaries write as the English Lookup: 11's "Sparse Cores für
    # Embedding-Lookups", not the SSB benchmark (13)
    pytest.param("wofür haben die tpus diese extra teile zum nachschlagen in tabellen", 11, id="nachschlagen-lookup"),
    # a system's Zeitentwicklung is its Zeitevolution: 35's "… zur Bestimmung von Energieniveaus und Zeitevolution"
    pytest.param("wie rechnet jax quantum die zeitentwicklung von so nem quantensystem", 35, id="zeitentwicklung"),
    # a product's launch is its Start: 454's "Ankündigung des TorchTPU-Starts und neuer vLLM-/SGLang-Backends"
    pytest.param("anything coming up next for running those chat models on tpus, like new launches", 454,
                 id="launch-start"),
    # where it snagged (es hat gehakt, gehapert) is where the trouble was: 351's "Lektionen & Herausforderungen"
    pytest.param("wo hats bei jaxator so am meisten gehakt", 351, id="gehakt-herausforderung"),
    pytest.param("woran hapert es bei jaxator", 351, id="hapert-herausforderung"),
    # what a trade needed in former times (früher) is its tradition: 624's "Traditionelles Handwerk: … Kenntnisse in
    # Geometrie, Trigonometrie sowie ein physisches „Gefühl“", not 628's savings on skilled turners
    pytest.param("was musste n dreher früher so alles können, an mathe und an gefühl", 624, id="frueher-traditionell"),
    # the calculations (Rechnungen) a simulation does are the operations it runs: 35's "Mathematische
    # Kernoperationen: Aufschlüsselung der simulierten Operationen", not JAX Quantum's introduction (33)
    pytest.param("was für rechnungen muss man eigentlich machen wenn man so nen quantenchip simuliert", 35,
                 id="rechnungen-operationen"),
    # to train (trainieren) is the summaries' Training, the loan they write for its noun: 159's "MaxText-Architektur: …
    # Framework für das Vor- und Post-Training von LLMs (wie Gemma, Qwen, DeepSeek und Llama)", not CasADi's
    # "Export trainierter Machine-Learning-Modelle" (521)
    pytest.param("welche modelle kann man mit maxtext eigentlich trainieren", 159, id="trainieren-training"),
    # bolts are the treehouse's Baumschrauben, and how deep is their Tiefe: 604's "Verschraubung von massiven,
    # doppelt-gewindeten Baumschrauben (ca. 19 cm tief) in den aktiven Splintholzbereich", not an AITER point
    pytest.param("why do they screw the bolts into the outer living layer of the tree and not deeper", 604,
                 id="bolts-deeper"),
    # a slog is time-consuming work and a holdup what holds it up, its bottleneck: 129's "Engpass manueller
    # Portierung: … machen manuelle Portierungen extrem zeitaufwendig", not "not covered"
    pytest.param("so why is getting kernels over to pallas by hand such a slog", 129, id="slog-zeitaufwendig"),
    pytest.param("what's the holdup when people port their kernels by hand", 129, id="holdup-engpass"),
    # to build a thing is to make it, which the summaries write as gebaut, erstellt or entwickelt: 480's "Entstehung
    # von HLO: HLO … wurde 2017 … entwickelt", not 165's "automatisierter Build von Docker-Images"
    pytest.param("why did they build hlo back then", 480, id="build-entwickelt"),
    # one's own kernels (eigene Kernel) are the custom, user-defined ones: 202's "Custom Kernels: Benutzerdefinierte
    # Kernel werden … in StableHLO-Custom-Calls eingebunden", not 201's "ihre eigenen Operationen" (not covered in
    # English without it)
    pytest.param("wie bindet man eigene kernel in stablehlo ein", 202, id="eigene-kernel-custom"),
    pytest.param("how do i get my own kernels into stablehlo", 485, id="own-kernels-custom"),
    # compatible (kompatibel) is found in the noun the summaries write: 199's "VHLO & Kompatibilität: Versioniertes
    # StableHLO …", not CHLO's "direkt auf StableHLO abgebildet" (200)
    pytest.param("what keeps serialized stablehlo compatible across versions", 199, id="compatible-kompatibilitaet"),
    # a trial run (Versuch) is an experiment or a test: 14's "Q4.1 … führt zu HBM-Out-of-Memory-Fehlern", not "not
    # covered" for a word no summary writes
    pytest.param("warum ist bei dem versuch, sql abfragen auf tpus laufen zu lassen, eine abfrage am speicher "
                 "gescheitert", 14, id="versuch-experiment"),
    # to make sure a thing is right is to check it (überprüfen, sicherstellen): 133's "Validierungs-Pipeline:
    # Stufenweise Überprüfung …", not the custom-kernel point that only shares "Kernel"
    pytest.param("how does max_evol make sure the kernels it writes are right", 133, id="make-sure-ueberpruefung"),
    pytest.param("how does max_evol verify a generated kernel", 133, id="verify-ueberpruefung"),
    # classic is also traditionell (klassisch, herkömmlich): 305's "Agentische vs. traditionelle Workflows: Multi-Turn-
    # …", not the sandbox highlight that only shares "Multi-Turn"
    pytest.param("in the tinix talk, what is a multi turn agent task as opposed to classic rl", 305,
                 id="classic-traditionell"),
    # values that jump around vary (variieren, schwanken): 97's "stark variierenden Ausführungslatenzen", not the DiT
    # point at 0:00 that only shares the talk's name
    pytest.param("why do run times jump around so much for the same sharding in the dit placement talk", 97,
                 id="jump-around-variieren"),
    # code running on a machine is executed there (Ausführung): 134's "Cloud-Ausführung via CLI", not the porting
    # problem (125) that only shares "Kernel"; 71's "Ausführung auf GKE", not 69's install that holds "Python-Pakets"
    pytest.param("how does the kernel porting agent get its code running on the cloud", 134,
                 id="running-on-ausfuehrung"),
    pytest.param("how does kinetic get my python function running on the cluster", 71, id="running-on-cluster"),
    # the pieces of a whole are its components: 413's "Multi-Komponenten-Pipeline" of a diffusion model, not Qwen
    # Image's introduction (412), which holds the image model and diffusion
    pytest.param("how does a diffusion image model work, which pieces does it have", 413, id="pieces-komponenten"),
])
async def test_a_lay_word_leads_to_the_point_that_writes_it(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", ["how thick is the main beech of the treehouse",
                                  "how big is the primary beech of the treehouse"])
async def test_the_main_one_is_that_thing_no_kind_of_it(store: Store, text: str) -> None:
    # "the main beech" is the chief of the treehouse's trees, 000:552's 90 cm thick Buche; no name the summaries lack,
    # though they never write "main"
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and body(reply)["lang"] == "en", text
    assert first(reply) == (MAIN, 552), text



@pytest.mark.parametrize("text", ["why haul the building parts with pulleys and not heavy machines",
                                  "why did the crew move the parts with pulleys and not a heavy machine"])
async def test_heavy_machines_are_heavy_machinery(store: Store, text: str) -> None:
    # heavy machines, like heavy machinery, are the vlog's "schwere Baumaschinen" / "Kettenfahrzeuge" the pulleys stood
    # in for (000:603, its twin 000:550), not the telehandler point that only shares the heavy parts (000:606)
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) in {(MAIN, 550), (MAIN, 603)}, text
