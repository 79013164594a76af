"""Build requests exactly as Slack sends them to an app (HTTP mode) or in Socket Mode envelopes.

Every HTTP builder returns a :class:`SlackRequest` ``(body, headers)`` named tuple, signed with
the given signing secret (``X-Slack-Request-Timestamp`` / ``X-Slack-Signature``, computed with
slack_sdk's ``SignatureVerifier.generate_signature``) and carrying the right ``Content-Type``:

* slash commands: ``application/x-www-form-urlencoded``, one field per payload key;
* interactions (``block_actions``): ``application/x-www-form-urlencoded``, ``payload=<JSON>``;
* Events API (``app_mention``, ``app_home_opened``, ``member_joined_channel``, ``url_verification``):
  ``application/json``.

The matching ``*_payload`` functions return the plain dicts; wrap them with
:func:`tests.fakes.socket_mode.envelope` to deliver them over Socket Mode.

Example::

    body, headers = slash_command("/define", "idempotency", response_url=fake.response_url("d1"))
    result = await post(session, "http://127.0.0.1:PORT/slack/events", body, headers)
    assert result.status == 200
"""

from __future__ import annotations

import io
import itertools
import json
import time
import uuid
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple
from urllib.parse import urlencode

import aiohttp
from slack_sdk.signature import SignatureVerifier

from .slack_api import BOT_USER_ID, TEAM_DOMAIN, TEAM_ID
from .socket_mode import APP_ID

DEFAULT_SIGNING_SECRET = "test-signing-secret"
"""Signing secret used when none is given; construct the app under test with the same value."""

DEFAULT_USER = "U061F7AUR"
DEFAULT_CHANNEL = "C123ABC456"
VERIFICATION_TOKEN = "XXYYZZ"
"""The deprecated ``token`` field Slack still puts in payloads (bolt ignores it)."""

FORM = "application/x-www-form-urlencoded"
JSON = "application/json"

_seq = itertools.count(1)


class SlackRequest(NamedTuple):
    """A request body and its headers (``Content-Type`` + signature, maybe retry headers)."""

    body: bytes
    headers: dict[str, str]


def new_ts() -> str:
    """A fresh, increasing Slack-style ``ts`` based on the current time."""
    return f"{int(time.time())}.{next(_seq):06d}"


def new_event_id() -> str:
    """A fresh ``Ev...`` event id."""
    return "Ev" + uuid.uuid4().hex[:10].upper()


def new_trigger_id() -> str:
    """A fresh trigger id in Slack's ``<n>.<n>.<hex>`` shape."""
    return f"{next(_seq)}.{int(time.time())}.{uuid.uuid4().hex}"


# ---------------------------------------------------------------------------- signing


def sign(signing_secret: str, body: bytes, timestamp: int) -> dict[str, str]:
    """Slack's signature headers for ``body`` sent at ``timestamp`` (unix seconds)."""
    signature = SignatureVerifier(signing_secret).generate_signature(timestamp=str(timestamp), body=body)
    assert signature is not None
    return {"X-Slack-Request-Timestamp": str(timestamp), "X-Slack-Signature": signature}


def signed(
    body: bytes,
    content_type: str,
    secret: str = DEFAULT_SIGNING_SECRET,
    timestamp: int | None = None,
    *,
    extra_headers: Mapping[str, str] | None = None,
) -> SlackRequest:
    """Sign an arbitrary body; ``timestamp`` defaults to now (pass an old one to test 401s)."""
    ts = int(time.time()) if timestamp is None else timestamp
    headers = {"Content-Type": content_type, **sign(secret, body, ts)}
    if extra_headers:
        headers.update(extra_headers)
    return SlackRequest(body, headers)


def _retry_headers(retry_num: int | None, retry_reason: str | None) -> dict[str, str]:
    headers: dict[str, str] = {}
    if retry_num is not None:
        headers["X-Slack-Retry-Num"] = str(retry_num)
        headers["X-Slack-Retry-Reason"] = retry_reason or "http_timeout"
    elif retry_reason is not None:
        raise ValueError("retry_reason needs retry_num")
    return headers


# ---------------------------------------------------------------------------- slash commands


