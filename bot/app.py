"""Building the bolt app from its parts; nothing happens at import time."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from slack_bolt.async_app import AsyncApp
from slack_bolt.response import BoltResponse
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
    AsyncServerErrorRetryHandler,
)
from slack_sdk.web.async_client import AsyncWebClient

from store.db import Store
from store.state import BotState

from .listeners import actions, commands, events
from .posting import ChannelPacer, DigestPoster
from .settings import Settings

log = logging.getLogger(__name__)
WEB_API_TIMEOUT = 10  # seconds; Slack answers in well under a second when healthy


@dataclass
class Services:
    """What listeners need, passed explicitly instead of living in module globals."""

    store: Store
    state: BotState
    poster: DigestPoster
    settings: Settings


def build_client(settings: Settings) -> AsyncWebClient:
    """A Web API client that retries connection errors, 429 (Retry-After) and 5xx."""
    token = settings.slack_bot_token.reveal() if settings.slack_bot_token else None
    return AsyncWebClient(
        token=token,
        base_url=settings.slack_api_url,
        timeout=WEB_API_TIMEOUT,
        retry_handlers=[
            AsyncConnectionErrorRetryHandler(max_retry_count=2),
            AsyncRateLimitErrorRetryHandler(max_retry_count=3),
            AsyncServerErrorRetryHandler(max_retry_count=2),
        ],
    )


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
    services = Services(store, state, DigestPoster(client, state, pacer or ChannelPacer()), settings)

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

    @app.error
    async def on_error(error: Exception, body: dict, respond) -> None:
        kind = body.get("command") or body.get("type") or "request"
        log.error("listener failed kind=%s error=%s", kind, type(error).__name__, exc_info=error)
        if body.get("response_url"):
            await respond(text="Sorry, something went wrong on my side. Please try again in a moment.",
                          response_type="ephemeral", replace_original=False)

    return app, services
