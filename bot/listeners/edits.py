"""Team edits from buttons and forms (issue 16): *Set video link* on talk cards, a key point's overflow menu
(*Wrong timestamp*, *Inaccurate*, *Suggest a fix*), and their modals.

A key point's menu is on public digest replies too, so everyone sees it: who may do what is checked on use.

A click opens a form with the click's ``trigger_id`` (good for 3 seconds, once). What comes back from
Slack (a button's value, a form's ``private_metadata`` and fields) is checked again when the form is
submitted, and so is the permission: a form answers in itself (``response_action``): a problem under its
field (the form stays open, nothing is written) or the outcome in its place.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext
from slack_sdk.web.async_client import AsyncWebClient

from handlers import corrections, edits
from handlers.blocks import (
    ACTION_ACCEPT_SUGGESTION,
    ACTION_CORRECT,
    ACTION_REJECT_SUGGESTION,
    ACTION_SET_VIDEO,
    CORRECTION_MODAL,
    FLAG_BLOCK,
    HIDE_BLOCK,
    STAMP_BLOCK,
    TEXT_BLOCK,
    VIDEO_MODAL,
    VIDEO_URL_BLOCK,
    action_id_pattern,
    result_view,
    video_modal,
)
from handlers.replies import Notice
from store.edits import MAX_URL

from ..permissions import Requester, org_of
from ..services import Services
from ..slack_client import SLACK_FAILURES, Respond, describe_failure
from .request_log import logged

log = logging.getLogger(__name__)
FORM_NOT_OPENED = "I couldn't open the form (Slack may have been slow); please click again."


def clicker(body: dict[str, Any], context: AsyncBoltContext) -> Requester:
    """Who clicked or submitted, and where (a form has no channel)."""
    return Requester(str((body.get("user") or {}).get("id", "")), (body.get("channel") or {}).get("id"),
                     org_of(context))


def workspace_of(context: AsyncBoltContext) -> tuple[str, str | None]:
    return (context.team_id or "", context.enterprise_id)


def metadata(view: dict[str, Any]) -> dict[str, Any]:
    """A form's ``private_metadata`` (JSON written by handlers.blocks); {} when it is not ours."""
    try:
        value = json.loads(view.get("private_metadata") or "")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def field(view: dict[str, Any], block_id: str) -> Any:
    """A form field's submitted value: text, or a selected option's value (None when absent)."""
    element = (((view.get("state") or {}).get("values") or {}).get(block_id) or {}).get(block_id) or {}
    if "selected_option" in element:
        return (element.get("selected_option") or {}).get("value")
    if "selected_options" in element:
        return [option.get("value") for option in element.get("selected_options") or [] if isinstance(option, dict)]
    return element.get("value")


async def answer_form(ack: AsyncAck, outcome: Notice | edits.FieldProblem, block_id: str, title: str) -> None:
    """Acknowledge a submitted form: a problem under ``block_id``'s field, else the outcome in the form's place."""
    if isinstance(outcome, edits.FieldProblem):
        await ack(response_action="errors", errors={outcome.block_id or block_id: outcome.text})
    else:
        await ack(response_action="update", view=result_view(title, outcome.text))


async def open_form(client: AsyncWebClient, body: dict[str, Any], view: dict[str, Any], respond: Respond) -> None:
    try:
        await client.views_open(trigger_id=str(body.get("trigger_id", "")), view=view)
    except SLACK_FAILURES as error:
        log.warning("edit form not opened error=%s", describe_failure(error))
        await respond(replace_original=False, response_type="ephemeral", text=FORM_NOT_OPENED)


