"""Running the bot: HTTP mode (aiohttp: /slack/events, /healthz, /metrics) or Socket Mode (with an optional
metrics listener on TALKBOT_METRICS_PORT), with a clean shutdown."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import signal
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

import aiohttp
from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_bolt.async_app import AsyncApp
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.request.async_internals import build_async_context
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_sdk.signature import SignatureVerifier

from store.backup import serving_lock

from .app import build_app
from .corpus_watch import CorpusWatcher
from .identity import IdentityUnconfirmed
from .listeners.request_log import acknowledged, received
from .metrics import CONTENT_TYPE, Metrics
from .permissions import effective_permissions
from .report_scheduler import ReportScheduler
from .scheduler import DigestScheduler
from .services import Services, open_services
from .settings import Settings
from .slack_client import build_client, socket_mode_client
from .usage import RetentionPurge

log = logging.getLogger(__name__)
MAX_BODY_BYTES = 1024 * 1024  # Slack's payloads are a few kB; anything near this is not from Slack
SHUTDOWN_GRACE_SECONDS = 5.0
EVENTS_PATH = "/slack/events"
# Connections to Slack at once; a call beyond this waits for a free one. The pool stays at its
# high-water mark under steady traffic, so keep the mark small (BENCHMARKS.md finding 8); 8 carry
# far more answers per second than a team sends.
OUTBOUND_CONNECTIONS = 8
# Keep-alive connections the HTTP server keeps open; a response on one beyond this closes it. A client
# that opens a connection per request in flight and reuses them in turn never lets one idle out, so
# their number (and the server's fds and memory) rose with every burst (BENCHMARKS.md §3, soak).
MAX_KEEPALIVE_CONNECTIONS = 64
# And a connection is closed after its first response past this age (nginx's keepalive_time): a client
# keeps only the connections it needs, so after a burst its surplus is gone within a minute instead of
# being kept in turn for as long as traffic lasts (BENCHMARKS.md §11, soak).
MAX_KEEPALIVE_SECONDS = 60.0


class KeepAliveCap:
    """Closes a connection after its response (``Connection: close``) while more than ``limit`` are open, and
    once it has served for ``max_age`` seconds."""

    def __init__(self, limit: int = MAX_KEEPALIVE_CONNECTIONS, max_age: float = MAX_KEEPALIVE_SECONDS) -> None:
        self.limit = limit
        self.max_age = max_age
        self.server: web.Server | None = None  # set once the runner is set up
        self._first_response: dict[object, float] = {}  # connection (its protocol) -> monotonic time

    async def on_response_prepare(self, request: web.Request, response: web.StreamResponse) -> None:
        if self.server is None:
            return
        now = time.monotonic()
        first = self._first_response.setdefault(request.protocol, now)
        if len(self.server.connections) > self.limit or now - first >= self.max_age:
            response.force_close()
            # This hook runs after aiohttp prepared the headers, so say it too: a client that is not told
            # may send its next request on the connection as it closes, and see it fail.
            response.headers["Connection"] = "close"
            self._first_response.pop(request.protocol, None)
        if len(self._first_response) > 2 * max(len(self.server.connections), self.limit):
            open_now = set(self.server.connections)  # drop connections the client closed
            self._first_response = {conn: at for conn, at in self._first_response.items() if conn in open_now}


def build_web_app(app: AsyncApp, services: Services) -> web.Application:
    """The aiohttp application of HTTP mode: Slack's endpoint, a health check and the metrics."""
    secret = services.settings.slack_signing_secret
    verifier = SignatureVerifier(secret.reveal()) if secret else None

    async def slack_events(request: web.Request) -> web.Response:
        started = time.perf_counter()
        try:
            body = (await request.read()).decode("utf-8")  # reading past MAX_BODY_BYTES raises 413
        except UnicodeDecodeError:  # Slack sends UTF-8, and slack_sdk's verifier raises on anything else
            return _refused(400, "body is not UTF-8", started)
        # Bolt parses the body before it checks the signature, so an unsigned body it cannot parse
        # got a 500: check the signature first, then parse.
        if verifier is not None and not _signed(verifier, body, request.headers):
            return _refused(401, "bad or missing signature", started)
        bolt_request = _bolt_request(body, request)
        if bolt_request is None:
            return _refused(400, "body is not the form or JSON Slack sends", started)
        received(started)
        response = await to_aiohttp_response(await app.async_dispatch(bolt_request))
        acknowledged(started)
        log.debug("http path=%s status=%d latency_ms=%.1f", request.path, response.status,
                  (time.perf_counter() - started) * 1000)
        return response

    web_app = web.Application(client_max_size=MAX_BODY_BYTES)
    web_app.add_routes([web.post(EVENTS_PATH, slack_events), *_operator_routes(services)])
    return web_app


