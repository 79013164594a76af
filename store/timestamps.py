"""Video timestamps as the export writes them: ``M:SS``, ``MM:SS``, ``H:MM:SS`` and ``0:M:SS``."""

from __future__ import annotations

import re

# ASCII digits only: ``\d`` would also accept Arabic-Indic and other Unicode digits.
# Minutes get up to three digits so a long video written as ``125:03`` still reads.
_STAMP_RE = re.compile(r"(?P<a>[0-9]{1,3}):(?P<b>[0-9]{1,2})(?::(?P<c>[0-9]{2}))?")
# Anything that starts like a stamp; used to tell a cut-off stamp ("7:4") from ordinary text.
STAMP_START_RE = re.compile(r"[0-9]{1,3}:[0-9]*")


def stamp_seconds(label: str) -> int | None:
    """Seconds for a stamp such as "7:46", "1:02:03" or the export's "0:2:27"; None if malformed."""
    match = _STAMP_RE.fullmatch(label)
    if not match:
        return None
    a, b, c = match.group("a"), match.group("b"), match.group("c")
    if c is None:
        # Two parts are minutes and seconds; seconds are always written with two digits,
        # so "7:4" is a stamp cut off mid-way rather than 7 minutes 4 seconds.
        if len(b) != 2 or int(b) >= 60:
            return None
        return int(a) * 60 + int(b)
    # Three parts are hours, minutes, seconds; the export drops the minutes' leading zero
    # ("0:2:27"), so one or two minute digits are both fine.
    if len(a) > 2 or int(b) >= 60 or int(c) >= 60:
        return None
    return int(a) * 3600 + int(b) * 60 + int(c)


def split_stamp(text: str) -> tuple[str, int, str] | None:
    """Split "7:46 Title: text" into label, seconds and rest; None if the text has no valid stamp."""
    match = _STAMP_RE.match(text)
    if not match:
        return None
    end = match.end()
    # The stamp must stand alone: "7:46abc" or "7:4612" is not a stamp followed by text.
    if end < len(text) and not text[end].isspace():
        return None
    label = match.group(0)
    seconds = stamp_seconds(label)
    if seconds is None:
        return None
    return label, seconds, text[end:].strip()

