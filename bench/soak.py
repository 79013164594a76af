"""Soak: a steady request rate against `talkbot serve --http` for a fixed time, watching RSS and open fds.

    .venv/bin/python bench/soak.py [--seconds 600] [--rate 50] [--sample 10] [--log-level INFO]
        [--max-in-flight 500] [--json bench/out/soak.json]

Same setup as slack_load.py (fake Slack Web API and the real app as child processes on loopback,
bundled corpus, database built by the app on first start, the same signed request mix), but an
open loop: request i is sent at start + i / rate whatever happened to earlier ones, so a slow server
shows up as growing latency instead of a lower rate. Bounded: ``--seconds`` x ``--rate`` requests at
most, never more than ``--max-in-flight`` outstanding (a request that would exceed it is counted as
an error, not sent); answers are awaited for at most 30 s after the last request; then both
children get SIGTERM.

Every ``--sample`` seconds it reads the server's VmRSS, VmHWM, open fds (/proc/<pid>/fd) and CPU
time and prints a row; at the end a table per window with ack and answer latencies (answers are
matched through the fake's GET /_calls?since=N, as in slack_load.py) and the verdict:
no error, RSS after the first minute never more than 10 % above its value at one minute,
and no growth in open fds (the fewest fds seen in the last minute is not above the fewest seen in the
first minute: sockets of answers in flight come and go, a leak raises the floor).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (
    ROOT,
    AnswerWatcher,
    Pending,
    build_request,
    check_alive,
    code_version,
    fd_targets,
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


async def soak(opts: argparse.Namespace) -> dict:
    total = int(opts.seconds * opts.rate)
    mix = request_mix(total, seed=11)
    if opts.only:  # e.g. only slash commands: no mention, so no event id is remembered
        share = sum(1 for item in mix if item[0] == opts.only) / max(len(mix), 1)  # mentions are about a quarter
        mix = [item for item in request_mix(int(total / max(share, 0.01)) + 100, seed=11)
               if item[0] == opts.only][:total]
        assert len(mix) == total, (len(mix), total)
    requests: list[Pending] = []
    samples: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="talkbot-soak-") as tmp:
        workdir = Path(tmp)
        fake = start_fake(workdir)
        app = None
        try:
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
                app = start_app("talkbot", workdir, fake.url, corpus=ROOT / "corpus", db=None, log_level=opts.log_level)
                await wait_ready(session, app)
                watcher = AnswerWatcher(session, fake, interval=0.5)
                await watcher.reset()
                url = app.url + "/slack/events"
                in_flight: set[asyncio.Task] = set()
                overload = 0
                stop_polling = asyncio.Event()
                poller = asyncio.create_task(watcher.run_until(stop_polling))
                loop = asyncio.get_running_loop()
                start = loop.time()
                start_wall = time.time()
                print(f"soak: {total} requests at {opts.rate}/s for {opts.seconds} s against pid {app.pid}", flush=True)
                print(f"{'t s':>5} {'sent':>6} {'acks':>6} {'ack p50':>8} {'ack p99':>8} {'err':>4} {'in flight':>9} "
                      f"{'RSS MB':>7} {'HWM MB':>7} {'fds':>4} {'cpu %':>6}", flush=True)

                async def sampler() -> None:
                    last_cpu, last_t = proc_status(app.pid).get("cpu_s", 0.0), loop.time()
                    next_at = start + opts.sample
                    while next_at <= start + opts.seconds + 1e-6:
                        await asyncio.sleep(max(0.0, next_at - loop.time()))
                        now = loop.time()
                        check_alive(fake, app)
                        status = proc_status(app.pid)
                        window = [r for r in requests if r.ack_ms is not None
                                  and start_wall + (now - start) - opts.sample <= r.sent_wall < start_wall + (now - start)]
                        acks = [r.ack_ms for r in window]
                        cpu = (status.get("cpu_s", 0.0) - last_cpu) / max(now - last_t, 1e-9) * 100
                        last_cpu, last_t = status.get("cpu_s", 0.0), now
                        row = {"t": round(now - start), "sent": len(requests), "window_acks": len(acks),
                               "ack_p50": percentile(acks, 50), "ack_p99": percentile(acks, 99),
                               "errors_so_far": sum(1 for r in requests if r.error) + overload,
                               "in_flight": len(in_flight), "rss_mb": status.get("VmRSS"),
                               "hwm_mb": status.get("VmHWM"), "fds": status.get("fds"), "cpu_pct": cpu,
                               **db_status(app.tmp / "talkbot.db")}
                        samples.append(row)
                        print(f"{row['t']:>5} {row['sent']:>6} {row['window_acks']:>6} {row['ack_p50']:>8.1f} "
                              f"{row['ack_p99']:>8.1f} {row['errors_so_far']:>4} {row['in_flight']:>9} "
                              f"{row['rss_mb']:>7.1f} {row['hwm_mb']:>7.1f} {row['fds']:>4} {cpu:>6.0f}", flush=True)
                        next_at += opts.sample

                fds_at_start = fd_targets(app.pid)
                sampling = asyncio.create_task(sampler())
                for index in range(total):
                    delay = start + index / opts.rate - loop.time()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    request = build_request(index, "soak", mix[index], fake.url)
                    requests.append(request)
                    watcher.expect(request)
                    if len(in_flight) >= opts.max_in_flight:
                        request.error = "not sent: too many in flight"
                        overload += 1
                        continue
                    task = asyncio.create_task(send(session, url, request))
                    in_flight.add(task)
                    task.add_done_callback(in_flight.discard)
                if in_flight:
                    await asyncio.wait(list(in_flight), timeout=30)
                await sampling  # its last row is taken at start + seconds; raises if a child died
                await watcher.drain(requests, deadline_s=30)
                stop_polling.set()
                await poller
                final_status = proc_status(app.pid)
                final_status["fds_added"] = _added(fds_at_start, fd_targets(app.pid))
        finally:
            code = stop(app) if app else None
            stop(fake)
        log_text = app.log.read_text(errors="replace") if app else ""
    return summarize(requests, samples, opts, start_wall, final_status, code, log_text)


def db_status(db: Path) -> dict:
    """The server database's WAL size and remembered event ids (read-only; what might grow with the run)."""
    status: dict = {"wal_kb": db.with_name(db.name + "-wal").stat().st_size / 1024
                    if db.with_name(db.name + "-wal").exists() else 0.0}
    try:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)) as conn:
            status["seen_events"] = conn.execute("SELECT count(*) FROM seen_events").fetchone()[0]
    except sqlite3.Error:
        status["seen_events"] = -1
    return status


