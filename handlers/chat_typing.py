"""How people type a question in chat, written plainly before it is read.

A question word typed with a letter held ("whyy", "warummm"), as chat spells it ("wat", "y", "zsm") or with a slip
("wiso", "unterschid"); the slips a word may be typed with; emoji and emoticons; the bot's name typed as an address;
a laughing or thanking sign-off. ``questions`` reads what is left."""

from __future__ import annotations

import re

from .common_words import is_common, is_everyday
from .question_words import CHAT_SPELLINGS, QUESTION_WORDS, SIGN_OFF_RE, WHY_WORDS


def letter_slips(noun: str) -> set[str]:
    """``noun`` with two neighbouring letters swapped, and (six letters or more) with one left out."""
    swapped = {noun[:i] + noun[i + 1] + noun[i] + noun[i + 2:] for i in range(len(noun) - 1)}
    left_out = {noun[:i] + noun[i + 1:] for i in range(len(noun))} if len(noun) >= 6 else set()
    return (swapped | left_out) - {noun}


def typed_slips(word: str) -> set[str]:
    """``word`` with two neighbouring letters swapped, a letter typed twice, and (six letters or more) one left out:
    "kanst", "comands", "hilfee", "befehel"."""
    doubled = {word[:i] + word[i] + word[i:] for i in range(len(word))}
    return letter_slips(word) | doubled - {word}


# Question words typed with a letter held ("whyy?", "warummm", "wiesooo"). Every one starts with w or h, so only such
# words with a double letter are read further (few are: "wann", "will", "hello").
_STRETCHABLE = QUESTION_WORDS
_HELD_RE = re.compile(r"(?<![^\W\d_])[wh][^\W\d_]*?([^\W\d_])\1[^\W\d_]*", re.I)
_REPEATS_RE = re.compile(r"([^\W\d_])\1+")


_CHAT_SPELLING_RE = re.compile(rf"(?<![\w'-])(?:{'|'.join(CHAT_SPELLINGS)})(?![\w'-])", re.I)
# German chat's "zsm" for "zusammen", alone or opening a word: "zsmfassung", "fass mal zsm" (no German word starts so)
_ZSM_RE = re.compile(r"(?<![\w'-])zsm", re.I)
# A why-word typed with a slip ("wiso", "waurm", "wehsalb", "weshlab"): a letter left out, typed twice or swapped with
# its neighbour; a slip that is an everyday word of its own ("warm") or another question word stays that word
_WHY_SLIPS = {slip: word for word in WHY_WORDS
              for slip in sorted(typed_slips(word) | {word[:i] + word[i + 1:] for i in range(len(word))})
              if not is_everyday(slip) and slip not in QUESTION_WORDS}
# English "why" is too short for a letter left out or typed twice to be read back; two letters swapped ("wyh") is still
# "why" when it is no word at all ("hwy", the highway, is one)
_WHY_SLIPS |= {slip: "why" for slip in letter_slips("why") if not is_common(slip)}
_WHY_SLIP_RE = re.compile(rf"(?<![\w'-])(?:{'|'.join(sorted(_WHY_SLIPS, key=len, reverse=True))})(?![\w'-])", re.I)
# The noun that asks for a difference typed with a slip is that noun: "was is der unterschid zwischen pre-training und
# post-training" asks for the difference as "Unterschied" does (a slip that is an everyday word stays that word)
_DIFFERENCE_NOUNS = ("unterschied", "unterschiede", "difference", "differences")
_DIFFERENCE_SLIPS = {slip: word for word in _DIFFERENCE_NOUNS for slip in sorted(typed_slips(word))
                     if slip not in _DIFFERENCE_NOUNS and not is_everyday(slip)}
_DIFFERENCE_SLIP_RE = re.compile(
    rf"(?<![\w'-])(?:{'|'.join(sorted(_DIFFERENCE_SLIPS, key=len, reverse=True))})(?![\w'-])", re.I)
# Chat's "y" for "why", opening a message: "y tho", "y not?"
_CHAT_WHY_RE = re.compile(r"^y(?![\w'-])", re.I)


