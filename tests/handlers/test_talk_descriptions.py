"""A talk named by what it is about, in the asker's words, not by its title: through the function mentions and DMs
call, on the bundled corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.talk_naming import talk_naming_words
from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import MAIN, ask, body, first, follow_up


@pytest.mark.parametrize("text", [
    # to tune a kernel is to optimise it: max_evol "Portieren und Optimieren von Deep-Learning-Kerneln" (118)
    "i want to see an ai agent that ports and tunes kernels on its own, which talk",
    "which talk has an agent that ports and tunes kernels by itself",
])
async def test_tuning_a_kernel_is_optimising_it(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False, text
    assert first(reply) == (MAIN, 118), text


async def test_tuned_is_the_verb_optimised_not_an_optimisation(store: Store, state: BotState) -> None:
    # "CPUs seit Jahrzehnten für Datenbanken optimiert" (10), not max_evol's "Hardware-Optimierung" (136)
    reply = await follow_up(store, state, "what did the university of michigan talk on tpus and databases cover",
                            "why even look at accelerators for that, cpus have been tuned for databases for ages",
                            "1700000000.000001")
    assert first(reply) == (MAIN, 10)


@pytest.mark.parametrize("text", [
    # a who-question whose talk is described by the two things it contrasts asks who gave it, no difference: the
    # Tunix post-training video (374, no speaker named, so its heading answers)
    "who made that beginner video explaining pre-training vs post-training?",
    "wer hat das einsteiger-video zu pre-training vs. post-training gemacht?",
])
async def test_a_talk_described_by_a_contrast_is_asked_who_gave_it(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "who", text
    assert first(reply) == (MAIN, 374), text


@pytest.mark.parametrize("text", [
    # "the intel gpu talk": no title says Intel, its abstract does ("Softwareingenieurin bei Intel", "Intel-GPUs");
    # those words say which talk (the oneAPI backend's), not which of its moments: multi-GPU scaling is 268, not the
    # roadmap (270) that also names Intel's data center GPUs
    "when does the intel gpu talk get to multi-gpu scaling",
    "wann geht es im intel gpu vortrag um die multi-gpu-skalierung",
    "wann geht es im intel-gpu-vortrag um multi-gpu-skalierung",
])
async def test_a_talk_named_by_its_summary_words_says_which_talk_not_which_moment(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "when", text
    assert first(reply) == (MAIN, 268), text


@pytest.mark.parametrize("text", [
    # a picture model is an image(-generation) model, Qwen Image's "Bildgenerierungsmodell", which its introduction
    # (412) names: that names the talk for each of its points, and the time asked is its compile time (419), not the
    # 6 minutes of the vLLM talk's RL benchmark (453)
    "how long did they have to wait for the picture model to get built for the google chips before it ran",
    "wie lange hats gedauert bis das bildmodell von alibaba auf den google chips überhaupt einmal übersetzt war",
])
async def test_a_number_asked_of_a_talk_named_by_its_introduction(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "number", text
    assert first(reply) == (MAIN, 419), text


@pytest.mark.parametrize("text", [
    # a video model, a video generator is a model for video generation: the DiT talk's "Diffusion Transformer
    # (DiT)-Modellen zur Videogenerierung" (its abstract, 92; heading 90, Kai Wong)
    "wer hat den vortrag über die verteilung von videogeneratoren auf tpus gehalten",
    "who gave the talk about placing video generators on tpus",
])
async def test_a_video_model_is_a_model_for_video_generation(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "who", text
    assert first(reply) == (MAIN, 90), text


@pytest.mark.parametrize("text", [
    # "am" and an adjective in -sten is German's superlative of manner: how it is done best, no noun the summaries
    # lack, and no compound of corpus words ("geschick|testen")
    "wer war n der typ von dem vortrag, wo's drum ging, wie man videogeneratoren am geschicktesten auf die tpu-chips "
    "verteilt",
    "wer hat gezeigt, wie man videogeneratoren am geschicktesten auf tpus verteilt",
])
async def test_an_adverbial_superlative_says_how_it_is_done(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False, text
    assert first(reply) == (MAIN, 90), text


@pytest.mark.parametrize("text", [
    # the normal processor, as against the accelerator, is the CPU, and a text prompt is a Prompt: Qwen Image's text
    # encoder runs on the CPU (416)
    "wieso läuft bei dem huggingface-bildgenerator auf tpu ein teil des modells auf dem ganz normalen prozessor",
    "why did they keep the part that reads the text prompt on the normal processor instead of the google chip for "
    "the picture model",
])
async def test_the_normal_processor_is_the_cpu(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False, text
    assert first(reply) == (MAIN, 416), text


@pytest.mark.parametrize("text", [
    # a plan is a Plan, also as the last part of a compound: the compiler's plan is the DiT talk's
    # "Compiler-Ausführungsplan" (98), of which the placement of each computation on a chip is a part
    "wieso gehört bei den videomodellen die frage, auf welchem chip was landet, mit in den plan vom compiler",
])
async def test_a_plan_is_found_inside_a_compound(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 98), text


@pytest.mark.parametrize("text", [
    # "im kinetic-vortrag": German's compound of the talk's name and a talk noun names the Kinetic talk as "im kinetic
    # vortrag" does, no term "kinetic-vortrag" to find: its Docker moments are 68 (Docker-Dateien) and 71 (Container)
    "wann wird im kinetic-vortrag über docker geredet",
    "wann wird im kinetic vortrag über docker geredet",
])
async def test_a_talk_named_by_a_compound_of_its_name_and_a_talk_noun(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["shape"] == "when", text
    lines = [hit["source"]["line"] for hit in body(reply)["hits"]]
    assert lines[0] == 68 and set(lines) == {68, 71}, text


@pytest.mark.parametrize("text", [
    # "the casadi video talk about onnx": "talk" after the talk noun is the verb, and German's "über ONNX … geredet" is
    # what is said; ONNX is what is asked in the CasADi talk, at every moment that says it, Runtime's (522) too
    "when does the casadi video talk about onnx",
    "wann wird im casadi video über onnx geredet",
])
async def test_what_a_named_talk_says_is_no_part_of_its_name(store: Store, text: str) -> None:
    assert talk_naming_words(text) == {"casadi"}, text
    reply = await ask(store, text)
    assert body(reply)["shape"] == "when", text
    assert {hit["source"]["line"] for hit in body(reply)["hits"]} == {521, 522, 523, 525}, text
