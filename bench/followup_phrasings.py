"""Help requests and talk follow-ups asked in many phrasings, scored per language and per half (tune / held out).

Usage: .venv/bin/python bench/followup_phrasings.py [--turns N] [--show-misses]

The grid is bench/followup_phrasings.toml (read its header): every ``[[help]]`` phrasing is asked on its own and
passes when the reply is the help reply; every ``[[followup]]`` template is asked as the second turn of a thread whose
first turn is a spent question file's talk follow-up's first turn (by machine), and passes when the first hit is from
that follow-up's talk (the talk whose summary holds its expected lines). Questions are asked and scored by
bench/eval_answers.py's own functions (same mention path, a thread per item, the same thread memory).
``--turns N`` uses only N first turns per language (spread over the pool), for a quick run. ``--show-misses`` prints
the misses of the tune half only: the held-out half's failures are never shown.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.eval_answers import CORPUS, UNSEEN, Location, Question, Score, evaluate, load_questions, talk_sources  # noqa: E402
from store.db import Store  # noqa: E402
from store.ingest import ingest_sync  # noqa: E402

GRID = ROOT / "bench" / "followup_phrasings.toml"
HALVES = {True: "tune", False: "held out"}
# a follow-up's context naming its thread's talk and where its summary is: "talk: oneAPI (257)", "talk: Pallas (004)"
THREAD_TALK = re.compile(r"talk: [^(]*\((?:(?P<file>\d{3}):)?(?P<line>\d+)")


def first_turns(stems: list[str], headings: dict[str, set[Location]]) -> dict[str, list[tuple[str, str]]]:
    """Per language, (first turn, talk id) of the spent files' follow-ups whose thread is about a talk."""
    owner: dict[str, list[tuple[int, str]]] = {}  # file -> (summary heading line, talk id), to place a line in a talk
    for talk_id, lines in headings.items():
        for file, line in lines:
            owner.setdefault(file, []).append((line, talk_id))
    for starts in owner.values():
        starts.sort()

    def talk_of(file: str, line: int) -> str | None:
        before = [talk_id for start, talk_id in owner.get(file, []) if start <= line]
        return before[-1] if before else None

    pool: dict[str, list[tuple[str, str]]] = {"en": [], "de": []}
    seen: set[str] = set()
    for stem in stems:
        if stem.removeprefix("eval_answers_") in UNSEEN:
            raise ValueError(f"{stem} is an unseen held-out set")
        with (ROOT / "bench" / f"{stem}.toml").open("rb") as handle:
            contexts = {q["id"]: q.get("context", "") for q in tomllib.load(handle)["question"]}
        for question in load_questions("all", stem):
            placed = THREAD_TALK.match(contexts[question.id])
            if question.shape != "followup" or not question.turns or not placed or question.turns[0] in seen:
                continue
            # "(004)" is a file's talk, "(004:12)" a line of file 004, "(228)" or "(541/592)" a line of file 000
            prefix, line = (placed["file"] or "000", int(placed["line"])) if not placed["line"].startswith("0") \
                else (placed["line"], 1)
            files = [file for file in owner if file.startswith(prefix + "_")]
            if len(files) != 1 or (talk_id := talk_of(files[0], line)) is None:
                continue
            seen.add(question.turns[0])
            pool[question.lang].append((question.turns[0], talk_id))
    return pool


def spread(items: list[tuple[str, str]], count: int | None) -> list[tuple[str, str]]:
    if count is None or count >= len(items):
        return items
    return [items[index * len(items) // count] for index in range(count)]


def grid_questions(grid: dict, pool: dict[str, list[tuple[str, str]]],
                   headings: dict[str, set[Location]], turns: int | None) -> list[Question]:
    out = []
    for index, item in enumerate(grid["help"]):
        out.append(Question(f"help-{item['lang']}-{index:02d}", item["text"], item["lang"], "help", "help",
                            HALVES[item["tune"]], [], file="help"))
    for index, item in enumerate(grid["followup"]):
        for number, (turn, talk_id) in enumerate(spread(pool[item["lang"]], turns)):
            out.append(Question(f"followup-{item['lang']}-{index:02d}-{number:03d}", item["text"], item["lang"],
                                "followup", item["kind"], HALVES[item["tune"]], [headings[talk_id]], [turn],
                                file="followup"))
    return out


def rates(scores: list[Score]) -> list[str]:
    lines = ["| kind | half | en | de | all |", "|---|---|---|---|---|"]
    for kind in ("help", "followup"):
        for half in HALVES.values():
            rows = [s for s in scores if s.question.file == kind and s.question.split == half]
            cells = []
            for lang in ("en", "de", None):
                picked = [s for s in rows if lang is None or s.question.lang == lang]
                passed = sum(s.top1 for s in picked)
                cells.append(f"{100 * passed / len(picked):.0f} % ({passed}/{len(picked)})" if picked else "–")
            lines.append(f"| {kind} | {half} | {' | '.join(cells)} |")
    return lines


async def run(turns: int | None = None) -> list[Score]:
    with GRID.open("rb") as handle:
        grid = tomllib.load(handle)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "followup_phrasings.db"
        ingest_sync(db, [CORPUS])
        store = await Store.open(db, CORPUS)
        try:
            headings = await talk_sources(store)
        finally:
            await store.close()
        pool = first_turns(grid["first_turns_from"], headings)
        return await evaluate(db, grid_questions(grid, pool, headings, turns), show_misses=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, help="first turns per language (default: every one)")
    parser.add_argument("--show-misses", action="store_true", help="the tune half's misses (never the held-out half's)")
    args = parser.parse_args()
    scores = asyncio.run(run(args.turns))
    if args.show_misses:
        for result in scores:
            if result.question.split == "tune" and not result.top1:
                turn = f" after {result.question.turns[0]!r}" if result.question.turns else ""
                print(f"  miss [{result.question.id}] {result.question.text!r}{turn}: first {result.first}",
                      file=sys.stderr)
    print("\n".join(rates(scores)))


if __name__ == "__main__":
    main()
