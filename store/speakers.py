"""Find the people who give a talk in its summary text ("Vortrag von Kai Wong", "durch Diva und Jotender").

Speakers are introduced at the start, so only the summary paragraph(s) and the first two key
points are read; later mentions ("Architekt Christopher Richter" at 12:37) are people in the
talk, not its speakers. A name needs a cue next to it: a presenting word before it
("Vortrag von", "Vorstellung durch", "presented by"), a role noun before it
("Holzbauexperten Johannes Schelle", "des Vloggers (MaxiGorov)") or a role after it
("Shantanu, einem Doktoranden", "Bavani (Softwareingenieurin bei Intel)").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .model import Summary

# German role nouns as they appear inflected and in compounds ("Google-Entwicklern", "Holzbauexperten").
# Only these may stand before a name: English ones clash with terms ("Expert Replay").
_GERMAN_ROLES = (
    "experte experten expertin entwickler entwicklern entwicklerin ingenieur ingenieure ingenieurin ingenieurs"
    " forscher forscherin doktorand doktoranden doktorandin vlogger vloggers youtuber youtubers sprecher"
    " sprecherin referent referenten referentin professor professorin studentin gründer gründerin moderator"
    " moderatorin"
).split()
# After a name ("Shyok, Senior Research Engineer") English roles are safe too.
_ENGLISH_ROLES = "engineer researcher developer scientist student founder speaker phd".split()
_GERMAN_ROLE_ENDINGS = tuple(_GERMAN_ROLES)
_ROLE = "(?:" + "|".join(_GERMAN_ROLES + _ENGLISH_ROLES) + ")"
# One personal name word: "Kai", "Gleason", "MaxiGorov"; no digits, not all capitals.
_WORD = r"[A-ZÄÖÜ][a-zäöüßéèêáàíóúñç]+(?:[A-ZÄÖÜ][a-zäöüßéèêáàíóúñç]+)?"
_NAME = rf"{_WORD}(?: {_WORD}){{0,2}}"
_NAMES = rf"{_NAME}(?:(?:, | und | and | & ){_NAME})*"
_PRESENTING = (
    r"(?:Vortrag|Vortrags|Präsentation|Vorstellung|präsentiert|vorgestellt|gehalten|durchgeführt|Talk|talk"
    r"|presented|presentation|given|Keynote|keynote)"
)
_CUES = (
    # "Vortrag von Kai Wong", "Vortrag, präsentiert von Arthi", "Vorstellung durch Diva und Jotender"
    re.compile(rf"\b{_PRESENTING},?\s+(?:von|durch|by)\s+(?P<names>{_NAMES})"),
    # "Vorstellung des Teams und der Agenda ... durch Lance, Su und Hu": same sentence, further on
    re.compile(rf"\bVorstellung\b[^.]{{0,160}}?\sdurch\s+(?P<names>{_NAMES})"),
)
# "Shantanu, einem Doktoranden", "Shyok, Senior Research Engineer", "Bavani (Softwareingenieurin"
_ROLE_AFTER_NAME = re.compile(
    rf"(?P<names>{_NAME})(?:,\s*(?:ein|eine|einem|einer|einen|a|an)?\s*|\s*\()[^,()]{{0,30}}?(?i:{_ROLE})"
)
_ALL_ROLES = tuple(_GERMAN_ROLES + _ENGLISH_ROLES)
# After a word ending in a German role noun ("Holzbauexperten", "Google-Entwicklern"): the names, plain
# ("... Johannes Schelle", "... Kevin Gleason und Peter Gavin") or in brackets ("des Vloggers (MaxiGorov)").
# Checked per word with str.endswith, not with the role alternation inside a regex (which scans every
# position of every summary).
_WORD_RE = re.compile(r"[\w-]+")
_AFTER_ROLE = (re.compile(rf"\s+(?P<names>{_NAMES})"), re.compile(rf"\s*\((?P<names>{_NAME})\)"))
# Organisations and title words that look like names but are not people.
_NOT_PERSON = {
    "university", "universität", "universitaet", "institute", "institut", "college", "school", "google", "intel",
    "amd", "nvidia", "microsoft", "meta", "apple", "amazon", "team", "labs", "lab", "inc", "gmbh", "research",
    "senior", "junior", "software", "principal", "staff", "engineer", "cloud", "open", "source", "der", "die",
    "das", "den", "dem", "des", "the", "und", "and", "sein", "seine", "ihr", "ihre",
}
_SCAN_KEY_POINTS = 2


def find_speakers(summary: Summary, exclude: set[str] | None = None) -> tuple[str, ...]:
    """Speaker names in the order the summary introduces them; ``exclude`` holds non-names (terms)."""
    blocked = {word.casefold() for word in exclude or ()}
    blocked |= {term.casefold() for entry in summary.glossary for term in (*entry.terms, *entry.variants)}
    texts = [summary.text] + [f"{p.title}: {p.text}" for p in summary.key_points[:_SCAN_KEY_POINTS]]
    found: list[tuple[int, int, int, str]] = []
    for order, text in enumerate(texts):
        for match in _cue_matches(text):
            position = match.start("names")
            for index, name in enumerate(_split_names(match.group("names"))):
                if _is_person(name, blocked):
                    found.append((order, position, index, name))
                else:
                    break  # "Shyok, Senior Research Engineer": the list ends at the first non-name
    return _unique_names(name for *_, name in sorted(found))


def _cue_matches(text: str) -> Iterator[re.Match[str]]:
    """Every match of a cue in ``text``: the regex cues, then names after a role noun."""
    for cue in _CUES:
        yield from cue.finditer(text)
    folded = text.casefold()
    if not any(role in folded for role in _ALL_ROLES):
        return  # most texts name no role: the role cues cannot match, and they are the slow ones
    yield from _ROLE_AFTER_NAME.finditer(text)
    for word in _WORD_RE.finditer(text):
        if word.group().casefold().endswith(_GERMAN_ROLE_ENDINGS):
            for after in _AFTER_ROLE:
                match = after.match(text, word.end())
                if match:
                    yield match


def merge_speakers(*groups: tuple[str, ...]) -> tuple[str, ...]:
    """Speakers of several summaries of one talk, each person once, first mention first."""
    return _unique_names(name for group in groups for name in group)


def _split_names(names: str) -> list[str]:
    return [name.strip() for name in re.split(r", | und | and | & ", names) if name.strip()]


def _is_person(name: str, blocked: set[str]) -> bool:
    if name.casefold() in blocked:
        return False
    return not any(word.casefold() in _NOT_PERSON for word in name.split())


def _unique_names(names: Iterable[str]) -> tuple[str, ...]:
    """Drop repeats and bare surnames already covered by a full name ("Gleason" after "Kevin Gleason")."""
    result: list[str] = []
    for name in names:
        folded = name.casefold()
        if any(folded == other.casefold() or folded in other.casefold().split() for other in result):
            continue
        # A full name replaces a bare first or last name seen earlier.
        result = [other for other in result if other.casefold() not in folded.split()]
        result.append(name)
    return tuple(result)
