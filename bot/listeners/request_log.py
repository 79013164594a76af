"""One structured log line and the metrics of each handled request (the ``logged`` decorator every listener wears).

``request_scope`` is a bolt middleware: it gives each request an id and notes when it arrived and
which channel it came from. Bolt runs global middleware in the dispatching task and each listener in
a task created after them, so the listener (and ``logged``) sees the scope through a ``ContextVar``,
and so does the transport once dispatch returned the ack (``acknowledged``).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse

from ..bolt_middleware import Next, RequestMiddleware
from ..metrics import Metrics

log = logging.getLogger("talkbot.requests")
MAX_LOGGED_TEXT = 100  # never log more of what a user typed
ACK_POLL_GRACE_SECONDS = 0.03  # a few of bolt's 10 ms ack polls

# When the HTTP server read the request's body (perf_counter); unset in Socket Mode.
RECEIVED_AT: contextvars.ContextVar[float] = contextvars.ContextVar("talkbot_received_at")


@dataclass(frozen=True)
class RequestScope:
    """What every log line and metric of one request shares."""

    request_id: str
    received_at: float  # perf_counter
    kind: str  # the request's kind as the ack histogram names it
    channel: str  # Slack channel id, '' when the request has none
    metrics: Metrics | None


_SCOPE: contextvars.ContextVar[RequestScope | None] = contextvars.ContextVar("talkbot_request_scope", default=None)
_COMMAND_KINDS = {"/define": "define", "/talk": "talk", "/digest": "digest"}
_EVENT_KINDS = {"app_mention": "mention", "app_home_opened": "home"}


def request_kind(body: dict) -> str:
    """A request's kind from a small fixed set (it becomes a metric label)."""
    if "command" in body:
        return _COMMAND_KINDS.get(str(body.get("command")), "unknown_command")
    if body.get("type") == "event_callback":
        return _EVENT_KINDS.get(str((body.get("event") or {}).get("type")), "other_event")
    if body.get("type") == "block_actions":
        return "action"
    return "other"


def request_channel(body: dict) -> str:
    """The channel id of a slash command, event or button click ('' when there is none)."""
    channel = body.get("channel_id") or (body.get("event") or {}).get("channel") or body.get("channel") or ""
    if isinstance(channel, dict):
        channel = channel.get("id") or ""
    return channel if isinstance(channel, str) and channel.isalnum() and len(channel) <= 24 else ""


def request_scope(metrics: Metrics | None) -> RequestMiddleware:
    """Bolt middleware (the first one): open the request's scope."""

    async def scope_request(request: AsyncBoltRequest, next: Next) -> BoltResponse | None:  # noqa: A002
        body = request.body
        received_at = RECEIVED_AT.get(time.perf_counter())
        _SCOPE.set(RequestScope(new_request_id(), received_at, request_kind(body), request_channel(body), metrics))
        return await next()

    return RequestMiddleware(scope_request)


def new_request_id() -> str:
    """12 hex digits naming one request in the logs: random, but not a secret, so no system call (uuid4's)."""
    return f"{random.getrandbits(48):012x}"


def received(received_at: float) -> None:
    """The transport starts dispatching a request in this task (it may serve several one after another)."""
    RECEIVED_AT.set(received_at)
    _SCOPE.set(None)


def acknowledged(received_at: float) -> None:
    """The transport has the ack of the request just dispatched in this task: observe its latency."""
    scope = _SCOPE.get()
    if scope is not None and scope.metrics is not None:
        scope.metrics.observe_ack(scope.kind, time.perf_counter() - received_at)


def logged(kind: str) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """One structured log line per handled request, and its metrics: kind, outcome, latency, channel, request id."""

    def decorate(listener: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(listener)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            scope = _SCOPE.get()
            started = scope.received_at if scope is not None else time.perf_counter()
            outcome = "cancelled"  # stays so only when shutdown cancels the listener (BaseException)
            try:
                result = await listener(*args, **kwargs)
                outcome = "ok"
                return result
            except Exception as error:
                outcome = f"error:{type(error).__name__}"  # the details go to @app.error
                # Bolt polls for ack() every 10 ms, and its error path clears an ack the poll has not
                # seen yet: a listener failing right after ack() held the HTTP response for the whole
                # 3 s ack timeout and then fell through to the next matching listener. Let it see the ack.
                await asyncio.sleep(ACK_POLL_GRACE_SECONDS)
                raise
            finally:
                seconds = time.perf_counter() - started
                if scope is not None and scope.metrics is not None:
                    scope.metrics.count_request(kind, outcome.split(":", 1)[0],
                                                answer_seconds=seconds if outcome == "ok" else None)
                fields = {"request_id": scope.request_id if scope else "", "kind": kind, "outcome": outcome,
                          "latency_ms": round(seconds * 1000, 1), "channel": scope.channel if scope else ""}
                # The text goes into the terminal format only; JSON logs carry ``fields`` (never user text).
                log.info("request kind=%s outcome=%s latency_ms=%.1f channel=%s request_id=%s text=%r", kind,
                         outcome, seconds * 1000, fields["channel"], fields["request_id"], short(_user_text(kwargs)),
                         extra={"fields": fields})

        return wrapper

    return decorate


def _user_text(kwargs: dict[str, Any]) -> str:
    """What the user typed or clicked, from the arguments bolt passed by name."""
    if isinstance(command := kwargs.get("command"), dict):
        return f"{command.get('command', '')} {command.get('text', '')}"
    if isinstance(event := kwargs.get("event"), dict):
        return str(event.get("text", ""))
    if isinstance(action := kwargs.get("action"), dict):
        return str(action.get("value", ""))
    return ""


def short(text: str | None) -> str:
    """User text cut for logs."""
    text = (text or "").replace("\n", " ")
    return text if len(text) <= MAX_LOGGED_TEXT else text[:MAX_LOGGED_TEXT] + "…"
