"""A repeated /define is one kept answer (results and team definitions of one generation), never a stale one."""

from __future__ import annotations

from handlers import commands
from handlers.replies import DefineReply
from store.db import Store


async def _define(store: Store, text: str) -> DefineReply:
    reply = await commands.define(store, text)
    assert isinstance(reply, DefineReply)
    return reply


async def test_a_repeated_define_is_one_kept_answer_and_each_caller_gets_its_own_reply(store: Store) -> None:
    first = await _define(store, "XLA")
    hits_before = store.results.hits
    again = await _define(store, "XLA")
    assert store.results.hits == hits_before + 1  # one lookup, not the team definitions' two and the define's one
    assert again is not first and again.results == first.results and again.team == first.team
    again.shared_by = "U1"  # the share button sets it on its reply: the next caller's is untouched
    assert (await _define(store, "XLA")).shared_by is None


async def test_a_team_definition_added_after_a_kept_define_shows_at_once(store: Store) -> None:
    assert (await _define(store, "XLA")).team == {}
    await store.set_definition("XLA", "Our compiler of choice", None, "U1", 1.0)
    reply = await _define(store, "XLA")
    assert [(query, team.text) for query, team in reply.team.items()] == [("XLA", "Our compiler of choice")]
    await store.set_definition("Pallas kernel", None, "XLA", "U1", 2.0)
    pointed = await _define(store, "Pallas kernel")
    assert pointed.pointer is not None and pointed.pointer[0] == "Pallas kernel" and pointed.pointer[1].see == "XLA"
    assert pointed.results[0].query == "XLA" and pointed.team["XLA"].text == "Our compiler of choice"
