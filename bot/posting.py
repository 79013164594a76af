"""Posting digest threads to Slack, paced to the per-channel rate limit."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field

from slack_sdk.web.async_client import AsyncWebClient

from handlers.blocks import render_digest
from handlers.replies import DigestThread
from store.state import BotState

log = logging.getLogger(__name__)
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


@dataclass
class DigestPoster:
    """Posts a digest thread: the parent, then each reply under it, in order."""

    client: AsyncWebClient
    state: BotState
    pacer: ChannelPacer = field(default_factory=ChannelPacer)

    async def post(self, channel: str, thread: DigestThread) -> str:
        """Post the whole thread; returns the parent's ``ts``."""
        messages = render_digest(thread)
        await self.pacer.wait(channel)
        parent = await self.client.chat_postMessage(channel=channel, unfurl_links=False, **messages[0])
        parent_ts = parent["ts"]
        await self.state.record_digest_thread(channel, parent_ts, thread.talk.talk_id)
        for payload in messages[1:]:
            await self.pacer.wait(channel)
            await self.client.chat_postMessage(channel=channel, thread_ts=parent_ts, unfurl_links=False, **payload)
        log.info("digest posted talk=%s channel=%s messages=%d", thread.talk.talk_id, channel, len(messages))
        return parent_ts
