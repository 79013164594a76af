"""Building the bolt app from its parts; nothing happens at import time."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from slack_bolt.async_app import AsyncApp
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.response import BoltResponse
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

from handlers.blocks import escape
from store.db import Store
from store.state import BotState

from .listeners import actions, commands, events, logged
from .posting import ChannelPacer
from .settings import Settings

log = logging.getLogger(__name__)
WEB_API_TIMEOUT = 10  # seconds; Slack answers in well under a second when healthy


@dataclass
class Services:
    """What listeners need, passed explicitly instead of living in module globals."""

    store: Store
    state: BotState
    client: AsyncWebClient
    pacer: ChannelPacer  # shared, so every digest in a channel keeps to its rate limit
    settings: Settings


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


def build_client(settings: Settings) -> AsyncWebClient:
    """A Web API client that retries connection errors, 429 (Retry-After) and 5xx, and logs when it gives up."""
    token = settings.slack_bot_token.reveal() if settings.slack_bot_token else None
    return AsyncWebClient(
        token=token,
        base_url=settings.slack_api_url,
        timeout=WEB_API_TIMEOUT,
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
SORRY = "Sorry, something went wrong on my side. Please try again in a moment."
KNOWN_COMMANDS = ("/define", "/talk", "/digest")  # the manifest's commands, registered in listeners.commands


def describe_failure(error: BaseException) -> str:
    """A one-line description of a failure, without URLs (a response_url is a capability)."""
    if isinstance(error, SlackApiError) and error.response is not None:
        return f"SlackApiError(status={error.response.status_code} error={error.response.get('error')})"
    if isinstance(error, ResponseUrlError):
        return f"ResponseUrlError({error})"
    return type(error).__name__


def build_app(
    settings: Settings,
    store: Store,
    state: BotState,
    client: AsyncWebClient | None = None,
    *,
    pacer: ChannelPacer | None = None,
) -> tuple[AsyncApp, Services]:
    """The bolt app with every listener registered, and the services it uses."""
    client = client or build_client(settings)
    signing_secret = settings.slack_signing_secret.reveal() if settings.slack_signing_secret else "socket-mode"
    app = AsyncApp(
        client=client,
        signing_secret=signing_secret,
        # Socket Mode has no signatures to check; HTTP mode must always verify them.
        request_verification_enabled=settings.slack_signing_secret is not None,
        logger=logging.getLogger("talkbot.bolt"),
    )
    services = Services(store, state, client, pacer or ChannelPacer(), settings)

    @app.middleware
    async def respond_with_retries(context: AsyncBoltContext, next) -> BoltResponse | None:  # noqa: A002
        """Give listeners (and the error handler) a ``respond()`` that retries and raises on failure."""
        if context.response_url:
            context["respond"] = RetryingRespond(context.response_url, client)
        return await next()

    @app.middleware
    async def answer_each_event_once(body: dict, next) -> BoltResponse | None:  # noqa: A002 - bolt's name
        """Slack re-sends deliveries it thinks failed; answer each ``event_id`` once."""
        event_id = body.get("event_id") if body.get("type") == "event_callback" else None
        if event_id and not await state.first_sighting(event_id):
            log.info("duplicate event ignored event_id=%s", event_id)
            return BoltResponse(status=200, body="")
        return await next()

    commands.register(app, services)
    actions.register(app, services)
    events.register(app, services)

    # Registered after every group, for commands nobody else handles (the manifest and this version
    # disagree). Bolt's 404 makes Slack show the user a bare "failed" error; an ephemeral "I don't
    # know /x" in the HTTP response itself is kinder and costs no Slack call.
    @app.command(re.compile(rf"^(?!(?:{'|'.join(map(re.escape, KNOWN_COMMANDS))})$)"))
    @logged("unknown_command")
    async def unknown_command(ack, command: dict) -> None:
        name = escape(str(command.get("command", ""))[:50])
        known = ", ".join(f"`{known}`" for known in KNOWN_COMMANDS)
        await ack(response_type="ephemeral", text=f"I don't know `{name}`. I understand {known}.")

    @app.error
    async def on_error(error: Exception, body: dict, respond) -> None:
        """Log a failed listener once, and tell the user when the request came with a response_url."""
        kind = body.get("command") or body.get("type") or "request"
        if isinstance(error, SLACK_FAILURES):
            log.warning("gave up answering kind=%s error=%s", kind, describe_failure(error))
        else:
            log.error("listener failed kind=%s error=%s", kind, type(error).__name__, exc_info=error)
        if not body.get("response_url") or isinstance(error, ResponseUrlError):
            return  # nowhere to say sorry, or that very channel just failed
        try:
            await respond(text=SORRY, response_type="ephemeral", replace_original=False)
        except SLACK_FAILURES as failure:  # bolt runs this handler in a detached task: it must not raise
            log.warning("could not tell the user kind=%s error=%s", kind, describe_failure(failure))

    return app, services
