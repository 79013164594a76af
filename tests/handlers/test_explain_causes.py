"""Explain questions (why / how) whose answer a general cause kept from the first place: the key point that answers
comes first, and the reply says the summaries cover it. One case per cause and language or wording (the case id
names the cause). Lines are of the 000 file unless said otherwise; asked through the function mentions and DMs call,
on a real store over the bundled corpus."""

from __future__ import annotations

import pytest

from handlers.talk_naming import talk_naming_words
from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first

PALLAS = "004_b9033c416a07336f.txt"


@pytest.mark.parametrize(("text", "line"), [
    # the word list has the adjective (automatic: automatisch, separate: getrennt), not each -ly adverb of it
    pytest.param("does pl.kernel do the pipelining automatically?", (PALLAS, 6), id="adverb-automatically"),
    pytest.param("how does tinix scale rollout and training separately?", (MAIN, 304), id="adverb-separately"),
    # spoken German's "isses" is "ist es", as "hats" and "wars" are: a frame, no word the summaries lack (578:
    # Offroad-Wettbewerb)
    pytest.param("wie isses beim offroad rennen ausgegangen?", (MAIN, 578), id="isses"),
    pytest.param("wie isses beim offroad rennen für den vlogger ausgegangen", (MAIN, 578), id="isses-longer"),
    # to recover after work is Erholung (579: Erholung an der Echo-Farm)
    pytest.param("how did he recover after the building work?", (MAIN, 579), id="recover"),
    pytest.param("where did he go to recover after all the building", (MAIN, 579), id="recover-where"),
    # "die Sache" after what it is about names nothing, as "das Ding" does: the TPU database talk's points answer
    pytest.param("worauf werden bei der tpu datenbank sache die filter abgebildet", (MAIN, 12), id="sache"),
    pytest.param("warum is die vierte abfrage bei der tpu datenbank sache abgeschmiert", (MAIN, 14), id="sache-warum"),
    # what follows "without" / "ohne" is what the asker sets aside: the point that uses it (000:522's ONNX Runtime and
    # finite differences) is the way they do not ask for; one saying it does without it, or naming none of it, answers
    pytest.param("how do i get exact gradients through an onnx net in casadi without finite differences", (MAIN, 523),
                 id="without"),
    pytest.param("wie bekomme ich in casadi exakte gradienten durch ein onnx netz ohne finite differenzen",
                 (MAIN, 523), id="ohne"),
    pytest.param("can casadi run a small net without dragging in the onnx runtime lib", (MAIN, 525),
                 id="without-naming-none"),
    # "beyond", "besides", "außer" set aside too: what tpu inference gives besides its cost is 443's "Erweiterung der
    # verfügbaren Rechenkapazitäten …", not the introduction's "wettbewerbsfähiger Kosten-Leistungs-Verhältnisse"
    # (442); "cost" after a preposition or article is the noun, no amount asked ("what did the treehouse cost")
    pytest.param("what does the vllm/sglang talk say tpu inference gets you beyond cost", (MAIN, 443), id="beyond"),
    pytest.param("besides the cost, what does tpu inference buy you in the vllm talk", (MAIN, 443), id="besides"),
    pytest.param("was bringt tpu inferenz im vllm/sglang talk außer den kosten", (MAIN, 443), id="ausser"),
    # "oder bleibt's bei …" names the status quo the asker asks beyond: what Intel brings for data centers is 270's
    # roadmap ("Intel Data Center GPUs"), not 263's workstation card
    pytest.param("kommt von intel noch was für große rechenzentren oder bleibt's bei den workstation karten",
                 (MAIN, 270), id="oder-bleibt-es-bei"),
    # a point headed by the very thing asked about (163: "Knowledge Distillation") answers; a name elsewhere in the
    # question (the "maxtext post-training stack") says where it is asked, not which point: not 160's four-pillar stack
    pytest.param("which kinds of knowledge distillation can you run with the maxtext post-training stack", (MAIN, 163),
                 id="headed-as-asked"),
    pytest.param("welche arten von knowledge distillation unterstützt der maxtext post-training stack", (MAIN, 163),
                 id="headed-as-asked-de"),
    # kept apart is getrennt: 304's "Vollständige Trennung von Rollout-Generatoren und Trainern"
    pytest.param("how does tinix keep rollout and training apart", (MAIN, 304), id="apart"),
    pytest.param("why keep rollout and training apart in tunix?", (MAIN, 304), id="apart-why"),
    # a why-word after the asker's own clause asks on its own; the clause before is what they grant (the context):
    # 126's "Die Rolle von Custom Kernels", not the Pallas talk's matmul demo
    pytest.param("xla kann doch matmul, wozu braucht man überhaupt custom kernels", (MAIN, 126), id="why-after-clause"),
    pytest.param("der compiler kann doch dichte matmuls, warum braucht man dann noch custom kernels", (MAIN, 126),
                 id="why-after-clause-warum"),
    # the NC talk names no speakers: who did what it tells of is its point that says so (626: "von
    # Büroprogrammierern erstellt")
    pytest.param("who wrote the programs for the early nc machines", (MAIN, 626), id="who-did-what-it-tells"),
    pytest.param("wer hat bei den alten nc maschinen die programme geschrieben", (MAIN, 626),
                 id="wer-did-what-it-tells"),
    # a name in the words that say which talk ("im vllm/sglang tpu talk", "the talk on post-training with MaxText")
    # picks none of its points: 447's "Wechsel von all_to_all zu all_reduce", not 446 for holding "TPUs"; 164's
    # "Physikalische Trennung von Trainings- und Rollout-Meshes", not 159's "MaxText-Architektur"
    pytest.param("> all_to_all durch all_reduce ersetzt\nwarum bringt das im vllm/sglang tpu talk so viel? lg",
                 (MAIN, 447), id="name-of-the-talk-before-its-noun"),
    pytest.param("I'm comparing RL setups on TPUs, so how does the talk on post-training with MaxText separate "
                 "training from rollout, and what coordinates the two?", (MAIN, 164),
                 id="name-of-the-talk-after-its-noun"),
    # a heading compound a question word only begins ("Werkstattfertigung") is about its last part: of two points
    # holding the same words, the one giving the reason answers why (600: "… in der Werkstatt, um Passgenauigkeit …
    # zu gewährleisten"), not 548; a heading naming the asked thing itself (522: "… & Finite Differenzen") stays first
    pytest.param("warum haben sie beim baumhaus vieles schon in der werkstatt gebaut", (MAIN, 600),
                 id="compound-heading-reason"),
    pytest.param("wieso hat man fürs baumhaus so viel in der werkstatt gemacht", (MAIN, 600),
                 id="compound-heading-reason-wieso"),
    pytest.param("warum braucht man bei casadi finite differenzen", (MAIN, 522), id="heading-names-it"),
    # slower is a performance drop, and "weshalb … führen" gives the reason: 128's "weshalb direkte Übersetzungen zu
    # 5- bis 10-fachen Leistungseinbrüchen führen", not 237's FlyDSL pipeline that only holds "übersetzt"
    pytest.param("wieso wird gpu code langsamer, wenn man ihn direkt in jax übersetzt", (MAIN, 128), id="langsamer"),
    pytest.param("warum ist der gpu code so viel langsamer, wenn man ihn eins zu eins nach jax übersetzt", (MAIN, 128),
                 id="langsamer-weshalb"),
    pytest.param("why does gpu code get so much slower when you translate it one to one into jax", (MAIN, 128),
                 id="slower"),
    # a German participle asks about its verb's -ung noun, which the summaries write: "ausgeführt" is 267's
    # "Laufzeitausführung" in the Intel talk, not 237's AMD pipeline, which only repeats "Code" and "ausgeführt"
    pytest.param("wie wird der jax-code bei intel zur laufzeit auf der gpu ausgeführt", (MAIN, 267),
                 id="participle-its-ung-noun"),
])
async def test_the_point_that_answers_leads(store: Store, text: str, line: tuple[str, int]) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == line, text


async def test_who_presented_a_talk_without_speakers_says_so(store: Store) -> None:
    reply = await ask(store, "who presented the nc talk")
    blocks = body(reply)["message"]["blocks"]
    assert "does not name its speakers" in blocks[0]["text"]["text"]


@pytest.mark.parametrize(("text", "named"), [
    ("warum bringt das im vllm/sglang tpu talk so viel?", {"vllm", "sglang", "tpu"}),
    ("how does the talk on post-training with MaxText separate training from rollout", {"post", "training", "maxtext"}),
    ("how do they avoid compiling every sharding config in the video diffusion talk", {"diffusion"}),
    ("why do they use automatic differentiation in JAX Quantum?", set()),  # no talk noun
    # an article goes on with the names; a talk placing the question names it to the end of its clause
    ("how does distillation go in the talk on the maxtext, tunix and pathways stack",
     {"maxtext", "tunix", "pathways", "stack"}),
    ("in the talk with the gemma 4 grpo run, how do weights move", {"gemma", "4", "grpo", "run"}),
])
def test_the_words_that_name_a_talk(text: str, named: set[str]) -> None:
    assert talk_naming_words(text) == named
