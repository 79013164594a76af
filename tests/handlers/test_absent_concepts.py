"""Questions about a concept no summary mentions, typed next to words the summaries do have: through the function
mentions and DMs call, on the bundled corpus in a real SQLite file. Absence was checked by grep over corpus/*.txt."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import ask, assert_said_not_covered


@pytest.mark.parametrize(("text", "said"), [
    # German inflects no verb in -ing: a lower-case -ing word is the English noun a German question borrows, with the
    # word typed before it (the talks have verteilt and Caching, Prompt and Tuning, never together)
    ("wo gings um verteiltes caching", "Die Zusammenfassungen erwähnen *verteiltes caching* nicht."),
    ("kann tunix auch prompt tuning", "Die Zusammenfassungen erwähnen *prompt tuning* nicht."),
    ("gibts was zu model serving", "Die Zusammenfassungen erwähnen *model serving* nicht."),
])
async def test_an_english_gerund_in_a_german_question_ends_a_name(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)
