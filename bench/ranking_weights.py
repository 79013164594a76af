"""How the natural-question scores move when one of store/ranking.py's weights moves: a sensitivity sweep.

Usage: .venv/bin/python bench/ranking_weights.py [--split all]

Every weight of the ranking (a key point's body against its title, its talk title as context, a heading word, how
many candidate talks a naming word may title, a talk's repeated mentions, the alias discount, and the talk ranking's
field weights as three scales) is set, one at a time, to each value of ``SWEEP`` while the rest keep their values,
and the questions of ``--split`` (bench/eval_answers.py; the default ``all`` leaves out the unseen sets) are asked on
one database, answer cache off. Prints, per setting, the primary score's change against the weights as they are and
how many questions it fixed and broke. A tuner reads it on the default split only: a sweep over an unseen split
would tune on it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import eval_answers  # noqa: E402

from store import matching, ranking  # noqa: E402
from store.db import Store  # noqa: E402
from store.ingest import ingest_sync  # noqa: E402
from store.state import BotState  # noqa: E402

TALK_FIELDS = dict(ranking.TALK_FIELD_WEIGHTS)
CURRENT: dict[str, float] = {
    "point body": ranking.POINT_FIELD_WEIGHTS["body"], "talk title as context": ranking.POINT_CONTEXT_WEIGHT,
    "heading": ranking.HEADING_WEIGHT, "naming titles": ranking.NAMING_TITLES, "mentions": ranking.MENTION_WEIGHT,
    "alias discount": matching.ALIAS_DISCOUNT, "talk: body fields x": 1.0, "talk: glossary x": 1.0,
    "talk: key points x": 1.0,
}
SWEEP: dict[str, tuple[float, ...]] = {
    "point body": (0.6, 0.7, 0.9, 1.0), "talk title as context": (0.3, 0.4, 0.5, 0.6),
    "heading": (1.0, 1.15, 1.4, 1.6), "naming titles": (1, 3), "mentions": (0.0, 0.1, 0.25),
    "alias discount": (0.8, 1.0), "talk: body fields x": (0.8, 1.2), "talk: glossary x": (0.7, 1.3),
    "talk: key points x": (0.7, 1.3),
}


def set_weights(weights: dict[str, float]) -> None:
    """Set the ranking's module-level weights (read at each call) to ``weights``."""
    ranking.POINT_FIELD_WEIGHTS = {"title": 1.0, "body": weights["point body"]}
    ranking.POINT_CONTEXT_WEIGHT = weights["talk title as context"]
    ranking.HEADING_WEIGHT = weights["heading"]
    ranking.NAMING_TITLES = int(weights["naming titles"])
    ranking.MENTION_WEIGHT = weights["mentions"]
    matching.ALIAS_DISCOUNT = weights["alias discount"]
    setattr(ranking, "ALIAS_DISCOUNT", weights["alias discount"])  # noqa: B010 - ranking's own imported copy
    scales = {"kterm": weights["talk: glossary x"], "kpoint": weights["talk: key points x"],
              "khigh": weights["talk: key points x"], "ktalk": 1.0}
    ranking.TALK_FIELD_WEIGHTS = {
        (kind, field): value * scales[kind] * (weights["talk: body fields x"] if field == "body" else 1.0)
        for (kind, field), value in TALK_FIELDS.items()}


async def sweep(split: str, report: Callable[[str], None]) -> None:
    questions = eval_answers.load_questions(split)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "weights.db"
        ingest_sync(db, [eval_answers.CORPUS])
        store = await Store.open(db, eval_answers.CORPUS, cache_size=0)
        state = await BotState.open(db)
        talks = await eval_answers.talk_sources(store)
        runs = 0

        async def scores(weights: dict[str, float]) -> dict[str, float]:
            nonlocal runs
            set_weights(weights)
            store._view.forget_asked()  # concepts are kept per text: a new setting searches afresh
            runs += 1
            out = {}
            for index, question in enumerate(questions):
                thread_ts = f"{1700000000 + runs}.{index:06d}"  # a thread per run: no memory of another run
                for turn in question.turns:
                    await eval_answers.ask(store, state, turn, thread_ts)
                reply = await eval_answers.ask(store, state, question.text, thread_ts)
                out[question.id] = eval_answers.primary(eval_answers.score(question, reply, talks))
            return out

        try:
            base = await scores(CURRENT)
            report(f"split {split}: {len(questions)} questions, primary {sum(base.values()):.2f} with the weights as "
                   "they are\n\n| weight | now | set to | primary change | fixed | broken |\n|---|---|---|---|---|---|")
            for name, values in SWEEP.items():
                for value in values:
                    moved = await scores({**CURRENT, name: value})
                    fixed = sum(moved[q] > base[q] for q in base)
                    broken = sum(moved[q] < base[q] for q in base)
                    change = sum(moved.values()) - sum(base.values())
                    report(f"| {name} | {CURRENT[name]:g} | {value:g} | {change:+.2f} | {fixed} | {broken} |")
        finally:
            set_weights(CURRENT)
            await state.close()
            await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="all", choices=eval_answers.SPLITS)
    args = parser.parse_args()
    asyncio.run(sweep(args.split, lambda line: print(line, flush=True)))


if __name__ == "__main__":
    main()
