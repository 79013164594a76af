"""Weekly digests end to end against the fake Web API: schedules, time zones, crashes, races and Slack errors.

Every scheduler here has its own BotState (its own connection) on a copy of the real corpus, with an
injected clock, no pacing delay and millisecond backoffs; "a crash" is cancelling a scheduler
while its request hangs, and "a restart" is a new scheduler instance on the same database.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from slack_sdk.web.async_client import AsyncWebClient

from bot.digest_poster import MARKER_EVENT_TYPE, ChannelPacer, DigestPoster, RetryPolicy
from bot.scheduler import DigestScheduler
from bot.slack_client import RetryAfterHandler
from handlers.digests import weekly_messages
from store.db import Store
from store.state import BotState, Subscription, Workspace
from tests.fakes.fixtures import BOT_TOKEN
from tests.fakes.slack_api import FakeSlackAPI

BERLIN = "Europe/Berlin"
MONDAY_0900 = 9 * 60


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=timezone.utc)


@dataclass
class Clock:
    """The injected ``now()``: tests move it by hand."""

    current: datetime

    def __call__(self) -> datetime:
        return self.current

    def at(self, when: datetime) -> datetime:
        self.current = when
        return when


class HookPacer(ChannelPacer):
    """No delay; runs ``hooks[n]`` just before the n-th post (1-based), to fail exactly that request."""

    def __init__(self, hooks: dict[int, Callable[[str], object]] | None = None) -> None:
        super().__init__(interval=0.0)
        self.hooks = hooks or {}
        self.waits = 0

    async def wait(self, channel: str) -> None:
        self.waits += 1
        hook = self.hooks.get(self.waits)
        if hook is not None:
            result = hook(channel)
            if asyncio.iscoroutine(result):
                await result


@dataclass
class Harness:
    """Scheduler instances ("processes") on one database, the fake Slack and the shared clock."""

    db_path: Path
    store: Store
    fake: FakeSlackAPI
    clock: Clock
    states: list[BotState] = field(default_factory=list)

    async def scheduler(self, *, pacer: ChannelPacer | None = None, timeout: float = 1.0,
                        attempts: int = 3, rate_limit_retries: int = 3) -> DigestScheduler:
        """A new scheduler instance, as a freshly started process would have."""
        state = await self._state()
        client = AsyncWebClient(token=BOT_TOKEN, base_url=self.fake.base_url, timeout=timeout,  # type: ignore[arg-type]
                                retry_handlers=[RetryAfterHandler(rate_limit_retries, jitter_seconds=0.0)])
        poster = DigestPoster(state, self.store, client, pacer or HookPacer(), now=self.clock,
                              retry=RetryPolicy(attempts=attempts, backoff_seconds=0.01))
        return DigestScheduler(self.store, state, poster, now=self.clock, interval=0.01)

    async def subscribe(self, channel: str, *, weekday: int = 0, minute_of_day: int = MONDAY_0900,
                        zone: str = "UTC", tag: str | None = None, workspace: Workspace = Workspace()) -> Subscription:
        state = self.states[0] if self.states else await self._state()
        subscription = Subscription(channel, weekday, minute_of_day, zone, tag=tag,
                                    active_since=self.clock().timestamp(), updated_at=self.clock().timestamp(),
                                    workspace=workspace)
        await state.save_subscription(subscription)
        return subscription

    async def _state(self) -> BotState:
        state = await BotState.open(self.db_path)
        self.states.append(state)
        return state

    async def expected(self, talk_id: str) -> list[dict]:
        """The messages of a weekly digest of ``talk_id``, as rendered."""
        talk = await self.store.get_talk(talk_id)
        assert talk is not None
        return weekly_messages(talk)

    def threads(self, channel: str) -> list[list[dict]]:
        """The bot's threads in ``channel``: each parent followed by its replies, in order."""
        posted = self.fake.posted(channel)
        parents = [m for m in posted if "thread_ts" not in m or m["thread_ts"] == m["ts"]]
        return [[p] + [m for m in posted if m.get("thread_ts") == p["ts"] and m["ts"] != p["ts"]] for p in parents]


@pytest.fixture
async def harness(clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path, store: Store) -> AsyncIterator[Harness]:
    h = Harness(db_path, store, fake_slack, Clock(utc(2025, 3, 2, 12)))  # a Sunday
    yield h
    for state in h.states:
        await state.close()


