"""The rows one corpus file gives: parsed, with speakers, titles, grouping keys and full-text tokens.

This is most of an ingest's CPU and needs nothing but the file and the compound vocabulary, so an
ingest of many files computes it in worker processes (one per core) for the next files while its own
process writes, groups and indexes (store.ingest). Ids are numbered from 0 within the file; the
writer adds each table's next free id, which gives the ids a one-process ingest assigns.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import parser
from .compounds import CompoundSplitter
from .model import GlossaryEntry, Summary
from .speakers import find_speakers
from .talk_index import key_rows
from .talk_titles import derive_title
from .text import case_parts, identifiers, term_key, tokens

# Rows per table, ids local to the file. The full-text rows of key points, glossary lines and highlights
# are kept apart because their rowids derive from different tables' ids (point_id * 4 + 1, entry_id * 4 + 2, ...).
TABLES = ("summaries", "summary_keys", "points", "glossary", "term_names", "highlights", "fts_points", "fts_terms",
          "fts_highlights")
# Below this many bytes to read, starting worker processes (about 0.3 s each) costs more than it saves.
PARALLEL_MIN_BYTES = 4 << 20
_AHEAD_PER_WORKER = 2  # files parsed ahead of the writer per worker: bounds the rows held in memory
_WORKER_CODE = "import sys; sys.path.insert(0, sys.argv[1]); import store.file_rows as m; m.serve()"


@dataclass
class FileRows:
    """What one file adds: its rows (ids from 0 within the file), counts and warnings."""

    name: str
    rows: dict[str, list[tuple[Any, ...]]]
    counts: dict[str, int]  # summaries, key_points, glossary_lines, highlights
    warnings: list[str]


def fts_columns(splitter: CompoundSplitter, title: str, body: str) -> tuple[str, str, str]:
    """Folded tokens of title and body (as FTS5 and the re-ranker will split them) plus compound parts."""
    title_tokens, body_tokens = tokens(title), tokens(body)
    text = f"{title} {body}"
    parts = splitter.expand(title_tokens + body_tokens) + identifiers(text) + case_parts(text)
    return " ".join(title_tokens), " ".join(body_tokens), " ".join(dict.fromkeys(parts))


def file_rows(path: Path, splitter: CompoundSplitter) -> FileRows:
    """Parse one file and compute its rows; CorpusError (naming file and line) when it cannot be read."""
    summaries, warnings = parser.parse_file_with_warnings(path)
    rows: dict[str, list[tuple[Any, ...]]] = {name: [] for name in TABLES}
    counts = {"summaries": 0, "key_points": 0, "glossary_lines": 0, "highlights": 0}
    for summary in summaries:
        _summary_rows(summary, splitter, rows, counts)
    return FileRows(path.name, rows, counts, warnings)


def read_files(paths: Sequence[Path], vocabulary: set[str], *, size: int = 0) -> Iterator[FileRows]:
    """Each file's rows, in the order given; in worker processes when ``size`` (bytes to read) is large enough.

    A worker parses at most a few files ahead of the consumer, so memory does not grow with the corpus.
    A CorpusError in a worker is raised here, at that file.
    """
    count = _worker_count()
    if count < 2 or len(paths) < 2 or size < PARALLEL_MIN_BYTES:
        splitter = CompoundSplitter(vocabulary)
        for path in paths:
            yield file_rows(path, splitter)
        return
    workers = [_Worker(vocabulary) for _ in range(min(count, len(paths)))]
    try:
        # File i goes to worker i % n; each worker answers in the order asked, so reading in file order works.
        asked = 0
        for index in range(len(paths)):
            while asked < len(paths) and asked < index + len(workers) * _AHEAD_PER_WORKER:
                workers[asked % len(workers)].ask(paths[asked])
                asked += 1
            yield workers[index % len(workers)].answer()
        for worker in workers:
            worker.close()
    finally:
        for worker in workers:
            worker.kill()


class _Worker:
    """A child Python process computing file_rows for the paths sent to it (pickles over its stdin and stdout).

    A plain subprocess, not multiprocessing: spawn would run the caller's ``__main__`` again in each child
    (a script without a ``__main__`` guard ingests again, recursively), and fork would copy a serving
    process's threads' locks and its memory.
    """

    def __init__(self, vocabulary: set[str]) -> None:
        root = str(Path(__file__).resolve().parent.parent)  # the tree this module is in, not whatever is installed
        self.process = subprocess.Popen(
            [sys.executable, "-c", _WORKER_CODE, root], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.requests, self.answers = self.process.stdin, self.process.stdout
        self._send(vocabulary)

    def ask(self, path: Path) -> None:
        self._send(str(path))

    def answer(self) -> FileRows:
        try:
            kind, value = pickle.load(self.answers)
        except EOFError:
            raise RuntimeError(f"ingest worker {self.process.pid} exited ({self.process.wait()})") from None
        if kind == "error":
            raise value
        result: FileRows = value
        return result

    def close(self) -> None:
        self.requests.close()
        self.process.wait()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for pipe in (self.requests, self.answers):
            pipe.close()

    def _send(self, message: object) -> None:
        pickle.dump(message, self.requests, protocol=pickle.HIGHEST_PROTOCOL)
        self.requests.flush()


def serve() -> None:
    """A worker's loop (see _Worker): the vocabulary, then one path at a time until stdin closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in a terminal reaches the ingest, which stops its workers
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # stdout carries the answers: a stray print must not corrupt them
    splitter = CompoundSplitter(pickle.load(requests))
    while True:
        try:
            path = pickle.load(requests)
        except EOFError:
            return
        try:
            message: tuple[str, object] = ("rows", file_rows(Path(path), splitter))
        except Exception as exc:  # noqa: BLE001 - any failure goes back to the ingest, which raises it at that file
            message = ("error", exc)
        pickle.dump(message, answers, protocol=pickle.HIGHEST_PROTOCOL)
        answers.flush()


