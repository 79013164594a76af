"""Team edits from ``/talkbot`` (issue 16): ``video TALK URL``, ``history [TALK]``, ``undo N``.

Text in, reply out, callable without Slack; who may edit is decided before (bot/listeners/talkbot.py).
Every edit is a row in the store's ``team_edits`` table (store/edits.py), which is its audit record.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

from store.db import Store
from store.edits import UNDO, VIDEO, Edit, video_url_problem
from store.model import Talk
from store.text import clean_query

from .blocks import escape
from .replies import Notice

# /talkbot subcommands handled here; the others are handlers/talkbot_commands.py.
SUBCOMMANDS = ("video", "history", "undo")
VIDEO_USAGE = ("*Usage:* `/talkbot video TALK URL` — TALK is the talk's id (from `/talk`) or its title, URL an "
               "http(s) link to its video; every timestamp of that talk then opens the video at that moment.")
UNDO_USAGE = "*Usage:* `/talkbot undo N` — N is the edit's number from `/talkbot history`."
# Slack sends links as <url> or <url|label> (and &amp; for & in them).
_LINK_RE = re.compile(r"<([^<>|\s]+)(?:\|[^<>]*)?>")


def split_video_args(text: str) -> tuple[str, str] | None:
    """``TALK URL`` -> (talk, url), unwrapping Slack's link markup; None without both."""
    text = _LINK_RE.sub(lambda link: link.group(1), text.strip())
    words = text.split()
    if len(words) < 2:
        return None
    url = words[-1].replace("&amp;", "&")
    return " ".join(words[:-1]), url


async def find_talk(store: Store, query: str) -> Talk | Notice:
    """The talk ``query`` names: its id, or its title (a single clear match); else a private reply saying why."""
    query = clean_query(query)
    if not query:
        return Notice(VIDEO_USAGE)
    talk = await store.get_talk(query) if len(query) <= 200 else None
    if talk is not None:
        return talk
    hits = await store.find_talks(query, limit=5)
    exact = [hit for hit in hits if hit.title.casefold() == query.casefold()]
    if len(exact) == 1 or len(hits) == 1:
        found = await store.get_talk((exact or hits)[0].talk_id)
        if found is not None:
            return found
    if not hits:
        return Notice(f"No talk is called “{escape(query)}”. `/talk` lists the talks with their ids. Nothing was "
                      "changed.")
    lines = "\n".join(f"• `{escape(hit.talk_id)}` — {escape(hit.title)}" for hit in hits)
    return Notice(f"Which talk do you mean? Use its id:\n{lines}\nNothing was changed.")


async def set_video(store: Store, text: str, user_id: str, now: float,
                    workspace: tuple[str, str | None] = ("", None)) -> Notice:
    """``/talkbot video TALK URL`` (editors)."""
    args = split_video_args(text)
    if args is None:
        return Notice(VIDEO_USAGE)
    query, url = args
    problem = video_url_problem(url)
    if problem is not None:
        return Notice(f"{problem} Nothing was changed.")
    talk = await find_talk(store, query)
    if isinstance(talk, Notice):
        return talk
    edit = await store.set_video_url(talk.talk_id, url, user_id, now, workspace)
    if edit is None:  # the talk went away between the lookup and the write (an ingest)
        return Notice(f"The talk `{escape(talk.talk_id)}` is gone. Nothing was changed.")
    return Notice(f"Edit {edit.edit_id}: every timestamp of *{escape(talk.title)}* now links to "
                  f"{escape(url)}. `/talkbot undo {edit.edit_id}` reverts it.")


async def history(store: Store, text: str) -> Notice:
    """``/talkbot history [TALK]``: the latest edits, all or one talk's."""
    query = clean_query(text)
    target = None
    if query:
        talk = await find_talk(store, query)
        if isinstance(talk, Notice):
            return talk
        target = talk.talk_id
    edits = await store.edit_history(target)
    if not edits:
        return Notice("No team edits yet." if target is None else f"No team edits of `{escape(target)}` yet.")
    return Notice("*Team edits, newest first:*\n" + "\n".join(describe(edit) for edit in edits))


def describe(edit: Edit) -> str:
    """One history line: number, when, who, what (before -> after)."""
    when = datetime.fromtimestamp(edit.created_at, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    if edit.kind == VIDEO:
        what = (f"video link of `{escape(edit.target)}`: {escape(edit.before or 'none')} → "
                f"{escape(edit.after or 'none')}")
    elif edit.kind == UNDO:
        what = f"undid edit {escape(edit.target)}"
    else:
        what = f"{escape(edit.kind)} of `{escape(edit.target)}`"
    undone = f" _(undone by edit {edit.undone_by})_" if edit.undone_by is not None else ""
    return f"• *{edit.edit_id}* {when} <@{escape(edit.user_id)}>: {what}{undone}"


async def undo(store: Store, text: str, user_id: str, now: float,
               workspace: tuple[str, str | None] = ("", None)) -> Notice:
    """``/talkbot undo N`` (editors)."""
    number = clean_query(text).lstrip("#")
    if not number.isdigit() or len(number) > 12:
        return Notice(UNDO_USAGE)
    result = await store.undo_edit(int(number), user_id, now, workspace)
    if isinstance(result, str):
        return Notice(f"{result} Nothing was changed.")
    return Notice(f"Edit {result.edit_id}: undid edit {number}.")
