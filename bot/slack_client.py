"""The Slack Web API client and response_url poster: timeouts, retries, and failures named without secrets."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any
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
from slack_sdk.webhook import WebhookResponse
from slack_sdk.webhook.async_client import AsyncWebhookClient

from .settings import Settings

log = logging.getLogger(__name__)
WEB_API_TIMEOUT = 10  # seconds; Slack answers in well under a second when healthy


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
        if error is not None or (response is not None and response.status_code >= 400):
            failure = type(error).__name__ if error is not None else f"status {response.status_code}"
            log.warning("slack call gave up call=%s attempts=%d failure=%s", _call_name(request.url),
                        state.current_attempt + 1, failure)
        return False


def _call_name(url: str) -> str:
    """The Web API method of a call; a response_url is a capability, so it is never logged."""
    path = urlsplit(url).path
    return path.rsplit("/", 1)[-1] if "/api/" in path else "response_url"


def build_client(settings: Settings, session: aiohttp.ClientSession | None = None) -> AsyncWebClient:
    """A Web API client that retries connection errors, 429 (Retry-After) and 5xx, and logs when it gives up.

    With ``session`` every call (and every response_url answer) reuses its connection pool; without
    one, slack_sdk opens a new connection per call.
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
        ],
    )


class RetryingRespond:
    """``respond()`` over ``response_url`` with the Web API client's timeout and retry handlers.

    Bolt's own ``respond()`` retries one connection error and returns 429 and 5xx answers without
    raising, so an answer Slack never took would have counted as delivered.
    """

    def __init__(self, response_url: str, client: AsyncWebClient) -> None:
        self.response_url = response_url
        self._client = client

    async def __call__(self, text: str = "", **fields: Any) -> WebhookResponse:
        webhook = AsyncWebhookClient(self.response_url, timeout=self._client.timeout, proxy=self._client.proxy,
                                     session=self._client.session,
                                     ssl=self._client.ssl, retry_handlers=self._client.retry_handlers)
        try:
            response = await webhook.send_dict({"text": text, **fields})
        except (aiohttp.ClientError, asyncio.TimeoutError) as error:
            # Named as a response_url failure so the error handler does not try that same URL again.
            raise ResponseUrlError(f"response_url unreachable ({type(error).__name__})") from error
        if response.status_code != 200 or _says_not_ok(response.body):
            raise ResponseUrlError(f"response_url answered {response.status_code} {response.body[:100]!r}")
        return response


def _says_not_ok(body: str) -> bool:
    try:
        answer = json.loads(body)
    except ValueError:
        return False  # Slack answers a plain "ok"
    return isinstance(answer, dict) and answer.get("ok") is False


# Slack or the network failing after the client's retries: expected on bad days, logged without a traceback.
SLACK_FAILURES = (SlackClientError, aiohttp.ClientError, asyncio.TimeoutError)


def describe_failure(error: BaseException) -> str:
    """A one-line description of a failure, without URLs (a response_url is a capability)."""
    if isinstance(error, SlackApiError) and error.response is not None:
        return f"SlackApiError(status={error.response.status_code} error={error.response.get('error')})"
    if isinstance(error, ResponseUrlError):
        return f"ResponseUrlError({error})"
    return type(error).__name__
