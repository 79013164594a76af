"""Store benchmark: ingest time, query latency (define / find_talks / find_points) and peak RSS.

    .venv/bin/python bench/store_bench.py [--corpus bundled|synth|both] [--synth-dir bench/out/synth]
        [--rounds 3] [--ingest-timeout 900] [--reuse-db PATH] [--keep-db PATH] [--json bench/out/store_bench.json]

For each corpus, in fresh child processes (so each peak RSS belongs to one job):

1. ingest: ``ingest_sync(db, [corpus_dir], full=True)`` into a new database in a temp dir, timed
   with perf_counter; peak RSS of that process (ru_maxrss and /proc/self/status VmHWM), and the CPU and
   largest peak RSS of the worker processes that parse files for it (store/file_rows.py). Killed after
   ``--ingest-timeout`` seconds (reported as "> N s"). ``--reuse-db PATH`` queries an existing
   database of that corpus instead (the report says so); with a timed-out ingest and no reusable
   database the query part is skipped.
2. incremental (synthetic corpora): on that database, ``ingest_sync`` again unchanged, then with one
   new export of 100 generated summaries, with that export changed, and with it deleted; each timed.
3. queries: ``Store.open(db, corpus_dir, cache_size=0)``, one warm-up pass of every query through
   every call, then ``--rounds`` timed passes. Each call is timed on its own with perf_counter; p50 /
   p99 / max per call and per query category; peak RSS of the query process (the serving footprint).
   The answer cache is off for these, so every timed call searches. Then, as "repeat", the same with
   the cache on (the app's default): one pass to fill it, one timed pass of the same questions.

The query list is bench/queries.jsonl (bench/make_queries.py wrote it; 242 queries: exact, typo,
English, nonsense, hostile). Synthetic corpus: bench/synth_corpus.py (run it first).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))
QUERIES = ROOT / "bench" / "queries.jsonl"
BUNDLED = ROOT / "corpus"
SYNTH = ROOT / "bench" / "out" / "synth"
OPS = ("define", "find_talks", "find_points")
TARGETS = {  # corpus -> op -> p99 ms
    "bundled": {"define": 2.0, "find_talks": 2.0, "find_points": 2.0},
    "synth": {"define": 15.0, "find_talks": 15.0, "find_points": 30.0},
}
TARGET_INGEST_S = {"synth": 60.0}  # issue 17: 50k summaries in 60 s
TARGET_INGEST_RSS_MB = 400.0  # issue 17: at any corpus size
TARGET_RSS_MB = {"synth": 300.0}


def vm_hwm_mb() -> float:
    """Peak resident set of this process from /proc (kB -> MB); -1 where there is no /proc."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return -1.0


def maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def summarize(ms: list[float]) -> dict[str, float]:
    return {"n": len(ms), "p50": percentile(ms, 50), "p99": percentile(ms, 99), "max": max(ms),
            "mean": sum(ms) / len(ms)}


# ---------------------------------------------------------------------------- children


def child_ingest(db: Path, corpus: Path) -> dict:
    from store.ingest import ingest_sync

    started = time.perf_counter()
    report = ingest_sync(db, [corpus], full=True)
    seconds = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)  # store.file_rows's worker processes, if any ran
    return {"seconds": seconds, "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "workers_cpu_seconds": workers.ru_utime + workers.ru_stime, "workers_maxrss_mb": workers.ru_maxrss / 1024,
            "summaries": report.summaries, "talks": report.talks,
            "key_points": report.key_points, "glossary_lines": report.glossary_lines,
            "warnings": len(report.warnings), "db_mb": db.stat().st_size / 1e6,
            "ru_maxrss_mb": maxrss_mb(), "vm_hwm_mb": vm_hwm_mb()}