async def talk_ids(store: Store, tag: str | None = None) -> list[str]:
    return [t.talk_id for t in await store.list_talks() if tag is None or tag in t.tags]


def assert_thread(thread: list[dict], expected: list[dict]) -> None:
    """Exactly the planned messages, in order, each once, the replies under the parent."""
    assert [m["text"] for m in thread] == [p["text"] for p in expected]
    assert [m["blocks"] for m in thread] == [p["blocks"] for p in expected]
    assert all(m["thread_ts"] == thread[0]["ts"] for m in thread[1:])
    assert all(m["metadata"]["event_type"] == MARKER_EVENT_TYPE for m in thread)
    assert [m["metadata"]["event_payload"]["index"] for m in thread] == list(range(len(expected)))


def ok_posts(fake: FakeSlackAPI) -> list:
    return fake.calls_to("chat.postMessage", outcome="ok")


# -- time ----------------------------------------------------------------------------------


def test_slots_follow_berlin_wall_clock_across_both_daylight_saving_changes() -> None:
    sub = Subscription("C1", 0, MONDAY_0900, BERLIN)
    assert sub.latest_slot(utc(2025, 3, 24, 8)) == utc(2025, 3, 24, 8)  # CET, UTC+1
    assert sub.latest_slot(utc(2025, 3, 24, 7, 59)) == utc(2025, 3, 17, 8)
    assert sub.next_slot(utc(2025, 3, 24, 8)) == utc(2025, 3, 31, 7)  # CEST, UTC+2 from 30 March
    assert sub.latest_slot(utc(2025, 10, 27, 7, 30)) == utc(2025, 10, 20, 7)  # 07:30 UTC is 08:30 CET: not yet
    assert sub.next_slot(utc(2025, 10, 20, 7)) == utc(2025, 10, 27, 8)  # CET again from 26 October


def test_a_time_that_does_not_exist_on_the_change_day_still_gives_one_slot() -> None:
    sunday_0230 = Subscription("C1", 6, 2 * 60 + 30, BERLIN)  # 02:30 is skipped on 30 March 2025
    slot = sunday_0230.latest_slot(utc(2025, 3, 30, 12))
    assert slot == utc(2025, 3, 30, 1, 30)  # 03:30 CEST
    assert sunday_0230.next_slot(slot) == utc(2025, 4, 6, 0, 30)


async def test_no_weekly_digest_of_the_corpus_is_cut_off_or_over_slack_limits(harness: Harness) -> None:
    for talk_id in await talk_ids(harness.store):
        for payload in await harness.expected(talk_id):
            texts = [payload["text"]] + [b["text"]["text"] for b in payload["blocks"] if b["type"] == "section"]
            assert not any(text.rstrip().endswith("…") for text in texts), talk_id
            assert len(payload["blocks"]) <= 50 and all(len(t) <= 3000 for t in texts)


async def test_posts_once_per_week_at_the_slot_and_not_before(harness: Harness) -> None:
    scheduler = await harness.scheduler()
    await harness.subscribe("CWEEK")
    first, second = (await talk_ids(harness.store))[:2]
    for when in (utc(2025, 3, 2, 23, 59), utc(2025, 3, 3, 8, 59)):
        await scheduler.run_due(harness.clock.at(when))
        assert not harness.fake.calls_to("chat.postMessage")
    for when in (utc(2025, 3, 3, 9), utc(2025, 3, 3, 9, 1), utc(2025, 3, 4, 9), utc(2025, 3, 10, 8, 59)):
        await scheduler.run_due(harness.clock.at(when))
    [thread] = harness.threads("CWEEK")
    assert_thread(thread, await harness.expected(first))
    assert thread[-1]["text"].startswith("Acronyms:")  # the compact footer closes the thread
    await scheduler.run_due(harness.clock.at(utc(2025, 3, 10, 9)))
    assert [len(t) for t in harness.threads("CWEEK")] == [len(await harness.expected(first)),
                                                           len(await harness.expected(second))]
    assert_thread(harness.threads("CWEEK")[1], await harness.expected(second))


