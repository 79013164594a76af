"""Generate a synthetic corpus by recombining the bundled summaries with generated names and numbers.

    .venv/bin/python bench/synth_corpus.py [OUT_DIR] [--summaries 10000] [--per-file 100] [--seed 1]

Writes OUT_DIR/synth_NNN.txt (default bench/out/synth, git-ignored), ``--per-file`` summaries per file,
in the export format the parser reads: a "Zusammenfassung" heading and paragraph, "Wichtigste Punkte &
Zeitstempel" with "• M:SS Title: text" lines, optionally "Diskussions-Highlights", and "Glossar" with
"• Term (Expansion): definition" lines. Deterministic: the same seed and counts give the same bytes.

Each synthetic summary gets its own generated product name and speaker, so titles are mostly distinct
(the title deriver picks up "stellt <Product> vor, ein ..."); its sentences, key points and glossary
definitions come from different real summaries, with the real product and speaker names replaced and
numbers varied. About 70 % of glossary entries get a generated acronym or name with a matching
expansion; the rest keep their real term (XLA, TPU, HBM ...), so common terms are defined in many talks
as they would be in a large real export. Timestamps are regenerated per summary, so summaries never
line up as "the same talk" by accident.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from store import parser  # noqa: E402
from store.speakers import find_speakers  # noqa: E402
from store.talk_titles import find_subject, first_sentence  # noqa: E402

DEFAULT_OUT = ROOT / "bench" / "out" / "synth"
CORPUS = ROOT / "corpus"

# Names in the real summaries that identify one talk; replaced by the generated product name.
EXTRA_PRODUCTS = (
    "JAX Quantum", "Kinetic", "Palace", "Pallas", "Tunix", "Tinix", "max_evol", "Jaxator", "FlyDSL", "Qwen-Image",
    "Qwen Image", "SGLang", "CasADi", "MaxText", "MaxDiffusion", "oneAPI", "QTip", "Orbax", "Diffusers",
)
KINDS = (
    ("ein", "Framework"), ("ein", "Werkzeug"), ("ein", "System"), ("eine", "Bibliothek"), ("eine", "Plattform"),
    ("ein", "Compiler-Backend"), ("eine", "Laufzeitumgebung"), ("ein", "Paket"), ("eine", "Engine"),
)
OPENINGS = (
    "Der Vortrag von {S} stellt {P} vor, {a} {k} für {t}.",
    "{S} präsentiert {P}, {a} {k} für {t}.",
    "Diese Präsentation von {S} beschreibt {P}, {a} {k} zur Untersuchung von {t}.",
    "Im Vortrag von {S} wird {P} vorgestellt, {a} {k} rund um {t}.",
)
ONSETS = ("b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "kr", "tr", "st", "gr",
          "pl", "dr", "fl", "sk", "h", "w", "j", "ch", "qu")
VOWELS = ("a", "e", "i", "o", "u", "ai", "ei", "au", "y", "ia", "oa")
CODAS = ("", "", "n", "r", "x", "s", "l", "m", "t", "k", "nd", "rt")
NUMBER_RE = re.compile(r"(?<![\w.])\d+(?![\w])")
SENTENCE_RE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ])")


@dataclass
class Pools:
    sentences: list[str]
    points: list[tuple[str, str]]
    glossary: list[tuple[str, str, str]]  # head, definition, primary term
    highlights: list[tuple[str, str]]
    topics: list[str]
    expansion_words: list[str]
    product_re: re.Pattern
    speaker_re: re.Pattern


def load_pools() -> Pools:
    summaries = []
    for path in sorted(CORPUS.glob("*.txt")):
        summaries += parser.parse_file(path)
    products: set[str] = set(EXTRA_PRODUCTS)
    people: set[str] = set()
    for summary in summaries:
        speakers = find_speakers(summary)
        people.update(speakers)
        subject = find_subject(summary, first_sentence(summary.text), speakers)
        if subject:
            products.add(subject)
    sentences, points, glossary, highlights, topics, words = [], [], [], [], [], set()
    for summary in summaries:
        sentences += [s.strip() for s in SENTENCE_RE.split(summary.text.replace("\n\n", " ")) if len(s.strip()) > 30]
        for point in summary.key_points:
            if point.title and point.text:
                points.append((point.title, point.text))
                if 6 <= len(point.title) <= 45 and ":" not in point.title:
                    topics.append(point.title)
        for entry in summary.glossary:
            glossary.append((entry.head, entry.definition, entry.terms[0] if entry.terms else entry.head))
            for expansion in entry.expansions:
                words.update(w for w in expansion.split() if w.isalpha() and len(w) > 2)
        for highlight in summary.highlights:
            highlights.append((highlight.title or "Diskussion", highlight.text))
    return Pools(sentences, points, glossary, highlights, topics, sorted(words), _alternation(products - people),
                 _alternation(people))


def _alternation(names: set[str]) -> re.Pattern:
    # Longest first, so "JAX Quantum" is replaced as a whole (plain "JAX" is not in the set and stays).
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b")


class Generator:
    """All random choices come from one seeded Random, consumed in a fixed order."""

    def __init__(self, pools: Pools, seed: int) -> None:
        self.pools = pools
        self.rng = random.Random(seed)
        self.used_names: set[str] = set()
        self.used_terms: set[str] = set()
        self.recent_terms: list[tuple[str, str]] = []  # synthetic terms reused now and then by later talks

    def word(self, syllables: int) -> str:
        rng = self.rng
        return "".join(rng.choice(ONSETS) + rng.choice(VOWELS) for _ in range(syllables)) + rng.choice(CODAS)

    def unique_name(self) -> str:
        while True:
            name = self.word(self.rng.choice((2, 2, 3))).capitalize()
            if name not in self.used_names and len(name) >= 4:
                self.used_names.add(name)
                return name

    def vary_numbers(self, text: str) -> str:
        def repl(match: re.Match) -> str:
            digits = len(match.group())
            low = 10 ** (digits - 1) if digits > 1 else 1
            return str(self.rng.randrange(low, 10**digits))

        return NUMBER_RE.sub(repl, text)

    def localize(self, text: str, product: str, speaker: str) -> str:
        """Real product and speaker names -> this talk's generated ones; numbers varied."""
        text = self.pools.product_re.sub(lambda _: product, text)
        return self.vary_numbers(self.pools.speaker_re.sub(lambda _: speaker, text))

    def new_term(self) -> tuple[str, str]:
        """(head, primary term) of a generated glossary entry: an acronym with its expansion, or a name."""
        rng = self.rng
        if self.recent_terms and rng.random() < 0.08:
            return rng.choice(self.recent_terms)
        for _ in range(50):
            if rng.random() < 0.7:
                words = rng.sample(self.pools.expansion_words, rng.choice((2, 3, 3, 4)))
                expansion = " ".join(w[0].upper() + w[1:] for w in words)
                acronym = "".join(w[0].upper() for w in words)
                if rng.random() < 0.5:
                    acronym += rng.choice("0123456789XKV")
                head, term = f"{acronym} ({expansion})", acronym
            else:
                name = self.word(rng.choice((2, 3))).capitalize()
                suffix = rng.choice(("-Kern", "-Puffer", "-Scheduler", "-Cache", "-Pass", "-Graph", "", ""))
                term = name + suffix
                head = term
            if term.casefold() not in self.used_terms:
                self.used_terms.add(term.casefold())
                self.recent_terms.append((head, term))
                if len(self.recent_terms) > 400:
                    self.recent_terms.pop(0)
                return head, term
        return head, term

    def stamps(self, count: int) -> list[str]:
        rng = self.rng
        seconds = rng.randrange(0, 40)
        out = []
        for _ in range(count):
            hours, rest = divmod(seconds, 3600)
            minutes, secs = divmod(rest, 60)
            out.append(f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}")
            seconds += rng.randrange(25, 420)
        return out

    def summary(self) -> str:
        rng, pools = self.rng, self.pools
        product = self.unique_name()
        speaker = f"{self.unique_name()} {self.unique_name()}"
        article, kind = rng.choice(KINDS)
        topic = self.localize(rng.choice(pools.topics), product, speaker)
        opening = rng.choice(OPENINGS).format(S=speaker, P=product, a=article, k=kind, t=topic)
        body = [self.localize(s, product, speaker) for s in rng.sample(pools.sentences, rng.randrange(3, 5))]

        glossary = []
        terms = []
        for _ in range(rng.randrange(7, 12)):
            head, definition, real_term = rng.choice(pools.glossary)
            definition = self.localize(definition, product, speaker)
            if rng.random() < 0.7:
                head, term = self.new_term()
                definition = definition.replace(real_term, term)
            else:
                term = real_term
            terms.append(term)
            glossary.append(f"• {head}: {definition}")

        point_lines = []
        count = rng.randrange(7, 13)
        for index, stamp in enumerate(self.stamps(count)):
            title, text = rng.choice(pools.points)
            title, text = self.localize(title, product, speaker), self.localize(text, product, speaker)
            if index == 0:
                # The first point names the product: the ingest derives talk-id suffixes from it.
                if rng.random() < 0.5:
                    title = f"Einführung in {product}"
                text = text.rstrip(".") + f" – am Beispiel von {product}."
            if rng.random() < 0.35:
                text = text.rstrip(".") + f", mit Bezug auf {rng.choice(terms)}."
            point_lines.append(f"• {stamp} {title}: {text}")

        lines = ["Zusammenfassung", "", " ".join([opening, *body]), "", "Wichtigste Punkte & Zeitstempel", "",
                 *point_lines, ""]
        if pools.highlights and rng.random() < 0.2:
            lines += ["Diskussions-Highlights", ""]
            for title, text in rng.sample(pools.highlights, min(len(pools.highlights), rng.randrange(2, 4))):
                lines.append(f"• {self.localize(title, product, speaker)}: {self.localize(text, product, speaker)}")
            lines.append("")
        lines += ["Glossar", "", *glossary, ""]
        return "\n".join(lines)


def generate(out_dir: Path, summaries: int, per_file: int, seed: int) -> tuple[int, int]:
    """Write the corpus; returns (files, bytes)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("synth_*.txt"):
        old.unlink()
    generator = Generator(load_pools(), seed)
    files = total = 0
    for start in range(0, summaries, per_file):
        parts = ["Browse Summaries", ""]
        for _ in range(min(per_file, summaries - start)):
            parts.append(generator.summary())
        text = "\n".join(parts)
        path = out_dir / f"synth_{files:03d}.txt"
        path.write_text(text, encoding="utf-8")
        files += 1
        total += len(text.encode("utf-8"))
    return files, total


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT)
    args.add_argument("--summaries", type=int, default=10_000)
    args.add_argument("--per-file", type=int, default=100)
    args.add_argument("--seed", type=int, default=1)
    opts = args.parse_args(argv)
    started = time.perf_counter()
    files, size = generate(opts.out, opts.summaries, opts.per_file, opts.seed)
    print(f"wrote {opts.summaries} summaries in {files} files, {size / 1e6:.1f} MB, to {opts.out} "
          f"in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
