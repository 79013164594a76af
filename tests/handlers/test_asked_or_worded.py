"""Which absent word of a question is what it asks about and which is only the asker's wording: each cause through
the function mentions and DMs call, on the bundled corpus in a real SQLite file (the "not covered" decision of
handlers/coverage.py). Lines are of the 000 and 004 files; absence of the asked words was checked by grep over
corpus/*.txt."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first, heading

PALLAS = "004_b9033c416a07336f.txt"


@pytest.mark.parametrize(("text", "said"), [
    # "alpa" is one letter from the corpus's Alpha (000:352's Alpha-Wheels), but a word of four letters is one slip
    # from many: no summary has the system Alpa
    pytest.param("does the dit sharding talk mention alpa?", "The summaries don't mention *alpa*.",
                 id="short-word-no-slip-en"),
    pytest.param("wurde alpa im dit sharding vortrag erwähnt", "Die Zusammenfassungen erwähnen *alpa* nicht.",
                 id="short-word-no-slip-de"),
    # an -ing word with no form of be before it is no finite verb after its subject ("the kv cache offloads"): the
    # run names one thing, which no summary has (000:109 defines the KV Cache, nothing offloads or prefetches it)
    pytest.param("anything on kv cache offloading?", "The summaries don't mention *kv cache offloading*.",
                 id="ing-no-finite-verb"),
    pytest.param("what about kv cache prefetching", "The summaries don't mention *kv cache prefetching*.",
                 id="ing-no-finite-verb-2"),
    # the subject of a passive yes/no question ends before its participle: "cloud" is no verb (the RL talk has TPUs,
    # Forschung and Cloud, never the TPU Research Cloud)
    pytest.param("was the tpu research cloud discussed", "The summaries don't mention *tpu research cloud*.",
                 id="passive-subject-ends-before-participle"),
    # with its topic the one other word the summaries have, a German modal yes/no question asks whether the thing
    # can be done: the treehouse talk says nothing of renting or buying it
    pytest.param("kann man das baumhaus eigentlich mieten", "Die Zusammenfassungen erwähnen *mieten* nicht.",
                 id="modal-infinitive-asked"),
    pytest.param("kann man das baumhaus kaufen", "Die Zusammenfassungen erwähnen *kaufen* nicht.",
                 id="modal-infinitive-asked-2"),
    # a word typed solid is the corpus words it reads as only where a summary writes them next to each other
    # ("controlnet" is no "Optimal Control … neuronaler Netze" of the CasADi talk, a few words apart), and a slip of
    # a word-list key only one slip from it (no "control unit", two letters away): no summary has ControlNet
    pytest.param("does the qwen image tpu port work with controlnet", "The summaries don't mention *controlnet*.",
                 id="solid-word-no-loose-reading-en"),
    pytest.param("kann der qwen image port auch controlnet", "Die Zusammenfassungen erwähnen *controlnet* nicht.",
                 id="solid-word-no-loose-reading-de"),
    # an indefinite article opens the object of a do-question's verb, what the question asks about, not what its
    # subject does: the summaries have fibres and connections, the treehouse no fibre connection; the Michigan talk
    # queries relational databases, no vector database
    pytest.param("did the treehouse get a fiber connection", "The summaries don't mention *fiber connection*.",
                 id="indefinite-article-opens-the-object"),
    pytest.param("did the michigan team build a vector database", "The summaries don't mention *vector database*.",
                 id="indefinite-article-opens-the-object-2"),
    # one talk's own name, a word the language writes but not often, is a name no other talk holds: AWS
    # is the StableHLO talk's (000:191's AWS Neuron), never Kinetic's
    pytest.param("does kinetic run on aws", "The summaries don't mention *aws*.", id="one-talks-name-beside-another"),
    pytest.param("kann ich kinetic auch auf aws laufen lassen", "Die Zusammenfassungen erwähnen *aws* nicht.",
                 id="one-talks-name-beside-another-de"),
])
async def test_the_absent_word_asked_about_is_said_not_covered(store: Store, text: str, said: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == said, text


@pytest.mark.parametrize(("text", "expected"), [
    # an English preposition opens the phrase of the noun after it: "helper inside" names nothing (no summary has
    # helper; 004:8 calls it "Hilfsprogramm … innerhalb von pl.kernel")
    pytest.param("what does the `emit_pipeline` helper inside `pl.kernel` do?", (PALLAS, 8),
                 id="preposition-no-word-of-a-name"),
    pytest.param("what is the `emit_pipeline` helper inside `pl.kernel` good for?", (PALLAS, 8),
                 id="preposition-no-word-of-a-name-2"),
    # the measured thing of a German quantity question, a compound the summaries say in parts (Speicher, Ebenen), is
    # no thing they lack: 004:4's TPU-Speicherarchitektur divides into HBM, VMA and SM
    pytest.param("in wie viele speicherebenen teilt palace die tpu auf", (PALLAS, 4), id="measured-compound-in-parts"),
    pytest.param("wie viele speicherebenen hat die tpu im pallas vortrag", (PALLAS, 4),
                 id="measured-compound-in-parts-2"),
    # German's participle of an English verb (ge-, the verb, -ed) is a verb of the asker's, not a noun the summaries
    # lack, whatever the tagger reads: 000:417 shards along the largest weight dimension
    pytest.param("nenn mir die matrixgröße, entlang der die bei qwen image gesharded haben", (MAIN, 417),
                 id="german-participle-of-english-verb"),
    pytest.param("welche matrixgröße haben die bei qwen image auf der v6e-8 gesharded", (MAIN, 417),
                 id="german-participle-of-english-verb-2"),
    # a question that capitalises its nouns has no head of a kind in lower case: "bricht ständig" is a verb and an
    # adverb of the asker's context, no kind of ständig the summaries lack; 000:385 is the Tunix talk's OOM-Vermeidung
    pytest.param("Unser Training bricht ständig mit Speicherfehlern ab. An welchen Stellen kamen in den Vorträgen "
                 "Out-of-Memory-Fehler zur Sprache?", (MAIN, 385), id="lower-case-heads-no-kind"),
    pytest.param("Unser Training bricht ständig mit Speicherfehlern ab. Wo kamen Out-of-Memory-Fehler zur Sprache?",
                 (MAIN, 385), id="lower-case-heads-no-kind-2"),
    # beside a thing asked, a modal's infinitive is the asker's verb: installing Kinetic is 000:69's Installation
    pytest.param("kann man kinetic installieren", (MAIN, 69), id="modal-infinitive-beside-a-thing"),
    # a number of a phrase the word list translates as one word is part of the name, no count: "two stage" is
    # 000:100's Zweistufiges Suchframework
    pytest.param("explain the two stage search for device placement", (MAIN, 100), id="number-of-a-phrase"),
    # "real" says it is the thing proper, no kind of it: a real toilet is the WC of 000:605's year-round architecture
    pytest.param("does the treehouse have a real toilet or do you have to climb down", (MAIN, 605),
                 id="real-is-the-thing-proper"),
])
async def test_the_askers_wording_leaves_the_answering_point_first(store: Store, text: str,
                                                                   expected: tuple[str, int]) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == expected, text


async def test_a_talk_to_watch_is_asked_for_in_the_askers_words(store: Store) -> None:
    # 000:268's Multi-GPU-Skalierung for verteilte Trainingsvorgänge is the multi-gpu training the asker wants to learn
    text = "which talk should i watch to learn multi-gpu training on intel cards"
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and body(reply)["hits"][0]["source"]["file"] == MAIN, text
