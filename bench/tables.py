"""Print the Markdown tables of BENCHMARKS.md from the JSON the benchmarks wrote.

    .venv/bin/python bench/tables.py store bench/out/store_bench.json
    .venv/bin/python bench/tables.py slack bench/out/slack_load.json
    .venv/bin/python bench/tables.py soak bench/out/soak.json [--every 60]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

NAMES = {"bundled": "bundled", "synth": "10,000"}


def store(data: dict) -> None:
    print(f"code `{data.get('code')}`, load average {data.get('loadavg_before')} → {data.get('loadavg_after')}\n")
    print("| corpus | summaries → talks | ingest | ingest peak RSS | query process peak RSS |")
    print("|---|---|---|---|---|")
    for r in data["results"]:
        i, q = r["ingest"], r.get("queries") or {}
        ingest = f"{i['seconds']:.2f} s" if "seconds" in i else ("reused db" if "reused_db" in i else "timed out")
        talks = f"{i.get('summaries', '?')} → {i.get('talks', '?')}"
        rss = f"{i['vm_hwm_mb']:.0f} MB" if "vm_hwm_mb" in i else "–"
        print(f"| {NAMES.get(r['corpus'], r['corpus'])} ({r['corpus_mb']:.1f} MB) | {talks} | {ingest} | {rss} | "
              f"{q.get('vm_hwm_mb', 0):.0f} MB |")
    print("\n| corpus | call | p50 | p99 | max | slowest query |")
    print("|---|---|---|---|---|---|")
    for r in data["results"]:
        q = r.get("queries")
        if not q:
            continue
        for op, s in q["ops"].items():
            print(f"| {NAMES.get(r['corpus'], r['corpus'])} | {op} | {s['p50']:.2f} | {s['p99']:.2f} | {s['max']:.2f} | "
                  f"{q['slowest'][op]['query'][:40]!r} |")


def slack(data: dict) -> None:
    print(f"code `{data.get('code')}`, {data.get('requests')} requests per level, TALKBOT_LOG_LEVEL="
          f"{data.get('log_level')}, load average {data.get('loadavg_before')} → {data.get('loadavg_after')}\n")
    print("| corpus | c | app | ack p50 | ack p99 | answer p50 | answer p99 | ack/s | ans/s | errors | RSS MB | CPU ms/req |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    ratios = []
    for e in data["results"]:
        bare = {lv["level"]: lv for lv in e["bare"]["levels"]}
        for lv in e["talkbot"]["levels"]:
            b = bare.get(lv["level"])
            for name, row in (("bare", b), ("talkbot", lv)):
                if row is None:
                    continue
                ans = (f"{row['answer_p50_ms']:.1f} | {row['answer_p99_ms']:.1f}" if "answer_p50_ms" in row else "– | –")
                rate = f"{row['answer_rps']:.0f}" if "answer_rps" in row else "–"
                print(f"| {NAMES.get(e['corpus'], e['corpus'])} | {lv['level']} | {name} | {row['ack_p50_ms']:.1f} | "
                      f"{row['ack_p99_ms']:.1f} | {ans} | {row['ack_rps']:.0f} | {rate} | {row['errors']} | "
                      f"{row['server_vm_hwm_mb']:.0f} | {row['server_cpu_ms_per_req']:.2f} |")
            if b:
                ratios.append((NAMES.get(e["corpus"], e["corpus"]), lv["level"], lv["ack_p50_ms"] / b["ack_p50_ms"],
                               lv["ack_p99_ms"] / b["ack_p99_ms"], lv["ack_rps"] / b["ack_rps"],
                               lv["answer_rps"] / b["ack_rps"]))
    print("\n| corpus | c | ack p50 | ack p99 | ack/s | ans/s ÷ bare ack/s |")
    print("|---|---|---|---|---|---|")
    for corpus, level, p50, p99, acks, answers in ratios:
        print(f"| {corpus} | {level} | {p50:.2f} | {p99:.2f} | {acks:.2f} | {answers:.2f} |")


def soak(data: dict, every: int) -> None:
    print(f"code `{data.get('code')}`, {data['rate']}/s for {data['seconds']} s, load average "
          f"{data.get('loadavg_before')} → {data.get('loadavg_after')}\n")
    print("| t (s) | acks | ack p50 | ack p99 | answers | answer p50 | answer p99 | RSS MB | fds | server CPU % |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for w in data["windows"]:
        if w["t"] % every == 0 or w is data["windows"][0]:
            print(f"| {w['t']} | {w['window_acks']} | {w['ack_p50']:.1f} | {w['ack_p99']:.1f} | {w['answers']} | "
                  f"{w['answer_p50']:.1f} | {w['answer_p99']:.1f} | {w['rss_mb']:.1f} | {w['fds']} | {w['cpu_pct']:.0f} |")
    print(f"\nerrors {data['errors']}; ack p50/p99/max {data['ack_p50']:.1f}/{data['ack_p99']:.1f}/{data['ack_max']:.1f};"
          f" answer p50/p99/max {data['answer_p50']:.1f}/{data['answer_p99']:.1f}/{data['answer_max']:.1f}; RSS at 60 s "
          f"{data['rss_at_60s_mb']:.1f} MB, growth after {data['rss_growth_after_60s'] * 100:+.1f} %; fds first/last/min/max "
          f"{data['fds_first']}/{data['fds_last']}/{data['fds_min']}/{data['fds_max']}, floor first/last minute "
          f"{data.get('fds_min_first_minute')}/{data.get('fds_min_last_minute')}; still open at the end: "
          f"{data['final_status'].get('fds_added')}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("store", "slack", "soak"))
    parser.add_argument("json", type=Path)
    parser.add_argument("--every", type=int, default=60)
    opts = parser.parse_args(argv)
    data = json.loads(opts.json.read_text())
    {"store": store, "slack": slack}.get(opts.kind, lambda d: soak(d, opts.every))(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