def child_incremental(db: Path, corpus: Path) -> dict:
    """Incremental ingest on top of the full one: add one export of 100 new summaries, change it, delete it.

    The corpus is seen through a temporary directory of symlinks, so the synthetic corpus is not touched;
    the added file's summaries come from bench/synth_corpus.py's generator with another seed.
    """
    from synth_corpus import Generator, load_pools

    from store.ingest import ingest_sync

    generator = Generator(load_pools(), seed=99)

    def export() -> str:
        return "\n".join(["Browse Summaries", "", *(generator.summary() for _ in range(100))])

    result: dict = {}
    with tempfile.TemporaryDirectory(prefix="talkbot-incremental-") as tmp:
        view = Path(tmp)
        for path in corpus.iterdir():
            (view / path.name).symlink_to(path.resolve())
        added = view / "zz_added_export.txt"
        steps = (("unchanged", lambda: None), ("add", lambda: added.write_text(export(), encoding="utf-8")),
                 ("change", lambda: added.write_text(export(), encoding="utf-8")), ("delete", added.unlink))
        for name, change in steps:
            change()
            cpu_started, started = time.process_time(), time.perf_counter()
            report = ingest_sync(db, [view])
            result[name] = {"seconds": time.perf_counter() - started, "cpu_seconds": time.process_time() - cpu_started, "summaries": report.summaries,
                            "read": report.added.get("summaries", 0), "talks_written": len(report.talks_written)}
    result.update(ru_maxrss_mb=maxrss_mb(), vm_hwm_mb=vm_hwm_mb())
    return result


async def _queries(db: Path, corpus: Path, rounds: int) -> dict:
    from store.db import Store

    queries = [json.loads(line) for line in QUERIES.read_text(encoding="utf-8").splitlines() if line.strip()]
    rss_open_start = vm_hwm_mb()
    store = await Store.open(db, corpus, cache_size=0)  # every timed call searches
    try:
        calls = {op: getattr(store, op) for op in OPS}
        hits = {op: 0 for op in OPS}
        warm_started = time.perf_counter()
        for row in queries:  # warm-up: caches, SQLite pages, code paths
            for op, call in calls.items():
                result = await call(row["q"])
                hits[op] += bool(result.hits if op == "define" else result)
        warmup_s = time.perf_counter() - warm_started
        times: dict[str, list[float]] = {op: [] for op in OPS}
        # CPU of the whole process (event loop and aiosqlite's thread) per call: on a machine shared with
        # other jobs the wall time waits for a core, the CPU time is what an idle core would take.
        cpu: dict[str, list[float]] = {op: [] for op in OPS}
        by_cat: dict[tuple[str, str], list[float]] = {}
        slowest: dict[str, tuple[float, str]] = {op: (0.0, "") for op in OPS}
        for _ in range(rounds):
            for row in queries:
                for op, call in calls.items():
                    cpu_started, started = time.process_time(), time.perf_counter()
                    await call(row["q"])
                    ms = (time.perf_counter() - started) * 1000
                    cpu[op].append((time.process_time() - cpu_started) * 1000)
                    times[op].append(ms)
                    by_cat.setdefault((op, row["cat"]), []).append(ms)
                    if ms > slowest[op][0]:
                        slowest[op] = (ms, row["q"][:60])
    finally:
        await store.close()
    repeat: dict[str, list[float]] = {op: [] for op in OPS}
    store = await Store.open(db, corpus)  # the served default: answers kept per corpus generation
    try:
        calls = {op: getattr(store, op) for op in OPS}
        for row in queries:
            for call in calls.values():
                await call(row["q"])
        for row in queries:
            for op, call in calls.items():
                started = time.perf_counter()
                await call(row["q"])
                repeat[op].append((time.perf_counter() - started) * 1000)
    finally:
        await store.close()
    return {
        "repeat_ops": {op: summarize(ms) for op, ms in repeat.items()},
        "queries": len(queries), "rounds": rounds, "warmup_s": warmup_s,
        "ops": {op: summarize(ms) for op, ms in times.items()},
        "cpu_ops": {op: summarize(ms) for op, ms in cpu.items()},
        "by_category": {f"{op}/{cat}": summarize(ms) for (op, cat), ms in sorted(by_cat.items())},
        "slowest": {op: {"ms": ms, "query": q} for op, (ms, q) in slowest.items()},
        "queries_with_hits": hits, "rss_before_open_mb": rss_open_start,
        "ru_maxrss_mb": maxrss_mb(), "vm_hwm_mb": vm_hwm_mb(),
    }


