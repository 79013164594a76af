"""Follow-ups after a term's definition that ask something of the term: the thread has shown the term's glossary
entry, no key point, so the key point that holds the term and the asked words together answers, not the one that
holds only the follow-up's own words. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from store.state import BotState
from tests.handlers.test_coverage import MAIN, body, first
from tests.handlers.test_questions import follow_up


@pytest.mark.parametrize(("turn", "text", "line"), [
    # why Jaxator calls AIT's kernels as XLA custom calls: 347's "Architektonische Entscheidung, XLA-Custom-Calls zu
    # nutzen", not 346's "Jaxator-Framework", which holds the asker's words but no custom call
    ("what are xla custom calls", "why does jaxator use them", 347),
    ("was sind custom calls", "und warum nutzt jaxator die", 347),
    # what asynchronous rollout overcomes: 306's "Überwindung von Auslastungslücken", not 302's post-training phases,
    # which hold only "RL"
    ("was ist asynchroner rollout", "und welches problem behebt das im rl training", 306),
    # Pathways' role in RL: 164's orchestrator of the disaggregated RL architecture, not 167's evaluation
    ("what is pathways", "which role does it have in the rl setup", 164),
])
async def test_the_point_holding_the_defined_term_answers_what_is_asked_of_it(store: Store, state: BotState,
                                                                                turn: str, text: str,
                                                                                line: int) -> None:
    reply = await follow_up(store, state, turn, text, "31.1")
    assert body(reply)["covered"] and first(reply) == (MAIN, line), text
