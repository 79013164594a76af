"""An acronym typed in lower case (letters without a vowel no language writes) is a name, as one typed in capitals:
no key point holding the question's other words says it in the asker's words. Through the function mentions and DMs
call, on the bundled corpus in a real SQLite file. Absence of the asked words was checked by grep over corpus/*.txt."""

from __future__ import annotations

import pytest

from store.db import Store
from tests.handlers.test_coverage import ask, assert_said_not_covered


@pytest.mark.parametrize(("text", "said"), [
    # 000:236 holds FlyDSL's JAX integration and multi-GPU, not RCCL
    ("does the flydsl integration use rccl for multi-gpu", "The summaries don't mention *rccl*."),
])
async def test_an_acronym_in_lower_case_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)
