"""A German question asking what is planned that starts with "Was" (what) is about plans: "was" is no English past
tense there, so the key point on what is planned leads a point about what was done that is about as relevant. Asked
through the function mentions and DMs call, on the bundled corpus; lines are of the 000 file."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store

MAIN = "000_05e4716c93976b38.txt"


@pytest.mark.parametrize(("text", "line"), [
    # 138 "Roadmap: Geplante Bereitstellung …", not 124, the max_evol talk's opening
    ("Was haben die Entwickler beim agentenbasierten Kernel-Portieren für die Zukunft geplant?", 138),
    # 352 "Zukunftsaussichten", not 346, the Jaxator framework's point
    ("Was ist für Jaxator künftig geplant?", 352),
])
async def test_a_german_was_question_about_plans_leads_with_the_plans(store: Store, text: str, line: int) -> None:
    reply = await mentions.answer(store, f"<@UBOT> {text}")
    hit = json.loads(as_json(reply))["hits"][0]
    assert (hit["source"]["file"], hit["source"]["line"]) == (MAIN, line), text
