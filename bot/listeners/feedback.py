"""Feedback: 👍/👎 buttons on private answers, the 👎 modal, reactions on the bot's public messages,
and *Ask again* on the App Home tab.

Every value that comes back from Slack (a button's answer ref, a modal's private_metadata, a
reaction's message) is looked up before it is used: a ref that names no kept answer, or another
person's answer, changes nothing and gets a private line. Public messages are never edited.
"""

from __future__ import annotations

import logging
import re
import time
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.ack.async_ack import AsyncAck
from slack_bolt.context.async_context import AsyncBoltContext
from slack_sdk.web.async_client import AsyncWebClient

from handlers import commands, mentions
from handlers.blocks import (
    ACTION_ASK_AGAIN,
    ACTION_VOTE_DOWN,
    ACTION_VOTE_UP,
    COMMENT_BLOCK,
    FEEDBACK_MODAL,
    MAX_COMMENT,
    REASON_BLOCK,
    action_id_pattern,
    feedback_modal,
)
from handlers.replies import Reply
from store.state import Workspace
from store.usage import DOWN, REASONS, UP, VIA_BUTTON, VIA_REACTION, Question, digest_answer, question_answer

from ..permissions import Requester, org_of
from ..services import Services
from ..slack_client import SLACK_FAILURES, Respond, describe_failure
from .request_log import logged

log = logging.getLogger(__name__)
_REF_RE = re.compile(r"^[A-Za-z0-9_-]{8,40}$")
UP_REACTIONS, DOWN_REACTIONS = frozenset({"+1", "thumbsup"}), frozenset({"-1", "thumbsdown"})
GONE = "That answer is no longer stored (answers are kept for a limited time), so nothing was recorded."
NOT_YOURS = "You can only rate answers that were given to you. Nothing was recorded."
THANKS = {UP: "Thanks for the 👍, noted.", DOWN: "Thanks, noted 👎."}
CHANGED = {UP: "Changed your vote to 👍.", DOWN: "Changed your vote to 👎."}
ASK_GONE = "That question is no longer stored (questions are kept for a limited time). Please ask it anew."
FORM_FAILED = "Noted 👎. (I couldn't open the form to ask what was wrong; Slack may have been slow.)"


def _ref(value: object) -> str | None:
    return value if isinstance(value, str) and _REF_RE.match(value) else None


def _workspace(context: AsyncBoltContext) -> Workspace:
    return Workspace(context.team_id or "", context.enterprise_id)


