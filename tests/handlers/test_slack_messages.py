"""Questions typed as Slack messages: the chatter around the question (a remark after it, an opener before it, a
quoted line it refers to, markup) is never its topic and never makes the reply "not covered". Asked through the
function mentions and DMs call, on the bundled corpus in a real SQLite file."""

from __future__ import annotations

import json

import pytest

from store.db import Store
from tests.handlers.test_questions import MAIN, ask, body, first

PALLAS = "004_b9033c416a07336f.txt"


@pytest.mark.parametrize(("text", "line"), [
    # chat is typed in lower case: the remark after the question mark is the asker's, no word of what is asked
    ("what is Level Zero? heard the name at lunch", 287),
    ("was ist reaktionsholz? fürs baumhaus-projekt", 612),
])
async def test_a_remark_after_the_question_mark_is_no_part_of_the_term(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, line), text


@pytest.mark.parametrize("text", [
    "where does docker come up? need it for a slide",
    "wo taucht google colab auf? brauch ich für ne folie",
])
async def test_a_remark_after_the_question_mark_never_makes_it_not_covered(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and body(reply)["hits"], text


@pytest.mark.parametrize(("text", "file", "line"), [
    # chat opens a question by saying it is one, a small or naive one: no word of what is asked
    ("qq what is reaktionsholz?", MAIN, 612),
    ("sorry if this is a dumb question, what does VJP stand for?", MAIN, 365),
    ("sorry falls das ne dumme frage ist: was heißt SM?", PALLAS, 20),
    ("noob question - how many lathe workers did the nc machines replace?", MAIN, 628),
])
async def test_an_opener_is_no_part_of_the_question(store: Store, text: str, file: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (file, line), text


@pytest.mark.parametrize(("text", "line"), [
    # what an opener says up to its colon, what the question is about or why it is asked, is the asker's context
    ("quick q for my reading group: how many lathe workers did the nc machines replace?", 628),
    ("kurze frage zum baumhaus-video: was ist reaktionsholz?", 612),
    ("qq re the jax talk: what does VJP stand for?", 365),
])
async def test_an_openers_lead_up_to_its_colon_is_context(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, line), text


async def test_an_openers_lead_never_makes_it_not_covered(store: Store) -> None:
    reply = await ask(store, "fyi sammle grad sachen fürs wiki: wo kommt docker vor?")
    assert body(reply)["covered"] is not False and (MAIN, 68) in {
        (hit["source"]["file"], hit["source"]["line"]) for hit in body(reply)["hits"]}


@pytest.mark.parametrize("text", [
    # markup typed as text reaches the bot escaped: read as the markup it looks like, it is dropped, never echoed
    "what does VJP stand for &lt;@U0123ABC&gt;?",
    "was heißt VJP &lt;!channel&gt;?",
])
async def test_markup_typed_as_text_is_no_word_of_the_question(store: Store, text: str) -> None:
    reply = await ask(store, text)
    shown = json.dumps(body(reply), ensure_ascii=False)
    assert first(reply) == (MAIN, 365), text
    assert "U0123ABC" not in shown and "<!" not in shown and "&lt;!" not in shown and "<@" not in shown, text


@pytest.mark.parametrize("text", ["what's the diff between dpo and orpo?", "und der diff zwischen dpo und orpo?"])
async def test_chats_short_diff_asks_for_the_difference(store: Store, text: str) -> None:
    reply = await ask(store, text)
    shown = {(hit["source"]["file"], hit["source"]["line"]) for hit in body(reply)["hits"]}
    assert body(reply)["shape"] == "difference" and {(MAIN, 177), (MAIN, 325)} <= shown, text


@pytest.mark.parametrize(("text", "line"), [
    # a mention the comma after it closes leaves no comma behind to open the question
    ("hey <@U0123ABC>, what does VJP stand for?", 365),
    ("hallo <@U0123ABC>, wie lange hat das kompilieren von qwen image gedauert?", 419),
])
async def test_a_mention_before_a_comma_leaves_no_comma_behind(store: Store, text: str, line: int) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, line), text
