"""Posting digest threads through the ledger: every planned message exactly once.

Before each request the message is marked as attempted (committed); after Slack's answer its
``ts`` is recorded. A message that was attempted but has no ``ts`` may or may not have reached
Slack (a crash, a reset, a timeout, a 5xx): before sending it again the poster looks for it in
the channel or thread by the marker in its ``metadata``. Only 429s are retried blindly (Slack did
not post those); connection errors and 5xx are retried here, after that look. One poster at a
time per channel, across processes, through a lease in the database.
"""

from __future__ import annotations

import asyncio
import logging
import random
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timezone

import aiohttp
import aiosqlite
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.async_handler import AsyncRetryHandler
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState
from slack_sdk.web.async_client import AsyncWebClient

from store.leases import acquire_lease, release_lease
from store.ledger import (
    ABANDONED,
    DONE,
    Digest,
    LedgerMessage,
    digest_messages,
    finish_digest,
    mark_attempt,
    record_posted,
)

from .posting import ChannelPacer

log = logging.getLogger(__name__)

MARKER_EVENT_TYPE = "talkbot_digest"
INCOMPLETE = "incomplete"  # an outcome, not a ledger status: the digest stays POSTING for the next run
# The channel is gone or closed to the bot: retrying cannot help until someone acts.
CHANNEL_ERRORS = frozenset({"channel_not_found", "not_in_channel", "is_archived", "account_inactive"})
LEASE_TTL_SECONDS = 120.0  # renewed before every request; a crashed holder blocks its channel at most this long
LEASE_POLL_SECONDS = 0.25
HISTORY_PAGES = 5  # how far back (x HISTORY_PAGE_SIZE messages) to look for a parent that may have been posted
HISTORY_PAGE_SIZE = 200
MAX_RETRY_AFTER_SECONDS = 60  # never sleep longer than this on one 429, so the lease stays renewed in time


class ChannelUnavailable(Exception):
    """Slack refuses the channel (``channel_not_found``, ``not_in_channel``, ``is_archived``, ``account_inactive``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class SlackUnavailable(Exception):
    """Slack kept failing (5xx, connection errors, timeouts, 429s beyond the retries): try again later."""


class LeaseLost(Exception):
    """Another poster took this channel's lease (ours expired): stop without posting."""


@dataclass(frozen=True)
class RetryPolicy:
    """How often a message is tried in one run, and the backoff between tries."""

    attempts: int = 3
    backoff_seconds: float = 1.0  # before the second try; doubled for each further one


@dataclass(frozen=True)
class PostOutcome:
    """What one run did with one digest."""

    digest: Digest
    status: str  # DONE, INCOMPLETE (the next run completes it) or ABANDONED
    posted: int  # messages this run confirmed
    error: str | None = None  # the Slack error code or exception name

    @property
    def settled(self) -> bool:
        """Nothing is left to post for this digest (done, or given up for good)."""
        return self.status in (DONE, ABANDONED)

    @property
    def channel_unavailable(self) -> bool:
        return self.status == ABANDONED and self.error in CHANNEL_ERRORS


class RetryAfterHandler(AsyncRetryHandler):
    """Retries a 429 after its ``Retry-After`` seconds (capped), plus a little jitter."""

    def __init__(self, max_retry_count: int = 3, *, jitter_seconds: float = 0.5,
                 max_wait_seconds: float = MAX_RETRY_AFTER_SECONDS) -> None:
        super().__init__(max_retry_count)
        self.jitter_seconds = jitter_seconds
        self.max_wait_seconds = max_wait_seconds

    async def _can_retry_async(self, *, state: RetryState, request: HttpRequest,
                               response: HttpResponse | None = None, error: Exception | None = None) -> bool:
        return response is not None and response.status_code == 429

    async def prepare_for_next_attempt_async(self, *, state: RetryState, request: HttpRequest,
                                             response: HttpResponse | None = None,
                                             error: Exception | None = None) -> None:
        """Sleep for Retry-After, then let the client send the request again."""
        state.next_attempt_requested = True
        headers = {key.lower(): value for key, value in (response.headers if response else {}).items()}
        raw = headers.get("retry-after", ["1"])
        raw = raw[0] if isinstance(raw, list) else raw
        try:
            wait = float(raw)
        except (TypeError, ValueError):
            wait = 1.0
        await asyncio.sleep(min(max(wait, 0.0), self.max_wait_seconds) + random.random() * self.jitter_seconds)
        state.increment_current_attempt()


