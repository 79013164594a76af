"""A when question that names its talk by a title word two talks share ("the maxtext post-training talk": "Post-Training
von LLMs" with Tunix, "Post-Training und RL von großen Sprachmodellen" with MaxText) lists the asked topic's moments
of those talks, the one the naming words describe best first, though no moment repeats the naming words. Through the
function mentions and DMs call, on the bundled corpus in a real SQLite file; lines are of the 000 file."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_questions import ask, body

MAXTEXT_STACK = "post-training-und-rl-von-grossen-sprachmodellen-auf-google"


async def test_moments_of_the_talks_a_shared_title_word_names(store: Store) -> None:
    # GRPO in the MaxText stack talk: the Gemma 4 run (15:32, 000:166) and the GPU-TPU parity run (27:31, 000:168);
    # the Tunix talk's GRPO point (384) after them
    reply = body(await ask(store, "when does the maxtext post-training talk get into grpo"))
    assert reply["covered"] is True
    assert reply["hits"][0]["talk_id"] == MAXTEXT_STACK
    lines = [hit["source"]["line"] for hit in reply["hits"]]
    assert {166, 168} <= set(lines)
    assert max(lines.index(166), lines.index(168)) < lines.index(384)


async def test_a_title_word_of_one_talk_keeps_to_it(store: Store) -> None:
    reply = body(await ask(store, "when does the tunix post-training talk get into grpo"))
    assert reply["hits"][0]["source"]["line"] == 384


async def test_a_talk_named_by_what_several_talks_say_alike_is_the_one_holding_the_topic(store: Store) -> None:
    # "MaxText" is in no title and fits the MaxText stack talk and the vLLM talk about alike; only the stack talk has
    # GRPO (000:166, 168), so "the maxtext talk" is that one, not the Tunix talk's GRPO point (384) first
    for text in ("wann kommt im maxtext-talk grpo vor", "when does the maxtext talk get into grpo"):
        reply = body(await ask(store, text))
        assert reply["covered"] is True, text
        assert {hit["talk_id"] for hit in reply["hits"]} == {MAXTEXT_STACK}, text
        assert {hit["source"]["line"] for hit in reply["hits"]} == {166, 168}, text
