"""A loopback WebSocket server standing in for Slack's Socket Mode endpoint.

slack_sdk's aiohttp ``SocketModeClient`` (used by bolt's ``AsyncSocketModeHandler``) asks
``apps.connections.open`` for a ``wss://`` URL, connects with ``ws_connect`` (``autoping=False``,
``heartbeat=ping_interval``), sends a ``sdk-ping-pong:<time>`` ping right away and then reads
text frames. It does not wait for ``hello``; every text frame with ``type``, ``envelope_id`` and
``payload`` becomes a ``SocketModeRequest``, and the bolt handler answers with
``{"envelope_id": ..., "payload": ...}`` (``payload`` only when the ack carried a body).
A ``{"type": "disconnect"}`` frame makes the client fetch a new URL and reconnect.

Usage::

    async with FakeSlackAPI() as fake, FakeSocketMode() as sock:
        fake.attach_socket_mode(sock)          # apps.connections.open now returns sock.url
        handler = AsyncSocketModeHandler(app, app_token="xapp-test")
        await handler.connect_async()
        await sock.wait_for_connection()
        eid = await sock.send_envelope(envelope("slash_commands", slash_command_payload(...)))
        ack = await sock.wait_for_ack(eid)     # {"envelope_id": eid, "payload": {...}}
        await handler.close_async()
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import Any, Callable

from aiohttp import WSMsgType, web

APP_ID = "A123ABC456"
"""The ``api_app_id`` the fakes use everywhere (matches /work/shared/slack-payloads)."""


def envelope(
    envelope_type: str,
    payload: dict[str, Any],
    *,
    envelope_id: str | None = None,
    accepts_response_payload: bool | None = None,
    retry_attempt: int | None = None,
    retry_reason: str | None = None,
) -> dict[str, Any]:
    """Wrap ``payload`` in a Socket Mode envelope as Slack sends it.

    Args:
        envelope_type: ``"slash_commands"``, ``"events_api"`` or ``"interactive"``.
        payload: the same object Slack would POST in HTTP mode (as a dict, not form-encoded);
            see the ``*_payload`` builders in :mod:`tests.fakes.slack_requests`.
        envelope_id: defaults to a fresh UUID.
        accepts_response_payload: defaults to ``True`` for slash commands and interactions
            (they can carry an ack body) and ``False`` for events.
        retry_attempt / retry_reason: set for redelivered Events API envelopes (the Socket Mode
            counterpart of the X-Slack-Retry-Num / X-Slack-Retry-Reason headers).
    """
    if accepts_response_payload is None:
        accepts_response_payload = envelope_type != "events_api"
    env: dict[str, Any] = {
        "envelope_id": envelope_id or str(uuid.uuid4()),
        "payload": payload,
        "type": envelope_type,
        "accepts_response_payload": accepts_response_payload,
    }
    if envelope_type == "events_api":
        env["retry_attempt"] = retry_attempt if retry_attempt is not None else 0
        env["retry_reason"] = retry_reason if retry_reason is not None else ""
    else:
        if retry_attempt is not None:
            env["retry_attempt"] = retry_attempt
        if retry_reason is not None:
            env["retry_reason"] = retry_reason
    return env


class FakeSocketMode:
    """aiohttp WebSocket server on 127.0.0.1 that plays Slack's side of Socket Mode.

    Attributes:
        received: every JSON text frame a client sent, in order (acks included).
        acks: ``envelope_id -> ack frame`` for frames that carried an ``envelope_id``.
        ack_times / sent_times: ``envelope_id -> time.time()`` of the ack / of sending.
        sent: the envelopes sent with :meth:`send_envelope`, in order.
        connection_count: how many WebSocket connections were ever accepted.
        tickets: the ``ticket`` query value of each accepted connection, in order.
    """

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        send_hello: bool = True,
        app_id: str = APP_ID,
    ) -> None:
        self.host = host
        self.port = port
        self.send_hello = send_hello
        self.app_id = app_id
        self.received: list[dict[str, Any]] = []
        self.acks: dict[str, dict[str, Any]] = {}
        self.ack_times: dict[str, float] = {}
        self.sent_times: dict[str, float] = {}
        self.sent: list[dict[str, Any]] = []
        self.connection_count = 0
        self.tickets: list[str] = []
        self._connections: list[web.WebSocketResponse] = []
        self._runner: web.AppRunner | None = None
        self._changed = asyncio.Event()
        self._ticket_seq = 0

    # ------------------------------------------------------------------ lifecycle

    @property
    def url(self) -> str:
        """Base WebSocket URL (``ws://127.0.0.1:PORT/link/``); valid after :meth:`start`."""
        if self._runner is None:
            raise RuntimeError("FakeSocketMode is not started")
        return f"ws://{self.host}:{self.port}/link/"

    def issue_url(self) -> str:
        """A fresh connection URL with a unique ticket, as ``apps.connections.open`` returns."""
        self._ticket_seq += 1
        return f"{self.url}?ticket=fake-ticket-{self._ticket_seq}&app_id={self.app_id}"

    async def start(self) -> "FakeSocketMode":
        """Bind and start serving; returns self."""
        app = web.Application()
        app.router.add_get("/link/", self._link)
        app.router.add_get("/link", self._link)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        """Close every client connection (code 1001, as a server going away) and stop serving."""
        for ws in list(self._connections):
            await ws.close(code=1001, message=b"server shutdown")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> "FakeSocketMode":
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def reset(self) -> None:
        """Forget received frames and acks (connections stay open)."""
        self.received.clear()
        self.acks.clear()
        self.ack_times.clear()
        self.sent.clear()
        self.sent_times.clear()

    # ------------------------------------------------------------------ server side

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def _link(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        self._connections.append(ws)
        self.connection_count += 1
        self.tickets.append(request.query.get("ticket", ""))
        try:
            if self.send_hello:
                await ws.send_str(
                    json.dumps(
                        {
                            "type": "hello",
                            "num_connections": len(self._connections),
                            "debug_info": {
                                "host": "applink-fake",
                                "build_number": 1,
                                "approximate_connection_time": 18060,
                            },
                            "connection_info": {"app_id": self.app_id},
                        }
                    )
                )
            self._notify()
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                try:
                    frame = json.loads(msg.data)
                except ValueError:
                    frame = {"_raw": msg.data}
                self.received.append(frame)
                envelope_id = frame.get("envelope_id")
                if isinstance(envelope_id, str):
                    self.acks[envelope_id] = frame
                    self.ack_times[envelope_id] = time.time()
                self._notify()
        finally:
            if ws in self._connections:
                self._connections.remove(ws)
            self._notify()
        return ws

    # ------------------------------------------------------------------ test API

    @property
    def connected(self) -> bool:
        """True while at least one client connection is open."""
        return any(not ws.closed for ws in self._connections)

    async def _wait(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while not predicate():
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise asyncio.TimeoutError(f"timed out after {timeout}s waiting for {what}")
            try:
                await asyncio.wait_for(self._changed.wait(), remaining)
            except asyncio.TimeoutError:
                pass

    async def wait_for_connection(self, count: int = 1, timeout: float = 5) -> None:
        """Wait until ``count`` connections were accepted in total and one is open."""
        await self._wait(
            lambda: self.connection_count >= count and self.connected,
            timeout,
            f"{count} socket mode connection(s)",
        )

    async def send_envelope(self, env: dict[str, Any], *, timeout: float = 5) -> str:
        """Send an envelope to the newest open connection; returns its ``envelope_id``.

        A copy of ``env`` is sent; if it has no ``envelope_id`` a fresh one is added. Waits up
        to ``timeout`` seconds for a client to connect first.
        """
        await self.wait_for_connection(timeout=timeout)
        frame = dict(env)
        frame.setdefault("envelope_id", str(uuid.uuid4()))
        ws = [w for w in self._connections if not w.closed][-1]
        self.sent_times[str(frame["envelope_id"])] = time.time()
        await ws.send_str(json.dumps(frame))
        self.sent.append(frame)
        return str(frame["envelope_id"])

    async def wait_for_ack(self, envelope_id: str, timeout: float = 5) -> dict[str, Any]:
        """Return the frame the client sent back for ``envelope_id`` (waits up to ``timeout``)."""
        await self._wait(lambda: envelope_id in self.acks, timeout, f"ack of {envelope_id}")
        return self.acks[envelope_id]

    async def send_disconnect(self, reason: str = "warning") -> None:
        """Send Slack's ``disconnect`` frame (the client then reconnects via a new URL)."""
        frame = {
            "type": "disconnect",
            "reason": reason,
            "debug_info": {"host": "applink-fake"},
        }
        for ws in [w for w in self._connections if not w.closed]:
            await ws.send_str(json.dumps(frame))

    async def drop_connections(self) -> None:
        """Close every open connection abruptly (no disconnect frame first)."""
        for ws in list(self._connections):
            await ws.close(code=1011, message=b"fake drop")
