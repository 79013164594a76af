"""pytest fixtures and helpers around the Slack fakes.

Use from a test module with ``from tests.fakes.fixtures import fake_slack, ...`` or, for the
whole suite, ``pytest_plugins = ["tests.fakes.fixtures"]`` in ``tests/conftest.py``.

* ``clean_slack_env``: removes ``SLACK_*`` variables (bolt switches to OAuth when it sees
  ``SLACK_CLIENT_ID``/``SLACK_CLIENT_SECRET``) and proxy variables (slack_sdk routes every
  request, loopback included, through ``HTTP(S)_PROXY`` and ignores ``NO_PROXY``).
* ``fake_slack``: a started :class:`FakeSlackAPI`.
* ``fake_socket``: a started :class:`FakeSocketMode`, attached to ``fake_slack``.
* ``slack_client``: ``AsyncWebClient(token=BOT_TOKEN, base_url=fake_slack.base_url)``.
* :func:`serve_web_app`: serve an aiohttp app (e.g. ``bolt_app.web_app()``) on 127.0.0.1.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from aiohttp import web
from slack_sdk.web.async_client import AsyncWebClient

from .slack_api import FakeSlackAPI
from .socket_mode import FakeSocketMode

BOT_TOKEN = "xoxb-fake"  # short on purpose: nothing that looks like a real token in the repo
APP_TOKEN = "xapp-1-fake"
PROXY_VARIABLES = ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy")


@pytest.fixture
def clean_slack_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Remove SLACK_* and proxy environment variables for the test."""
    for name in list(os.environ):
        if name.startswith("SLACK_") or name in PROXY_VARIABLES:
            monkeypatch.delenv(name, raising=False)


@pytest.fixture
async def fake_slack() -> AsyncIterator[FakeSlackAPI]:
    """A running fake Web API on a random loopback port."""
    async with FakeSlackAPI() as fake:
        yield fake


@pytest.fixture
async def fake_socket(fake_slack: FakeSlackAPI) -> AsyncIterator[FakeSocketMode]:
    """A running fake Socket Mode server; ``apps.connections.open`` on ``fake_slack`` returns it."""
    async with FakeSocketMode() as sock:
        fake_slack.attach_socket_mode(sock)
        yield sock
        fake_slack.attach_socket_mode(None)


@pytest.fixture
def slack_client(fake_slack: FakeSlackAPI) -> AsyncWebClient:
    """A bot-token client pointed at ``fake_slack`` (default retry handlers)."""
    return AsyncWebClient(token=BOT_TOKEN, base_url=fake_slack.base_url)


@asynccontextmanager
async def serve_web_app(app: web.Application, host: str = "127.0.0.1") -> AsyncIterator[str]:
    """Serve ``app`` on a random port; yields ``http://host:port`` (no trailing slash)."""
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, 0).start()
        yield f"http://{host}:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()