async def test_berlin_monday_0900_fires_at_the_right_utc_instant_on_both_sides_of_each_change(harness: Harness) -> None:
    scheduler = await harness.scheduler()
    harness.clock.at(utc(2025, 3, 20))
    await harness.subscribe("CDST", zone=BERLIN)
    fired = []
    for when in (utc(2025, 3, 24, 7, 59), utc(2025, 3, 24, 8), utc(2025, 3, 24, 9),
                 utc(2025, 3, 31, 6, 59), utc(2025, 3, 31, 7), utc(2025, 3, 31, 8),  # no repeat an hour later
                 utc(2025, 10, 20, 7), utc(2025, 10, 27, 7), utc(2025, 10, 27, 8), utc(2025, 10, 27, 9)):
        before = len(harness.threads("CDST"))
        await scheduler.run_due(harness.clock.at(when))
        if len(harness.threads("CDST")) > before:
            fired.append(when)
    assert fired == [utc(2025, 3, 24, 8), utc(2025, 3, 31, 7), utc(2025, 10, 20, 7), utc(2025, 10, 27, 8)]


async def test_rotation_follows_corpus_order_within_the_filter_and_starts_over(harness: Harness) -> None:
    scheduler = await harness.scheduler()
    await harness.subscribe("CTAG", tag="compiler")
    compiler_talks = await talk_ids(harness.store, "compiler")
    assert len(compiler_talks) == 3
    for week in range(4):
        await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9) + timedelta(weeks=week)))
    digests = [s.digest for s in reversed(await scheduler.state.recent_digests(channel="CTAG"))]
    assert [d.talk_id for d in digests] == compiler_talks + compiler_talks[:1]
    assert len(harness.threads("CTAG")) == 4


async def test_a_weekly_digest_belongs_to_its_subscription_s_workspace(harness: Harness) -> None:
    scheduler = await harness.scheduler()
    workspace = Workspace("T0WEEKLY1", "E0GRID01")
    await harness.subscribe("CWSWEEK", workspace=workspace)
    await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9)))
    [summary] = await scheduler.state.recent_digests(channel="CWSWEEK")
    assert summary.digest.status == "done" and summary.digest.workspace == workspace
    [thread] = harness.threads("CWSWEEK")
    assert await scheduler.state.digest_thread_talk("CWSWEEK", thread[0]["ts"]) == summary.digest.talk_id


# -- downtime ------------------------------------------------------------------------------


async def test_after_a_week_down_the_missed_slot_is_posted_once_and_older_ones_are_skipped(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    first, second, third = (await talk_ids(harness.store))[:3]
    scheduler = await harness.scheduler()
    await harness.subscribe("CDOWN")
    await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9)))
    # Down from then until three weeks later, 30 minutes after that week's slot: one post, not three.
    restarted = await harness.scheduler()
    await restarted.run_due(harness.clock.at(utc(2025, 3, 24, 9, 30)))
    await restarted.run_due(harness.clock.at(utc(2025, 3, 24, 9, 45)))
    assert [t[0]["text"] for t in harness.threads("CDOWN")] == [
        (await harness.expected(first))[0]["text"], (await harness.expected(second))[0]["text"]]
    # Down again; back 25 hours after the next slot: too late, skipped and logged once.
    caplog.set_level(logging.WARNING, logger="bot.scheduler")
    again = await harness.scheduler()
    await again.run_due(harness.clock.at(utc(2025, 4, 1, 10)))
    await again.run_due(harness.clock.at(utc(2025, 4, 1, 10, 5)))
    assert len(harness.threads("CDOWN")) == 2
    skipped = [r for r in caplog.records if "skipped" in r.getMessage()]
    [message] = [record.getMessage() for record in skipped]
    assert "2025-03-31T09:00Z" in message and "25 h late" in message
    # The skipped slot did not use up a talk: the next week posts the third.
    await again.run_due(harness.clock.at(utc(2025, 4, 7, 9)))
    assert harness.threads("CDOWN")[-1][0]["text"] == (await harness.expected(third))[0]["text"]


# -- crashes -------------------------------------------------------------------------------


async def crash_during(harness: Harness, scheduler: DigestScheduler, call: int) -> None:
    """Run a tick and "kill" it while its ``call``-th post hangs."""
    task = asyncio.create_task(scheduler.run_due())
    await harness.fake.wait_for("chat.postMessage", count=call)
    await asyncio.sleep(0.05)  # the hung request is in flight
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


