"""Messages that say why they ask before they ask: the sentence or clause that asks is the question, the rest is the
asker's context, which never makes the reply "not covered" and only breaks ties or says what "it" and "dort" mean.

Expected answers are lines of the 000 file; asked through the function mentions and DMs call, on a real store over the
bundled corpus.
"""

from __future__ import annotations

import pytest

from bot.console import as_text
from handlers.questions import Shape, parse
from store.db import Store

from .test_explain_words import ask, assert_answered_by, body


@pytest.mark.parametrize(("text", "line"), [
    # ", so how long …": the clause after the lead-in asks (000:573's Geothermie-Bienen im fünften Jahr)
    ("We keep bees on a windy hill, so how long have the vlogger's underground geothermal hives been running?", 573),
    # the sentence with the question mark asks; "Gartenhaus", "erfasst" are the asker's (000:547's 3D-Scanner-App)
    ("Ich plane ein Gartenhaus und frage mich, wie man Bäume genau erfasst. Mit welcher App wurden im Baumhaus-Video "
     "die Stämme vermessen?", 547),
    # "Colab-Zugänge" is no word of the question about the dilution refrigerators (000:34)
    ("Wir haben im Team nur Colab-Zugänge. Wie kalt sind die Verdünnungskühlschränke bei JAX Quantum?", 34),
    # "its" is the context's max_evol (000:131's Architektur von max_evol)
    ("I'm reading up on max_evol for a kernel port. Can you tell me what its architecture consists of?", 131),
    # "dort" is where the context places it, the Tunix team's RL on TPUs, though no one of the Tunix talks leads: 304's
    # Entkoppeltes Agenten-Modell (Tunix), not the post-training talk's disaggregated architecture (164)
    ("Ich versuche gerade zu verstehen, wie das Tunix-Team agentenbasiertes Reinforcement Learning auf TPUs "
     "organisiert. Wie werden dort die Rollouts und das Training voneinander getrennt?", 304),
])
async def test_the_question_after_the_context_is_answered(store: Store, text: str, line: int) -> None:
    assert_answered_by(await ask(store, text), line)


@pytest.mark.parametrize(("text", "asked", "subject"), [
    ("Our analysts love spreadsheets, so did any talk cover pivot tables?", "did any talk cover pivot tables?",
     "pivot tables"),
    ("Bei uns läuft alles auf Kubernetes. Gab es in den Vorträgen etwas zu Helm-Charts?",
     "Gab es in den Vorträgen etwas zu Helm-Charts?", "Helm-Charts"),
])
def test_the_context_is_no_word_of_the_subject(text: str, asked: str, subject: str) -> None:
    question = parse(text)
    assert (question.text, question.subject) == (asked, subject)
    assert question.context


@pytest.mark.parametrize("text", ["what is HBM?", "wie viele Dimensionen kann ein Array in XLA haben?",
                                  "really? why?", "z. B. Pallas: was ist das?"])
def test_a_single_question_has_no_context(text: str) -> None:
    question = parse(text)
    assert question.context == "" and question.text == text


def test_a_question_whether_a_talk_told_asks_what_it_told() -> None:
    # "Wurde … erklärt, woher …": where the long compile times come from; where it was told is context
    question = parse("Wurde im Crashkurs erklärt, woher die langen Kompilierungszeiten kommen?")
    assert question.subject == "langen Kompilierungszeiten" and question.context == "Wurde im Crashkurs erklärt"
    assert question.shape == Shape.SEARCH


async def test_the_names_of_the_context_place_a_name_asked_in_other_words(store: Store) -> None:
    # vLLM, TPUs in the context say which talk: its vertical Kernel-Fusion (000:448) is what the asker calls the
    # vertical optimisations, no name the summaries lack
    assert_answered_by(await ask(store, "We run vLLM on TPUs with MoE models. What are the vertical optimisations "
                                        "they describe?"), 448)


async def test_a_context_of_plain_words_places_no_absent_name(store: Store) -> None:
    # "our team", "classic models", "tabular data" name no talk: random forests stay a thing no summary has
    reply = await ask(store, "Our team relies on classic models for tabular data, so was anything said about random "
                             "forests?")
    assert body(reply)["covered"] is False and "random forests" in as_text(reply).split("\n")[0]
