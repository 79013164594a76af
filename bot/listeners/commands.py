"""Slash commands: lookups answered ephemerally (in the ack when quick, see answering.py); /digest posts a thread."""

from __future__ import annotations

import time
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext

from handlers import commands, digest_commands, edits
from handlers.blocks import render
from handlers.replies import DigestThread, Notice, TalkListReply
from store.state import Workspace

from ..permissions import Requester, org_of
from ..services import Services
from ..slack_client import Respond
from ..usage import Asked
from .answering import answer_command_for
from .request_log import logged

KNOWN_COMMANDS = ("/define", "/talk", "/digest", "/talkbot")  # the manifest's commands, each registered here


def requester(command: dict, context: AsyncBoltContext) -> Requester:
    """Who sent a slash command, and where."""
    return Requester(str(command.get("user_id", "")), command.get("channel_id"), org_of(context))


def register(app: AsyncApp, services: Services) -> None:
    """Register /define, /talk and /digest."""
    store = services.store

    def asking(command: dict[str, Any], context: AsyncBoltContext, via: str) -> Asked:
        return services.recorder.asking(
            user_id=str(command.get("user_id", "")), channel=str(command.get("channel_id", "")), via=via,
            text=str(command.get("text", "")), workspace=Workspace(context.team_id or "", context.enterprise_id),
            channel_hint=command.get("channel_name"))

    @app.command("/define")
    @logged("define")
    async def define(ack: AsyncAck, command: dict[str, Any], context: AsyncBoltContext, respond: Respond) -> None:
        if edits.is_definition_edit(command.get("text", "")):
            await ack()
            who = requester(command, context)
            applies = await services.permissions.edits_apply(who)  # a member's edit is a suggestion
            workspace = (context.team_id or "", context.enterprise_id)
            reply = Notice(applies.text) if not isinstance(applies, bool) else await edits.edit_definition(
                store, command.get("text", ""), who.user_id, time.time(), workspace, suggest=not applies)
            await respond(response_type="ephemeral", **render(reply))
            return

        asked = asking(command, context, "define")

        async def compute() -> dict:
            asked.reply = await commands.define(store, command.get("text", ""))
            return services.rendered_answer(asked.reply, feedback=asked.ref if asked.is_question else None)

        await answer_command_for(requester(command, context), ack, respond, services, compute)
        services.recorder.record_later(asked)  # after the answer went out

    @app.command("/talk")
    @logged("talk")
    async def talk(ack: AsyncAck, command: dict[str, Any], context: AsyncBoltContext, respond: Respond) -> None:
        asked = asking(command, context, "talk")

        async def compute() -> dict:
            asked.reply = await commands.talk(store, command.get("text", ""))
            if isinstance(asked.reply, TalkListReply) and asked.reply.first is not None:
                asked.reply.can_edit = await services.permissions.shows_edit_buttons(requester(command, context))
            return services.rendered_answer(asked.reply, feedback=asked.ref if asked.is_question else None)

        await answer_command_for(requester(command, context), ack, respond, services, compute)
        services.recorder.record_later(asked)

    @app.command("/digest")
    @logged("digest")
    async def digest(ack: AsyncAck, command: dict[str, Any], context: AsyncBoltContext, respond: Respond) -> None:
        await ack()
        channel = command["channel_id"]
        who = requester(command, context)
        subcommand = digest_commands.subcommand_of(command.get("text", ""))
        if subcommand in digest_commands.CHANGING_SUBCOMMANDS:
            denied = await services.permissions.may_change_digests(who)
        elif digest_commands.names_a_talk(command.get("text", "")):
            denied = await services.permissions.may_post_digest(who)
        else:
            denied = await services.permissions.may_read(who)
        if denied is not None:
            await respond(response_type="ephemeral", text=denied.text)
            return
        workspace = Workspace(context.team_id or "", context.enterprise_id)
        reply = await digest_commands.digest(store, command.get("text", ""), state=services.state, channel=channel,
                                             timezone=services.settings.timezone, user=command.get("user_id"),
                                             workspace=workspace)
        if not isinstance(reply, DigestThread):
            await respond(response_type="ephemeral", **render(reply))
            return
        notice = await services.poster.post_requested(channel, reply, command.get("trigger_id") or "", workspace)
        if notice is not None:
            await respond(response_type="ephemeral", replace_original=False, text=notice)
