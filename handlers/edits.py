"""Team edits (issue 16): ``/talkbot video TALK URL``, ``alias SLIP = NAME``, ``aliases``, ``history [TERM|TALK]``,
``undo N``; ``/define TERM = …``.

Text in, reply out, callable without Slack; who may edit is decided before (bot/listeners/talkbot.py).
Every edit is a row in the store's ``team_edits`` table (store/edits.py), which is its audit record.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone

from store.concepts import STOPWORDS
from store.db import Store
from store.edits import (
    ACCEPT,
    ALIAS,
    CORRECT,
    DEFINE,
    MAX_ALIAS,
    MAX_ALIAS_WORDS,
    MAX_DEFINITION,
    MAX_TERM,
    REJECT,
    SUGGEST,
    UNDO,
    VIDEO,
    AlreadySubmitted,
    Edit,
    Proposal,
    describe_alias,
    describe_definition,
    proposal_of,
    split_point_target,
    video_url_problem,
)
from store.lexicon import phrase_key
from store.model import Talk, TeamAlias, shown_stamp
from store.text import clean_query, term_key, tokens

from .blocks import escape, mrkdwn
from .replies import Notice, PendingSuggestion

# /talkbot subcommands handled here; the others are handlers/talkbot_commands.py.
SUBCOMMANDS = ("video", "alias", "aliases", "history", "undo")
VIDEO_USAGE = ("*Usage:* `/talkbot video TALK URL` — TALK is the talk's id (from `/talk`) or its title, URL an "
               "http(s) link to its video; every timestamp of that talk then opens the video at that moment.")
UNDO_USAGE = "*Usage:* `/talkbot undo N` — N is the edit's number from `/talkbot history`."
ALREADY_SUBMITTED = Notice("This form was already sent, and its edit made once; nothing was changed again.")
TALK_GONE = Notice("That talk is no longer in the summaries (it may have been renamed or removed). Nothing was "
                   "changed.")


@dataclass(frozen=True)
class FieldProblem:
    """Why a form's field cannot be saved; shown under that field, the form stays open, nothing is written."""

    text: str
    block_id: str | None = None  # the field's block; None: the form's only field


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
                    workspace: tuple[str, str | None] = ("", None), *, suggest: bool = False) -> Notice:
    """``/talkbot video TALK URL``: applied at once (an editor's), or a suggestion (``suggest``: a member's)."""
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
    if suggest:
        return await suggest_edit(store, Proposal(VIDEO, talk=talk.talk_id, url=url), user_id, now, workspace)
    return await apply_video(store, talk, url, user_id, now, workspace)


async def apply_video(store: Store, talk: Talk, url: str, user_id: str, now: float,
                      workspace: tuple[str, str | None] = ("", None), *, form: str | None = None) -> Notice:
    """Set ``talk``'s video link to an already checked ``url``; ``form``: the modal it came from (once only)."""
    try:
        edit = await store.set_video_url(talk.talk_id, url, user_id, now, workspace, once=form)
    except AlreadySubmitted:
        return ALREADY_SUBMITTED
    if edit is None:  # the talk went away between the lookup and the write (an ingest)
        return Notice(f"The talk `{escape(talk.talk_id)}` is gone. Nothing was changed.")
    return Notice(f"Edit {edit.edit_id}: every timestamp of *{escape(talk.title)}* now links to "
                  f"{escape(url)}. `/talkbot undo {edit.edit_id}` reverts it.")


async def video_form(store: Store, talk_id: object) -> Talk | Notice:
    """The talk a *Set video link* button or form names (its value comes back from Slack: checked)."""
    talk = await store.get_talk(talk_id) if isinstance(talk_id, str) and 0 < len(talk_id) <= 200 else None
    return talk if talk is not None else TALK_GONE


async def submit_video(store: Store, talk_id: object, url: object, user_id: str, now: float,
                       workspace: tuple[str, str | None], form: str) -> Notice | FieldProblem:
    """The *Set video link* form, submitted: a problem with the URL (shown under the field), or the outcome."""
    url = str(url or "").strip()
    problem = video_url_problem(url) if url else "Paste the video's URL."
    if problem is not None:
        return FieldProblem(problem)
    talk = await video_form(store, talk_id)
    if isinstance(talk, Notice):
        return talk
    return await apply_video(store, talk, url, user_id, now, workspace, form=form)