def register(app: AsyncApp, services: Services) -> None:
    """Register the vote buttons, the 👎 modal, reactions and *Ask again*."""
    state = services.state

    async def own_question(ref: str | None, user: str, respond: Respond) -> Question | None:
        """The clicker's own kept question ``ref``; else a private line, and None."""
        question = await state.question(ref) if ref else None
        if question is None:
            await respond(replace_original=False, response_type="ephemeral", text=GONE)
            return None
        if question.user_id != user:
            await respond(replace_original=False, response_type="ephemeral", text=NOT_YOURS)
            return None
        return question

    async def vote_button(value: int, ack: AsyncAck, action: dict[str, Any], body: dict[str, Any],
                          context: AsyncBoltContext, client: AsyncWebClient, respond: Respond) -> None:
        await ack()
        user = str((body.get("user") or {}).get("id", ""))
        question = await own_question(_ref(action.get("value")), user, respond)
        if question is None:
            return
        opened = True
        if value == DOWN:  # the form first: a trigger_id is good for 3 seconds only
            try:
                await client.views_open(trigger_id=str(body.get("trigger_id", "")), view=feedback_modal(question.ref))
            except SLACK_FAILURES as error:
                opened = False
                log.warning("feedback form not opened error=%s", describe_failure(error))
        change = await state.record_vote(question_answer(question.ref), user, value, VIA_BUTTON, time.time(),
                                         _workspace(context))
        if not change.recorded:
            await respond(replace_original=False, response_type="ephemeral", text=GONE)
        elif value == DOWN and opened:
            return  # the form is the reply
        elif value == DOWN:
            await respond(replace_original=False, response_type="ephemeral", text=FORM_FAILED)
        else:
            text = CHANGED[value] if change.previous not in (None, value) else THANKS[value]
            await respond(replace_original=False, response_type="ephemeral", text=text)

    @app.action(action_id_pattern(ACTION_VOTE_UP))
    @logged("vote_up")
    async def vote_up(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                      client: AsyncWebClient, respond: Respond) -> None:
        await vote_button(UP, ack, action, body, context, client, respond)

    @app.action(action_id_pattern(ACTION_VOTE_DOWN))
    @logged("vote_down")
    async def vote_down(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                        client: AsyncWebClient, respond: Respond) -> None:
        await vote_button(DOWN, ack, action, body, context, client, respond)

    @app.view(FEEDBACK_MODAL)
    @logged("feedback_form")
    async def feedback_form(ack: AsyncAck, body: dict[str, Any], view: dict[str, Any]) -> None:
        await ack()  # closes the form at once; the reason is recorded after
        user = str((body.get("user") or {}).get("id", ""))
        ref = _ref(view.get("private_metadata"))
        values = (view.get("state") or {}).get("values") or {}
        chosen = ((values.get(REASON_BLOCK) or {}).get(REASON_BLOCK) or {}).get("selected_option") or {}
        reason = chosen.get("value")
        comment = ((values.get(COMMENT_BLOCK) or {}).get(COMMENT_BLOCK) or {}).get("value")
        if ref is None or reason not in REASONS:
            log.info("feedback form ignored: not a form this bot opened")
            return
        text = " ".join(str(comment).split())[:MAX_COMMENT] if comment else None
        explained = await state.explain_vote(question_answer(ref), user, str(reason), text or None, time.time())
        if not explained:
            log.info("feedback form ignored: no 👎 vote to explain (answer gone or vote taken back)")

    async def reaction_vote(event: dict[str, Any], context: AsyncBoltContext) -> tuple[str, str, int] | None:
        """(answer, user, value) of a 👍/👎 reaction on one of the bot's answers or digest parents, else None."""
        item = event.get("item") or {}
        user = str(event.get("user", ""))
        name = str(event.get("reaction", "")).split("::")[0]
        value = UP if name in UP_REACTIONS else DOWN if name in DOWN_REACTIONS else None
        if value is None or item.get("type") != "message" or not user or user == context.bot_user_id:
            return None
        if not context.bot_user_id or event.get("item_user") != context.bot_user_id:
            return None  # someone else's message
        channel, ts = str(item.get("channel", "")), str(item.get("ts", ""))
        question = await state.question_answered_by(channel, ts)
        if question is not None:
            return question_answer(question.ref), user, value
        digest = await state.digest_by_parent(channel, ts)
        if digest is not None:
            return digest_answer(digest.digest_id), user, value
        return None

    @app.event("reaction_added")
    @logged("reaction_added")
    async def reaction_added(event: dict[str, Any], context: AsyncBoltContext) -> None:
        vote = await reaction_vote(event, context)
        if vote is not None:
            answer, user, value = vote
            await state.record_vote(answer, user, value, VIA_REACTION, time.time(), _workspace(context))

    @app.event("reaction_removed")
    @logged("reaction_removed")
    async def reaction_removed(event: dict[str, Any], context: AsyncBoltContext) -> None:
        vote = await reaction_vote(event, context)
        if vote is not None:
            await state.withdraw_vote(*vote)

    @app.action(action_id_pattern(ACTION_ASK_AGAIN))
    @logged("ask_again")
    async def ask_again(ack: AsyncAck, action: dict[str, Any], body: dict[str, Any], context: AsyncBoltContext,
                        client: AsyncWebClient) -> None:
        await ack()
        user = str((body.get("user") or {}).get("id", ""))
        ref = _ref(action.get("value"))
        question = await state.question(ref) if ref else None
        if question is None or question.user_id != user:
            log.info("ask again ignored: not a kept question of the clicker")
            await client.chat_postMessage(channel=user, text=ASK_GONE)
            return
        denied = await services.permissions.may_read(Requester(user, None, org_of(context)))
        if denied is not None:
            await client.chat_postMessage(channel=user, text=denied.text)
            return
        asked = services.recorder.asking(user_id=user, channel=user, via=question.via, text=question.text,
                                         workspace=_workspace(context), channel_hint="directmessage")
        async with services.answer_slots:
            asked.reply = await _answer_again(services, question)
            message = services.rendered_answer(asked.reply, feedback=asked.ref if asked.is_question else None)
        posted = await client.chat_postMessage(channel=user, unfurl_links=False, **message)
        asked.channel = str(posted.get("channel") or user)
        services.recorder.record_later(asked)


async def _answer_again(services: Services, question: Question) -> Reply:
    """The same question through the same handler as the first time."""
    if question.via == "define":
        return await commands.define(services.store, question.text)
    if question.via == "talk":
        return await commands.talk(services.store, question.text)
    return await mentions.answer(services.store, question.text)
