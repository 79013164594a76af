"""``/talkbot``: help, stats, gaps, the weekly curator report's schedule, and ``forget me``.

Text in, reply model out (callable from tests and the terminal). Who may run what is decided by the
bot layer before these run (handlers/permissions.py: editors for team stats, gaps and reports).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from store.db import Store
from store.state import BotState, Subscription, Workspace
from store.text import clean_query

from .blocks import describe_instant, describe_schedule, escape
from .digest_commands import (
    DEFAULT_MINUTE,
    DEFAULT_WEEKDAY,
    ScheduleInputError,
    parse_subscribe,
    quoted,
)
from .edits import pending_suggestions
from .replies import CuratorReport, GapsReply, Notice, OwnHistory, StatsReply
from .usage_report import HELP_LINES, WINDOWS, build_gaps, build_stats, own_history

SUBCOMMANDS = ("help", "stats", "gaps", "report", "forget")
REPORT_USAGE = ("`/talkbot report subscribe [weekday] [HH:MM] [time zone]` (default Monday 09:00 {zone}), "
                "`/talkbot report unsubscribe`, `/talkbot report preview`")
NOT_REPORTED = "This channel gets no weekly curator report. Start one with " + REPORT_USAGE
REPORT_WINDOW = timedelta(days=7)


@dataclass(frozen=True)
class TalkbotRequest:
    """What ``/talkbot TEXT`` asks for: a subcommand and its words; ``problem`` for text that is none."""

    subcommand: str
    words: tuple[str, ...] = ()
    problem: str | None = None

    @property
    def editors_only(self) -> bool:
        return self.subcommand in ("gaps", "report")


def parse(text: str) -> TalkbotRequest:
    """Read ``/talkbot`` text; empty text is help, anything unknown says what is understood."""
    words = clean_query(text).split()
    if not words:
        return TalkbotRequest("help")
    first = words[0].casefold()
    rest = tuple(words[1:])
    if first == "forget":
        if [w.casefold() for w in rest] == ["me"]:
            return TalkbotRequest("forget")
        return TalkbotRequest("help", problem="To delete your own data, type exactly `/talkbot forget me`.")
    if first == "stats":
        if len(rest) > 1 or (rest and rest[0].casefold() not in WINDOWS):
            return TalkbotRequest("help", problem="`/talkbot stats` takes `week` or `month` (default `week`).")
        return TalkbotRequest("stats", tuple(w.casefold() for w in rest))
    if first == "report":
        action = rest[0].casefold() if rest else ""
        if action not in ("subscribe", "unsubscribe", "preview"):
            return TalkbotRequest("help", problem="`/talkbot report` needs `subscribe`, `unsubscribe` or `preview`.")
        return TalkbotRequest("report", (action, *rest[1:]))
    if first in SUBCOMMANDS:
        return TalkbotRequest(first, rest)
    return TalkbotRequest("help", problem=f"I don't know `/talkbot {quoted(words[0])}`.")


def help_reply(request: TalkbotRequest, mention_usage: str) -> Notice:
    """The same help as a mention's, then this command's subcommands (after what was wrong, if anything)."""
    lead = f"{request.problem}\n\n" if request.problem else ""
    return Notice(f"{lead}{mention_usage}\n\n{HELP_LINES}")


def window_of(request: TalkbotRequest) -> str:
    return request.words[0] if request.words else "week"


async def stats(store: Store, state: BotState, window: str, now: datetime) -> StatsReply:
    since = (now - timedelta(days=WINDOWS[window])).timestamp()
    titles = {talk.talk_id: talk.title for talk in await store.list_talks()}
    return build_stats(window, await state.questions_since(since), await state.votes_since(since), titles)


async def gaps(store: Store, state: BotState, window: str, now: datetime) -> GapsReply:
    since = (now - timedelta(days=WINDOWS[window])).timestamp()
    reply = build_gaps(window, await state.questions_since(since), await state.votes_since(since),
                       list(await store.list_talks()), await state.talks_asked_about())
    reply.suggestions = await pending_suggestions(store)
    return reply


async def curator_report(store: Store, state: BotState, now: datetime, *, preview: bool = False) -> CuratorReport:
    """The week before ``now``: stats and gaps, as the weekly report posts them."""
    return CuratorReport(await stats(store, state, "week", now), await gaps(store, state, "week", now), preview)


async def history(state: BotState, user_id: str) -> OwnHistory:
    return own_history(await state.recent_questions(user_id, limit=10))


async def report_subscribe(state: BotState, channel: str, words: tuple[str, ...], default_timezone: str,
                           user: str | None, workspace: Workspace, now: datetime) -> Notice:
    """Schedule the weekly curator report in ``channel`` (replacing an earlier schedule there)."""
    try:
        request = parse_subscribe(list(words))
    except ScheduleInputError as error:
        return Notice(f"{error.explain(quoted)}\n*Usage:* {REPORT_USAGE.format(zone=escape(default_timezone))}")
    if request.tag or request.query:
        return Notice("The curator report covers all talks; it takes no `topic:` or `query:`.\n*Usage:* "
                      + REPORT_USAGE.format(zone=escape(default_timezone)))
    current = await state.get_report_subscription(channel)
    subscription = Subscription(
        channel=channel,
        weekday=DEFAULT_WEEKDAY if request.weekday is None else request.weekday,
        minute_of_day=DEFAULT_MINUTE if request.minute_of_day is None else request.minute_of_day,
        timezone=request.timezone or default_timezone,
        active_since=now.timestamp(),
        created_by=user,
        updated_at=now.timestamp(),
        workspace=workspace,
    )
    await state.save_report_subscription(subscription)
    headline = "Updated this channel's weekly curator report" if current else "Subscribed this channel to the " \
        "weekly curator report"
    when = describe_instant(subscription.next_slot(now), subscription.timezone)
    return Notice(f"*{headline}:* {escape(describe_schedule(subscription))}. Next: {escape(when)}.\n"
                  "It shows counts and public questions only, never names. `/talkbot report preview` shows it now.")


async def report_unsubscribe(state: BotState, channel: str) -> Notice:
    if await state.delete_report_subscription(channel):
        return Notice("This channel no longer gets the weekly curator report.")
    return Notice(NOT_REPORTED.format(zone="UTC"))