async def history(store: Store, text: str) -> Notice:
    """``/talkbot history [TERM|TALK]``: the latest edits, all or one term's or talk's."""
    query = clean_query(text)
    target = None
    if query and await store.edit_history(term_key(query), limit=1):
        target = term_key(query)
    elif query:
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
    elif edit.kind == DEFINE:
        what = (f"team definition of `{escape(edit.target)}`: {escape(describe_definition(edit.before))} → "
                f"{escape(describe_definition(edit.after))}")
    elif edit.kind == CORRECT:
        what = describe_correction(edit)
    elif edit.kind == ALIAS:
        what = (f"alias `{escape(edit.target)}`: {escape(describe_alias(edit.before))} → "
                f"{escape(describe_alias(edit.after))}")
    elif edit.kind == SUGGEST:
        what = f"suggested: {describe_proposal(proposal_of(edit))}"
        if edit.undone_by is None:
            what += " _(open)_"
    elif edit.kind == ACCEPT:
        what = f"accepted suggestion {escape(edit.target)} (as edit {escape(edit.after or '?')})"
    elif edit.kind == REJECT:
        what = f"rejected suggestion {escape(edit.target)}"
    elif edit.kind == UNDO:
        what = f"undid edit {escape(edit.target)}"
    else:
        what = f"{escape(edit.kind)} of `{escape(edit.target)}`"
    undone = (f" _(undone by edit {edit.undone_by})_" if edit.undone_by is not None and edit.kind != SUGGEST else
              f" _(decided in edit {edit.undone_by})_" if edit.undone_by is not None else "")
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


# -- team definitions: /define TERM = text, /define TERM = see OTHER, /define forget TERM -----------------

DEFINE_EDIT_USAGE = (f"*Usage:* `/define TERM = text` (up to {MAX_DEFINITION} characters) adds a team definition, "
                     "`/define TERM = see OTHER` points TERM to OTHER, `/define forget TERM` removes a team "
                     "definition.")
_FORGET_RE = re.compile(r"^\s*forget\s+(\S.*)$", re.IGNORECASE | re.DOTALL)
_SLACK_SPECIAL_RE = re.compile(r"<!(?:subteam\^)?([\w-]+)(?:\|([^<>]*))?>")


def is_definition_edit(text: str) -> bool:
    """``/define`` text that edits rather than looks up: an ``=`` (never read as several terms), or ``forget TERM``."""
    return "=" in text or _FORGET_RE.match(text) is not None


def _user_text(text: str) -> str:
    """What someone typed, as written: Slack's special mentions as plain words, its escapes undone (display escapes)."""
    text = _SLACK_SPECIAL_RE.sub(lambda m: "@" + (m.group(2) or m.group(1)).lstrip("@"), text)
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    return " ".join(text.split())


def _term_problem(term: str) -> str | None:
    if not tokens(term):
        return f"“{escape(term)}” is no term: a term needs letters or digits." if term else DEFINE_EDIT_USAGE
    if len(term) > MAX_TERM:
        return f"That term is {len(term)} characters long; the limit is {MAX_TERM}."
    return None


async def edit_definition(store: Store, text: str, user_id: str, now: float,
                          workspace: tuple[str, str | None] = ("", None), *, suggest: bool = False) -> Notice:
    """``/define TERM = text | see OTHER`` and ``/define forget TERM``: applied at once (an editor's), or a
    suggestion (``suggest``: a member's)."""
    forget = _FORGET_RE.match(text) if "=" not in text else None
    if forget:
        term = clean_query(forget.group(1))
        if (problem := _term_problem(term)) is not None:
            return Notice(f"{problem} Nothing was changed.")
        edit = (await store.set_definition(term, None, None, user_id, now, workspace) if not suggest else
                await store.suggest_edit(Proposal(DEFINE, term=term), user_id, now, workspace))
        if edit is not None and suggest:
            return suggested(edit)
        if edit is None:
            return Notice(f"*{escape(term)}* has no team definition to forget; definitions from the talks stay "
                          "(a team definition complements them). Nothing was changed.")
        return Notice(f"Edit {edit.edit_id}: forgot the team definition of *{escape(term)}*. "
                      f"`/talkbot undo {edit.edit_id}` brings it back.")
    left, _, right = text.partition("=")
    term, value = clean_query(left), _user_text(right)
    if (problem := _term_problem(term)) is not None:
        return Notice(f"{problem} Nothing was changed.")
    if not value:
        return Notice(f"The definition of *{escape(term)}* is empty. {DEFINE_EDIT_USAGE} Nothing was changed.")
    if len(value) > MAX_DEFINITION:
        return Notice(f"That definition is {len(value)} characters long; the limit is {MAX_DEFINITION}. "
                      "Nothing was changed.")
    see = value[4:].strip() if value.casefold().startswith("see ") else None
    if see is not None:
        see = clean_query(see)
        if (problem := _term_problem(see)) is not None:
            return Notice(f"{problem} Nothing was changed.")
        if term_key(see) == term_key(term):
            return Notice(f"*{escape(term)}* cannot point to itself. Nothing was changed.")
        if suggest:
            return await suggest_edit(store, Proposal(DEFINE, term=term, see=see), user_id, now, workspace)
        edit = await store.set_definition(term, None, see, user_id, now, workspace)
        assert edit is not None
        return Notice(f"Edit {edit.edit_id}: `/define {escape(term)}` now shows *{escape(see)}*. "
                      f"`/talkbot undo {edit.edit_id}` reverts it.")
    if suggest:
        return await suggest_edit(store, Proposal(DEFINE, term=term, text=value), user_id, now, workspace)
    edit = await store.set_definition(term, value, None, user_id, now, workspace)
    assert edit is not None
    return Notice(f"Edit {edit.edit_id}: added the team definition of *{escape(term)}*: {escape(value)}\n"
                  f"`/talkbot undo {edit.edit_id}` reverts it.")


