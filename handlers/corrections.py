"""Corrections of one key point (issue 16, item 4): the overflow menu's *Wrong timestamp*, *Inaccurate* and
*Suggest a fix*, their forms, and what a submitted form changes.

A correction is keyed by the talk id and the point's stamp in the corpus (store/edits.py), so it survives an
ingest and can be exported. Everything that comes back from Slack (the option's value, the form's
``private_metadata`` and fields) is checked here before anything is written; a problem with a field is
said under it (the form stays open), anything else in the form's place, and nothing is written.
"""

from __future__ import annotations

import re
from typing import Any

from store.db import Store
from store.edits import CORRECT, MAX_CORRECTED_TEXT, MAX_FLAG, MAX_STAMP_SECONDS, AlreadySubmitted, Proposal
from store.model import CORRECTION_KINDS, INACCURATE, WRONG_STAMP, KeyPoint, Talk, shown_stamp

from .blocks import (
    FLAG_BLOCK,
    HIDE_BLOCK,
    STAMP_BLOCK,
    TEXT_BLOCK,
    correction_modal,
    escape,
    mrkdwn,
    parse_point_menu_value,
)
from .edits import ALREADY_SUBMITTED, TALK_GONE, FieldProblem, suggest_edit
from .replies import Notice

POINT_GONE = Notice("That key point is no longer in the summaries (the talk was re-ingested without it, or it "
                    "moved). Nothing was changed.")
NOT_OURS = Notice("That menu is from an older version of talkbot or was changed on the way; nothing was changed. "
                  "Open the talk again with `/talk`.")
_STAMP_RE = re.compile(r"^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$")


def parse_stamp(text: str) -> int | None:
    """Seconds of ``12:34`` or ``1:02:03`` (what a stamp looks like in answers); None if it is none."""
    match = _STAMP_RE.match(text.strip())
    if match is None:
        return None
    hours, minutes, seconds = int(match.group(1) or 0), int(match.group(2)), int(match.group(3))
    if seconds >= 60 or (match.group(1) and minutes >= 60):
        return None
    total = hours * 3600 + minutes * 60 + seconds
    return total if total <= MAX_STAMP_SECONDS else None


async def chosen_point(store: Store, value: object) -> tuple[str, Talk, KeyPoint] | Notice:
    """The choice and the key point an overflow option names (its value came back from Slack: checked)."""
    parsed = parse_point_menu_value(value)
    if parsed is None:
        return NOT_OURS
    kind, talk_id, at = parsed
    return await _point(store, kind, talk_id, at)


async def _point(store: Store, kind: str, talk_id: str, at: int) -> tuple[str, Talk, KeyPoint] | Notice:
    if await store.get_talk(talk_id) is None:
        return TALK_GONE
    found = await store.key_point(talk_id, at)
    if found is None:
        return POINT_GONE
    return kind, *found


def form_for(kind: str, talk: Talk, point: KeyPoint, *, submit: str = "Save") -> dict[str, Any]:
    return correction_modal(kind, talk, point, submit=submit, max_text=MAX_CORRECTED_TEXT, max_flag=MAX_FLAG)


def _one_line(text: object) -> str:
    """Typed text with its whitespace collapsed (shown escaped, so pings and markup stay text)."""
    return " ".join(str(text or "").split())


