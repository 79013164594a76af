"""One structured log line per handled request (the ``logged`` decorator every listener wears)."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("talkbot.requests")
MAX_LOGGED_TEXT = 100  # never log more of what a user typed
ACK_POLL_GRACE_SECONDS = 0.03  # a few of bolt's 10 ms ack polls


def logged(kind: str) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """One structured log line per handled request: kind, outcome, latency and the start of the user's text."""

    def decorate(listener: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(listener)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
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
                log.info("request kind=%s outcome=%s latency_ms=%.1f text=%r", kind, outcome,
                         (time.perf_counter() - started) * 1000, short(_user_text(kwargs)))

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
