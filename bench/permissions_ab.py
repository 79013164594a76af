"""A/B in one process: mention answer latency with the permission check vs with it bypassed (same code, same load).

    .venv/bin/python bench/permissions_ab.py

The real app (HTTP mode) over the bundled corpus and the fake Web API; 16 blocks of 40 mentions sent one
after another, even blocks with the real ``Permissions.may_read`` (the asker cached after the first
lookup), odd blocks with one that allows at once. Prints p50/p90 per mode and the users.info calls.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp

from bot.app import build_app
from bot.digest_poster import ChannelPacer
from bot.server import start_http
from store.db import Store
from store.ingest import ingest_sync
from store.state import BotState
from tests.conftest import CORPUS, bot_settings
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import app_mention, new_event_id, post

for name in list(os.environ):
    if name.startswith("SLACK_") or "proxy" in name.lower():
        del os.environ[name]

async def main() -> None:
    db = Path(tempfile.mkdtemp()) / "t.db"
    ingest_sync(db, [CORPUS])
    async with FakeSlackAPI() as fake:
        settings = bot_settings(fake, db)
        store = await Store.open(db, CORPUS)
        state = await BotState.open(db)
        app, services = build_app(settings, store, state, pacer=ChannelPacer(interval=0.0))
        server = await start_http(app, services, "127.0.0.1", 0)
        real = services.permissions.may_read
        async def bypass(who):
            return None
        times = {"check": [], "bypass": []}
        async with aiohttp.ClientSession() as session:
            url = server.url + "/slack/events"
            for block in range(16):
                mode = "check" if block % 2 == 0 else "bypass"
                services.permissions.may_read = real if mode == "check" else bypass
                for _ in range(40):
                    count = len(fake.calls_to("chat.postMessage"))
                    body, headers = app_mention("what is PJRT?", event_id=new_event_id())
                    started = time.perf_counter()
                    await post(session, url, body, headers)
                    await fake.wait_for("chat.postMessage", count=count + 1)
                    times[mode].append((time.perf_counter() - started) * 1000)
        for mode, values in times.items():
            values.sort()
            print(f"{mode:<7} n={len(values)} p50 {statistics.median(values):.2f} ms  p90 {values[int(len(values)*0.9)]:.2f} ms")
        print("users.info calls:", len(fake.calls_to("users.info")))
        await server.stop()
        await state.close()
        await store.close()

asyncio.run(main())