def change_of(kind: str, point: KeyPoint, fields: dict[str, Any]) -> dict[str, Any] | FieldProblem:
    """What a submitted form changes on the point (``fields``: block id -> submitted value), or a field's problem."""
    if kind == WRONG_STAMP:
        typed = _one_line(fields.get(STAMP_BLOCK))
        seconds = parse_stamp(typed)
        if seconds is None:
            return FieldProblem(f"“{typed[:20]}” is no timestamp: write minutes and seconds (12:34) or hours too "
                                "(1:02:03).", STAMP_BLOCK)
        if seconds == point.seconds:
            return FieldProblem(f"The point is already at {shown_stamp(seconds)}.", STAMP_BLOCK)
        return {"seconds": None if seconds == point.at else seconds}
    if kind == INACCURATE:
        flag = _one_line(fields.get(FLAG_BLOCK))
        if not flag:
            return FieldProblem("Say briefly what is wrong.", FLAG_BLOCK)
        if len(flag) > MAX_FLAG:
            return FieldProblem(f"That is {len(flag)} characters long; the limit is {MAX_FLAG}.", FLAG_BLOCK)
        hide = fields.get(HIDE_BLOCK)
        return {"flag": flag, "hidden": isinstance(hide, list) and "hide" in hide}
    text = _one_line(fields.get(TEXT_BLOCK))
    if not text:
        return FieldProblem("The corrected text is empty.", TEXT_BLOCK)
    if len(text) > MAX_CORRECTED_TEXT:
        return FieldProblem(f"That text is {len(text)} characters long; the limit is {MAX_CORRECTED_TEXT}.",
                            TEXT_BLOCK)
    if text == point.text and not point.correction:
        return FieldProblem("That is the text the point has; change it, or cancel.", TEXT_BLOCK)
    # A fix is what "hide until fixed" waits for: it shows the point again, without the inaccurate mark.
    return {"text": text, "flag": None, "hidden": False}


def form_point(metadata: dict[str, Any]) -> tuple[str, str, int] | None:
    """(kind, talk id, stamp in the corpus) from a submitted form's ``private_metadata``; None if not ours."""
    kind, talk_id, at = metadata.get("kind"), metadata.get("talk"), metadata.get("at")
    if kind not in CORRECTION_KINDS or not isinstance(talk_id, str) or not 0 < len(talk_id) <= 200:
        return None
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= MAX_STAMP_SECONDS:
        return None
    return str(kind), talk_id, at


async def submit_correction(store: Store, metadata: dict[str, Any], fields: dict[str, Any], user_id: str, now: float,
                            workspace: tuple[str, str | None], form: str, *, suggest: bool = False
                            ) -> Notice | FieldProblem:
    """A submitted correction form: applied at once (an editor's), or a suggestion (``suggest``: a member's)."""
    key = form_point(metadata)
    if key is None:
        return NOT_OURS
    found = await _point(store, *key)
    if isinstance(found, Notice):
        return found
    kind, talk, point = found
    change = change_of(kind, point, fields)
    if isinstance(change, FieldProblem):
        return change
    if suggest:
        proposal = Proposal(CORRECT, talk=talk.talk_id, at=point.at, change=tuple(change.items()), choice=kind)
        return await suggest_edit(store, proposal, user_id, now, workspace, form=form)
    try:
        edit = await store.correct_point(talk.talk_id, point.at, change, user_id, now, workspace, once=form)
    except AlreadySubmitted:
        return ALREADY_SUBMITTED
    if edit is None:
        return POINT_GONE
    if isinstance(edit, str):
        return Notice(f"{edit} Nothing was changed.")
    return Notice(f"Edit {edit.edit_id}: {describe_change(kind, change, talk, point)} "
                  f"`/talkbot undo {edit.edit_id}` reverts it.")


def describe_change(kind: str, change: dict[str, Any], talk: Talk, point: KeyPoint) -> str:
    where = f"the key point at {point.stamp} of *{mrkdwn(talk.title, 200)}*"
    if kind == WRONG_STAMP:
        seconds = change["seconds"] if change["seconds"] is not None else point.at
        return f"{where} now shows at {shown_stamp(seconds)}, corrected by you."
    if kind == INACCURATE:
        if change["hidden"]:
            return f"{where} is hidden from answers until it is fixed (*Suggest a fix* on it, or an undo)."
        return f"{where} is marked inaccurate: {escape(change['flag'])}"
    return f"{where} now reads: {mrkdwn(change['text'], 1500)}"
