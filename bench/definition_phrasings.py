"""Definition questions asked in many phrasings: every template of bench/definition_phrasings.toml for every glossary
term of the bundled corpus, through the mention path, scored as bench/eval_answers.py scores a definition question.

Usage: .venv/bin/python bench/definition_phrasings.py [--show-misses] [--terms N] [--seed S]

Why: the definition questions of the eval_answers files almost never miss, yet fresh held-out sets miss them far more
often (a timestamped key point first instead of the term's glossary entry), so the definition path was tuned to the
phrasings seen. This grid measures phrasings in general: 46 English and 46 German templates in two batches (formal and Slack-casual,
"X?" alone, lower case without "?", "eli5 X", "was heißt eigentlich X", ...), written before any run of it.

Terms: every canonical glossary term of the bundled corpus (``Store.all_terms``), none skipped. A term's lines are
the source lines of every glossary entry naming it as a term, in every summary of every talk (a talk summarised twice
has two; ``Store.get_talk``). ``{term}`` in a template is the canonical name, ``{lower}`` the same in lower case.

Pass: the reply is covered and its first hit is one of the term's glossary lines (``eval_answers.score`` of a
definition question whose one expected answer is that set of lines). Questions are asked as eval_answers asks them
(``eval_answers.evaluate``: a fresh store of the bundled corpus, ``handlers.mentions.answer``, each in its own thread).

Halves: each template is marked ``tune`` (true/false, alternating). Pass rates are printed per language and half;
``--show-misses`` lists the failing (template, term) pairs of the TUNE half only: the other half is held out, so its
figure says whether a fix of the tune half's causes holds for phrasings nobody read failures of.

The full grid (168 terms x 92 templates) runs in about a minute and a half; ``--terms N`` samples N terms with a fixed seed
(``--seed``, default 30) for a quicker figure, e.g. in tests.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.eval_answers import CORPUS, Location, Question, Score, evaluate  # noqa: E402
from store.db import Store  # noqa: E402
from store.ingest import ingest_sync  # noqa: E402
from store.text import term_key  # noqa: E402

TEMPLATES = ROOT / "bench" / "definition_phrasings.toml"
LANGS = ("en", "de")


@dataclass(frozen=True)
class Template:
    lang: str
    text: str
    tune: bool

    def ask(self, term: str) -> str:
        return self.text.format(term=term, lower=term.lower())


def load_templates() -> list[Template]:
    with TEMPLATES.open("rb") as handle:
        return [Template(t["lang"], t["text"], t["tune"]) for t in tomllib.load(handle)["template"]]


async def term_lines(db: Path) -> dict[str, set[Location]]:
    """Every canonical glossary term and the lines of the glossary entries naming it, in every summary."""
    store = await Store.open(db, CORPUS)
    try:
        keys = {term_key(term): term for term in await store.all_terms()}
        lines: dict[str, set[Location]] = {term: set() for term in keys.values()}
        for listed in await store.list_talks():
            talk = await store.get_talk(listed.talk_id)
            for summary in talk.summaries if talk else ():
                for entry in summary.glossary:
                    for name in entry.terms:
                        term = keys.get(term_key(name))
                        if term is not None:
                            lines[term].add((entry.source.file, entry.source.line))
    finally:
        await store.close()
    return lines


def questions_for(templates: list[Template], lines: dict[str, set[Location]]) -> list[tuple[Template, str, Question]]:
    out = []
    for index, template in enumerate(templates):
        for term, sources in lines.items():
            out.append((template, term, Question(f"t{index}:{term}", template.ask(term), template.lang, "definition",
                                                 "definition", "phrasing", [sources])))
    return out


def rates(results: list[tuple[Template, str, Score]]) -> dict[tuple[str, str], tuple[int, int]]:
    """(language, half) -> (passed, asked); half is "tune", "held" or "all", language also "all"."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for template, _, result in results:
        for lang in (template.lang, "all"):
            for half in ("tune" if template.tune else "held", "all"):
                passed, asked = out.get((lang, half), (0, 0))
                out[(lang, half)] = (passed + result.top1, asked + 1)
    return out


async def run(terms: int | None = None, seed: int = 30) -> list[tuple[Template, str, Score]]:
    """Every (template, term) asked and scored; ``terms``: a sample of that many terms (fixed ``seed``)."""
    templates = load_templates()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "definition_phrasings.db"
        ingest_sync(db, [CORPUS])
        lines = await term_lines(db)
        if terms is not None and terms < len(lines):
            chosen = random.Random(seed).sample(sorted(lines), terms)
            lines = {term: lines[term] for term in chosen}
        asked = questions_for(templates, lines)
        scores = await evaluate(db, [question for _, _, question in asked], show_misses=False)
    return [(template, term, result) for (template, term, _), result in zip(asked, scores, strict=True)]


def report(results: list[tuple[Template, str, Score]]) -> list[str]:
    table = rates(results)
    lines = ["| language | tune | held | all |", "|---|---|---|---|"]
    for lang in (*LANGS, "all"):
        cells = []
        for half in ("tune", "held", "all"):
            passed, asked = table.get((lang, half), (0, 0))
            cells.append(f"{100 * passed / asked:.1f} % ({passed}/{asked})" if asked else "–")
        lines.append(f"| {lang} | {' | '.join(cells)} |")
    return lines


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show-misses", action="store_true", help="the failing pairs of the tune half only")
    parser.add_argument("--terms", type=int, help="sample this many terms (default: every term)")
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    results = await run(args.terms, args.seed)
    if args.show_misses:
        for template, term, result in results:
            if template.tune and not result.top1:
                print(f"  miss [{template.lang}] {result.question.text!r} ({term}): first {result.first}",
                      file=sys.stderr)
    terms = len({term for _, term, _ in results})
    print(f"{terms} terms x {len(load_templates())} templates = {len(results)} questions\n")
    print("\n".join(report(results)))


if __name__ == "__main__":
    asyncio.run(main())
