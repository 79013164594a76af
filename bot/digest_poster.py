"""Posting digests through the ledger (how, exactly once): every planned message once, in order, under its parent.

Before each request the message is marked as attempted (committed); after Slack's answer its
``ts`` is recorded. A message that was attempted but has no ``ts`` may or may not have reached
Slack (a crash, a reset, a timeout, a 5xx): before sending it again the poster looks for it in
the channel or thread by the marker in its ``metadata``. Only 429s are retried blindly (Slack did
not post those; ``slack_client.posting_client``); connection errors and 5xx are retried here, after
that look. One poster at a time per channel, across processes, through a lease in ``BotState``;
a lease records its holder's host, pid and process start time, so a process that is gone (kill -9)
is recognised on the same host and its lease taken over at once instead of after it expires.

Weekly digests (the scheduler), ``talkbot digest --now`` (``post_next``) and digests people ask
for (``/digest TALK``, the button, a mention: ``post_requested``) all go through one poster.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import socket
import time
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import aiohttp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from handlers.blocks import escape, render_digest
from handlers.digests import next_talk_for, weekly_messages
from handlers.replies import DigestThread
from store.db import Store
from store.state import (
    ABANDONED,
    DONE,
    MANUAL,
    NOW,
    POSTING,
    UNKNOWN_WORKSPACE,
    BotState,
    Digest,
    LedgerMessage,
    Workspace,
    manual_slot_key,
)

from .slack_client import error_code, http_status

log = logging.getLogger(__name__)

MARKER_EVENT_TYPE = "talkbot_digest"
INCOMPLETE = "incomplete"  # an outcome, not a ledger status: the digest stays POSTING for the next run
# Slack's codes for a channel that is gone or closed to the bot: retrying cannot help until someone
# acts. Each with what the person who asked for a digest there is told.
CHANNEL_REFUSALS = {
    "not_in_channel": "I can't post in this channel yet: invite me with `/invite @talkbot` and try again.",
    "channel_not_found": "I can't see this channel: invite me with `/invite @talkbot` and try again.",
    "is_archived": "This channel is archived.",
    "account_inactive": "Slack refused the digest (account_inactive).",
    "token_revoked": "Slack revoked my access to this workspace, so I can't post; an admin needs to reinstall talkbot.",
    "invalid_auth": "Slack did not accept my credentials, so I can't post right now (invalid_auth).",
    "not_authed": "Slack did not accept my credentials, so I can't post right now (not_authed).",
}
# Of those, the bot lost its access to the whole workspace (uninstalled, token revoked): no channel can be posted to.
ACCESS_ERRORS = frozenset({"account_inactive", "token_revoked", "invalid_auth", "not_authed"})
# A direct message between two people: the bot is not a member and cannot be invited there.
DM_REFUSAL = ("I can't post in a direct message between other people. Run `/digest` in a channel instead "
              "(public ones need no invite), or use `/talk` here to read a talk just for you.")
CHANNEL_BUSY_TEXT = "A digest thread is being posted in this channel right now. Try again in a minute."
INCOMPLETE_TEXT = "Slack is having trouble right now; I'll finish the digest thread as soon as it answers."
LEASE_TTL_SECONDS = 120.0  # renewed before every request; a crashed holder blocks its channel at most this long
LEASE_POLL_SECONDS = 0.25
MANUAL_LEASE_WAIT_SECONDS = 60.0  # a digest someone asked for waits this long for a thread in progress in the channel
# `talkbot digest --now` waits until a lease its holder stopped renewing (a process on another host that
# died) has expired, so that it completes the thread instead of failing.
NOW_LEASE_WAIT_SECONDS = LEASE_TTL_SECONDS + 10.0
HISTORY_PAGES = 5  # how far back (x HISTORY_PAGE_SIZE messages) to look for a parent that may have been posted
HISTORY_PAGE_SIZE = 200
SECONDS_PER_MESSAGE = 1.0  # Slack allows about one message per second per channel


@dataclass
class ChannelPacer:
    """Spaces messages to the same channel ``interval`` seconds apart (other channels are not held up)."""

    interval: float = SECONDS_PER_MESSAGE
    _next_slot: dict[str, float] = field(default_factory=dict)
    _locks: dict[str, asyncio.Lock] = field(default_factory=dict)

    async def wait(self, channel: str) -> None:
        lock = self._locks.setdefault(channel, asyncio.Lock())
        async with lock:
            now = time.monotonic()
            slot = max(now, self._next_slot.get(channel, 0.0))
            self._next_slot[channel] = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)


class ChannelBusy(Exception):
    """Another poster kept the channel's lease (a thread is being posted there)."""


