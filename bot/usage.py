"""Recording what people asked, after the answer went out, and forgetting it on time.

``UsageRecorder.record_later`` runs the recording as a task of its own once the reply was sent:
it never delays an acknowledgement or an answer, and a failure is logged (without the question's
text) and never reaches the user. ``RetentionPurge`` deletes people's data older than
``TALKBOT_RETENTION_DAYS`` once at start and then every day.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from slack_sdk.web.async_client import AsyncWebClient

from handlers.replies import Reply
from handlers.usage_report import MAX_QUESTION_CHARS, normalize, outcome_of
from store.lexicon import Lexicon
from store.state import BotState, Workspace
from store.text import clean_query
from store.usage import DM, PRIVATE, PUBLIC, Purged, Question

from .slack_client import SLACK_FAILURES, describe_failure

log = logging.getLogger(__name__)
DAY_SECONDS = 24 * 3600
# Recording is idle work: it starts this long after the answer went out, and then waits (up to
# RECORD_MAX_WAIT_SECONDS) while answers are being computed, so a person's next request, or the rest
# of a burst, is answered first. A record is a few ms of work that can wait.
RECORD_AFTER_SECONDS = 0.25
RECORD_MAX_WAIT_SECONDS = 2.0
RECORD_POLL_SECONDS = 0.05
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

    @property
    def is_question(self) -> bool:
        return self.reply is not None and outcome_of(self.reply) is not None


class UsageRecorder:
    """Records questions in the background; finds out whether a channel is public, private or a DM."""

    def __init__(self, state: BotState, client: AsyncWebClient, lexicon: Lexicon,
                 now: Callable[[], float] = time.time, busy: Callable[[], bool] = lambda: False) -> None:
        self.state = state
        self.busy = busy  # True while answers are being computed (recording waits for a quiet moment)
        self.client = client
        self.lexicon = lexicon
        self.now = now
        self._tasks: set[asyncio.Future[object]] = set()
        self._visibility: dict[str, str] = {}

    def asking(self, *, user_id: str, channel: str, via: str, text: str, workspace: Workspace,
               channel_hint: str | None = None, thread_ts: str | None = None) -> Asked:
        return Asked(new_ref(), user_id, channel, via, text, workspace, channel_hint, thread_ts)

    def record_later(self, asked: Asked) -> None:
        """Record ``asked`` in a task of its own (call after the reply was sent)."""
        if asked.is_question:
            self.later(self._record(asked), "question")

    def later(self, work: Awaitable[object], what: str) -> None:
        """Run ``work`` without anyone waiting on it; a failure is logged once, never raised."""
        task: asyncio.Future[object] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(lambda done: self._finished(done, what))

    def _finished(self, task: asyncio.Future[object], what: str) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and (error := task.exception()) is not None:
            detail = describe_failure(error) if isinstance(error, SLACK_FAILURES) else type(error).__name__
            log.warning("recording failed what=%s error=%s", what, detail)

    async def drain(self) -> None:
        """Wait for every recording in flight (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _record(self, asked: Asked) -> None:
        assert asked.reply is not None
        await asyncio.sleep(RECORD_AFTER_SECONDS)
        waited = RECORD_AFTER_SECONDS
        while self.busy() and waited < RECORD_MAX_WAIT_SECONDS:
            await asyncio.sleep(RECORD_POLL_SECONDS)
            waited += RECORD_POLL_SECONDS
        outcome = outcome_of(asked.reply)
        if outcome is None:
            return
        text = clean_query(asked.text)[:MAX_QUESTION_CHARS]
        await self.state.record_question(Question(
            ref=asked.ref, asked_at=self.now(), user_id=asked.user_id, channel=asked.channel,
            visibility=await self.visibility(asked.channel, asked.channel_hint), via=asked.via, text=text,
            normalized=normalize(text, self.lexicon), answered=outcome.answered, shape=outcome.shape,
            terms=outcome.terms, talks=outcome.talks, thread_ts=asked.thread_ts, message_ts=asked.message_ts,
            team_id=asked.workspace.team_id, enterprise_id=asked.workspace.enterprise_id,
        ))

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
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