@pytest.mark.parametrize("after_post", [False, True], ids=["slack-did-not-post", "slack-posted"])
@pytest.mark.parametrize("crash_at", [1, 2, 4], ids=["parent", "after-parent", "mid-thread"])
async def test_restart_after_a_crash_completes_the_thread_under_the_same_parent_without_duplicates(
    harness: Harness, crash_at: int, after_post: bool
) -> None:
    first = (await talk_ids(harness.store))[0]
    expected = await harness.expected(first)
    pacer = HookPacer({crash_at: lambda _: harness.fake.fail_next("chat.postMessage", hang=True,
                                                                  after_post=after_post)})
    crashed = await harness.scheduler(pacer=pacer, timeout=30)
    await harness.subscribe("CCRASH")
    harness.clock.at(utc(2025, 3, 3, 9))
    await crash_during(harness, crashed, crash_at)
    assert len(harness.fake.posted("CCRASH")) == crash_at - (0 if after_post else 1)
    # kill -9 would not have released the lease: a restart inside its lifetime waits, then completes.
    await crashed.state.acquire_lease("digest-channel:CCRASH", "the-killed-process", harness.clock().timestamp(), 120)
    restarted = await harness.scheduler()
    report = await restarted.run_due(harness.clock.at(utc(2025, 3, 3, 9, 1)))
    assert report.busy == ["CCRASH"]
    await restarted.run_due(harness.clock.at(utc(2025, 3, 3, 9, 3)))
    [thread] = harness.threads("CCRASH")
    assert_thread(thread, expected)
    # Each message answered ok once; the hung one was either posted by Slack then (and found) or posted again now.
    assert len(harness.fake.calls_to("chat.postMessage", outcome="hang")) == 1
    assert len(ok_posts(harness.fake)) == len(expected) - (1 if after_post else 0)
    # Nothing more the next tick: the digest is done.
    await restarted.run_due(harness.clock.at(utc(2025, 3, 3, 9, 4)))
    assert len(harness.fake.posted("CCRASH")) == len(expected)


async def test_a_reset_after_slack_posted_is_checked_in_the_thread_not_posted_again(harness: Harness) -> None:
    first = (await talk_ids(harness.store))[0]
    pacer = HookPacer({3: lambda _: harness.fake.fail_next("chat.postMessage", reset=True, after_post=True)})
    scheduler = await harness.scheduler(pacer=pacer)
    await harness.subscribe("CRESET")
    await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9)))
    [thread] = harness.threads("CRESET")
    assert_thread(thread, await harness.expected(first))
    assert harness.fake.calls_to("conversations.replies")[0].params["include_all_metadata"] in ("1", "true", True)


async def test_a_request_that_times_out_after_slack_posted_is_found_in_the_thread(harness: Harness) -> None:
    first = (await talk_ids(harness.store))[0]
    pacer = HookPacer({2: lambda _: harness.fake.fail_next("chat.postMessage", hang=True, after_post=True)})
    scheduler = await harness.scheduler(pacer=pacer, timeout=0.3)
    await harness.subscribe("CHANG")
    await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9)))
    [thread] = harness.threads("CHANG")
    assert_thread(thread, await harness.expected(first))
    assert len(harness.fake.calls_to("chat.postMessage")) == len(thread)  # the timed-out one was not sent again


async def test_a_5xx_storm_gives_up_this_tick_and_the_next_tick_completes_without_duplicates(harness: Harness) -> None:
    first = (await talk_ids(harness.store))[0]
    expected = await harness.expected(first)
    pacer = HookPacer({2: lambda _: harness.fake.fail_next("chat.postMessage", status=500, times=3)})
    scheduler = await harness.scheduler(pacer=pacer)
    await harness.subscribe("C5XX")
    report = await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9)))
    assert [o.status for o in report.outcomes] == ["incomplete"]
    assert len(harness.fake.posted("C5XX")) == 1  # the parent only
    await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9, 1)))
    [thread] = harness.threads("C5XX")
    assert_thread(thread, expected)


# -- two processes -------------------------------------------------------------------------


