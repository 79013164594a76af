"""Block Kit rendering of reply models: the one place that knows Slack's message format.

Every user- or corpus-derived string that goes into mrkdwn or ``text`` is escaped (``&``, ``<``,
``>``) first and truncated after, never inside an entity, so ``<!channel>`` typed by a user shows
as text instead of pinging. Limits are Slack's: 50 blocks, 3,000 characters per section, 150 per
header, 75 per button label, 2,000 per button value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from store.model import (
    CORRECTION_KINDS,
    FIX,
    INACCURATE,
    WRONG_STAMP,
    KeyPoint,
    PointCorrection,
    PointHit,
    Slip,
    Talk,
    TalkHit,
    TeamDefinition,
    TermDefinition,
    TermHit,
)
from store.state import WEEKDAY_NAMES, Subscription
from store.usage import DM, PUBLIC, REASONS, Question

from .replies import (
    AnswerReply,
    CuratorReport,
    DefineReply,
    DigestChoice,
    DigestPreview,
    DigestThread,
    GapsReply,
    Notice,
    OwnHistory,
    PendingSuggestion,
    Reply,
    ScheduleReply,
    StatsReply,
    TalkHome,
    TalkListReply,
    TalkPointsReply,
)
from .wording import say

MAX_BLOCKS = 50
MAX_HOME_BLOCKS = 100
MAX_SECTION = 3000
MAX_HEADER = 150
MAX_BUTTON_TEXT = 75
MAX_BUTTON_VALUE = 2000
MAX_CONTEXT = 2000
MAX_FALLBACK = 3000
MAX_ACTIONS = 25
# Hosts whose links take the moment as t=SECONDS; other video hosts share no offset parameter.
YOUTUBE_HOSTS = frozenset({"youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be", "www.youtube-nocookie.com"})

# Action ids: one place, used by rendering and by the bot's action listeners.
ACTION_DEFINE = "define_lookup"
ACTION_DEFINE_ALL = "define_all"
ACTION_SHARE = "define_share"
ACTION_DIGEST = "talk_digest"
ACTION_MORE_POINTS = "talk_more_points"
ACTION_TALK_PAGE = "talk_page"
ACTION_VOTE_UP = "feedback_up"
ACTION_VOTE_DOWN = "feedback_down"
ACTION_ASK_AGAIN = "home_ask_again"
ACTION_SET_VIDEO = "talk_set_video"
ACTION_CORRECT = "point_correct"  # a key point's overflow menu
ACTION_ACCEPT_SUGGESTION, ACTION_REJECT_SUGGESTION = "suggestion_accept", "suggestion_reject"
ACTION_IDS = (ACTION_DEFINE, ACTION_DEFINE_ALL, ACTION_SHARE, ACTION_DIGEST, ACTION_MORE_POINTS, ACTION_TALK_PAGE,
              ACTION_VOTE_UP, ACTION_VOTE_DOWN, ACTION_ASK_AGAIN, ACTION_SET_VIDEO, ACTION_CORRECT,
              ACTION_ACCEPT_SUGGESTION, ACTION_REJECT_SUGGESTION)
MAX_SUGGESTIONS_SHOWN = 8  # two blocks each, so gaps and the report stay well under 50 blocks
FEEDBACK_BLOCK = "feedback"
FEEDBACK_MODAL = "feedback_reason"  # the 👎 modal's callback_id
REASON_BLOCK, COMMENT_BLOCK = "reason", "comment"
MAX_COMMENT = 500
VIDEO_MODAL = "set_video_link"  # the Set video link modal's callback_id
VIDEO_URL_BLOCK = "video_url"
MAX_MODAL_TITLE = 24
CORRECTION_MODAL = "point_correction"  # the key-point correction modal's callback_id
STAMP_BLOCK, TEXT_BLOCK, FLAG_BLOCK, HIDE_BLOCK = "stamp", "point_text", "what_is_wrong", "hide"
MAX_OPTION_VALUE = 150
CORRECTION_CHOICES = {WRONG_STAMP: "Wrong timestamp", INACCURATE: "Inaccurate", FIX: "Suggest a fix"}


def action_id_pattern(action_id: str) -> re.Pattern[str]:
    """Matches ``action_id`` and the ``action_id:n`` that ``actions()`` gives its repeats."""
    return re.compile(rf"^{re.escape(action_id)}(?::\d+)?$")


def escape(text: str) -> str:
    """Escape Slack's control characters; ampersand first."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def truncate(text: str, limit: int) -> str:
    """Cut already-escaped text to ``limit`` characters with an ellipsis, never inside ``&...;``."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    amp = cut.rfind("&")
    if amp != -1 and ";" not in cut[amp:]:
        cut = cut[:amp]
    space = cut.rfind(" ")
    if space > limit * 0.8:
        cut = cut[:space]
    return cut.rstrip() + "…"


def mrkdwn(text: str, limit: int = MAX_SECTION) -> str:
    """Escape then truncate one piece of corpus or user text for mrkdwn."""
    return truncate(escape(text), limit)


def plain(text: str, limit: int) -> str:
    """Text for plain_text fields (headers, buttons): no markup is parsed there, only the length counts."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def header(text: str) -> dict[str, Any]:
    return {"type": "header", "text": {"type": "plain_text", "text": plain(text, MAX_HEADER) or "talkbot"}}


def section(text: str) -> dict[str, Any]:
    """A section of already-escaped mrkdwn, truncated to Slack's limit."""
    return {"type": "section", "text": {"type": "mrkdwn", "text": truncate(text, MAX_SECTION) or " "}}


def context(text: str) -> dict[str, Any]:
    return {"type": "context", "elements": [{"type": "mrkdwn", "text": truncate(text, MAX_CONTEXT) or " "}]}


def button(label: str, action_id: str, value: str | dict[str, Any], *, style: str | None = None) -> dict[str, Any]:
    raw = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    element = {
        "type": "button",
        "text": {"type": "plain_text", "text": plain(label, MAX_BUTTON_TEXT) or "…"},
        "action_id": action_id,
        "value": raw[:MAX_BUTTON_VALUE],
    }
    if style:
        element["style"] = style
    return element


def actions(elements: list[dict[str, Any]], block_id: str | None = None) -> dict[str, Any]:
    """An actions block; a repeated ``action_id`` gets a ``:n`` suffix, since Slack rejects duplicates in a block."""
    seen: dict[str, int] = {}
    unique = []
    for element in elements[:MAX_ACTIONS]:
        action_id = element["action_id"]
        count = seen.get(action_id, 0)
        seen[action_id] = count + 1
        unique.append({**element, "action_id": f"{action_id}:{count}"} if count else element)
    block = {"type": "actions", "elements": unique}
    if block_id:
        block["block_id"] = block_id
    return block


