"""English questions over the German corpus: top-1 / top-3 accuracy for talks, terms and key points.

Usage: .venv/bin/python bench/eval.py [--split tune|holdout|all] [--show-misses]

Runs every question of bench/eval_questions.toml twice on a fresh database of the bundled
corpus: "before" (no English -> German forms: aliases, compounds and typo correction only, i.e.
what FTS5 plus fuzzy matching gives) and "after" (the lexicon and glossary pairs on).
Talk questions go through /talk, term questions through /define, key point questions through
a mention, exactly as a user would ask them; an answer counts when one of its hits points at
an expected corpus file and line.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from handlers import commands  # noqa: E402
from handlers.replies import DefineReply, TalkListReply  # noqa: E402
from store.db import Store  # noqa: E402
from store.ingest import ingest_sync  # noqa: E402

QUESTIONS = ROOT / "bench" / "eval_questions.toml"
CORPUS = ROOT / "corpus"


@dataclass
class Question:
    text: str
    kind: str
    expect: set[tuple[str, int]]
    split: str


def load_questions(split: str) -> list[Question]:
    with QUESTIONS.open("rb") as handle:
        raw = tomllib.load(handle)["question"]
    questions = [
        Question(q["text"], q["kind"], {(e["file"], e["line"]) for e in q["expect"]}, q["split"]) for q in raw
    ]
    return [q for q in questions if split == "all" or q.split == split]


async def ranked_sources(store: Store, question: Question) -> list[set[tuple[str, int]]]:
    """For each ranked answer (best first), the corpus locations it stands for."""
    if question.kind == "talk":
        reply = await commands.talk(store, question.text)
        talks = reply.talks if isinstance(reply, TalkListReply) else []
        out = []
        for hit in talks[:3]:
            talk = await store.get_talk(hit.talk_id)
            out.append({(s.source.file, s.source.line) for s in talk.summaries} if talk else set())
        return out
    if question.kind == "term":
        reply = await commands.define(store, question.text)
        hits = [h for r in reply.results for h in r.hits] if isinstance(reply, DefineReply) else []
        return [{(d.source.file, d.source.line) for d in hit.definitions} for hit in hits[:3]]
    points = await store.find_points(question.text, limit=3)
    return [{(p.source.file, p.source.line)} for p in points]


async def evaluate(db: Path, questions: list[Question], translate: bool, show_misses: bool) -> dict:
    store = await Store.open(db, CORPUS, translate=translate)
    scores: dict[str, list[int]] = {}
    try:
        for question in questions:
            ranked = await ranked_sources(store, question)
            top1 = bool(ranked) and bool(ranked[0] & question.expect)
            top3 = any(sources & question.expect for sources in ranked[:3])
            total = scores.setdefault(question.kind, [0, 0, 0])
            total[0] += top1
            total[1] += top3
            total[2] += 1
            if show_misses and translate and not (top1 if question.kind != "point" else top3):
                print(f"  miss [{question.kind}/{question.split}] {question.text!r}", file=sys.stderr)
    finally:
        await store.close()
    return scores


def table(name: str, scores: dict) -> list[str]:
    rows = []
    for kind in ("talk", "term", "point"):
        if kind in scores:
            top1, top3, n = scores[kind]
            rows.append(f"| {name} | {kind} | {n} | {100 * top1 / n:.0f} % | {100 * top3 / n:.0f} % |")
    return rows


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="all", choices=("tune", "holdout", "all"))
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    questions = load_questions(args.split)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "eval.db"
        ingest_sync(db, [CORPUS])
        before = await evaluate(db, questions, translate=False, show_misses=False)
        after = await evaluate(db, questions, translate=True, show_misses=args.show_misses)
    print(f"split: {args.split}, {len(questions)} questions")
    print("| run | kind | questions | top-1 | top-3 |\n|---|---|---|---|---|")
    print("\n".join(table("before (no EN→DE)", before) + table("after", after)))


if __name__ == "__main__":
    asyncio.run(main())
