"""Explain questions (why / how) whose answer a general cause kept from the first place, one cause per test: the
key point that answers comes first. Lines are of the 000 file unless said otherwise; asked through the function
mentions and DMs call, on a real store over the bundled corpus."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first

PALLAS = "004_b9033c416a07336f.txt"


@pytest.mark.parametrize(("line", "text"), [
    # the word list has the adjective (automatic: automatisch, separate: getrennt), not each -ly adverb of it
    ((PALLAS, 6), "does pl.kernel do the pipelining automatically?"),
    ((MAIN, 304), "how does tinix scale rollout and training separately?"),
])
async def test_an_english_adverb_is_looked_up_as_its_adjective(store: Store, line: tuple[str, int], text: str
                                                               ) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == line, text


@pytest.mark.parametrize("text", [
    # spoken German's "isses" is "ist es", as "hats" and "wars" are: a frame, no word the summaries lack
    "wie isses beim offroad rennen ausgegangen?",
    "wie isses beim offroad rennen für den vlogger ausgegangen",
])
async def test_spoken_isses_is_ist_es(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 578), text  # Offroad-Wettbewerb


@pytest.mark.parametrize("text", [
    # to recover after work is Erholung (579: Erholung an der Echo-Farm)
    "how did he recover after the building work?",
    "where did he go to recover after all the building",
])
async def test_recover_is_erholung(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 579), text


@pytest.mark.parametrize(("text", "line"), [
    # "die Sache" after what it is about names nothing, as "das Ding" does: the TPU database talk's points answer
    ("worauf werden bei der tpu datenbank sache die filter abgebildet", 12),
    ("warum is die vierte abfrage bei der tpu datenbank sache abgeschmiert", 14),
])
async def test_die_sache_names_nothing(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize(("text", "line"), [
    # what follows "without" / "ohne" is what the asker sets aside: the point that uses it (000:522's ONNX Runtime and
    # finite differences) is the way they do not ask for; one saying it does without it, or naming none of it, answers
    ("how do i get exact gradients through an onnx net in casadi without finite differences", 523),
    ("wie bekomme ich in casadi exakte gradienten durch ein onnx netz ohne finite differenzen", 523),
    ("can casadi run a small net without dragging in the onnx runtime lib", 525),
])
async def test_what_the_question_sets_aside_does_not_lead(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    # kept apart is getrennt: 304's "Vollständige Trennung von Rollout-Generatoren und Trainern"
    "how does tinix keep rollout and training apart",
    "why keep rollout and training apart in tunix?",
])
async def test_apart_is_getrennt(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 304), text


@pytest.mark.parametrize("text", [
    # a why-word after the asker's own clause asks on its own; the clause before is what they grant (the context):
    # 126's "Die Rolle von Custom Kernels", not the Pallas talk's matmul demo
    "xla kann doch matmul, wozu braucht man überhaupt custom kernels",
    "der compiler kann doch dichte matmuls, warum braucht man dann noch custom kernels",
])
async def test_a_why_clause_after_the_askers_own_asks(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 126), text


@pytest.mark.parametrize("text", [
    # the NC talk names no speakers: who did what it tells of is its point that says so (626: "von
    # Büroprogrammierern erstellt")
    "who wrote the programs for the early nc machines",
    "wer hat bei den alten nc maschinen die programme geschrieben",
])
async def test_who_did_what_a_talk_without_speakers_tells_is_its_point(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 626), text


async def test_who_presented_a_talk_without_speakers_says_so(store: Store) -> None:
    reply = await ask(store, "who presented the nc talk")
    blocks = body(reply)["message"]["blocks"]
    assert "does not name its speakers" in blocks[0]["text"]["text"]