def build_metrics_app(services: Services) -> web.Application:
    """The metrics listener of Socket Mode (TALKBOT_METRICS_PORT): /metrics and /healthz, nothing from Slack."""
    web_app = web.Application()
    web_app.add_routes(_operator_routes(services))
    return web_app


def _operator_routes(services: Services) -> list[web.RouteDef]:
    """GET /healthz (the store answers and holds talks) and GET /metrics (Prometheus text format)."""

    async def healthz(_: web.Request) -> web.Response:
        try:
            healthy = await services.store.check()
        except Exception as error:  # noqa: BLE001 - a health check reports, it does not raise
            return web.json_response({"ok": False, "error": type(error).__name__}, status=503)
        return web.json_response({"ok": healthy}, status=200 if healthy else 503)

    async def metrics(_: web.Request) -> web.Response:
        response = web.Response(body=await services.metrics.exposition())
        response.headers["Content-Type"] = CONTENT_TYPE
        return response

    return [web.get("/healthz", healthz), web.get("/metrics", metrics)]


def _signed(verifier: SignatureVerifier, body: str, headers: Mapping[str, str]) -> bool:
    """Slack's signature over the raw body; malformed headers count as unsigned instead of raising."""
    timestamp = headers.get("X-Slack-Request-Timestamp", "")
    signature = headers.get("X-Slack-Signature", "")
    if not (timestamp.isascii() and timestamp.isdigit() and signature.isascii()):
        return False
    return verifier.is_valid(body, timestamp, signature)


def parse_slack_body(raw: str, content_type: str | None) -> dict:
    """Slack's request body as bolt expects it: events are JSON; a form is an interaction only when it
    has a ``payload`` field (its JSON), otherwise its fields are the payload (slash commands).

    Bolt's own parser takes any form body containing the *substring* "payload" for an interaction and
    finds no field: ``/define payload``, or any command in a channel named ``payload-team``, got a 404.
    """
    if content_type == "application/json" or raw.startswith("{"):
        return json.loads(raw)
    fields = dict(parse_qsl(raw, keep_blank_values=True))
    payload = fields.get("payload")
    return json.loads(payload) if payload is not None else fields


class SlackHttpRequest(AsyncBoltRequest):
    """Bolt's request for an HTTP delivery, with the body parsed by :func:`parse_slack_body`.

    ``raw_body`` stays the bytes Slack signed, so bolt's signature check runs on them as before.
    Socket Mode hands bolt parsed payloads and does not come through here.
    """

    def __init__(self, *, body: str, query: str, headers: Mapping[str, str]) -> None:
        super().__init__(body=body, query=query, headers=headers)  # type: ignore[arg-type]  # a multidict works
        if not self.body and body:
            # Bolt's parser agrees with parse_slack_body except where it finds no fields at all: a form it
            # took for an interaction. Parsing once more only then keeps the common request at one parse
            # and one context (BENCHMARKS.md §15).
            self.body = parse_slack_body(body, self.content_type)
            self.context = build_async_context(AsyncBoltContext(), self.body)

    def to_copyable(self) -> AsyncBoltRequest:
        """Bolt copies requests for lazy listeners; the copy must not go back to bolt's parser."""
        copy = super().to_copyable()
        copy.body, copy.context = self.body, self.context.to_copyable()
        return copy


