"""What one bot process uses, opened in one place: the corpus store, the bot state, Slack clients, the poster.

Listeners receive a ``Services`` instead of reaching for module globals; every command of the
CLI opens the store with ``open_store`` and the pair with ``open_services``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from slack_sdk.web.async_client import AsyncWebClient

from handlers.blocks import render, with_feedback
from handlers.replies import Reply
from store.db import Store
from store.ingest import IngestReport, ingest_sync
from store.state import BotState

from .digest_poster import ChannelPacer, DigestPoster
from .identity import SlackIdentity
from .metrics import Metrics
from .permissions import Permissions
from .settings import Settings
from .slack_client import posting_client
from .usage import UsageRecorder

log = logging.getLogger(__name__)

ANSWERS_IN_PROGRESS = 4  # answers computed at once; more would only take turns on the one event loop
ACK_ANSWER_BUDGET_SECONDS = 0.008  # under bolt's 10 ms ack poll (listeners.answering)
# How long a first-time asker's users.info may hold the ack (listeners.answering): Slack answers it in tens of ms,
# so their first answer rides in the ack too; a slower lookup is not waited for (Slack allows the ack 3 s).
USER_LOOKUP_ACK_BOUND_SECONDS = 1.0


class AnswerSlots(asyncio.Semaphore):
    """The answer slots: a semaphore whose ``idle`` event is set while no answer is in progress.

    Idle work (recording questions, bot/usage.py) waits on ``idle`` instead of polling. An answer in
    progress either holds a slot or runs under ``answering`` (slash commands, bot/listeners/answering.py).
    """

    def __init__(self, size: int = ANSWERS_IN_PROGRESS) -> None:
        super().__init__(size)
        self.size = size
        self.idle = asyncio.Event()
        self.idle.set()
        self._unslotted = 0  # answers in progress under ``answering``

    @property
    def taken(self) -> bool:
        return self._value < self.size or self._unslotted > 0  # asyncio.Semaphore keeps its free count in _value

    @contextlib.contextmanager
    def answering(self) -> Iterator[None]:
        """An answer in progress that takes no slot: ``idle`` is clear while it runs, as while a slot is held."""
        self._unslotted += 1
        self.idle.clear()
        try:
            yield
        finally:
            self._unslotted -= 1
            if not self.taken:
                self.idle.set()

    async def acquire(self) -> Literal[True]:
        try:
            await super().acquire()
        finally:
            if self.taken:  # also after a cancelled wait that handed its slot back
                self.idle.clear()
            else:
                self.idle.set()
        return True

    def release(self) -> None:
        super().release()
        if not self.taken:
            self.idle.set()


@dataclass
class Services:
    """What listeners need, passed explicitly instead of living in module globals."""

    store: Store
    state: BotState
    client: AsyncWebClient
    poster: DigestPoster  # every digest of this process, weekly or asked for, goes through it
    settings: Settings
    permissions: Permissions  # every check of who may do what (bot/permissions.py)
    identity: SlackIdentity  # the bot token's auth.test, checked at start-up and given to bolt (bot/identity.py)
    # Answers are CPU work on the event loop that also polls for acks: a few at a time keep acks fast,
    # the rest wait here without using CPU (BENCHMARKS.md §2).
    answer_slots: AnswerSlots = field(default_factory=AnswerSlots)
    ack_answer_budget: float = ACK_ANSWER_BUDGET_SECONDS  # 0: every slash command answers through response_url
    user_lookup_ack_bound: float = USER_LOOKUP_ACK_BOUND_SECONDS  # 0: a first-time asker is acked before the lookup
    metrics: Metrics = field(default_factory=Metrics)
    # One ingest at a time in this process: the corpus watcher (poll, SIGHUP) and exports sent in a DM.
    ingest_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    usage: UsageRecorder | None = None  # questions and votes (bot/usage.py); None: built from the others

    def __post_init__(self) -> None:
        if self.usage is None:
            self.usage = UsageRecorder(self.state, self.client, self.store.word_data, idle=self.answer_slots.idle)

    @property
    def recorder(self) -> UsageRecorder:
        assert self.usage is not None
        return self.usage

    def rendered_answer(self, reply: Reply, *, public: bool = False, feedback: str | None = None) -> dict[str, Any]:
        """An answer to a question, counted under its shape and rendered for Slack (``public``: everyone sees it).

        ``feedback``: the answer's ref, for 👍/👎 buttons (private answers only; public ones are rated by reaction).
        """
        self.metrics.count_reply(reply)
        message = render(reply, public=public)
        return with_feedback(message, feedback) if feedback and not public else message


def build_services(settings: Settings, store: Store, state: BotState, client: AsyncWebClient,
                   pacer: ChannelPacer | None = None, metrics: Metrics | None = None) -> Services:
    """The services over an open store and state; digests post through a 429-only-retry copy of ``client``."""
    metrics = metrics or Metrics()
    metrics.watch(store)
    poster = DigestPoster(state, store, posting_client(client), pacer or ChannelPacer(),
                          count_outcome=metrics.count_digest)
    permissions = Permissions.from_settings(settings, client, count_failure=metrics.count_slack_error)
    return Services(store, state, client, poster, settings, permissions, SlackIdentity(client),
                    metrics=metrics)


async def ensure_corpus(settings: Settings, metrics: Metrics | None = None) -> IngestReport | None:
    """Ingest the configured corpus when the database does not exist yet (first start)."""
    if settings.db_path.exists():
        return None
    with metrics.ingest_run("startup") if metrics is not None else contextlib.nullcontext():
        report = await asyncio.to_thread(ingest_sync, settings.db_path, settings.corpus_paths())
    log.info("first start: ingested %d summaries, %d talks from %s", report.summaries, report.talks, settings.corpus)
    return report


async def open_store(settings: Settings) -> Store:
    """The corpus store of ``settings`` (its database, lexicon and answer cache size)."""
    return await Store.open(settings.db_path, settings.corpus, cache_size=settings.result_cache)


@contextlib.asynccontextmanager
async def open_services(settings: Settings, metrics: Metrics | None = None) -> AsyncIterator[tuple[Store, BotState]]:
    """The store and the bot state for one process (ingesting the corpus on first start), closed on exit."""
    await ensure_corpus(settings, metrics)
    store = await open_store(settings)
    try:
        state = await BotState.open(settings.db_path)
        try:
            yield store, state
        finally:
            await state.close()
    finally:
        await store.close()
