"""The floor for slack_load.py / soak.py: a bare bolt AsyncApp that acks and responds, served like `talkbot serve --http`.

    .venv/bin/python bench/bare_app.py --port N [--host 127.0.0.1]

Same signing secret (SLACK_SIGNING_SECRET), same aiohttp adapter and routes (POST /slack/events,
GET /healthz), same bolt version; listeners for /define, /talk and app_mention that ack and do
nothing else (no store, no Web API call, no logging per request). Runs until SIGTERM/SIGINT.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response, to_bolt_request
from slack_bolt.async_app import AsyncApp
from slack_sdk.web.async_client import AsyncWebClient


def build(signing_secret: str, token: str, api_url: str) -> web.Application:
    app = AsyncApp(
        client=AsyncWebClient(token=token, base_url=api_url),
        signing_secret=signing_secret,
        logger=logging.getLogger("bare.bolt"),
    )

    @app.command("/define")
    async def define(ack, respond) -> None:
        await ack()
        await respond(text="bare answer", response_type="ephemeral")

    @app.command("/talk")
    async def talk(ack, respond) -> None:
        await ack()
        await respond(text="bare answer", response_type="ephemeral")

    @app.event("app_mention")
    async def mention(event: dict, say) -> None:
        await say(text="bare answer", thread_ts=event.get("thread_ts") or event["ts"])

    async def slack_events(request: web.Request) -> web.Response:
        return await to_aiohttp_response(await app.async_dispatch(await to_bolt_request(request)))

    async def healthz(_: web.Request) -> web.Response:
        return web.json_response({"ok": True})

    web_app = web.Application(client_max_size=1024 * 1024)
    web_app.add_routes([web.post("/slack/events", slack_events), web.get("/healthz", healthz)])
    return web_app


async def serve(host: str, port: int) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    web_app = build(os.environ["SLACK_SIGNING_SECRET"], os.environ.get("SLACK_BOT_TOKEN", "xoxb-bare"),
                    os.environ.get("SLACK_API_URL", "http://127.0.0.1:9/api/"))
    runner = web.AppRunner(web_app, access_log=None, shutdown_timeout=2.0)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    print(f"bare app listening on http://{host}:{runner.addresses[0][1]}/slack/events", flush=True)
    await stop.wait()
    await runner.cleanup()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(serve(args.host, args.port))
    return 0


if __name__ == "__main__":
    sys.exit(main())
