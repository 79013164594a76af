"""The question recorder (bot/usage.py): one task per process, waiting on the answer slots going idle.

Through the served app, tests/test_feedback.py checks what is recorded; here, when and what happens at
the edges: a record waits for a quiet moment, shutdown records what is queued at once, a full queue drops.
"""

from __future__ import annotations

import asyncio
import logging

import pytest
from slack_sdk.web.async_client import AsyncWebClient

from bot import usage
from bot.services import AnswerSlots
from bot.usage import RECORD_AFTER_SECONDS, RECORD_MAX_WAIT_SECONDS, UsageRecorder
from handlers import commands
from store.db import Store
from store.state import BotState, Workspace

DM_CHANNEL = "DRECORDER1"  # a DM: its type is known without asking Slack


def recorder_for(store: Store, state: BotState, slots: AnswerSlots) -> UsageRecorder:
    loop = asyncio.get_running_loop()
    # Nothing here asks Slack (DM channels); ``now`` is the loop's clock, so asked_at says when it was recorded.
    client = AsyncWebClient(token="xoxb-unused", base_url="http://127.0.0.1:9/api/")
    return UsageRecorder(state, client, store.word_data, now=loop.time, idle=slots.idle)


async def queue_question(recorder: UsageRecorder, store: Store, text: str = "XLA") -> str:
    asked = recorder.asking(user_id="UASKER1", channel=DM_CHANNEL, via="define", text=text, workspace=Workspace())
    asked.reply = await commands.define(store, text)
    recorder.record_later(asked)
    return asked.ref


async def test_a_record_waits_until_after_the_answer_and_for_the_answer_slots_to_go_idle(
        store: Store, state: BotState) -> None:
    slots = AnswerSlots()
    recorder = recorder_for(store, state, slots)
    loop = asyncio.get_running_loop()
    queued = loop.time()
    quiet_ref = await queue_question(recorder, store)
    await recorder.drain()
    quiet = await state.question(quiet_ref)
    assert quiet is not None and quiet.asked_at >= queued + RECORD_AFTER_SECONDS

    await slots.acquire()  # an answer is being computed
    assert not slots.idle.is_set()
    busy_ref = await queue_question(recorder, store)
    await asyncio.sleep(RECORD_AFTER_SECONDS + 0.1)
    released = loop.time()
    slots.release()
    assert slots.idle.is_set()
    await recorder.drain()
    busy = await state.question(busy_ref)
    assert busy is not None and busy.asked_at >= released
    await recorder.close()
    assert recorder.task is None


async def test_a_record_also_waits_for_a_slash_command_answered_without_a_slot(store: Store, state: BotState) -> None:
    slots = AnswerSlots()
    recorder = recorder_for(store, state, slots)
    loop = asyncio.get_running_loop()
    with slots.answering():  # a slash command being answered: no slot taken, and still not idle
        assert not slots.locked() and not slots.idle.is_set()
        ref = await queue_question(recorder, store)
        await asyncio.sleep(RECORD_AFTER_SECONDS + 0.1)
        done = loop.time()
    assert slots.idle.is_set()
    await recorder.drain()
    recorded = await state.question(ref)
    assert recorded is not None and recorded.asked_at >= done
    await recorder.close()


async def test_close_records_what_is_queued_without_waiting_for_a_quiet_moment(store: Store, state: BotState) -> None:
    slots = AnswerSlots()
    recorder = recorder_for(store, state, slots)
    await slots.acquire()  # busy until after close: only close can make these records go
    refs = [await queue_question(recorder, store, text) for text in ("XLA", "HLO", "Pallas")]
    loop = asyncio.get_running_loop()
    started = loop.time()
    await asyncio.sleep(0)  # the recorder task holds the first question and waits
    await recorder.close()
    assert loop.time() - started < RECORD_MAX_WAIT_SECONDS
    assert [q is not None for q in [await state.question(ref) for ref in refs]] == [True, True, True]
    assert recorder.task is None
    slots.release()


async def test_a_full_queue_drops_questions_and_says_so_once(
        store: Store, state: BotState, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(usage, "RECORD_QUEUE_SIZE", 2)
    recorder = recorder_for(store, state, AnswerSlots())
    with caplog.at_level(logging.WARNING, logger="bot.usage"):
        refs = [await queue_question(recorder, store) for _ in range(5)]
        await recorder.close()
    assert recorder.dropped == 3
    assert [r.getMessage() for r in caplog.records if "queue full" in r.getMessage()] == [
        "recording queue full (2 questions); questions are not recorded until it drains"]
    assert any("dropped 3 questions" in r.getMessage() for r in caplog.records)
    kept = [ref for ref in refs if await state.question(ref) is not None]
    assert kept == refs[:2]
