"""How long a full rebuild blocks the bot's own writes (issue 17 item 4, intake while serving).

    .venv/bin/python bench/rebuild_lock.py DB CORPUS_DIR [--rounds 1]

DB must already hold an ingest of CORPUS_DIR (a served bot's database). Each round runs a full rebuild
(``ingest_sync(..., full=True)``, what a changed talks.toml, word list or ingest format starts in
``talkbot serve``) in a child process, while this process tries a bot-state write every 5 ms the way
store/state.py writes: ``BEGIN IMMEDIATE``, one INSERT, ``COMMIT``, with busy timeout 0 (an attempt
that would wait fails at once). Prints the rebuild's wall time and the longest stretch during which no
write could start (the time a bot write with store/connection.py's 5 s busy timeout would have waited,
or failed with "database is locked" beyond 5 s), and how many attempts failed.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE_EVERY = 0.005
CHILD = ("import sys, time; sys.path.insert(0, sys.argv[1]); from pathlib import Path;"
         " from store.ingest import ingest_sync; t = time.perf_counter();"
         " ingest_sync(Path(sys.argv[2]), [Path(sys.argv[3])], full=True);"
         " print(f'{time.perf_counter() - t:.2f}')")


def one_round(db: Path, corpus: Path) -> tuple[float, float, int, int]:
    """(rebuild wall s, longest blocked s, failed attempts, attempts)."""
    prober = sqlite3.connect(db, isolation_level=None, timeout=0)
    prober.execute("CREATE TEMP TABLE IF NOT EXISTS probe (at REAL)")  # temp: no effect on the corpus
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(ROOT), str(db), str(corpus)],
                             stdout=subprocess.PIPE, text=True)
    longest, failed, attempts = 0.0, 0, 0
    blocked_since: float | None = None
    while child.poll() is None:
        attempts += 1
        now = time.monotonic()
        try:
            prober.execute("BEGIN IMMEDIATE")
            prober.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('rebuild_lock_probe', ?)", (str(now),))
            prober.execute("COMMIT")
            if blocked_since is not None:
                longest = max(longest, now - blocked_since)
                blocked_since = None
        except sqlite3.OperationalError:
            failed += 1
            if prober.in_transaction:
                prober.execute("ROLLBACK")
            blocked_since = blocked_since if blocked_since is not None else now
        time.sleep(PROBE_EVERY)
    if blocked_since is not None:
        longest = max(longest, time.monotonic() - blocked_since)
    out = child.stdout.read().strip() if child.stdout else ""
    if child.returncode != 0:
        raise SystemExit(f"rebuild failed ({child.returncode})")
    prober.execute("DELETE FROM meta WHERE key = 'rebuild_lock_probe'")
    prober.close()
    return float(out), longest, failed, attempts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    for number in range(args.rounds):
        load = os.getloadavg()[0]
        wall, longest, failed, attempts = one_round(args.db, args.corpus)
        print(f"round {number + 1}: rebuild {wall:.2f} s, bot writes blocked for at most {longest:.2f} s"
              f" ({failed} of {attempts} attempts refused), load {load:.2f} -> {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
