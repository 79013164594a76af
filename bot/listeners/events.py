"""Events: mentions answered in their thread, and the App Home tab."""

from __future__ import annotations

from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.context.say.async_say import AsyncSay
from slack_sdk.web.async_client import AsyncWebClient

from handlers import mentions
from handlers.blocks import render_home
from handlers.replies import DigestThread, TalkHome
from store.state import Workspace

from ..services import Services
from .request_log import logged


def register(app: AsyncApp, services: Services) -> None:
    """Register app_mention and app_home_opened."""
    store, state = services.store, services.state

    @app.event("app_mention")
    @logged("mention")
    async def mention(event: dict[str, Any], context: AsyncBoltContext, say: AsyncSay) -> None:
        channel = event["channel"]
        parent = event.get("thread_ts")
        async with services.answer_slots:
            talk_id = await state.digest_thread_talk(channel, parent) if parent else None
            reply = await mentions.answer(store, event.get("text", ""), thread_talk_id=talk_id)
            message = {} if isinstance(reply, DigestThread) else services.rendered_answer(reply)
        thread_ts = parent or event["ts"]
        if isinstance(reply, DigestThread):
            workspace = Workspace(context.team_id or "", context.enterprise_id)
            notice = await services.poster.post_requested(channel, reply, f"mention-{event['ts']}", workspace)
            if notice is not None:
                await say(thread_ts=thread_ts, text=notice)
            return
        await say(thread_ts=thread_ts, unfurl_links=False, **message)

    @app.event("app_home_opened")
    @logged("home")
    async def home(event: dict[str, Any], client: AsyncWebClient) -> None:
        if event.get("tab", "home") != "home":
            return
        async with services.answer_slots:
            view = render_home(TalkHome(await store.list_talks()))
        await client.views_publish(user_id=event["user"], view=view)

