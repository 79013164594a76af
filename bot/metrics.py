"""Prometheus metrics of one bot process (prometheus-client), served at GET /metrics.

One ``Metrics`` per process, with its own registry (no module-global state, so tests can build
many apps). Labels only ever hold values from a small known set (request kinds, reply shapes,
Web API method names, Slack's error codes, exception class names): never user text, ids or tokens.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

from handlers.replies import DefineReply, DigestThread, Notice, TalkListReply, TalkPointsReply
from store.db import Store

# Slack acks within 3 s; most of ours take one of bolt's 10 ms polls. Answers can take seconds under load.
ACK_BUCKETS = (0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0)
ANSWER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
INGEST_BUCKETS = (0.1, 0.5, 1.0, 5.0, 10.0, 30.0, 60.0, 300.0)
# What started an ingest: the first start (or the watcher's catch-up at start), the corpus poll, SIGHUP, a DM'd export.
INGEST_TRIGGERS = ("startup", "poll", "signal", "upload")
_LABEL_SAFE = re.compile(r"[A-Za-z][A-Za-z0-9_.]{0,63}")
OTHER = "other"
CONTENT_TYPE = CONTENT_TYPE_LATEST


def label(value: object) -> str:
    """A label value from a bounded vocabulary (Slack error codes, method names); anything else is 'other'."""
    text = str(value or "").strip()
    return text if _LABEL_SAFE.fullmatch(text) else OTHER


def reply_shape(reply: object) -> tuple[str, bool]:
    """The shape of an answer and whether the corpus covered it.

    A reply model that says its own ``shape`` (and ``covered``) is taken at its word; the question
    layer sets them. Replies without them are named by their kind.
    """
    shape = getattr(reply, "shape", None)
    if isinstance(shape, str):
        return label(shape), bool(getattr(reply, "covered", True))
    if isinstance(reply, DefineReply):
        return "definition", any(result.hits for result in reply.results)
    if isinstance(reply, TalkListReply):
        return "talks", bool(reply.talks)
    if isinstance(reply, TalkPointsReply):
        return "talk_points", True
    if isinstance(reply, DigestThread):
        return "digest", True
    if isinstance(reply, Notice):
        return "notice", True
    return label(type(reply).__name__), True


class Metrics:
    """Every metric of the process, and the one function per event that updates them."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.requests = Counter("talkbot_requests",
                                "Slack requests handled, by kind and outcome (ok, error, cancelled).",
                                ["kind", "outcome"], registry=registry)
        self.ack_seconds = Histogram(
            "talkbot_ack_seconds",
            "From receiving a request (HTTP mode: its body read; Socket Mode: the listener's start) to ack().",
            ["kind"], buckets=ACK_BUCKETS, registry=registry)
        self.answer_seconds = Histogram(
            "talkbot_answer_seconds",
            "From receiving a request to its answer delivered (in the ack, through response_url or chat.postMessage).",
            ["kind"], buckets=ANSWER_BUCKETS, registry=registry)
        self.answers = Counter("talkbot_answers", "Answers by shape; covered=false: the corpus had nothing for it.",
                               ["shape", "covered"], registry=registry)
        self.digests = Counter("talkbot_digests",
                               "Digest threads by outcome (posted, incomplete: the next run completes it, failed) "
                               "and reason (Slack's error code or the failure's kind).",
                               ["outcome", "reason"], registry=registry)
        self.slack_api_errors = Counter("talkbot_slack_api_errors",
                                        "Slack Web API calls (and response_url posts) that failed after their "
                                        "retries, by method and Slack's error code.",
                                        ["method", "code"], registry=registry)
        self.ingests = Counter("talkbot_ingest_runs",
                               "Corpus ingests run by this process, by outcome and trigger (startup, poll, signal, "
                               "upload).", ["outcome", "trigger"], registry=registry)
        self.ingest_seconds = Histogram("talkbot_ingest_duration_seconds", "Duration of this process's ingests.",
                                        buckets=INGEST_BUCKETS, registry=registry)
        self.corpus = Gauge("talkbot_corpus_items", "What the corpus holds, read at each scrape.", ["kind"],
                            registry=registry)
        ProcessCollector(registry=registry)  # RSS, open fds, CPU: what a soak watches
        self._store: Store | None = None
        self._children: dict[tuple[int, tuple[str, ...]], Any] = {}
        registry.register(_CacheCollector(self))

    # -- one function per event ------------------------------------------------------------

    def count_request(self, kind: str, outcome: str, *, answer_seconds: float | None = None) -> None:
        self._child(self.requests, kind, outcome).inc()
        if answer_seconds is not None:
            self._child(self.answer_seconds, kind).observe(answer_seconds)

    def observe_ack(self, kind: str, seconds: float) -> None:
        self._child(self.ack_seconds, kind).observe(seconds)

    def count_answer(self, shape: str, *, covered: bool) -> None:
        """One answer of ``shape`` (the question layer's shapes, or a reply kind); covered=False: not covered."""
        self._child(self.answers, label(shape), "true" if covered else "false").inc()

    def _child(self, metric: Any, *values: str) -> Any:
        """``metric.labels(*values)``, kept: labels() checks its arguments and takes a lock on every call, and
        these metrics are updated several times per request; label values come from small fixed sets."""
        key = (id(metric), values)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*values)
        return child

    def count_reply(self, reply: object) -> None:
        """Count a reply model under its shape (``reply_shape``)."""
        shape, covered = reply_shape(reply)
        self.count_answer(shape, covered=covered)

    def count_digest(self, outcome: str, reason: str = "") -> None:
        self.digests.labels(outcome, label(reason) if reason else "").inc()

    def count_slack_error(self, method: str, code: str) -> None:
        self.slack_api_errors.labels(label(method), label(code)).inc()

    @contextlib.contextmanager
    def ingest_run(self, trigger: str) -> Iterator[None]:
        """Count the ingest run inside the block and its duration: ``failed`` if it raises, else ``ok``."""
        assert trigger in INGEST_TRIGGERS, trigger
        started = time.perf_counter()
        try:
            yield
        except Exception:
            self._observe_ingest("failed", trigger, started)
            raise
        self._observe_ingest("ok", trigger, started)

    def _observe_ingest(self, outcome: str, trigger: str, started: float) -> None:
        self.ingests.labels(outcome, trigger).inc()
        self.ingest_seconds.observe(time.perf_counter() - started)

    # -- scraping ---------------------------------------------------------------------------

    def watch(self, store: Store) -> None:
        """Report ``store``'s corpus size and answer cache at each scrape."""
        self._store = store

    async def exposition(self) -> bytes:
        """The text format of every metric, with the corpus counts read now."""
        if self._store is not None:
            for kind, count in (await self._store.stats()).items():
                self.corpus.labels(kind).set(count)
        return generate_latest(self.registry)


class _CacheCollector(Collector):
    """The store's answer cache, read at scrape time (the cache counts its own hits)."""

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics

    def collect(self) -> Iterator[Metric]:
        store = self._metrics._store
        if store is None:
            return
        hits = CounterMetricFamily("talkbot_answer_cache_hits", "Answers served from the answer cache.")
        hits.add_metric([], store.results.hits)
        yield hits
        entries = GaugeMetricFamily("talkbot_answer_cache_entries", "Answers held in the answer cache.")
        entries.add_metric([], len(store.results))
        yield entries