def posting_client(client: AsyncWebClient, *, rate_limit_retries: int = 3, jitter_seconds: float = 0.5,
                   timeout: float | None = None) -> AsyncWebClient:
    """A client like ``client`` that retries only 429s: a blind retry after a reset or a 5xx can post twice."""
    return AsyncWebClient(
        token=client.token,
        base_url=client.base_url,
        timeout=client.timeout if timeout is None else timeout,  # type: ignore[arg-type] # aiohttp takes floats
        retry_handlers=[RetryAfterHandler(rate_limit_retries, jitter_seconds=jitter_seconds)],
        logger=client.logger,
        session=client.session,  # the process's connection pool, when it has one
    )


def marker(digest: Digest, position: int) -> dict:
    """The message metadata that lets a later run recognise this message in Slack."""
    return {"event_type": MARKER_EVENT_TYPE,
            "event_payload": {"digest_id": digest.digest_id, "index": position, "slot": digest.slot}}


def _is_marked(message: dict, digest: Digest, position: int) -> bool:
    metadata = message.get("metadata") or {}
    payload = metadata.get("event_payload") or {}
    return (metadata.get("event_type") == MARKER_EVENT_TYPE and payload.get("digest_id") == digest.digest_id
            and payload.get("index") == position and payload.get("slot") == digest.slot)


def utc_now() -> datetime:
    """The current time, aware, in UTC."""
    return datetime.now(timezone.utc)


