"""Derive a short, readable talk title from a summary's own words.

A title is "<subject>: <what it does>" when the summary names a subject (a product such as
Kinetic, JAX Quantum or Palace), otherwise the noun phrase the first sentence is about
("Integration des oneAPI-Backends in den XLA-Compiler"). Only the summary itself is read, so a
title, and the talk id made from it, does not change when other files are added.
"""

from __future__ import annotations

import re

from .glossary_heads import is_acronym
from .model import Summary

MAX_TITLE = 70
_VERBS = (
    r"präsentiert|stellt|beschreibt|behandelt|beleuchtet|demonstriert|analysiert|bietet|dokumentiert|begleitet"
    r"|erläutert|zeigt|untersucht|diskutiert|erklärt|vermittelt|thematisiert|gibt|presents|introduces|describes"
    r"|covers|discusses|explains|shows|demonstrates|explores|examines|analyzes|analyses|offers|provides|documents"
)
# A verb followed by "von" is a participle ("Vortrag, präsentiert von Arthi, beschreibt ..."), not the main verb.
_VERB_RE = re.compile(rf"\b(?:{_VERBS})\b\s+(?!von\b|durch\b|by\b)")
# A sentence ends at ".!?" followed by a capital, but not after one-letter words ("z. B.").
_SENTENCE_END_RE = re.compile(r"(?<!\b\w)[.!?](?=\s+[A-ZÄÖÜ„\"])")
_SUBJECT_PATTERNS = (
    re.compile(r"[„“\"«](?P<s>[^„“”\"«»]{2,40}?)[“”\"»]"),  # präsentiert „Jaxator“
    re.compile(r"\bstellt\s+(?P<s>[^,.]{2,40}?)\s+vor\b"),  # stellt Kinetic vor
    re.compile(r"\b(?:präsentiert|beschreibt|zeigt|von|presents|introduces|describes)\s+(?P<s>[\w.-]+),\s+"
               r"(?:ein|eine|einem|einen|einer|a|an)\b"),  # präsentiert max_evol, ein ...
    # der Bibliothek Tunix, Inferenz-Engines vLLM und SGLang
    re.compile(r"(?:Bibliothek|Bibliotheken|Framework|Frameworks|Tool|Tools|Paket|Engine|Engines|Plattform|library"
               r"|framework|tool|package|engine|engines|platform)\s+"
               r"(?P<s>[a-zA-Z][\w.-]*[A-Z][\w.-]*|[A-Z][\w.-]+)"
               r"(?:\s+(?P<conj>und|and|&)\s+(?P<t>[a-zA-Z][\w.-]*[A-Z][\w.-]*))?"),
)
# First key point titles that introduce the subject: "Einführung in Kinetic", "Qwen-Image-Einführung".
_INTRO_TITLE_RES = (
    re.compile(r"^(?:Einführung in|Einführung von|Vorstellung von|Motivation für|Überblick über|Introduction to"
               r"|Intro to|Motivation for|Overview of)\s+(?:das |die |den |der |the )?(?P<s>.{2,40})$"),
    re.compile(r"^(?P<s>.{2,30}?)[- ](?:Einführung|Introduction|Overview|Überblick)$"),
)
_PURPOSE_RE = re.compile(
    r"\b(?:zur|zum|bezüglich der|bezüglich des|bezüglich|über die|über das|über den|to|about)\s+"
)
_GENERIC_NOUN = (
    r"(?:[\w-]*-)?(?:Tool|Framework|System|Paket|Package|Bibliothek|Library|Plattform|Platform|Werkzeug|Projekt)"
)
_GENERIC_START_RE = re.compile(rf"^{_GENERIC_NOUN}\s+(?:zur|zum|für|for|to)\s+")
_DEVELOPED_BY_RE = re.compile(r"^(?:vom|von|by)\s+\S+(?:\s+\S+)?\s+(?:entwickelte\w*|developed)\s+")
_APPOSITIVE_RE = re.compile(r"[“”\"»]?\s*(?:vor\b)?\s*,\s*(?:ein|eine|einem|einen|einer|eines|a|an)\s+(?P<np>[^,;]+)")
_ARTICLE_RE = re.compile(r"^(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|the|a|an)\s+")
# "einen detaillierten Einblick in das", "Ansatz für das", "Untersuchung der X zur": framing, not topic.
_WRAPPER_RES = (
    re.compile(
        r"^(?:\w+\s+){0,2}(?:Untersuchung|Studie|Einblick|Einblicke|Überblick|Übersicht|Ansatz|Fortschritte|Analyse"
        r"|Vergleich)\b[^,]{0,60}?\s(?:zur|zum|in das|in die|in den|über das|über die|über den|bei der|beim|bei dem"
        r"|für das|für die|für den|für)\s+"
    ),
    re.compile(r"^(?:\w+\s+)?(?:overview|introduction|approach|look|study|insights?)\s+(?:into|of|on|at|to|for)\s+"),
)
_HARD_CUT_RE = re.compile(r"\s+(?:unter Verwendung|using|mithilfe|mittels|wodurch|wobei|which|that)\b|;|:")
_BOUNDARY_RE = re.compile(
    r"\s(?=(?:zur|zum|zu|von|vom|für|auf|mit|durch|unter|in|im|bei|über|sowie|und|gegen|ohne|nach|for|of|on"
    r"|with|via|using|and|to|from)\s)"
)
_TRAILING_RE = re.compile(
    r"(?:[\s,;:–-]+|\s+(?:und|and|der|die|das|des|dem|den|ein|eine|einer|eines|von|für|mit|zu|zur|zum|in|im|auf"
    r"|of|the|a|an|to|for|with|sowie))+$"
)
_CONJUNCTION_AFTER_COMMA = (
    r"(?:der|die|das|den|dem|ein|eine|einem|einen|wobei|wodurch|was|welche|welcher|um|sowie|und|which|that|and)"
)
_GERMAN_HINT_RE = re.compile(r"\b(?:der|die|das|und|von|mit|für|eine?|zur|zum|des|dem|den)\b")
_ENGLISH_HINT_RE = re.compile(r"\b(?:the|and|of|with|for|an?|to|from|this)\b")