async def test_two_schedulers_racing_on_one_database_post_exactly_one_digest(harness: Harness) -> None:
    first, second = (await talk_ids(harness.store))[:2]
    one, two = await harness.scheduler(), await harness.scheduler()
    await harness.subscribe("CRACE")
    await harness.subscribe("CRACE2", minute_of_day=MONDAY_0900 + 30)
    for when in (utc(2025, 3, 3, 9), utc(2025, 3, 3, 9, 30), utc(2025, 3, 10, 9, 45)):
        harness.clock.at(when)
        await asyncio.gather(one.run_due(), two.run_due(), one.run_due())
    assert len(harness.threads("CRACE")) == 2 and len(harness.threads("CRACE2")) == 2
    assert_thread(harness.threads("CRACE")[0], await harness.expected(first))
    assert_thread(harness.threads("CRACE")[1], await harness.expected(second))
    assert_thread(harness.threads("CRACE2")[1], await harness.expected(second))
    assert len(ok_posts(harness.fake)) == len(harness.fake.posted())


async def test_one_poster_holds_a_channel_once_at_a_time(harness: Harness) -> None:
    """The database lease is re-entrant for its holder; two ticks of one scheduler must still take turns."""
    poster = (await harness.scheduler()).poster
    async with poster.channel_lease("CTWICE") as first:
        async with poster.channel_lease("CTWICE") as second:
            assert first and not second
        async with poster.channel_lease("COTHER") as other:
            assert other  # another channel is free
    async with poster.channel_lease("CTWICE") as again:
        assert again


async def test_two_restarted_schedulers_racing_to_complete_a_half_posted_thread_post_each_message_once(
    harness: Harness
) -> None:
    first = (await talk_ids(harness.store))[0]
    pacer = HookPacer({3: lambda _: harness.fake.fail_next("chat.postMessage", hang=True)})
    crashed = await harness.scheduler(pacer=pacer, timeout=30)
    await harness.subscribe("CHALF")
    harness.clock.at(utc(2025, 3, 3, 9))
    await crash_during(harness, crashed, 3)
    # Whichever takes the channel holds it at its first post until the other's tick is over, so the two
    # really overlap: gathered as they were, one could finish the thread before the other even asked.
    other_tick_over = asyncio.Event()
    one, two = [await harness.scheduler(pacer=HookPacer({1: lambda _: other_tick_over.wait()})) for _ in range(2)]
    harness.clock.at(utc(2025, 3, 3, 9, 5))
    ticks = [asyncio.create_task(scheduler.run_due()) for scheduler in (one, two)]
    await asyncio.wait(ticks, return_when=asyncio.FIRST_COMPLETED)
    other_tick_over.set()
    reports = [await tick for tick in ticks]
    assert sorted(len(r.busy) for r in reports) == [0, 1]  # one completed it, the other found the channel taken
    [thread] = harness.threads("CHALF")
    assert_thread(thread, await harness.expected(first))


# -- Slack errors --------------------------------------------------------------------------


async def test_a_429_storm_waits_retry_after_and_posts_each_message_once(harness: Harness) -> None:
    first = (await talk_ids(harness.store))[0]
    expected = await harness.expected(first)
    # Five 429s in a row: the client's three retries, then this run's second attempt gets through.
    pacer = HookPacer({2: lambda _: harness.fake.fail_next("chat.postMessage", status=429, retry_after=0, times=5)})
    scheduler = await harness.scheduler(pacer=pacer)
    await harness.subscribe("C429")
    await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9)))
    [thread] = harness.threads("C429")
    assert_thread(thread, expected)
    assert len(harness.fake.calls_to("chat.postMessage", outcome="status:429")) == 5
    assert not harness.fake.calls_to("conversations.replies")  # a 429 is known not to have posted


class RecordingPacer(ChannelPacer):
    """The real pacer, noting when each channel first asked and when it let each message go."""

    def __init__(self, interval: float) -> None:
        super().__init__(interval=interval)
        self.first_asked: dict[str, float] = {}
        self.released: dict[str, list[float]] = {}

    async def wait(self, channel: str) -> None:
        self.first_asked.setdefault(channel, time.monotonic())
        await super().wait(channel)
        self.released.setdefault(channel, []).append(time.monotonic())


async def test_paced_channels_space_their_own_messages_but_not_each_other(harness: Harness) -> None:
    # The pacer's promise is a rate: the k-th message of a channel goes no sooner than k intervals
    # after the channel's first. (Gaps between neighbours, and arrival times at the fake, also carry
    # the event loop's and the loopback's jitter, which on a loaded machine exceeds the interval.)
    pacer = RecordingPacer(interval=0.03)
    scheduler = await harness.scheduler(pacer=pacer)
    await harness.subscribe("CPACE1")
    await harness.subscribe("CPACE2")
    await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9)))
    for channel in ("CPACE1", "CPACE2"):
        released = pacer.released[channel]
        assert len(released) == len(harness.fake.posted(channel)) > 1
        start = pacer.first_asked[channel]
        assert all(at - start >= k * 0.03 - 0.002 for k, at in enumerate(released))  # 2 ms: timer resolution
    assert pacer.released["CPACE2"][0] < pacer.released["CPACE1"][-1]  # side by side, not one after the other


