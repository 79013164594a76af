"""Questions that call what they ask about a term or word, in either language and with the language it is of: "what
does the german word zerspanung mean", "was heißt der englische Begriff …". The frame only says it is a term: the term
alone is defined, not "german" or "term" told absent. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import Shape, parse
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first, heading


@pytest.mark.parametrize(("text", "subject"), [
    ("what is the english expression roofline model", "roofline model"),
    ("was bedeutet der deutsche begriff zerspanung", "zerspanung"),
    ("what does the term sharding mean", "sharding"),
])
def test_the_term_frame_is_no_word_of_the_subject(text: str, subject: str) -> None:
    question = parse(text)
    assert question.shape == Shape.DEFINE and question.subject == subject, text


@pytest.mark.parametrize("text", ["what does the german term zerspanung mean",
                                  "was heißt das deutsche wort zerspanung"])
async def test_a_term_called_a_german_word_is_defined(store: Store, text: str) -> None:
    reply = await ask(store, text)
    assert body(reply)["covered"] and first(reply) == (MAIN, 638) and "Zerspanung" in heading(reply), text


@pytest.mark.parametrize(("text", "shape"), [
    ("aus welchem vortrag stammt der begriff", Shape.SUMMARY),  # the thread's term, no term named after it
])
def test_the_term_alone_still_points_back(text: str, shape: Shape) -> None:
    question = parse(text)
    assert question.shape == shape and question.subject == "", text
