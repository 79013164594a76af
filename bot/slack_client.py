"""Every Slack Web API client the bot builds, and the response_url poster: timeouts, retries, and
failures named without secrets."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any, Protocol
from urllib.parse import urlsplit

import aiohttp
from slack_sdk.errors import SlackApiError, SlackClientError
from slack_sdk.http_retry.async_handler import AsyncRetryHandler
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
    AsyncServerErrorRetryHandler,
)
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse
from slack_sdk.webhook import WebhookResponse
from slack_sdk.webhook.async_client import AsyncWebhookClient

from .log_format import response_url_logger
from .metrics import Metrics
from .settings import Settings

log = logging.getLogger(__name__)
WEB_API_TIMEOUT = 10  # seconds; Slack answers in well under a second when healthy
MAX_RETRY_AFTER_SECONDS = 60  # never sleep longer than this on one 429, so a digest lease stays renewed in time


class ResponseUrlError(SlackClientError):
    """Slack did not take a message posted to a ``response_url`` (after the client's retries)."""


class LogGiveUp(AsyncRetryHandler):
    """Last of a client's retry handlers: asked only when no other handler retries, so it logs each give-up."""

    async def can_retry_async(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        failure = None
        if error is not None:
            failure = type(error).__name__
        elif response is not None and response.status_code >= 400:
            failure = f"status {response.status_code}"
        if failure is not None:
            log.warning("slack call gave up call=%s attempts=%d failure=%s", _call_name(request.url),
                        state.current_attempt + 1, failure)
        return False


def _call_name(url: str) -> str:
    """The Web API method of a call; a response_url is a capability, so it is never logged."""
    path = urlsplit(url).path
    return path.rsplit("/", 1)[-1] if "/api/" in path else "response_url"


class CountFailures(AsyncRetryHandler):
    """Last of a client's retry handlers, never retrying: counts each call that failed for good, by method and code.

    Bolt builds a client per request from the app's client with a copy of its handler list, so this
    sees the calls of ``say`` and ``client`` in listeners too.
    """

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(max_retry_count=0)
        self.metrics = metrics

    async def can_retry_async(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        body = response.body if response is not None and isinstance(response.body, dict) else {}
        if error is not None:
            self.metrics.count_slack_error(_call_name(request.url), type(error).__name__)
        elif response is not None and (response.status_code >= 400 or body.get("ok") is False):
            code = body.get("error")
            self.metrics.count_slack_error(_call_name(request.url),
                                           code if isinstance(code, str) else f"http_{response.status_code}")
        return False


def build_client(settings: Settings, session: aiohttp.ClientSession | None = None,
                 metrics: Metrics | None = None) -> AsyncWebClient:
    """A Web API client that retries connection errors, 429 (Retry-After) and 5xx, and logs when it gives up.

    With ``session`` every call (and every response_url answer) reuses its connection pool; without
    one, slack_sdk opens a new connection per call. With ``metrics`` it counts calls that failed.
    """
    token = settings.slack_bot_token.reveal() if settings.slack_bot_token else None
    return AsyncWebClient(
        token=token,
        base_url=settings.slack_api_url,
        timeout=WEB_API_TIMEOUT,
        session=session,
        retry_handlers=[
            AsyncConnectionErrorRetryHandler(max_retry_count=2),
            AsyncRateLimitErrorRetryHandler(max_retry_count=3),
            AsyncServerErrorRetryHandler(max_retry_count=2),
            LogGiveUp(),
            *([CountFailures(metrics)] if metrics is not None else []),
        ],
    )


class RetryAfterHandler(AsyncRetryHandler):
    """Retries a 429 after its ``Retry-After`` seconds (capped), plus a little jitter."""

    def __init__(self, max_retry_count: int = 3, *, jitter_seconds: float = 0.5,
                 max_wait_seconds: float = MAX_RETRY_AFTER_SECONDS) -> None:
        super().__init__(max_retry_count)
        self.jitter_seconds = jitter_seconds
        self.max_wait_seconds = max_wait_seconds

    async def _can_retry_async(self, *, state: RetryState, request: HttpRequest,
                               response: HttpResponse | None = None, error: Exception | None = None) -> bool:
        return response is not None and response.status_code == 429

    async def prepare_for_next_attempt_async(self, *, state: RetryState, request: HttpRequest,
                                             response: HttpResponse | None = None,
                                             error: Exception | None = None) -> None:
        """Sleep for Retry-After, then let the client send the request again."""
        state.next_attempt_requested = True
        headers = {key.lower(): value for key, value in (response.headers if response else {}).items()}
        raw = headers.get("retry-after", ["1"])
        raw = raw[0] if isinstance(raw, list) else raw
        try:
            wait = float(raw)
        except (TypeError, ValueError):
            wait = 1.0
        await asyncio.sleep(min(max(wait, 0.0), self.max_wait_seconds) + random.random() * self.jitter_seconds)
        state.increment_current_attempt()


def posting_client(client: AsyncWebClient, *, rate_limit_retries: int = 3, jitter_seconds: float = 0.5,
                   timeout: float | None = None) -> AsyncWebClient:
    """A client like ``client`` that retries only 429s: a blind retry after a reset or a 5xx can post twice.

    The digest poster uses it; it looks in Slack for a maybe-posted message before sending it again.
    """
    return AsyncWebClient(
        token=client.token,
        base_url=client.base_url,
        timeout=client.timeout if timeout is None else timeout,  # type: ignore[arg-type] # aiohttp takes floats
        retry_handlers=[RetryAfterHandler(rate_limit_retries, jitter_seconds=jitter_seconds),
                        *(h for h in client.retry_handlers if isinstance(h, CountFailures))],
        logger=client.logger,
        session=client.session,  # the process's connection pool, when it has one
    )


def lookup_client(client: AsyncWebClient, *, timeout: float = 5.0) -> AsyncWebClient:
    """A client like ``client`` for permission lookups: one retry of a connection error, nothing else.

    A lookup that meets a 429 or a 5xx denies at once with "try again" instead of holding the person
    for Retry-After seconds; the permission check logs that failure once (no ``LogGiveUp`` here).
    """
    return AsyncWebClient(
        token=client.token,
        base_url=client.base_url,
        timeout=int(timeout),
        retry_handlers=[AsyncConnectionErrorRetryHandler(max_retry_count=1)],
        logger=client.logger,
        session=client.session,
    )


def tokenless_twin(client: AsyncWebClient) -> AsyncWebClient:
    """``client`` without its token, for bolt: bolt then takes the token from ``authorize`` for each request."""
    return AsyncWebClient(token=None, base_url=client.base_url, timeout=client.timeout, ssl=client.ssl,
                          proxy=client.proxy, session=client.session, trust_env_in_session=client.trust_env_in_session,
                          headers=client.headers, logger=client.logger, retry_handlers=client.retry_handlers)


def socket_mode_client(settings: Settings) -> AsyncWebClient:
    """The client Socket Mode opens its connection with (``apps.connections.open``, app token, SLACK_API_URL)."""
    return AsyncWebClient(base_url=settings.slack_api_url, timeout=WEB_API_TIMEOUT)


class Respond(Protocol):
    """What listeners call as ``respond``: ``RetryingRespond`` (set by the app's middleware)."""

    async def __call__(self, text: str = "", **fields: Any) -> Any: ...


class RetryingRespond:
    """``respond()`` over ``response_url`` with the Web API client's timeout and retry handlers.

    Bolt's own ``respond()`` retries one connection error and returns 429 and 5xx answers without
    raising, so an answer Slack never took would have counted as delivered.
    """

    def __init__(self, response_url: str, client: AsyncWebClient, *, channel: str | None = None,
                 user: str | None = None) -> None:
        self.response_url = response_url
        self._client = client
        self._channel = channel  # where the request came from, for when the response_url has expired
        self._user = user

    async def __call__(self, text: str = "", **fields: Any) -> WebhookResponse | AsyncSlackResponse:
        webhook = AsyncWebhookClient(self.response_url, timeout=self._client.timeout, proxy=self._client.proxy,
                                     session=self._client.session, logger=response_url_logger(),
                                     ssl=self._client.ssl, retry_handlers=self._client.retry_handlers)
        try:
            response = await webhook.send_dict({"text": text, **fields})
        except (aiohttp.ClientError, asyncio.TimeoutError) as error:
            # Named as a response_url failure so the error handler does not try that same URL again.
            raise ResponseUrlError(f"response_url unreachable ({type(error).__name__})") from error
        if response.status_code == 404 and self._channel and self._user:
            # Expired (30 minutes) or used up (5 answers): Slack answers 404 expired_url. The Web API
            # still reaches the same person in the same place.
            log.info("response_url expired (%s); answering through the Web API instead", response.body[:40])
            return await self._post_instead(text, fields)
        if response.status_code != 200 or _says_not_ok(response.body):
            raise ResponseUrlError(f"response_url answered {response.status_code} {response.body[:100]!r}")
        return response

    async def _post_instead(self, text: str, fields: dict[str, Any]) -> AsyncSlackResponse:
        assert self._channel and self._user
        message = {key: value for key, value in fields.items()
                   if key not in ("response_type", "replace_original", "delete_original")}
        if fields.get("response_type") == "in_channel":
            return await self._client.chat_postMessage(channel=self._channel, text=text, **message)
        return await self._client.chat_postEphemeral(channel=self._channel, user=self._user, text=text, **message)


def _says_not_ok(body: str) -> bool:
    try:
        answer = json.loads(body)
    except ValueError:
        return False  # Slack answers a plain "ok"
    return isinstance(answer, dict) and answer.get("ok") is False


# Slack or the network failing after the client's retries: expected on bad days, logged without a traceback.
SLACK_FAILURES = (SlackClientError, aiohttp.ClientError, asyncio.TimeoutError)


def error_code(error: SlackApiError) -> str:
    """Slack's error code (``channel_not_found``), or "" when the answer carried none.

    Slack's edge answers 5xx and 429 with text/plain or HTML bodies: slack_sdk then holds a str
    (or nothing) where the JSON would be, and ``response.get("error")`` raises.
    """
    data = getattr(error.response, "data", None)
    code = data.get("error") if isinstance(data, dict) else None
    return str(code) if code else ""


def http_status(error: SlackApiError) -> int:
    """The HTTP status of a failed call (0 if unknown; slack_sdk sometimes keeps aiohttp's response)."""
    response = error.response
    status = getattr(response, "status_code", None) or getattr(response, "status", None)
    return status if isinstance(status, int) else 0


def describe_failure(error: BaseException) -> str:
    """A one-line description of a failure, without URLs (a response_url is a capability)."""
    if isinstance(error, SlackApiError) and error.response is not None:
        return f"SlackApiError(status={http_status(error)} error={error_code(error) or 'none'})"
    if isinstance(error, ResponseUrlError):
        return f"ResponseUrlError({error})"
    return type(error).__name__
