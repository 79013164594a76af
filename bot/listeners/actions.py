"""Button clicks. Values come back from Slack's client, so each is checked before it is used."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext

from handlers import commands, digest_commands
from handlers.blocks import (
    ACTION_DEFINE,
    ACTION_DEFINE_ALL,
    ACTION_DIGEST,
    ACTION_MORE_POINTS,
    ACTION_SHARE,
    ACTION_TALK_PAGE,
    action_id_pattern,
    render,
)
from handlers.commands import STALE_BUTTON
from handlers.replies import DefineReply, DigestThread, Notice, TalkListReply
from store.state import Workspace

from ..permissions import Requester, org_of
from ..services import Services
from ..slack_client import Respond
from .edits import clicker
from .request_log import logged

log = logging.getLogger(__name__)
ALREADY_PUBLIC = Notice("This answer is already visible to everyone here.")
OUTDATED = Notice("That button is from an older version of talkbot and does nothing now. Run the command again.")


def _json_value(action: dict[str, Any]) -> dict:
    try:
        value = json.loads(action.get("value") or "")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _on_private_message(body: dict) -> bool:
    """The button sits on an ephemeral message (only the clicker sees it), which it may rewrite.

    On a public message (a mention's answer in a thread) a rewrite would change it for everyone,
    so the clicker is answered privately instead.
    """
    return bool((body.get("container") or {}).get("is_ephemeral"))


def _answer_clicker(body: dict) -> dict:
    """``respond()`` fields: replace the clicked message when it is private, else a new private one."""
    if _on_private_message(body):
        return {"replace_original": True}
    return {"replace_original": False, "response_type": "ephemeral"}


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and 0 <= value < 10_000 else default


def register(app: AsyncApp, services: Services) -> None:
    """Register every button's listener."""
    store = services.store

    async def refused(body: dict, context: AsyncBoltContext, respond, *, posting: bool = False) -> bool:
        """Check the clicker (``posting``: for a digest thread in this channel); tell them privately if not."""
        who = Requester(str((body.get("user") or {}).get("id", "")), (body.get("channel") or {}).get("id"),
                        org_of(context))
        permissions = services.permissions
        denied = await (permissions.may_post_digest(who) if posting else permissions.may_read(who))
        if denied is not None:
            await respond(response_type="ephemeral", replace_original=False, text=denied.text)
        return denied is not None

    @app.action(action_id_pattern(ACTION_DEFINE))
    @logged("action_define")
    async def define_lookup(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                            respond: Respond) -> None:
        await ack()
        if await refused(body, context, respond):
            return
        async with services.answer_slots:
            message = render(await commands.define(store, str(action.get("value", ""))[:300]))
        await respond(**_answer_clicker(body), **message)

    @app.action(action_id_pattern(ACTION_DEFINE_ALL))
    @logged("action_define_all")
    async def define_all(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                            respond: Respond) -> None:
        await ack()
        if await refused(body, context, respond):
            return
        async with services.answer_slots:
            message = render(await commands.define(store, str(action.get("value", ""))[:1500], expanded=True))
        await respond(**_answer_clicker(body), **message)

    @app.action(action_id_pattern(ACTION_SHARE))
    @logged("action_share")
    async def share(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                            respond: Respond) -> None:
        await ack()
        if await refused(body, context, respond):
            return
        if not _on_private_message(body):  # a Share button on a public message (older versions rendered one)
            await respond(replace_original=False, response_type="ephemeral", **render(ALREADY_PUBLIC))
            return
        value = _json_value(action)
        query = value.get("q")
        async with services.answer_slots:
            reply = (await commands.define(store, query, expanded=bool(value.get("all"))) if isinstance(query, str)
                     else STALE_BUTTON)
            if not isinstance(reply, DefineReply) or not any(r.hits for r in reply.results):
                reply = STALE_BUTTON
            else:
                reply.shared_by = body.get("user", {}).get("id", "")
            message = render(reply)
        if reply is STALE_BUTTON:
            await respond(replace_original=False, **message)
            return
        await respond(response_type="in_channel", replace_original=False, delete_original=False, **message)

    @app.action(action_id_pattern(ACTION_DIGEST))
    @logged("action_digest")
    async def digest(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                     respond: Respond) -> None:
        await ack()
        if await refused(body, context, respond, posting=True):
            return
        talk = await store.get_talk(str(action.get("value", ""))[:200])
        channel = (body.get("channel") or {}).get("id")
        if talk is None or not channel:
            await respond(replace_original=False, **render(STALE_BUTTON))
            return
        thread = await digest_commands.digest(store, talk.talk_id)
        if isinstance(thread, DigestThread):
            workspace = Workspace(context.team_id or "", context.enterprise_id)
            notice = await services.poster.post_requested(channel, thread, body.get("trigger_id") or "", workspace)
            if notice is not None:
                await respond(response_type="ephemeral", replace_original=False, text=notice)

    @app.action(action_id_pattern(ACTION_MORE_POINTS))
    @logged("action_more_points")
    async def more_points(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                            respond: Respond) -> None:
        await ack()
        if await refused(body, context, respond):
            return
        value = _json_value(action)
        talk_id = value.get("id")
        async with services.answer_slots:
            reply = (await commands.more_points(store, talk_id, _int(value.get("start"))) if isinstance(talk_id, str)
                     else STALE_BUTTON)
            message = render(reply)
        await respond(replace_original=False, **message)

    @app.action(action_id_pattern(ACTION_TALK_PAGE))
    @logged("action_talk_page")
    async def talk_page(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                            respond: Respond) -> None:
        await ack()
        if await refused(body, context, respond):
            return
        value = _json_value(action)
        paging = "page" in value and not isinstance(value.get("id"), str)
        where = _answer_clicker(body) if paging else {"replace_original": False}
        async with services.answer_slots:
            if isinstance(value.get("id"), str):
                reply = await commands.open_talk(store, value["id"])
                if isinstance(reply, TalkListReply):
                    reply.can_edit = await services.permissions.shows_edit_buttons(clicker(body, context))
            elif "page" in value:
                reply = await commands.all_talks(store, page=_int(value["page"]))
            else:
                reply = STALE_BUTTON
            message = render(reply)
        await respond(**where, **message)

    # Registered last: buttons this version no longer renders (messages posted by an older version).
    # Acked, so Slack does not mark the click failed, and the clicker learns why nothing happened.
    @app.action(re.compile(".*"))
    @logged("action_unknown")
    async def unknown_action(ack, body: dict, respond) -> None:
        await ack()
        if body.get("response_url"):
            await respond(replace_original=False, response_type="ephemeral", **render(OUTDATED))