def _bolt_request(body: str, request: web.Request) -> AsyncBoltRequest | None:
    """The bolt request for a signed body, or None when it is neither form data nor a JSON object."""
    try:
        parsed = SlackHttpRequest(body=body, query=request.query_string, headers=request.headers)
    except (ValueError, TypeError, AttributeError, LookupError):  # not Slack's shapes (bad JSON, ...)
        return None
    return parsed if isinstance(parsed.body, dict) else None


def _refused(status: int, reason: str, started: float) -> web.Response:
    """Refuse a request before bolt sees it; one log line, like every handled request."""
    log.info("request refused status=%d reason=%s latency_ms=%.1f", status, reason,
             (time.perf_counter() - started) * 1000)
    return web.json_response({"error": reason}, status=status)


@dataclass
class RunningServer:
    """A started HTTP server; ``url`` is its base address."""

    runner: web.AppRunner
    url: str

    async def stop(self) -> None:
        await self.runner.cleanup()


async def start_http(app: AsyncApp, services: Services, host: str, port: int,
                     max_keepalive: int = MAX_KEEPALIVE_CONNECTIONS,
                     max_keepalive_seconds: float = MAX_KEEPALIVE_SECONDS) -> RunningServer:
    """Start HTTP mode on ``host:port`` (port 0 picks a free one)."""
    web_app = build_web_app(app, services)
    cap = KeepAliveCap(max_keepalive, max_keepalive_seconds)
    web_app.on_response_prepare.append(cap.on_response_prepare)
    running = await _start(web_app, host, port)
    cap.server = running.runner.server
    return running


async def start_metrics(services: Services, host: str, port: int) -> RunningServer:
    """Start the metrics listener on ``host:port`` (port 0 picks a free one)."""
    return await _start(build_metrics_app(services), host, port)


async def _start(web_app: web.Application, host: str, port: int) -> RunningServer:
    runner = web.AppRunner(web_app, access_log=None, shutdown_timeout=SHUTDOWN_GRACE_SECONDS)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = runner.addresses[0]
    return RunningServer(runner, f"http://{bound[0]}:{bound[1]}")


class TimedSocketModeHandler(AsyncSocketModeHandler):
    """Bolt's Socket Mode handler, observing each request's ack latency (until the ack is sent on the socket)."""

    async def handle(self, client: Any, req: Any) -> None:
        started = time.perf_counter()
        received(started)
        await super().handle(client, req)
        acknowledged(started)


async def connect_socket_mode(app: AsyncApp, settings: Settings) -> AsyncSocketModeHandler:
    """Open the Socket Mode connection; its ``apps.connections.open`` goes to SLACK_API_URL too."""
    assert settings.slack_app_token is not None  # serve requires it for Socket Mode
    handler = TimedSocketModeHandler(app, settings.slack_app_token.reveal(), web_client=socket_mode_client(settings))
    await handler.connect_async()
    return handler


async def finish_in_flight(timeout: float = SHUTDOWN_GRACE_SECONDS, *, background: asyncio.Task[None] | None = None,
                           ) -> None:
    """Let answers that are still being written finish, up to ``timeout`` seconds (``background``: not an answer)."""
    current = asyncio.current_task()
    pending = [task for task in asyncio.all_tasks() if task not in (current, background) and not task.done()]
    if pending:
        _, still = await asyncio.wait(pending, timeout=timeout)
        if still:
            log.warning("shutdown: %d tasks did not finish in %.0f s", len(still), timeout)


async def _stop_quietly(server: RunningServer | None) -> None:
    """Stop the metrics listener first: its idle keep-alive connections would count as answers in flight."""
    if server is not None:
        await server.stop()