def message(fallback: str, blocks: list[dict[str, Any]], *, limit: int = MAX_BLOCKS) -> dict[str, Any]:
    """A message payload: escaped fallback ``text`` plus at most ``limit`` blocks."""
    if len(blocks) > limit:
        blocks = blocks[: limit - 1] + [context("_More results were left out to fit one message._")]
    return {"text": truncate(fallback, MAX_FALLBACK) or " ", "blocks": blocks}


def is_youtube(url: str) -> bool:
    return (urlsplit(url).hostname or "").lower() in YOUTUBE_HOSTS


def timestamp_link(point: KeyPoint | PointHit, video_url: str | None) -> str:
    """The stamp as shown ("9:54", not the export's "0:9:54"), linked to that moment of the video when there is one.

    YouTube takes the moment as ``t=`` seconds; other hosts get the video itself (no offset they all read).
    A discussion highlight has no stamp: it says what it is instead.
    """
    if isinstance(point, PointHit) and point.kind == "highlight":
        return "_Discussion highlight_ ·"
    if isinstance(point, PointHit) and point.kind == "entry":
        return "_Glossary_ ·"
    label, seconds = escape(point.stamp), point.seconds
    if not video_url:
        return f"`{label}`"
    url = video_url.replace("|", "%7C").replace(">", "%3E").replace("<", "%3C")
    if not is_youtube(video_url):
        return f"<{url}|{label}>"
    joiner = "&" if "?" in video_url else "?"
    return f"<{url}{joiner}t={seconds}|{label}>"


def speakers_line(speakers: Iterable[str]) -> str:
    names = [escape(s) for s in speakers]
    return ", ".join(names) if names else "speakers not named"


def slips_note(slips: Iterable[Slip]) -> str:
    """"Pallas (transcribed as “Palace”)" for each slip shown under its canonical name; "" without any."""
    return "; ".join(escape(slip.note()) for slip in slips)


def merged_note(talk: Talk) -> str:
    """Says that a talk's key points merge several summaries, and where they are."""
    if len(talk.summaries) < 2:
        return ""
    where = ", ".join(escape(f"{s.file}:{s.line}") for s in talk.summary_sources)
    return f"Merged from {len(talk.summaries)} summaries of this talk ({where}); each moment once."


# -- /define -----------------------------------------------------------------------------

def _term_title(name: str, expansions: Iterable[str]) -> str:
    title = f"*{mrkdwn(name, 200)}*"
    shown = [e for e in expansions if e.casefold() != name.casefold()]
    if shown:
        title += f" ({mrkdwn(' / '.join(shown), 300)})"
    return title


def _defined_in(definitions: Sequence[TermDefinition], talks: int, lang: str = "en") -> dict[str, Any]:
    shown = _unique_talks(definitions)
    titles = ", ".join(mrkdwn(d.talk_title, 120) for d in shown)
    more = say(lang, "and_more", count=talks - len(shown)) if talks > len(shown) else ""
    return context(say(lang, "defined_in", count=talks, titles=titles + more))


def _term_blocks(hit: TermHit, *, expanded: bool, compact: bool, lang: str = "en") -> list[dict[str, Any]]:
    """A term's card: its definition and talks, or, for a term with several senses, each sense with its talks
    (the bot's words in ``lang``)."""
    senses = hit.senses
    notes = []
    if hit.alias_note:
        notes.append(f"_{mrkdwn(hit.alias_note, 200)}_")
    if hit.slips:
        notes.append(f"_{truncate(slips_note(hit.slips), 400)}_")
    if len(senses) <= 1:
        expansions = senses[0].expansions if senses else ((hit.expansion,) if hit.expansion else ())
        lines = [_term_title(hit.term, expansions), *notes,
                 mrkdwn(hit.definitions[0].definition, 2200 if not compact else 600)]
        blocks = [section("\n".join(lines)),
                  _defined_in(hit.definitions, hit.talk_count or len({d.talk_id for d in hit.definitions}), lang)]
        if expanded:
            for definition in hit.definitions[1:]:
                blocks.append(section(f"_{mrkdwn(definition.talk_title, 150)}:_ {mrkdwn(definition.definition, 2500)}"))
        return blocks
    blocks = [section("\n".join([f"*{mrkdwn(hit.term, 200)}* · {say(lang, 'senses', count=len(senses))}", *notes]))]
    for number, sense in enumerate(senses, 1):
        first, *rest = sense.definitions
        title = _term_title(f"{number}. {sense.name}", sense.expansions)
        blocks.append(section(f"{title}\n{mrkdwn(first.definition, 400 if compact else 1200)}"))
        blocks.append(_defined_in(sense.definitions, len(sense.talk_ids), lang))
        if expanded:
            for definition in rest:
                blocks.append(section(f"_{mrkdwn(definition.talk_title, 150)}:_ {mrkdwn(definition.definition, 2500)}"))
    return blocks


def _unique_talks(definitions: Iterable[TermDefinition]) -> list[TermDefinition]:
    seen: dict[str, TermDefinition] = {}
    for d in definitions:
        seen.setdefault(d.talk_id, d)
    return list(seen.values())


def _added_by(definition: TeamDefinition) -> str:
    day = datetime.fromtimestamp(definition.created_at, timezone.utc).strftime("%Y-%m-%d")
    return f"added by <@{escape(definition.user_id)}>, {day}"


def _team_blocks(definition: TeamDefinition, *, compact: bool, alone: bool) -> list[dict[str, Any]]:
    """A team definition: one more sense of a corpus term, or the only one (``alone``)."""
    title = f"*{mrkdwn(definition.term, 200)}*" if alone else "_Team definition:_"
    return [section(f"{title}\n{mrkdwn(definition.text or '', 600 if compact else 1200)}"),
            context(_added_by(definition))]


def _pointer_line(asked: str, pointer: TeamDefinition) -> dict[str, Any]:
    """The team pointed the asked term to another: "_asked_ → *OTHER* (added by …)"."""
    return context(f"_{mrkdwn(asked, 200)}_ → *{mrkdwn(pointer.see or '', 200)}* ({_added_by(pointer)})")