# Spoken German's "wat" for "was", known by the German verb after it: "wat sind finite differenzen", "wat heißt …"
# ("wat is xla" may be either language's: chat's "what" then)
_GERMAN_VERB_NEXT_RE = re.compile(r"\s+(?:sind|ist|isn|war|waren|hei(?:ß|ss)t|hei(?:ß|ss)en|bedeutet|bedeuten|macht"
                                  r"|machen|kannst|gibt|gibts|hat|haben|meinst|meint|soll|sollen)(?![\w'-])", re.I)


def _chat_spelled(match: re.Match[str]) -> str:
    """A question word as chat spells it (CHAT_SPELLINGS), written plainly; "wat" before a German verb is "was"."""
    word = match.group()
    if word.casefold() == "wat" and _GERMAN_VERB_NEXT_RE.match(match.string, match.end()):
        return "was" if word.islower() else "Was"
    return CHAT_SPELLINGS[word.casefold()]


def unstretched(query: str) -> str:
    """``query`` with a question word typed with a letter held ("whyy?" -> "why?"), spelled as chat spells it
    ("wat can u do" -> "what can u do", "y tho" -> "why tho", "zsmfassung" -> "zusammenfassung") or a why-word or
    difference noun typed with a slip ("wiso?" -> "wieso?", "unterschid" -> "unterschied") written plainly."""

    def plain(match: re.Match[str]) -> str:
        collapsed = _REPEATS_RE.sub(r"\1", match.group().casefold())
        return collapsed if collapsed in _STRETCHABLE else match.group()

    query = _CHAT_SPELLING_RE.sub(_chat_spelled, query)
    query = _ZSM_RE.sub(lambda match: "Zusammen" if match.group()[0].isupper() else "zusammen", query)
    query = _CHAT_WHY_RE.sub("why", _WHY_SLIP_RE.sub(lambda match: _WHY_SLIPS[match.group().casefold()], query))
    query = _DIFFERENCE_SLIP_RE.sub(lambda match: _DIFFERENCE_SLIPS[match.group().casefold()], query)
    return _HELD_RE.sub(plain, query)


# Slack's emoji codes (":wave:", ":+1::skin-tone-2:"), emoji and the emoticons typed for them (":)", ";-)", ":D"): they
# say how a message is meant, no word of it
_EMOJI_RE = re.compile(
    r"(?<![\w:]):[a-z0-9+][a-z0-9_+-]*:(?:[a-z0-9_+-]+:)*(?![\w:])|(?<![\w:;])[:;]-?[()DPp](?!\w)"
    "|[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]+")
_EMOJI_HINT_RE = re.compile("[:;\U0001F000-\U0001FAFF\u2600-\u27BF]")  # most questions have none of these


# The bot's name typed as text rather than picked as a mention ("@talkbot why", "talkbot, wieso?", "why @bot"): Slack
# removes a real ping before the question is read, a typed one only addresses the bot as that ping does; no summary
# is about it. A bare "bot" opening a message may be its topic ("bot frameworks?"), so only the @ form of it.
_TYPED_ADDRESS_RE = re.compile(r"(?<![\w@.-])@(?:talkbot|bot)(?![\w@.-])[,:!]?|^talkbot(?:[,:!]|(?=\s+\S))", re.I)
# a word every typed address has: most questions have none
_TYPED_ADDRESS_HINT_RE = re.compile(r"@|^talkbot", re.I)


def without_typed_address(query: str) -> str:
    """``query`` without the bot's name typed as an address (``_TYPED_ADDRESS_RE``): "@talkbot why" -> "why"; as it
    is when nothing else is left ("@talkbot" alone is a greeting)."""
    if not _TYPED_ADDRESS_HINT_RE.search(query):
        return query
    return " ".join(_TYPED_ADDRESS_RE.sub(" ", query).split()) or query


def without_emoji(query: str) -> str:
    """``query`` without its emoji, emoji codes and emoticons."""
    return _EMOJI_RE.sub(" ", query) if _EMOJI_HINT_RE.search(query) else query


def without_sign_off(query: str) -> str:
    """``query`` without the laughing, thanking or pleading it signs off with (``SIGN_OFF_RE``), its question mark
    kept: "what are you actually for lol" -> "what are you actually for"."""
    return SIGN_OFF_RE.sub(lambda match: "?" if "?" in match.group() else "", query)