def freeze_startup_heap() -> None:
    """Leave what start-up built (modules, the bolt app, the corpus view) out of every later garbage collection.

    A full collection walks every tracked object; under load one came every second or so and walked these
    ~60,000 long-lived ones each time, holding up every request in flight (BENCHMARKS.md §18). Frozen
    objects are still freed when nothing refers to them: a reload's old view goes as before.
    """
    gc.collect()  # start-up's garbage is collected now, not kept frozen
    gc.freeze()


async def check_slack_token(services: Services) -> bool:
    """Ask Slack who the bot token belongs to before serving, and say plainly in the log what failed."""
    try:
        await services.identity.confirm()
    except IdentityUnconfirmed as error:
        log.error("Slack did not confirm SLACK_BOT_TOKEN at start-up (%s). Serving anyway: each request asks "
                  "Slack again until it does, and is answered 'try again' meanwhile. If this persists, check "
                  "the token (Slack app settings -> OAuth & Permissions) and SLACK_API_URL.", error)
        return False
    return True


async def serve(settings: Settings, *, http: bool, host: str = "0.0.0.0", port: int | None = None) -> None:
    """Run until SIGTERM or SIGINT, then stop taking requests and finish in-flight answers."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    with serving_lock(settings.db_path):  # `talkbot restore` refuses while it is held
        await _serve(settings, stop, http=http, host=host, port=port)
    log.info("talkbot stopped")


async def _serve(settings: Settings, stop: asyncio.Event, *, http: bool, host: str, port: int | None) -> None:
    loop = asyncio.get_running_loop()
    connector = aiohttp.TCPConnector(limit=OUTBOUND_CONNECTIONS, keepalive_timeout=15)
    metrics = Metrics()
    async with (open_services(settings, metrics) as (store, state),
                aiohttp.ClientSession(connector=connector) as session):
        # One connection pool for every Web API call and response_url answer of this process.
        app, services = build_app(settings, store, state, client=build_client(settings, session, metrics),
                                  metrics=metrics)
        for line in effective_permissions(settings):
            log.info("permissions %s", line)
        await check_slack_token(services)
        scheduler = DigestScheduler(store, state, services.poster,
                                    channel_enabled=services.permissions.channel_enabled)
        scheduler.start()
        settings.uploads_dir.mkdir(parents=True, exist_ok=True)  # writable, beside the database
        watcher = CorpusWatcher(store, settings.corpus_paths(), settings.corpus_poll, metrics, services.ingest_lock)
        watcher.start()
        loop.add_signal_handler(signal.SIGHUP, watcher.wake)
        reports = ReportScheduler(store, state, services.poster, channel_enabled=services.permissions.channel_enabled)
        reports.start()
        purge = RetentionPurge(state, settings.retention_days)
        purge.start()
        freeze_startup_heap()
        metrics_server = None
        if settings.metrics_port is not None:
            metrics_server = await start_metrics(services, host, settings.metrics_port)
            log.info("metrics on %s/metrics", metrics_server.url)
        if http:
            server = await start_http(app, services, host, settings.port if port is None else port)
            log.info("talkbot listening on %s%s (HTTP mode)", server.url, EVENTS_PATH)
            await stop.wait()
            await _stop_quietly(metrics_server)
            deadline = loop.time() + SHUTDOWN_GRACE_SECONDS
            # Stop listening and close idle keep-alive connections first (their handler tasks would
            # otherwise count as in flight); requests being read finish, as they only wait for ack().
            await server.stop()
            await scheduler.stop()  # a thread cut off here is completed by the next start (ledger)
            await watcher.stop()
            await reports.stop()
            await purge.stop()
            await finish_in_flight(max(0.0, deadline - loop.time()),  # answers still running after ack()
                                   background=services.recorder.task)
            await services.recorder.close()  # then the questions they asked
        else:
            handler = await connect_socket_mode(app, settings)
            log.info("talkbot connected (Socket Mode)")
            await stop.wait()
            await _stop_quietly(metrics_server)
            await handler.close_async()
            await scheduler.stop()
            await watcher.stop()
            await reports.stop()
            await purge.stop()
            await finish_in_flight(background=services.recorder.task)
            await services.recorder.close()
