"""Slash commands: lookups answered ephemerally (in the ack when quick, see answering.py); /digest posts a thread."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from slack_bolt.async_app import AsyncApp

from handlers import commands
from handlers.blocks import escape, render
from handlers.replies import DigestThread
from store.ledger import DONE

from ..ledger_poster import INCOMPLETE
from ..scheduler import ChannelBusy, DigestScheduler, open_scheduler
from . import logged
from .answering import answer_command

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
        async def compute() -> dict:
            return render(await commands.define(store, command.get("text", "")))

        await answer_command(ack, respond, services, compute)

    @app.command("/talk")
    @logged("talk")
    async def talk(ack, command: dict, respond) -> None:
        async def compute() -> dict:
            return render(await commands.talk(store, command.get("text", "")))

        await answer_command(ack, respond, services, compute)

    @app.command("/digest")
    @logged("digest")
    async def digest(ack, command: dict, respond) -> None:
        await ack()
        channel = command["channel_id"]
        # Its own connection: subscription writes and ledger transactions never mix with other requests'.
        async with open_scheduler(services.settings, store, services.client, services.pacer) as scheduler:
            reply = await commands.digest(store, command.get("text", ""), channel=channel,
                                          timezone=services.settings.timezone, schedule_db=scheduler.conn,
                                          user=command.get("user_id"))
            if not isinstance(reply, DigestThread):
                await respond(response_type="ephemeral", **render(reply))
                return
            await post_digest_through_ledger(scheduler, channel, reply, command.get("trigger_id") or "", respond)


async def post_digest_through_ledger(scheduler: DigestScheduler, channel: str, thread: DigestThread,
                                     request_id: str, respond) -> None:
    """Post ``/digest TALK`` exactly once (the ledger completes it after a crash); tell the user if Slack refuses."""
    try:
        outcome = await scheduler.post_thread(channel, thread, request_id or uuid.uuid4().hex)
    except ChannelBusy:
        await respond(response_type="ephemeral", replace_original=False,
                      text="A digest thread is being posted in this channel right now. Try again in a minute.")
        return
    if outcome.status == INCOMPLETE:
        await respond(response_type="ephemeral", replace_original=False,
                      text="Slack is having trouble right now; I'll finish the digest thread as soon as it answers.")
    elif outcome.status != DONE:
        code = outcome.error or ""
        text = POST_FAILURES.get(code, f"Slack refused the digest ({escape(code or 'unknown error')}).")
        await respond(response_type="ephemeral", replace_original=False, text=text)


async def post_digest_here(services: "Services", channel: str, thread: DigestThread, request_id: str,
                           respond) -> None:
    """Post a digest thread from a button or a mention through the ledger, like ``/digest TALK``."""
    async with open_scheduler(services.settings, services.store, services.client, services.pacer) as scheduler:
        await post_digest_through_ledger(scheduler, channel, thread, request_id, respond)