# -- corrections of key points in the history (handlers/corrections.py makes them) -------------------------

def describe_correction(edit: Edit) -> str:
    """A correction as the history shows it."""
    key = split_point_target(edit.target)
    where = f"key point {shown_stamp(key[1])} of `{escape(key[0])}`" if key else f"`{escape(edit.target)}`"
    return f"correction of {where}: {_state(edit.before)} → {_state(edit.after)}"


def _state(value: str | None) -> str:
    if value is None:
        return "as in the summaries"
    state = json.loads(value)
    parts = []
    if state.get("hidden"):
        parts.append("hidden")
    if state.get("seconds") is not None:
        parts.append(f"at {shown_stamp(int(state['seconds']))}")
    if state.get("text") is not None:
        parts.append(f"“{mrkdwn(str(state['text']), 200)}”")
    if state.get("flag"):
        parts.append(f"inaccurate: {mrkdwn(str(state['flag']), 200)}")
    return ", ".join(parts) or "as in the summaries"


# -- team aliases: /talkbot alias SLIP = NAME, /talkbot alias forget SLIP, /talkbot aliases ----------------

ALIAS_USAGE = ("*Usage:* `/talkbot alias SLIP = NAME` (for example `/talkbot alias Palace = Pallas`) reads a "
               "transcription slip as the name it stands for, in search and in every answer; "
               "`/talkbot alias forget SLIP` removes a team alias; `/talkbot aliases` lists them all.")
# Mentions, links and formatting: Slack sends them as <…> markup; the rest would be formatting on display.
_ALIAS_MARKUP_RE = re.compile(r"[<>|*`~\n]")


