"""Intake while serving: re-ingest the corpus folder incrementally when its files change.

``talkbot serve`` checks ``TALKBOT_CORPUS`` every ``TALKBOT_CORPUS_POLL`` seconds and at once on
SIGHUP. A check first compares each file's name, size and modification time with the last check
(cheap at any corpus size); only when they differ does it run the incremental ingest, which reads
just the new and changed files (store/ingest.py). The ingest commits in one transaction and bumps
the corpus generation, so answers switch to the new corpus at once and never see half of it, and
kept answers of the old corpus are dropped (store/db.py). A file that does not parse is logged
with its FILE:LINE, changes nothing, and is not retried until the folder changes again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

from store.db import Store
from store.errors import CorpusError
from store.ingest import CORPUS_SUFFIXES, IngestReport

from .background import cancel_and_wait
from .metrics import Metrics

log = logging.getLogger("talkbot.corpus")

Signature = tuple[tuple[str, int, int], ...]


def folder_signature(folders: list[Path]) -> Signature:
    """Name, size and modification time of every corpus file (and data file) in the folders."""
    entries = []
    for folder in folders:
        with contextlib.suppress(FileNotFoundError):
            for path in folder.iterdir():
                if path.suffix in (*CORPUS_SUFFIXES, ".toml") and path.is_file():
                    stat = path.stat()
                    entries.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(sorted(entries))


class CorpusWatcher:
    """Keeps the store's corpus in step with folders on disk, one ingest at a time."""

    def __init__(self, store: Store, folders: list[Path], interval: float, metrics: Metrics | None = None,
                 lock: asyncio.Lock | None = None) -> None:
        self.store = store
        self.folders = folders
        self.interval = interval  # 0: only on SIGHUP (and uploads)
        self.metrics = metrics
        self.lock = lock or asyncio.Lock()  # one ingest at a time (Services.ingest_lock: DM'd exports share it)
        self._seen: Signature | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Run the loop as a task; its first check catches up with files changed while the bot was down."""
        self._task = asyncio.create_task(self._run(), name="corpus-watch")

    def wake(self) -> None:
        """Check now (SIGHUP)."""
        self._wake.set()

    async def stop(self) -> None:
        await cancel_and_wait(self._task)
        self._task = None

    async def _run(self) -> None:
        trigger = "startup"
        while True:
            try:
                await self.check(trigger=trigger)
            except Exception:  # the loop must survive anything one check runs into
                log.exception("corpus check failed")
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), self.interval if self.interval > 0 else None)
                trigger = "signal"
            except asyncio.TimeoutError:
                trigger = "poll"

    async def check(self, *, force: bool = False, trigger: str = "poll") -> IngestReport | None:
        """Ingest when the folders changed since the last check (or ``force``); None when nothing ran."""
        async with self.lock:
            signature = await asyncio.to_thread(folder_signature, self.folders)
            if signature == self._seen and not force:
                return None
            report = await self.ingest(trigger)
            self._seen = signature  # also after a failure: a bad file is not retried until something changes
            return report

    async def ingest(self, trigger: str = "poll") -> IngestReport | None:
        """One incremental ingest of the folders (caller holds ``lock``); logs what changed."""
        try:
            with self.metrics.ingest_run(trigger) if self.metrics is not None else contextlib.nullcontext():
                report = await self.store.ingest(self.folders)
        except CorpusError as error:
            log.warning("corpus not reloaded, the bot keeps answering from the previous one: %s", error)
            return None
        if report.changed:
            log.info("corpus reloaded in %.2f s: %d new, %d changed, %d removed files; %d summaries read;"
                     " now %d talks, %d summaries", report.seconds, len(report.new_files), len(report.changed_files),
                     len(report.removed_files), report.added.get("summaries", 0), report.talks, report.summaries)
            for warning in report.warnings:
                log.warning("corpus: %s", warning)
        return report
