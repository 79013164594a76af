"""Building the bolt app from its parts; nothing happens at import time."""

from __future__ import annotations

import logging
import re
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.logger.messages import warning_client_prioritized_and_token_skipped
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse
from slack_sdk.web.async_client import AsyncWebClient

from handlers.blocks import escape
from store.db import Store
from store.state import BotState, Workspace

from . import listeners
from .bolt_middleware import Next, RequestMiddleware
from .digest_poster import ChannelPacer
from .identity import UNCONFIRMED_TEXT
from .listeners.commands import KNOWN_COMMANDS
from .listeners.request_log import logged, request_scope
from .log_format import BOLT_LOGGER
from .metrics import Metrics
from .services import Services, build_services
from .settings import Settings
from .slack_client import (
    SLACK_FAILURES,
    Respond,
    ResponseUrlError,
    RetryingRespond,
    build_client,
    describe_failure,
    tokenless_twin,
)

log = logging.getLogger(__name__)


class _SameTokenNotice(logging.Filter):
    """Drops bolt's start-up warning that the token "will be unused".

    Bolt reads SLACK_BOT_TOKEN from the environment by itself and warns because we also pass a
    client; that client was built from the very same setting, so the warning only alarms admins.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != warning_client_prioritized_and_token_skipped()


SORRY = "Sorry, something went wrong on my side. Please try again in a moment."


def _bolt_logger() -> logging.Logger:
    logger = logging.getLogger(BOLT_LOGGER)
    if not any(isinstance(f, _SameTokenNotice) for f in logger.filters):
        logger.addFilter(_SameTokenNotice())
    return logger


def build_app(
    settings: Settings,
    store: Store,
    state: BotState,
    client: AsyncWebClient | None = None,
    *,
    pacer: ChannelPacer | None = None,
    metrics: Metrics | None = None,
) -> tuple[AsyncApp, Services]:
    """The bolt app with every listener registered, and the services it uses."""
    metrics = metrics or Metrics()
    client = client or build_client(settings, metrics=metrics)
    signing_secret = settings.slack_signing_secret.reveal() if settings.slack_signing_secret else "socket-mode"
    services = build_services(settings, store, state, client, pacer, metrics)
    app = AsyncApp(
        # Bolt takes the token from `authorize` (the identity Slack confirmed) instead of calling auth.test
        # on the first request and telling users to reinstall when that one call fails (bot/identity.py).
        client=tokenless_twin(client),
        authorize=services.identity.authorizer(),
        before_authorize=services.identity.middleware(),
        user_facing_authorize_error_message=UNCONFIRMED_TEXT,
        signing_secret=signing_secret,
        # Socket Mode has no signatures to check; HTTP mode must always verify them.
        request_verification_enabled=settings.slack_signing_secret is not None,
        logger=_bolt_logger(),
    )
    app.use(request_scope(services.metrics))

    async def respond_with_retries(request: AsyncBoltRequest, next: Next) -> BoltResponse | None:  # noqa: A002
        """Give listeners (and the error handler) a ``respond()`` that retries and raises on failure."""
        context = request.context
        if context.response_url:
            context["respond"] = RetryingRespond(context.response_url, client, channel=context.channel_id,
                                                 user=context.user_id)
        return await next()

    async def note_rate_limited_events(request: AsyncBoltRequest, next: Next) -> BoltResponse | None:  # noqa: A002
        """Slack drops this app's events for a minute when it falls behind, and says so once; a 200 is all it needs."""
        body = request.body
        if body.get("type") == "app_rate_limited":
            log.warning("Slack is not delivering events to this app for the minute starting %s (app_rate_limited)",
                        body.get("minute_rate_limited"))
            return BoltResponse(status=200, body="")
        return await next()

    async def answer_each_event_once(request: AsyncBoltRequest, next: Next) -> BoltResponse | None:  # noqa: A002
        """Slack re-sends deliveries it thinks failed; answer each ``event_id`` once."""
        body, context = request.body, request.context
        event_id = body.get("event_id") if body.get("type") == "event_callback" else None
        if event_id and not await state.first_sighting(event_id, Workspace(context.team_id or "",
                                                                           context.enterprise_id)):
            log.info("duplicate event ignored event_id=%s", event_id)
            return BoltResponse(status=200, body="")
        return await next()

    for process in (respond_with_retries, note_rate_limited_events, answer_each_event_once):
        app.use(RequestMiddleware(process))

    listeners.register(app, services)

    # Registered after every group, for commands nobody else handles (the manifest and this version
    # disagree). Bolt's 404 makes Slack show the user a bare "failed" error; an ephemeral "I don't
    # know /x" in the HTTP response itself is kinder and costs no Slack call.
    @app.command(re.compile(rf"^(?!(?:{'|'.join(map(re.escape, KNOWN_COMMANDS))})$)"))
    @logged("unknown_command")
    async def unknown_command(ack: AsyncAck, command: dict[str, Any]) -> None:
        name = escape(str(command.get("command", ""))[:50])
        known = ", ".join(f"`{known}`" for known in KNOWN_COMMANDS)
        await ack(response_type="ephemeral", text=f"I don't know `{name}`. I understand {known}.")

    @app.error
    async def on_error(error: Exception, body: dict[str, Any], respond: Respond) -> None:
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