def child_queries(db: Path, corpus: Path, rounds: int) -> dict:
    return asyncio.run(_queries(db, corpus, rounds))


# ---------------------------------------------------------------------------- parent


def run_child(args: list[str], timeout: float) -> tuple[dict | None, float]:
    started = time.perf_counter()
    try:
        out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, timeout=timeout,
                             cwd=ROOT, check=False)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - started
    if out.returncode != 0:
        raise SystemExit(f"child {args} failed ({out.returncode}):\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1]), time.perf_counter() - started


def bench_corpus(name: str, corpus: Path, opts: argparse.Namespace, workdir: Path) -> dict:
    result: dict = {"corpus": name, "corpus_dir": str(corpus),
                    "corpus_mb": sum(p.stat().st_size for p in corpus.glob("*.txt")) / 1e6}
    db = workdir / f"{name}.db"
    if opts.reuse_db and name != "bundled":
        db = Path(opts.reuse_db)
        result["ingest"] = {"reused_db": str(db)}
        print(f"[{name}] reusing {db} (no ingest timed)", flush=True)
    else:
        print(f"[{name}] ingest {corpus} ...", flush=True)
        ingest, wall = run_child(["--child-ingest", str(db), str(corpus)], opts.ingest_timeout)
        if ingest is None:
            result["ingest"] = {"timed_out_after_s": wall}
            print(f"[{name}] ingest did not finish in {wall:.0f} s", flush=True)
            return result
        result["ingest"] = ingest
        if opts.keep_db and name == "synth":
            shutil.copyfile(db, opts.keep_db)
            result["kept_db"] = str(opts.keep_db)
        print(f"[{name}] ingest {ingest['seconds']:.2f} s, {ingest['summaries']} summaries, {ingest['talks']} talks,"
              f" peak RSS {ingest['vm_hwm_mb']:.0f} MB", flush=True)
    if name != "bundled" and not opts.reuse_db:
        print(f"[{name}] incremental add/change/delete of one 100-summary export ...", flush=True)
        incremental, _ = run_child(["--child-incremental", str(db), str(corpus)], opts.ingest_timeout)
        result["incremental"] = incremental
    print(f"[{name}] queries ...", flush=True)
    queries, _ = run_child(["--child-queries", str(db), str(corpus), str(opts.rounds)], 1800)
    result["queries"] = queries
    return result


def print_report(results: list[dict]) -> None:
    print(f"\nmachine: nproc={os.cpu_count()} python={sys.version.split()[0]}")
    for r in results:
        name = r["corpus"]
        print(f"\n== {name}: {r['corpus_dir']} ({r['corpus_mb']:.1f} MB)")
        ing = r["ingest"]
        if "seconds" in ing:
            target = TARGET_INGEST_S.get(name)
            print(f"ingest: {ing['seconds']:.2f} s{f' (target {target:.0f} s)' if target else ''}"
                  f" (CPU {ing.get('cpu_seconds', float('nan')):.1f} s, worker processes"
                  f" {ing.get('workers_cpu_seconds', 0.0):.1f} s, largest worker peak RSS"
                  f" {ing.get('workers_maxrss_mb', 0.0):.0f} MB); "
                  f"{ing['summaries']} summaries -> {ing['talks']} talks, {ing['key_points']} key points, "
                  f"{ing['glossary_lines']} glossary lines; db {ing['db_mb']:.1f} MB; "
                  f"peak RSS {ing['vm_hwm_mb']:.0f} MB (ru_maxrss {ing['ru_maxrss_mb']:.0f} MB; target "
                  f"{TARGET_INGEST_RSS_MB:.0f} MB)")
        elif "timed_out_after_s" in ing:
            print(f"ingest: did not finish within {ing['timed_out_after_s']:.0f} s (killed)")
        else:
            print(f"ingest: not timed, reused {ing['reused_db']}")
        inc = r.get("incremental")
        if inc:
            print("incremental (one 100-summary export): " + ", ".join(
                f"{step} {inc[step]['seconds']:.2f} s (CPU {inc[step].get('cpu_seconds', float('nan')):.2f} s,"
                f" {inc[step]['read']} read, {inc[step]['talks_written']} talks"
                " written)" for step in ("unchanged", "add", "change", "delete"))
                + f"; peak RSS {inc['vm_hwm_mb']:.0f} MB")
        q = r.get("queries")
        if not q:
            continue
        print(f"queries: {q['queries']} x {q['rounds']} rounds (after one warm-up pass of {q['warmup_s']:.1f} s); "
              f"peak RSS {q['vm_hwm_mb']:.0f} MB (ru_maxrss {q['ru_maxrss_mb']:.0f} MB)")
        print(f"{'call':<12} {'n':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'target p99':>11} {'CPU p50':>8}"
              f" {'CPU p99':>8}  slowest query")
        for op in OPS:
            s = q["ops"][op]
            c = q.get("cpu_ops", {}).get(op, {"p50": float("nan"), "p99": float("nan")})
            target = TARGETS[name][op]
            mark = "ok" if s["p99"] < target else "MISS"
            print(f"{op:<12} {s['n']:>5} {s['p50']:>8.2f} {s['p99']:>8.2f} {s['max']:>8.2f} {f'<{target:g} {mark}':>11}"
                  f" {c['p50']:>8.2f} {c['p99']:>8.2f}  {q['slowest'][op]['query']!r}")
        print("per category p50/p99 ms:")
        cats = sorted({k.split('/')[1] for k in q["by_category"]})
        print(f"{'':<12} " + " ".join(f"{c:>16}" for c in cats))
        for op in OPS:
            cells = [q["by_category"].get(f"{op}/{c}") for c in cats]
            print(f"{op:<12} " + " ".join(f"{s['p50']:>7.2f}/{s['p99']:<8.2f}" if s else f"{'-':>16}" for s in cells))
        if "repeat_ops" in q:
            print("repeat (answer cache on, every question asked before) p50/p99/max ms: " + ", ".join(
                f"{op} {r['p50']:.2f}/{r['p99']:.2f}/{r['max']:.2f}" for op, r in q["repeat_ops"].items()))


def main(argv: list[str] | None = None) -> int:
    from harness import code_version, loadavg

    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--child-ingest":
        print(json.dumps(child_ingest(Path(argv[1]), Path(argv[2]))))
        return 0
    if argv and argv[0] == "--child-incremental":
        print(json.dumps(child_incremental(Path(argv[1]), Path(argv[2]))))
        return 0
    if argv and argv[0] == "--child-queries":
        print(json.dumps(child_queries(Path(argv[1]), Path(argv[2]), int(argv[3]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("bundled", "synth", "both"), default="both")
    parser.add_argument("--synth-dir", type=Path, default=SYNTH)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ingest-timeout", type=float, default=900.0)
    parser.add_argument("--reuse-db", help="query this existing database of the synthetic corpus instead of ingesting")
    parser.add_argument("--keep-db", type=Path, help="copy the synthetic corpus database here (for slack_load.py)")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "out" / "store_bench.json")
    opts = parser.parse_args(argv)
    corpora = [("bundled", BUNDLED), ("synth", opts.synth_dir)]
    if opts.corpus != "both":
        corpora = [c for c in corpora if c[0] == opts.corpus]
    if any(name == "synth" for name, _ in corpora) and not any(opts.synth_dir.glob("*.txt")):
        raise SystemExit(f"no synthetic corpus in {opts.synth_dir}; run bench/synth_corpus.py first")
    results = []
    version, load_before = code_version(), loadavg()
    with tempfile.TemporaryDirectory(prefix="talkbot-store-bench-") as tmp:
        for name, corpus in corpora:
            results.append(bench_corpus(name, corpus, opts, Path(tmp)))
    print_report(results)
    print(f"code: {version}; load average before {load_before}, after {loadavg()}")
    opts.json.parent.mkdir(parents=True, exist_ok=True)
    opts.json.write_text(json.dumps({"nproc": os.cpu_count(), "python": sys.version.split()[0], "code": version,
                                     "loadavg_before": load_before, "loadavg_after": loadavg(),
                                     "results": results}, indent=1))
    print(f"\nraw results: {opts.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