def render_define(reply: DefineReply, *, public: bool = False) -> dict[str, Any]:
    """The definitions; ``public`` (a mention's answer, seen by everyone) gets no *Share in channel* button."""
    results = reply.results
    blocks: list[dict[str, Any]] = []
    fallback: list[str] = []
    compact = len(results) > 1
    if reply.shared_by:
        blocks.append(context(f"Shared by <@{escape(reply.shared_by)}>"))
    if reply.pointer is not None:
        blocks.append(_pointer_line(*reply.pointer))
    for result in results:
        team = reply.team.get(result.query)
        if result.hits and result.hits[0].match != "fuzzy":
            for hit in result.hits[: 1 if compact else 3]:
                blocks.extend(_term_blocks(hit, expanded=reply.expanded, compact=compact))
                fallback.append(f"{escape(hit.term)}: {escape(hit.definitions[0].definition)}")
            if team is not None:
                blocks.extend(_team_blocks(team, compact=compact, alone=False))
        elif team is not None:
            blocks.extend(_team_blocks(team, compact=compact, alone=True))
            fallback.append(f"{escape(team.term)}: {escape(team.text or '')}")
        else:
            # A near spelling of another term (GSPMD -> SPMD) is offered, never shown as the answer.
            blocks.append(section(f"No entry for *{mrkdwn(result.query, 200)}*."))
            fallback.append(f"No entry for {escape(result.query)}.")
            suggestions = list(dict.fromkeys([hit.term for hit in result.hits] + list(result.suggestions)))
            if suggestions:
                blocks.append(context("Did you mean:"))
                blocks.append(actions([button(name, ACTION_DEFINE, name) for name in suggestions[:5]]))
        if compact:
            blocks.append({"type": "divider"})
    if compact and blocks and blocks[-1]["type"] == "divider":
        blocks.pop()
    query = ", ".join(r.query for r in results)
    if any(r.hits and r.hits[0].match != "fuzzy" for r in results) and not reply.shared_by:
        share = button("Share in channel", ACTION_SHARE, {"q": query[:1500], "all": reply.expanded})
        buttons = [] if public else [share]
        if not reply.expanded and any(len(h.definitions) > 1 for r in results for h in r.hits):
            buttons.append(button("All definitions", ACTION_DEFINE_ALL, query[:1500]))
        if buttons:
            blocks.append(actions(buttons))
    return message("\n".join(fallback), blocks)


# -- /talk -------------------------------------------------------------------------------

def _talk_line(hit: TalkHit) -> str:
    first_sentence = hit.summary.split(". ")[0]
    line = f"*{mrkdwn(hit.title, 200)}* — {speakers_line(hit.speakers)}\n{mrkdwn(first_sentence, 280)}"
    if hit.slips:
        line += f"\n_{truncate(slips_note(hit.slips), 300)}_"
    if hit.matched:
        line += f"\n_matched: {mrkdwn(', '.join(hit.matched[:4]), 300)}_"
    return line


def talk_card(talk: Talk, *, points: int = 3, can_edit: bool = False) -> list[dict[str, Any]]:
    """The first talk's card: title, speakers, summary, its first key points and its buttons (``can_edit``: the
    asker is an editor, who gets *Set video link*)."""
    summary = talk.summaries[0]
    highlights = f" · {len(talk.highlights)} discussion highlights" if talk.highlights else ""
    blocks = [
        header(talk.title),
        context(f"{speakers_line(talk.speakers)} · {len(talk.key_points)} key points{highlights}"
                f" · `{escape(talk.talk_id)}`"),
    ]
    notes = [note for note in (merged_note(talk), slips_note(talk.slips)) if note]
    if notes:
        blocks.append(context("\n".join(f"_{note}_" for note in notes)))
    blocks.append(section(mrkdwn(summary.text, 1200)))
    blocks.extend(point_section(talk, point) for point in talk.key_points[:points])
    buttons = [button("Post digest thread here", ACTION_DIGEST, talk.talk_id, style="primary")]
    if len(talk.key_points) > points:
        buttons.append(button("More key points", ACTION_MORE_POINTS, {"id": talk.talk_id, "start": points}))
    if can_edit:
        buttons.append(button("Set video link", ACTION_SET_VIDEO, talk.talk_id))
    blocks.append(actions(buttons))
    return blocks


def _highlight_sections(talk: Talk) -> list[dict[str, Any]]:
    """The talk's discussion highlights under their own heading (they have no stamps)."""
    lines = [f"• *{mrkdwn(h.title, 200)}*: {mrkdwn(h.text, 600)}" if h.title != h.text else f"• {mrkdwn(h.text, 600)}"
             for h in talk.highlights]
    return _chunked_sections("*Discussion highlights*", lines) if lines else []


def _point_line(point: KeyPoint, video_url: str | None) -> str:
    title = f"*{mrkdwn(point.title, 200)}*: " if point.title else ""
    return f"{timestamp_link(point, video_url)} {title}{mrkdwn(point.text, 600)}{correction_note(point.correction)}"


def correction_note(correction: PointCorrection | None) -> str:
    """What a key point shown corrected says about it: who corrected it, or who marked it inaccurate and why."""
    if correction is None:
        return ""
    who = f"<@{escape(correction.user_id)}>"
    note = f" _(corrected by {who})_" if correction.seconds is not None or correction.text is not None else ""
    if correction.flag:
        note += f"\n:warning: _marked inaccurate by {who}: {mrkdwn(correction.flag, 300)}_"
    return note


def point_menu_value(kind: str, talk_id: str, point: KeyPoint) -> str:
    """An overflow option's value: what was chosen, and the point's stable key (its stamp in the corpus, the talk)."""
    return f"{kind}:{point.at}:{talk_id}"


def parse_point_menu_value(value: object) -> tuple[str, str, int] | None:
    """(kind, talk id, stamp in the corpus) from an option value that came back from Slack; None if not ours."""
    if not isinstance(value, str) or len(value) > MAX_OPTION_VALUE:
        return None
    kind, _, rest = value.partition(":")
    at, _, talk_id = rest.partition(":")
    if kind not in CORRECTION_KINDS or not at.isdigit() or len(at) > 6 or not talk_id:
        return None
    return kind, talk_id, int(at)


def point_section(talk: Talk, point: KeyPoint) -> dict[str, Any]:
    """A key point with its overflow menu (*Wrong timestamp*, *Inaccurate*, *Suggest a fix*)."""
    block = section(_point_line(point, talk.video_url))
    options = [{"text": {"type": "plain_text", "text": label}, "value": point_menu_value(kind, talk.talk_id, point)}
               for kind, label in CORRECTION_CHOICES.items()]
    if all(len(option["value"]) <= MAX_OPTION_VALUE for option in options):
        block["accessory"] = {"type": "overflow", "action_id": ACTION_CORRECT, "options": options}
    return block