def derive_title(summary: Summary, speakers: tuple[str, ...] = ()) -> str:
    """A readable title of at most ~70 characters for the talk a summary describes."""
    sentence = first_sentence(summary.text)
    subject = find_subject(summary, sentence, speakers)
    topic = object_phrase(sentence)
    if subject:
        described = _appositive(sentence, subject) or _intro_purpose(summary, subject)
        if described:
            return _with_subject(subject, described)
        if topic:
            return _with_subject(subject, topic)
        return subject
    if topic:
        return shorten(topic, MAX_TITLE)
    # No verb to hang the topic on: the opening phrase itself, else the first key point's title.
    opening = _clean_phrase(_cut_clauses(simplify_parentheses(sentence)))
    if len(opening.split()) >= 2:
        return shorten(opening, MAX_TITLE)
    if summary.key_points and summary.key_points[0].title:
        return shorten(summary.key_points[0].title, MAX_TITLE)
    return shorten(opening or summary.text, MAX_TITLE) or "Untitled talk"


def first_sentence(text: str) -> str:
    """The first sentence of text, without its final period."""
    text = " ".join(text.split())
    match = _SENTENCE_END_RE.search(text)
    sentence = text[: match.start()] if match else text
    return sentence.rstrip(" .!?")


def find_subject(summary: Summary, sentence: str, speakers: tuple[str, ...] = ()) -> str | None:
    """The named thing a talk presents ("Kinetic", "JAX Quantum"), if the summary names one."""
    blocked = {name.casefold() for name in speakers}
    candidates: list[str] = []
    for pattern in _SUBJECT_PATTERNS:
        for match in pattern.finditer(sentence):
            groups = match.groupdict()
            subject = groups["s"] + (f" {groups['conj']} {groups['t']}" if groups.get("t") else "")
            candidates.append(subject)
    for point in summary.key_points[:2]:
        for pattern in _INTRO_TITLE_RES:
            intro = pattern.match(point.title)
            if intro:
                candidates.append(intro.group("s"))
    for candidate in candidates:
        candidate = candidate.strip(" .,-")
        if candidate and candidate.casefold() not in blocked and len(candidate.split()) <= 4:
            return candidate
    return None


def object_phrase(sentence: str) -> str:
    """What the first sentence says the talk is about, cleaned of framing and asides."""
    text = simplify_parentheses(sentence)
    match = _VERB_RE.search(text)
    if not match:
        return ""
    text = text[match.end() :]
    text = _remove_short_asides(text)
    text = _cut_clauses(text)
    return _clean_phrase(text)


def simplify_parentheses(text: str) -> str:
    """Replace "Tensor Processing Units (TPUs)" by "TPUs"; drop other parentheses."""
    out: list[str] = []
    position = 0
    for match in re.finditer(r"\s*\(([^()]*)\)", text):
        before = text[position : match.start()]
        inner = match.group(1).strip()
        letters = re.sub(r"s$", "", inner)
        capitals = [ch for ch in letters if ch.isupper()]
        words = before.split(" ")
        if is_acronym(letters) and 1 < len(capitals) <= len(words):
            spelled = words[-len(capitals) :]
            if [w[:1].upper() for w in spelled] == capitals:
                before = " ".join(words[: -len(capitals)] + [inner])
        out.append(before)
        position = match.end()
    out.append(text[position:])
    return " ".join("".join(out).split())


def shorten(text: str, limit: int) -> str:
    """Cut text before a preposition (or at a word) so it fits in limit characters."""
    text = _TRAILING_RE.sub("", text.strip())
    if len(text) <= limit:
        return text
    cuts = [m.start() for m in _BOUNDARY_RE.finditer(text) if 15 <= m.start() <= limit]
    if cuts:
        # Names (DiT, CasADi-Graphen, TPUs) are what people search for: keep as many as fit,
        # and otherwise prefer the shorter, punchier cut.
        best = max(_name_count(text[:cut]) for cut in cuts)
        fitting = [cut for cut in cuts if _name_count(text[:cut]) == best]
        text = text[: min((cut for cut in fitting if cut >= 30), default=max(fitting))]
    else:
        text = text[: limit + 1].rsplit(" ", 1)[0] if " " in text[: limit + 1] else text[:limit]
    return _TRAILING_RE.sub("", text)