def register(app: AsyncApp, services: Services) -> None:
    """Register the edit buttons and their forms."""
    store, permissions = services.store, services.permissions

    @app.action(action_id_pattern(ACTION_SET_VIDEO))
    @logged("action_set_video")
    async def set_video_button(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any],
                               context: AsyncBoltContext, client: AsyncWebClient, respond: Respond) -> None:
        await ack()
        denied = await permissions.may_edit(clicker(body, context))
        if denied is not None:
            await respond(replace_original=False, response_type="ephemeral", text=denied.text)
            return
        talk = await edits.video_form(store, action.get("value"))
        if isinstance(talk, Notice):
            await respond(replace_original=False, response_type="ephemeral", text=talk.text)
            return
        await open_form(client, body, video_modal(talk, MAX_URL), respond)

    @app.view(VIDEO_MODAL)
    @logged("video_form")
    async def video_form(ack: AsyncAck, body: dict[str, Any], view: dict[str, Any],
                         context: AsyncBoltContext) -> None:
        who = clicker(body, context)
        denied = await permissions.may_edit(who)
        if denied is not None:
            await answer_form(ack, Notice(denied.text), VIDEO_URL_BLOCK, "Video link")
            return
        outcome = await edits.submit_video(store, metadata(view).get("talk"), field(view, VIDEO_URL_BLOCK),
                                           who.user_id, time.time(), workspace_of(context), str(view.get("id", "")))
        await answer_form(ack, outcome, VIDEO_URL_BLOCK, "Video link")

    async def say_privately(respond: Respond, text: str) -> None:
        await respond(replace_original=False, response_type="ephemeral", text=text)

    @app.action(action_id_pattern(ACTION_CORRECT))
    @logged("action_correct")
    async def correct_menu(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                           client: AsyncWebClient, respond: Respond) -> None:
        await ack()
        applies = await permissions.edits_apply(clicker(body, context))  # members suggest
        if not isinstance(applies, bool):
            await say_privately(respond, applies.text)
            return
        chosen = await corrections.chosen_point(store, (action.get("selected_option") or {}).get("value"))
        if isinstance(chosen, Notice):
            await say_privately(respond, chosen.text)
            return
        await open_form(client, body, corrections.form_for(*chosen, submit="Save" if applies else "Suggest"),
                        respond)

    @app.view(CORRECTION_MODAL)
    @logged("correction_form")
    async def correction_form(ack: AsyncAck, body: dict[str, Any], view: dict[str, Any],
                              context: AsyncBoltContext) -> None:
        who = clicker(body, context)
        applies = await permissions.edits_apply(who)  # checked again: the form may have waited a while
        if not isinstance(applies, bool):
            await answer_form(ack, Notice(applies.text), STAMP_BLOCK, "Correction")
            return
        fields = {block: field(view, block) for block in (STAMP_BLOCK, TEXT_BLOCK, FLAG_BLOCK, HIDE_BLOCK)}
        outcome = await corrections.submit_correction(store, metadata(view), fields, who.user_id, time.time(),
                                                      workspace_of(context), str(view.get("id", "")),
                                                      suggest=not applies)
        await answer_form(ack, outcome, STAMP_BLOCK, "Correction" if applies else "Suggestion")

    async def decide(accept: bool, ack: AsyncAck, action: dict[str, Any], body: dict[str, Any],
                     context: AsyncBoltContext, client: AsyncWebClient, respond: Respond) -> None:
        await ack()
        who = clicker(body, context)
        denied = await permissions.may_edit(who)  # the report's buttons are in a channel: anyone sees them
        if denied is not None:
            await say_privately(respond, denied.text)
            return
        decided = await edits.decide(store, action.get("value"), accept, who.user_id, time.time(),
                                     workspace_of(context))
        await say_privately(respond, decided.notice.text)
        if decided.suggester and decided.suggester_notice and decided.suggester != who.user_id:
            try:  # the suggester hears privately, in their DM with the bot
                await client.chat_postMessage(channel=decided.suggester, text=decided.suggester_notice.text)
            except SLACK_FAILURES as error:
                log.warning("suggester not told of a decision error=%s", describe_failure(error))

    @app.action(action_id_pattern(ACTION_ACCEPT_SUGGESTION))
    @logged("action_accept_suggestion")
    async def accept_suggestion(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any],
                                context: AsyncBoltContext, client: AsyncWebClient, respond: Respond) -> None:
        await decide(True, ack, action, body, context, client, respond)

    @app.action(action_id_pattern(ACTION_REJECT_SUGGESTION))
    @logged("action_reject_suggestion")
    async def reject_suggestion(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any],
                                context: AsyncBoltContext, client: AsyncWebClient, respond: Respond) -> None:
        await decide(False, ack, action, body, context, client, respond)
