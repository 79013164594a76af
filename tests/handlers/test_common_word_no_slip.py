"""A word of general language that a yes/no question asks whether the talks say is typed as meant, however near a
corpus word it is: through the function mentions and DMs call, on the bundled corpus in a real SQLite file. No summary
writes Schrift (grep over corpus/*.txt); the Qwen Image talk writes Schritte, one letter away."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, assert_said_not_covered, body, first


async def test_a_common_word_asked_whether_is_no_slip_of_a_corpus_word(store: Store) -> None:
    text = "kann qwen image auch schrift in bilder rendern"
    reply = await ask(store, text)
    assert_said_not_covered(reply, "Die Zusammenfassungen erwähnen *schrift* nicht.", text)
    assert first(reply) == (MAIN, 412)  # what the summaries say about Qwen Image follows


async def test_a_why_question_still_reads_a_near_word_as_the_summaries_wording(store: Store) -> None:
    # not a yes/no question: "firmen" is the asker's word for the companies 000:300 speaks of (Unternehmen)
    reply = await ask(store, "warum mischen firmen gpus und tpus in ihren rechenzentren, laut dem tinix vortrag")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 300)
