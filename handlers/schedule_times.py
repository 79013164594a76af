"""Weekly slots: reading weekday, time and time zone from user text, and finding a schedule's instants.

A slot is a local wall-clock time in the subscription's IANA zone, turned into a UTC instant with
zoneinfo for that very date, so a Monday 09:00 Europe/Berlin slot is 08:00 UTC in winter and
07:00 UTC in summer. A time that does not exist on a spring-forward day is read with the
offset before the change (02:30 becomes 03:30 summer time); a repeated one is its first occurrence.
"""

from __future__ import annotations

import functools
import re
import zoneinfo
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from store.subscriptions import Subscription

WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_WEEKDAY_WORDS = {
    **{name.lower(): index for index, name in enumerate(WEEKDAY_NAMES)},
    **{name.lower() + "s": index for index, name in enumerate(WEEKDAY_NAMES)},
    **{name[:3].lower(): index for index, name in enumerate(WEEKDAY_NAMES)},
    "mo": 0, "tu": 1, "tue": 1, "tues": 1, "we": 2, "th": 3, "thu": 3, "thur": 3, "thurs": 3, "fr": 4, "sa": 5, "su": 6,
    # German, as the team writes
    "montag": 0, "dienstag": 1, "di": 1, "mittwoch": 2, "mi": 2, "donnerstag": 3, "do": 3, "freitag": 4,
    "samstag": 5, "sonnabend": 5, "sonntag": 6, "so": 6,
}
_TIME_RE = re.compile(r"^(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm)?$", re.IGNORECASE)
WEEKDAYS_ACCEPTED = "a weekday: `mon` … `sun`, `monday` … `sunday` (or German: `montag` … `sonntag`)"
TIME_ACCEPTED = "a 24-hour time `HH:MM`, e.g. `09:00` or `14:30` (`9am`, `2:30pm` work too)"
ZONE_ACCEPTED = "an IANA time zone such as `Europe/Berlin`, `America/New_York` or `UTC`"


class ScheduleInputError(ValueError):
    """User text that is not a weekday, time or time zone; the message says what is accepted.

    ``problem`` may hold ``{word}``: the user's word, filled in (escaped) by whoever shows it.
    """

    def __init__(self, problem: str, word: str | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.word = word

    def explain(self, quote: Callable[[str], str]) -> str:
        """The message with the user's word made safe by ``quote``."""
        return self.problem.format(word=quote(self.word)) if self.word is not None else self.problem


def parse_weekday(word: str) -> int | None:
    """0 (Monday) … 6 (Sunday) for a weekday name or abbreviation; None if it is not one."""
    return _WEEKDAY_WORDS.get(word.strip(".,").casefold())


def looks_like_time(word: str) -> bool:
    """True for words that start with a digit: meant as a time, even if malformed."""
    return word[:1].isdigit()


def parse_time(word: str) -> int:
    """Minutes after midnight for ``HH:MM`` (or ``9am``); ScheduleInputError otherwise."""
    match = _TIME_RE.match(word.strip())
    if match:
        hour, minute, meridiem = int(match.group(1)), int(match.group(2) or 0), (match.group(3) or "").lower()
        if meridiem:
            if not 1 <= hour <= 12:
                hour = 99
            hour = hour % 12 + (12 if meridiem == "pm" else 0)
        elif match.group(2) is None:
            hour = 99  # a bare number is too ambiguous to guess (9? 21? 0900?)
        if 0 <= hour <= 23 and 0 <= minute <= 59:
            return hour * 60 + minute
    raise ScheduleInputError(f"`{{word}}` is not a time I can read. Use {TIME_ACCEPTED}.", word)


@functools.lru_cache(maxsize=1)
def _zones_by_folded_name() -> dict[str, str]:
    return {name.casefold(): name for name in zoneinfo.available_timezones()}


def parse_zone(word: str) -> str:
    """The canonical IANA name for ``word`` (case-insensitive); ScheduleInputError if unknown."""
    name = _zones_by_folded_name().get(word.strip().casefold())
    if name is None:
        raise ScheduleInputError(f"`{{word}}` is not a time zone I know. Use {ZONE_ACCEPTED}.", word)
    return name


def is_zone(word: str) -> bool:
    """True when ``word`` names a time zone."""
    return word.strip().casefold() in _zones_by_folded_name()


def _slot_on(day: date, subscription: Subscription) -> datetime:
    local = datetime.combine(day, time(subscription.hour, subscription.minute), tzinfo=ZoneInfo(subscription.timezone))
    return local.astimezone(timezone.utc)


def latest_slot(subscription: Subscription, now: datetime) -> datetime:
    """The schedule's most recent slot at or before ``now`` (UTC)."""
    local_today = now.astimezone(ZoneInfo(subscription.timezone)).date()
    day = local_today - timedelta(days=(local_today.weekday() - subscription.weekday) % 7)
    slot = _slot_on(day, subscription)
    return slot if slot <= now else _slot_on(day - timedelta(days=7), subscription)


def next_slot(subscription: Subscription, now: datetime) -> datetime:
    """The schedule's first slot after ``now`` that is not before the subscription became active (UTC)."""
    day = latest_slot(subscription, now).astimezone(ZoneInfo(subscription.timezone)).date()
    slot = _slot_on(day + timedelta(days=7), subscription)
    while slot.timestamp() < subscription.active_since:
        day += timedelta(days=7)
        slot = _slot_on(day + timedelta(days=7), subscription)
    return slot


def slot_key(slot: datetime) -> str:
    """The ledger key of a slot: its UTC instant in ISO form (sorts in time order)."""
    return slot.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%MZ")


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