def render_talk_list(reply: TalkListReply) -> dict[str, Any]:
    blocks: list[dict[str, Any]] = []
    if not reply.talks:
        return message(
            f"No talk matches {escape(reply.query)}.",
            [section(f"No talk matches *{mrkdwn(reply.query, 200)}*. Try fewer words, or `/talk` to list all talks.")],
        )
    if reply.first is not None:
        blocks.extend(talk_card(reply.first, points=reply.points_shown, can_edit=reply.can_edit))
        if reply.talks and reply.talks[0].talk_id == reply.first.talk_id and reply.talks[0].matched:
            blocks.insert(2, context(f"_matched: {mrkdwn(', '.join(reply.talks[0].matched[:4]), 300)}_"))
    others = [hit for hit in reply.talks if reply.first is None or hit.talk_id != reply.first.talk_id]
    if others:
        if reply.first is not None:
            blocks.append({"type": "divider"})
            blocks.append(context("Also matching:"))
        for hit in others:
            blocks.append(section(_talk_line(hit)))
            blocks.append(actions([button("Open", ACTION_TALK_PAGE, {"id": hit.talk_id})]))
    if reply.pages > 1:
        nav = []
        if reply.page > 0:
            nav.append(button("Previous", ACTION_TALK_PAGE, {"q": "", "page": reply.page - 1}))
        if reply.page + 1 < reply.pages:
            nav.append(button("Next", ACTION_TALK_PAGE, {"q": "", "page": reply.page + 1}))
        blocks.append(context(f"Page {reply.page + 1} of {reply.pages}"))
        if nav:
            blocks.append(actions(nav))
    fallback = "\n".join(escape(h.title) + (f" ({', '.join(escape(s) for s in h.speakers)})" if h.speakers else "")
                         for h in reply.talks)
    return message(fallback, blocks)


def render_talk_points(reply: TalkPointsReply) -> dict[str, Any]:
    talk = reply.talk
    points = talk.key_points
    shown = points[reply.start : reply.start + reply.count]
    blocks = [header(talk.title)]
    for point in shown:
        blocks.append(point_section(talk, point))
    end = reply.start + len(shown)
    buttons = [button("Post digest thread here", ACTION_DIGEST, talk.talk_id, style="primary")]
    if end < len(points):
        buttons.append(button("More key points", ACTION_MORE_POINTS, {"id": talk.talk_id, "start": end}))
    else:
        blocks.extend(_highlight_sections(talk))  # after the last key point, what the discussion brought up
    blocks.append(context(f"Key points {reply.start + 1}–{end} of {len(points)}"))
    blocks.append(actions(buttons))
    return message(f"{escape(talk.title)}: key points {reply.start + 1}–{end}", blocks)


# -- answers to questions (mentions, DMs) -----------------------------------------------

_SENTENCE_END_RE = re.compile(r"(?<=[a-zäöüß0-9)]{3}[.!?])\s+(?=[A-ZÄÖÜ])")
_NUMBER_RE = re.compile(r"(?<![\w*])(\d[\d.,]*(?:\s?(?:-?fache[nrs]?|-?fach|[x×%]|mal|ms|s\b|Minuten|Sekunden|Stunden|"
                        r"Tokens?/s\w*|Token/Sekunde))?)")


def first_sentence(text: str) -> str:
    """The first sentence of a corpus text ("z. B." does not end one)."""
    return _SENTENCE_END_RE.split(text.strip(), maxsplit=1)[0]


def _highlight_numbers(escaped: str) -> str:
    """Bold the numbers of already-escaped text (never inside an ``&...;`` entity)."""
    return _NUMBER_RE.sub(lambda m: f"*{m.group(1)}*", escaped) if "&" not in escaped else escaped


def _lead_line(hit: PointHit, lang: str, *, numbers: bool) -> str:
    stamp = timestamp_link(hit, hit.video_url)
    sentence = mrkdwn(first_sentence(hit.text), 600)
    if numbers:
        sentence = _highlight_numbers(sentence)
    title = f"*{mrkdwn(hit.title, 200)}*: " if hit.title else ""
    key = {"highlight": "lead_highlight", "entry": "lead_entry"}.get(hit.kind, "lead_point")
    return say(lang, key, stamp=stamp, talk=mrkdwn(hit.talk_title, 150),
               sentence=title + sentence) + correction_note(hit.correction)


def _answer_point(hit: PointHit, lang: str, *, numbers: bool, with_talk: bool = True) -> str:
    title = f"*{mrkdwn(hit.title, 200)}*: " if hit.title else ""
    body = mrkdwn(hit.text, 600)
    if numbers:
        body = _highlight_numbers(body)
    line = f"{timestamp_link(hit, hit.video_url)} {title}{body}{correction_note(hit.correction)}"
    if with_talk:
        line += f"\n_{mrkdwn(hit.talk_title, 150)}_"
    if hit.slips:
        line += f" · _{truncate(slips_note(hit.slips), 300)}_"
    if hit.matched:
        line += f" · _{say(lang, 'matched')}: {mrkdwn(', '.join(hit.matched[:4]), 300)}_"
    return line


def _speakers(speakers: Iterable[str], lang: str) -> str:
    names = [escape(s) for s in speakers]
    return ", ".join(names) if names else say(lang, "speakers_unknown")


TALKS_IN_CONTEXT = 2  # talks shown as the nearest evidence of a question the summaries cover only in part


