"""Loopback stand-ins for Slack used by the end-to-end, scheduler and benchmark code.

* :class:`FakeSlackAPI` (``slack_api``): Web API + ``response_url`` server that records calls,
  answers like Slack and fails on demand (429/500/``ok: false``/hang/reset, before or after
  the message was posted). Runnable standalone: ``python -m tests.fakes.slack_api --port 0``.
* ``slack_requests``: signed slash commands, app_mention / app_home_opened events,
  block_actions and url_verification exactly as Slack sends them, plus ``post()``.
* :class:`FakeSocketMode` (``socket_mode``): WebSocket server playing Slack's Socket Mode side;
  attach it with ``fake.attach_socket_mode(sock)`` so ``apps.connections.open`` returns it.
* ``fixtures``: pytest fixtures (``fake_slack``, ``fake_socket``, ``clean_slack_env``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Imported lazily (PEP 562) so that ``python -m tests.fakes.slack_api`` does not find its own
# module already imported by the package (runpy would warn and run a second copy).
_EXPORTS = {
    "ANY_METHOD": "slack_api",
    "BOT_ID": "slack_api",
    "BOT_USER_ID": "slack_api",
    "RESPONSE_URL_METHOD": "slack_api",
    "TEAM_ID": "slack_api",
    "FakeSlackAPI": "slack_api",
    "RecordedCall": "slack_api",
    "DEFAULT_SIGNING_SECRET": "slack_requests",
    "SlackRequest": "slack_requests",
    "APP_ID": "socket_mode",
    "FakeSocketMode": "socket_mode",
    "envelope": "socket_mode",
}

__all__ = ["ANY_METHOD", "APP_ID", "BOT_ID", "BOT_USER_ID", "DEFAULT_SIGNING_SECRET", "RESPONSE_URL_METHOD", "TEAM_ID",
           "FakeSlackAPI", "FakeSocketMode", "RecordedCall", "SlackRequest", "envelope"]

if TYPE_CHECKING:
    from .slack_api import (
        ANY_METHOD,
        BOT_ID,
        BOT_USER_ID,
        RESPONSE_URL_METHOD,
        TEAM_ID,
        FakeSlackAPI,
        RecordedCall,
    )
    from .slack_requests import DEFAULT_SIGNING_SECRET, SlackRequest
    from .socket_mode import APP_ID, FakeSocketMode, envelope


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = sorted(_EXPORTS)