def slash_command_payload(
    command: str,
    text: str = "",
    *,
    response_url: str,
    user_id: str = DEFAULT_USER,
    channel_id: str = DEFAULT_CHANNEL,
    user_name: str = "steve",
    channel_name: str = "general",
    team_id: str = TEAM_ID,
    team_domain: str = TEAM_DOMAIN,
    trigger_id: str | None = None,
    api_app_id: str = APP_ID,
    enterprise_id: str | None = None,
    enterprise_name: str | None = None,
    is_enterprise_install: bool = False,
    token: str = VERIFICATION_TOKEN,
) -> dict[str, str]:
    """The fields Slack sends for a slash command (all strings, as on the wire).

    ``enterprise_id`` / ``enterprise_name`` are included only when given: Slack sends them
    for Enterprise Grid workspaces only (the sample in slash_command.json is a Grid one).
    """
    payload = {
        "token": token,
        "team_id": team_id,
        "team_domain": team_domain,
        "channel_id": channel_id,
        "channel_name": channel_name,
        "user_id": user_id,
        "user_name": user_name,
        "command": command,
        "text": text,
        "api_app_id": api_app_id,
        "is_enterprise_install": "true" if is_enterprise_install else "false",
        "response_url": response_url,
        "trigger_id": trigger_id or new_trigger_id(),
    }
    if enterprise_id is not None:
        payload["enterprise_id"] = enterprise_id
    if enterprise_name is not None:
        payload["enterprise_name"] = enterprise_name
    return payload


def slash_command(
    command: str,
    text: str = "",
    *,
    response_url: str,
    signing_secret: str = DEFAULT_SIGNING_SECRET,
    timestamp: int | None = None,
    **fields: Any,
) -> SlackRequest:
    """A signed, form-encoded slash command. ``fields`` go to :func:`slash_command_payload`."""
    payload = slash_command_payload(command, text, response_url=response_url, **fields)
    return signed(urlencode(payload).encode(), FORM, signing_secret, timestamp)


# ---------------------------------------------------------------------------- events


def _event_callback(
    event: dict[str, Any],
    *,
    event_id: str | None,
    team_id: str,
    event_time: int | None,
) -> dict[str, Any]:
    return {
        "token": VERIFICATION_TOKEN,
        "team_id": team_id,
        "context_team_id": team_id,
        "context_enterprise_id": None,
        "api_app_id": APP_ID,
        "event": event,
        "type": "event_callback",
        "event_id": event_id or new_event_id(),
        "event_time": event_time if event_time is not None else int(time.time()),
        "authorizations": [
            {
                "enterprise_id": None,
                "team_id": team_id,
                "user_id": BOT_USER_ID,
                "is_bot": True,
                "is_enterprise_install": False,
            }
        ],
        "is_ext_shared_channel": False,
        "event_context": "4-" + uuid.uuid4().hex,
    }


def mention_text(text: str, bot_user_id: str = BOT_USER_ID) -> str:
    """``text`` with the ``<@UBOT> `` prefix Slack puts in an app_mention (added if missing)."""
    tag = f"<@{bot_user_id}>"
    return text if text.startswith(tag) else f"{tag} {text}"


def app_mention_payload(
    text: str,
    *,
    event_id: str | None = None,
    ts: str | None = None,
    thread_ts: str | None = None,
    channel: str = DEFAULT_CHANNEL,
    user: str = DEFAULT_USER,
    team_id: str = TEAM_ID,
    event_time: int | None = None,
    parent_user_id: str | None = None,
) -> dict[str, Any]:
    """An ``event_callback`` envelope with an ``app_mention`` event (like app_mention*.json).

    ``text`` gets the ``<@UBOT> `` prefix unless it already starts with it; the rich_text
    block mirrors it. With ``thread_ts`` the event is a reply in that thread.
    """
    text = mention_text(text)
    ts = ts or new_ts()
    tag = f"<@{BOT_USER_ID}>"
    elements: list[dict[str, Any]] = [{"type": "user", "user_id": BOT_USER_ID}]
    if text[len(tag) :]:
        elements.append({"type": "text", "text": text[len(tag) :]})
    event: dict[str, Any] = {
        "type": "app_mention",
        "user": user,
        "text": text,
        "ts": ts,
        "client_msg_id": str(uuid.uuid4()),
        "team": team_id,
        "blocks": [
            {
                "type": "rich_text",
                "block_id": uuid.uuid4().hex[:4],
                "elements": [{"type": "rich_text_section", "elements": elements}],
            }
        ],
        "channel": channel,
        "event_ts": ts,
    }
    if thread_ts is not None:
        event["thread_ts"] = thread_ts
        event["parent_user_id"] = parent_user_id or user
    return _event_callback(event, event_id=event_id, team_id=team_id, event_time=event_time)


