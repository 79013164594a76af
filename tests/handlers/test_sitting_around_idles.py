"""Hardware "sitting around" idles, in English as German "(he)rumsitzen" says: through the function mentions and DMs
call, on the bundled corpus in a real SQLite file. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, first


@pytest.mark.parametrize("text", [
    "why are the trainer chips sitting around in tunix",
    "how does tunix keep the trainers from sitting around",
])
async def test_chips_sitting_around_are_idle(store: Store, text: str) -> None:
    # "sitting around" is a phrase of the word list (Leerlauf, Auslastungslücken), its "around" no frame word: Tunix's
    # asynchronous rollout "Überwindung von Auslastungslücken (Bubbles)" (306), not its rollout-to-trainer ratio
    # (315), which holds only "trainer" and "chips"
    reply = await ask(store, text)
    assert first(reply) == (MAIN, 306), text
