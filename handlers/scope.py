"""Where a question is asked (``Scope``), and what is looked up once per answer in it: the words of a text no
summary has, a question's name runs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from store.concepts import MIN_PREFIX
from store.db import Store
from store.text import tokens

from .common_words import is_everyday
from .questions import NameRun, Question, name_runs


@dataclass
class Scope:
    """Where a question is asked: the thread's talk (if any) and how far "more" has got."""

    talk_id: str | None = None
    prefer_talk: bool = False  # answer from the thread's talk first (a digest thread, a talk's answer)
    offset: int = 0  # key points already shown for this topic ("more")
    # the thread's last answer spanned talks (the moments of a topic): its talk is only the first of them
    across_talks: bool = False
    # the thread's last answer was a term's glossary entry (what it is), no key point of the talk's
    after_an_entry: bool = False
    # The words of a text no summary has, looked up once per answer (respelling and "not covered" both ask).
    absent: dict[str, frozenset[str]] = field(default_factory=dict)
    # The name runs of a question's text (``name_runs``), found once per answer ("not covered" asks up to 3 times).
    runs: dict[tuple[str, str | None], list[NameRun]] = field(default_factory=dict)


async def absent_words(store: Store, scope: Scope, text: str) -> frozenset[str]:
    """The words of ``text`` no summary has, looked up once per answer."""
    if text not in scope.absent:
        scope.absent[text] = await _with_rare_starts(store, text, await store.absent_words(text))
    return scope.absent[text]


async def absent_words_each(store: Store, scope: Scope, texts: Sequence[str]) -> list[frozenset[str]]:
    """``absent_words`` of each text, those not looked up yet in one store call (a comparison's two sides)."""
    if to_look := [text for text in dict.fromkeys(texts) if text not in scope.absent]:
        for text, absent in zip(to_look, await store.absent_words_each(to_look), strict=True):
            scope.absent[text] = await _with_rare_starts(store, text, absent)
    return [scope.absent[text] for text in texts]


async def _with_rare_starts(store: Store, text: str, absent: Sequence[str]) -> frozenset[str]:
    """``absent`` and the rare words of MIN_PREFIX letters of ``text`` that the summaries hold only as the start of
    other words: "wie funktioniert ein gan" asks about GAN, not ganzjährig. An everyday word is theirs in a form they
    write ("dig", "lie": a question's English word their German translates)."""
    rare = [token for token in tokens(text) if len(token) == MIN_PREFIX and token not in absent
            and not is_everyday(token)]
    return frozenset([*absent, *[token for token in rare if await store.only_starts_words(token)]])


def name_runs_of(scope: Scope, question: Question) -> list[NameRun]:
    """The name runs of ``question`` (``name_runs``), found once per answer."""
    key = (question.text, question.language)
    if key not in scope.runs:
        scope.runs[key] = name_runs(*key)
    return scope.runs[key]