def app_mention(
    text: str,
    *,
    retry_num: int | None = None,
    retry_reason: str | None = None,
    signing_secret: str = DEFAULT_SIGNING_SECRET,
    timestamp: int | None = None,
    **fields: Any,
) -> SlackRequest:
    """A signed JSON app_mention delivery; ``retry_num=1, retry_reason="http_timeout"`` adds
    Slack's redelivery headers. ``fields`` go to :func:`app_mention_payload`."""
    payload = app_mention_payload(text, **fields)
    return signed(
        json.dumps(payload).encode(),
        JSON,
        signing_secret,
        timestamp,
        extra_headers=_retry_headers(retry_num, retry_reason),
    )


def message_im_payload(
    text: str,
    *,
    channel: str = "D0DM00001",
    user: str | None = DEFAULT_USER,
    ts: str | None = None,
    thread_ts: str | None = None,
    subtype: str | None = None,
    bot_id: str | None = None,
    event_id: str | None = None,
    team_id: str = TEAM_ID,
) -> dict[str, Any]:
    """An ``event_callback`` envelope with a ``message`` event in a direct message (the ``message.im``
    subscription): ``channel_type`` "im", a ``D`` channel. ``subtype="message_changed"`` is an edit (Slack
    nests the edited message and sends no top-level ``user``); ``bot_id`` marks a bot's post."""
    ts = ts or new_ts()
    event: dict[str, Any] = {"type": "message", "channel": channel, "text": text, "ts": ts, "event_ts": ts,
                             "channel_type": "im", "team": team_id}
    if subtype == "message_changed":
        event.update(subtype=subtype, hidden=True, text="",
                     message={"type": "message", "user": user, "text": text, "ts": new_ts(),
                              "edited": {"user": user, "ts": ts}},
                     previous_message={"type": "message", "user": user, "text": "before", "ts": ts})
    else:
        if subtype:
            event["subtype"] = subtype
        if user is not None:
            event["user"] = user
        if bot_id is not None:
            event["bot_id"] = bot_id
            event["app_id"] = APP_ID
        else:
            event["client_msg_id"] = str(uuid.uuid4())
    if thread_ts is not None:
        event["thread_ts"] = thread_ts
    return _event_callback(event, event_id=event_id, team_id=team_id, event_time=None)


def message_im(text: str, *, signing_secret: str = DEFAULT_SIGNING_SECRET, **fields: Any) -> SlackRequest:
    """A signed JSON delivery of a direct message to the bot; ``fields`` go to :func:`message_im_payload`."""
    return signed(json.dumps(message_im_payload(text, **fields)).encode(), JSON, signing_secret, None)


def app_home_opened_payload(
    user: str,
    *,
    event_id: str | None = None,
    channel: str = "D0LAN2Q65",
    tab: str = "home",
    view: dict[str, Any] | None = None,
    team_id: str = TEAM_ID,
) -> dict[str, Any]:
    """An ``event_callback`` with ``app_home_opened`` (``view`` only if one was published)."""
    event: dict[str, Any] = {
        "type": "app_home_opened",
        "user": user,
        "channel": channel,
        "tab": tab,
        "event_ts": new_ts(),
    }
    if view is not None:
        event["view"] = view
    return _event_callback(event, event_id=event_id, team_id=team_id, event_time=None)


def app_home_opened(
    user: str,
    *,
    retry_num: int | None = None,
    retry_reason: str | None = None,
    signing_secret: str = DEFAULT_SIGNING_SECRET,
    timestamp: int | None = None,
    **fields: Any,
) -> SlackRequest:
    """A signed JSON ``app_home_opened`` delivery."""
    payload = app_home_opened_payload(user, **fields)
    return signed(
        json.dumps(payload).encode(),
        JSON,
        signing_secret,
        timestamp,
        extra_headers=_retry_headers(retry_num, retry_reason),
    )


def member_joined_channel_payload(
    user: str,
    channel: str,
    *,
    event_id: str | None = None,
    channel_type: str = "C",
    inviter: str | None = DEFAULT_USER,
    team_id: str = TEAM_ID,
) -> dict[str, Any]:
    """An ``event_callback`` with ``member_joined_channel`` (``user`` joined ``channel``; the bot's own
    user id when the bot was added)."""
    event: dict[str, Any] = {
        "type": "member_joined_channel",
        "user": user,
        "channel": channel,
        "channel_type": channel_type,
        "team": team_id,
        "event_ts": new_ts(),
    }
    if inviter is not None:
        event["inviter"] = inviter
    return _event_callback(event, event_id=event_id, team_id=team_id, event_time=None)


def member_joined_channel(
    user: str,
    channel: str,
    *,
    signing_secret: str = DEFAULT_SIGNING_SECRET,
    timestamp: int | None = None,
    **fields: Any,
) -> SlackRequest:
    """A signed JSON ``member_joined_channel`` delivery."""
    payload = member_joined_channel_payload(user, channel, **fields)
    return signed(json.dumps(payload).encode(), JSON, signing_secret, timestamp)