def render_answer(reply: AnswerReply) -> dict[str, Any]:
    """An answer: what the summaries do not cover first, then the answer, then what supports it."""
    lang = reply.language
    blocks: list[dict[str, Any]] = []
    fallback: list[str] = []
    if reply.not_covered:
        missing = mrkdwn(", ".join(reply.not_covered), 200)
        text = (say(lang, "not_covered_with", subject=missing, topic=mrkdwn(reply.context_of, 100))
                if reply.apart and reply.context_of else say(lang, "not_covered", subject=missing))
        fallback.append(text)
        if reply.suggestions:
            text += "\n" + say(lang, "closest", names=", ".join(f"`{mrkdwn(s, 80)}`" for s in reply.suggestions[:5]))
        blocks.append(section(text))
        if reply.context_of:
            blocks.append(context(say(lang, "covered_part", topic=mrkdwn(reply.context_of, 100))))
            if not reply.points:  # the talks about what is covered
                blocks.append(section("\n".join(f"• *{mrkdwn(t.title, 200)}* — {_speakers(t.speakers, lang)}"
                                                for t in reply.talks[:TALKS_IN_CONTEXT])))
                return message("\n".join(fallback), blocks)
        if not (reply.terms or reply.team or reply.team_terms or reply.points or reply.lead):
            return message("\n".join(fallback), blocks)
    if reply.speakers_of is not None:
        talk = reply.speakers_of
        key = "presented_by" if talk.speakers else "no_speakers"
        text = say(lang, key, title=mrkdwn(talk.title, 200), speakers=_speakers(talk.speakers, lang))
        blocks.append(section(f"{text}\n{mrkdwn(first_sentence(talk.summary), 400)}"))
        fallback.append(text)
    if reply.recommended is not None:
        talk = reply.recommended
        if reply.points:
            hit = reply.points[0]
            why = say(lang, "recommend_why", subject=f"*{mrkdwn(reply.subject, 100)}*",
                      stamp=timestamp_link(hit, hit.video_url),
                      sentence=mrkdwn(first_sentence(hit.text), 400))
        else:
            why = mrkdwn(first_sentence(talk.summary), 400)
        text = say(lang, "recommend", title=mrkdwn(talk.title, 200), speakers=_speakers(talk.speakers, lang), why=why)
        blocks.append(section(text))
        fallback.append(text)
    if reply.summary_of is not None:
        summarised = reply.summary_of
        summary = summarised.summaries[0]
        blocks.append(header(summarised.title))
        blocks.append(context(f"{_speakers(summarised.speakers, lang)} · "
                              f"{say(lang, 'key_points_count', count=len(summarised.key_points))}"))
        blocks.append(section(mrkdwn(summary.text, 1500)))
        fallback.append(f"{escape(summarised.title)}: {escape(first_sentence(summary.text))}")
    if reply.lead is not None:
        if reply.scoped_to:
            blocks.append(context(say(lang, "scoped", title=mrkdwn(reply.scoped_to, 150))))
        line = _lead_line(reply.lead, lang, numbers=reply.numbers)
        blocks.append(section(line))
        fallback.append(line)
    if reply.pointer is not None:
        blocks.append(_pointer_line(*reply.pointer))
    for term in reply.terms:
        blocks.extend(_term_blocks(term, expanded=False, compact=len(reply.terms) > 1, lang=lang))
        fallback.append(f"{escape(term.term)}: {escape(first_sentence(term.definitions[0].definition))}")
    compact = len(reply.terms) + len(reply.team) + len(reply.team_terms) > 1
    for team, alone in [*((team, False) for team in reply.team), *((team, True) for team in reply.team_terms)]:
        blocks.extend(_team_blocks(team, compact=compact, alone=alone))
        fallback.append(f"{escape(team.term)}: {escape(first_sentence(team.text or ''))}")
    if any(len(term.definitions) > 1 for term in reply.terms):
        names = ", ".join(term.term for term in reply.terms)[:1500]
        blocks.append(actions([button(say(lang, "all_definitions"), ACTION_DEFINE_ALL, names)]))
    if reply.note and reply.note not in ("no_talk", "which_talk"):
        blocks.append(context(say(lang, reply.note, a=mrkdwn(reply.subject, 100), b=mrkdwn(reply.other, 100))))
    elif reply.note:
        text = say(lang, reply.note, subject=mrkdwn(reply.subject, 200))
        blocks.append(section(text))
        fallback.append(text)
    points = reply.points[1:] if reply.recommended is not None else reply.points
    if reply.grouped:
        count_talks = len({hit.talk_id for hit in points})
        moments = sum(not hit.retold for hit in points)  # a moment told in both of a talk's summaries is one
        head = say(lang, "moments_head", subject=mrkdwn(reply.subject, 100), count=moments, talks=count_talks)
        blocks.insert(0, section(head))
        fallback.insert(0, head)
        current: str | None = None
        lines: list[str] = []
        for hit in points:
            if hit.talk_id != current:
                if lines:
                    blocks.append(section("\n".join(lines)))
                current, lines = hit.talk_id, [f"*{mrkdwn(hit.talk_title, 200)}*"]
            lines.append(_answer_point(hit, lang, numbers=False, with_talk=False))
        if lines:
            blocks.append(section("\n".join(lines)))
    else:
        if reply.summary_of is not None and points:
            blocks.append(context(say(lang, "summary_points")))
        for hit in points:
            blocks.append(section(_answer_point(hit, lang, numbers=reply.numbers,
                                                with_talk=reply.summary_of is None)))
    if reply.all_talks:
        head = say(lang, "all_talks", count=len(reply.talks))
        fallback.append(head)
        blocks.extend(_chunked_sections(head, [f"• *{mrkdwn(t.title, 200)}* — {_speakers(t.speakers, lang)}"
                                               for t in reply.talks]))
    elif reply.talks and reply.shape == "talks":
        head = say(lang, "talks_head", count=len(reply.talks), subject=mrkdwn(reply.subject, 100))
        fallback.append(head)
        lines = []
        for talk in reply.talks:
            line = f"• *{mrkdwn(talk.title, 200)}* — {_speakers(talk.speakers, lang)}"
            if talk.matched:
                line += f" · _{say(lang, 'matched')}: {mrkdwn(', '.join(talk.matched[:3]), 200)}_"
            lines.append(line)
        blocks.extend(_chunked_sections(head, lines))
    elif reply.talks:
        key = "speakers_of_others" if reply.speakers_of is not None else "also"
        names = " · ".join(f"*{mrkdwn(t.title, 120)}* ({_speakers(t.speakers, lang)})" for t in reply.talks[:3])
        blocks.append(context(say(lang, key, talks=names) if key == "speakers_of_others" else
                              f"{say(lang, key)} {names}"))
    if reply.done:
        text = say(lang, "more_done", subject=mrkdwn(reply.subject or "…", 100))
        blocks.append(section(text))
        fallback.append(text)
    elif reply.more:
        blocks.append(context(say(lang, "more_hint")))
    if not blocks:
        text = say(lang, "nothing", subject=mrkdwn(reply.subject or "…", 200))
        blocks.append(section(text))
        fallback.append(text)
    return message("\n".join(fallback), blocks)


# -- digests -----------------------------------------------------------------------------

def render_digest(thread: DigestThread) -> list[dict[str, Any]]:
    """The parent message then each reply of a digest thread, in posting order."""
    talk = thread.talk
    summary = talk.summaries[0]
    parent_blocks = [
        header(talk.title),
        context(f"{speakers_line(talk.speakers)} · {len(talk.key_points)} key points in this thread"),
    ]
    notes = [note for note in (merged_note(talk), slips_note(talk.slips)) if note]
    if notes:
        parent_blocks.append(context("\n".join(f"_{note}_" for note in notes)))
    parent_blocks.append(section(mrkdwn(summary.text)))
    messages = [message(f"Digest: {escape(talk.title)}", parent_blocks)]
    for group in thread.point_groups:
        points = [talk.key_points[i] for i in group]
        messages.append(message(
            " · ".join(f"{escape(p.stamp)} {escape(p.title)}" for p in points),
            [point_section(talk, point) for point in points],
        ))
    if talk.highlights:
        messages.append(message(f"Discussion highlights of {escape(talk.title)}", _highlight_sections(talk)))
    glossary = talk.glossary
    if glossary:
        lines = [f"• *{mrkdwn(e.head, 200)}*: {mrkdwn(e.definition, 400)}" for e in glossary]
        messages.append(message(f"Glossary of {escape(talk.title)}", _chunked_sections("*Glossary*", lines)))
    if thread.footer_terms:
        footer = " · ".join(f"*{escape(term)}* {escape(expansion)}" for term, expansion in thread.footer_terms)
        messages.append(message(f"Acronyms: {footer}", [context(f"Acronyms in this digest: {footer}")]))
    return messages


