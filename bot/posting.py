"""Pacing posts to Slack's per-channel rate limit."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

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