def _name_count(text: str) -> int:
    """Words that look like names: inner capitals or digits ("DiT-Modellen", "TPUs", "oneAPI")."""
    return sum(1 for word in text.split() if any(ch.isupper() or ch.isdigit() for ch in word[1:]))


def _with_subject(subject: str, described: str) -> str:
    if subject.casefold() in described.casefold():
        short = shorten(described, MAX_TITLE)
        if subject.casefold() in short.casefold():
            return short
    return f"{subject}: {shorten(described, max(20, MAX_TITLE - len(subject) - 2))}"


def _appositive(sentence: str, subject: str) -> str:
    """The noun phrase after "Subject, ein(e) ...", unless it is just "Tool" or "Framework"."""
    text = simplify_parentheses(sentence)
    # A static pattern matched after each occurrence of the subject: compiling one per subject
    # (re.search(re.escape(subject) + ...)) cost a millisecond per talk on a large corpus.
    match = None
    start = text.find(subject)
    while start != -1 and match is None:
        match = _APPOSITIVE_RE.match(text, start + len(subject))
        start = text.find(subject, start + 1)
    if not match:
        return ""
    phrase = _DEVELOPED_BY_RE.sub("", match.group("np").strip())
    phrase = _GENERIC_START_RE.sub("", phrase)
    if re.fullmatch(_GENERIC_NOUN, phrase) or len(phrase.split()) < 2:
        return ""
    return _capitalise(phrase)


def _intro_purpose(summary: Summary, subject: str) -> str:
    """From "Einführung in Kinetic: ... zur Überbrückung von X und Y", the part after "zur"."""
    for point in summary.key_points[:2]:
        if not any(pattern.match(point.title) for pattern in _INTRO_TITLE_RES):
            continue
        text = simplify_parentheses(point.text)
        match = _PURPOSE_RE.search(text)
        if not match:
            continue
        phrase = re.split(r",\s|\.\s|\s+durch\s+|\s+by\s+", text[match.end() :])[0]
        phrase = _clean_phrase(phrase)
        if len(phrase.split()) >= 2:
            return phrase
    return ""


def _remove_short_asides(text: str) -> str:
    # ", traditionell KI-Beschleuniger," is an aside; dropping it keeps the phrase's real end.
    return re.sub(rf",\s+(?!{_CONJUNCTION_AFTER_COMMA}\b)((?:\S+\s+){{0,2}}\S+),\s+", " ", text)


def _cut_clauses(text: str) -> str:
    text = _HARD_CUT_RE.split(text, maxsplit=1)[0]
    for match in re.finditer(r",\s+", text):
        before = text[: match.start()].split(" ")[-1]
        after = text[match.end() :].split(" ", 1)[0]
        # "eines luxuriösen, ganzjährig nutzbaren Baumhauses": a comma between adjectives stays.
        if not (before[:1].islower() and after[:1].islower() and after not in {"das", "die", "der", "wobei"}):
            return text[: match.start()]
    return text


def _clean_phrase(text: str) -> str:
    text = text.strip(" ,.;:")
    german = _looks_german(text)
    text = _ARTICLE_RE.sub("", text)
    words = text.split(" ")
    # German accusative adjectives ("einen detaillierten technischen Einblick") and adverbs ("groß
    # angelegten") read wrong at a title's start; "ein saisonales Update" keeps its adjective.
    while german and len(words) > 1 and words[0][:1].islower() and _drop_leading(words[0]):
        words.pop(0)
    text = " ".join(words)
    wrapped = text
    for wrapper in _WRAPPER_RES:
        wrapped = wrapper.sub("", wrapped)
    if wrapped != text and wrapped:
        text = _ARTICLE_RE.sub("", wrapped)
        words = text.split(" ")
        # After framing words German adjectives and adverbs are lower case, the noun is not.
        while german and len(words) > 1 and words[0][:1].islower() and "_" not in words[0]:
            words.pop(0)
        text = " ".join(words)
    return _capitalise(text.strip(" ,.;:"))


def _drop_leading(word: str) -> bool:
    return "_" not in word and (word.endswith("en") or not word.endswith(("e", "er", "es", "em")))


def _capitalise(text: str) -> str:
    first = text.split(" ", 1)[0]
    # Names with their own casing (vLLM, oneAPI, max_evol) keep it.
    if not first or any(ch.isupper() for ch in first) or "_" in first or not first[0].isalpha():
        return text
    return text[0].upper() + text[1:]


def _looks_german(text: str) -> bool:
    return len(_GERMAN_HINT_RE.findall(text)) >= len(_ENGLISH_HINT_RE.findall(text))