def render_digest_choice(reply: DigestChoice) -> dict[str, Any]:
    """Talks that might be meant by ``/digest WORDS``, each with its own button to post it (ephemeral)."""
    intro = f"I'm not sure which talk you mean by *{mrkdwn(reply.query, 200)}*, so I posted nothing. Post one of these?"
    blocks = [section(intro)]
    for hit in reply.talks:
        blocks.append(section(_talk_line(hit)))
        blocks.append(actions([button("Post digest thread here", ACTION_DIGEST, hit.talk_id)]))
    fallback = f"Which talk do you mean by {escape(reply.query)}? " + "; ".join(escape(h.title) for h in reply.talks)
    return message(fallback, blocks)


def _chunked_sections(title: str, lines: list[str]) -> list[dict[str, Any]]:
    """Sections of whole lines, each under the section limit."""
    blocks, current = [], title
    for line in lines:
        if len(current) + 1 + len(line) > MAX_SECTION:
            blocks.append(section(current))
            current = line
        else:
            current += "\n" + line
    blocks.append(section(current))
    return blocks


# -- weekly digest subscriptions ---------------------------------------------------------

def describe_schedule(subscription: Subscription) -> str:
    """"Mondays at 09:00 (Europe/Berlin)"."""
    return f"{WEEKDAY_NAMES[subscription.weekday]}s at {subscription.hour:02d}:{subscription.minute:02d} " \
           f"({subscription.timezone})"


def describe_instant(instant: datetime, zone: str) -> str:
    """"Monday 24 March 2025, 09:00 Europe/Berlin (08:00 UTC)"."""
    local = instant.astimezone(ZoneInfo(zone))
    text = f"{WEEKDAY_NAMES[local.weekday()]} {local.day} {local:%B %Y}, {local:%H:%M} {zone}"
    if zone != "UTC":
        text += f" ({instant.astimezone(timezone.utc):%H:%M} UTC)"
    return text


def render_schedule(reply: ScheduleReply) -> dict[str, Any]:
    """A channel's weekly schedule: when, which talks, what comes next (ephemeral)."""
    subscription = reply.subscription
    lines = [reply.headline, f"*When:* {escape(describe_schedule(subscription))}"]
    if reply.filter_note:
        lines.append(f"*Which talks:* {reply.filter_note}")
    if subscription.paused:
        reason = f" ({mrkdwn(subscription.paused_reason, 200)})" if subscription.paused_reason else ""
        lines.append(f"*Paused*{reason}. `/digest resume` starts again from the next slot.")
    elif reply.next_post_at is not None:
        lines.append(f"*Next digest:* {escape(describe_instant(reply.next_post_at, subscription.timezone))}")
    if reply.next_talk is not None:
        lines.append(f"*Next talk:* {mrkdwn(reply.next_talk.title, 200)}")
    else:
        lines.append("*Next talk:* none: no talk matches this channel's filter.")
    blocks = [section("\n".join(lines)),
              context("`/digest preview` shows it · `/digest pause` · `/digest resume` · `/digest unsubscribe`")]
    return message("\n".join(lines), blocks)


def render_digest_preview(reply: DigestPreview) -> dict[str, Any]:
    """The next weekly digest's messages as one ephemeral message, each part after a divider."""
    thread = render_digest(reply.thread)
    when = (f"Preview of the next weekly digest, posted {escape(describe_instant(reply.post_at, reply.timezone))}"
            if reply.post_at is not None else "Preview of the next weekly digest")
    intro = f"{when}. In the channel it is a thread of {len(thread)} messages."
    if reply.note:
        intro += f" {reply.note}"
    blocks = [context(intro)]
    for index, payload in enumerate(thread):
        if index:
            blocks.append({"type": "divider"})
        blocks.extend(payload["blocks"])
    return message(f"{intro}\n{thread[0]['text']}", blocks)


# -- App Home ----------------------------------------------------------------------------

HOW_TO_ASK = (
    "*How to ask*\n"
    "• Privately: `/define XLA`, `/talk pallas`, or a direct message to me — only you see the answer.\n"
    "• In a channel: `@talkbot what is PJRT?` — I answer in the thread, for everyone there.\n"
    "• Rate answers with 👍 / 👎 (buttons on private answers, reactions on public ones); a 👎 asks what was "
    "wrong, so the people who keep the summaries can fix it.\n"
    "• A key point is wrong? Its ⋯ menu: *Wrong timestamp*, *Inaccurate*, *Suggest a fix* (editors' fixes apply "
    "at once; anyone else's go to the editors as suggestions).\n"
    "• `/talkbot forget me` deletes your questions and votes at once."
)


def _recent_block(question: Question) -> dict[str, Any]:
    where = {PUBLIC: "in a channel", DM: "in a DM"}.get(question.visibility, "in a private channel")
    missing = " · _not found_" if not question.answered else ""
    block = section(f"{mrkdwn(question.text, 300)}\n_{where}, {_when(question.asked_at)}_{missing}")
    block["accessory"] = button("Ask again", ACTION_ASK_AGAIN, question.ref)
    return block


def _when(instant: float) -> str:
    return datetime.fromtimestamp(instant, timezone.utc).strftime("%d %b %H:%M UTC")


def render_home(home: TalkHome) -> dict[str, Any]:
    blocks = [
        header("talkbot"),
        section(
            "Ask the team's talk summaries.\n"
            "• `/define TERM` — a glossary entry (several: `/define XLA HLO PJRT`)\n"
            "• `/talk QUERY` — talks that match, with their key points\n"
            "• `/digest TALK` — post a talk's digest thread in this channel\n"
            "• `@talkbot what is PJRT?` — answers in the thread"
        ),
        section(HOW_TO_ASK),
    ]
    if home.recent:
        blocks.append(header("Your recent questions"))
        blocks.extend(_recent_block(q) for q in home.recent[:5])
        blocks.append(context("Only you see these. Ask again answers in your direct messages with me."))
    blocks += [{"type": "divider"}, header(f"{len(home.talks)} talks")]
    for talk in home.talks:
        if len(blocks) >= MAX_HOME_BLOCKS - 1:
            blocks.append(context("More talks: use `/talk` to page through all of them."))
            break
        blocks.append(section(f"*{mrkdwn(talk.title, 200)}* — {speakers_line(talk.speakers)}"))
    return {"type": "home", "blocks": blocks[:MAX_HOME_BLOCKS]}