def _worker_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _summary_rows(summary: Summary, splitter: CompoundSplitter, rows: dict[str, list[tuple[Any, ...]]],
                  counts: dict[str, int]) -> None:
    summary_id = counts["summaries"]
    speakers = find_speakers(summary)
    keys, word_count, term_count = key_rows(summary, speakers)
    rows["summaries"].append((summary_id, summary.heading, summary.text, summary.source.file, summary.source.line,
                              derive_title(summary, speakers), json.dumps(list(speakers)), word_count, term_count))
    rows["summary_keys"] += [(key, summary_id, kind) for key, kind in keys]
    for index, point in enumerate(summary.key_points):
        point_id = counts["key_points"] + index
        rows["points"].append((point_id, summary_id, index, point.seconds, point.label, point.title, point.text,
                               point.source.file, point.source.line))
        rows["fts_points"].append((point_id, *fts_columns(splitter, point.title, point.text), summary_id))
    for index, entry in enumerate(summary.glossary):
        entry_id = counts["glossary_lines"] + index
        rows["glossary"].append((entry_id, summary_id, entry.head, entry.definition, entry.source.file,
                                 entry.source.line))
        rows["term_names"] += term_name_rows(entry_id, entry)
        rows["fts_terms"].append((entry_id, *fts_columns(splitter, entry.head, entry.definition), summary_id))
    for index, highlight in enumerate(summary.highlights):
        highlight_id = counts["highlights"] + index
        rows["highlights"].append((highlight_id, summary_id, highlight.title, highlight.text, highlight.source.file,
                                   highlight.source.line))
        rows["fts_highlights"].append((highlight_id, *fts_columns(splitter, highlight.title, highlight.text),
                                       summary_id))
    counts["summaries"] += 1
    counts["key_points"] += len(summary.key_points)
    counts["glossary_lines"] += len(summary.glossary)
    counts["highlights"] += len(summary.highlights)


def term_name_rows(entry_id: int, entry: GlossaryEntry) -> list[tuple[Any, ...]]:
    """One row per spelling naming a glossary entry: its terms, their expansions, its variants."""
    where = (entry.source.file, entry.source.line)
    rows: list[tuple[Any, ...]] = []
    for index, term in enumerate(entry.terms):
        expansion = entry.expansions[index] if index < len(entry.expansions) else None
        rows.append((entry_id, term, expansion, term, term_key(term), "term", *where))
        if expansion:
            rows.append((entry_id, term, expansion, expansion, term_key(expansion), "expansion", *where))
    primary = entry.terms[0] if entry.terms else entry.head
    primary_expansion = entry.expansions[0] if entry.expansions else None
    for variant in entry.variants:
        rows.append((entry_id, primary, primary_expansion, variant, term_key(variant), "variant", *where))
    return rows
