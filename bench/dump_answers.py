"""Every answer of a source tree, one JSON line each, to compare two trees byte for byte ("same answers").

    .venv/bin/python bench/dump_answers.py TREE OUT.jsonl      # TREE: a checkout, e.g. `git archive C | tar -x`

For every question of TREE/bench/eval_questions.toml: the ranked corpus locations bench/eval.py scores
(with and without English -> German forms), and the rendered answer (``talkbot ask --json``) to
``/talk Q``, ``/define Q`` and the mention ``Q``, on a fresh database of TREE's bundled corpus.
Two trees give the same answers when their outputs are identical (``cmp``).
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

TREE = Path(sys.argv[1]).resolve()
sys.path[:0] = [str(TREE), str(TREE / "bench")]

import eval as questions  # noqa: E402  (TREE's bench/eval.py)

from bot import console  # noqa: E402
from store.db import Store  # noqa: E402
from store.ingest import ingest_sync  # noqa: E402


async def main(out: Path) -> None:
    asked = questions.load_questions("all")
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "answers.db"
        ingest_sync(db, [questions.CORPUS])
        for translate in (False, True):
            store = await Store.open(db, questions.CORPUS, translate=translate)
            for question in asked:
                ranked = await questions.ranked_sources(store, question)
                lines.append({"q": question.text, "translate": translate, "ranked": [sorted(s) for s in ranked]})
            await store.close()
        store = await Store.open(db, questions.CORPUS)
        for question in asked:
            for text in (f"/talk {question.text}", f"/define {question.text}", question.text):
                reply = await console.dispatch(store, text)
                lines.append({"ask": text, "answer": json.loads(console.as_json(reply))})
        await store.close()
    out.write_text("".join(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n" for line in lines))
    print(f"{len(lines)} answers -> {out}")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[2])))