def _added(before: list[str], after: list[str]) -> list[str]:
    """fd targets open at the end that were not open at the start (what a growing fd count is made of)."""
    from collections import Counter

    return sorted((Counter(after) - Counter(before)).elements())


def summarize(requests: list[Pending], samples: list[dict], opts: argparse.Namespace, start_wall: float,
              final_status: dict, code: int | None, log_text: str) -> dict:
    windows = []
    for row in samples:
        lo, hi = start_wall + row["t"] - opts.sample, start_wall + row["t"]
        window = [r for r in requests if lo <= r.sent_wall < hi]
        answers = [(r.answered_wall - r.sent_wall) * 1000 for r in window if r.answered_wall is not None]
        by_kind = {kind: max(((r.answered_wall - r.sent_wall) * 1000 for r in window
                              if r.answered_wall is not None and (r.kind == "mention") == (kind == "mention")),
                             default=float("nan")) for kind in ("mention", "command")}
        windows.append({**row, "answers": len(answers), "answer_p50": percentile(answers, 50),
                        "answer_p99": percentile(answers, 99), "mention_answer_max": by_kind["mention"],
                        "command_answer_max": by_kind["command"]})
    sent = [r for r in requests if r.error != "not sent: too many in flight"]
    transport = sum(1 for r in requests if r.error)
    missing = sum(1 for r in sent if r.status == 200 and r.answered_wall is None)
    failed = sum(1 for r in sent if r.answer_ok is False)
    after_first_minute = [w for w in windows if w["t"] >= 60]
    base = after_first_minute[0] if after_first_minute else (windows[0] if windows else None)
    rss_growth = (max(w["rss_mb"] for w in after_first_minute) / base["rss_mb"] - 1) if after_first_minute else float("nan")
    # Issue 18's target for the hour: RSS growth after the first 10 minutes (warm-up) under 5 %.
    after_ten_minutes = [w for w in windows if w["t"] >= 600]
    rss_growth_10 = (max(w["rss_mb"] for w in after_ten_minutes) / after_ten_minutes[0]["rss_mb"] - 1
                     if len(after_ten_minutes) > 1 else float("nan"))
    fds = [w["fds"] for w in windows]
    fds_first_minute = [w["fds"] for w in windows if w["t"] <= 60] or fds[:1]
    fds_last_minute = [w["fds"] for w in windows if w["t"] > windows[-1]["t"] - 60] if windows else []
    acks = [r.ack_ms for r in sent if r.ack_ms is not None]
    answers = [(r.answered_wall - r.sent_wall) * 1000 for r in sent if r.answered_wall is not None]
    return {
        "machine": machine(), "seconds": opts.seconds, "rate": opts.rate, "log_level": opts.log_level,
        "requests": len(requests), "sent": len(sent), "transport_errors": transport, "missing_answers": missing,
        "failed_answers": failed, "errors": transport + missing + failed,
        "ack_p50": percentile(acks, 50), "ack_p99": percentile(acks, 99), "ack_max": max(acks, default=float("nan")),
        "answer_p50": percentile(answers, 50), "answer_p99": percentile(answers, 99),
        "answer_max": max(answers, default=float("nan")),
        "rss_at_60s_mb": base["rss_mb"] if base else None, "rss_growth_after_60s": rss_growth,
        "rss_at_600s_mb": after_ten_minutes[0]["rss_mb"] if after_ten_minutes else None,
        "rss_growth_after_600s": rss_growth_10,
        "fds_first": fds[0] if fds else None, "fds_last": fds[-1] if fds else None,
        "fds_min": min(fds, default=None), "fds_max": max(fds, default=None),
        "fds_max_first_minute": max(fds_first_minute, default=None), "fds_max_last_minute": max(fds_last_minute, default=None),
        "fds_min_first_minute": min(fds_first_minute, default=None), "fds_min_last_minute": min(fds_last_minute, default=None),
        "final_status": final_status, "exit_code": code,
        "log_error_lines": sum(1 for line in log_text.splitlines() if " ERROR " in line or "Traceback" in line),
        "windows": windows,
    }


