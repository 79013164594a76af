"""Text folding and tokenising shared by ingest and queries, so both sides see the same words."""

from __future__ import annotations

import re
import unicodedata

# Longest query text we look at; anything past it is noise for a lookup and only costs time.
MAX_QUERY_CHARS = 300

_TOKEN_RE = re.compile(r"[0-9a-z]+")
_SLACK_MARKUP_RE = re.compile(r"<[@#!][^>]*>")
_LINK_RE = re.compile(r"<(https?://[^|>]*)\|([^>]*)>")
_SPECIAL_FOLDS = str.maketrans({"ß": "ss", "ẞ": "ss", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "þ": "th"})


def fold(text: str) -> str:
    """Lower-case and strip diacritics: "Größe" -> "grosse", "Kärnten" -> "karnten"."""
    text = text.translate(_SPECIAL_FOLDS).lower().translate(_SPECIAL_FOLDS)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def tokens(text: str) -> list[str]:
    """Folded alphanumeric tokens in order."""
    return _TOKEN_RE.findall(fold(text))


def term_key(text: str) -> str:
    """Key for exact term matching that ignores case, diacritics, hyphens and spaces."""
    return "".join(tokens(text))


def clean_query(text: str) -> str:
    """Make user text safe to search: drop Slack markup and control characters, cap the length."""
    text = _LINK_RE.sub(r"\2", text or "")
    text = _SLACK_MARKUP_RE.sub(" ", text)
    # Slack sends what users type with &, < and > escaped; rendering escapes once again on the way out.
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    text = " ".join(text.split())
    return text[:MAX_QUERY_CHARS]


def fts_string(token: str) -> str:
    """Quote one token as an FTS5 string so user text can never be read as query syntax."""
    return '"' + token.replace('"', '""').replace("\x00", "") + '"'