def render_home_notice(notice: Notice) -> dict[str, Any]:
    """The App Home tab of someone who may not see the talks: the notice instead of the list."""
    return {"type": "home", "blocks": [header("talkbot"), section(notice.text)]}


def render_notice(notice: Notice) -> dict[str, Any]:
    blocks = [section(notice.text)] if not notice.title else [header(notice.title), section(notice.text)]
    return message(notice.text, blocks)


# -- feedback ----------------------------------------------------------------------------

def with_feedback(payload: dict[str, Any], ref: str) -> dict[str, Any]:
    """A private answer with 👍 / 👎 buttons carrying the answer's ``ref`` (still within 50 blocks)."""
    vote = actions([button("👍 Helpful", ACTION_VOTE_UP, ref), button("👎 Not helpful", ACTION_VOTE_DOWN, ref)],
                   block_id=FEEDBACK_BLOCK)
    blocks = list(payload.get("blocks") or [])[: MAX_BLOCKS - 1]
    return {**payload, "blocks": [*blocks, vote]}


def feedback_modal(ref: str) -> dict[str, Any]:
    """The 👎 modal: what was wrong, and an optional comment; ``private_metadata`` carries the answer."""
    options = [{"text": {"type": "plain_text", "text": label}, "value": key} for key, label in REASONS.items()]
    return {
        "type": "modal",
        "callback_id": FEEDBACK_MODAL,
        "private_metadata": ref[:3000],
        "title": {"type": "plain_text", "text": "What was wrong?"},
        "submit": {"type": "plain_text", "text": "Send"},
        "close": {"type": "plain_text", "text": "Cancel"},
        "blocks": [
            {"type": "input", "block_id": REASON_BLOCK, "label": {"type": "plain_text", "text": "The answer had"},
             "element": {"type": "radio_buttons", "action_id": REASON_BLOCK, "options": options}},
            {"type": "input", "block_id": COMMENT_BLOCK, "optional": True,
             "label": {"type": "plain_text", "text": "Comment (optional)"},
             "element": {"type": "plain_text_input", "action_id": COMMENT_BLOCK, "multiline": True,
                         "max_length": MAX_COMMENT}},
            context("Only the people who keep the summaries see counts of these; comments from private "
                    "channels and DMs are never shown to anyone."),
        ],
    }


# -- team edits: modals ------------------------------------------------------------------

def _modal(callback_id: str, title: str, metadata: dict[str, Any], blocks: list[dict[str, Any]],
           submit: str = "Save") -> dict[str, Any]:
    """A form; ``private_metadata`` carries what it edits (checked again when it comes back)."""
    return {
        "type": "modal",
        "callback_id": callback_id,
        "private_metadata": json.dumps(metadata, ensure_ascii=False, separators=(",", ":"))[:3000],
        "title": {"type": "plain_text", "text": plain(title, MAX_MODAL_TITLE)},
        "submit": {"type": "plain_text", "text": submit},
        "close": {"type": "plain_text", "text": "Cancel"},
        "blocks": blocks,
    }


def text_input(block_id: str, label: str, *, initial: str | None = None, multiline: bool = False,
               max_length: int | None = None, optional: bool = False, hint: str | None = None) -> dict[str, Any]:
    element: dict[str, Any] = {"type": "plain_text_input", "action_id": block_id, "multiline": multiline}
    if initial:
        element["initial_value"] = initial[:max_length] if max_length else initial
    if max_length:
        element["max_length"] = max_length
    block: dict[str, Any] = {"type": "input", "block_id": block_id, "optional": optional,
                             "label": {"type": "plain_text", "text": plain(label, 2000)}, "element": element}
    if hint:
        block["hint"] = {"type": "plain_text", "text": plain(hint, 2000)}
    return block


def video_modal(talk: Talk, max_url: int) -> dict[str, Any]:
    """*Set video link*: one URL field, filled with the talk's link when it has one."""
    return _modal(VIDEO_MODAL, "Set video link", {"talk": talk.talk_id}, [
        section(f"*{mrkdwn(talk.title, 300)}*\nEvery timestamp of this talk will open the video at that moment "
                "(YouTube links take the moment; other hosts open the video)."),
        text_input(VIDEO_URL_BLOCK, "Video URL (http or https)", initial=talk.video_url, max_length=max_url),
    ])


def correction_modal(kind: str, talk: Talk, point: KeyPoint, *, submit: str, max_text: int,
                     max_flag: int) -> dict[str, Any]:
    """The form behind a key point's overflow choice; ``private_metadata`` carries the point's stable key."""
    shown = section(f"*{mrkdwn(talk.title, 200)}*\n{_point_line(point, talk.video_url)}")
    if kind == WRONG_STAMP:
        fields = [text_input(STAMP_BLOCK, "The right timestamp", initial=point.stamp, max_length=8,
                             hint="Minutes and seconds (12:34), or hours too (1:02:03).")]
        title = "Wrong timestamp"
    elif kind == INACCURATE:
        hide = {"text": {"type": "plain_text", "text": "Hide it from answers until it is fixed"}, "value": "hide"}
        fields = [text_input(FLAG_BLOCK, "What is wrong?", max_length=max_flag, multiline=True),
                  {"type": "input", "block_id": HIDE_BLOCK, "optional": True,
                   "label": {"type": "plain_text", "text": "Until it is fixed"},
                   "element": {"type": "checkboxes", "action_id": HIDE_BLOCK, "options": [hide]}}]
        title = "Inaccurate key point"
    else:
        fields = [text_input(TEXT_BLOCK, "The corrected text", initial=point.text, max_length=max_text,
                             multiline=True)]
        title = "Suggest a fix"
    metadata = {"kind": kind, "talk": talk.talk_id, "at": point.at}
    return _modal(CORRECTION_MODAL, title, metadata, [shown, *fields], submit=submit)


def result_view(title: str, text: str) -> dict[str, Any]:
    """What a submitted form turns into: the outcome, said privately in the modal itself."""
    return {"type": "modal", "title": {"type": "plain_text", "text": plain(title, MAX_MODAL_TITLE)},
            "close": {"type": "plain_text", "text": "Close"}, "blocks": [section(text)]}


# -- /talkbot stats, gaps, report ---------------------------------------------------------

