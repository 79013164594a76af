"""Whole-Slack-path load test: signed slash commands and app_mention events against `talkbot serve --http`.

    .venv/bin/python bench/slack_load.py [--corpus bundled|synth|both] [--levels 1,10,50] [--requests 2000]
        [--synth-db bench/out/synth10k.db] [--synth-dir bench/out/synth] [--log-level INFO]
        [--answer-paced] [--profile-dir DIR [--profile-clock cpu]] [--json bench/out/slack_load.json]

Processes (all loopback): the fake Slack Web API (`python -m tests.fakes.slack_api --port 0`), the app
under test, and this load generator (aiohttp client). For each corpus, two apps are measured in the
same run and harness: the bare bolt app (bench/bare_app.py: acks and answers at once with a fixed message, the floor) and the real
`talkbot serve --http` (env: tokens, signing secret, SLACK_API_URL = the fake, TALKBOT_DB in a temp dir).

At each concurrency level a closed loop of N workers sends ``--requests`` requests, a fixed seeded mix
of /define and /talk (hits, typos, misses) and app_mention events (harness.MIX). Measured per level:

* ack: HTTP round trip of the POST to /slack/events (perf_counter), p50/p99/max;
* answer: from sending the request to the answer arriving: in the body of the ack (slash commands
  answered at once; the client's arrival time), else at the fake (the fake's arrival time): the
  response_url POST (unique response_url name per request) or the chat.postMessage in the mention's
  thread (unique ts per mention); the fake is polled with GET /_calls?since=N while the level runs;
* throughput: requests acked per second, and for talkbot requests answered per second (until the last
  answer arrived); errors: non-200, transport errors, missing or failed answers, ERROR lines in the log;
* server: peak RSS (VmHWM), RSS and CPU seconds of the server process from /proc/<pid>.

The bundled corpus database is built by talkbot itself on first start (its ingest); the synthetic
corpus uses a prebuilt database (``--synth-db``; store_bench.py --keep-db writes one) copied to the temp dir.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (
    MIX,
    ROOT,
    AnswerWatcher,
    Child,
    Pending,
    build_request,
    check_alive,
    code_version,
    loadavg,
    machine,
    percentile,
    proc_status,
    request_mix,
    send,
    start_app,
    start_fake,
    stop,
    wait_ready,
)

TARGETS = {"c1_ack_p99_ms": 20.0, "c1_answer_p99_ms": 40.0, "ack_ratio_max": 1.5, "throughput_ratio_min": 2 / 3,
           "rss_mb": 150.0}


def only_kind(total: int, kind: str) -> list[tuple[str, str | None, str]]:
    """``total`` requests of one kind, in the seeded order of the mix (mentions are a quarter of it)."""
    share = sum(1 for item in MIX if item[0] == kind)
    return [item for item in request_mix(total * len(MIX) // share + len(MIX)) if item[0] == kind][:total]


async def run_level(session: aiohttp.ClientSession, app: Child, watcher: AnswerWatcher, *, level: int, total: int,
                    tag: str, answers: bool, paced: bool = False, only: str | None = None) -> dict:
    await watcher.reset()
    mix = request_mix(total) if not only else only_kind(total, only)
    requests: list[Pending] = [build_request(i, tag, item, watcher.fake.url) for i, item in enumerate(mix)]
    for request in requests:
        watcher.expect(request)
    url = app.url + "/slack/events"
    before = proc_status(app.pid)
    next_index = 0

    async def worker() -> None:
        nonlocal next_index
        while next_index < total:
            request = requests[next_index]
            next_index += 1
            if paced:
                request.answered = asyncio.Event()
            await send(session, url, request)
            if paced and request.status == 200:
                try:  # answer-paced: the next request only after this one's answer reached the fake
                    await asyncio.wait_for(request.answered.wait(), 30)
                except asyncio.TimeoutError:
                    pass

    stop_polling = asyncio.Event()
    watcher.interval = 0.005 if paced else 0.25
    poller = asyncio.create_task(watcher.run_until(stop_polling))
    started_wall, started = time.time(), time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(level)))
    acked_s = time.perf_counter() - started
    if answers:
        await watcher.drain(requests, deadline_s=180)
    stop_polling.set()
    await poller
    after = proc_status(app.pid)
    check_alive(watcher.fake, app)

    ok = [r for r in requests if r.status == 200]
    ack_ms = [r.ack_ms for r in requests if r.ack_ms is not None]
    result = {
        "level": level, "requests": total, "acked": len(ok), "wall_s": acked_s,
        "ack_p50_ms": percentile(ack_ms, 50), "ack_p99_ms": percentile(ack_ms, 99), "ack_max_ms": max(ack_ms),
        "ack_rps": len(ok) / acked_s,
        "transport_errors": sum(1 for r in requests if r.error),
        "server_vm_hwm_mb": after.get("VmHWM"), "server_rss_mb": after.get("VmRSS"),
        "server_cpu_ms_per_req": (after.get("cpu_s", 0) - before.get("cpu_s", 0)) * 1000 / total,
        "server_main_cpu_ms_per_req": (after.get("cpu_main_s", 0) - before.get("cpu_main_s", 0)) * 1000 / total,
    }
    if answers:
        answered = [r for r in ok if r.answered_wall is not None]
        answer_ms = [(r.answered_wall - r.sent_wall) * 1000 for r in answered]
        last = max((r.answered_wall for r in answered), default=started_wall)
        by_kind: dict[str, list[float]] = {}
        for r in answered:
            by_kind.setdefault(r.kind, []).append((r.answered_wall - r.sent_wall) * 1000)
        result.update({
            "answered": len(answered), "answered_in_ack": sum(1 for r in answered if r.in_ack),
            "missing_answers": len(ok) - len(answered),
            "failed_answers": sum(1 for r in answered if not r.answer_ok),
            "answer_p50_ms": percentile(answer_ms, 50), "answer_p99_ms": percentile(answer_ms, 99),
            "answer_max_ms": max(answer_ms, default=float("nan")),
            "answer_rps": len(answered) / max(last - started_wall, 1e-9),
            "answer_by_kind": {k: {"n": len(v), "p50": percentile(v, 50), "p99": percentile(v, 99)}
                               for k, v in sorted(by_kind.items())},
        })
    result["errors"] = result["transport_errors"] + result.get("missing_answers", 0) + result.get("failed_answers", 0)
    return result


async def measure_app(kind: str, session: aiohttp.ClientSession, fake: Child, watcher: AnswerWatcher,
                      workdir: Path, opts: argparse.Namespace, corpus: Path, db: Path | None, label: str) -> dict:
    profile = opts.profile_dir / f"{label}-{kind}.prof" if opts.profile_dir and kind == "talkbot" else None
    app = start_app(kind, workdir, fake.url, corpus=corpus, db=db, log_level=opts.log_level, profile=profile,
                    profile_clock=opts.profile_clock,
                    result_cache=opts.result_cache)
    try:
        ready_s = await wait_ready(session, app)
        print(f"[{label}/{kind}] ready in {ready_s:.1f} s (pid {app.pid}); warm-up ...", flush=True)
        await run_level(session, app, watcher, level=5, total=200, tag=f"{label}-{kind}-warm", answers=True,
                        only=opts.only)
        levels = []
        for level in opts.levels:
            result = await run_level(session, app, watcher, level=level, total=opts.requests,
                                     tag=f"{label}-{kind}-c{level}", answers=True,
                                     paced=opts.answer_paced and kind == "talkbot", only=opts.only)
            levels.append(result)
            print(f"[{label}/{kind}] c={level}: ack p50 {result['ack_p50_ms']:.1f} p99 {result['ack_p99_ms']:.1f} ms, "
                  f"{result['ack_rps']:.0f} acks/s"
                  + (f"; answer p50 {result['answer_p50_ms']:.1f} p99 {result['answer_p99_ms']:.1f} ms, "
                     f"{result['answer_rps']:.0f} answers/s ({result['answered_in_ack']} in the ack)"
                     if "answer_p50_ms" in result else "")
                  + f"; errors {result['errors']}; server VmHWM {result['server_vm_hwm_mb']:.0f} MB", flush=True)
        status = proc_status(app.pid)
    finally:
        code = stop(app)
    log_text = app.log.read_text(errors="replace")
    return {"app": kind, "ready_s": ready_s, "levels": levels, "final_status": status, "exit_code": code,
            "log_error_lines": sum(1 for line in log_text.splitlines() if " ERROR " in line or "Traceback" in line),
            "log_lines": len(log_text.splitlines())}


async def run(opts: argparse.Namespace) -> list[dict]:
    corpora = []
    if opts.corpus in ("bundled", "both"):
        corpora.append(("bundled", ROOT / "corpus", None))
    if opts.corpus in ("synth", "both"):
        if not opts.synth_db.is_file():
            raise SystemExit(f"no database {opts.synth_db}: run bench/synth_corpus.py, then "
                             f"bench/store_bench.py --corpus synth --keep-db {opts.synth_db}")
        corpora.append(("synth", opts.synth_dir, opts.synth_db))
    results = []
    with tempfile.TemporaryDirectory(prefix="talkbot-load-") as tmp:
        workdir = Path(tmp)
        fake = start_fake(workdir)
        try:
            connector = aiohttp.TCPConnector(limit=0)
            async with aiohttp.ClientSession(connector=connector) as session:
                watcher = AnswerWatcher(session, fake, interval=0.25)
                for label, corpus, db in corpora:
                    entry = {"corpus": label, "corpus_dir": str(corpus), "db": str(db) if db else "built on first start"}
                    entry["bare"] = await measure_app("bare", session, fake, watcher, workdir, opts, corpus, db, label)
                    entry["talkbot"] = await measure_app("talkbot", session, fake, watcher, workdir, opts, corpus, db,
                                                         label)
                    results.append(entry)
        finally:
            stop(fake)
    return results


def report(results: list[dict], opts: argparse.Namespace) -> None:
    print(f"\nmachine: {machine()}; {opts.requests} requests per level; TALKBOT_LOG_LEVEL={opts.log_level}"
          + (f"; TALKBOT_RESULT_CACHE={opts.result_cache}" if opts.result_cache is not None else "")
          + ("; talkbot answer-paced (a worker sends its next request after the previous answer)"
             if opts.answer_paced else "; ack-paced closed loop (a worker sends its next request after the ack)"))
    for entry in results:
        bare = {lv["level"]: lv for lv in entry["bare"]["levels"]}
        ours = {lv["level"]: lv for lv in entry["talkbot"]["levels"]}
        print(f"\n== corpus {entry['corpus']} ({entry['db']})")
        print(f"{'c':>3} {'app':<8} {'ack p50':>8} {'ack p99':>8} {'ack max':>8} {'ans p50':>8} {'ans p99':>8} "
              f"{'ans max':>8} {'acks/s':>7} {'ans/s':>7} {'err':>4} {'VmHWM MB':>9} {'cpu ms/req':>10} {'main thread':>11}")
        for level in sorted(ours):
            for name, row in (("bare", bare.get(level)), ("talkbot", ours[level])):
                if not row:
                    continue
                ans = lambda key, row=row: f"{row[key]:>8.1f}" if key in row else f"{'-':>8}"  # noqa: E731
                print(f"{level:>3} {name:<8} {row['ack_p50_ms']:>8.1f} {row['ack_p99_ms']:>8.1f} {row['ack_max_ms']:>8.1f} "
                      f"{ans('answer_p50_ms')} {ans('answer_p99_ms')} {ans('answer_max_ms')} {row['ack_rps']:>7.0f} "
                      + (f"{row['answer_rps']:>7.0f}" if "answer_rps" in row else f"{'-':>7}")
                      + f" {row['errors']:>4} {row['server_vm_hwm_mb']:>9.0f} {row['server_cpu_ms_per_req']:>10.2f}"
                      f" {row.get('server_main_cpu_ms_per_req', 0):>11.2f}")
        print("ratios talkbot / bare (ack p50, ack p99: target <= 1.5; throughput = talkbot answers/s / bare acks/s,"
              " target >= 0.67):")
        for level in sorted(ours):
            if level not in bare:
                continue
            o, b = ours[level], bare[level]
            print(f"  c={level:<3} ack p50 x{o['ack_p50_ms'] / b['ack_p50_ms']:.2f}  ack p99 x{o['ack_p99_ms'] / b['ack_p99_ms']:.2f}"
                  f"  answer p50 x{o['answer_p50_ms'] / b['answer_p50_ms']:.2f}  answer p99 "
                  f"x{o['answer_p99_ms'] / b['answer_p99_ms']:.2f}"
                  f"  throughput x{o['answer_rps'] / b['ack_rps']:.2f} (acks/s x{o['ack_rps'] / b['ack_rps']:.2f})")
        print(f"  talkbot log: {entry['talkbot']['log_lines']} lines, {entry['talkbot']['log_error_lines']} ERROR/Traceback;"
              f" final server status {entry['talkbot']['final_status']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("bundled", "synth", "both"), default="both")
    parser.add_argument("--levels", default="1,10,50")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--synth-db", type=Path, default=ROOT / "bench" / "out" / "synth10k.db")
    parser.add_argument("--synth-dir", type=Path, default=ROOT / "bench" / "out" / "synth")
    parser.add_argument("--log-level", default="INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR"))
    parser.add_argument("--answer-paced", action="store_true",
                        help="each worker waits for its answer before the next request (talkbot only): latency "
                             "without a backlog, concurrency = requests in flight end to end")
    parser.add_argument("--result-cache", type=int, help="TALKBOT_RESULT_CACHE for talkbot (0: every request searches;"
                                                          " default: the app's default)")
    parser.add_argument("--only", choices=("command", "mention"),
                        help="send only slash commands or only mentions (the same seeded mix otherwise)")
    parser.add_argument("--profile-dir", type=Path, help="run talkbot under cProfile, writing DIR/<corpus>-talkbot.prof")
    parser.add_argument("--profile-clock", choices=("wall", "cpu"), default="wall",
                        help="cpu: time the profile with the main thread's CPU clock (idle waits and database "
                             "threads excluded); wall: cProfile's default")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "out" / "slack_load.json")
    opts = parser.parse_args(argv)
    opts.levels = [int(x) for x in opts.levels.split(",")]
    if opts.profile_dir:
        opts.profile_dir.mkdir(parents=True, exist_ok=True)
        opts.profile_dir = opts.profile_dir.resolve()
    started = time.monotonic()
    version, load_before = code_version(), loadavg()
    results = asyncio.run(run(opts))
    report(results, opts)
    print(f"code: {version}; load average before {load_before}, after {loadavg()}")
    opts.json.parent.mkdir(parents=True, exist_ok=True)
    opts.json.write_text(json.dumps({"machine": machine(), "code": version, "loadavg_before": load_before,
                                     "loadavg_after": loadavg(), "log_level": opts.log_level,
                                     "result_cache": opts.result_cache,
                                     "requests": opts.requests, "results": results}, indent=1, default=str))
    print(f"\nraw results: {opts.json}; total {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