def direct_message(
    text: str,
    *,
    user: str = DEFAULT_USER,
    channel: str = "D0LAN2Q65",
    ts: str | None = None,
    thread_ts: str | None = None,
    event_id: str | None = None,
    team_id: str = TEAM_ID,
    signing_secret: str = DEFAULT_SIGNING_SECRET,
) -> SlackRequest:
    """A signed ``message.im`` delivery: a person's message in their DM with the bot."""
    ts = ts or new_ts()
    event: dict[str, Any] = {"type": "message", "channel": channel, "user": user, "text": text, "ts": ts,
                             "event_ts": ts, "channel_type": "im", "team": team_id,
                             "client_msg_id": str(uuid.uuid4())}
    if thread_ts is not None:
        event["thread_ts"] = thread_ts
    payload = _event_callback(event, event_id=event_id, team_id=team_id, event_time=None)
    return signed(json.dumps(payload).encode(), JSON, signing_secret)


def app_uninstalled(*, signing_secret: str = DEFAULT_SIGNING_SECRET, team_id: str = TEAM_ID) -> SlackRequest:
    """Slack's ``app_uninstalled`` delivery (docs.slack.dev/reference/events/app_uninstalled)."""
    payload = _event_callback({"type": "app_uninstalled"}, event_id=None, team_id=team_id, event_time=None)
    return signed(json.dumps(payload).encode(), JSON, signing_secret)


def tokens_revoked(bot: list[str], oauth: list[str] | None = None, *,
                   signing_secret: str = DEFAULT_SIGNING_SECRET, team_id: str = TEAM_ID) -> SlackRequest:
    """Slack's ``tokens_revoked`` delivery: the user ids whose user (``oauth``) or ``bot`` tokens were revoked."""
    event = {"type": "tokens_revoked", "tokens": {"oauth": oauth or [], "bot": bot}}
    payload = _event_callback(event, event_id=None, team_id=team_id, event_time=None)
    return signed(json.dumps(payload).encode(), JSON, signing_secret)


def app_rate_limited_payload(minute_rate_limited: int, *, team_id: str = TEAM_ID) -> dict[str, Any]:
    """What Slack sends when it stops delivering this app's events for a minute (no ``event`` inside)."""
    return {"token": VERIFICATION_TOKEN, "type": "app_rate_limited", "team_id": team_id,
            "minute_rate_limited": minute_rate_limited, "api_app_id": APP_ID}


def app_rate_limited(minute_rate_limited: int, *, signing_secret: str = DEFAULT_SIGNING_SECRET) -> SlackRequest:
    return signed(json.dumps(app_rate_limited_payload(minute_rate_limited)).encode(), JSON, signing_secret)


def url_verification(
    challenge: str,
    *,
    signing_secret: str = DEFAULT_SIGNING_SECRET,
    timestamp: int | None = None,
) -> SlackRequest:
    """Slack's endpoint check (HTTP mode only); bolt answers ``{"challenge": ...}``."""
    payload = {"token": VERIFICATION_TOKEN, "challenge": challenge, "type": "url_verification"}
    return signed(json.dumps(payload).encode(), JSON, signing_secret, timestamp)


# ---------------------------------------------------------------------------- interactions


def block_actions_payload(
    action_id: str,
    value: str,
    *,
    response_url: str,
    user_id: str = DEFAULT_USER,
    channel_id: str = DEFAULT_CHANNEL,
    message_ts: str | None = None,
    thread_ts: str | None = None,
    block_id: str = "actions",
    button_text: str = "Button",
    message_text: str = "",
    message_blocks: list[dict[str, Any]] | None = None,
    ephemeral: bool = False,
    user_name: str = "steve",
    channel_name: str = "general",
    team_id: str = TEAM_ID,
    trigger_id: str | None = None,
) -> dict[str, Any]:
    """A ``block_actions`` payload for a button click (like block_actions.json).

    For ``ephemeral=True`` the payload has no ``message`` (Slack does not send ephemeral
    messages back) and ``container.is_ephemeral`` is true.
    """
    message_ts = message_ts or new_ts()
    button = {
        "type": "button",
        "action_id": action_id,
        "text": {"type": "plain_text", "text": button_text, "emoji": True},
        "value": value,
    }
    payload: dict[str, Any] = {
        "type": "block_actions",
        "user": {"id": user_id, "username": user_name, "name": user_name, "team_id": team_id},
        "api_app_id": APP_ID,
        "token": VERIFICATION_TOKEN,
        "container": {
            "type": "message",
            "message_ts": message_ts,
            "channel_id": channel_id,
            "is_ephemeral": ephemeral,
        },
        "trigger_id": trigger_id or new_trigger_id(),
        "team": {"id": team_id, "domain": TEAM_DOMAIN},
        "enterprise": None,
        "is_enterprise_install": False,
        "channel": {"id": channel_id, "name": channel_name},
        "state": {"values": {}},
        "response_url": response_url,
        "actions": [{**button, "block_id": block_id, "action_ts": new_ts()}],
    }
    if thread_ts is not None:
        payload["container"]["thread_ts"] = thread_ts
    if not ephemeral:
        message: dict[str, Any] = {
            "type": "message",
            "user": BOT_USER_ID,
            "bot_id": "BBOT",
            "text": message_text,
            "ts": message_ts,
            "blocks": message_blocks
            if message_blocks is not None
            else [{"type": "actions", "block_id": block_id, "elements": [button]}],
        }
        if thread_ts is not None:
            message["thread_ts"] = thread_ts
        payload["message"] = message
    return payload


