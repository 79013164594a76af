"""Text folding and tokenising shared by ingest and queries, so both sides see the same words."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Longest query text we look at; anything past it is noise for a lookup and only costs time.
MAX_QUERY_CHARS = 300

_TOKEN_RE = re.compile(r"[0-9a-z]+")
_IDENTIFIER_RE = re.compile(r"[0-9A-Za-z]+(?:_[0-9A-Za-z]+)+")
# A name written in capitalised words ("HuggingFace", "MaxText", "DeepSeek"): its case marks the word
# boundaries. Only whole words of three letters or more, so "PyTorch", "LoRA", "vLLM" stay one token.
_CAPITALISED_WORDS_RE = re.compile(r"(?<![0-9A-Za-zÄÖÜäöüß])(?:[A-ZÄÖÜ][a-zäöüß]{2,}){2,}(?![0-9A-Za-zÄÖÜäöüß])")
_CAPITALISED_WORD_RE = re.compile(r"[A-ZÄÖÜ][a-zäöüß]+")
_SLACK_MARKUP_RE = re.compile(r"<[@#!][^>]*>")
# Markup the punctuation after it closes takes the space before it along ("hey <@U0123ABC>, wie …" -> "hey, wie …"),
# so no comma is left to open the question
_MARKUP_BEFORE_PUNCTUATION_RE = re.compile(r"\s*<[@#!][^>]*>(?=[,.;:!?])")
_LINK_RE = re.compile(r"<((?:https?|mailto):[^|>]*)(?:\|([^>]*))?>")  # Slack's link markup; the label if any
_COMBINING_RE = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
# Letters NFKD does not decompose, after lower-casing ("ẞ".lower() is "ß").
_SPECIAL_FOLDS = (("ß", "ss"), ("æ", "ae"), ("ø", "o"), ("ł", "l"), ("đ", "d"), ("þ", "th"))


# The German letters outside ASCII as ``fold`` folds them (ä -> a, ß -> ss), either case.
GERMAN_LETTERS = (("ä", "a"), ("ö", "o"), ("ü", "u"), ("Ä", "a"), ("Ö", "o"), ("Ü", "u"), ("ß", "ss"))


def plain_german(text: str) -> str:
    """``text`` with its German letters folded (other characters as they are): one str.replace (in C) per letter
    present."""
    for letter, plain in GERMAN_LETTERS:
        if letter in text:
            text = text.replace(letter, plain)
    return text


def fold(text: str) -> str:
    """Lower-case and strip diacritics: "Größe" -> "grosse", "Kärnten" -> "karnten"."""
    if text.isascii():
        return text.lower()  # most of the corpus is; skip the Unicode work (ingest spends its time here)
    text = text.lower()
    for special, plain in _SPECIAL_FOLDS:
        if special in text:  # str.translate with a dict is slow; these letters are rare
            text = text.replace(special, plain)
    return _COMBINING_RE.sub("", unicodedata.normalize("NFKD", text))


def tokens(text: str) -> list[str]:
    """Folded alphanumeric tokens in order."""
    return _TOKEN_RE.findall(fold(text))


def holds_run(typed: list[str], run: list[str]) -> bool:
    """Whether the tokens ``run`` stand one after the other in ``typed`` (an empty run stands anywhere)."""
    return any(typed[at:at + len(run)] == run for at in range(len(typed) - len(run) + 1))


@lru_cache(maxsize=8192)
def word_tokens(word: str) -> tuple[str, ...]:
    """``tokens`` of one typed word, kept: questions are made of few words, most of them asked again and again, and
    the question layer reads each word's tokens several times."""
    return tuple(tokens(word))


def identifiers(text: str) -> list[str]:
    """Snake-case names joined into one token: "all_to_all" -> "alltoall" (its parts alone are stopwords)."""
    if "_" not in text:
        return []  # the regex tries each position of each word before it finds no "_": a third of ingest regex time
    return ["".join(tokens(name)) for name in _IDENTIFIER_RE.findall(text)]


def case_parts(text: str) -> list[str]:
    """The words of names written in capitalised words: "HuggingFace" -> "hugging", "face".

    Read from the name's own letters, so a row's parts never depend on the rest of the corpus.
    """
    return [
        tokens(word)[0]
        for name in _CAPITALISED_WORDS_RE.findall(text)
        for word in _CAPITALISED_WORD_RE.findall(name)
    ]


def term_key(text: str) -> str:
    """Key for exact term matching that ignores case, diacritics, hyphens and spaces."""
    return "".join(tokens(text))


def clean_query(text: str, *, typed_markup: bool = False) -> str:
    """Make user text safe to search: drop Slack markup and control characters, cap the length. ``typed_markup``:
    markup typed as text ("&lt;!channel&gt;", a mention pasted as "&lt;@U0123ABC&gt;") is dropped too, as a question
    needs (never a word of it, never echoed in a reply); a command shows it back as the text it is."""
    text = text or ""
    # Slack sends what users type with &, < and > escaped; rendering escapes once again on the way out.
    if typed_markup:
        text = _unescaped(text)
    text = _LINK_RE.sub(lambda link: link.group(2) or link.group(1), text)
    if "<" in text:  # most text has no markup
        text = _SLACK_MARKUP_RE.sub(" ", _MARKUP_BEFORE_PUNCTUATION_RE.sub("", text))
    if not typed_markup:
        text = _unescaped(text)
    if not text.isprintable():  # the common text is: no walk over its characters
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    text = " ".join(text.split())
    return text[:MAX_QUERY_CHARS]


def first_letter_differs(written: str, name: str) -> bool:
    """Whether ``written`` is ``name`` with another first letter: one more before it ("ollama" and Llama), or its
    first changed ("fichte" and Dichte, "mieten" and bieten) or left out. Typists slip inside a word, seldom on its
    first letter, so it is a word or name of its own, not ``name`` mistyped."""
    a, b = written.casefold(), name.casefold()
    if not a or not b or a == b:
        return False
    return a[1:] == b or a == b[1:] or (len(a) == len(b) and a[1:] == b[1:])


def _unescaped(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def fts_string(token: str) -> str:
    """Quote one token as an FTS5 string so user text can never be read as query syntax."""
    return '"' + token.replace('"', '""').replace("\x00", "") + '"'
