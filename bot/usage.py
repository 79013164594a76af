"""Recording what people asked, after the answer went out, and forgetting it on time.

``UsageRecorder.record_later`` queues the question once the reply was sent; one task per process
records the queue in a quiet moment: it never delays an acknowledgement or an answer, and a failure
is logged (without the question's text) and never reaches the user. ``RetentionPurge`` deletes people's data older than
``TALKBOT_RETENTION_DAYS`` once at start and then every day.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from slack_sdk.web.async_client import AsyncWebClient

from handlers.replies import Reply
from handlers.usage_report import MAX_QUESTION_CHARS, AnswerOutcome, normalize, outcome_of
from store.lexicon import Lexicon
from store.state import BotState, Workspace
from store.text import clean_query
from store.usage import DM, PRIVATE, PUBLIC, Purged, Question

from .background import cancel_and_wait
from .slack_client import SLACK_FAILURES, describe_failure

log = logging.getLogger(__name__)
DAY_SECONDS = 24 * 3600
# Recording is idle work: it starts this long after the answer went out, and then waits (up to
# RECORD_MAX_WAIT_SECONDS) while answers are being computed, so a person's next request, or the rest
# of a burst, is answered first. A record is a few ms of work that can wait.
RECORD_AFTER_SECONDS = 0.25
RECORD_MAX_WAIT_SECONDS = 2.0
# Questions waiting to be recorded; beyond this they are dropped (and that is logged) rather than
# holding their replies in memory without bound.
RECORD_QUEUE_SIZE = 5000
RECORD_BATCH_SIZE = 500  # questions written in one transaction at most
VISIBILITY_CACHE_SIZE = 5000


def new_ref() -> str:
    """A fresh answer id: random, so a tampered button value names no one else's answer."""
    return secrets.token_urlsafe(12)


@dataclass
class Asked:
    """A question on its way to an answer: who asked where, and (once answered) the reply."""

    ref: str
    user_id: str
    channel: str
    via: str  # 'define', 'talk', 'mention', 'dm', 'home'
    text: str
    workspace: Workspace
    channel_hint: str | None = None  # slash commands' channel_name ('directmessage', 'privategroup', 'mpdm-…')
    thread_ts: str | None = None
    reply: Reply | None = None
    message_ts: str | None = None  # the public answer's ts
    _outcome: tuple[Reply, AnswerOutcome | None] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def outcome(self) -> AnswerOutcome | None:
        """The reply's outcome (None: no reply yet, or one that answers no question); worked out once per reply."""
        if self.reply is None:
            return None
        if self._outcome is None or self._outcome[0] is not self.reply:
            self._outcome = (self.reply, outcome_of(self.reply))
        return self._outcome[1]

    @property
    def is_question(self) -> bool:
        return self.outcome is not None


