"""A talk hit is shown with canonical names (store/canonical.py ``Canonical.talk_hit``): the same title, speakers,
summary and slips as replacing and collecting them text by text."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

from store.canonical import Canonical
from store.lexicon import load_lexicon
from store.model import Source, TalkHit
from tests.conftest import CORPUS


def test_a_talk_hit_reads_as_its_texts_replaced_one_by_one(db_path: Path) -> None:
    canonical = Canonical(load_lexicon(CORPUS))
    rows = sqlite3.connect(db_path).execute("SELECT talk_id, title, speakers, summary FROM talks").fetchall()
    extra = [("x", "Palace und VMA", "[]", "Palace. Palace-Kernel, palace_call und PALACE; VMA, vma, XC-Cores"),
             ("y", "", "[]", ""), ("z", "Kein Versprecher", "[]", "Nichts zu ersetzen.")]
    slipped = 0
    for talk_id, title, speakers, summary in rows + extra:
        hit = TalkHit(talk_id, title, tuple(json.loads(speakers)), summary, 1.0, Source("f", 1), ())
        slips = canonical.slips((title, summary))
        expected = hit if not slips else replace(
            hit, title=canonical.text(title), speakers=canonical.names(hit.speakers), summary=canonical.text(summary),
            slips=slips)
        assert canonical.talk_hit(hit) == expected, talk_id
        slipped += bool(slips)
    assert slipped >= 4  # the corpus writes "Palace" and other slips in several summaries
