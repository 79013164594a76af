"""Slash commands: ack at once, then answer through ``respond`` (ephemeral lookups) or post a digest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from slack_bolt.async_app import AsyncApp
from slack_sdk.errors import SlackApiError

from handlers import commands
from handlers.blocks import escape, render
from handlers.replies import DigestThread

from . import logged

if TYPE_CHECKING:
    from ..app import Services

POST_FAILURES = {
    "not_in_channel": "I can't post in this channel yet: invite me with `/invite @talkbot` and try again.",
    "channel_not_found": "I can't see this channel: invite me with `/invite @talkbot` and try again.",
    "is_archived": "This channel is archived.",
}


def register(app: AsyncApp, services: "Services") -> None:
    """Register /define, /talk and /digest."""
    store = services.store

    @app.command("/define")
    @logged("define")
    async def define(ack, command: dict, respond) -> None:
        await ack()
        await respond(response_type="ephemeral", **render(await commands.define(store, command.get("text", ""))))

    @app.command("/talk")
    @logged("talk")
    async def talk(ack, command: dict, respond) -> None:
        await ack()
        await respond(response_type="ephemeral", **render(await commands.talk(store, command.get("text", ""))))

    @app.command("/digest")
    @logged("digest")
    async def digest(ack, command: dict, respond) -> None:
        await ack()
        reply = await commands.digest(store, command.get("text", ""))
        if not isinstance(reply, DigestThread):
            await respond(response_type="ephemeral", **render(reply))
            return
        await post_digest_here(services, command["channel_id"], reply, respond)


async def post_digest_here(services: "Services", channel: str, thread: DigestThread, respond) -> None:
    """Post a digest thread in ``channel``; tell the user (ephemerally) if Slack refuses."""
    try:
        await services.poster.post(channel, thread)
    except SlackApiError as error:
        code = error.response.get("error", "") if error.response else ""
        text = POST_FAILURES.get(code, f"Slack refused the digest ({escape(code or 'unknown error')}).")
        await respond(response_type="ephemeral", replace_original=False, text=text)
