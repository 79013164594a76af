"""Global bolt middleware that reads the request itself.

Bolt wraps a middleware *function* so that it can take any of its named arguments (``body``,
``context``, ...): for every request and every such middleware it builds all ~30 of them
(``build_async_required_kwargs``), which was a large part of the Slack path's CPU (BENCHMARKS.md §15).
A subclass of bolt's ``AsyncMiddleware`` is called with the request as it is, so ours are those.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from slack_bolt.middleware.async_middleware import AsyncMiddleware
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse

Next = Callable[[], Awaitable[BoltResponse | None]]  # what bolt passes a middleware as ``next``
Process = Callable[[AsyncBoltRequest, Next], Awaitable[BoltResponse | None]]


class RequestMiddleware(AsyncMiddleware):
    """A global middleware ``process(request, next)``: ``request.body`` and ``request.context`` are bolt's."""

    def __init__(self, process: Process) -> None:
        self.process = process

    async def async_process(self, *, req: AsyncBoltRequest, resp: BoltResponse,
                            next: Next) -> BoltResponse | None:  # noqa: A002 - bolt's name
        return await self.process(req, next)

    @property
    def name(self) -> str:
        return f"RequestMiddleware({getattr(self.process, '__qualname__', type(self.process).__name__)})"