def report(result: dict) -> None:
    print(f"\nmachine: {result['machine']}; {result['rate']}/s for {result['seconds']} s; "
          f"TALKBOT_LOG_LEVEL={result['log_level']}")
    print(f"{'t s':>5} {'acks':>6} {'ack p50':>8} {'ack p99':>8} {'answers':>7} {'ans p50':>8} {'ans p99':>8} "
          f"{'max cmd':>8} {'max mtn':>8} {'RSS MB':>7} {'fds':>4} {'cpu %':>6} {'WAL kB':>7} {'seen':>6}")
    for w in result["windows"]:
        print(f"{w['t']:>5} {w['window_acks']:>6} {w['ack_p50']:>8.1f} {w['ack_p99']:>8.1f} {w['answers']:>7} "
              f"{w['answer_p50']:>8.1f} {w['answer_p99']:>8.1f} {w['command_answer_max']:>8.1f} "
              f"{w['mention_answer_max']:>8.1f} {w['rss_mb']:>7.1f} {w['fds']:>4} {w['cpu_pct']:>6.0f} "
              f"{w.get('wal_kb', float('nan')):>7.0f} {w.get('seen_events', -1):>6}")
    ok_errors = result["errors"] == 0 and result["log_error_lines"] == 0
    ok_rss = result["rss_growth_after_60s"] <= 0.10
    # Sockets come and go with the answers in flight (each answer opens a connection); a leak raises the floor.
    ok_fds = result["fds_min_last_minute"] <= result["fds_min_first_minute"]
    if result.get("rss_at_600s_mb") and result["rss_growth_after_600s"] == result["rss_growth_after_600s"]:  # not NaN
        print(f"RSS at 600 s {result['rss_at_600s_mb']:.1f} MB, max growth after that "
              f"{result['rss_growth_after_600s'] * 100:+.1f} % (issue 18: under +5 %) -> "
              f"{'PASS' if result['rss_growth_after_600s'] < 0.05 else 'FAIL'}")
    print(f"\nrequests {result['requests']} (sent {result['sent']}); errors {result['errors']} "
          f"(transport {result['transport_errors']}, missing answers {result['missing_answers']}, failed answers "
          f"{result['failed_answers']}); ERROR lines in log {result['log_error_lines']} -> {'PASS' if ok_errors else 'FAIL'}")
    print(f"ack p50/p99/max {result['ack_p50']:.1f}/{result['ack_p99']:.1f}/{result['ack_max']:.1f} ms; "
          f"answer p50/p99/max {result['answer_p50']:.1f}/{result['answer_p99']:.1f}/{result['answer_max']:.1f} ms")
    print(f"RSS at 60 s {result['rss_at_60s_mb']:.1f} MB, max growth after that {result['rss_growth_after_60s'] * 100:+.1f} %"
          f" (limit +10 %) -> {'PASS' if ok_rss else 'FAIL'}")
    print(f"open fds first/last/min/max {result['fds_first']}/{result['fds_last']}/{result['fds_min']}/"
          f"{result['fds_max']}; floor (min) in first minute {result['fds_min_first_minute']}, in last minute "
          f"{result['fds_min_last_minute']} -> {'PASS' if ok_fds else 'FAIL'}; opened since the start and still open: "
          f"{result['final_status'].get('fds_added') or 'nothing'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--rate", type=float, default=50)
    parser.add_argument("--sample", type=float, default=10)
    parser.add_argument("--max-in-flight", type=int, default=500)
    parser.add_argument("--log-level", default="INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR"))
    parser.add_argument("--only", choices=("command", "mention"),
                        help="send only slash commands or only mentions (the same mix otherwise)")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "out" / "soak.json")
    opts = parser.parse_args(argv)
    if opts.seconds > 3600 or opts.rate > 1000:
        raise SystemExit("refusing: a soak here is bounded to an hour and 1000 requests/s")
    version, load_before = code_version(), loadavg()
    result = asyncio.run(soak(opts))
    result.update({"code": version, "loadavg_before": load_before, "loadavg_after": loadavg()})
    report(result)
    print(f"code: {version}; load average before {load_before}, after {loadavg()}")
    opts.json.parent.mkdir(parents=True, exist_ok=True)
    opts.json.write_text(json.dumps(result, indent=1, default=str))
    print(f"raw results: {opts.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
