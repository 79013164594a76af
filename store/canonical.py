"""Canonical names on display: transcription slips in the export shown under their real names.

The export writes "Palace" for Pallas, "VMA" for VMEM, "Jotender" for Jyotinder. ``aliases.toml``
lists these slips; search matches both spellings, and everything the bot shows (titles, speakers,
key points, glossary, definitions) reads the canonical name. What was replaced is kept as a
``Slip`` so an answer can say once "Pallas (transcribed as “Palace”)" where the reader may meet
the export's spelling (the video's captions, the file itself).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar

from .glossary_heads import split_top_level
from .kept import kept
from .lexicon import Lexicon
from .model import GlossaryEntry, Highlight, KeyPoint, PointHit, Slip, Summary, Talk, TalkHit, TermDefinition, TermHit

T = TypeVar("T", KeyPoint, Highlight)
SLIPS_KEPT = 4096  # texts whose slips a Canonical keeps (~2 MB of texts at most; the bundled corpus has ~1,500)


class Canonical:
    """Replaces every alias variant in a text by its canonical name, whole words only."""

    def __init__(self, lexicon: Lexicon) -> None:
        # written form (as matched, case-folded for lower/mixed-case variants) -> canonical
        self._exact: dict[str, str] = {}
        self._folded: dict[str, str] = {}
        patterns: list[str] = []
        for written, canonical in lexicon.written.items():
            if written.isupper():
                # Acronyms only as written: "AIT" is AITER, "ait" inside German text is not.
                self._exact[written] = canonical
                patterns.append(re.escape(written))
            else:
                self._folded[written.casefold()] = canonical
                patterns.append("(?i:" + re.escape(written) + ")")
        # Plurals of a slip keep their plural ("XC-Cores" -> "Xe-Cores").
        for written, canonical in list(self._folded.items()):
            base = self._folded.get(written[:-1]) if written.endswith("s") else None
            if base == canonical and not canonical.endswith("s"):
                self._folded[written] = canonical + "s"
        # Longest first, so "palace.sparse_core" wins over "palace" at the same position.
        patterns.sort(key=len, reverse=True)
        # Whole words: "-" and "." may border a slip ("AMD-AIT-Kernen", "Palace."), letters and "_" may not.
        self._pattern = re.compile(r"(?<!\w)(?:" + "|".join(patterns) + r")(?!\w)") if patterns else None
        # text -> its slips (``_slips_in``), the oldest dropped beyond SLIPS_KEPT: point texts recur across questions
        self._kept_slips: dict[str, tuple[Slip, ...]] = {}

    def _replacement(self, written: str) -> str | None:
        canonical = self._exact.get(written) or self._folded.get(written.casefold())
        if canonical is None or canonical == written:
            return None
        return canonical

    def text(self, text: str) -> str:
        """``text`` with every known slip replaced by its canonical name."""
        if self._pattern is None or not text:
            return text
        return self._pattern.sub(lambda m: self._replacement(m.group()) or m.group(), text)

    def mentions(self, text: str) -> bool:
        """Whether ``text`` holds one of the slips (even one that reads as it is written)."""
        return self._pattern is not None and self._pattern.search(text) is not None

    def slips(self, texts: Iterable[str]) -> tuple[Slip, ...]:
        """The slips written in ``texts``, each once, in order of first appearance."""
        if self._pattern is None:
            return ()
        return self._slips_of(match for text in texts if text for match in self._pattern.finditer(text))

    def head(self, head: str) -> str:
        """A glossary head with slips replaced; "DLPAC / DLPack" becomes "DLPack", not "DLPack / DLPack"."""
        return self._head(head, self.text(head))

    def _head(self, head: str, replaced: str) -> str:
        """``head`` as ``head`` shows it, ``replaced``: ``text(head)``."""
        if replaced == head:
            return head
        parts = split_top_level(replaced)
        unique = list(dict.fromkeys(parts))
        return " / ".join(unique) if len(unique) < len(parts) else replaced

    def names(self, names: Iterable[str]) -> tuple[str, ...]:
        """Speaker names with slips replaced ("Jotender" -> "Jyotinder")."""
        return tuple(dict.fromkeys(self.text(name) for name in names))


    # -- records -------------------------------------------------------------------------

    def talk(self, talk: Talk) -> Talk:
        """A talk as shown: every text with canonical names, its slips kept in ``slips``."""
        if self._pattern is None:
            return talk
        # Each text is scanned once: its slips and its replacement are read off the same matches (a talk's texts
        # are ~10,000 characters, the pattern costs ~27 us per 1,000 of them, and was run two or three times).
        scanned: dict[str, list[re.Match[str]]] = {}
        summaries = tuple(self._summary(summary, scanned) for summary in talk.summaries)
        slips = self._slips_of(match for text in _talk_texts(talk) for match in self._matches(text, scanned))
        if not slips and all(new is old for new, old in zip(summaries, talk.summaries)):
            return talk
        return Talk(talk.talk_id, self._text(talk.title, scanned), self.names(talk.speakers), summaries, talk.tags,
                    talk.video_url, slips=slips)

    def _matches(self, text: str, scanned: dict[str, list[re.Match[str]]]) -> list[re.Match[str]]:
        """The pattern's matches in ``text``, found once per ``scanned``."""
        if text not in scanned:
            scanned[text] = list(self._pattern.finditer(text)) if self._pattern is not None and text else []
        return scanned[text]

    def _text(self, text: str, scanned: dict[str, list[re.Match[str]]]) -> str:
        """``text(text)``, from its matches in ``scanned`` when it was scanned."""
        matches = scanned.get(text)
        if matches is None:
            return self.text(text)
        return self._replaced(text, matches) if matches else text

    def _summary(self, summary: Summary, scanned: dict[str, list[re.Match[str]]]) -> Summary:
        if not self._slips_of(match for text in _summary_texts(summary) for match in self._matches(text, scanned)):
            return summary

        def text(value: str) -> str:
            return self._text(value, scanned)

        def point(item: T) -> T:  # a key point or highlight without a slip stays as it is
            if not (self._matches(item.title, scanned) or self._matches(item.text, scanned)):
                return item
            return replace(item, title=text(item.title), text=text(item.text))

        return replace(
            summary,
            text=text(summary.text),
            key_points=tuple(point(p) for p in summary.key_points),
            glossary=tuple(self._entry(entry, scanned) for entry in summary.glossary),
            highlights=tuple(point(h) for h in summary.highlights),
        )

    def entry(self, entry: GlossaryEntry) -> GlossaryEntry:
        """A glossary entry with canonical names in its head, terms and definition."""
        return self._entry(entry, {})

    def _entry(self, entry: GlossaryEntry, scanned: dict[str, list[re.Match[str]]]) -> GlossaryEntry:
        return replace(
            entry,
            head=self._head(entry.head, self._text(entry.head, scanned)),
            terms=tuple(dict.fromkeys(self.text(t) for t in entry.terms)),
            expansions=tuple(self.text(e) for e in entry.expansions),
            variants=tuple(v for v in dict.fromkeys(self.text(v) for v in entry.variants)
                           if v not in {self.text(t) for t in entry.terms}),
            definition=self._text(entry.definition, scanned),
        )

    def talk_hit(self, hit: TalkHit) -> TalkHit:
        if self._pattern is None:
            return hit
        # The summary is long (a hit's whole summary): its slips are found once, and replaced from those matches.
        in_summary = list(self._pattern.finditer(hit.summary))
        slips = self._slips_of([*self._pattern.finditer(hit.title), *in_summary])
        if not slips:
            return hit
        return replace(hit, title=self.text(hit.title), speakers=self.names(hit.speakers),
                       summary=self._replaced(hit.summary, in_summary), slips=slips)

    def _slips_of(self, matches: Iterable[re.Match[str]]) -> tuple[Slip, ...]:
        found: dict[str, Slip] = {}
        for match in matches:
            written = match.group()
            canonical = self._replacement(written)
            if canonical and written not in found:
                found[written] = Slip(written, canonical)
        return tuple(found.values())

    def _replaced(self, text: str, matches: list[re.Match[str]]) -> str:
        """``text(text)`` from the pattern's matches in ``text`` (``finditer``'s, which are ``sub``'s)."""
        parts: list[str] = []
        end = 0
        for match in matches:
            parts += [text[end:match.start()], self._replacement(match.group()) or match.group()]
            end = match.end()
        return "".join(parts) + text[end:]

    def point_hit(self, hit: PointHit) -> PointHit:
        found: dict[str, Slip] = {}  # ``slips`` of the three texts: each text's own, in order, each written once
        for text in (hit.talk_title, hit.title, hit.text):
            for slip in self._slips_in(text):
                found.setdefault(slip.written, slip)
        slips = tuple(found.values())
        if not slips:
            return hit
        return replace(hit, talk_title=self.text(hit.talk_title), title=self.text(hit.title),
                       text=self.text(hit.text), slips=slips)

    def _slips_in(self, text: str) -> tuple[Slip, ...]:
        """``slips([text])``, kept for the texts of the corpus's key points and talk titles: a point answers many
        questions, and scanning it costs ~0.1 us a character (20 hits of a "how much" question: 1 ms)."""
        return kept(self._kept_slips, text, lambda: self.slips((text,)), SLIPS_KEPT)

    def term_hit(self, hit: TermHit) -> TermHit:
        texts = [hit.term, hit.expansion or ""] + [t for d in hit.definitions for t in (d.head, d.definition)]
        slips = self.slips(texts)
        if not slips:
            return hit
        shown = {id(d): self._definition(d) for d in hit.definitions}
        senses = tuple(
            replace(sense, name=self.text(sense.name), expansions=tuple(self.text(e) for e in sense.expansions),
                    definitions=tuple(shown.get(id(d)) or self._definition(d) for d in sense.definitions))
            for sense in hit.senses
        )
        return replace(hit, term=self.text(hit.term), expansion=self.text(hit.expansion) if hit.expansion else None,
                       definitions=tuple(shown[id(d)] for d in hit.definitions), senses=senses, slips=slips)

    def _definition(self, d: TermDefinition) -> TermDefinition:
        return replace(d, talk_title=self.text(d.talk_title), head=self.head(d.head),
                       definition=self.text(d.definition), term=self.text(d.term),
                       expansion=self.text(d.expansion) if d.expansion else None)


def _summary_texts(summary: Summary) -> list[str]:
    texts = [summary.text]
    texts += [t for p in summary.key_points for t in (p.title, p.text)]
    texts += [t for e in summary.glossary for t in (e.head, e.definition)]
    texts += [t for h in summary.highlights for t in (h.title, h.text)]
    return texts


def _talk_texts(talk: Talk) -> list[str]:
    return [talk.title, *talk.speakers, *(t for s in talk.summaries for t in _summary_texts(s))]
