"""Bolt listeners, one module per group; ``register(app, services)`` adds them all."""

from __future__ import annotations

from slack_bolt.async_app import AsyncApp

from ..services import Services
from . import actions, commands, edits, events, feedback, talkbot


def register(app: AsyncApp, services: Services) -> None:
    """Register every listener group's listeners.

    Bolt tries listeners in this order and builds every argument a listener can take for each one it
    tries, so the frequent requests come first: /define and /talk, then questions (mentions, DMs), then
    /talkbot and buttons. The groups match disjoint requests, so the order only decides the cost.
    """
    commands.register(app, services)
    events.register(app, services)
    talkbot.register(app, services)
    edits.register(app, services)
    feedback.register(app, services)  # before actions: its catch-all takes any button not registered yet
    actions.register(app, services)