def _spelling(raw: str) -> str:
    """One side of an alias as typed (Slack's escapes undone, spaces collapsed)."""
    return " ".join(raw.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").split())


def _spelling_problem(raw: str) -> str | None:
    """Why one side of an alias is no spelling: empty, markup or a ping, no letters or digits, too long."""
    text = _spelling(raw)
    if not text:
        return ALIAS_USAGE
    if _ALIAS_MARKUP_RE.search(raw.replace("&lt;", "<").replace("&gt;", ">")):
        return "An alias is a plain spelling: no mentions, links or formatting."
    if not tokens(text):
        return f"“{escape(text)}” is no spelling: an alias needs letters or digits."
    if len(text) > MAX_ALIAS:
        return f"“{escape(text[:40])}…” is {len(text)} characters long; the limit is {MAX_ALIAS}."
    if len(tokens(text)) > MAX_ALIAS_WORDS:
        return f"“{escape(text)}” has {len(tokens(text))} words; an alias has at most {MAX_ALIAS_WORDS}."
    return None


def _alias_problem(variant: str, canonical: str, corpus: dict[str, str], team: list[TeamAlias]) -> str | None:
    """Why ``variant`` cannot be read as ``canonical``: itself, a common word, the corpus's own alias, or a chain
    (the name is itself a slip, or the slip is a name other slips stand for: no cycles, no slip of a slip)."""
    slip, name = phrase_key(variant), phrase_key(canonical)
    if slip == name:
        return f"“{escape(variant)}” cannot be an alias of itself."
    if all(word in STOPWORDS for word in slip.split()):
        return f"“{escape(variant)}” is a common word: read as another everywhere, it would garble every answer."
    slips = {phrase_key(written): target for written, target in corpus.items()}
    if slip in slips:
        if phrase_key(slips[slip]) == name:
            return f"aliases.toml already reads “{escape(variant)}” as *{escape(slips[slip])}*."
        return (f"aliases.toml reads “{escape(variant)}” as *{escape(slips[slip])}*; the corpus's aliases change "
                "there, not from Slack.")
    others = [alias for alias in team if phrase_key(alias.variant) != slip]
    if any(phrase_key(alias.variant) == slip and phrase_key(alias.canonical) == name for alias in team):
        return f"“{escape(variant)}” already reads as *{escape(canonical)}*."
    slips.update((phrase_key(alias.variant), alias.canonical) for alias in others)
    if name in slips:
        return (f"“{escape(canonical)}” is itself a slip for *{escape(slips[name])}*: write "
                f"`/talkbot alias {escape(variant)} = {escape(slips[name])}`.")
    stands_for = [written for written, target in [*corpus.items(), *((a.variant, a.canonical) for a in others)]
                  if phrase_key(target) == slip]
    if stands_for:
        return (f"“{escape(variant)}” is the name that {escape(', '.join(stands_for[:5]))} stand for; it cannot be a "
                "slip too.")
    return None


async def edit_alias(store: Store, text: str, user_id: str, now: float,
                     workspace: tuple[str, str | None] = ("", None)) -> Notice:
    """``/talkbot alias SLIP = NAME`` and ``/talkbot alias forget SLIP`` (editors)."""
    forget = _FORGET_RE.match(text) if "=" not in text else None
    corpus = store.lexicon.written
    if forget:
        if (problem := _spelling_problem(forget.group(1))) is not None:
            return Notice(f"{problem} Nothing was changed.")
        variant = _spelling(forget.group(1))
        edit = await store.set_alias(variant, None, user_id, now, workspace)
        if edit is None:
            written = {phrase_key(slip): target for slip, target in corpus.items()}
            if (target := written.get(phrase_key(variant))) is not None:
                return Notice(f"aliases.toml reads “{escape(variant)}” as *{escape(target)}*; the corpus's aliases "
                              "change there, not from Slack. Nothing was changed.")
            return Notice(f"“{escape(variant)}” is no team alias (`/talkbot aliases` lists them). Nothing was changed.")
        return Notice(f"Edit {edit.edit_id}: forgot the team alias {escape(describe_alias(edit.before))}. "
                      f"`/talkbot undo {edit.edit_id}` brings it back.")
    if "=" not in text:
        return Notice(ALIAS_USAGE)
    left, _, right = text.partition("=")
    for side in (left, right):
        if (problem := _spelling_problem(side)) is not None:
            return Notice(problem if problem == ALIAS_USAGE else f"{problem} Nothing was changed.")
    variant, canonical = _spelling(left), _spelling(right)
    if (problem := _alias_problem(variant, canonical, corpus, await store.team_aliases())) is not None:
        return Notice(f"{problem} Nothing was changed.")
    try:
        edit = await store.set_alias(variant, canonical, user_id, now, workspace)
    except ValueError:  # another editor's alias made this one a chain between our check and the write
        return Notice("The team's aliases changed meanwhile; `/talkbot aliases` shows them. Nothing was changed.")
    assert edit is not None
    return Notice(f"Edit {edit.edit_id}: “{escape(variant)}” now reads as *{escape(canonical)}* in search and in "
                  f"every answer. `/talkbot undo {edit.edit_id}` reverts it.")


async def list_aliases(store: Store) -> Notice:
    """``/talkbot aliases``: the team's aliases (who, when) and the corpus's (aliases.toml)."""
    lines = []
    team = await store.team_aliases()
    if team:
        lines.append("*Team aliases* (`/talkbot alias forget SLIP` removes one):")
        for alias in team:
            day = datetime.fromtimestamp(alias.created_at, timezone.utc).strftime("%Y-%m-%d")
            lines.append(f"• {escape(alias.variant)} → *{escape(alias.canonical)}* — added by "
                         f"<@{escape(alias.user_id)}>, {day} (edit {alias.edit_id})")
    else:
        lines.append("No team aliases yet. `/talkbot alias SLIP = NAME` adds one (editors).")
    by_name: dict[str, list[str]] = {}
    for written, canonical in store.lexicon.written.items():
        by_name.setdefault(canonical, []).append(written)
    if by_name:
        lines.append("*From the corpus* (aliases.toml):")
        lines += [f"• {escape(', '.join(slips))} → *{escape(name)}*" for name, slips in by_name.items()]
    return Notice("\n".join(lines))  # a section is cut at Slack's limit (blocks.section)


# -- members' suggestions (item 5): a member's edit waits for an editor -------------------------------------

SUGGESTION_GONE = Notice("What you suggested to change is no longer in the summaries. Nothing was sent.")


def suggested(edit: Edit) -> Notice:
    return Notice(f"Suggestion {edit.edit_id} sent to the editors: {describe_proposal(proposal_of(edit))}\n"
                  "You'll hear from me privately when one of them accepts or rejects it.")


async def suggest_edit(store: Store, proposal: Proposal, user_id: str, now: float,
                       workspace: tuple[str, str | None], *, form: str | None = None) -> Notice:
    """A member's edit, kept as a suggestion for the editors."""
    try:
        edit = await store.suggest_edit(proposal, user_id, now, workspace, once=form)
    except AlreadySubmitted:
        return ALREADY_SUBMITTED
    return SUGGESTION_GONE if edit is None else suggested(edit)


def describe_proposal(proposal: Proposal) -> str:
    """What a suggestion would change, in one line (escaped)."""
    if proposal.kind == VIDEO:
        return f"video link of `{escape(proposal.talk)}` → {escape(proposal.url or '')}"
    if proposal.kind == DEFINE:
        if proposal.see:
            return f"`/define {escape(proposal.term)}` to show *{escape(proposal.see)}*"
        if proposal.text is None:
            return f"forget the team definition of *{escape(proposal.term)}*"
        return f"team definition of *{escape(proposal.term)}*: {mrkdwn(proposal.text, 600)}"
    change = dict(proposal.change)
    where = f"key point {shown_stamp(proposal.at)} of `{escape(proposal.talk)}`"
    if change.get("hidden"):
        return f"hide {where} until it is fixed ({mrkdwn(str(change.get('flag') or ''), 300)})"
    if "flag" in change and change["flag"]:
        return f"mark {where} inaccurate: {mrkdwn(str(change['flag']), 300)}"
    if "text" in change:
        return f"{where} to read: {mrkdwn(str(change['text']), 600)}"
    seconds = change.get("seconds")
    return f"{where} to be at {shown_stamp(int(seconds) if seconds is not None else proposal.at)}"


async def pending_suggestions(store: Store, *, limit: int = 50) -> list[PendingSuggestion]:
    return [PendingSuggestion(edit.edit_id, edit.user_id, edit.created_at, describe_proposal(proposal_of(edit)))
            for edit in await store.open_suggestions(limit=limit)]


@dataclass(frozen=True)
class Decided:
    """An editor's click on *Accept* or *Reject*: what the editor is told, and what the suggester is told."""

    notice: Notice
    suggester: str | None = None
    suggester_notice: Notice | None = None


async def decide(store: Store, value: object, accept: bool, editor: str, now: float,
                 workspace: tuple[str, str | None]) -> Decided:
    """Accept or reject the suggestion a button names (its value came back from Slack: checked)."""
    number = value if isinstance(value, str) and value.isdigit() and len(value) <= 12 else None
    if number is None:
        return Decided(Notice("That button is from an older version of talkbot or was changed on the way; nothing "
                              "was changed. `/talkbot gaps` lists the open suggestions."))
    outcome = await store.decide_suggestion(int(number), accept, editor, now, workspace)
    if isinstance(outcome, str):
        return Decided(Notice(f"{outcome} Nothing was changed."))
    what = describe_proposal(proposal_of(outcome.suggestion))
    suggester = outcome.suggestion.user_id
    if outcome.applied is not None:
        undo = f"`/talkbot undo {outcome.applied.edit_id}` reverts it."
        return Decided(Notice(f"Accepted suggestion {number} by <@{escape(suggester)}>: {what}\nIt is edit "
                              f"{outcome.applied.edit_id}; {undo}"), suggester,
                       Notice(f"<@{escape(editor)}> accepted your suggestion {number}: {what}\nThanks!"))
    return Decided(Notice(f"Rejected suggestion {number} by <@{escape(suggester)}>: {what}\nI've told them."),
                   suggester, Notice(f"<@{escape(editor)}> did not take your suggestion {number}: {what}"))
