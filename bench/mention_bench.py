"""How long a mention answer takes in-process on the bundled corpus: parse, compose, thread memory, render.

Usage: .venv/bin/python bench/mention_bench.py [--rounds 5] [--cache 0|1024] [--questions FILE]

Each question of bench/eval_answers.toml's tune split (or of another question file's, ``--questions``;
plus follow-ups in their threads) is answered
the way the Slack listener does it: ``mentions.answer`` with the bot state (thread memory read and
written) and the reply rendered to Block Kit. ``--cache 0`` turns the store's answer cache off, so
every question runs its full search (the honest figure; a repeated question is cheaper with the cache
on). Prints the latency percentiles over all answers (the first round is a warm-up and not counted):
wall clock, and the process's CPU time per answer (all threads; aiosqlite runs SQLite on its own), which
holds up on a shared, loaded machine where wall-clock percentiles mostly measure the other processes.
The load average is printed with them. The start-up heap is frozen as the server freezes it (``freeze_startup_heap``).
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.server import freeze_startup_heap  # noqa: E402
from handlers import mentions  # noqa: E402
from handlers.blocks import render  # noqa: E402
from handlers.replies import DigestThread  # noqa: E402
from store.db import Store  # noqa: E402
from store.ingest import ingest_sync  # noqa: E402
from store.state import BotState  # noqa: E402

CORPUS = ROOT / "corpus"
QUESTIONS = ROOT / "bench" / "eval_answers.toml"


def conversations(questions: Path = QUESTIONS) -> list[list[str]]:
    """Each tune question with the earlier turns of its thread."""
    with questions.open("rb") as handle:
        raw = tomllib.load(handle)["question"]
    return [[*q.get("turns", []), q["text"]] for q in raw if q["split"] == "tune"]


async def run(rounds: int, cache: int, questions: Path = QUESTIONS) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        ingest_sync(db, [CORPUS])
        store = await Store.open(db, CORPUS, cache_size=cache)
        state = await BotState.open(db)
        freeze_startup_heap()  # as the server does once it has opened the store: no full collection walks the view
        timings: list[float] = []
        cpu: list[float] = []
        # An answering layer without thread memory (before issue 10) is timed without it.
        remembers = "state" in inspect.signature(mentions.answer).parameters
        try:
            for round_number in range(rounds + 1):
                for index, turns in enumerate(conversations(questions)):
                    thread = f"{round_number}.{index:06d}"
                    for text in turns:
                        # a later round asks the same texts again: forget their concepts (store/view.py keeps them per
                        # generation) and all else kept of them, so each answer is timed as a first-time question
                        if hasattr(store._view, "forget_asked"):
                            store._view.forget_asked()
                        else:
                            getattr(store._view, "_concepts", {}).clear()
                        started, started_cpu = time.perf_counter(), time.process_time()
                        memory = dict(state=state, channel="CBENCH", thread_ts=thread) if remembers else {}
                        reply = await mentions.answer(store, f"<@UBOT> {text}", **memory)
                        if not isinstance(reply, DigestThread):
                            render(reply, public=True)
                        if round_number:  # round 0 warms caches and the vocabulary
                            timings.append(time.perf_counter() - started)
                            cpu.append(time.process_time() - started_cpu)
        finally:
            await state.close()
            await store.close()
    return timings, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cache", type=int, default=0, help="store answer cache size (0 = off)")
    parser.add_argument("--questions", type=Path, default=QUESTIONS, help="question file (its tune split is asked)")
    args = parser.parse_args()
    wall, cpu = asyncio.run(run(args.rounds, args.cache, args.questions))
    print(f"answers: {len(wall)} (cache {args.cache}), load average {os.getloadavg()[0]:.1f}")
    for name, values in (("wall", wall), ("cpu", cpu)):
        ms = sorted(t * 1000 for t in values)

        def pct(p: float, ms: list[float] = ms) -> float:
            return ms[min(len(ms) - 1, int(p / 100 * len(ms)))]

        print(f"  {name}: mean {statistics.fmean(ms):.2f} ms, p50 {pct(50):.2f} ms, p90 {pct(90):.2f} ms, "
              f"p99 {pct(99):.2f} ms, max {ms[-1]:.2f} ms")


if __name__ == "__main__":
    main()
