"""A loopback aiohttp server standing in for Slack's Web API and ``response_url`` endpoints.

In-process usage::

    async with FakeSlackAPI() as fake:
        client = AsyncWebClient(token="xoxb-test", base_url=fake.base_url)
        await client.chat_postMessage(channel="C1", text="hi")
        [call] = fake.calls_to("chat.postMessage")
        assert call.params["text"] == "hi"

Standalone (for a benchmark in another process)::

    python -m tests.fakes.slack_api --port 0 [--latency 0.005] [--socket-mode]

prints the base URL (``http://127.0.0.1:PORT/api/``) on one line, serves until SIGTERM/SIGINT,
then prints one JSON line ``{"<method>": <count>, ...}`` and exits 0. Control endpoints (not
recorded as calls): ``GET /_calls[?method=M&since=N]``, ``POST /_reset``, ``POST /_fail_next``
(JSON body = :meth:`FakeSlackAPI.fail_next` keyword arguments), ``POST /_config``
(``{"latency": 0.005}``), ``GET /_messages[?channel=C]``, ``GET /_health``, and with a socket
mode fake attached ``POST /_socket/envelope`` / ``GET /_socket/acks``.

The fake behaves like Slack where tests depend on it: HTTP 200 with ``ok: false`` for API errors,
429 + ``Retry-After`` for rate limits, ``ts`` values that increase, a thread view through
``conversations.replies``, and Block Kit limits checked on posted blocks.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any, Awaitable, Callable
from urllib.parse import parse_qsl

from aiohttp import web

from .socket_mode import APP_ID, FakeSocketMode

BOT_USER_ID = "UBOT"
BOT_ID = "BBOT"
TEAM_ID = "T123ABC456"
TEAM_DOMAIN = "example"
BOT_SCOPES = ("commands,app_mentions:read,chat:write,chat:write.public,channels:history,groups:history,"
              "users:read,usergroups:read,channels:read,groups:read,im:history,files:read")

ANY_METHOD = "*"
"""Pass to :meth:`FakeSlackAPI.fail_next` to fail whichever call comes next."""

FILE_DOWNLOAD = "file_download"  # a GET of a file's url_private_download, recorded like a method call
RESPONSE_URL_METHOD = "response_url"
"""The ``method`` recorded for POSTs to a fake ``response_url``."""

_JSON_FIELDS = ("blocks", "attachments", "metadata", "view")
_MAX_TEXT = 40_000
_RESPONSE_URL_USES = 5


# ---------------------------------------------------------------------------- records


@dataclass
class RecordedCall:
    """One request the fake received (Web API method or ``response_url`` POST).

    Attributes:
        method: Web API method (``"chat.postMessage"``) or ``"response_url"``.
        params: query + body parameters; JSON-encoded ``blocks``/``attachments``/``metadata``/
            ``view`` strings from form bodies are decoded. For ``response_url`` the JSON body.
        headers: request headers, including ``Authorization`` (kept only here; excluded from
            ``repr`` and redacted by :meth:`to_json`).
        time: ``time.time()`` when the request arrived.
        outcome: ``"ok"``, ``"error:<code>"`` (HTTP 200, ``ok: false``), ``"status:<n>"``
            (e.g. ``"status:429"``), ``"hang"`` or ``"reset"``.
        status: HTTP status answered; ``None`` when no answer was sent (hang / reset).
        response: the JSON answered. For an ``after_post`` failure, the answer the client would
            have got (so a test can learn the ``ts`` Slack assigned).
        processed: True if the fake acted on the call (stored the message, ...), also for
            ``after_post`` failures; False for failures before processing and for errors.
        response_name: for ``response_url`` calls, the ``<name>`` in ``/response/<name>``.
    """

    method: str
    params: dict[str, Any]
    headers: dict[str, str] = field(repr=False)
    time: float
    outcome: str = "ok"
    status: int | None = 200
    response: dict[str, Any] | None = None
    processed: bool = False
    response_name: str | None = None

    @property
    def ok(self) -> bool:
        """True when the client got a successful answer."""
        return self.outcome == "ok"

    def to_json(self) -> dict[str, Any]:
        """JSON-safe dict with the ``Authorization`` header redacted."""
        d = asdict(self)
        d["headers"] = {
            k: ("Bearer ***" if k.lower() == "authorization" else v) for k, v in self.headers.items()
        }
        return d


@dataclass
class Failure:
    """A programmed failure; see :meth:`FakeSlackAPI.fail_next`."""

    status: int | None = None
    retry_after: int | None = None
    error: str | None = None
    hang: bool = False
    reset: bool = False
    after_post: bool = False
    times: int = 1
    skip: int = 0  # matching calls let through before this failure applies
    body: str | None = None  # a non-JSON error body (Slack's edge answers 5xx with text or HTML)
    content_type: str = "text/plain"

    @property
    def outcome(self) -> str:
        if self.hang:
            return "hang"
        if self.reset:
            return "reset"
        if self.status is not None:
            return f"status:{self.status}"
        return f"error:{self.error}"


@dataclass
class _RateLimit:
    rate: float
    burst: float
    per_channel: bool
    retry_after: int
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # key -> (tokens, at)

    def take(self, key: str, now: float) -> bool:
        tokens, at = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens >= 1:
            self.buckets[key] = (tokens - 1, now)
            return True
        self.buckets[key] = (tokens, now)
        return False


class SlackError(Exception):
    """Raised by method handlers to answer ``{"ok": false, "error": code, **extra}``."""

    def __init__(self, code: str, **extra: Any) -> None:
        super().__init__(code)
        self.code = code
        self.extra = extra


# ---------------------------------------------------------------------------- helpers


def _truthy(value: Any) -> bool:
    return value in (True, 1, "1", "true", "True")


def _ts_key(ts: str) -> tuple[int, int]:
    secs, _, micros = ts.partition(".")
    return int(secs), int(micros or 0)


def _decode_json_fields(params: dict[str, Any]) -> dict[str, Any]:
    for name in _JSON_FIELDS:
        value = params.get(name)
        if isinstance(value, str) and value[:1] in ("[", "{"):
            try:
                params[name] = json.loads(value)
            except ValueError:
                pass
    return params


async def _read_params(request: web.Request) -> dict[str, Any]:
    """Merge query-string and body parameters the way Slack reads them."""
    params: dict[str, Any] = dict(request.query)
    if request.can_read_body:
        ctype = request.content_type
        if ctype == "application/json":
            raw = await request.read()
            if raw:
                body = json.loads(raw)
                if isinstance(body, dict):
                    params.update(body)
        elif ctype in ("application/x-www-form-urlencoded", "multipart/form-data"):
            form = await request.post()
            for key, value in form.items():
                params[key] = value if isinstance(value, str) else f"<file {getattr(value, 'filename', '')}>"
        else:
            raw = await request.read()
            if raw:
                params.update(parse_qsl(raw.decode("utf-8", "replace"), keep_blank_values=True))
    return _decode_json_fields(params)


def _text_of(obj: Any) -> str:
    if isinstance(obj, dict):
        return str(obj.get("text", ""))
    return "" if obj is None else str(obj)


def validate_blocks(blocks: Any, max_blocks: int) -> list[str]:
    """Check the Block Kit limits Slack enforces; returns error strings (empty when valid)."""
    if not isinstance(blocks, list):
        return ["blocks must be an array"]
    errors: list[str] = []
    if len(blocks) > max_blocks:
        errors.append(f"no more than {max_blocks} items allowed [json-pointer:/blocks]")
    for i, block in enumerate(blocks):
        where = f"[json-pointer:/blocks/{i}]"
        if not isinstance(block, dict) or "type" not in block:
            errors.append(f"missing required field: type {where}")
            continue
        if len(str(block.get("block_id", ""))) > 255:
            errors.append(f"block_id must be at most 255 characters {where}")
        btype = block["type"]
        if btype == "section":
            if "text" in block and len(_text_of(block["text"])) > 3000:
                errors.append(f"must be less than 3001 characters {where}/text/text")
            for j, f in enumerate(block.get("fields") or []):
                if len(_text_of(f)) > 2000:
                    errors.append(f"must be less than 2001 characters {where}/fields/{j}/text")
        elif btype == "header":
            if len(_text_of(block.get("text"))) > 150:
                errors.append(f"must be less than 151 characters {where}/text/text")
        elif btype == "actions":
            elements = block.get("elements") or []
            if len(elements) > 25:
                errors.append(f"no more than 25 items allowed {where}/elements")
            for j, el in enumerate(elements):
                ew = f"{where}/elements/{j}"
                if not isinstance(el, dict):
                    errors.append(f"element must be an object {ew}")
                    continue
                if len(str(el.get("action_id", ""))) > 255:
                    errors.append(f"action_id must be at most 255 characters {ew}")
                if el.get("type") == "button":
                    if len(_text_of(el.get("text"))) > 75:
                        errors.append(f"must be less than 76 characters {ew}/text/text")
                    if len(str(el.get("value", ""))) > 2000:
                        errors.append(f"must be less than 2001 characters {ew}/value")
    return errors


Handler = Callable[[dict[str, Any], str], dict[str, Any]]


# ---------------------------------------------------------------------------- the fake


class FakeSlackAPI:
    """The fake Web API server. See the module docstring for a usage example.

    Attributes:
        calls: every recorded call, in arrival order.
        latency: seconds to wait before handling each call (``method_latency`` overrides per
            method).
        messages: ``channel -> ts -> message`` for messages the fake has posted.
        home_views: ``user_id -> view`` published with ``views.publish``.
        channels: ``channel_id -> extra fields`` merged into ``conversations.info`` answers
            (``num_members``, 3 unless set, is answered only with ``include_num_members``).
        users: ``user_id -> fields`` merged into the ``users.info`` answer of a full member of
            ``TEAM_ID`` (``None``: ``user_not_found``); any other id is such a member.
        usergroups: ``usergroup_id -> user ids`` for ``usergroups.users.list`` (others: ``no_such_subteam``).
        valid_tokens: if set, only these bot tokens are accepted (others get ``invalid_auth``).
    """

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        latency: float = 0.0,
        socket_mode: FakeSocketMode | None = None,
        valid_tokens: set[str] | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.latency = latency
        self.method_latency: dict[str, float] = {}
        self.valid_tokens = valid_tokens
        self.calls: list[RecordedCall] = []
        self.messages: dict[str, dict[str, dict[str, Any]]] = {}
        self.home_views: dict[str, dict[str, Any]] = {}
        self.channels: dict[str, dict[str, Any]] = {}
        self.users: dict[str, dict[str, Any] | None] = {}
        self.usergroups: dict[str, list[str]] = {}
        self._socket_mode = socket_mode
        self._failures: dict[str, list[Failure]] = {}
        self._rate_limits: dict[str, _RateLimit] = {}
        self._response_url_uses: Counter[str] = Counter()
        self._expired_response_urls: set[str] = set()
        self._ts_seq = 0
        self._view_seq = 0
        self.files: dict[str, tuple[dict[str, Any], bytes]] = {}  # file id -> (files.info "file", content)
        self.opened_views: list[dict[str, Any]] = []  # modals opened with views.open, in order
        self._used_triggers: set[str] = set()
        self._runner: web.AppRunner | None = None
        self._stopping = asyncio.Event()
        self._changed = asyncio.Event()
        self._handlers: dict[str, Handler] = {
            "api.test": self._api_test,
            "auth.test": self._auth_test,
            "chat.postMessage": self._chat_post_message,
            "chat.postEphemeral": self._chat_post_ephemeral,
            "chat.update": self._chat_update,
            "chat.delete": self._chat_delete,
            "views.publish": self._views_publish,
            "views.open": self._views_open,
            "conversations.replies": self._conversations_replies,
            "conversations.history": self._conversations_history,
            "conversations.info": self._conversations_info,
            "users.info": self._users_info,
            "files.info": self._files_info,
            "usergroups.users.list": self._usergroups_users_list,
            "apps.connections.open": self._apps_connections_open,
        }

    # ------------------------------------------------------------------ lifecycle

    @property
    def root_url(self) -> str:
        """``http://127.0.0.1:PORT`` (no trailing slash)."""
        if self._runner is None:
            raise RuntimeError("FakeSlackAPI is not started")
        return f"http://{self.host}:{self.port}"

    @property
    def base_url(self) -> str:
        """What ``AsyncWebClient(base_url=...)`` takes: ``http://127.0.0.1:PORT/api/``.

        slack_sdk joins it with ``urljoin(base_url, method)``, so the trailing slash matters
        (the client adds one if missing).
        """
        return f"{self.root_url}/api/"

    def response_url(self, name: str = "default") -> str:
        """A ``response_url`` on this server: ``http://127.0.0.1:PORT/response/<name>``."""
        return f"{self.root_url}/response/{name}"

    @property
    def socket_mode_url(self) -> str | None:
        """The attached socket mode fake's URL, or None."""
        return self._socket_mode.url if self._socket_mode is not None else None

    def attach_socket_mode(self, socket_mode: FakeSocketMode | None) -> None:
        """Make ``apps.connections.open`` hand out ``socket_mode``'s URLs (None detaches)."""
        self._socket_mode = socket_mode

    async def start(self) -> "FakeSlackAPI":
        """Bind (port 0 = random) and serve; returns self."""
        self._stopping = asyncio.Event()
        app = web.Application(client_max_size=16 * 1024 * 1024)
        app.router.add_route("*", "/api/{method}", self._handle_api)
        app.router.add_post("/response/{name}", self._handle_response_url)
        app.router.add_get("/files-pri/{file_id}/{name}", self._handle_file_download)
        app.router.add_get("/_calls", self._ctl_calls)
        app.router.add_post("/_reset", self._ctl_reset)
        app.router.add_post("/_fail_next", self._ctl_fail_next)
        app.router.add_post("/_config", self._ctl_config)
        app.router.add_get("/_messages", self._ctl_messages)
        app.router.add_get("/_health", self._ctl_health)
        app.router.add_post("/_socket/envelope", self._ctl_socket_envelope)
        app.router.add_get("/_socket/acks", self._ctl_socket_acks)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        """Release hung requests (their connections are aborted) and stop serving."""
        self._stopping.set()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> "FakeSlackAPI":
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def reset(self) -> None:
        """Forget calls, posted messages, views, programmed failures and rate limits."""
        self.calls.clear()
        self.messages.clear()
        self.home_views.clear()
        self._failures.clear()
        self._rate_limits.clear()
        self._response_url_uses.clear()
        self._expired_response_urls.clear()

    # ------------------------------------------------------------------ programming

    def fail_next(
        self,
        method: str = ANY_METHOD,
        *,
        status: int | None = None,
        retry_after: int | None = None,
        error: str | None = None,
        hang: bool = False,
        reset: bool = False,
        after_post: bool = False,
        times: int = 1,
        skip: int = 0,
        body: str | None = None,
        content_type: str = "text/plain",
    ) -> None:
        """Queue a failure for the next ``times`` calls of ``method`` (``"*"``: any call).

        ``skip=n`` lets the next ``n`` matching calls through first. With ``status=`` a ``body``
        is answered as is with ``content_type`` (``"text/plain"``, ``"text/html"``) instead of
        Slack's JSON: its load balancers answer 5xx and 429 that way.

        Exactly one kind must be given:

        * ``status=429`` (answers ``{"ok": false, "error": "ratelimited"}`` with a
          ``Retry-After: <retry_after or 1>`` header) or any other HTTP status such as 500/503
          (JSON ``{"ok": false, "error": "internal_error"|"service_unavailable"|...}``);
        * ``error="channel_not_found"``: HTTP 200 with ``ok: false``;
        * ``hang=True``: never answer; the request is held until the client gives up
          (or the fake stops);
        * ``reset=True``: abort the TCP connection without answering.

        With ``after_post=True`` the call is processed first (the message is stored, gets a
        ``ts`` and shows up in ``conversations.replies``) and only then fails: Slack did the
        work but the client never saw the answer. Method-specific queues are consulted before
        the ``"*"`` queue; failures are used in the order queued. ``retry_after`` must be an
        integer: slack_sdk parses it with ``int()``.
        """
        kinds = sum([status is not None, error is not None, hang, reset])
        if kinds != 1:
            raise ValueError("give exactly one of status=, error=, hang=True, reset=True")
        if times < 1 or skip < 0:
            raise ValueError("times must be >= 1 and skip >= 0")
        if body is not None and status is None:
            raise ValueError("body= goes with status=")
        if status == 429 and retry_after is None:
            retry_after = 1
        self._failures.setdefault(method, []).append(
            Failure(
                status=status,
                retry_after=retry_after,
                error=error,
                hang=hang,
                reset=reset,
                after_post=after_post,
                times=times,
                skip=skip,
                body=body,
                content_type=content_type,
            )
        )

    def expire_response_url(self, name: str) -> None:
        """Make ``response_url(name)`` answer as Slack does after 30 minutes: 404 ``expired_url``."""
        self._expired_response_urls.add(name)

    def clear_failures(self) -> None:
        """Drop every queued failure."""
        self._failures.clear()

    def rate_limit(
        self,
        method: str,
        *,
        per_second: float,
        burst: int = 1,
        per_channel: bool = True,
        retry_after: int = 1,
    ) -> None:
        """Answer ``method`` with 429 once a token bucket (``per_second``, ``burst``) is empty.

        ``per_channel`` keeps one bucket per ``channel`` parameter, as Slack does for
        ``chat.postMessage`` (about 1 message per second per channel, short bursts tolerated).
        """
        self._rate_limits[method] = _RateLimit(
            rate=per_second, burst=float(burst), per_channel=per_channel, retry_after=retry_after
        )

    def add_message(
        self,
        channel: str,
        text: str,
        *,
        ts: str | None = None,
        thread_ts: str | None = None,
        user: str = "U061F7AUR",
        **fields: Any,
    ) -> dict[str, Any]:
        """Seed a message not posted through the API (e.g. the user's mention that starts a
        thread), so that ``conversations.replies`` returns it. Returns the stored message."""
        msg: dict[str, Any] = {"type": "message", "user": user, "text": text, "ts": ts or self._next_ts()}
        if thread_ts and thread_ts != msg["ts"]:
            msg["thread_ts"] = thread_ts
        msg.update(fields)
        self.messages.setdefault(channel, {})[msg["ts"]] = msg
        return msg

    # ------------------------------------------------------------------ inspection

    def calls_to(self, method: str, *, outcome: str | None = None) -> list[RecordedCall]:
        """Recorded calls of ``method`` (all attempts, or only those with ``outcome``)."""
        return [c for c in self.calls if c.method == method and (outcome is None or c.outcome == outcome)]

    async def wait_for(
        self,
        method: str,
        count: int = 1,
        timeout: float = 5,
        *,
        outcome: str | None = None,
    ) -> list[RecordedCall]:
        """Wait until at least ``count`` calls of ``method`` are recorded; returns them all.

        Raises ``asyncio.TimeoutError`` (with what was seen) after ``timeout`` seconds.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            found = self.calls_to(method, outcome=outcome)
            if len(found) >= count:
                return found
            remaining = deadline - loop.time()
            if remaining <= 0:
                seen = Counter(c.method for c in self.calls)
                raise asyncio.TimeoutError(
                    f"waited {timeout}s for {count} {method!r} call(s); got {len(found)}; all calls: {dict(seen)}"
                )
            try:
                await asyncio.wait_for(self._changed.wait(), remaining)
            except asyncio.TimeoutError:
                pass

    async def settle(self, quiet: float = 0.2, timeout: float = 5) -> list[RecordedCall]:
        """Wait until no call has arrived for ``quiet`` seconds; returns every call so far.

        For "and nothing else happened" checks: unlike a fixed sleep it keeps waiting while calls
        still come in. Raises ``asyncio.TimeoutError`` if calls keep coming for ``timeout`` seconds.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            try:
                await asyncio.wait_for(self._changed.wait(), quiet)
            except asyncio.TimeoutError:
                return list(self.calls)
            if loop.time() > deadline:
                raise asyncio.TimeoutError(f"calls kept coming for {timeout}s: {len(self.calls)} so far")

    def posted(self, channel: str | None = None) -> list[dict[str, Any]]:
        """Messages currently stored (posted or seeded), in ``ts`` order."""
        chans = [channel] if channel is not None else list(self.messages)
        msgs = [m for c in chans for m in self.messages.get(c, {}).values()]
        return sorted(msgs, key=lambda m: _ts_key(m["ts"]))

    def thread(self, channel: str, thread_ts: str) -> list[dict[str, Any]]:
        """Parent (if known) and replies of a thread, in ``ts`` order."""
        return [
            m
            for m in self.posted(channel)
            if m["ts"] == thread_ts or m.get("thread_ts") == thread_ts
        ]

    def counts(self) -> dict[str, int]:
        """Number of recorded calls per method (failed attempts included)."""
        return dict(Counter(c.method for c in self.calls))

    # ------------------------------------------------------------------ request handling

    def _record(self, call: RecordedCall) -> None:
        self.calls.append(call)
        self._changed.set()
        self._changed = asyncio.Event()

    def _next_ts(self) -> str:
        self._ts_seq += 1
        n = self._ts_seq * 100
        return f"{1700000000 + n // 1_000_000}.{n % 1_000_000:06d}"

    def _take_failure(self, method: str) -> Failure | None:
        for key in (method, ANY_METHOD):
            queue = self._failures.get(key)
            if queue:
                failure = queue[0]
                if failure.skip:
                    failure.skip -= 1
                    return None
                failure.times -= 1
                if failure.times <= 0:
                    queue.pop(0)
                return failure
        return None

    def _check_rate_limit(self, method: str, params: dict[str, Any]) -> Failure | None:
        limit = self._rate_limits.get(method)
        if limit is None:
            return None
        key = str(params.get("channel", "")) if limit.per_channel else ""
        if limit.take(key, time.monotonic()):
            return None
        return Failure(status=429, retry_after=limit.retry_after)

    async def _delay(self, method: str) -> None:
        delay = self.method_latency.get(method, self.latency)
        if delay > 0:
            await asyncio.sleep(delay)

    @staticmethod
    def _token(headers: dict[str, str]) -> str | None:
        auth = headers.get("Authorization") or headers.get("authorization")
        if not auth or not auth.startswith("Bearer "):
            return None
        return auth[len("Bearer ") :].strip() or None

    def _check_auth(self, method: str, token: str | None) -> None:
        if token is None:
            raise SlackError("not_authed")
        if method == "apps.connections.open":
            if not token.startswith("xapp-"):
                raise SlackError("not_allowed_token_type")
            return
        if not token.startswith(("xoxb-", "xoxp-")):
            raise SlackError("not_allowed_token_type" if token.startswith("xapp-") else "invalid_auth")
        if self.valid_tokens is not None and token not in self.valid_tokens:
            raise SlackError("invalid_auth")

    def _process(self, method: str, params: dict[str, Any], headers: dict[str, str]) -> tuple[dict[str, Any], bool]:
        """Run the method; returns (answer JSON, processed)."""
        handler = self._handlers.get(method)
        try:
            if handler is None:
                raise SlackError("unknown_method")
            token = self._token(headers)
            if method != "api.test":
                self._check_auth(method, token)
            return handler(params, token or ""), True
        except SlackError as e:
            return {"ok": False, "error": e.code, **e.extra}, False

    async def _handle_api(self, request: web.Request) -> web.StreamResponse:
        method = request.match_info["method"]
        return await self._handle(request, method, None)

    async def _handle_response_url(self, request: web.Request) -> web.StreamResponse:
        return await self._handle(request, RESPONSE_URL_METHOD, request.match_info["name"])

    async def _handle(self, request: web.Request, method: str, response_name: str | None) -> web.StreamResponse:
        arrived = time.time()
        headers = dict(request.headers)
        try:
            params = await _read_params(request)
        except ValueError:  # malformed JSON body; Slack answers invalid_json
            call = RecordedCall(method, {}, headers, arrived, outcome="error:invalid_json", response_name=response_name)
            call.response = {"ok": False, "error": "invalid_json"}
            self._record(call)
            return web.json_response(call.response)
        await self._delay(method)
        call = RecordedCall(method=method, params=params, headers=headers, time=arrived, response_name=response_name)

        failure = self._take_failure(method) or self._check_rate_limit(method, params)
        if failure is not None and not failure.after_post:
            call.outcome = failure.outcome
            self._record(call)
            return await self._fail(request, call, failure)

        if response_name is not None:
            if self._response_url_expired(response_name):
                # Slack answers an expired or used-up response_url with a plain-text 404.
                call.outcome, call.status, call.response = "status:404", 404, {"ok": False, "error": "expired_url"}
                self._record(call)
                return web.Response(text="expired_url", status=404, content_type="text/plain")
            answer, call.processed = self._response_url(response_name, params), True
        else:
            answer, call.processed = self._process(method, params, headers)
        call.response = answer
        extra_headers: dict[str, str] = {}
        if method == "auth.test" and answer.get("ok"):
            extra_headers["x-oauth-scopes"] = BOT_SCOPES
        if failure is not None:
            call.outcome = failure.outcome
            self._record(call)
            return await self._fail(request, call, failure)
        call.outcome = "ok" if answer.get("ok") else f"error:{answer.get('error')}"
        call.status = 200
        self._record(call)
        return web.json_response(answer, headers=extra_headers)

    async def _fail(self, request: web.Request, call: RecordedCall, failure: Failure) -> web.StreamResponse:
        if failure.hang:
            call.status = None
            await self._hold(request)
            return self._abort(request)
        if failure.reset:
            call.status = None
            return self._abort(request)
        if failure.status is not None:
            call.status = failure.status
            error = {429: "ratelimited", 503: "service_unavailable"}.get(failure.status, "internal_error")
            body = {"ok": False, "error": error}
            if call.response is None:
                call.response = body
            hdrs = {"Retry-After": str(failure.retry_after)} if failure.retry_after is not None else {}
            if failure.body is not None:
                return web.Response(text=failure.body, status=failure.status, headers=hdrs,
                                    content_type=failure.content_type)
            return web.json_response(body, status=failure.status, headers=hdrs)
        body = {"ok": False, "error": failure.error}
        if call.response is None:
            call.response = body
        return web.json_response(body)

    async def _hold(self, request: web.Request) -> None:
        """Wait until the client disconnects or the fake stops."""
        while not self._stopping.is_set():
            transport = request.transport
            if transport is None or transport.is_closing():
                return
            try:
                await asyncio.wait_for(self._stopping.wait(), 0.02)
            except asyncio.TimeoutError:
                pass

    @staticmethod
    def _abort(request: web.Request) -> web.StreamResponse:
        transport = request.transport
        if transport is not None:
            transport.abort()
        # Nothing can be written any more; aiohttp drops this quietly on a closed transport.
        return web.Response(status=204)

    # ------------------------------------------------------------------ methods

    def _api_test(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        return {"ok": True, "args": {k: v for k, v in params.items() if k != "token"}}

    def _auth_test(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        return {
            "ok": True,
            "url": f"https://{TEAM_DOMAIN}.slack.com/",
            "team": "Example Workspace",
            "user": "talkbot",
            "team_id": TEAM_ID,
            "user_id": BOT_USER_ID,
            "bot_id": BOT_ID,
            "is_enterprise_install": False,
        }

    def _bot_message(self, params: dict[str, Any], ts: str) -> dict[str, Any]:
        msg: dict[str, Any] = {
            "type": "message",
            "text": str(params.get("text") or "")[:_MAX_TEXT],
            "user": BOT_USER_ID,
            "bot_id": BOT_ID,
            "app_id": APP_ID,
            "team": TEAM_ID,
            "ts": ts,
            "bot_profile": {"id": BOT_ID, "app_id": APP_ID, "name": "talkbot", "team_id": TEAM_ID},
        }
        for name in ("blocks", "attachments", "metadata"):
            if params.get(name) is not None:
                msg[name] = params[name]
        return msg

    def _check_message_content(self, params: dict[str, Any], max_blocks: int = 50) -> None:
        blocks = params.get("blocks")
        if not params.get("text") and not blocks and not params.get("attachments"):
            raise SlackError("no_text")
        if blocks is not None:
            errors = validate_blocks(blocks, max_blocks)
            if errors:
                raise SlackError(
                    "invalid_blocks",
                    errors=errors,
                    response_metadata={"messages": [f"[ERROR] {e}" for e in errors]},
                )

    def _chat_post_message(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        channel = params.get("channel")
        if not channel:
            raise SlackError("channel_not_found")
        self._check_message_content(params)
        ts = self._next_ts()
        msg = self._bot_message(params, ts)
        thread_ts = params.get("thread_ts")
        if thread_ts:
            msg["thread_ts"] = str(thread_ts)
            parent = self.messages.get(str(channel), {}).get(str(thread_ts))
            msg["parent_user_id"] = parent.get("user", BOT_USER_ID) if parent else BOT_USER_ID
            if parent is not None:
                parent["thread_ts"] = parent["ts"]
                parent["reply_count"] = int(parent.get("reply_count", 0)) + 1
                parent["latest_reply"] = ts
        self.messages.setdefault(str(channel), {})[ts] = msg
        return {"ok": True, "channel": channel, "ts": ts, "message": dict(msg)}

    def _chat_post_ephemeral(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        if not params.get("channel"):
            raise SlackError("channel_not_found")
        if not params.get("user"):
            raise SlackError("user_not_in_channel")
        self._check_message_content(params)
        return {"ok": True, "message_ts": self._next_ts()}

    def _chat_update(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        channel, ts = str(params.get("channel") or ""), str(params.get("ts") or "")
        msg = self.messages.get(channel, {}).get(ts)
        if msg is None:
            raise SlackError("message_not_found")
        if params.get("blocks") is not None:
            errors = validate_blocks(params["blocks"], 50)
            if errors:
                raise SlackError("invalid_blocks", errors=errors)
        for name in ("text", "blocks", "attachments", "metadata"):
            if params.get(name) is not None:
                msg[name] = params[name]
        msg["edited"] = {"user": BOT_USER_ID, "ts": self._next_ts()}
        return {"ok": True, "channel": channel, "ts": ts, "text": msg.get("text", ""), "message": dict(msg)}

    def _chat_delete(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        channel, ts = str(params.get("channel") or ""), str(params.get("ts") or "")
        if self.messages.get(channel, {}).pop(ts, None) is None:
            raise SlackError("message_not_found")
        return {"ok": True, "channel": channel, "ts": ts}

    def _views_publish(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        user_id, view = params.get("user_id"), params.get("view")
        if not user_id:
            raise SlackError("invalid_arguments", response_metadata={"messages": ["[ERROR] missing user_id"]})
        if not isinstance(view, dict) or view.get("type") != "home":
            raise SlackError("invalid_arguments", response_metadata={"messages": ["[ERROR] view.type must be home"]})
        if len(json.dumps(view)) > 250_000:
            raise SlackError("view_too_large")
        errors = validate_blocks(view.get("blocks", []), 100)
        if errors:
            raise SlackError("invalid_arguments", response_metadata={"messages": [f"[ERROR] {e}" for e in errors]})
        self._view_seq += 1
        stored = {
            "id": f"V{self._view_seq:08d}",
            "team_id": TEAM_ID,
            "app_id": APP_ID,
            "bot_id": BOT_ID,
            "hash": f"{int(time.time())}.{self._view_seq:08d}",
            **view,
        }
        self.home_views[str(user_id)] = stored
        return {"ok": True, "view": stored}

    def _views_open(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        """A modal for a click's ``trigger_id``: each trigger works once (Slack: 3 s, one use)."""
        trigger, view = str(params.get("trigger_id") or ""), params.get("view")
        if not trigger or trigger in self._used_triggers or trigger.count(".") < 2:
            raise SlackError("invalid_trigger_id" if trigger else "invalid_arguments")
        if not isinstance(view, dict) or view.get("type") != "modal":
            raise SlackError("invalid_arguments", response_metadata={"messages": ["[ERROR] view.type must be modal"]})
        title = (view.get("title") or {}).get("text", "")
        if not title or len(title) > 24:
            raise SlackError("invalid_arguments",
                             response_metadata={"messages": ["[ERROR] title must be 1-24 characters"]})
        if len(str(view.get("private_metadata", ""))) > 3000 or len(str(view.get("callback_id", ""))) > 255:
            raise SlackError("invalid_arguments")
        errors = validate_blocks(view.get("blocks", []), 100)
        if errors:
            raise SlackError("invalid_arguments", response_metadata={"messages": [f"[ERROR] {e}" for e in errors]})
        self._used_triggers.add(trigger)
        self._view_seq += 1
        stored = {"id": f"V{self._view_seq:08d}", "team_id": TEAM_ID, "app_id": APP_ID, "bot_id": BOT_ID,
                  "state": {"values": {}}, "hash": f"{int(time.time())}.{self._view_seq:08d}", **view}
        self.opened_views.append(stored)
        return {"ok": True, "view": stored}

    def _page(self, msgs: list[dict[str, Any]], params: dict[str, Any], default_limit: int) -> dict[str, Any]:
        limit = int(params.get("limit") or default_limit) or default_limit
        start = int(params.get("cursor") or 0)
        page = msgs[start : start + limit]
        more = start + limit < len(msgs)
        return {
            "ok": True,
            "messages": page,
            "has_more": more,
            "response_metadata": {"next_cursor": str(start + limit) if more else ""},
        }

    def _visible(self, msg: dict[str, Any], params: dict[str, Any]) -> dict[str, Any]:
        out = dict(msg)
        if not _truthy(params.get("include_all_metadata")):
            out.pop("metadata", None)
        return out

    def _in_window(self, msg: dict[str, Any], params: dict[str, Any]) -> bool:
        inclusive = _truthy(params.get("inclusive"))
        key = _ts_key(msg["ts"])
        if params.get("oldest"):
            oldest = _ts_key(str(params["oldest"]))
            if key < oldest or (key == oldest and not inclusive):
                return False
        if params.get("latest"):
            latest = _ts_key(str(params["latest"]))
            if key > latest or (key == latest and not inclusive):
                return False
        return True

    def _conversations_replies(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        channel, ts = str(params.get("channel") or ""), str(params.get("ts") or "")
        if not channel:
            raise SlackError("channel_not_found")
        if not ts:
            raise SlackError("invalid_arguments")
        thread = self.thread(channel, ts)
        if not thread:
            raise SlackError("thread_not_found")
        msgs = [self._visible(m, params) for m in thread if self._in_window(m, params)]
        return self._page(msgs, params, 1000)

    def _conversations_history(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        channel = str(params.get("channel") or "")
        if not channel:
            raise SlackError("channel_not_found")
        top = [
            self._visible(m, params)
            for m in reversed(self.posted(channel))
            if m.get("thread_ts") in (None, m["ts"]) and self._in_window(m, params)
        ]
        return self._page(top, params, 100)

    def _conversations_info(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        channel = str(params.get("channel") or "")
        if not channel:
            raise SlackError("channel_not_found")
        info: dict[str, Any] = {
            "id": channel,
            "name": f"channel-{channel.lower()}",
            "is_channel": channel.startswith("C"),
            "is_group": channel.startswith("G"),
            "is_im": channel.startswith("D"),
            "is_private": channel.startswith("G"),
            "is_archived": False,
            "is_general": False,
            "is_member": True,
            "is_ext_shared": False,
            "created": 1449252889,
            "context_team_id": TEAM_ID,
        }
        info.update(self.channels.get(channel, {}))
        members = info.pop("num_members", 3)
        if _truthy(params.get("include_num_members")):
            info["num_members"] = members
        return {"ok": True, "channel": info}

    def add_file(self, name: str, content: bytes, *, size: int | None = None,
                 user: str = "U0USER0001") -> dict[str, Any]:
        """A file someone uploaded, as Slack describes it (``files.info``'s ``file``); its
        ``url_private_download`` serves ``content`` on this server to a request with a bot token.
        ``size`` overrides the size Slack reports (to test a limit without sending the bytes)."""
        file_id = f"F{len(self.files) + 1:08d}"
        url = f"{self.root_url}/files-pri/{file_id}/{name}"
        info = {"id": file_id, "created": int(time.time()), "timestamp": int(time.time()), "name": name,
                "title": name, "mimetype": "text/plain", "filetype": "text", "pretty_type": "Plain Text",
                "user": user, "mode": "hosted", "editable": True, "is_external": False, "external_type": "",
                "size": len(content) if size is None else size, "url_private": url,
                "url_private_download": url + "?download=1", "is_public": False}
        self.files[file_id] = (info, content)
        return dict(info)

    def _files_info(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        found = self.files.get(str(params.get("file") or ""))
        if found is None:
            raise SlackError("file_not_found")
        return {"ok": True, "file": dict(found[0]), "comments": [], "response_metadata": {"next_cursor": ""}}

    async def _handle_file_download(self, request: web.Request) -> web.StreamResponse:
        """``url_private_download``: the file's bytes for a valid bot token; else Slack's login page."""
        headers = dict(request.headers)
        call = RecordedCall(FILE_DOWNLOAD, {"file": request.match_info["file_id"]}, headers, time.time())
        found = self.files.get(request.match_info["file_id"])
        try:
            self._check_auth(FILE_DOWNLOAD, self._token(headers))
        except SlackError:
            found = None  # Slack answers an unauthenticated download with its HTML sign-in page
            call.outcome = "error:not_authed"
        if found is None:
            call.status = 200 if call.outcome != "ok" else 404
            self._record(call)
            if call.outcome != "ok":
                return web.Response(text="<html><body>Sign in to Slack</body></html>", content_type="text/html")
            return web.Response(text="not found", status=404)
        self._record(call)
        return web.Response(body=found[1], content_type="text/plain")

    def _users_info(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        user_id = str(params.get("user") or "")
        if not user_id or (user_id in self.users and self.users[user_id] is None):
            raise SlackError("user_not_found")
        user: dict[str, Any] = {
            "id": user_id,
            "team_id": TEAM_ID,
            "name": user_id.lower(),
            "deleted": False,
            "real_name": f"User {user_id}",
            "tz": "Europe/Berlin",
            "is_admin": False,
            "is_owner": False,
            "is_primary_owner": False,
            "is_restricted": False,
            "is_ultra_restricted": False,
            "is_bot": False,
            "is_app_user": False,
            "updated": 1502138686,
            "profile": {"real_name": f"User {user_id}", "display_name": user_id.lower(), "team": TEAM_ID},
        }
        user.update(self.users.get(user_id) or {})
        return {"ok": True, "user": user}

    def _usergroups_users_list(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        group = str(params.get("usergroup") or "")
        if group not in self.usergroups:
            raise SlackError("no_such_subteam")
        return {"ok": True, "users": list(self.usergroups[group])}

    def _apps_connections_open(self, params: dict[str, Any], token: str) -> dict[str, Any]:
        if self._socket_mode is None:
            raise SlackError("internal_error", detail="no socket mode fake attached")
        return {"ok": True, "url": self._socket_mode.issue_url()}

    def _response_url_expired(self, name: str) -> bool:
        return name in self._expired_response_urls or self._response_url_uses[name] >= _RESPONSE_URL_USES

    def _response_url(self, name: str, body: dict[str, Any]) -> dict[str, Any]:
        self._response_url_uses[name] += 1
        return {"ok": True}

    # ------------------------------------------------------------------ control endpoints

    async def _ctl_calls(self, request: web.Request) -> web.Response:
        method = request.query.get("method")
        since = int(request.query.get("since", "0"))
        calls = [c.to_json() for c in self.calls[since:] if method is None or c.method == method]
        return web.json_response({"ok": True, "total": len(self.calls), "calls": calls})

    async def _ctl_reset(self, request: web.Request) -> web.Response:
        self.reset()
        return web.json_response({"ok": True})

    async def _ctl_fail_next(self, request: web.Request) -> web.Response:
        try:
            self.fail_next(**(await request.json()))
        except (TypeError, ValueError) as e:
            return web.json_response({"ok": False, "error": str(e)}, status=400)
        return web.json_response({"ok": True})

    async def _ctl_config(self, request: web.Request) -> web.Response:
        body = await request.json()
        if "latency" in body:
            self.latency = float(body["latency"])
        for method, spec in (body.get("rate_limits") or {}).items():
            self.rate_limit(method, **spec)
        return web.json_response({"ok": True, "latency": self.latency})

    async def _ctl_messages(self, request: web.Request) -> web.Response:
        return web.json_response({"ok": True, "messages": self.posted(request.query.get("channel"))})

    async def _ctl_health(self, request: web.Request) -> web.Response:
        return web.json_response(
            {"ok": True, "base_url": self.base_url, "socket_mode_url": self.socket_mode_url}
        )

    async def _ctl_socket_envelope(self, request: web.Request) -> web.Response:
        if self._socket_mode is None:
            return web.json_response({"ok": False, "error": "no_socket_mode"}, status=400)
        envelope_id = await self._socket_mode.send_envelope(await request.json())
        return web.json_response({"ok": True, "envelope_id": envelope_id})

    async def _ctl_socket_acks(self, request: web.Request) -> web.Response:
        if self._socket_mode is None:
            return web.json_response({"ok": False, "error": "no_socket_mode"}, status=400)
        sm = self._socket_mode
        acks = [{"ack": a, "time": sm.ack_times.get(eid)} for eid, a in sm.acks.items()]
        return web.json_response({"ok": True, "acks": acks})


# ---------------------------------------------------------------------------- CLI


async def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    latency: float = 0.0,
    socket_mode: bool = False,
    out: Callable[[str], Any] = print,
    ready: Callable[[FakeSlackAPI], Awaitable[None]] | None = None,
) -> dict[str, int]:
    """Serve until SIGTERM/SIGINT; prints the base URL, then the per-method call counts."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    sock = FakeSocketMode(host=host) if socket_mode else None
    if sock is not None:
        await sock.start()
    fake = FakeSlackAPI(host=host, port=port, latency=latency, socket_mode=sock)
    await fake.start()
    try:
        out(fake.base_url)
        if ready is not None:
            await ready(fake)
        await stop.wait()
        counts = fake.counts()
        out(json.dumps(counts, sort_keys=True))
        return counts
    finally:
        await fake.stop()
        if sock is not None:
            await sock.stop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m tests.fakes.slack_api``."""
    parser = argparse.ArgumentParser(prog="python -m tests.fakes.slack_api", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added to every call")
    parser.add_argument("--socket-mode", action="store_true", help="also run a fake Socket Mode server")
    args = parser.parse_args(argv)

    def out(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    asyncio.run(serve(host=args.host, port=args.port, latency=args.latency, socket_mode=args.socket_mode, out=out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
