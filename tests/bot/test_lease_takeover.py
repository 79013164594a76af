"""A restart after kill -9 (issue 12, item 12): a lease held by a process that is gone is taken over at once.

The killed process is real (``python -m bot digest --now`` in a subprocess, killed with SIGKILL while its
post hangs at the fake Web API), and so is the rerun; the fake runs in this test's event loop, so the
subprocesses are driven with asyncio's subprocess API and the fake keeps answering meanwhile.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time
from pathlib import Path

import pytest

from bot.digest_admin import digest_command
from bot.digest_poster import MARKER_EVENT_TYPE, NOW_LEASE_WAIT_SECONDS, ChannelPacer, LeaseHolder, holder_gone
from store.state import BotState
from tests.conftest import CORPUS, ROOT, bot_settings
from tests.fakes.fixtures import BOT_TOKEN
from tests.fakes.slack_api import FakeSlackAPI

pytestmark = pytest.mark.usefixtures("clean_slack_env")
LEASE = "digest-channel:{}"


async def talkbot(fake: FakeSlackAPI, db_path: Path, *args: str) -> asyncio.subprocess.Process:
    """``talkbot ARGS`` as a real process against the fake Web API and the test's database."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "TALKBOT_"))}
    environment.update({"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_API_URL": fake.base_url, "TALKBOT_DB": str(db_path),
                        "TALKBOT_CORPUS": str(CORPUS), "TALKBOT_LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)})
    return await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", *args, env=environment, cwd=db_path.parent,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


def posted_indexes(fake: FakeSlackAPI, channel: str) -> list[int]:
    """The digest marker index of each message Slack has in ``channel``, in posting order."""
    return [m["metadata"]["event_payload"]["index"] for m in fake.posted(channel)
            if (m.get("metadata") or {}).get("event_type") == MARKER_EVENT_TYPE]


async def test_digest_now_right_after_kill_9_completes_the_thread_at_once_without_duplicates(
    fake_slack: FakeSlackAPI, db_path: Path
) -> None:
    # Parent and first reply go through; the third post reaches Slack, which never answers (a stall).
    fake_slack.fail_next("chat.postMessage", hang=True, after_post=True, skip=2)
    first = await talkbot(fake_slack, db_path, "digest", "--channel", "CKILL", "--now")
    try:
        await fake_slack.wait_for("chat.postMessage", count=3, timeout=60)
        assert fake_slack.calls_to("chat.postMessage")[2].outcome == "hang"
    finally:
        first.send_signal(signal.SIGKILL)
        await first.wait()
    assert first.returncode == -signal.SIGKILL
    async with await BotState.open(db_path) as state:  # the dead process's lease is still there, unexpired
        held = await state.lease_holder(LEASE.format("CKILL"))
    assert held is not None and held[1] > time.time() + 60
    assert LeaseHolder.parse(held[0]).pid == first.pid

    started = time.monotonic()
    rerun = await talkbot(fake_slack, db_path, "digest", "--channel", "CKILL", "--now")
    try:
        out, err = await asyncio.wait_for(rerun.communicate(), 60)
    finally:
        if rerun.returncode is None:
            rerun.kill()
            await rerun.wait()
    took = time.monotonic() - started
    assert rerun.returncode == 0, err.decode()
    assert out.decode().startswith("done:") and "waiting" not in err.decode()
    assert took < 30  # not the lease's 120 s (the rest is the thread paced at ~1 message/s)
    indexes = posted_indexes(fake_slack, "CKILL")
    assert indexes == list(range(len(indexes))) and len(indexes) >= 4  # each message once, in order
    processed = [c for c in fake_slack.calls_to("chat.postMessage") if c.processed]
    assert len(processed) == len(indexes)  # the stalled third message was found in the thread, not posted again


async def test_a_lease_whose_pid_now_belongs_to_another_process_is_taken_over_at_once(
    fake_slack: FakeSlackAPI, db_path: Path, capsys: pytest.CaptureFixture
) -> None:
    me = LeaseHolder.of_this_process()
    reused = LeaseHolder(me.host, me.boot, os.getppid(), "1", "crashed-poster")  # a live pid, started another time
    assert holder_gone(reused.key()) and not holder_gone(me.key())
    async with await BotState.open(db_path) as state:
        assert await state.acquire_lease(LEASE.format("CREUSE"), reused.key(), time.time(), 120)
    started = time.monotonic()
    code = await digest_command(bot_settings(fake_slack, db_path), channel="CREUSE", post_now=True, show_list=False,
                                pacer=ChannelPacer(interval=0.0))
    out, err = capsys.readouterr()
    assert code == 0 and out.startswith("done:") and "waiting" not in err
    assert time.monotonic() - started < 10


async def test_a_live_lease_on_another_host_is_waited_for_with_a_visible_line_then_the_digest_posts(
    fake_slack: FakeSlackAPI, db_path: Path, capsys: pytest.CaptureFixture
) -> None:
    other = LeaseHolder("other-host", "", 4242, "", "poster")
    assert socket.gethostname() != "other-host" and not holder_gone(other.key())
    async with await BotState.open(db_path) as state:
        assert await state.acquire_lease(LEASE.format("COTHER"), other.key(), time.time(), 2.0)
    started = time.monotonic()
    code = await digest_command(bot_settings(fake_slack, db_path), channel="COTHER", post_now=True, show_list=False,
                                pacer=ChannelPacer(interval=0.0))
    out, err = capsys.readouterr()
    assert code == 0 and out.startswith("done:")
    assert f"waiting up to {NOW_LEASE_WAIT_SECONDS:.0f} s for talkbot on other-host (pid 4242)" in err
    assert time.monotonic() - started >= 1.5  # it did wait for the lease to run out
    assert posted_indexes(fake_slack, "COTHER")[0] == 0


async def test_a_poster_of_this_live_process_is_not_taken_for_dead(db_path: Path) -> None:
    other_poster = LeaseHolder.of_this_process()
    async with await BotState.open(db_path) as state:
        assert await state.acquire_lease("x", other_poster.key(), time.time(), 120)
        assert not await state.acquire_lease("x", LeaseHolder.of_this_process().key(), time.time(), 120,
                                             holder_gone=holder_gone)