class ChannelUnavailable(Exception):
    """Slack refuses the channel (one of ``CHANNEL_REFUSALS``)."""

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
    reason: str | None = None  # the error as a metric label: Slack's error code, or the failure's kind

    @property
    def settled(self) -> bool:
        """Nothing is left to post for this digest (done, or given up for good)."""
        return self.status in (DONE, ABANDONED)

    @property
    def channel_unavailable(self) -> bool:
        return self.status == ABANDONED and self.error in CHANNEL_REFUSALS

    @property
    def done(self) -> bool:
        """Every message of the digest is in Slack."""
        return self.status == DONE

    def notice(self) -> str | None:
        """What the person who asked for this digest is told; None when it was posted."""
        if self.done:
            return None
        if self.status == INCOMPLETE:
            return INCOMPLETE_TEXT
        code = self.error or ""
        if self.digest.channel.startswith("D") and code in ("channel_not_found", "not_in_channel"):
            return DM_REFUSAL
        return CHANNEL_REFUSALS.get(code) or f"Slack refused the digest ({escape(code or 'unknown error')})."


@dataclass
class PostingReport:
    """What a poster did in one turn: outcomes, and channels whose subscription it paused."""

    outcomes: list[PostOutcome] = field(default_factory=list)
    paused: list[str] = field(default_factory=list)  # channels paused because Slack refused them


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


# -- who holds a lease -------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaseHolder:
    """A poster in a process on a host, as its leases record it: enough to tell later that the process is gone.

    The pid alone is not enough, as a pid is reused after a crash: the process's start time (Linux
    ``/proc``) tells the original from a newcomer, and the boot id a lease from before a reboot.
    """

    host: str
    boot: str  # "" where the system does not say
    pid: int
    started: str  # clock ticks after boot when the process started; "" where unknown
    poster: str  # one process can run several posters (tests do)

    def key(self) -> str:
        return " ".join((self.host, self.boot or "-", str(self.pid), self.started or "-", self.poster))

    @classmethod
    def parse(cls, key: str) -> LeaseHolder | None:
        """The holder recorded as ``key``, or None for a holder named otherwise."""
        parts = key.split(" ")
        if len(parts) != 5 or not parts[2].isdigit():
            return None
        host, boot, pid, started, poster = parts
        return cls(host, "" if boot == "-" else boot, int(pid), "" if started == "-" else started, poster)

    @classmethod
    def of_this_process(cls) -> LeaseHolder:
        return cls(socket.gethostname(), _boot_id(), os.getpid(), _process_start(os.getpid()) or "", uuid.uuid4().hex)

    def describe(self) -> str:
        return f"talkbot on {self.host} (pid {self.pid})"


@functools.cache
def _boot_id() -> str:
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as file:
            return file.read().strip()
    except OSError:
        return ""


def _process_start(pid: int) -> str | None:
    """When process ``pid`` started ("" if the system does not say), or None when no such process runs."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as file:
            fields = file.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return None
    except OSError:  # no /proc here: only whether the pid runs
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        except PermissionError:
            pass
        return ""
    if fields[0] in ("Z", "X"):  # killed, not yet reaped by its parent
        return None
    return fields[19]  # field 22 of proc_pid_stat(5): starttime


def holder_gone(key: str) -> bool:
    """The lease holder ``key`` was a process on this host that no longer runs (or whose pid another
    process now has). A holder on another host is never judged: only its lease's expiry tells."""
    holder = LeaseHolder.parse(key)
    if holder is None or holder.host != socket.gethostname():
        return False
    if holder.boot and _boot_id() and holder.boot != _boot_id():
        return True  # leased before this host rebooted
    started = _process_start(holder.pid)
    return started is None or bool(holder.started and started and started != holder.started)


