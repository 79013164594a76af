"""Events: questions (mentions, direct messages), the App Home tab, and the bot introducing itself in a new channel.

A question is answered where it was asked: a mention in its thread (a new thread under a mention at
the top level), a direct message in the DM (in its thread if it was sent in one). The answering
layer keeps what each thread was about, so follow-ups there resolve against it.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.context.say.async_say import AsyncSay
from slack_sdk.web.async_client import AsyncWebClient

from handlers import mentions
from handlers.blocks import render_home, render_home_notice
from handlers.permissions import Denial, introduction
from handlers.replies import DigestThread, Notice, TalkHome
from store.state import Workspace

from ..permissions import Requester, org_of
from ..services import Services
from ..slack_client import SLACK_FAILURES, describe_failure
from ..uploads import is_file_share, take_upload
from .request_log import logged

log = logging.getLogger(__name__)
DM_CONVERSATION = ""  # the memory key of a direct message's main conversation (not a thread)


def is_question_to_bot(event: dict[str, Any], bot_user_id: str | None) -> bool:
    """A person's new message in a DM with the bot: not an edit or a deletion (any subtype), not a bot's post
    (the bot's own answers included), not a channel message (questions there arrive as app_mention)."""
    return (event.get("channel_type") == "im" and not event.get("subtype") and not event.get("bot_id")
            and bool(event.get("user")) and event.get("user") != bot_user_id)


def register(app: AsyncApp, services: Services) -> None:
    """Register app_mention, message (direct messages), app_home_opened, member_joined_channel, app_uninstalled
    and tokens_revoked (reactions: listeners/feedback.py)."""
    store, state, permissions = services.store, services.state, services.permissions

    async def tell_privately(client: AsyncWebClient, event: dict, denied: Denial) -> None:
        """The one private line for someone the bot will not answer here."""
        await client.chat_postEphemeral(channel=event["channel"], user=event["user"], text=denied.text,
                                        thread_ts=event.get("thread_ts"))

    async def answer_question(event: dict[str, Any], context: AsyncBoltContext, client: AsyncWebClient,
                              say: AsyncSay, *, reply_in: str | None, memory_key: str,
                              new_thread: bool = False) -> None:
        """Answer ``event``'s text against its thread's memory and post the answer in ``reply_in`` (a thread ts,
        or None for a DM's main conversation); ``new_thread``: the question starts that thread (no memory yet)."""
        channel = event["channel"]
        who = Requester(str(event.get("user", "")), channel, org_of(context))
        if not who.user_id:
            return  # not from a person (Slack names the user of every mention a person writes)
        denied = await permissions.may_read(who)
        if denied is not None:
            await tell_privately(client, event, denied)
            return
        workspace = Workspace(context.team_id or "", context.enterprise_id)
        public = event.get("channel_type") != "im"  # a DM is seen by its asker only
        asked = services.recorder.asking(user_id=who.user_id, channel=channel, via="mention" if public else "dm",
                                         text=event.get("text", ""), thread_ts=memory_key, workspace=workspace,
                                         channel_hint=None if public else "directmessage")
        async with services.answer_slots:
            reply = await mentions.answer(store, event.get("text", ""), state=state, channel=channel,
                                          thread_ts=memory_key, workspace=workspace, new_thread=new_thread)
            asked.reply = reply
            feedback = asked.ref if asked.is_question and not public else None  # public answers: reactions
            message = ({} if isinstance(reply, DigestThread)
                       else services.rendered_answer(reply, public=public, feedback=feedback))
        if isinstance(reply, DigestThread):
            denied = await permissions.may_post_digest(who)
            if denied is not None:
                await tell_privately(client, event, denied)
                return
            notice = await services.poster.post_requested(channel, reply, f"mention-{event['ts']}", workspace)
            if notice is not None:
                await say(thread_ts=reply_in, text=notice)
            return
        if reply_in:
            message["thread_ts"] = reply_in
        posted = await say(unfurl_links=False, **message)
        asked.message_ts = str(posted.get("ts") or "") or None
        services.recorder.record_later(asked)  # after the answer went out; reactions on it are votes

    @app.event("app_mention")
    @logged("mention")
    async def mention(event: dict[str, Any], context: AsyncBoltContext, client: AsyncWebClient,
                      say: AsyncSay) -> None:
        if event.get("bot_id") or event.get("subtype") == "bot_message":
            # Decided: mentions from other bots are not answered. Two bots that answer each other would
            # loop, and a bot has no use for a glossary answer; bolt already ignores this bot's own.
            log.info("mention from another bot ignored bot_id=%s channel=%s", event.get("bot_id"), event.get("channel"))
            return
        thread_ts = event.get("thread_ts") or event["ts"]
        # A mention at the top level starts its thread: no follow-up can have been answered in it yet.
        await answer_question(event, context, client, say, reply_in=thread_ts, memory_key=thread_ts,
                              new_thread=not event.get("thread_ts"))

    @app.event("message")
    @logged("direct_message")
    async def direct_message(event: dict[str, Any], context: AsyncBoltContext, client: AsyncWebClient,
                             say: AsyncSay) -> None:
        if is_file_share(event):  # an export an editor sends to be added to the corpus
            who = Requester(str(event.get("user", "")), str(event.get("channel", "")), org_of(context))
            result = await take_upload(event, who, client, services, services.ingest_lock)
            await say(text=result.text, unfurl_links=False)
            return
        if not is_question_to_bot(event, context.bot_user_id):
            return
        thread_ts = event.get("thread_ts")
        await answer_question(event, context, client, say, reply_in=thread_ts,
                              memory_key=thread_ts or DM_CONVERSATION)

    # One deployment serves one workspace: once Slack takes the bot's token back, nothing can be posted.
    @app.event("app_uninstalled")
    @logged("app_uninstalled")
    async def uninstalled(event: dict) -> None:
        await services.poster.stop_all("the app was uninstalled from the workspace")
        purged = await state.purge_people_data()  # nobody can ask for deletion any more: delete it all now
        log.warning("app uninstalled: deleted everything kept about people (%s)",
                    " ".join(f"{kind}={count}" for kind, count in sorted(purged.counts.items())))

    @app.event("tokens_revoked")
    @logged("tokens_revoked")
    async def tokens_revoked(event: dict) -> None:
        if (event.get("tokens") or {}).get("bot"):  # user tokens (this app has none) change nothing
            await services.poster.stop_all("Slack revoked the bot's token")

    @app.event("app_home_opened")
    @logged("home")
    async def home(event: dict[str, Any], context: AsyncBoltContext, client: AsyncWebClient) -> None:
        if event.get("tab", "home") != "home":
            return
        denied = await permissions.may_read(Requester(str(event.get("user", "")), None, org_of(context)))
        if denied is not None:
            view = render_home_notice(Notice(denied.text))
        else:
            async with services.answer_slots:
                view = render_home(TalkHome(await store.list_talks(), await state.recent_questions(event["user"])))
        await client.views_publish(user_id=event["user"], view=view)

    @app.event("member_joined_channel")
    @logged("joined")
    async def joined(event: dict, context: AsyncBoltContext, client: AsyncWebClient) -> None:
        """Introduce the bot once per channel when it is added (the record survives restarts)."""
        channel = str(event.get("channel", ""))
        if not context.bot_user_id or event.get("user") != context.bot_user_id or not channel:
            return  # someone else joined
        if not permissions.channel_enabled(channel):
            log.info("added to a channel outside TALKBOT_CHANNELS channel=%s: no introduction", channel)
            return
        workspace = Workspace(context.team_id or "", context.enterprise_id)
        if not await state.claim_introduction(channel, workspace, time.time()):
            return
        try:
            await client.chat_postMessage(channel=channel, text=introduction(permissions.policy))
        except SLACK_FAILURES as error:
            await state.forget_introduction(channel)  # the next time the bot is added, it tries again
            log.warning("introduction failed channel=%s error=%s", channel, describe_failure(error))
