"""Write bench/queries.jsonl: the fixed query list of store_bench.py (and the text mix of slack_load.py).

    .venv/bin/python bench/make_queries.py [--out bench/queries.jsonl]

One JSON object per line, {"cat": CATEGORY, "q": TEXT}, categories:

* exact    glossary terms and talk subjects of the bundled corpus, as written
* typo     the same terms with one deterministic slip (swap, drop, double or replace a letter)
* english  hand-written English questions plus English keys of corpus/lexicon.toml
* nonsense seeded random letter strings and hand-written gibberish
* hostile  hand-written: FTS5/SQL syntax, Slack markup, control characters, very long input, emoji

Deterministic (seeded) for a given corpus/ and corpus/lexicon.toml. The committed file was written
from the corpus and lexicon of commit 3e0911e; the lexicon has grown since, so regenerating now gives a
different English sample. store_bench.py reads the committed file and never regenerates it, so results
stay comparable across commits.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from store import parser  # noqa: E402

DEFAULT_OUT = ROOT / "bench" / "queries.jsonl"
SEED = 20251129

ENGLISH = [
    "what is the memory hierarchy of a TPU?",
    "how does sharding work for diffusion models",
    "who presented kinetic",
    "explain high bandwidth memory",
    "what did they say about wood protection?",
    "matrix multiplication on TPUs",
    "reinforcement learning on TPUs",
    "how do I write a custom kernel",
    "compiler optimizations in XLA",
    "what is speculative decoding",
    "mixture of experts inference",
    "which talk covers post-training of language models",
    "quantum simulation with JAX",
    "database queries on accelerators",
    "how to run notebooks on cloud TPUs",
    "what is the difference between data parallelism and tensor parallelism",
    "energy efficiency of accelerators",
    "how are gradients computed automatically",
    "treehouse construction",
    "CNC machining automation history",
    "neural networks in optimal control",
    "AMD GPU kernels in JAX",
    "Intel GPU backend for XLA",
    "memory bandwidth bottleneck",
    "what is an all-gather",
    "scalar memory and dynamic slicing",
    "how does the KV cache work",
    "image generation model port to TPU",
    "agents that write kernels",
    "what does PJRT stand for?",
]
NONSENSE = [
    "asdf qwer zxcv", "lorem ipsum dolor sit amet", "xyzzy plugh", "qqqqqqqqqq", "blorft wizzle snarp",
]
HOSTILE = [
    "", "   ", "?", "*", '"', '""', "'", "NEAR(a b)", "a OR b AND NOT c", "title: xla", "{title body}: x",
    "x* OR y*", "'; DROP TABLE talks; --", "1' OR '1'='1", "%_%", "\\x00 \\n", "<!channel> <@U999> <!here>",
    "<https://evil.example|click> xla", "`code` *bold* _it_ ~strike~", "\u0000\u0001\u0002 xla \u001f",
    "🚀🔥 TPU 🤖", "ＸＬＡ", "Ξ λ π σ τ φ", "((((((((((((((((((((", "x" * 5000,
    " ".join(["what is"] * 200), "XLA " * 300, "der die das und oder", "the of and a an",
]


def _terms_and_subjects() -> list[str]:
    summaries = []
    for path in sorted((ROOT / "corpus").glob("*.txt")):
        summaries += parser.parse_file(path)
    seen: dict[str, str] = {}
    for summary in summaries:
        for entry in summary.glossary:
            for term in entry.terms + entry.expansions:
                seen.setdefault(term.casefold(), term)
    return sorted(seen.values(), key=str.casefold)


def _slip(rng: random.Random, word: str) -> str:
    letters = list(word)
    if len(letters) < 3:
        return word + word[-1]
    i = rng.randrange(1, len(letters) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        letters[i], letters[i + 1] = letters[i + 1], letters[i]
    elif kind == 1:
        del letters[i]
    elif kind == 2:
        letters.insert(i, letters[i])
    else:
        letters[i] = rng.choice("aeiounrst")
    slipped = "".join(letters)
    return slipped if slipped != word else word + "x"


def build() -> list[dict[str, str]]:
    rng = random.Random(SEED)
    terms = _terms_and_subjects()
    exact = rng.sample(terms, min(80, len(terms)))
    exact += ["pallas", "kinetic", "tunix", "XLA crash course", "jax quantum", "oneAPI", "vLLM", "baumhaus"]
    typo_source = [t for t in terms if len(t) >= 4 and t.replace(" ", "").isalnum()]
    typos = [_slip(rng, t) for t in rng.sample(typo_source, min(50, len(typo_source)))]
    typos += ["Palace", "kinetik", "tinix", "Stabel HLO", "flash atention"]
    lexicon = tomllib.loads((ROOT / "corpus" / "lexicon.toml").read_text(encoding="utf-8"))["en_de"]
    english = ENGLISH + rng.sample(sorted(lexicon), 15)
    nonsense = NONSENSE + [
        " ".join("".join(rng.choice("bcdfghjklmnpqrstvwxz") for _ in range(rng.randrange(4, 10)))
                 for _ in range(rng.randrange(1, 4)))
        for _ in range(20)
    ]
    rows = []
    for cat, items in (("exact", exact), ("typo", typos), ("english", english), ("nonsense", nonsense),
                       ("hostile", HOSTILE)):
        rows += [{"cat": cat, "q": q} for q in items]
    return rows


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--out", type=Path, default=DEFAULT_OUT)
    opts = args.parse_args(argv)
    rows = build()
    opts.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["cat"]] = counts.get(row["cat"], 0) + 1
    print(f"wrote {len(rows)} queries to {opts.out}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
