"""Weekly digest subscriptions: one row per channel, with its local weekday, time and time zone."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from .serial import changed, reading, rows, writing

_COLUMNS = (
    "channel, weekday, minute_of_day, timezone, tag, query, paused, paused_reason, active_since, created_by, updated_at"
)


@dataclass(frozen=True)
class Subscription:
    """A channel's weekly digest: when (local wall-clock time in ``timezone``) and which talks."""

    channel: str
    weekday: int  # 0 = Monday
    minute_of_day: int
    timezone: str
    tag: str | None = None
    query: str | None = None
    paused: bool = False
    paused_reason: str | None = None
    active_since: float = 0.0  # unix time; earlier slots are never posted
    created_by: str | None = None
    updated_at: float = 0.0

    @property
    def hour(self) -> int:
        return self.minute_of_day // 60

    @property
    def minute(self) -> int:
        return self.minute_of_day % 60


def _subscription(row: tuple) -> Subscription:
    (channel, weekday, minute_of_day, timezone, tag, query, paused, reason, active_since, created_by, updated_at) = row
    return Subscription(channel, weekday, minute_of_day, timezone, tag, query, bool(paused), reason, active_since,
                        created_by, updated_at)


async def save_subscription(conn: aiosqlite.Connection, subscription: Subscription) -> None:
    """Create or replace the channel's subscription."""
    async with writing(conn):
        await changed(
            conn,
            f"INSERT OR REPLACE INTO subscriptions ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (subscription.channel, subscription.weekday, subscription.minute_of_day, subscription.timezone,
             subscription.tag, subscription.query, int(subscription.paused), subscription.paused_reason,
             subscription.active_since, subscription.created_by, subscription.updated_at),
        )


async def get_subscription(conn: aiosqlite.Connection, channel: str) -> Subscription | None:
    """The channel's subscription, if any."""
    async with reading(conn):
        found = await rows(conn, f"SELECT {_COLUMNS} FROM subscriptions WHERE channel = ?", (channel,))
    return _subscription(found[0]) if found else None


async def list_subscriptions(conn: aiosqlite.Connection) -> list[Subscription]:
    """Every subscription, by channel."""
    async with reading(conn):
        found = await rows(conn, f"SELECT {_COLUMNS} FROM subscriptions ORDER BY channel")
    return [_subscription(row) for row in found]


async def delete_subscription(conn: aiosqlite.Connection, channel: str) -> bool:
    """Remove the channel's subscription; False when there was none."""
    async with writing(conn):
        return await changed(conn, "DELETE FROM subscriptions WHERE channel = ?", (channel,)) == 1


async def pause_subscription(conn: aiosqlite.Connection, channel: str, reason: str, now: float) -> bool:
    """Stop posting to the channel until it is resumed; False when it has no subscription."""
    async with writing(conn):
        return await changed(
            conn, "UPDATE subscriptions SET paused = 1, paused_reason = ?, updated_at = ? WHERE channel = ?",
            (reason, now, channel),
        ) == 1


async def resume_subscription(conn: aiosqlite.Connection, channel: str, now: float) -> bool:
    """Post again from the next slot on (slots missed while paused are not made up); False if not paused."""
    async with writing(conn):
        return await changed(
            conn,
            "UPDATE subscriptions SET paused = 0, paused_reason = NULL, active_since = ?, updated_at = ?"
            " WHERE channel = ? AND paused = 1",
            (now, now, channel),
        ) == 1