def _share(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "—"


def _stats_lines(reply: StatsReply) -> list[str]:
    where = ", ".join(f"{n} in {_where(v)}" for v, n in sorted(reply.by_visibility.items()))
    lines = [
        f"*Questions:* {reply.questions}" + (f" ({where})" if where else ""),
        f"*Answered:* {reply.answered} ({_share(reply.answered, reply.questions)})",
        f"*Ratings:* 👍 {reply.up} · 👎 {reply.down}"
        + (f" ({_share(reply.up, reply.up + reply.down)} helpful)" if reply.up + reply.down else ""),
    ]
    if reply.top_terms:
        lines.append("*Top terms* (public questions): "
                     + ", ".join(f"{mrkdwn(t, 80)} ({n})" for t, n in reply.top_terms))
    if reply.top_talks:
        lines.append("*Top talks* (public questions): "
                     + "; ".join(f"{mrkdwn(t, 100)} ({n})" for t, n in reply.top_talks))
    return lines


def _where(visibility: str) -> str:
    return {PUBLIC: "public channels", DM: "DMs"}.get(visibility, "private channels")


def render_stats(reply: StatsReply) -> dict[str, Any]:
    title = f"talkbot stats, last {reply.window}"
    lines = _stats_lines(reply)
    return message(f"{title}\n" + "\n".join(lines),
                   [header(title), section("\n".join(lines)), context(_PRIVACY_NOTE)])


_PRIVACY_NOTE = ("Counts only: no names. Questions, comments and votes from private channels and DMs are "
                 "counted, never shown.")


def _suggestion_blocks(suggestions: Sequence[PendingSuggestion]) -> list[dict[str, Any]]:
    """Members' open suggestions, each with *Accept* / *Reject* (editors; checked when clicked)."""
    if not suggestions:
        return []
    blocks = [section(f"*Suggestions waiting for an editor* ({len(suggestions)})")]
    for suggestion in suggestions[:MAX_SUGGESTIONS_SHOWN]:
        who = f"<@{escape(suggestion.user_id)}>, {_when(suggestion.created_at)}"
        blocks.append(section(f"*{suggestion.edit_id}.* {who}: {truncate(suggestion.what, 2500)}"))
        number = str(suggestion.edit_id)
        blocks.append(actions([button("Accept", ACTION_ACCEPT_SUGGESTION, number, style="primary"),
                               button("Reject", ACTION_REJECT_SUGGESTION, number, style="danger")]))
    if len(suggestions) > MAX_SUGGESTIONS_SHOWN:
        blocks.append(context(f"{len(suggestions) - MAX_SUGGESTIONS_SHOWN} more: decide these first, then "
                              "`/talkbot gaps` shows the next ones."))
    return blocks


def _gaps_sections(reply: GapsReply) -> list[dict[str, Any]]:
    blocks = _suggestion_blocks(reply.suggestions)
    if reply.unanswered:
        lines = [f"• {mrkdwn(g.text, 200)} — {g.count}×, last {_when(g.last_asked)}" for g in reply.unanswered]
        blocks += _chunked_sections("*Most asked, not answered* (public questions)", lines)
    else:
        blocks.append(section("*Most asked, not answered:* none in public channels."))
    if reply.unanswered_private:
        blocks.append(context(f"{reply.unanswered_private} more unanswered in private channels and DMs (not shown)."))
    if reply.disliked or reply.disliked_private:
        lines = []
        for d in reply.disliked:
            reasons = ", ".join(f"{REASONS.get(r, r).lower()} {n}" for r, n in d.reasons)
            line = f"• {mrkdwn(d.what, 200)} — 👎 {d.count}" + (f" ({reasons})" if reasons else "")
            line += "".join(f"\n    _{mrkdwn(c, 200)}_" for c in d.comments)
            lines.append(line)
        if reply.disliked_private:
            lines.append(f"• {reply.disliked_private} 👎 on answers in private channels and DMs (not shown)")
        blocks += _chunked_sections("*👎 answers*", lines)
    if reply.undefined_terms:
        blocks.append(section("*Asked for, defined in no glossary:* "
                              + ", ".join(f"`{mrkdwn(t, 60)}` ({n})" for t, n in reply.undefined_terms)))
    if reply.never_asked:
        shown = reply.never_asked[:15]
        more = f" and {len(reply.never_asked) - len(shown)} more" if len(reply.never_asked) > len(shown) else ""
        blocks.append(section(f"*Talks never asked about* ({len(reply.never_asked)} of {reply.talks_total}): "
                              + "; ".join(mrkdwn(t, 100) for t in shown) + more))
    return blocks


def render_gaps(reply: GapsReply) -> dict[str, Any]:
    title = f"talkbot gaps, last {reply.window}"
    blocks = [header(title), *_gaps_sections(reply), context(_PRIVACY_NOTE)]
    return message(title + "\n" + "\n".join(b["text"]["text"] for b in blocks if b["type"] == "section"), blocks)


def render_report(report: CuratorReport) -> dict[str, Any]:
    title = "Weekly curator report" + (" (preview, only you see it)" if report.preview else "")
    blocks = [header(title), section("\n".join(_stats_lines(report.stats))), {"type": "divider"},
              *_gaps_sections(report.gaps), context(_PRIVACY_NOTE + " `/talkbot gaps` for the latest.")]
    return message(title + "\n" + "\n".join(_stats_lines(report.stats)), blocks)


def render_history(reply: OwnHistory) -> dict[str, Any]:
    if not reply.questions:
        text = f"{reply.note}\nYou have no questions on record."
        return message(text, [section(text)])
    lines = [f"• {mrkdwn(q.text, 200)} — {_when(q.asked_at)}" + ("" if q.answered else " · _not found_")
             for q in reply.questions]
    return message(reply.note, [section(reply.note), *_chunked_sections("*Your recent questions*", lines)])


def render(reply: Reply, *, public: bool = False) -> dict[str, Any]:
    """The Slack message payload for a reply (``text`` + ``blocks``); ``public`` for a message everyone sees."""
    if isinstance(reply, DefineReply):
        return render_define(reply, public=public)
    if isinstance(reply, TalkListReply):
        return render_talk_list(reply)
    if isinstance(reply, TalkPointsReply):
        return render_talk_points(reply)
    if isinstance(reply, AnswerReply):
        return render_answer(reply)
    if isinstance(reply, Notice):
        return render_notice(reply)
    if isinstance(reply, DigestThread):
        return render_digest(reply)[0]
    if isinstance(reply, TalkHome):
        return render_home(reply)
    if isinstance(reply, ScheduleReply):
        return render_schedule(reply)
    if isinstance(reply, DigestPreview):
        return render_digest_preview(reply)
    if isinstance(reply, DigestChoice):
        return render_digest_choice(reply)
    if isinstance(reply, StatsReply):
        return render_stats(reply)
    if isinstance(reply, GapsReply):
        return render_gaps(reply)
    if isinstance(reply, CuratorReport):
        return render_report(reply)
    if isinstance(reply, OwnHistory):
        return render_history(reply)
    raise TypeError(f"no renderer for {type(reply).__name__}")

