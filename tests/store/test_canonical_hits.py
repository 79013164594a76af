"""A talk hit is shown with canonical names (store/canonical.py ``Canonical.talk_hit``): the same title, speakers,
summary and slips as replacing and collecting them text by text."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

from store.canonical import SLIPS_KEPT, Canonical
from store.lexicon import load_lexicon
from store.model import PointHit, Source, TalkHit
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


def test_a_point_hit_reads_as_its_texts_replaced_whether_its_slips_were_kept_or_not(db_path: Path) -> None:
    """``point_hit`` keeps each text's slips (``_slips_in``): asked again, or after the oldest were dropped, a hit
    reads as ``slips`` of its three texts say, in the order first written."""
    canonical = Canonical(load_lexicon(CORPUS))
    rows = sqlite3.connect(db_path).execute(
        "SELECT t.title, p.title, p.text FROM points p JOIN talks t USING (talk_id)").fetchall()
    rows += [("Palace und VMA", "VMA, Palace", "palace_call und PALACE; VMA, vma, XC-Cores, Palace"), ("", "", "")]
    hits = [PointHit("t", talk_title, 1, "0:01", title, text, 1.0, Source("f", 1)) for talk_title, title, text in rows]
    slipped = 0
    for _asked_again in range(2):
        for hit in hits:
            slips = canonical.slips((hit.talk_title, hit.title, hit.text))
            expected = hit if not slips else replace(
                hit, talk_title=canonical.text(hit.talk_title), title=canonical.text(hit.title),
                text=canonical.text(hit.text), slips=slips)
            assert canonical.point_hit(hit) == expected
            slipped += bool(slips)
        assert 0 < len(canonical._kept_slips) <= SLIPS_KEPT
    assert slipped >= 8
    small = Canonical(load_lexicon(CORPUS))
    for hit in hits:
        small._kept_slips = dict(list(small._kept_slips.items())[-3:])  # as if the others had been dropped
        assert small.point_hit(hit) == canonical.point_hit(hit)