async def test_a_channel_that_disappears_is_paused_and_the_others_are_still_served(harness: Harness) -> None:
    first, second = (await talk_ids(harness.store))[:2]
    gone_failed = asyncio.Event()

    async def hook(channel: str) -> None:
        if channel == "CGONE" and not gone_failed.is_set():
            harness.fake.fail_next("chat.postMessage", error="channel_not_found")
            gone_failed.set()
        elif channel != "CGONE":
            await harness.fake.wait_for("chat.postMessage", outcome="error:channel_not_found")  # no stealing it

    class ChannelHookPacer(ChannelPacer):
        async def wait(self, channel: str) -> None:
            await hook(channel)

    scheduler = await harness.scheduler(pacer=ChannelHookPacer(interval=0.0))
    for channel in ("CGONE", "COK"):
        await harness.subscribe(channel)
    report = await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9)))
    assert report.paused == ["CGONE"]
    paused = await scheduler.state.get_subscription("CGONE")
    assert paused is not None and paused.paused and "channel_not_found" in (paused.paused_reason or "")
    assert not harness.fake.posted("CGONE")
    assert_thread(harness.threads("COK")[0], await harness.expected(first))
    await scheduler.run_due(harness.clock.at(utc(2025, 3, 10, 9)))
    assert len(harness.fake.calls_to("chat.postMessage", outcome="error:channel_not_found")) == 1  # not tried again
    assert_thread(harness.threads("COK")[1], await harness.expected(second))


# -- the loop and --now --------------------------------------------------------------------


async def test_the_real_loop_posts_a_due_slot_on_start_and_stops_cleanly(harness: Harness) -> None:
    scheduler = await harness.scheduler()
    await harness.subscribe("CLOOP")
    harness.clock.at(utc(2025, 3, 3, 9, 5))
    expected = await harness.expected((await talk_ids(harness.store))[0])
    task = scheduler.start()
    await harness.fake.wait_for("chat.postMessage", count=len(expected))
    await harness.fake.settle()  # the loop keeps ticking (every 0.01 s): nothing else is due
    await scheduler.stop()
    assert task.done()
    assert_thread(harness.threads("CLOOP")[0], expected)
    assert len(harness.threads("CLOOP")) == 1


async def test_post_now_completes_a_cut_off_now_digest_instead_of_starting_another(harness: Harness) -> None:
    first = (await talk_ids(harness.store))[0]
    pacer = HookPacer({3: lambda _: harness.fake.fail_next("chat.postMessage", hang=True)})
    crashed = await harness.scheduler(pacer=pacer, timeout=30)
    task = asyncio.create_task(crashed.poster.post_next("CNOW"))
    await harness.fake.wait_for("chat.postMessage", count=3)
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    rerun = await harness.scheduler()
    outcome = await rerun.poster.post_next("CNOW")
    assert outcome is not None and outcome.status == "done" and outcome.digest.talk_id == first
    [thread] = harness.threads("CNOW")
    assert_thread(thread, await harness.expected(first))
    again = await rerun.poster.post_next("CNOW")  # a deliberate second run posts the next talk
    assert again is not None and again.digest.talk_id != first and len(harness.threads("CNOW")) == 2


async def test_weekly_digests_outside_the_channel_allowlist_are_skipped_and_logged_once(harness: Harness) -> None:
    scheduler = await harness.scheduler()
    scheduler.channel_enabled = lambda channel: channel == "CLISTED"  # TALKBOT_CHANNELS=CLISTED
    await harness.subscribe("CLISTED")
    await harness.subscribe("CUNLISTED")
    report = await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9)))
    assert report.skipped == [("CUNLISTED", "2025-03-03T09:00Z")]
    assert harness.fake.posted("CLISTED") and not harness.fake.posted("CUNLISTED")
    again = await scheduler.run_due(harness.clock.at(utc(2025, 3, 3, 9, 1)))
    assert again.skipped == [] and not harness.fake.posted("CUNLISTED")
