"""Bolt listeners, one module per group, each with ``register(app, services)``."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("talkbot.requests")
MAX_LOGGED_TEXT = 100  # never log more of what a user typed


def logged(kind: str) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """One structured log line per handled request: kind, latency and outcome (errors go on to @app.error)."""

    def decorate(listener: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(listener)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            outcome = "error"
            try:
                result = await listener(*args, **kwargs)
                outcome = "ok"
                return result
            finally:
                log.info("request kind=%s outcome=%s latency_ms=%.1f", kind, outcome,
                         (time.perf_counter() - started) * 1000)

        return wrapper

    return decorate


def short(text: str | None) -> str:
    """User text cut for logs."""
    text = (text or "").replace("\n", " ")
    return text if len(text) <= MAX_LOGGED_TEXT else text[:MAX_LOGGED_TEXT] + "…"