def describe_holder(key: str) -> str:
    holder = LeaseHolder.parse(key)
    return holder.describe() if holder is not None else "another talkbot process"


class DigestPoster:
    """Posts the planned messages of ledger digests, holding the channel's lease while it does."""

    def __init__(
        self,
        state: BotState,
        store: Store,
        client: AsyncWebClient,
        pacer: ChannelPacer,
        *,
        now: Callable[[], datetime] = utc_now,
        retry: RetryPolicy = RetryPolicy(),
        lease_ttl: float = LEASE_TTL_SECONDS,
        holder: str | None = None,
        count_outcome: Callable[[str, str], None] | None = None,
    ) -> None:
        self.state = state
        self.store = store
        self.client = client  # retries 429s only (slack_client.posting_client)
        self.pacer = pacer
        self.now = now
        self.retry = retry
        self.lease_ttl = lease_ttl
        self.holder = holder or LeaseHolder.of_this_process().key()
        self.count_outcome = count_outcome  # (outcome, reason) of each run: Metrics.count_digest
        # The database lease keeps other processes out, but it is re-entrant for its holder: two ticks,
        # or a tick and a /digest, of this poster at once must still take turns in a channel.
        self._turns: dict[str, asyncio.Lock] = {}

    def _time(self) -> float:
        return self.now().timestamp()

    # -- leases ----------------------------------------------------------------------------

    def _take_over_if_gone(self, channel: str) -> Callable[[str], bool]:
        def gone(key: str) -> bool:
            if holder_gone(key):
                log.warning("digest lease taken over channel=%s: %s is gone (its lease would have held the channel "
                            "until it expired)", channel, describe_holder(key))
                return True
            return False

        return gone

    @asynccontextmanager
    async def channel_lease(self, channel: str, *, wait_seconds: float = 0.0,
                            on_wait: Callable[[str, float], None] | None = None) -> AsyncIterator[bool]:
        """Hold the channel's lease inside the block (True), or False if another poster kept it for ``wait_seconds``.

        The lease of a process on this host that is gone is taken over at once. ``on_wait(holder, seconds)``
        is told once when the lease is held by another live poster, before waiting for it.
        """
        name = f"digest-channel:{channel}"
        take_over = self._take_over_if_gone(channel)
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
            told = on_wait is None
            while not await self.state.acquire_lease(name, self.holder, self._time(), self.lease_ttl,
                                                     holder_gone=take_over):
                if loop.time() >= deadline:
                    yield False
                    return
                if not told and on_wait is not None and (held_by := await self.state.lease_holder(name)):
                    on_wait(describe_holder(held_by[0]), max(0.0, held_by[1] - self._time()))
                    told = True
                await asyncio.sleep(LEASE_POLL_SECONDS)
            try:
                yield True
            finally:
                await self.state.release_lease(name, self.holder)
        finally:
            turn.release()

    async def _renew(self, channel: str) -> None:
        if not await self.state.acquire_lease(f"digest-channel:{channel}", self.holder, self._time(), self.lease_ttl):
            raise LeaseLost(channel)

    # -- a turn in a channel ---------------------------------------------------------------

    async def complete_unfinished(self, channel: str, report: PostingReport, *,
                                  final_kind: str | None = None) -> PostOutcome | None:
        """Complete the channel's half-posted digests, oldest first (hold the lease).

        Returns the outcome that ends this turn: a digest still incomplete, or a completed one of
        ``final_kind``; None when the channel is clear for a new digest.
        """
        for digest in await self.state.unfinished_digests(channel):
            outcome = await self.complete(digest)
            report.outcomes.append(outcome)
            await self.pause_if_refused(outcome, report)
            if not outcome.settled or digest.kind == final_kind:
                return outcome
        return None

    async def post_new(self, channel: str, slot: str, kind: str, talk_id: str, payloads: list[dict[str, Any]],
                       workspace: Workspace, report: PostingReport) -> PostOutcome:
        """Claim the digest of (channel, slot) with its planned messages and post it (hold the lease)."""
        digest, _ = await self.state.claim_digest(channel, slot, kind, talk_id, payloads, self._time(), workspace)
        outcome = await self.complete(digest)
        report.outcomes.append(outcome)
        await self.pause_if_refused(outcome, report)
        return outcome

    async def pause_if_refused(self, outcome: PostOutcome, report: PostingReport) -> None:
        """A channel Slack refuses stops its subscription (until ``/digest resume``); others go on.

        When the refusal is about the bot's access to the workspace, every subscription stops.
        """
        if outcome.channel_unavailable and outcome.error in ACCESS_ERRORS:
            report.paused.extend(await self.stop_all(f"Slack said {outcome.error} (the bot lost its access)"))
        elif outcome.channel_unavailable:
            channel = outcome.digest.channel
            if await self.state.pause_subscription(channel, f"Slack said {outcome.error}", self._time()):
                log.warning("digest subscription paused channel=%s error=%s", channel, outcome.error)
                report.paused.append(channel)

    async def stop_all(self, reason: str) -> list[str]:
        """Pause every subscription with ``reason`` (shown by ``talkbot digest --list`` and ``/digest schedule``).

        A deployment serves one workspace (one bot token, or one Enterprise Grid org): once Slack takes
        the token back, weekly digests stop and say why instead of failing on every run.
        """
        channels = await self.state.pause_all_subscriptions(reason, self._time())
        if channels:
            log.warning("weekly digests paused in %d channels: %s; after reinstalling, `/digest resume` in each: %s",
                        len(channels), reason, " ".join(channels))
        return channels

    # -- digests on demand -----------------------------------------------------------------

    @asynccontextmanager
    async def _requested_turn(self, channel: str, wait_seconds: float,
                              on_wait: Callable[[str, float], None] | None = None) -> AsyncIterator[None]:
        """Hold the channel's lease for a digest someone asked for, or raise ChannelBusy."""
        async with self.channel_lease(channel, wait_seconds=wait_seconds, on_wait=on_wait) as held:
            if not held:
                raise ChannelBusy(channel)
            yield

    async def post_next(self, channel: str, *, wait_seconds: float = NOW_LEASE_WAIT_SECONDS,
                        on_wait: Callable[[str, float], None] | None = None) -> PostOutcome | None:
        """``talkbot digest --now``: the channel's next talk at once, through the ledger; None if no talk matches.

        A half-posted thread is completed first; if that was an earlier ``--now`` cut off by a crash,
        completing it is this run's digest (rerunning the command does not give two). While another
        live poster holds the channel, ``on_wait(holder, its lease's seconds left)`` is told once.
        """
        async with self._requested_turn(channel, wait_seconds, on_wait):
            report = PostingReport()
            if (unfinished := await self.complete_unfinished(channel, report, final_kind=NOW)) is not None:
                return unfinished
            subscription = await self.state.get_subscription(channel)
            talk = await next_talk_for(self.store, self.state, channel, subscription)
            if talk is None:
                return None
            request_id = f"{self.now().isoformat(timespec='seconds')}:{uuid.uuid4().hex[:8]}"
            workspace = subscription.workspace if subscription else UNKNOWN_WORKSPACE
            return await self.post_new(channel, manual_slot_key(NOW, request_id), NOW, talk.talk_id,
                                       weekly_messages(talk), workspace, report)

    async def post_thread(self, channel: str, thread: DigestThread, request_id: str,
                          workspace: Workspace = UNKNOWN_WORKSPACE, *,
                          wait_seconds: float = MANUAL_LEASE_WAIT_SECONDS) -> PostOutcome:
        """``/digest TALK``: post this thread now; the same ``request_id`` never posts twice."""
        async with self._requested_turn(channel, wait_seconds):
            if (unfinished := await self.complete_unfinished(channel, PostingReport())) is not None:
                return unfinished
            digest, _ = await self.state.claim_digest(channel, manual_slot_key(MANUAL, request_id), MANUAL,
                                                      thread.talk.talk_id, render_digest(thread), self._time(),
                                                      workspace)
            if digest.status != POSTING:
                return PostOutcome(digest, digest.status, 0)
            return await self.complete(digest)

    async def post_requested(self, channel: str, thread: DigestThread, request_id: str,
                             workspace: Workspace = UNKNOWN_WORKSPACE) -> str | None:
        """Post a thread someone asked for (``/digest TALK``, the button, a mention) exactly once (the ledger
        completes it after a crash); what to tell them, or None when it was posted."""
        try:
            outcome = await self.post_thread(channel, thread, request_id or uuid.uuid4().hex, workspace)
        except ChannelBusy:
            return CHANNEL_BUSY_TEXT
        return outcome.notice()

    # -- posting ---------------------------------------------------------------------------

    async def complete(self, digest: Digest) -> PostOutcome:
        """Post whatever of ``digest`` is not confirmed yet, in order, under its parent (hold the lease)."""
        outcome = await self._complete(digest)
        if self.count_outcome is not None:
            if outcome.status == DONE:
                self.count_outcome("posted", "")
            else:
                self.count_outcome("incomplete" if outcome.status == INCOMPLETE else "failed",
                                   outcome.reason or "unknown")
        return outcome

    async def _complete(self, digest: Digest) -> PostOutcome:
        messages = await self.state.digest_messages(digest.digest_id)
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
            await self.state.finish_digest(digest.digest_id, ABANDONED, self._time(), error.code)
            log.warning("digest abandoned channel=%s slot=%s error=%s", digest.channel, digest.slot, error.code)
            return PostOutcome(digest, ABANDONED, posted, error.code, error.code)
        except SlackApiError as error:
            code = error_code(error) or f"http_{http_status(error)}"
            await self.state.finish_digest(digest.digest_id, ABANDONED, self._time(), code)
            log.error("digest abandoned channel=%s slot=%s error=%s", digest.channel, digest.slot, code)
            return PostOutcome(digest, ABANDONED, posted, code, code)
        except (SlackUnavailable, LeaseLost) as error:
            log.warning("digest incomplete channel=%s slot=%s posted=%d error=%s; next run completes it",
                        digest.channel, digest.slot, posted, error)
            return PostOutcome(digest, INCOMPLETE, posted, str(error) or type(error).__name__, type(error).__name__)
        await self.state.finish_digest(digest.digest_id, DONE, self._time())
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
                        await self.state.record_posted(digest, message.position, found, self._time())
                        return found
                    uncertain = False  # checked: not there
                await self._renew(digest.channel)
                await self.state.mark_attempt(digest.digest_id, message.position, self._time())
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
                code, status = error_code(error), http_status(error)
                if code in CHANNEL_REFUSALS:
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
                await self.state.record_posted(digest, message.position, ts, self._time())
                return ts
            log.warning("digest post failed channel=%s slot=%s index=%d attempt=%d error=%s",
                        digest.channel, digest.slot, message.position, attempt + 1, last_error)
        raise SlackUnavailable(last_error)

    async def _find_posted(self, digest: Digest, position: int, parent_ts: str | None) -> str | None:
        """The ``ts`` of this message if Slack has it (looked up by its metadata marker), else None."""
        cursor = None
        for _ in range(HISTORY_PAGES if position == 0 else 50):
            arguments: dict[str, Any] = {"channel": digest.channel, "include_all_metadata": True,
                                         "limit": HISTORY_PAGE_SIZE}
            if cursor:
                arguments["cursor"] = cursor
            try:
                if position == 0:
                    page = await self.client.conversations_history(**arguments)
                else:
                    assert parent_ts is not None  # a reply is only posted once its parent is
                    page = await self.client.conversations_replies(ts=parent_ts, **arguments)
            except SlackApiError as error:
                code, status = error_code(error), http_status(error)
                if code in CHANNEL_REFUSALS:
                    raise ChannelUnavailable(code) from error
                if code == "thread_not_found":
                    return None
                if status >= 500 or status == 429:
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
