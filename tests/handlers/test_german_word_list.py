"""German words the English word list had only in English: "per Hand" (by hand, manuell), "alt" (old: legacy,
ursprünglich), "Befehl" (instruction), "mehrere Grafikkarten" (multi-GPU), "die ganze Zeit" (permanently),
"Teilrechnung" (subexpression), "in Tokens zerlegen" (tokenize), "händisch" (manuell), "sich abstimmen"
(coordinate), "Rechenzentrum" (data center), "heutig" (modern), "unterschiedlich" (heterogeneous), "Probleme"
(hurdles, challenges), "sich beschränken" (concentrate on) and "gemischt" (diversified). A German question asking
with them is answered by the key point that writes the summaries' word, not by one that only shares the rest. On a
real store over the bundled corpus."""

from __future__ import annotations

import pytest

from handlers.questions import parse
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first

PALLAS = "004_b9033c416a07336f.txt"


@pytest.mark.parametrize(("text", "line"), [
    # a phrase made with a function word ("per Hand") is one meaning in German too: the manual porting of 129
    # ("Engpass manueller Portierung"), not 125's porting problem
    ("wieso braucht es so lange, kernels per hand zu portieren", (MAIN, 129)),
    # "der alte Ansatz" is the legacy one: Pallas's "Legacy-API … Der ursprüngliche Ansatz", not the new API
    ("was war am alten ansatz für tpu-kernel so umständlich", (PALLAS, 5)),
    # a compiler's own "Befehle" are its instructions: 207's "HLO-Instruktionen & Kontrollfluss", not 493's unrolled
    # loops
    ("hat xla eigene befehle für schleifen", (MAIN, 207)),
    # several graphics cards are the summaries' Multi-GPU: 268's "Multi-GPU-Skalierung mit oneCCL", not the roadmap
    ("wie skaliert das intel backend auf mehrere grafikkarten", (MAIN, 268)),
    # "die ganze Zeit" is permanently: 316's sandboxes "dauerhaft … aktiv gehalten", not 301's many sandboxes
    ("warum laufen die sandboxen der agenten die ganze zeit", (MAIN, 316)),
    # a "Teilrechnung" computed once is a subexpression: the glossary entry 537 (Common Subexpression Elimination)
    ("wie nennt sich das, wenn der compiler doppelte teilrechnungen im graphen nur einmal macht", (MAIN, 537)),
    # to split a text "in Tokens" is to tokenize it: 309's "Vermeidung von Retokenisierungsdrift"
    ("warum sollte man generierten text nicht nochmal in tokens zerlegen", (MAIN, 309)),
    # "Versionen" is a word of the word list, so a compound ending in it is split: "Policy-Versionen" are 314's
    # "Richtlinienversionen" (Off-Policy-Management), not 315's rollout-to-trainer ratio
    ("wie geht tunix damit um, wenn die rollouts von älteren policy-versionen stammen", (MAIN, 314)),
    # "händisch" is by hand as "per Hand" is: 129's "Engpass manueller Portierung", not 125's porting problem
    ("warum ist das händische portieren von kernels so mühsam", (MAIN, 129)),
    # "sich abstimmen" is to coordinate: Pallas's 12 "Core-Mesh-Kommunikation … Koordination zwischen … Kernen", not
    # 11's sparse cores, which only hold the cores
    ("wie stimmen sich die kerne in pallas miteinander ab", (PALLAS, 12)),
    # a "Rechenzentrum" is a data center, which the summaries write in English too: 270's "Intel Data Center GPUs",
    # not the Battlemage workstation card (263)
    ("hat intel auch gpus fürs rechenzentrum", (MAIN, 270)),
])
async def test_a_german_word_is_the_summaries_word(store: Store, text: str, line: tuple[str, int]) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == line, text


@pytest.mark.parametrize("text", [
    # "heute" in a question about what a trade asks is nowadays, as "heutzutage": 631's "Der moderne Bediener …", not
    # 629's arrival of CNC, which holds as much of the rest ("Maschinenbediener", "Feingefühl" in no summary)
    "was muss ein maschinenbediener heute können, wenn feingefühl nicht mehr zählt",
])
async def test_today_is_the_modern_one(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 631), text


