"""Slash-command answers: in the acknowledgement itself when they are ready at once, else through ``respond``.

Slack shows a message sent as the body of the acknowledgement straight away, with no second
request to ``response_url``; that saves the user a round trip to Slack and the bot an outbound
connection. Bolt's async runner polls for ``ack()`` every 10 ms, so an answer ready within
``services.ACK_ANSWER_BUDGET_SECONDS`` costs the acknowledgement nothing. Under load (every answer slot
busy) the request is acknowledged at once and answered later, so acks never queue behind answers.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from slack_bolt.context.ack.async_ack import AsyncAck

from ..permissions import Requester
from ..services import Services
from ..slack_client import Respond


async def answer_command(ack: AsyncAck, respond: Respond, services: Services,
                         compute: Callable[[], Awaitable[dict[str, Any]]]) -> None:
    """Run ``compute`` (a rendered message) and deliver it ephemerally, in the ack when it is quick."""
    if services.answer_slots.locked():
        await ack()
        async with services.answer_slots:
            message = await compute()
        await respond(response_type="ephemeral", **message)
        return
    async with services.answer_slots:
        task = asyncio.ensure_future(compute())
        try:
            done, _ = await asyncio.wait({task}, timeout=services.ack_answer_budget)
        except asyncio.CancelledError:
            task.cancel()  # asyncio.wait leaves it running
            raise
        if task in done and task.exception() is None:
            await ack(response_type="ephemeral", **task.result())
            return
        await ack()  # first, so a failure below reaches the user as an apology through response_url
        message = await task
    await respond(response_type="ephemeral", **message)


async def answer_command_for(who: Requester, ack: AsyncAck, respond: Respond, services: Services,
                             compute: Callable[[], Awaitable[dict[str, Any]]]) -> None:
    """``answer_command`` for someone who may read corpus content; a refusal is their one private line.

    A user whose facts are cached is decided at once (a refusal goes in the ack itself); anyone else
    is acknowledged first and looked up after, so a Slack lookup never delays the acknowledgement.
    """
    decided = services.permissions.decide_now(who)
    if decided is False:
        await ack()
        denied = await services.permissions.may_read(who)
        if denied is not None:
            await respond(response_type="ephemeral", text=denied.text)
            return
        async with services.answer_slots:
            message = await compute()
        await respond(response_type="ephemeral", **message)
        return
    if decided is not None:
        await ack(response_type="ephemeral", text=decided.text)
        return
    await answer_command(ack, respond, services, compute)
