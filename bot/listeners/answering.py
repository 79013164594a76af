"""Slash-command answers: in the acknowledgement itself when they are ready at once, else through ``respond``.

Slack shows a message sent as the body of the acknowledgement straight away, with no second
request to ``response_url``; that saves the user a round trip to Slack and the bot an outbound
connection. Bolt's async runner polls for ``ack()`` every 10 ms, so an answer ready within
``services.ACK_ANSWER_BUDGET_SECONDS`` costs the acknowledgement nothing. Every command tries for that,
even in a burst: a repeated question is answered from the store's cache in well under a millisecond,
and sending it in the ack spares the response_url request that made burst answers queue for the
outbound pool. An answer that is not ready in time (a new question) is acknowledged first and sent
through ``respond`` after, so acks never wait for answers.

Commands take no answer slot (``AnswerSlots.answering`` only keeps the recorder waiting): their
searches already run one at a time under the store's lock, and a kept answer is done without waiting
at all. Queued for a slot, it waited one turn of the event loop per answer ahead of it, and in a burst
most missed the ack (BENCHMARKS.md §11, bursts).
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
                         compute: Callable[[], Awaitable[dict[str, Any]]], budget: float | None = None) -> None:
    """Run ``compute`` (a rendered message) and deliver it ephemerally, in the ack when it is ready within
    ``budget`` seconds (default ``services.ack_answer_budget``)."""
    async def answering() -> dict[str, Any]:
        with services.answer_slots.answering():
            return await compute()

    task = asyncio.ensure_future(answering())
    try:
        # A budget of 0 sends every answer through response_url (a cached answer would be done at once).
        budget = services.ack_answer_budget if budget is None else budget
        done = (await asyncio.wait({task}, timeout=budget))[0] if budget > 0 else set()
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

    A user whose facts are cached is decided at once. Anyone else is looked up first (``users.info``: slash
    commands carry no guest flags, and nothing is shown before the decision), for at most
    ``services.user_lookup_ack_bound``: a prompt lookup leaves the first answer, or the refusal, in the ack
    like any later one; a slow one is not waited for: the ack goes out empty and the answer follows through
    ``respond`` once Slack has said who asked.
    An answer may need the asker's facts too (``/talk`` offers editors' buttons): for a first-time asker it
    is waited for within the same bound, so a policy that reads without a lookup answers them in the ack too.
    """
    permissions = services.permissions
    bound = services.user_lookup_ack_bound
    started = asyncio.get_running_loop().time()
    first_time = not permissions.knows(who.user_id)
    decided = permissions.decide_now(who)
    if decided is False:
        lookup = asyncio.ensure_future(permissions.may_read(who))  # the lookup itself is shared and bounded
        try:
            looked_up = (await asyncio.wait({lookup}, timeout=bound))[0] if bound > 0 else set()
        except asyncio.CancelledError:
            lookup.cancel()
            raise
        if lookup not in looked_up:
            await ack()
            denied = await lookup
            if denied is not None:
                await respond(response_type="ephemeral", text=denied.text)
                return
            with services.answer_slots.answering():
                message = await compute()
            await respond(response_type="ephemeral", **message)
            return
        decided = lookup.result()
    if decided is not None:
        await ack(response_type="ephemeral", text=decided.text)
        return
    budget = services.ack_answer_budget
    if first_time and budget > 0:  # 0 keeps meaning "every answer through response_url"
        budget = max(budget, bound - (asyncio.get_running_loop().time() - started))
    await answer_command(ack, respond, services, compute, budget)
