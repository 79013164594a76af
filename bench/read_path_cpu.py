"""CPU and function calls of uncached store reads (get_talk of every talk, find_points of a dozen questions, five
times) on a fresh database of the bundled corpus with no team edits, for before/after comparisons of the read path.

Usage (from a tree's root, e.g. a `git archive` copy): .venv/bin/python bench/read_path_cpu.py
"""

from __future__ import annotations

import asyncio
import cProfile
import io
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from store.db import Store  # noqa: E402
from store.ingest import ingest_sync  # noqa: E402

CORPUS = ROOT / "corpus"
QUERIES = ["HLO", "Pallas kernels", "TPU memory", "wann wurde über Fusion gesprochen", "PJRT API", "Tiling",
           "Speicher", "Kompilierung", "JAX", "Quantisierung", "Attention", "Training"]
async def main() -> None:
    db = Path(tempfile.mkdtemp()) / "t.db"
    ingest_sync(db, [CORPUS], full=True)
    store = await Store.open(db, CORPUS, cache_size=0)
    talks = [t.talk_id for t in await store.list_talks()]
    async def work() -> None:
        for _ in range(5):
            for q in QUERIES:
                await store.find_points(q, limit=5)
            for t in talks:
                await store.get_talk(t)
    await work()  # warm
    prof = cProfile.Profile()
    start = time.process_time()
    prof.enable()
    await work()
    prof.disable()
    cpu = time.process_time() - start
    stats = pstats.Stats(prof, stream=io.StringIO())
    calls = sum(v[1] for v in stats.stats.values())
    ours = sum(v[1] for k, v in stats.stats.items()
               if k[0].startswith(str(ROOT)) and "/.venv/" not in k[0])
    print(f"cpu_s={cpu:.3f} calls={calls} project_calls={ours} talks={len(talks)}")
    await store.close()
asyncio.run(main())
