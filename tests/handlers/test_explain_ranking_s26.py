"""English questions (explain, definition, who, talks …) whose first line was wrong in session 26: each cause in
English and German, through the function mentions and DMs call, on the bundled corpus in a real SQLite file.
Lines are of the 000 file unless said otherwise."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize("text", [
    "hey, quick one: what is a kv cache",
    "hey, quick q: what is a kv cache",
    "hi, quick question: what is a kv cache?",
    "quick one: what's a kv cache",
    "hallo, kurze frage: was ist ein kv cache",
])
async def test_an_opener_after_a_greeting_is_no_word_of_the_question(store: Store, text: str) -> None:
    # the greeting is left out, then the opener that says a question follows ("quick one", "kurze frage"), as each is
    # alone: the question defines the KV cache (glossary 000:109), not a search for "quick one" (000:452's KV-Caches)
    reply = await ask(store, text)
    assert body(reply)["shape"] == "definition", text
    assert first(reply) == (MAIN, 109), text


@pytest.mark.parametrize("text", [
    "does kinetic download the same dataset again on every run",
    "how does kinetic avoid downloading the same training data again every time i launch a run",
])
async def test_to_download_is_to_load(store: Store, text: str) -> None:
    # "download" is German "herunterladen", in IT also "laden": Kinetic's data API ("… für latenzfreies Laden",
    # 000:72), not its decorator (000:70, which only shares "run")
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 72), text


@pytest.mark.parametrize("text", [
    "does kinetic pull the same dataset again on every run",
    "how does kinetic avoid pulling the training data again on each run",
])
async def test_to_pull_data_is_to_download_it(store: Store, text: str) -> None:
    # data, an image or a repository is pulled as it is downloaded ("docker pull"): Kinetic's data API ("… für
    # latenzfreies Laden", 000:72), not its decorator (000:70, which only shares "run")
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 72), text


@pytest.mark.parametrize(("text", "line"), [
    ("what is automatic differentiation", 52),  # Automatische Differenzierung
    ("what's asynchronous rollout", 327),  # Asynchroner Rollout
])
async def test_an_english_term_is_a_german_heading_with_its_adjective_declined(store: Store, text: str,
                                                                                line: int) -> None:
    # a glossary heading has no article, so its adjective takes the strong ending ("Automatische Differenzierung",
    # "Asynchroner Rollout"): the English phrase translated word by word with that ending names the entry
    reply = await ask(store, text)
    assert body(reply)["shape"] == "definition", text
    assert first(reply) == (MAIN, line), text


async def test_a_phrase_the_word_list_translates_whole_is_a_heading_word_by_word_too(store: Store) -> None:
    # "finite differences" is listed as "differenzen" alone, yet the glossary's entry is "Finite Differenzen" (000:536):
    # both sides of the difference are defined, finite differences before automatic differentiation (000:52), after
    # the point that names both (000:523's "Exakte AD … ohne finite Differenzen")
    text = "finite differences vs automatic differentiation, what's the difference"
    reply = await ask(store, text)
    lines = [hit["source"]["line"] for hit in body(reply)["hits"]]
    assert 536 in lines and 52 in lines and lines.index(536) < lines.index(52), text


@pytest.mark.parametrize("text", [
    "who did the talk on splitting video diffusion models across tpu chips",
    "wer hat den vortrag über videodiffusion auf tpus gehalten",
])
async def test_a_video_diffusion_model_generates_videos(store: Store, text: str) -> None:
    # as a "video model" does: the DiT talk's "… (DiT)-Modellen zur Videogenerierung" (abstract 000:90), not the image
    # model's port (Qwen Image, 000:406), which holds "Diffusion" and "TPU" as well; "video" alone frames a talk
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 90), text


@pytest.mark.parametrize("text", [
    "what's the tau thing in the casadi shuttle example",
    "what's tau in the casadi shuttle example",
])
async def test_a_three_letter_word_is_no_start_of_a_longer_one_in_a_glossary_text(store: Store, text: str) -> None:
    # no glossary entry is "tau", and none holds it as a word: Pathways' "über Tausende von Beschleunigerchips"
    # (000:469) only starts with it; the key point that writes the symbol ($\tau$, 000:517) answers
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 517), text


@pytest.mark.parametrize(("text", "line"), [
    ("what does awg stand for in the quantum talk and what is it", 58),
    ("what does awg stand for in the quantum talk", 58),
    ("what does mxu mean in the michigan talk", 20),
])
async def test_what_a_term_stands_for_in_a_talk_said_after_it_defines_the_term(store: Store, text: str,
                                                                                line: int) -> None:
    # the talk it was met in, said after "stand for" / "mean", names where, no word of the term ("awg stand"): the
    # glossary entry (AWG 000:58, MXU 000:20), not the talk's introduction
    reply = await ask(store, text)
    assert body(reply)["shape"] == "definition", text
    assert first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    "what does a machine operator need to be good at nowadays according to the cnc video",
    "what do machinists do these days",
])
async def test_nowadays_is_modern(store: Store, text: str) -> None:
    # "nowadays" is heutzutage, which the summaries write as "der moderne Bediener" (000:631), not the CNC's arrival in
    # the 1970s (000:629) or the 1981 wages (000:630)
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 631), text


@pytest.mark.parametrize("text", [
    "are the google chips just better than the nvidia card at everything in the quantum benchmark",
    "where are gpus better than tpus",
])
async def test_better_than_another_is_superior_to_it(store: Store, text: str) -> None:
    # "better than" is besser als, überlegen: JAX Quantum's benchmarks, where GPUs "bei Diagonalisierungen überlegen
    # sind" (000:37), not Qwen Image's benchmark numbers against an NVIDIA A100 (000:419)
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 37), text