def block_actions(
    action_id: str,
    value: str,
    *,
    response_url: str,
    signing_secret: str = DEFAULT_SIGNING_SECRET,
    timestamp: int | None = None,
    **fields: Any,
) -> SlackRequest:
    """A signed ``payload=<JSON>`` form post; ``fields`` go to :func:`block_actions_payload`."""
    payload = block_actions_payload(action_id, value, response_url=response_url, **fields)
    body = urlencode({"payload": json.dumps(payload)}).encode()
    return signed(body, FORM, signing_secret, timestamp)


def reaction_payload(kind: str, reaction: str, *, user: str, channel: str, message_ts: str, item_user: str,
                     team_id: str = TEAM_ID) -> dict[str, Any]:
    """``reaction_added`` / ``reaction_removed`` (docs.slack.dev/reference/events/reaction_added)."""
    event = {"type": kind, "user": user, "reaction": reaction, "item_user": item_user,
             "item": {"type": "message", "channel": channel, "ts": message_ts}, "event_ts": new_ts()}
    return _event_callback(event, event_id=None, team_id=team_id, event_time=None)


def reaction(kind: str, reaction_name: str, *, signing_secret: str = DEFAULT_SIGNING_SECRET,
             **fields: Any) -> SlackRequest:
    """A signed reaction event; ``kind`` is ``reaction_added`` or ``reaction_removed``."""
    return signed(json.dumps(reaction_payload(kind, reaction_name, **fields)).encode(), JSON, signing_secret)


def view_submission_payload(view: dict[str, Any], values: dict[str, dict[str, Any]], *,
                            user_id: str = DEFAULT_USER, team_id: str = TEAM_ID) -> dict[str, Any]:
    """A ``view_submission`` of a modal the app opened (``view`` as views.open returned it), with the
    input ``values`` as Slack sends them: ``{block_id: {action_id: {"type": ..., ...}}}``."""
    submitted = {**view, "state": {"values": values}}
    return {
        "type": "view_submission",
        "team": {"id": team_id, "domain": TEAM_DOMAIN},
        "user": {"id": user_id, "username": "steve", "name": "steve", "team_id": team_id},
        "api_app_id": APP_ID,
        "token": VERIFICATION_TOKEN,
        "trigger_id": new_trigger_id(),
        "view": submitted,
        "response_urls": [],
        "is_enterprise_install": False,
        "enterprise": None,
    }


def view_submission(view: dict[str, Any], values: dict[str, dict[str, Any]], *,
                    signing_secret: str = DEFAULT_SIGNING_SECRET, **fields: Any) -> SlackRequest:
    """A signed ``payload=<JSON>`` form post of a modal submission."""
    body = urlencode({"payload": json.dumps(view_submission_payload(view, values, **fields))}).encode()
    return signed(body, FORM, signing_secret)


# ---------------------------------------------------------------------------- sending


@dataclass
class HttpResult:
    """What the app answered."""

    status: int
    body: bytes
    headers: dict[str, str]

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.body)


async def post(
    session: aiohttp.ClientSession,
    url: str,
    body: bytes,
    headers: Mapping[str, str],
    *,
    timeout: float = 5,
) -> HttpResult:
    """POST a built request to the app and read the whole answer."""
    # As a stream: aiohttp warns about (deliberately) oversized raw bytes bodies.
    async with session.post(
        url, data=io.BytesIO(body), headers=dict(headers), timeout=aiohttp.ClientTimeout(total=timeout)
    ) as res:
        return HttpResult(res.status, await res.read(), dict(res.headers))