@pytest.mark.parametrize("text", [
    # a separable verb's particle ends its main clause also before a clause it opens ("… von außen [auf] statt sie …
    # einzubauen"): "rufen … auf" is "aufrufen", to call, the summaries' "Custom Calls" (347), not the treehouse's 605
    "warum rufen die bei amd ihre fertigen rechenbausteine von außen auf statt sie fest in den compiler einzubauen",
    "wieso ruft amd seine fertigen rechenbausteine von außen auf statt sie in den compiler einzubauen",
])
async def test_a_particle_before_a_clause_it_opens_makes_the_whole_verb(store: Store, text: str) -> None:
    assert "aufrufen" in parse(text).subject.split(), text
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 347), text


@pytest.mark.parametrize("text", [
    # a function calling itself (sich selbst aufrufen) is recursion: 204's "ohne Rekursion", not a custom call
    "wieso kann der xla compiler keine funktionen, die sich selbst aufrufen",
    "warum darf sich in xla eine funktion nicht selbst aufrufen",
])
async def test_calling_itself_is_recursion(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) in {(MAIN, 204), (MAIN, 487)}, text


@pytest.mark.parametrize("text", [
    # German writes the pattern Dekorator as often as Dekorateur, the summaries' word (000:82 "Python-Dekorateur")
    "was ist ein python-dekorator",
    "was sind python-dekoratoren",
])
async def test_a_dekorator_is_the_summaries_dekorateur(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 82), text


@pytest.mark.parametrize("text", [
    # a Nordlage is a north-facing site: 599's hardwoods "von nordsituierten Standorten", no missing word
    "warum nimmt man fürs baumhaus holz aus nordlagen",
])
async def test_a_nordlage_is_a_north_facing_site(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 599), text


@pytest.mark.parametrize("text", [
    # "ein Auge haben auf" is to keep an eye on, to monitor: 388's "Evaluations-Tools zur Überwachung … während des
    # Post-Trainings", not the Tunix points that only share "Post-Training"
    "worauf sollte man beim post-training mit tunix die ganze zeit n auge haben",
])
async def test_having_an_eye_on_it_is_monitoring(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 388), text


@pytest.mark.parametrize(("text", "line"), [
    # "heutig" with an adjective's ending is today's, the modern one, as "heute": 631's "Der moderne Bediener …", not
    # 628's coming of NC
    ("was können heutige cnc-bediener, was die alten dreher nicht konnten", (MAIN, 631)),
    # "unterschiedlich" with an ending is what the summaries write as heterogeneous: 303's "Bewältigung heterogener
    # Workloads", not 301's agentic challenges, which hold only "agentisch"
    ("wie geht tunix mit den ganz unterschiedlichen workloads beim agentischen rl um", (MAIN, 303)),
    # problems, in any case, are the summaries' hurdles and challenges: 310's "Zukünftige Skalierungshürden", not the
    # Tunix introduction (299), which holds the team and the scale
    ("mit welchen problemen rechnet das tunix-team beim weiteren skalieren", (MAIN, 310)),
    ("welche probleme erwartet das tunix-team noch beim skalieren", (MAIN, 310)),
    # to keep to two TPU generations ("sich beschränken") is 102's "Der Ansatz konzentriert sich auf TPUv5- und
    # TPUv6e-Architekturen", not 97's latencies of the same TPUs
    ("warum hat man sich beim dit-sharding auf tpu v5 und v6e beschränkt", (MAIN, 102)),
    # GPUs and TPUs mixed ("gemischt", of "mischen") are 300's "Diversifizierung von Rechenclustern zwischen … GPUs
    # und TPUs", not 168's GPU-TPU parity
    ("warum werden gpus und tpus gemischt eingesetzt", (MAIN, 300)),
])
async def test_a_german_word_of_kind_or_time_is_the_summaries_word(store: Store, text: str,
                                                                   line: tuple[str, int]) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True and first(reply) == line, text
