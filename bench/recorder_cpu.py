"""CPU of recording questions while answers keep the answer slots busy (bot/usage.py, BENCHMARKS.md finding 9).

    .venv/bin/python bench/recorder_cpu.py [--tree DIR] [--questions 1000] [--busy 1.5]

Queues QUESTIONS answered /define questions at once (a burst whose answers just went out) while the
answer slots stay taken for BUSY seconds, then waits until all are recorded; prints the process CPU
(time.process_time: the event loop and the database thread) per record. ``--tree`` runs the recorder of
another checkout (e.g. a `git archive` of an older commit); recorders from before the queue (one task
per question, polling a ``busy`` callable) are driven through that callable.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path


async def measure(tree: Path, questions: int, busy_seconds: float) -> str:
    from slack_sdk.web.async_client import AsyncWebClient

    from bot import usage
    from handlers import commands
    from store.db import Store
    from store.ingest import ingest_sync
    from store.state import BotState, Workspace

    workdir = Path(tempfile.mkdtemp(prefix="recorder-cpu-"))
    db = workdir / "talkbot.db"
    try:
        ingest_sync(db, [tree / "corpus"])
        store = await Store.open(db, tree / "corpus")
        state = await BotState.open(db)
        client = AsyncWebClient(token="xoxb-unused", base_url="http://127.0.0.1:9/api/")  # DMs: never asked
        idle = asyncio.Event()  # clear: the slots are taken
        queued = "idle" in usage.UsageRecorder.__init__.__code__.co_varnames
        # Since issue 16 the recorder asks the store for the word data in effect (the team's aliases too).
        words = store.word_data if hasattr(store, "word_data") else store.lexicon
        recorder = (usage.UsageRecorder(state, client, words, idle=idle) if queued else
                    usage.UsageRecorder(state, client, store.lexicon, busy=lambda: not idle.is_set()))
        reply = await commands.define(store, "XLA")
        loop = asyncio.get_running_loop()
        cpu, wall = time.process_time(), loop.time()
        for _ in range(questions):
            asked = recorder.asking(user_id="UBENCH1", channel="DBENCH1", via="define", text="XLA",
                                    workspace=Workspace())
            asked.reply = reply
            recorder.record_later(asked)
        await asyncio.sleep(busy_seconds)
        idle.set()
        await recorder.drain()
        cpu, wall = time.process_time() - cpu, loop.time() - wall
        recorded = len(await state.questions_since(0))
        if queued:
            await recorder.close()
        await state.close()
        await store.close()
    finally:
        shutil.rmtree(workdir)
    return (f"{'queue' if queued else 'task per question'}: {recorded}/{questions} recorded, slots busy "
            f"{busy_seconds:.1f} s, CPU {cpu * 1000 / questions:.3f} ms per record, wall {wall:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--questions", type=int, default=1000)
    parser.add_argument("--busy", type=float, default=1.5, help="seconds the answer slots stay taken")
    opts = parser.parse_args()
    sys.path.insert(0, str(opts.tree.resolve()))
    print(asyncio.run(measure(opts.tree.resolve(), opts.questions, opts.busy)))


if __name__ == "__main__":
    main()
