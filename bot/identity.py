"""Who the bot is in Slack (``auth.test``): checked at start-up, then handed to bolt for every request.

Bolt's own single-workspace authorization calls ``auth.test`` on the first request and, if that
fails once (a 500, a transient ``invalid_auth``), tells the user their installation "is no longer
available. Please reinstall" and drops mentions silently. Here the answer is kept once Slack gave
it; until then each request asks again (with the client's retries and one more try), and a request
that still cannot be authorized gets a "try again" (slash commands) or a 503, so that Slack
delivers the event again (events, Socket Mode envelopes are left unacknowledged for the same reason).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from slack_bolt.authorization import AuthorizeResult
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse
from slack_sdk.web.async_client import AsyncWebClient

from .bolt_middleware import Next, RequestMiddleware
from .slack_client import SLACK_FAILURES, describe_failure

log = logging.getLogger(__name__)
RETRY_DELAY_SECONDS = 0.5  # one more try after the client's own retries: Slack's auth hiccups are short
UNCONFIRMED_TEXT = ("Slack did not confirm my access just now, so I could not answer. Please try again in a minute; "
                    "if it keeps happening, tell whoever runs talkbot.")
# Requests bolt authorizes without a token (and Slack's notice that it rate-limits this app's events).
NO_IDENTITY_NEEDED = frozenset({"url_verification", "ssl_check", "app_rate_limited"})
NO_IDENTITY_EVENTS = frozenset({"app_uninstalled", "tokens_revoked", "team_access_revoked"})


class IdentityUnconfirmed(Exception):
    """Slack did not answer ``auth.test`` for the bot token (after the retries)."""


class SlackIdentity:
    """The bot token's ``auth.test`` answer, asked until Slack gives it, then kept."""

    def __init__(self, client: AsyncWebClient, *, retry_delay: float = RETRY_DELAY_SECONDS) -> None:
        self._client = client
        self._retry_delay = retry_delay
        self._result: AuthorizeResult | None = None
        self._lock = asyncio.Lock()  # one auth.test at a time; requests arriving meanwhile share its answer

    @property
    def confirmed(self) -> bool:
        return self._result is not None

    async def confirm(self) -> AuthorizeResult:
        """The bot's identity; raises IdentityUnconfirmed when Slack does not confirm the token."""
        if self._result is not None:
            return self._result
        async with self._lock:
            if self._result is not None:
                return self._result
            failure: BaseException | None = None
            for attempt in range(2):
                if attempt:
                    await asyncio.sleep(self._retry_delay)
                try:
                    response = await self._client.auth_test()
                except SLACK_FAILURES as error:
                    failure = error
                    continue
                self._result = AuthorizeResult.from_auth_test_response(
                    auth_test_response=response, bot_token=self._client.token,
                    bot_scopes=response.headers.get("x-oauth-scopes"))
                log.info("Slack confirmed the bot token: bot user %s (%s) in team %s%s", response.get("user"),
                         response.get("user_id"), response.get("team_id"),
                         f", org {response.get('enterprise_id')}" if response.get("enterprise_id") else "")
                return self._result
            assert failure is not None
            raise IdentityUnconfirmed(f"auth.test failed: {describe_failure(failure)}") from failure

    def authorizer(self) -> Callable[[], Awaitable[AuthorizeResult]]:
        """Bolt's ``authorize`` function: every request of this one workspace (or Grid org) is the bot's.

        A plain function, as bolt passes arguments by the names it finds in the signature.
        """

        async def authorize() -> AuthorizeResult:
            return await self.confirm()

        return authorize

    def middleware(self) -> RequestMiddleware:
        """Bolt's ``before_authorize``: a request that cannot be authorized gets an honest answer."""

        async def confirm_identity(request: AsyncBoltRequest, next: Next) -> BoltResponse | None:  # noqa: A002
            body = request.body
            if self._result is not None or body.get("type") in NO_IDENTITY_NEEDED \
                    or (body.get("event") or {}).get("type") in NO_IDENTITY_EVENTS:
                return await next()
            try:
                await self.confirm()
            except IdentityUnconfirmed as error:
                kind = body.get("command") or body.get("type") or "request"
                log.warning("request not answered kind=%s: %s; Slack will be asked again", kind, error)
                if body.get("command"):  # shown to the user, privately, as the command's answer
                    return BoltResponse(status=200, body={"response_type": "ephemeral", "text": UNCONFIRMED_TEXT})
                return BoltResponse(status=503, body="")  # Slack delivers the event (or the envelope) again
            return await next()

        return RequestMiddleware(confirm_identity)
