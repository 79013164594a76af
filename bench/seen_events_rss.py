"""RSS of a process that remembers event ids (BotState.first_sighting), as the mention path does.

    .venv/bin/python bench/seen_events_rss.py [CACHE_KIB]

Inserts 42,000 event ids into a fresh database in /tmp and prints the RSS growth every 7,000;
CACHE_KIB sets the state connection's PRAGMA cache_size (SQLite's default is 2,000 KiB).
BENCHMARKS.md finding 7.
"""

import asyncio
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from store.connection import connect_async
from store.state import BotState


def rss() -> float:
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024

async def main(cache_kib: int | None) -> None:
    db = Path("/tmp/seenprobe.db")
    for p in (db, Path(str(db) + "-wal"), Path(str(db) + "-shm")):
        p.unlink(missing_ok=True)
    conn = await connect_async(db)  # BotState's own connection, opened here to set its cache size
    if cache_kib is not None:
        await conn.execute(f"PRAGMA cache_size = -{cache_kib}")
    state = BotState(conn)
    base = rss()
    out = []
    for i in range(1, 42001):
        await state.first_sighting(uuid.uuid4().hex[:10], now=1_000_000 + i)
        if i % 7000 == 0:
            out.append(f"{i}: +{rss() - base:.1f} MB")
    print("cache", cache_kib or "default (2000 KiB)", "; ".join(out))
    await state.close()

asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else None))
