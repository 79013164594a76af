"""``/talkbot``: help, stats, gaps, the weekly curator report's schedule, ``forget me``, and the team's edits
(``video``, ``alias``, ``aliases``, ``history``, ``undo``; handlers/edits.py). All private replies."""

from __future__ import annotations

import logging
import time
from datetime import datetime, timezone
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext
from slack_sdk.errors import SlackApiError

from handlers import edits, talkbot_commands
from handlers.blocks import render
from handlers.replies import Notice, Reply
from handlers.wording import say
from store.state import Workspace

from ..permissions import Requester, org_of
from ..services import Services
from ..slack_client import SLACK_FAILURES, Respond, describe_failure, error_code
from .request_log import logged

log = logging.getLogger(__name__)
NOT_A_CHANNEL = Notice("The curator report goes to a channel: run `/talkbot report subscribe` there, not in a "
                       "direct message.")
NOT_IN_CHANNEL = Notice("I'm not in this channel, so I could not post the report here. Invite me with "
                        "`/invite @talkbot`, then subscribe again. Nothing was changed.")
CHECK_FAILED = Notice("I couldn't check this channel with Slack just now. Please try again in a minute; nothing "
                      "was changed.")


def register(app: AsyncApp, services: Services) -> None:
    """Register /talkbot."""
    store, state, permissions = services.store, services.state, services.permissions

    async def reportable(channel: str, channel_name: str | None) -> Notice | None:
        """Why the report cannot go to ``channel`` (a DM, a channel the bot cannot post in), or None."""
        if channel.startswith("D") or channel_name == "directmessage" or (channel_name or "").startswith("mpdm-"):
            return NOT_A_CHANNEL
        try:
            info = (await services.client.conversations_info(channel=channel)).get("channel") or {}
        except SLACK_FAILURES as error:
            if isinstance(error, SlackApiError) and error_code(error) in ("channel_not_found", "not_in_channel"):
                return NOT_IN_CHANNEL
            log.warning("report channel check failed channel=%s error=%s", channel, describe_failure(error))
            return CHECK_FAILED
        if info.get("is_im") or info.get("is_mpim"):
            return NOT_A_CHANNEL
        if info.get("is_archived"):
            return Notice("This channel is archived; the report needs a channel people read.")
        if (info.get("is_private") or info.get("is_group")) and not info.get("is_member"):
            return NOT_IN_CHANNEL  # chat:write.public covers public channels only
        return None

    async def team_edit(subcommand: str, text: str, command: dict[str, Any], context: AsyncBoltContext) -> Notice:
        """``video`` (a member's is a suggestion), ``alias`` and ``undo`` (editors), ``history`` and ``aliases``
        (anyone who may read)."""
        who = Requester(str(command.get("user_id", "")), command.get("channel_id"), org_of(context))
        workspace = (context.team_id or "", context.enterprise_id)
        if subcommand in ("history", "aliases"):
            denied = await permissions.may_read(who)
            if denied is not None:
                return Notice(denied.text)
            return await (edits.history(store, text) if subcommand == "history" else edits.list_aliases(store))
        if subcommand == "video":  # a member's link is a suggestion for the editors
            applies = await permissions.edits_apply(who)
            if not isinstance(applies, bool):
                return Notice(applies.text)
            return await edits.set_video(store, text, who.user_id, time.time(), workspace, suggest=not applies)
        denied = await permissions.may_edit(who)
        if denied is not None:
            return Notice(denied.text)
        if subcommand == "alias":
            return await edits.edit_alias(store, text, who.user_id, time.time(), workspace)
        return await edits.undo(store, text, who.user_id, time.time(), workspace)

    @app.command("/talkbot")
    @logged("talkbot")
    async def talkbot(ack: AsyncAck, command: dict[str, Any], context: AsyncBoltContext, respond: Respond) -> None:
        # Edits read the raw text: a video link arrives as Slack's <url> markup, which parse() would drop.
        first, _, rest = str(command.get("text", "")).strip().partition(" ")
        if first.casefold() in edits.SUBCOMMANDS:
            await ack()
            edited = await team_edit(first.casefold(), rest, command, context)
            await respond(response_type="ephemeral", **render(edited))
            return
        request = talkbot_commands.parse(command.get("text", ""))
        if request.subcommand == "help":
            await ack(response_type="ephemeral", **render(talkbot_commands.help_reply(request, say("en", "help"))))
            return
        await ack()
        user = str(command.get("user_id", ""))
        channel = str(command.get("channel_id", ""))
        who = Requester(user, channel, org_of(context))
        now = datetime.now(timezone.utc)
        reply: Reply
        if request.subcommand == "forget":
            purged = await state.forget_user(user)
            log.info("forgot a user on request rows=%d", purged.total)  # no user id: that is what was asked
            counts = purged.counts
            reply = Notice(f"Done: I deleted everything I kept about you ({counts.get('questions', 0)} questions, "
                           f"{counts.get('votes', 0)} votes and comments, {counts.get('thread_topics', 0)} thread "
                           "contexts). Weekly schedules you set up stay, without your name.")
        elif request.subcommand == "stats":
            denied = await permissions.may_curate(who)
            if denied is None:
                reply = await talkbot_commands.stats(store, state, talkbot_commands.window_of(request), now)
            elif denied.reason == "not_editor":
                reply = await talkbot_commands.history(state, user)
            else:
                reply = Notice(denied.text)
        else:
            denied = await permissions.may_curate(who)
            if denied is not None:
                reply = Notice(denied.text)
            elif request.subcommand == "gaps":
                reply = await talkbot_commands.gaps(store, state, "month", now)
            else:
                reply = await report(request.words[0], request.words[1:], command, context, now)
        await respond(response_type="ephemeral", **render(reply))

    async def report(action: str, words: tuple[str, ...], command: dict[str, Any], context: AsyncBoltContext,
                     now: datetime) -> Reply:
        channel = str(command.get("channel_id", ""))
        if action == "preview":
            return await talkbot_commands.curator_report(store, state, now, preview=True)
        if action == "unsubscribe":
            return await talkbot_commands.report_unsubscribe(state, channel)
        refused = await reportable(channel, command.get("channel_name"))
        if refused is not None:
            return refused
        return await talkbot_commands.report_subscribe(
            state, channel, words, services.settings.timezone, str(command.get("user_id", "")),
            Workspace(context.team_id or "", context.enterprise_id), now)