class UsageRecorder:
    """Records questions in the background; finds out whether a channel is public, private or a DM.

    One task drains a bounded queue of answered questions; it waits on ``idle`` (set while no answer
    is being computed) instead of polling. ``close`` records what is still queued, without waiting.
    """

    def __init__(self, state: BotState, client: AsyncWebClient, lexicon: Callable[[], Lexicon],
                 now: Callable[[], float] = time.time, idle: asyncio.Event | None = None) -> None:
        self.state = state
        self.idle = idle  # set while no answer is being computed; None: never busy
        self.client = client
        self.lexicon = lexicon  # the word data in effect (Store.word_data: the team's aliases too)
        self.now = now
        self._queue: asyncio.Queue[tuple[float, Asked]] = asyncio.Queue(maxsize=RECORD_QUEUE_SIZE)
        self._task: asyncio.Task[None] | None = None
        self._waiting = False  # the task is waiting for a quiet moment (close may cut that short)
        self._closing = False
        self._full = False  # dropping since the queue filled up (logged once per spell)
        self.dropped = 0
        self._visibility: dict[str, str] = {}

    def asking(self, *, user_id: str, channel: str, via: str, text: str, workspace: Workspace,
               channel_hint: str | None = None, thread_ts: str | None = None) -> Asked:
        return Asked(new_ref(), user_id, channel, via, text, workspace, channel_hint, thread_ts)

    @property
    def task(self) -> asyncio.Task[None] | None:
        """The recording task, while it runs (shutdown does not count it as an answer in flight)."""
        return self._task

    def record_later(self, asked: Asked) -> None:
        """Queue ``asked`` for recording in a quiet moment (call after the reply was sent)."""
        if not asked.is_question:
            return
        if self._closing:  # only answers that outlived the shutdown grace get here
            log.warning("recorder closed; a question answered during shutdown is not recorded")
            return
        loop = asyncio.get_running_loop()
        try:
            self._queue.put_nowait((loop.time() + RECORD_AFTER_SECONDS, asked))
        except asyncio.QueueFull:
            self.dropped += 1
            if not self._full:
                self._full = True
                log.warning("recording queue full (%d questions); questions are not recorded until it drains",
                            RECORD_QUEUE_SIZE)
            return
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._drain_queue(), name="usage-recorder")

    async def drain(self) -> None:
        """Wait until every queued question is recorded (tests)."""
        await self._queue.join()

    async def close(self) -> None:
        """Record what is still queued at once (no quiet moment is awaited), then stop the task."""
        self._closing = True
        if self._task is None:
            return
        if self._task.done() and not self._queue.empty():  # cancelled from outside: finish its queue
            self._task = asyncio.get_running_loop().create_task(self._drain_queue(), name="usage-recorder")
        if self._waiting:
            self._task.cancel()  # cuts the wait short; the task records the question it held
        await self._queue.join()
        await cancel_and_wait(self._task)
        self._task = None
        if self.dropped:
            log.warning("recording dropped %d questions while its queue was full", self.dropped)

    async def _drain_queue(self) -> None:
        while True:
            due, asked = await self._queue.get()
            batch = [asked]
            try:
                await self._quiet_moment(due)
                # What queued meanwhile was answered too: record it now, in the same transaction (one commit
                # per quiet moment instead of one per question; BENCHMARKS.md §15).
                while len(batch) < RECORD_BATCH_SIZE and not self._queue.empty():
                    batch.append(self._queue.get_nowait()[1])
                await self._record(batch)
            except Exception as error:  # noqa: BLE001 - a lost record is logged; the recorder goes on
                detail = describe_failure(error) if isinstance(error, SLACK_FAILURES) else type(error).__name__
                log.warning("recording failed what=question count=%d error=%s", len(batch), detail)
            finally:
                for _ in batch:
                    self._queue.task_done()
                if self._queue.empty():
                    self._full = False

    async def _quiet_moment(self, due: float) -> None:
        """Wait until ``due``, then while answers are computed (up to RECORD_MAX_WAIT_SECONDS after the answer)."""
        if self._closing:
            return
        loop = asyncio.get_running_loop()
        self._waiting = True
        try:
            if (delay := due - loop.time()) > 0:
                await asyncio.sleep(delay)
            give_up = due - RECORD_AFTER_SECONDS + RECORD_MAX_WAIT_SECONDS
            if self.idle is not None and not self.idle.is_set() and loop.time() < give_up:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout_at(give_up):
                        await self.idle.wait()
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not self._closing or task is None:
                raise
            task.uncancel()  # close() cut the wait short: record now
        finally:
            self._waiting = False

    async def _record(self, batch: list[Asked]) -> None:
        questions = []
        for asked in batch:
            if (outcome := asked.outcome) is None:
                continue
            text = clean_query(asked.text)[:MAX_QUESTION_CHARS]
            questions.append(Question(
                ref=asked.ref, asked_at=self.now(), user_id=asked.user_id, channel=asked.channel,
                visibility=await self.visibility(asked.channel, asked.channel_hint), via=asked.via, text=text,
                normalized=normalize(text, self.lexicon()), answered=outcome.answered, shape=outcome.shape,
                terms=outcome.terms, talks=outcome.talks, thread_ts=asked.thread_ts, message_ts=asked.message_ts,
                team_id=asked.workspace.team_id, enterprise_id=asked.workspace.enterprise_id,
            ))
        await self.state.record_questions(questions)

    async def visibility(self, channel: str, hint: str | None = None) -> str:
        """PUBLIC, PRIVATE or DM; when Slack cannot say, PRIVATE (never show what might be private)."""
        if channel.startswith("D") or hint == "directmessage":
            return DM
        if hint == "privategroup" or (hint or "").startswith("mpdm-"):
            return PRIVATE
        if (known := self._visibility.get(channel)) is not None:
            return known
        try:
            info = (await self.client.conversations_info(channel=channel)).get("channel") or {}
        except SLACK_FAILURES as error:
            log.info("channel type unknown channel=%s error=%s; counted as private", channel,
                     describe_failure(error))
            return PRIVATE
        if info.get("is_im"):
            found = DM
        elif info.get("is_private") or info.get("is_mpim") or info.get("is_group"):
            found = PRIVATE
        else:
            found = PUBLIC
        if len(self._visibility) >= VISIBILITY_CACHE_SIZE:
            self._visibility.clear()
        self._visibility[channel] = found
        return found


class RetentionPurge:
    """Deletes people's data older than ``days`` once at start, then every ``interval`` seconds."""

    def __init__(self, state: BotState, days: int, *, interval: float = DAY_SECONDS,
                 now: Callable[[], float] = time.time) -> None:
        self.state = state
        self.days = days
        self.interval = interval
        self.now = now
        self._task: asyncio.Task[None] | None = None

    async def run_once(self) -> Purged:
        purged = await self.state.purge_older_than(self.now() - self.days * DAY_SECONDS)
        log.info("retention purge (older than %d days): %s", self.days,
                 " ".join(f"{kind}={count}" for kind, count in sorted(purged.counts.items())))
        return purged

    async def _loop(self) -> None:
        while True:
            try:
                await self.run_once()
            except Exception:  # the next day tries again; serving goes on
                log.exception("retention purge failed")
            await asyncio.sleep(self.interval)

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="retention-purge")

    async def stop(self) -> None:
        await cancel_and_wait(self._task)
        self._task = None
