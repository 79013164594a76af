"""A yes/no question whether someone went to do an activity ("go fishing", "war … angeln") asks about that activity as
it would about a thing: a verb no summary has is not covered there, however common in the language. Through the
function mentions and DMs call, on the bundled corpus in a real SQLite file. Absence of the asked words was checked
by grep over corpus/*.txt."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import ask, assert_said_not_covered


@pytest.mark.parametrize(("text", "said"), [
    ("did the bee vlogger go fishing at lake vselug", "The summaries don't mention *fishing*."),
    ("war der vlogger auf den kurilen auch angeln", "Die Zusammenfassungen erwähnen *angeln* nicht."),
])
async def test_an_activity_asked_whether_done_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)
