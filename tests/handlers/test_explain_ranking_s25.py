"""Explain questions (why / how / what is the point of …) whose key point that answers must come first: each cause in
English and German, through the function mentions and DMs call, on the bundled corpus in a real SQLite file.
Lines are of the 000 file unless said otherwise."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first

PALLAS = "004_b9033c416a07336f.txt"


@pytest.mark.parametrize("text", [
    "was is der vorteil von palace für tpus",
    "was ist der Vorteil von Palace für TPUs?",
    "what's the advantage of palace on tpus",
    "whats the upside of pallas on tpus",
])
async def test_the_point_or_an_upside_of_a_thing_asks_why_it_is_used(store: Store, text: str) -> None:
    # "the advantage of X" names no term to define: it asks why X is used, which the talk's introduction of Pallas
    # says (004:3, "maximale Hardware-Kontrolle bei hoher Iterationsgeschwindigkeit"), not the TPU memory layout (004:4)
    reply = await ask(store, text)
    assert body(reply)["shape"] == "explain", text
    assert first(reply) == (PALLAS, 3), text


@pytest.mark.parametrize(("text", "file", "line"), [
    ("whats the pitch for doing llm inference on tpus in the vllm talk", MAIN, 443),
    ("pallas on tpus, what's the pitch", PALLAS, 3),
])
async def test_the_pitch_for_a_thing_asks_why_it_is_used(store: Store, text: str, file: str, line: int) -> None:
    # a pitch is a selling point: it asks why the thing is used, which 000:443's "Wertversprechen der TPU-Inferenz"
    # says, not the talk's introduction (000:442) that a search for "pitch" falls back to
    reply = await ask(store, text)
    assert body(reply)["shape"] == "explain", text
    assert first(reply) == (file, line), text


@pytest.mark.parametrize("text", [
    "what's the downside of colocating rollouts and training",
    "what's the downside of running rollout and training colocated in tinix",
])
async def test_the_downside_asked_is_the_point_stating_a_drawback(store: Store, text: str) -> None:
    # the asked noun is no word of the search: 000:317's "Kollokation garantiert On-Policy-Verhalten, leidet jedoch
    # unter Stragglern" states the drawback, not 000:451's side-by-side of the execution modes that holds more of the
    # words for what is colocated, nor the highlight on the rollout-to-trainer ratio (000:315)
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, 317), text


@pytest.mark.parametrize(("text", "line"), [
    ("wie bekomme ich bei maxtext meine jobs auf kubernetes", 165),
    ("how do i install the maxtext stack and get jobs onto kubernetes", 165),
    ("brauch ich für sft mit maxtext gleich n ganzen gke cluster oder geht das auch auf einer maschine", 161),
])
async def test_a_word_of_the_point_at_0_00_names_its_talk(store: Store, text: str, line: int) -> None:
    # the post-training talk's point at 0:00 ("MaxText-Architektur: Ein … Framework für das … Post-Training",
    # 000:159) says what the talk is about: "maxtext" names the talk, as its title's words would, and the rest of the
    # question picks the point (Kubernetes: 000:165; SFT on single-host VMs or GKE clusters: 000:161)
    reply = await ask(store, text)
    assert body(reply)["covered"] is True, text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    "palace on tpus, what's the selling point",
    "pallas auf tpus - was ist der vorteil?",
])
async def test_the_thing_said_before_what_its_point_is_asks_why_it_is_used(store: Store, text: str) -> None:
    # said first, the thing is the subject and the noun after the comma asks why it is used (004:3), as "what's the
    # advantage of palace on tpus" does; not a search for "point" (000:128's "Pointer-Arithmetik")
    reply = await ask(store, text)
    assert body(reply)["shape"] == "explain", text
    assert first(reply) == (PALLAS, 3), text


@pytest.mark.parametrize("text", [
    "wie komm ich bei palace an die sparse cores ran",
    "wie komme ich bei pallas an die sparse cores",
])
async def test_spoken_first_person_komm_is_a_frame_verb(store: Store, text: str) -> None:
    # "wie komm(e) ich an X" asks how to reach X, as "wie kommt man an X" does: "komm" frames the question and is no
    # topic, else it begins "Kommunikation" and the core-mesh point (004:12) wins over the sparse cores' (004:11)
    reply = await ask(store, text)
    assert first(reply) == (PALLAS, 11), text


@pytest.mark.parametrize("text", [
    "what changed in how vllm runs on tpus compared to the early prototype",
    "was hat sich bei vllm auf tpus gegenüber dem frühen prototyp geändert",
    "what got better for vllm on tpus compared to the first prototype",
])
async def test_a_question_of_its_own_against_a_baseline_is_no_comparison(store: Store, text: str) -> None:
    # "what changed … compared to the prototype" asks what changed, the prototype its baseline: the point on the vLLM
    # TPU architecture's progress (000:444), not the VLLM glossary card of a comparison of two sides
    reply = await ask(store, text)
    assert body(reply)["shape"] != "difference", text
    assert first(reply) == (MAIN, 444), text


@pytest.mark.parametrize("text", ["were nc operators really unskilled compared to the old machinists",
                                  "are the nc operators unskilled compared to class a machinists?"])
async def test_a_yes_no_question_against_a_baseline_is_no_comparison(store: Store, text: str) -> None:
    # "were X unskilled compared to Y" asks whether X were, Y its baseline: the wage comparison refuting it (000:630),
    # not the NC glossary card of a comparison of two sides
    reply = await ask(store, text)
    assert body(reply)["shape"] != "difference", text
    assert first(reply) == (MAIN, 630), text


async def test_what_a_thing_does_compared_to_another_is_still_a_comparison(store: Store) -> None:
    reply = await ask(store, "what does orpo do compared to dpo")
    assert body(reply)["shape"] == "difference"