class LedgerPoster:
    """Posts the planned messages of ledger digests, holding the channel's lease while it does."""

    def __init__(
        self,
        conn: aiosqlite.Connection,
        client: AsyncWebClient,
        pacer: ChannelPacer,
        *,
        now: Callable[[], datetime] = utc_now,
        retry: RetryPolicy = RetryPolicy(),
        lease_ttl: float = LEASE_TTL_SECONDS,
        holder: str | None = None,
    ) -> None:
        self.conn = conn
        self.client = client
        self.pacer = pacer
        self.now = now
        self.retry = retry
        self.lease_ttl = lease_ttl
        self.holder = holder or uuid.uuid4().hex
        # The database lease keeps other processes (and other posters) out, but it is re-entrant for
        # its holder: two ticks of this poster at once must still take turns in a channel.
        self._turns: dict[str, asyncio.Lock] = {}

    def _time(self) -> float:
        return self.now().timestamp()

    # -- leases ----------------------------------------------------------------------------

    @asynccontextmanager
    async def channel_lease(self, channel: str, *, wait_seconds: float = 0.0) -> AsyncIterator[bool]:
        """Hold the channel's lease inside the block (True), or False if another poster kept it for ``wait_seconds``."""
        name = f"digest-channel:{channel}"
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait_seconds
        turn = self._turns.setdefault(channel, asyncio.Lock())
        while turn.locked():  # this poster is already in the channel (two ticks of one scheduler at once)
            if loop.time() >= deadline:
                yield False
                return
            await asyncio.sleep(LEASE_POLL_SECONDS)
        await turn.acquire()  # free, so it is taken at once, without yielding to another task
        try:
            while not await acquire_lease(self.conn, name, self.holder, self._time(), self.lease_ttl):
                if loop.time() >= deadline:
                    yield False
                    return
                await asyncio.sleep(LEASE_POLL_SECONDS)
            try:
                yield True
            finally:
                await release_lease(self.conn, name, self.holder)
        finally:
            turn.release()

    async def _renew(self, channel: str) -> None:
        if not await acquire_lease(self.conn, f"digest-channel:{channel}", self.holder, self._time(), self.lease_ttl):
            raise LeaseLost(channel)

    # -- posting ---------------------------------------------------------------------------

    async def complete(self, digest: Digest) -> PostOutcome:
        """Post whatever of ``digest`` is not confirmed yet, in order, under its parent (hold the lease)."""
        messages = await digest_messages(self.conn, digest.digest_id)
        parent_ts = next((m.ts for m in messages if m.position == 0), None)
        posted = 0
        try:
            for message in messages:
                if message.ts is not None:
                    continue
                ts = await self._post_message(digest, message, parent_ts)
                parent_ts = parent_ts or ts
                posted += 1
        except ChannelUnavailable as error:
            await finish_digest(self.conn, digest.digest_id, ABANDONED, self._time(), error.code)
            log.warning("digest abandoned channel=%s slot=%s error=%s", digest.channel, digest.slot, error.code)
            return PostOutcome(digest, ABANDONED, posted, error.code)
        except SlackApiError as error:
            code = str(error.response.get("error") or "unknown_error")
            await finish_digest(self.conn, digest.digest_id, ABANDONED, self._time(), code)
            log.error("digest abandoned channel=%s slot=%s error=%s", digest.channel, digest.slot, code)
            return PostOutcome(digest, ABANDONED, posted, code)
        except (SlackUnavailable, LeaseLost) as error:
            log.warning("digest incomplete channel=%s slot=%s posted=%d error=%s; next run completes it",
                        digest.channel, digest.slot, posted, error)
            return PostOutcome(digest, INCOMPLETE, posted, str(error) or type(error).__name__)
        await finish_digest(self.conn, digest.digest_id, DONE, self._time())
        log.info("digest posted channel=%s slot=%s talk=%s messages=%d (this run %d)",
                 digest.channel, digest.slot, digest.talk_id, len(messages), posted)
        return PostOutcome(digest, DONE, posted)

    async def _post_message(self, digest: Digest, message: LedgerMessage, parent_ts: str | None) -> str:
        """Post one message once; returns its ``ts``. Raises ChannelUnavailable, SlackUnavailable, SlackApiError."""
        uncertain = message.maybe_posted  # an earlier request may have reached Slack
        last_error = "no attempt"
        for attempt in range(self.retry.attempts):
            if attempt:
                await asyncio.sleep(self.retry.backoff_seconds * 2 ** (attempt - 1))
            try:
                if uncertain:
                    found = await self._find_posted(digest, message.position, parent_ts)
                    if found is not None:
                        log.info("digest message already in Slack channel=%s slot=%s index=%d",
                                 digest.channel, digest.slot, message.position)
                        await record_posted(self.conn, digest, message.position, found, self._time())
                        return found
                    uncertain = False  # checked: not there
                await self._renew(digest.channel)
                await mark_attempt(self.conn, digest.digest_id, message.position, self._time())
                await self.pacer.wait(digest.channel)
                response = await self.client.chat_postMessage(
                    channel=digest.channel,
                    thread_ts=parent_ts if message.position else None,
                    unfurl_links=False,
                    unfurl_media=False,
                    metadata=marker(digest, message.position),
                    **message.payload,
                )
            except SlackApiError as error:
                code = str(error.response.get("error") or "")
                status = error.response.status_code
                if code in CHANNEL_ERRORS:
                    raise ChannelUnavailable(code) from error
                if status < 500 and status != 429:
                    raise
                # A 5xx may come after Slack posted; a 429 (past the client's retries) did not post.
                uncertain = uncertain or status != 429
                last_error = f"{code or 'http_error'} (HTTP {status})"
            except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as error:
                uncertain = True  # the request may have been processed before the connection broke
                last_error = type(error).__name__
            else:
                ts = str(response["ts"])
                await record_posted(self.conn, digest, message.position, ts, self._time())
                return ts
            log.warning("digest post failed channel=%s slot=%s index=%d attempt=%d error=%s",
                        digest.channel, digest.slot, message.position, attempt + 1, last_error)
        raise SlackUnavailable(last_error)

    async def _find_posted(self, digest: Digest, position: int, parent_ts: str | None) -> str | None:
        """The ``ts`` of this message if Slack has it (looked up by its metadata marker), else None."""
        cursor = None
        for _ in range(HISTORY_PAGES if position == 0 else 50):
            arguments = {"channel": digest.channel, "include_all_metadata": True, "limit": HISTORY_PAGE_SIZE}
            if cursor:
                arguments["cursor"] = cursor
            try:
                if position == 0:
                    page = await self.client.conversations_history(**arguments)
                else:
                    page = await self.client.conversations_replies(ts=parent_ts, **arguments)
            except SlackApiError as error:
                code = str(error.response.get("error") or "")
                if code in CHANNEL_ERRORS:
                    raise ChannelUnavailable(code) from error
                if code == "thread_not_found":
                    return None
                if error.response.status_code >= 500 or error.response.status_code == 429:
                    raise
                # e.g. missing_scope: without a look we can neither post (duplicate?) nor drop (lost?) it.
                raise SlackUnavailable(f"cannot check the thread: {code}") from error
            for found in page.get("messages") or []:
                if _is_marked(found, digest, position):
                    return str(found["ts"])
            cursor = (page.get("response_metadata") or {}).get("next_cursor")
            if not cursor:
                return None
        return None
