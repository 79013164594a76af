"""bench/followup_phrasings: the grid asks help phrasings and talk follow-ups through eval_answers' path, and its
figures are real pass rates."""

from __future__ import annotations

import asyncio

from bench import followup_phrasings


def test_a_small_grid_is_asked_and_scored() -> None:
    scores = asyncio.run(followup_phrasings.run(turns=2))
    helps = [s for s in scores if s.question.file == "help"]
    follow_ups = [s for s in scores if s.question.file == "followup"]
    assert len(helps) == 44 and len(follow_ups) == 28 * 2  # every phrasing; every template after two first turns
    assert {s.question.split for s in scores} == {"tune", "held out"}
    assert all(len(s.question.turns) == 1 for s in follow_ups)  # a thread of its own, first turn first
    # the tune half's figures as measured after this session's fixes (every help phrasing is the help reply)
    assert all(s.top1 for s in helps if s.question.split == "tune")
    assert sum(s.top1 for s in follow_ups if s.question.split == "tune") >= 27
    table = followup_phrasings.rates(scores)
    assert table[2].startswith("| help | tune | 100 % (11/11) | 100 % (11/11) | 100 % (22/22) |")
