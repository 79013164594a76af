"""Which absent word of a question is what it asks about and which is only the asker's wording: each cause through
the function mentions and DMs call, on the bundled corpus in a real SQLite file (the "not covered" decision of
handlers/coverage.py). Lines are of the 000 and 004 files; absence of the asked words was checked by grep over
corpus/*.txt."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from handlers.replies import Reply
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"
PALLAS = "004_b9033c416a07336f.txt"


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


@pytest.mark.parametrize(("text", "said"), [
    # "alpa" is one letter from the corpus's Alpha (000:352's Alpha-Wheels), but a word of four letters is one slip
    # from many: no summary has the system Alpa
    ("does the dit sharding talk mention alpa?", "The summaries don't mention *alpa*."),
    ("wurde alpa im dit sharding vortrag erwähnt", "Die Zusammenfassungen erwähnen *alpa* nicht."),
])
async def test_a_short_absent_name_is_no_slip_of_a_corpus_word(store: Store, text: str, said: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == said, text


@pytest.mark.parametrize("text", [
    # an English preposition opens the phrase of the noun after it: "helper inside" names nothing (no summary has
    # helper; 004:8 calls it "Hilfsprogramm … innerhalb von pl.kernel")
    "what does the `emit_pipeline` helper inside `pl.kernel` do?",
    "what is the `emit_pipeline` helper inside `pl.kernel` good for?",
])
async def test_a_preposition_is_no_word_of_a_name(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (PALLAS, 8), text


@pytest.mark.parametrize(("text", "said"), [
    # an -ing word with no form of be before it is no finite verb after its subject ("the kv cache offloads"): the
    # run names one thing, which no summary has (000:109 defines the KV Cache, nothing offloads or prefetches it)
    ("anything on kv cache offloading?", "The summaries don't mention *kv cache offloading*."),
    ("what about kv cache prefetching", "The summaries don't mention *kv cache prefetching*."),
    # the subject of a passive yes/no question ends before its participle: "cloud" is no verb (the RL talk has TPUs,
    # Forschung and Cloud, never the TPU Research Cloud)
    ("was the tpu research cloud discussed", "The summaries don't mention *tpu research cloud*."),
])
async def test_a_run_ends_in_a_verb_only_where_english_puts_one(store: Store, text: str, said: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == said, text


async def test_a_talk_to_watch_is_asked_for_in_the_askers_words(store: Store) -> None:
    # 000:268's Multi-GPU-Skalierung for verteilte Trainingsvorgänge is the multi-gpu training the asker wants to learn
    text = "which talk should i watch to learn multi-gpu training on intel cards"
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and body(reply)["hits"][0]["source"]["file"] == MAIN, text


@pytest.mark.parametrize("text", [
    # the measured thing of a German quantity question, a compound the summaries say in parts (Speicher, Ebenen), is
    # no thing they lack: 004:4's TPU-Speicherarchitektur divides into HBM, VMA and SM
    "in wie viele speicherebenen teilt palace die tpu auf",
    "wie viele speicherebenen hat die tpu im pallas vortrag",
])
async def test_a_measured_compound_said_in_parts_is_counted(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (PALLAS, 4), text


@pytest.mark.parametrize("text", [
    # German's participle of an English verb (ge-, the verb, -ed) is a verb of the asker's, not a noun the summaries
    # lack, whatever the tagger reads: 000:417 shards along the largest weight dimension
    "nenn mir die matrixgröße, entlang der die bei qwen image gesharded haben",
    "welche matrixgröße haben die bei qwen image auf der v6e-8 gesharded",
])
async def test_a_german_participle_of_an_english_verb_is_no_asked_noun(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 417), text


@pytest.mark.parametrize("text", [
    # a question that capitalises its nouns has no head of a kind in lower case: "bricht ständig" is a verb and an
    # adverb of the asker's context, no kind of ständig the summaries lack; 000:385 is the Tunix talk's OOM-Vermeidung
    "Unser Training bricht ständig mit Speicherfehlern ab. An welchen Stellen kamen in den Vorträgen "
    "Out-of-Memory-Fehler zur Sprache?",
    "Unser Training bricht ständig mit Speicherfehlern ab. Wo kamen Out-of-Memory-Fehler zur Sprache?",
])
async def test_a_lower_case_word_heads_no_kind_where_nouns_are_capitalised(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 385), text


@pytest.mark.parametrize(("text", "said"), [
    # with its topic the one other word the summaries have, a German modal yes/no question asks whether the thing
    # can be done: the treehouse talk says nothing of renting or buying it
    ("kann man das baumhaus eigentlich mieten", "Die Zusammenfassungen erwähnen *mieten* nicht."),
    ("kann man das baumhaus kaufen", "Die Zusammenfassungen erwähnen *kaufen* nicht."),
])
async def test_a_modals_infinitive_is_asked_when_only_the_topic_is_besides(store: Store, text: str,
                                                                           said: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is False and heading(reply) == said, text


async def test_a_modals_infinitive_is_the_askers_verb_beside_a_thing_asked(store: Store) -> None:
    # installing Kinetic is 000:69's Installation
    text = "kann man kinetic installieren"
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 69), text
