"""One answer composer per question shape: a parsed question and the store in, an ``AnswerReply`` out.

Every composer first checks that the summaries mention what was asked about; when they do not,
the answer says so and offers the nearest terms, instead of answering a different term.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from store.compounds import MIN_PART
from store.concepts import (
    content_words,
    english_variants,
    german_root,
    inflected_form,
    one_slip,
    slip_in_each_word,
)
from store.db import Store
from store.glossary_heads import spelled_out_abbreviation, spells_out_somewhere
from store.lexicon import phrase_key
from store.merging import same_moment
from store.model import (
    KeyPoint,
    PointHit,
    Source,
    Talk,
    TalkHit,
    TeamDefinition,
    TermHit,
    heads_its_talk,
    introduces_its_talk,
)
from store.text import holds_run, term_key, tokens

from . import coverage, german_tags
from .commands import STRONG_MATCHES
from .commands import define as look_up
from .common_words import is_common, is_rare
from .quantities import (
    DIMENSIONS,
    MEASURED_RE,
    MEASURES,
    NUMBER_RES,
    ORDINAL_ASKED_RE,
    ORDINAL_GENERATION_RE,
    count_re,
    counted_of,
    counted_ones_verb,
    counted_thing_forms,
    counted_word,
    counts_kinds,
    counts_people,
    dimension_of,
    entry_counting,
    entry_saying,
    has_number,
    hint_not_asked,
    listing_re,
    lists_things,
    measured_absent,
    naming_speakers,
    rare_words,
    unit_of,
    with_unit_re,
)
from .question_words import (
    ASPECT_NOUNS,
    DOWNSIDE_NOUNS,
    ENGLISH_ARTICLES,
    FRAME_WORDS,
    UNITS,
    WHY_WORDS,
    arrival_of,
    asks_meaning,
    setting_of,
)
from .questions import (
    Question,
    Shape,
    asks_an_amount,
    asks_in_which_talks,
    is_term_like,
    is_yes_no,
    parse,
    placed_setting,
    plain_question,
    subject_words,
    weighs_its_subject,
    without_kind_words,
)
from .replies import AnswerReply, DefineReply, Notice
from .scope import Scope, absent_words, absent_words_each, name_runs_of
from .talk_naming import (
    TALK_NOUNS,
    describing_clause_words,
    speaker_naming_words,
    talk_naming_words,
    words_naming_the_talk,
)

POINTS_SHOWN = 3  # supporting key points after the lead
MOMENTS_SHOWN = 25  # every moment of a topic, up to what one message shows well
TALKS_SHOWN = 8
SUMMARY_POINTS = 8
QUANTITY_CANDIDATES = 20
# A point carrying a number of the asked kind leads over more relevant ones only when it answers at least this share
# of what the best point does: "how big are the tiles in the XLA tiling example?" is the tiling point's "8 x 8", not
# the "26B" of a point that only shares the word "example"
NUMBER_RELEVANCE = 0.5
COUNT_TIE = 0.8  # a point counting the asked thing this close to the best leads
# Hits' scores are rounded to 3 decimals (store.ranking): a share of the best one is compared within that rounding, or a
# point whose text holds what the best one's title holds (POINT_FIELD_WEIGHTS: 0.8 of it) falls short of a 0.8 tie by
# the rounding alone ("wie viele fallstudien": 000:343's "zwei Fallstudien" at 2.639 of 348's 3.299)
SCORE_ROUNDING = 0.0005


def tie_floor(share: float, best: float) -> float:
    """The least score ``share`` of a ``best`` score is, as the rounded scores are compared."""
    return share * best - SCORE_ROUNDING


def _led_by(found: list[PointHit], best: PointHit | None) -> list[PointHit]:
    """``found`` with ``best`` moved first (as it is when there is none)."""
    return found if best is None else [best] + [hit for hit in found if hit is not best]


def _near_first(found: list[PointHit], share: float, fits: Callable[[PointHit], object]) -> list[PointHit]:
    """``found`` with the first later point that ``fits`` moved first, of those scoring ``share`` of the first one's or
    more (``tie_floor``): the kind of point a question asks for leads the points about as relevant."""
    floor = tie_floor(share, found[0].score)
    return _led_by(found, next((hit for hit in found[1:] if hit.score >= floor and fits(hit)), None))


# Words added to a quantity question's search so the points with that kind of number are found:
# "how much faster was FlyDSL" must reach "2,5-fache Beschleunigung" (speed-up), not only "schneller".
QUANTITY_HINTS = {"speed": "speedup faster", "time": "time", "throughput": "throughput", "size": "", "count": "",
                  "percent": ""}
# The measured kinds, whose numbers their pattern tells from others (a count, a version or a year is read from too many
# numbers: "FP32" is a version's pattern, "200" a count)
_MEASURED_KINDS = frozenset(MEASURES) | {"percent", "money"}
_CAUSE_RE = re.compile(r"\b(?:weil|da |daher|deshalb|weshalb|weswegen|wodurch|aufgrund|um .* zu|damit|sodass|so dass"
                       r"|führt|führen|ermöglicht"
                       r"|because|since|therefore|due to|so that)\b", re.I)
# A question that asks how a thing is done, not why: a point giving a reason answers it no better ("wie werden Filter
# auf der TPU ausgeführt?" is the operator mapping, not Qwen-Image's "um Kompilierungsfehler zu umgehen"); "how come"
# and "wie kommt es" ask why
_ASKS_HOW_RE = re.compile(r"^(?:how|wie)\b(?! come\b| kommt es\b)", re.I)


Composer = Callable[[Store, Question, Scope], Awaitable[AnswerReply]]


async def compose(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """The answer in the question's shape."""
    return await COMPOSERS.get(question.shape, search)(store, await _respelled(store, question, scope), scope)


async def _respelled(store: Store, question: Question, scope: Scope) -> Question:
    """The question with a name no summary holds that is a glossary term or a talk title's word typed with one slip
    spelled as that name: "who's talking about FlyDLS?" asks about FlyDSL (GSPMD is no slip of SPMD: see
    ``one_slip``). A plain word's slip is fixed when it is in a glossary term typed with one slip ("reduce scater",
    "floquett theorie": the coverage check does not know the typo the search would fix) or is an English word of the
    word list typed with one ("enviroment"), which the search cannot fix from the German summaries."""
    fixed: dict[tuple[str, ...], str] = {}
    texts = [text for text in (question.subject, question.other) if text]
    for text, absent in zip(texts, await absent_words_each(store, scope, texts), strict=True):
        if not absent:
            continue
        words = text.split()
        for word in words:
            if (word != word.lower() or any(ch.isdigit() for ch in word)) and all(t in absent for t in tokens(word)) \
                    and (term := await _slip_of_term(store, word)):
                fixed[(word,)] = term
            elif word.isalpha() and word == word.lower() and all(t in absent for t in tokens(word)) and \
                    (english := _slip_of_an_english_word(store, word)):
                fixed[(word,)] = english
        for run, term in (await _terms_typed_with_a_slip(store, words, absent)).items():
            fixed.setdefault(run, term)
    if not fixed:
        return question
    longest = max(len(run) for run in fixed)

    def respell(text: str) -> str:
        words, out = text.split(), []
        while words:
            size = next((size for size in range(min(longest, len(words)), 0, -1) if tuple(words[:size]) in fixed), 0)
            out.append(fixed[tuple(words[:size])] if size else words[0])
            words = words[max(size, 1):]
        return " ".join(out)

    def respell_typed(text: str) -> str:
        for run, term in fixed.items():
            written = r"\s+".join(re.escape(word) for word in run)
            text = re.sub(rf"(?<![\w-]){written}(?![\w-])", term.replace("\\", r"\\"), text, flags=re.I)
        return text

    # the text as typed too: "reduce scater?" typed first and alone asks what Reduce-Scatter is (``search``)
    return replace(question, text=respell_typed(question.text), subject=respell(question.subject),
                   other=respell(question.other), raw=respell(question.raw), term=respell(question.term),
                   qualifier=respell(question.qualifier))


MAX_TERM_WORDS = 4  # words of a question read together as one glossary term typed with a slip


async def _terms_typed_with_a_slip(store: Store, words: list[str], absent: frozenset[str]
                                   ) -> dict[tuple[str, ...], str]:
    """The runs of plain ``words`` holding a word no summary has that are a glossary term typed with one slip (a
    hyphen or a space taken as the same), each with that term: "reduce scater" -> Reduce-Scatter, "floquett theorie"
    -> Floquet-Theorie; or a glossary name of several words (a term or a long form) with a slip in any of its words:
    "composible kernel" -> Composable Kernel (CK's long form, which the fuzzy look-up tries only after the full text).
    Longest runs first; a run overlapping a found one is not read."""
    found: dict[tuple[str, ...], str] = {}
    taken: set[int] = set()
    glossary: tuple[str, ...] | None = None  # every term, read once: a run no term is one slip from needs no look-up
    long_forms: tuple[str, ...] = ()
    for size in range(min(MAX_TERM_WORDS, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            run = words[start:start + size]
            if size == 1 and "-" not in run[0]:
                continue  # a plain word's slip alone is the coverage check's (``_typed_with_a_slip``): no look-up
            at = set(range(start, start + size))
            held = [t for word in run for t in tokens(word)]
            # "floquett" finds "floquet" as a stem: only the run joined up ("floquetttheorie") is in no summary
            if at & taken or not any(t in absent for t in held + ["".join(held)]) or \
                    any(not word.replace("-", "").isalpha() or word != word.lower() for word in run):
                continue
            written = " ".join(run)
            if len(written) < 4:
                continue
            if glossary is None:
                glossary, long_forms = await store.all_terms(), await store.long_forms()
            if any(_one_slip_apart(written, term) for term in glossary) and await _term_with_a_slip(store, written):
                found[tuple(run)] = (await store.define(written)).hits[0].term
                taken |= at
            elif name := next((name for name in glossary + long_forms if slip_in_each_word(written, name)), None):
                found[tuple(run)] = name
                taken |= at
    return found


MIN_ENGLISH_SLIP = 6  # shorter words one letter apart are as often other words ("mamba", "mama"): see ``one_slip``


def _slip_of_an_english_word(store: Store, word: str) -> str | None:
    """The single English word of the word list (lexicon.toml) ``word`` (folded, in no summary, and no word of the
    language itself) is typed with one slip, if exactly one is: "enviroment" -> environment."""
    if len(word) < MIN_ENGLISH_SLIP or is_common(word):
        return None  # a word of the language ("hacking", "second") is what was meant, not a slip of another
    # only a word no summary has; of the word list's keys only those a letter away (its index of shortened forms)
    near = [key for key in store.word_data().one_letter_apart(word) if one_slip(word, key)]
    return near[0] if len(near) == 1 else None


# -- helpers -----------------------------------------------------------------------------

def _reply(question: Question, **fields: Any) -> AnswerReply:
    return AnswerReply(shape=question.shape.value, language=question.lang, subject=question.subject,
                       other=question.other, **fields)


_TITLE_WORD_RE = re.compile(r"[^\W_][\w.+-]*[^\W_]|[^\W_]")


async def _slip_of_term(store: Store, word: str) -> str | None:
    """The glossary term or talk-title word ``word`` is a typing slip of ("FlyDLS" -> FlyDSL, "Kinetc" ->
    Kinetic), if any."""
    if len(word) < 4:
        return None
    result = await store.define(word)
    if slipped := next((hit.term for hit in result.hits if one_slip(word, hit.term)), None):
        return slipped
    if any(ch.isupper() for ch in word[1:]) or any(ch.isdigit() for ch in word):
        return None  # a spelled-out name (GSPMD, DoRA) is a slip only of a glossary term, by one swap
    titles = [name for hit in await store.find_talks(word, limit=3) for name in _TITLE_WORD_RE.findall(hit.title)]
    return next((name for name in titles if one_slip(word, name)), None)


async def _not_covered(store: Store, question: Question, missing: list[str], *, topic: str | None = None,
                       apart: bool = False) -> AnswerReply:
    """What the summaries do not mention, said first, with the nearest terms; when the question also asks about
    something they do cover (its ``topic``: "Kinetic" in "läuft Kinetic auch mit Terraform?"), the key points about
    that follow as the nearest evidence. ``apart``: the missing words are in the summaries, never with the topic."""
    reply = _reply(question, not_covered=missing)
    if topic is None:
        topic = coverage.topic_besides(question, missing)
        if not topic and question.yes_no:
            # a yes/no question asks a detail of its topic, named or not ("can i use kinetic from macos", "does the
            # treehouse have a fireplace?"): what they say about it follows
            topic = coverage.topic_besides(question, missing, names_only=False)
    if topic:
        reply.points = await store.find_points(topic, limit=POINTS_SHOWN)
        if not reply.points:  # a topic no key point words as asked ("treehouse"): the talks about it
            reply.talks = await store.find_talks(topic, limit=2)
        reply.context_of = topic if reply.points or reply.talks else ""
        reply.apart = apart
    if not reply.context_of:  # nothing of the question is covered: the terms nearest to what was asked
        suggestions: dict[str, None] = {}
        for word in missing:
            result = await store.define(word)
            for name in [hit.term for hit in result.hits] + list(result.suggestions):
                suggestions.setdefault(name, None)
        reply.suggestions = list(suggestions)[:5]
    return reply


def point_from(talk: Talk, point: KeyPoint) -> PointHit:
    """A talk's key point as an answer's point."""
    return PointHit(talk.talk_id, talk.title, point.seconds, point.label, point.title, point.text, 0.0,
                    point.source, talk.video_url)


def talk_hit(talk: Talk) -> TalkHit:
    return TalkHit(talk.talk_id, talk.title, talk.speakers, talk.summaries[0].text, 0.0, talk.source)


async def _points(store: Store, subject: str, scope: Scope, limit: int, *, min_coverage: float = 0.0,
                  introductions_name: bool = False, context: str = "",
                  speaker_words: frozenset[str] = frozenset(),
                  described: tuple[str, str] | None = None, entries: bool = False,
                  ) -> tuple[list[PointHit], str | None]:
    """Key points for ``subject``: from the thread's talk first when the thread is about one (``introductions_name``,
    ``speaker_words``: Store.find_points); the asker's ``context`` (``Question.context``) breaks near ties
    (``_context_first``). ``described``: the talk the question names by a description, and the rest of the subject
    (``_talk_described_as_one``), whose points answer first; ``entries``: a glossary entry holding more of the
    question than any point leads (Store.find_points)."""
    if scope.talk_id and scope.prefer_talk:
        scoped = await store.find_points(subject, limit=limit, talk_id=scope.talk_id, min_coverage=min_coverage,
                                         introductions_name=introductions_name, speaker_words=speaker_words,
                                         entries=entries)
        if scoped:
            return await _context_first(store, subject, context, scoped, introductions_name), scoped[0].talk_title
    elif described is not None:
        talk_id, rest = described
        scoped = await store.find_points(rest, limit=limit, talk_id=talk_id, min_coverage=min_coverage,
                                         introductions_name=introductions_name, speaker_words=speaker_words,
                                         entries=entries)
        if scoped:
            return await _context_first(store, rest, context, scoped, introductions_name), None
    found = await store.find_points(subject, limit=limit, min_coverage=min_coverage,
                                    introductions_name=introductions_name, speaker_words=speaker_words,
                                    entries=entries)
    return await _context_first(store, subject, context, found, introductions_name), None


CONTEXT_TIE = 0.8  # a point the question's own words rank this close to the best one may lead by the context's


async def _context_first(store: Store, subject: str, context: str, found: list[PointHit],
                         introductions_name: bool) -> list[PointHit]:
    """``found`` with the point the asker's context holds best first, of those the question's own words rank about
    alike (CONTEXT_TIE): the context says why it is asked and may say which of them is meant, but never outranks the
    question. "Für einen Vortrag über Automatisierung möchte ich mit dem alten Handwerk einsteigen. Was musste ein
    Zerspaner früher alles können?" asks for 000:624's traditionelles Handwerk, of the points on the machinist's
    work."""
    said = subject_words(context) if context and len(found) >= 2 else ""
    near = {hit.source for hit in found if hit.score >= tie_floor(CONTEXT_TIE, found[0].score)} if said else set()
    if len(near) < 2:
        return found
    ranked = await store.find_points(f"{subject} {said}", limit=len(found), introductions_name=introductions_name)
    best = next((hit for hit in ranked if hit.source in near), None)
    if best is None or best.source == found[0].source:
        return found
    return [hit for hit in found if hit.source == best.source] + [hit for hit in found if hit.source != best.source]


async def _talk_of(store: Store, question: Question, scope: Scope) -> tuple[Talk | None, list[TalkHit]]:
    """The talk a question is about: the thread's talk for "it", else the best match, and the runners-up."""
    if (question.refers_back or not question.subject) and scope.talk_id:
        talk = await store.get_talk(scope.talk_id)
        return talk, []
    if not question.subject:
        return None, []
    topic = _talk_topic(question.subject)
    hits = await _point_breaks_a_tie(store, topic, await store.find_talks(topic, limit=4))
    if not hits:
        return None, []
    return await store.get_talk(hits[0].talk_id), hits[1:3]


def _talk_topic(subject: str) -> str:
    """What of a talk question's ``subject`` says which talk: not its aspect nouns (``ASPECT_NOUNS``), which ask about
    an aspect of the talk's topic ("wer hat die math 500 [ergebnisse] gezeigt", "which talk covers the [downsides] of
    colocation"), so a talk that writes "Ergebnisse" in its summary is no more about it; the subject when they are all
    of it."""
    return " ".join(word for word in subject.split() if not all(token in ASPECT_NOUNS for token in tokens(word))) \
        or subject


TALK_TIE = 0.95  # talks (or key points of two talks) the subject matches this alike are a tie
TIE_POINTS = 3  # the best key points read to break a tie of talks: the best must lead every other talk's


async def _point_breaks_a_tie(store: Store, subject: str, hits: list[TalkHit]) -> list[TalkHit]:
    """``hits`` with the talk first whose one key point holds ``subject`` best, of the talks the whole-summary match
    ranks alike (TALK_TIE): a talk named by what it tells ("the video that tells you when to pick sft, dpo or grpo")
    is the one with a point that tells it (000:386's Algorithmuselektion), not another that names the same words
    across its points. Only a tie is looked up again."""
    if len(hits) < 2 or hits[1].score < tie_floor(TALK_TIE, hits[0].score):
        return hits
    tied = {hit.talk_id for hit in hits if hit.score >= tie_floor(TALK_TIE, hits[0].score)}
    best = await store.find_points(subject, limit=TIE_POINTS)
    floor = tie_floor(TALK_TIE, best[0].score) if best else 0.0
    if not best or best[0].talk_id not in tied or any(point.talk_id != best[0].talk_id and point.score >= floor
                                                      for point in best):
        return hits  # (a point of another talk about as good as the best one: still a tie, the first talk stays)
    return [hit for hit in hits if hit.talk_id == best[0].talk_id] + \
        [hit for hit in hits if hit.talk_id != best[0].talk_id]


DESCRIBING_WORDS = 2  # the words the summaries have that a talk named by its details must keep, at the least
DESCRIBED_LEAD = 1.8  # how far the talk those details name must lead the next talk
DESCRIBED_ALIKE = 3  # the talks read when a talk noun's words fit several alike


async def _described_talk(store: Store, question: Question, missing: list[str], scope: Scope) -> str | None:
    """What of a talk question's subject describes one talk when some of its words are in no summary: "who's the hf
    engineer that got alibabas picture generator running on a v6e", "tldr of the one asking if ai chips can replace
    cpus for analytics" name a talk by its details, and a detail typed in the asker's words ("hf engineer", "ai
    chips") is no topic of its own that the talk lacks. The rest must keep DESCRIBING_WORDS words the summaries have,
    no fewer than are missing, and name one talk far ahead of the next (DESCRIBED_LEAD); None otherwise ("who talked
    about Ray on TPUs?": "TPUs" names no talk, Ray is not covered)."""
    missed = {token for name in missing for token in tokens(name)}
    rest = " ".join(word for word in question.subject.split() if missed.isdisjoint(tokens(word)))
    absent = await absent_words(store, scope, rest) if rest else frozenset()
    kept = {token for token in tokens(rest) if token not in absent}
    if len(kept) < max(DESCRIBING_WORDS, len(missed)):
        return None
    hits = await store.find_talks(rest, limit=2)
    if not hits or (len(hits) > 1 and hits[0].score < DESCRIBED_LEAD * hits[1].score):
        return None
    return rest


async def _written_uninflected(store: Store, missing: list[str]) -> bool:
    """Whether every name of ``missing`` is one the summaries write side by side with its German adjectives in
    another case: "den talk mit dem [entkoppelten agenten-modell]" is the Tinix talk's "Entkoppeltes Agenten-Modell"
    (000:304); an adjective's case ending is no part of a name (``_adjectives_uninflected``)."""
    for name in missing:
        if not (base := _adjectives_uninflected(name)) or not await store.held_side_by_side(tokens(base)):
            return False
    return True


async def _compound_of_one_talk(store: Store, name: str) -> bool:
    """Whether ``name`` is one German compound no summary writes whose corpus words one talk holds: "wo man nen
    [trainingsjob] startet" is Kinetic's training functions and its jobs, the asker's word for what that talk shows
    (as ``coverage._compound_apart`` reads a compound whose words no talk holds together as a thing of its own)."""
    folded = tokens(name)
    if len(folded) != 1 or not folded[0].isalpha():
        return False
    parts = await store.parts_of(folded[0])
    return len(parts) >= 2 and await store.held_in_one_talk(parts)


async def _uncovered_talk_question(store: Store, question: Question, scope: Scope
                                   ) -> tuple[Question, AnswerReply | None]:
    """A talk question (who, summary, watch) as it is answered, or its "not covered" reply: the question asks about
    words no summary has, unless the rest of them describes one talk (``_described_talk``), which then answers."""
    if not question.subject or not (missing := await coverage.missing(store, question.subject, question, scope)):
        return question, None
    if question.language == "de" and await _written_uninflected(store, missing):
        return question, None
    if question.language == "de" and not (missing := [name for name in missing
                                                      if not await _compound_of_one_talk(store, name)]):
        return question, None
    if (described := await _described_talk(store, question, missing, scope)) is not None:
        return replace(question, subject=described), None
    return question, await _not_covered(store, question, missing)


# -- composers, one per shape -----------------------------------------------------------

async def define(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """What is X: the glossary entry and the team's definition, then where X comes up; "not covered" when
    neither the summaries nor the team's definitions have X."""
    if question.described:
        return await _described(store, question, scope)
    if (named := await _term_the_answer_named(store, question, scope)) is not None:
        question = replace(question, subject=named, raw=named, term="", qualifier="")
    question = await _uninflected_term(store, question)
    if not question.term and len(question.subject.split()) > 1 and not await _named_entry(store, question.subject) \
            and (named := await _term_asked_alone(store, question, question.subject)) is not None:
        # the words beside the term are general ones no summary holds (how the asker met it, how to answer): they
        # ask nothing of it, the term's entry answers
        question = replace(question, subject=named, raw=named)
    placed_in: list[str] = []  # the talks the question places the term in, best first
    if question.term and (alone := await store.define(question.term)).hits and \
            _names_it(alone.hits[0], question.term):
        # "what is an MX expression in CasADi?": the term is a glossary entry on its own; "in CasADi" says which
        # talk's sense, it is not part of the name. An entry found only in a definition's text must be from there.
        talks = [hit.talk_id for hit in await store.find_talks(question.qualifier, limit=3)]
        if alone.hits[0].match != "text" or {d.talk_id for d in alone.hits[0].definitions} & set(talks):
            placed_in = talks
            question = replace(question, subject=question.term, raw=question.term, term="", qualifier="")
    if not placed_in and scope.talk_id and scope.prefer_talk:
        placed_in = [scope.talk_id]  # in a thread about one talk, that talk's sense of a term several talks define
    asked = question.raw or question.subject  # "XLA & HLO" is two terms, as in /define
    defined_by_team = await store.team_definitions([asked, question.subject])
    if not defined_by_team and (missing := await coverage.missing(store, question.subject, question, scope)) and \
            not await _term_with_a_slip(store, question.subject) and not await _named_entry(store, question.subject):
        # (a term typed apart, "battle mage", is no two words the summaries lack together: it is Battlemage)
        return await _not_covered(store, question, missing)
    one_long_thing = not defined_by_team and len(tokens(question.subject)) > 2 and not _SEVERAL_TERMS_RE.search(asked)
    if one_long_thing and await _terms_side_by_side(store, question.subject):
        # "flax opex grain, what are those": three terms typed without commas, as "flax, opex, grain" asks them
        one_long_thing, asked = False, ", ".join(question.subject.split())
    if one_long_thing:
        # "what are the phases of LLM training?" asks for one thing, not for the terms LLM and training one by
        # one as /define would: only the whole is a glossary entry (an expansion, "Group Relative Policy
        # Optimization"), else the key points answer it
        looked_up: Notice | DefineReply = DefineReply([await store.define(asked)])
    else:
        looked_up = await look_up(store, asked if not defined_by_team or term_key(asked) in defined_by_team
                                  else question.subject)
    results = looked_up.results if isinstance(looked_up, DefineReply) else []
    terms = [result.hits[0] for result in results if result.hits and _names_it(result.hits[0], result.query)
             and (not one_long_thing or result.hits[0].match in STRONG_MATCHES)]  # LLM is not "phases of LLM …"
    if (not terms or terms[0].match == "text") and not question.term and \
            (of_its_kind := await _term_before_its_kind(store, question)) is not question:
        return await define(store, of_its_kind, scope)  # "what's a dit model": DiT's entry, not KV Cache's text
    if terms and terms[0].match == "text" and coverage.titles_a_talk(store, asked):
        terms = []  # a talk's subject: its key points say what it is, not a card that mentions it (nor JAX's)
    terms = _each_entry_once(terms)
    team = list(looked_up.team.values()) if isinstance(looked_up, DefineReply) else []
    pointer = looked_up.pointer if isinstance(looked_up, DefineReply) else None
    if not terms and not team:
        written = {t for word in question.subject.split() for t in tokens(word)}
        one_name = any({t for word in run.words for t in tokens(word)} == written
                       for run in name_runs_of(scope, question))
        if len(written) > 1 and one_name and written & await absent_words(store, scope, question.subject) and not \
                await store.find_points(question.subject, limit=1, min_coverage=1.0):
            # "speculative decoding": no glossary entry, a word of it in no summary, and no key point holding
            # all of it; a point about decoding alone would answer another term. Only words typed as one name:
            # "die Nachteile von Kollokation" asks about Kollokation's downsides, which a point may discuss
            return await _not_covered(store, question, [question.subject])
        return await search(store, question, scope)  # discussed, but not in any glossary
    if placed_in and terms:
        rank = {talk_id: index for index, talk_id in enumerate(placed_in)}
        first = terms[0]
        terms[0] = replace(first, definitions=tuple(sorted(first.definitions,
                                                           key=lambda d: rank.get(d.talk_id, len(rank)))))
    points = await store.find_points(terms[0].term, limit=2, min_coverage=1.0) if len(terms) == 1 else []
    reply = _reply(question, terms=terms, points=points, pointer=pointer,
                   **({"team": team} if terms else {"team_terms": team}))
    # the thread's talk ("who gave that talk?"): of the talks that define it, the one whose key point discusses it
    defining = [definition.talk_id for definition in terms[0].definitions] if terms else []
    reply.talk_id = next((point.talk_id for point in points if point.talk_id in defining),
                         defining[0] if defining else None)
    return reply


async def _term_the_answer_named(store: Store, question: Question, scope: Scope) -> str | None:
    """The glossary term "what does that mean / stand for" asks about after an answer about no term: the thread's
    topic ("sparse format q array jax quantum") is no entry, its answer (the thread talk's key point that best holds
    it) names the talk's terms, and "that" is the one written nearest the asked words: "sparse (BCOO, Diagonale)"
    answers which sparse format, BCOO. None when the question names something itself ("und die andere?" after the
    first case study asks of the second), or the topic is an entry."""
    subject = question.subject
    if not (question.refers_back and scope.talk_id and subject):
        return None
    as_asked = parse(question.text)  # the question before the thread filled it in: "was heißt das" alone
    if as_asked.shape != Shape.DEFINE or as_asked.subject or await _named_entry(store, subject):
        return None
    lead = await store.find_points(subject, limit=1, talk_id=scope.talk_id)
    talk = await store.get_talk(scope.talk_id) if lead else None
    if talk is None:
        return None
    written = tokens(f"{lead[0].title} {lead[0].text}")
    asked = set(tokens(subject))
    near_asked = [at for at, token in enumerate(written)
                  if any(token == word or (len(word) >= 4 and token.startswith(word)) for word in asked)]
    if not near_asked:
        return None
    best: tuple[int, str] | None = None
    for entry in (entry for summary in talk.summaries for entry in summary.glossary):
        for name in entry.terms:
            parts = tokens(name)
            if not parts or set(parts) & asked:
                continue  # a term of the topic itself ("JAX Quantum") is what was asked, not what the answer named
            for at in range(len(written) - len(parts) + 1):
                if written[at:at + len(parts)] == parts:
                    distance = min(abs(at - place) for place in near_asked)
                    if best is None or distance < best[0]:
                        best = (distance, name)
    return best[1] if best is not None else None


async def _described(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """"what's the name for the memory right on the chip?": the glossary entry the description fits clearly best,
    then where its term comes up; without one, the key points that answer the description. The description's words
    are the asker's, not the summaries': no "not covered" for a word of it no summary writes."""
    terms = list((await store.describe(question.subject)).hits)[:1]
    if not terms:
        return await search(store, question, scope)
    points = await store.find_points(terms[0].term, limit=2, min_coverage=1.0)
    reply = _reply(question, terms=terms, points=points)
    defining = [definition.talk_id for definition in terms[0].definitions]
    reply.talk_id = next((point.talk_id for point in points if point.talk_id in defining),
                         defining[0] if defining else None)
    return reply


async def _uninflected_term(store: Store, question: Question) -> Question:
    """The question about its term in the glossary's form when only that form is an entry: "was versteht man unter
    modellprädiktiver Regelung" asks for "Modellprädiktive Regelung" (an adjective's case ending is no part of the
    name, as in a difference's sides)."""
    if not (base := _adjectives_uninflected(question.subject)) or await _an_entry(store, question.subject) or \
            not await _an_entry(store, base):
        return question
    return replace(question, subject=base, raw=base if question.raw in ("", question.subject) else question.raw)


async def _term_before_its_kind(store: Store, question: Question) -> Question:
    """The question about the glossary term its subject starts with when the words after it only say what kind of
    thing the term is, words its entry or talk title has (``_entry_named``): "what's a dit model" asks what DiT is
    (its talk is about "DiT-Modellen"), "battle mage gpus, what's that" what Battlemage is ("Grafikprozessor"). The
    words after it place the term as "in CasADi" does. Asked only of a subject no entry names as a whole (an entry
    that only mentions all its words, KV Cache's "DiT-Modelle", names none of them)."""
    subject = question.subject
    spaced = subject.replace("-", " ")  # "DiT-Modell" is DiT's kind as "DiT model" is
    if question.term or len(spaced.split()) < 2:
        return question
    if (kindless := without_kind_words(spaced)) != spaced and await _named_entry(store, kindless):
        # "dit model": a word for a kind of thing (KIND_WORDS) after the term, also where both are in a talk's title
        # ("DiT-Modellen"), which ``_entry_named`` reads as the talk's subject
        return replace(question, raw=subject, term=kindless,
                       qualifier=" ".join(word for word in spaced.split() if word not in kindless.split()))
    if (term := await _entry_named(store, subject)) and term != subject:
        return replace(question, raw=subject, term=term, qualifier=subject[len(term):].strip())
    owner, _, rest = subject.partition(" ")
    if await _named_entry(store, rest) and await _entry_places_it(store, rest, owner):
        # "xla custom calls, what are those": the word before the term says whose it is, which the term's entry says
        # itself ("Custom Calls: Mechanismen in XLA, …"); a key point naming both is no definition
        return replace(question, raw=subject, term=rest, qualifier=owner)
    return question


async def _named_entry(store: Store, subject: str) -> bool:
    """Whether ``subject`` is a glossary term by name, an exact, alias, expansion or translation match (not a fuzzy or
    full-text one): "battle mage" is Battlemage."""
    result = await store.define(subject)
    return bool(result.hits) and result.hits[0].match in STRONG_MATCHES


async def _an_entry(store: Store, term: str) -> bool:
    """Whether ``term`` is a glossary entry as looked up (its best hit names it: see ``_names_it``)."""
    result = await store.define(term)
    return bool(result.hits) and _names_it(result.hits[0], term)


def _each_entry_once(terms: list[TermHit]) -> list[TermHit]:
    """``terms`` without a term whose glossary entries an earlier one shows: "flax, opex, grain" are one entry
    ("Flax / Opex / Grain"), shown once."""
    shown: set[Source] = set()
    out = []
    for term in terms:
        sources = {definition.source for definition in term.definitions}
        if sources and sources <= shown:
            continue
        shown |= sources
        out.append(term)
    return out


async def _term_with_a_slip(store: Store, subject: str) -> bool:
    """Whether ``subject`` is a glossary term typed with one slip, in any case: "geotermie bienen" asks about the
    Geothermie-Bienen (the search fixes a plain word's typo, the coverage check does not know it is one)."""
    result = await store.define(subject)
    return bool(result.hits) and result.hits[0].match == "fuzzy" and _one_slip_apart(subject, result.hits[0].term)


async def _terms_side_by_side(store: Store, subject: str) -> bool:
    """Whether every word of ``subject`` is a glossary term of its own (a strong match): "flax opex grain" lists
    three terms, where "phases of LLM training" is one thing."""
    for word in subject.split():
        result = await store.define(word)
        if not result.hits or result.hits[0].match not in STRONG_MATCHES:
            return False
    return True


async def defines_in_talk(store: Store, term: str, talk_id: str) -> bool:
    """Whether talk ``talk_id``'s glossary has an entry for ``term`` by its name (``_names_it``; a term found only in
    an entry's text is none: "debugging" in debugpy's)."""
    result = await store.define(term)
    return bool(result.hits) and (hit := result.hits[0]).match != "text" and _names_it(hit, term) and \
        any(definition.talk_id == talk_id for definition in hit.definitions)


# Several terms asked at once, as /define reads them: "XLA & HLO", "SFT, DPO", "HLO/StableHLO", "DPO and ORPO".
_SEVERAL_TERMS_RE = re.compile(r"[&,;/+]|\s(?:and|und|or|oder)\s", re.I)


def _names_it(hit: TermHit, asked: str) -> bool:
    """Whether a looked-up glossary term is the asked one: a strong match, or a fuzzy one that is only its
    singular ("MXUs" -> MXU, "stragglers" -> Straggler) or a slip in typing it ("FlyDLS" -> FlyDSL)."""
    if hit.match in STRONG_MATCHES or hit.match == "text":
        return True
    if hit.match != "fuzzy":
        return False
    key, asked_key = term_key(hit.term), term_key(asked)
    singulars = english_variants(asked_key) + ([asked_key[:-1]] if asked_key.endswith("s") else [])
    return any(term_key(form) == key for form in singulars) or _one_slip_apart(asked, hit.term)


def _one_slip_apart(written: str, term: str) -> bool:
    """``one_slip`` with a hyphen and a space taken as the same: "geotermie bienen" is Geothermie-Bienen typed with
    one slip."""
    return one_slip(written.replace("-", " "), term.replace("-", " "))


# The question itself asks who (not a follow-up asking the last who-question again: "and what about DPO?")
_ASKS_WHO_RE = re.compile(r"\b(?:who|whom|wer|wem|wen)\b", re.I)
# Words that ask who presented a talk, not who did what it tells of
_PRESENTING_RE = re.compile(r"\b(?:present\w*|pr[äa]sent\w*|gave|give|gives|held|hielt|gehalten|spoke|speak\w*"
                            r"|sprach|spricht|sprechen|gesprochen|geredet|redet|redete|talk\w*|vortrag\w*|vortragende\w*"
                            r"|redner\w*|sprecher\w*|hosted|delivered|vorgestellt|stellte|stellt|video\w*|behind"
                            r"|mention\w*|erw[äa]hn\w*|discuss\w*|diskutiert\w*|besprochen|explain\w*|erkl[äa]r\w*"
                            r"|describ\w*|beschrieb\w*|cover\w*|behandelt)\b", re.I)


async def who(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """Who presented X: the best-matching talk with its speakers, and other talks about X."""
    question, uncovered = (question, None) if question.refers_back else \
        await _uncovered_talk_question(store, question, scope)
    if uncovered is not None:
        return uncovered
    talk, others = await _talk_of(store, question, scope)
    if talk is None:
        return _reply(question, note="which_talk")
    if scope.across_talks and question.refers_back and question.subject and not others:
        # "who talked about it?" after the moments of a topic in several talks: the first one's speakers, and the
        # other talks whose key points hold it
        holding = [hit.talk_id for hit in await store.find_points(question.subject, limit=MOMENTS_SHOWN,
                                                                  min_coverage=1.0)]
        order = {talk_id: index for index, talk_id in enumerate(dict.fromkeys(holding)) if talk_id != talk.talk_id}
        if order:
            found = await store.find_talks(question.subject, limit=TALKS_SHOWN)
            others = sorted((hit for hit in found if hit.talk_id in order), key=lambda hit: order[hit.talk_id])
    known = bool(talk.speakers) and scope.talk_id == talk.talk_id  # the thread's own talk: its speakers are known
    if (not talk.speakers or known) and question.subject and not question.refers_back and not scope.offset and \
            _ASKS_WHO_RE.search(question.text) and not _PRESENTING_RE.search(question.text):
        # a talk that names no speakers is asked who did something it tells of: "who wrote the programs for the
        # early nc machines" is its point on NC ("von Büroprogrammierern erstellt", 000:626), not its missing speakers;
        # so is the thread's talk, whose speakers it knows, when a point holds all the thing asked ("and who did the
        # inside" after the treehouse's speakers: the point on its interior's architect)
        if deed := await _deed_no_summary_says(store, question, scope):
            return await _not_covered(store, question, deed)
        if told := await store.find_points(question.subject, limit=1 + POINTS_SHOWN, talk_id=talk.talk_id,
                                           min_coverage=1.0 if known else 0.0):
            return _answer_points(question, scope, told, None)
    return _reply(question, speakers_of=talk_hit(talk), talks=others, talk_id=talk.talk_id)


_TYPED_WORD_RE = re.compile(r"[^\W\d_][\w-]*")


async def _deed_no_summary_says(store: Store, question: Question, scope: Scope) -> list[str]:
    """The deed a German who-question asks the doer of, its main clause's full verb's participle (the first), when no
    summary has that verb: "wer hat die erste nc maschine [erfunden]" asks for an inventor the NC video never names;
    its point on the NC machines says what they are, not who did it. A relative clause's participle says which thing
    ("wer hat den agent gebaut, der … [rausgeholt] hat")."""
    if question.language != "de":
        return []
    classes = german_tags.word_classes(question.text)
    deed = next((typed for typed in _TYPED_WORD_RE.findall(question.text)
                 if len(folded := tokens(typed)) == 1 and classes.get(folded[0]) == "VV(PP)"), None)
    return [deed] if deed is not None and tokens(deed)[0] in await absent_words(store, scope, question.subject) \
        else []


def _as_typed(text: str, subject: str) -> str:
    """``subject`` as ``text`` writes it, from its first word to its last with the function words between them:
    "Mixture of Experts" for the subject "Mixture Experts"; ``subject`` when the text does not hold it so."""
    words = subject.split()
    if len(words) < 2:
        return subject
    folded = text.casefold()
    start = folded.find(words[0].casefold())
    end = folded.find(words[-1].casefold(), start + len(words[0])) if start != -1 else -1
    if end == -1:
        return subject
    typed = text[start:end + len(words[-1])]
    return typed if len(typed.split()) <= len(words) + 2 else subject


async def _names_of_the_term(store: Store, subject: str) -> list[str]:
    """The glossary term's other names when ``subject`` is one of them (a strong match): its expansion for "MoE"
    ("Mixture of Experts"), the term for its expansion, and an English name the word list translates as the term
    ("Colocation" of "Kollokation (Colocation)", which a summary writes "Colocated-Ausführung"); [] for any other
    subject. Not any other name: "Ironwood (Trillium)" names two chip generations, Trillium's moments are not
    Ironwood's. Of each term the subject names alike ("automatic differentiation": "Automatische Differenzierung" and
    AD, whose long form is "Automatische Differentiation")."""
    result = await store.define(subject)
    en_de = store.word_data().en_de
    names: list[str | None] = []
    for hit in result.hits:
        if hit.match not in STRONG_MATCHES:
            break
        key = term_key(hit.term)
        translated = [name for name in await store.other_names(hit.term)
                      if any(term_key(form) == key for form in en_de.get(phrase_key(name), ()))]
        names += [hit.term, hit.expansion, *translated]
    return [name for name in dict.fromkeys(n for n in names if n)
            if term_key(name) != term_key(subject) and "/" not in name]


LOOSE_MOMENT_WORDS = 3  # a topic named in this many words or more comes up where all of them but one are said
# A topic of two words typed side by side comes up where its head, the last word, is said alone, when the head is said
# at this few moments: it names the topic by itself ("python wheels": the "Alpha-Wheels" of 000:352; not "flash
# attention", whose "attention" is in many a point about other attention)
HEAD_ALONE_MOMENTS = 5


def _head_of_two(question: Question) -> str:
    """The head of a topic of two words typed side by side ("python [wheels]", "lange [Kompilierzeiten]"); '' for
    any other topic (a preposition between them puts the head first: "sharding of models")."""
    words = question.subject.split()
    if len(words) != 2 or len(content_words(question.subject)) != 2 or \
            " ".join(words).casefold() not in " ".join(question.text.split()).casefold():
        return ""
    return words[1]


async def _moments_in_the_named_talk(store: Store, subject: str, limit: int) -> list[PointHit]:
    """The moments of a topic in the talk one word of the subject names by its title, when no key point holds that
    word too: "wann war beim baumhaus holzschutz thema" asks for every moment on Holzschutz in the treehouse talk
    (its points do not repeat their title's Baumhaus); [] when no word of several names exactly one talk."""
    words = subject.split()
    if len(words) < 2:
        return []
    for at, word in enumerate(words):
        titled = [store.talks_titled(token, coverage.TITLED_AT_MOST) for token in coverage.title_tokens(word)]
        if len(titled) != 1 or titled[0] is None or len(titled[0]) != 1:
            continue
        rest = " ".join(words[:at] + words[at + 1:])
        return await store.find_points(rest, limit=limit, talk_id=next(iter(titled[0])), min_coverage=1.0,
                                       twins=True)
    return []


async def _moments_in_the_talk_named_as_one(store: Store, question: Question, limit: int) -> list[PointHit]:
    """The moments of the rest of the subject in the one talk the question names with a talk noun ("when does the
    [jaxator] talk get to mxfp4"): the name says where, no moment need say it too (the talk's agenda, which lists
    every topic with the talk's own name, is no better a moment of MXFP4 than its case study). [] when no word names
    a talk so, or the rest is not held there."""
    naming = talk_naming_words(question.text)
    if not naming:
        return []  # most questions: no talk noun, no read
    words = question.subject.split()
    # (a compound's talk noun is no part of the name: the "kinetic-vortrag" is named by "kinetic")
    rest = [word for word in words if not set(tokens(word)) - TALK_NOUNS <= naming]
    if rest and len(rest) < len(words) and len(talks := _named_talks(store, question.subject)) == 1 and \
            (found := await store.find_points(" ".join(rest), limit=limit, talk_id=next(iter(talks)),
                                              min_coverage=1.0, twins=True)):
        return found
    if rest and len(rest) < len(words) and (found := await _moments_in_the_talks_titled_alike(
            store, [word for word in words if word not in rest], " ".join(rest), limit)):
        return found
    if (described := await _talk_described_as_one(store, question)) is None:
        return await _moments_in_the_talk_described_alike(store, question, limit)
    return await store.find_points(described[1], limit=limit, talk_id=described[0], min_coverage=1.0, twins=True)


async def _moments_in_the_talk_described_alike(store: Store, question: Question, limit: int) -> list[PointHit]:
    """The moments of the rest of the subject in the talk the question names with a talk noun by what it is about,
    when those words fit several talks about alike (none DESCRIBED_LEAD ahead): the best fitting of them that holds the
    rest is meant ("wann kommt im maxtext-talk grpo vor": MaxText is the post-training talk's stack and named in the
    vLLM one too, yet only the first has GRPO, at 000:166, 168; the Tunix talk's 384 fits the name less). [] when no
    word names a talk so, a title has a naming word (the title paths read those), or no close talk holds the rest."""
    named, rest = _talk_named_and_rest(question)
    if not named or not rest or any(_titled_by(store, token) for word in named for token in tokens(word)
                                    if len(token) >= 4 and token not in FRAME_WORDS):
        return []
    hits = await store.find_talks(" ".join(named), limit=DESCRIBED_ALIKE)
    close = [hit.talk_id for hit in hits if hit.score * DESCRIBED_LEAD >= hits[0].score]
    # one read for all close talks (a talk's moments of a topic are few): the best fitting talk holding any answers
    found = [hit for hit in await store.find_points(" ".join(rest), limit=limit * DESCRIBED_ALIKE, min_coverage=1.0,
                                                    twins=True) if hit.talk_id in close]
    meant = min((hit.talk_id for hit in found), key=close.index, default=None)
    return [hit for hit in found if hit.talk_id == meant][:limit]


async def _moments_in_the_talks_titled_alike(store: Store, naming: list[str], rest: str,
                                             limit: int) -> list[PointHit]:
    """The moments of ``rest`` in the talks whose titles all share the ``naming`` words' title word ("when does the
    maxtext [post-training] talk get into grpo": "Post-Training" titles two talks, and a question naming one by it
    names either): each such talk's moments, the talk the naming words describe best first (000:166, 168 of the
    MaxText stack talk before the Tunix talk's 384). [] when the title words name one talk or none."""
    titled = [holding for word in naming for token in tokens(word)
              if len(token) >= 4 and token not in FRAME_WORDS and (holding := _titled_by(store, token))]
    shared = set.intersection(*titled) if titled else set()
    if len(shared) < 2:
        return []
    ranked = [hit.talk_id for hit in await store.find_talks(" ".join(naming), limit=len(shared) + 3)]
    if not ranked or ranked[0] not in shared:
        return []  # the naming words describe another talk best: the title word is no name of the one meant
    order = {talk_id: ranked.index(talk_id) if talk_id in ranked else len(ranked) for talk_id in shared}
    found = [hit for hit in await store.find_points(rest, limit=limit, min_coverage=1.0, twins=True)
             if hit.talk_id in shared]
    return sorted(found, key=lambda hit: order[hit.talk_id])


async def _talk_described(store: Store, question: Question, scope: Scope,
                          tail: str = "") -> tuple[str, str] | None:
    """``_talk_described_as_one`` as ``_points`` takes it, ``tail`` (a quantity's hint and unit) after the rest; None
    in a thread that keeps to its own talk, which ``_points`` reads instead (no read of the talks for it)."""
    if scope.talk_id and scope.prefer_talk:
        return None
    described = await _talk_described_as_one(store, question)
    return None if described is None else (described[0], f"{described[1]} {tail}".strip())


def _talk_named_and_rest(question: Question) -> tuple[list[str], list[str]]:
    """The subject's words that name a talk with a talk noun, and the rest; ([], []) for a question with no talk
    noun (most)."""
    naming = talk_naming_words(question.text)
    if not naming:
        return [], []
    words = question.subject.split()

    def names(word: str) -> bool:  # "intel gpu", and "intel-gpu-vortrag" without its talk noun
        return bool(parts := set(tokens(word)) - TALK_NOUNS) and parts <= naming

    return [word for word in words if names(word)], [word for word in words if not names(word)]


async def _talk_described_as_one(store: Store, question: Question) -> tuple[str, str] | None:
    """The talk a question names with a talk noun by what it is about, in words no talk's title has ("when does the
    [intel gpu] talk get to multi-gpu scaling", "in the [video model placement] talk, how many dimensions …"), and the
    rest of its subject: the talk's summary paragraph, glossary and points say those words (Store.find_talks weighs
    them all), and they say which talk, not which of its points (000:270 names Intel's data center GPUs, yet 268 is
    the moment of multi-GPU scaling). None when no word names a talk so, the words fit no one talk far ahead of the
    next (DESCRIBED_LEAD), or that talk's title has one of them (the search weighs a title's words so already)."""
    named, rest = _talk_named_and_rest(question)
    if not named or not rest:
        return None
    hits = await store.find_talks(" ".join(named), limit=2)
    if not hits or (len(hits) > 1 and hits[0].score < DESCRIBED_LEAD * hits[1].score):
        return None
    if any(hits[0].talk_id in _titled_by(store, token) for word in named for token in tokens(word)
           if len(token) >= 4 and token not in FRAME_WORDS):
        return None  # named by its title ("the jaxator talk"): the search weighs a title's words so already
    return hits[0].talk_id, " ".join(rest)


async def moments(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """When / where was X discussed: every key point that holds X, grouped by talk, in time order."""
    subject = question.subject
    if not subject and scope.talk_id:
        return await summary(store, question, scope)
    if missing := await coverage.missing(store, subject, question, scope):
        return await _not_covered(store, question, missing)
    # twins: a talk summarised twice has the moment in each summary, and the answer points to both lines
    found = await _moments_in_the_talk_named_as_one(store, question, MOMENTS_SHOWN + scope.offset) or \
        await store.find_points(subject, limit=MOMENTS_SHOWN + scope.offset, min_coverage=1.0, twins=True) or \
        await _moments_in_the_named_talk(store, subject, MOMENTS_SHOWN + scope.offset)
    if not found:
        return await search(store, question, scope)
    limit = MOMENTS_SHOWN + scope.offset
    for name in await _names_of_the_term(store, _as_typed(question.text, subject)):
        # "Mixture of Experts" comes up where a point says "MoE" (344), "MoE" where one spells it out (126)
        seen = {hit.source for hit in found}
        found += [hit for hit in await store.find_points(name, limit=limit, min_coverage=1.0, twins=True)
                  if hit.source not in seen][:max(0, limit - len(found))]
    if len(found) < limit and (parts := await _compound_in_its_words(store, question)):
        # "Lärchenholz" comes up where a point says "Lärche" and "Holzschutz" (000:549), as a compound's talks do
        seen = {hit.source for hit in found}
        found += [hit for hit in await store.find_points(parts, limit=limit, min_coverage=1.0, twins=True)
                  if hit.source not in seen][:max(0, limit - len(found))]
    if (words := len(content_words(subject))) >= LOOSE_MOMENT_WORDS:
        # "the 2d mesh topology": a moment that says "2D-Mesh-Sharding" is one too; with every word held first
        seen = {hit.source for hit in found}
        found += [hit for hit in await store.find_points(subject, limit=MOMENTS_SHOWN + scope.offset,
                                                         min_coverage=(words - 1) / words, twins=True)
                  if hit.source not in seen][:max(0, MOMENTS_SHOWN + scope.offset - len(found))]
    if len(found) < limit and (head := _head_of_two(question)):
        alone = await store.find_points(head, limit=HEAD_ALONE_MOMENTS + 1, min_coverage=1.0, twins=True)
        seen = {hit.source for hit in found}
        found += [hit for hit in alone if hit.source not in seen][:max(0, limit - len(found))] \
            if len(alone) <= HEAD_ALONE_MOMENTS else []
    shown = found[scope.offset:]
    order: dict[str, int] = {}
    for hit in shown:
        order.setdefault(hit.talk_id, len(order))
    grouped = sorted(shown, key=lambda hit: (order[hit.talk_id], hit.seconds))
    others: list[TalkHit] = []
    if not scope.offset and asks_in_which_talks(question.text):
        # "in welchen Talks kommt JIT-Kompilierung vor": a talk whose glossary or summary alone says it (JAX's
        # entry "… und JIT-Kompilierung") is one it comes up in, listed after those with moments, as a talk list is
        others = [hit for hit in await _talks_about(store, question.subject) if hit.talk_id not in order]
    return _reply(question, lead=shown[0] if shown else None, points=grouped, grouped=True, talks=others,
                  talk_id=shown[0].talk_id if shown else None, shown=scope.offset + len(shown), done=not shown)


async def compare(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """Difference between X and Y: both definitions side by side (the talks' and the team's), then the key points
    that hold both."""
    first, second = question.subject, question.other
    defined = await store.team_definitions([first, second])  # a side the team defined is covered
    missing = [word for side in (first, second) if term_key(side) not in defined
               for word in await coverage.missing(store, side, question, scope)]
    terms: list[TermHit] = []
    team: list[TeamDefinition] = []
    team_terms: list[TeamDefinition] = []
    entries: list[list[TermHit]] = []  # each side's entries
    sides = [first, second]
    looked_up = await store.define_each(sides)  # both in one trip to the database
    for index, (side, result) in enumerate(zip((first, second), looked_up)):
        if not any(hit.match in STRONG_MATCHES for hit in result.hits) and (base := _adjectives_uninflected(side)):
            uninflected = await store.define(base)  # "finiten Differenzen" is the glossary's "Finite Differenzen"
            if any(hit.match in STRONG_MATCHES for hit in uninflected.hits):
                result, sides[index] = uninflected, base
        if not any(hit.match in STRONG_MATCHES for hit in result.hits) and (named := await _entry_within(store, side)):
            result, sides[index] = await store.define(named), named  # "the MLIR route" is MLIR's side
        strong = [hit for hit in result.hits if hit.match in STRONG_MATCHES or _same_family(side, hit.term)
                  or _name_before_its_kind(side, hit.term)]
        if strong and side not in missing:
            terms.extend(strong[:SIDE_ENTRIES])
            entries.append(strong[:SIDE_ENTRIES])
        if (definition := defined.get(term_key(side))) is not None and definition.text:
            (team if strong else team_terms).append(definition)
    both = await store.find_points(" ".join(sides), limit=POINTS_SHOWN + 1, min_coverage=1.0)
    if both and (shorter := _side_within_the_other(sides)):
        # "run_async oder run_async_map": a point that says the longer name holds the shorter only as a part of it
        # (000:74), so the shorter side's own point is shown too (000:73)
        shown = {hit.source for hit in both}
        both += [hit for hit in await store.find_points(shorter, limit=2, min_coverage=1.0)
                 if hit.source not in shown][:1]
    paired = [f"{one.term} {other.term}" for one in entries[0] for other in entries[-1]
             if [term_key(one.term), term_key(other.term)] != [term_key(side) for side in sides]] \
        if not both and len(entries) == 2 else []
    # the points may name a side as one of its glossary entries does: "automatic differentiation" is "AD" in
    # "Exakte AD mit torch2casadi … ohne finite Differenzen" (each pair of entries in one trip to the database)
    both = next((found for found in await store.find_points_each(paired, limit=POINTS_SHOWN + 1, min_coverage=1.0)
                 if found), both) if paired else both
    note = "compare_both"
    if not both:
        note = "compare_missing"
        # the point holding all of each covered side, else the best about it: "pallas_call" is 004:5's transcribed
        # "palace_call", whose parts "pallas" and "call" no point holds as words
        asked = [written for side, written in zip((first, second), sides) if side not in missing]
        typed = [side for side in (first, second) if side not in missing]
        # a side said more fully than the entry it is shown by ("tracing into native CasADi MX", by "CasADi") is the
        # point that says all of it (000:525), before the entry name's best; both in one trip to the database
        found = await store.find_points_each([*typed, *asked], limit=1, min_coverage=1.0)
        holding = [as_typed or as_named for as_typed, as_named in zip(found[:len(typed)], found[len(typed):])]
        about = iter(await store.find_points_each([written for written, hits in zip(asked, holding) if not hits],
                                                  limit=1))
        both = [hit for hits in holding for hit in (hits or next(about))]
    reply = _reply(question, terms=terms, team=team, team_terms=team_terms,
                   lead=both[0] if both and note == "compare_both" else None,
                   points=both[1:] if note == "compare_both" else both, note=note, not_covered=missing,
                   talk_id=both[0].talk_id if both else None)
    if missing:
        covered = await _not_covered(store, question, missing, topic="")  # the covered side is shown above
        reply.suggestions = covered.suggestions
    return reply


def _side_within_the_other(sides: list[str]) -> str:
    """The side whose name begins or ends the other's ("run_async" of "run_async_map"); '' when neither does."""
    shorter, longer = sorted(sides, key=lambda side: len(term_key(side)))
    short, long = term_key(shorter), term_key(longer)
    return shorter if len(short) >= 3 and short != long and (long.startswith(short) or long.endswith(short)) else ""


# A side two glossary terms name alike ("automatic differentiation": CasADi's "Automatische Differentiation (AD)" and
# JAX Quantum's "Automatische Differenzierung") is shown by both: each talk defines it against something else
SIDE_ENTRIES = 2


def _same_family(side: str, term: str) -> bool:
    """Whether a side names a glossary term of its own word family: the participle "kollokiert" is the entry
    "Kollokation", "disaggregiert" "Disaggregation" (the -ieren verb and its -ation / -ierung noun); an English plural
    names the entry of its singular ("the sparse cores" are "Sparse Core", "mxus" "MXU"), as "what are sparse cores"
    asks for it."""
    words = side.split()
    if words and any(term_key(" ".join([*words[:-1], variant])) == term_key(term)
                     for variant in english_variants(words[-1].casefold())[1:]):
        return True
    root = german_root(term_key(side)) if len(words) == 1 else None
    return root is not None and german_root(term_key(term)) == root


def _name_before_its_kind(side: str, term: str) -> bool:
    """Whether a side of one word that is no common word is the first of a glossary term's two words: "h200" is the
    entry "H200 GPU", whose second word says what kind of thing it is (not "cloud" of "Cloud TPU": a plain word)."""
    typed, named = tokens(side), tokens(term)
    return len(typed) == 1 and len(named) == 2 and named[0] == typed[0] and not is_common(typed[0])


async def _entry_within(store: Store, side: str) -> str | None:
    """The one word of a difference's side of several words that is a glossary term (a strong match) when the whole
    side is none: "what goes the MLIR route" contrasts MLIR, "the oneDNN path" is oneDNN; None when no word or more
    than one is."""
    words = side.split()
    if len(words) < 2:
        return None
    named = [word for word, result in zip(words, await store.define_each(words))
             if result.hits and result.hits[0].match in STRONG_MATCHES]
    return named[0] if len(named) == 1 else None


_ADJECTIVE_CASE_RE = re.compile(r"^([a-zäöü][a-zäöüß]{2,}e)[nrsm]$")  # "finiten", "automatischer", "verteiltes"


def _adjectives_uninflected(side: str) -> str:
    """``side`` with its German adjectives in the form a glossary heading has them (the nominative's -e): "finiten
    Differenzen" -> "finite Differenzen"; '' when it has no inflected adjective."""
    words = side.split()
    base = [_ADJECTIVE_CASE_RE.sub(r"\1", word) if index < len(words) - 1 else word
            for index, word in enumerate(words)]
    return " ".join(base) if base != words else ""


# "whats rocm in a nutshell", "was ist ROCm kurz zusammengefasst": what a thing is, asked briefly (not "what's the
# casadi video about", which asks about a talk)
_WHAT_IS_BRIEFLY_RE = re.compile(r"^(?:(?P<what>what(?:'s|s| is| are)|was (?:ist|is|sind))\s+)?(?P<t>.+?)\s+"
                                 r"(?:in a nutshell|in short|in brief|kurz gesagt|kurz zusammengefasst"
                                 r"|in k[üu]rze)\W*$", re.I)


async def summary(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """Summarize X: the talk's summary and its key points."""
    if question.subject and not question.refers_back and not scope.offset and \
            (briefly := _WHAT_IS_BRIEFLY_RE.match(question.text.strip())) and \
            briefly["t"].casefold() == question.subject.casefold() and await _names_a_term(store, question) and \
            (briefly["what"] or not coverage.titles_a_talk(store, question.subject)):
        # "whats rocm in a nutshell": a glossary term asked what it is, in brief, is its entry, not a talk's summary;
        # so is one named alone, "bcoo in a nutshell", unless it is a talk's subject ("jax quantum")
        return await _its_entry(store, question, scope)
    question, uncovered = (question, None) if question.refers_back else \
        await _uncovered_talk_question(store, question, scope)
    if uncovered is not None:
        return uncovered
    talk, others = await _talk_of(store, question, scope)
    if talk is None:
        return _reply(question, note="which_talk")
    points = talk.summaries[0].key_points
    shown = [point_from(talk, p) for p in points[scope.offset: scope.offset + SUMMARY_POINTS]]
    end = scope.offset + len(shown)
    return _reply(question, summary_of=talk if not scope.offset else None, points=shown, talks=others,
                  talk_id=talk.talk_id, shown=end, more=end < len(points), done=not shown)


async def recommend(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """Which talk should I watch to learn X: the best talk and one line on why, then runners-up."""
    if question.refers_back and question.in_thread_talk and scope.talk_id and \
            (talk := await store.get_talk(scope.talk_id)) is not None:
        # "is it worth watching?", "lohnt sich der Vortrag?" in a thread about one talk: that talk, and why
        why = await store.find_points(question.subject, limit=1, talk_id=talk.talk_id) if question.subject else []
        return _reply(question, recommended=talk_hit(talk), points=why or [point_from(talk, point) for point in
                                                                           talk.summaries[0].key_points[:1]],
                      talk_id=talk.talk_id)
    if not question.subject:
        return await talks(store, question, scope)
    question, uncovered = await _uncovered_talk_question(store, question, scope)
    if uncovered is not None:
        return uncovered
    if not scope.offset and weighs_its_subject(question.text) and \
            not coverage.names_a_title_word(store, question.subject) and \
            (gap := await coverage.detail_gap(store, question, scope)) is not None:
        # "lohnt sich eine Solaranlage fürs Gartenhaus?" weighs a thing, not a talk: with no word of a talk's title
        # or speakers and a word no summary has, the talk that only shares the rest ("Haus") is no talk about it
        asked, topic, apart = gap
        return await _not_covered(store, question, asked, topic=topic, apart=apart)
    topic = _talk_topic(question.subject)
    hits = await _point_breaks_a_tie(store, topic, await store.find_talks(topic, limit=3))
    if not hits:
        return await _not_covered(store, question, [question.subject])
    best = hits[0]
    why = await store.find_points(question.subject, limit=1, talk_id=best.talk_id)
    return _reply(question, recommended=best, points=why, talks=hits[1:], talk_id=best.talk_id)


def _holds_a_word(hit: PointHit, words: str) -> bool:
    """Whether a word of ``words`` starts a word of the point's talk title, title or text."""
    held = f"{hit.talk_title} {hit.title} {hit.text}".casefold()
    return any(_starts_a_word(held, word) for word in tokens(words))


# The best quantity hits whose twins in their talk's other summary are read: two, since the asked unit added to the
# search may lift a neighbour above the moment ("Im Jahr 2022" above VHLO, whose twin says "zweijährige")
TWIN_CANDIDATES = 2


async def _twins_that_fit(store: Store, found: list[PointHit], fit: Callable[[PointHit], int], best_fit: int
                          ) -> list[PointHit]:
    """``found`` with a point of a talk summarised twice replaced by its twin (the same moment in the other summary,
    which the search shows once) when the twin carries the asked number and the point does not: "Patentierte
    Baumschrauben (ca. 19 cm tief)" is the moment whose twin says "bis zu 4 Tonnen belastbar"."""
    out = list(found)
    shown = {hit.source for hit in found}
    talks: dict[str, Talk | None] = {}
    for index, hit in enumerate(found[:TWIN_CANDIDATES]):
        if hit.kind != "point" or (own := fit(hit)) == best_fit or store.summary_count(hit.talk_id) == 1:
            continue  # nothing to gain, or no twin (the talk has one summary): no trip to the database for the talk
        if hit.talk_id not in talks:
            talks[hit.talk_id] = await store.get_talk(hit.talk_id)
        talk = talks[hit.talk_id]
        if talk is None or len(talk.summaries) < 2:
            continue
        twins = [point_from(talk, point) for summary in talk.summaries for point in summary.key_points
                 if point.source not in shown and same_moment(hit, point)]
        best = max(twins, key=fit, default=None)
        if best is not None and fit(best) > own:
            out[index] = replace(best, score=hit.score)
            shown.add(best.source)
    return out


async def quantity(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """How much / how many / how long: the key points that carry a number of the asked kind, best first."""
    if missing := await coverage.missing(store, question.subject, question, scope):
        return await _not_covered(store, question, missing)
    if question.subject and (measured := measured_absent(question, await absent_words(store, scope,
                                                                                        question.subject))) and \
            (measured[:1].isupper() or not await coverage.restates_a_point(store, question, [measured], scope)) and \
            not await coverage.said_in_parts(store, measured, question):
        # (typed in lower case, as ``coverage.missing`` weighs it: a point that holds the rest of the question
        # counts what the asker names in their words: "wie viele prüfstufen hat die validierungs pipeline bei
        # max_evol" is 000:133's Stufen); nor a compound the summaries say in parts ("in wie viele speicherebenen teilt
        # palace die tpu auf": 004:4's Speicherarchitektur), as ``coverage.missing`` has it
        return await _not_covered(store, question, [measured])
    match = MEASURED_RE.search(question.text)
    head = counted_word(question.text, match) if match is not None else ""
    if question.language == "en" and head and await coverage.counted_absent(store, question, head, scope):
        # "how many queens …", "how many watts …", "how many bee colonies …": the points about the rest follow
        return await _not_covered(store, question, [head],
                                  topic=coverage.topic_besides(question, [head], names_only=False))
    if question.language == "en" and match is not None and not match["k"] and match["w2"] and \
            match["w2"].casefold() in UNITS and \
            await coverage.counted_apart(store, question, match["w"], match["w2"], scope):
        # "how many square meters …", "how many gpu hours did …": a unit of two words the summaries have only apart
        measure = f"{match['w']} {match['w2']}"
        return await _not_covered(store, question, [measure],
                                  topic=coverage.topic_besides(question, [measure], names_only=False))
    if (verb := counted_ones_verb(question.text, match, head)) and \
            await coverage.counted_absent(store, question, verb, scope):
        # "how many people can [sleep] up in that treehouse", "wie viele leute können im baumhaus [übernachten]": what
        # the counted ones do is in no summary
        return await _not_covered(store, question, [verb],
                                  topic=coverage.topic_besides(question, [verb], names_only=False))
    names_no_measure = asks_an_amount(question.text) or (
        match is not None and all(token in FRAME_WORDS for token in tokens(match["w"])))
    if not scope.offset and not question.refers_back and names_no_measure and \
            (measured_apart := await coverage.measured_apart(store, question, scope)) is not None:
        # "how much did …", "was hat … gekostet" name no thing they measure: the question's words are the topic and
        # what it asks of it
        apart, topic = measured_apart
        return await _not_covered(store, question, apart, topic=topic, apart=True)  # "how much did the treehouse cost"
    unit = unit_of(question)
    # the unit as the summaries write it finds the points that measure in it ("degrees" -> "285 Grad")
    # a named unit of time says more than the hint "time" ("how many years" finds "Jahr", not "Rechenzeit")
    hint = "" if unit and question.quantity == "time" else QUANTITY_HINTS.get(question.quantity, "")
    hint = hint_not_asked(store, hint, question.subject)
    query = f"{question.subject} {hint} {unit or dimension_of(question)}".strip()
    # the rest of a described talk's subject asks in that talk with the hint and the unit, as the whole does
    described = await _talk_described(store, question, scope, f"{hint} {unit or dimension_of(question)}")
    # a talk named by what its introduction says ("the picture model": Qwen Image's "Bildgenerierungsmodell", 412) is
    # named so for each of its points, as by its title: the rest of the question picks the one with the number
    found, scoped_to = await _points(store, query, scope, QUANTITY_CANDIDATES, context=question.context,
                                     introductions_name=True, described=described)
    if question.refers_back and scope.talk_id and scope.prefer_talk:
        # "what were the numbers?" in a talk's thread: any of its points may carry them, also those that
        # do not repeat the talk's name (FlyDSL's 2,5-fache speed-up never says "FlyDSL")
        talk = await store.get_talk(scope.talk_id)
        if talk is not None:
            found = found if scoped_to else []
            seen = {hit.source for hit in found}
            found += [point_from(talk, p) for p in talk.summaries[0].key_points if p.source not in seen]
            scoped_to = talk.title
    if not found:
        return await search(store, question, scope)
    with_unit = with_unit_re(unit) if unit else None

    numbered: dict[Source, bool] = {}  # each point read once for a number of the asked kind (the regexes cost)
    # "wie viele Leute halten den XLA-Crashkurs": the point naming the talk's speakers counts them
    naming = await naming_speakers(store, found) if counts_people(question) else set()

    counted_forms = counted_thing_forms(store, question)
    counted = count_re(counted_forms) if counted_forms is not None else None
    listing = listing_re(counted_forms) if counted_forms is not None else None

    def counts(hit: PointHit) -> bool:
        return counted is not None and bool(counted.search(f"{hit.title}: {hit.text}"))

    def lists_them(hit: PointHit) -> bool:
        return listing is not None and bool(listing.search(f"{hit.title}: {hit.text}"))

    def has_kind(hit: PointHit) -> bool:
        if hit.source not in numbered:
            # (a point naming the counted things one by one counts them without a number: "Harthölzer (Buche, Eiche,
            # Linde)")
            numbered[hit.source] = has_number(hit, question.quantity) or (
                question.quantity == "count" and (lists_things(hit) or counts(hit))) or hit.source in naming
        return numbered[hit.source]

    def fit(hit: PointHit) -> int:
        """How well a point answers: a number in the asked unit, else one of the asked kind, else none."""
        if with_unit is not None and with_unit.search(f"{hit.title}: {hit.text}"):
            return 2
        return int(has_kind(hit))

    found = await _twins_that_fit(store, found, fit, 2 if with_unit is not None else 1)
    about: set[str] = set()
    # (a bare number is no name: "gegenüber 8 bit" would pick each talk with a word starting "8", "8x7B", "8.000")
    if names := [word.casefold() for word in question.subject.split() if is_term_like(word) and not word.isdigit()]:
        # "what's the speedup of MXFP4?": a number from a talk about MXFP4 before another talk's speed-up that
        # the hint words ("speedup faster") found (FlyDSL's 2,5-fache never says FlyDSL, but its talk does)
        # a name where a word starts: DiT is in "DiT-Modell", not in "editieren"
        about = {hit.talk_id for hit in found
                 if any(_starts_a_word(f"{hit.talk_title} {hit.title} {hit.text}".casefold(), name) for name in names)}
    # the talk's own points read in for "what were the numbers?" carry no score: each of them is relevant; so is a
    # point of a talk about the names asked, which the hint words may have outscored
    floor = NUMBER_RELEVANCE * found[0].score if scoped_to is None or not question.refers_back else 0.0
    relevant = [hit for hit in found if hit.score >= floor or hit.talk_id in about]
    if naming and _PRESENTING_RE.search(question.text):
        # "wie viele leute haben den google-talk über rl mit agenten gehalten": the point naming the speakers of a talk
        # the question is about counts them, though it holds few of the words that name the talk (000:299's "durch
        # Lance, Su und Hu" under 301's Sandbox-Umgebungen)
        talks = {hit.talk_id for hit in relevant}
        relevant += [hit for hit in found if hit.source in naming and hit.talk_id in talks and hit not in relevant]
    with_number = [hit for hit in relevant if has_kind(hit)]
    if not with_number and question.quantity in _MEASURED_KINDS:
        # none as relevant has a number of the asked kind: a point of the best one's talk that has one answers before
        # another number ("from what model size does splitting rollout and training pay off, per the tinix q&a" is
        # 000:317's ">100B-Modelle", not 315's "16/32- bis 64-Chip-Konfigurationen" of the ratio of chips)
        with_number = [hit for hit in found if hit.talk_id == found[0].talk_id and has_kind(hit)]
    if not with_number and question.quantity and question.quantity not in DIMENSIONS:
        # no number of the asked kind: any number, but a length or a weight is only measured in its unit ("wie tief
        # runter kann man die GPU kontrollieren" asks how far down the control goes, which no "8x7B" answers)
        with_number = [hit for hit in relevant if has_number(hit, "")]
    if about:
        with_number.sort(key=lambda hit: hit.talk_id not in about)
    if with_unit is not None:
        # "how many degrees …": a number written with that unit ("285 Grad") before other numbers ("19-stufig")
        with_number.sort(key=lambda hit: not with_unit.search(f"{hit.title}: {hit.text}"))
    elif counts_kinds(question):
        # "how many kinds of workers were on the crew": the kinds are counted by the point that lists them
        # ("Höhenkletterern, Zimmerern, Ingenieuren und Elektrikern"), not by one counting the workers ("44 durch 22
        # Arbeiter"), of the points about as relevant
        # (a relevant point naming the kinds right after the word for them counts them whatever its score: "how many
        # kinds of hardwood … for the second treehouse film" is "Harthölzer (Buche, Eiche, Linde)", not the
        # "Zweite Fallstudie" the ordinal found)
        tie = tie_floor(COUNT_TIE, found[0].score)
        with_number.sort(key=lambda hit: (not lists_them(hit), not (hit.score >= tie and lists_things(hit))))
    elif counted is not None:
        # "wie viele Fallstudien …": of the points about as relevant, the one that counts them ("zwei Fallstudien")
        # before one that only is one ("Zweite Fallstudie (MXFP4)" with its "4-Bit")
        tie = tie_floor(COUNT_TIE, found[0].score)
        with_number.sort(key=lambda hit: not (hit.score >= tie and counted.search(f"{hit.title}: {hit.text}")))
        counting = [hit for hit in found if hit.score >= tie and counted.search(f"{hit.title}: {hit.text}")]
        counts_it = bool(counting)
        if not counts_it:
            # no point as relevant writes the count ("fünf Sprachen"): one that lists the things is counted by its
            # list ("Python, MATLAB, Octave, Julia und JavaScript"), before one that only has some number ("13.
            # Oktober")
            with_number.sort(key=lambda hit: not (hit.score >= tie and lists_things(hit)))
        # a point counting the thing of something else counts nothing asked: "aus wie vielen säulen besteht so n
        # torii" is no "Vier-Säulen-Referenz-Stack" (it holds none of the words the rest names the thing with; one
        # holding some counts it: "qlora in tunix quantisiert die gewichte auf wie viele bits" is 000:382's QLoRA)
        if not scope.offset and not question.refers_back and match is not None and \
                not any(_holds_a_word(hit, counted_of(question, match)) for hit in counting) and \
                (term := await entry_counting(store, question, counted)):
            # "how many chips does a TPU v6e-8 have": no key point as relevant counts them, the term's glossary
            # entry does
            return await define(store, replace(question, shape=Shape.DEFINE, subject=term, raw=term, term="",
                                               qualifier=""), scope)
    if question.quantity == "version" and ORDINAL_ASKED_RE.search(question.text):
        # "which generation of intel's xe architecture is battlemage": the point as relevant saying which in a row
        # first, else the glossary entry of what is asked about that says it ("Die zweite Generation")
        tie = tie_floor(COUNT_TIE, found[0].score)
        in_a_row = [hit for hit in found
                    if hit.score >= tie and ORDINAL_GENERATION_RE.search(f"{hit.title}: {hit.text}")]
        with_number.sort(key=lambda hit: hit not in in_a_row)
        if not in_a_row and not scope.offset and not question.refers_back and \
                (term := await entry_saying(store, rare_words(question.subject), ORDINAL_GENERATION_RE)):
            return await define(store, replace(question, shape=Shape.DEFINE, subject=term, raw=term, term="",
                                               qualifier=""), scope)
    if naming:
        # "how many people presented kinetic": the point naming the talk's speakers counts them, before other counts
        # of a point as relevant ("32 Chips")
        with_number.sort(key=lambda hit: hit.source not in naming)
    if not question.quantity and question.refers_back:
        # "what were the numbers?": the point with the most measured results (2,5-fache, 20 s, 50 Token/s) first
        with_number.sort(key=lambda hit: -sum(len(NUMBER_RES[kind].findall(hit.text)) for kind in MEASURES))
    if _asks_what_was(question):
        with_number = _done_before_planned(with_number)
    ranked = with_number + [hit for hit in found if hit not in with_number]
    shown = ranked[scope.offset: scope.offset + 1 + POINTS_SHOWN]
    if not shown:
        return _reply(question, done=True)
    return _reply(question, lead=shown[0], points=shown[1:], numbers=True, scoped_to=scoped_to,
                  note="" if with_number else "quantity_none", talk_id=shown[0].talk_id,
                  shown=scope.offset + len(shown), more=len(ranked) > scope.offset + len(shown))


# A question about what was done ("what tpu version did they run", "auf welcher TPU liefen die Benchmarks"), not
# about what is next ("what will they benchmark next", "als nächstes", "geplant")
# (German "was" asks what: "Was haben die Entwickler für die Zukunft geplant?" is no English past tense)
_PAST_RES = {"en": re.compile(r"\b(?:did|was|were|had)\b", re.I),
             "de": re.compile(r"\b(?:wurden?|waren?|hatten?|liefen|lief)\b", re.I)}
_NEXT_RE = re.compile(r"\b(?:will|going to|plan\w*|next|future|upcoming|wollen|soll\w*|werden|n[äa]chste\w*"
                      r"|geplant\w*|zuk[üu]nft\w*|demn[äa]chst|bald)\b", re.I)
# A point about what is planned, not done: headed "Ausblick", "Roadmap", "Zukunftsaussichten", or saying "geplante
# Benchmarks" (an "Ausblick" in a point's text may be one section of a talk's outline: "… sowie Ausblick")
_PLANNED_TITLE_RE = re.compile(r"\b(?:geplant\w*|ausblick|zuk[üu]nft\w*|k[üu]nftig\w*|roadmap|planned|outlook"
                               r"|future)", re.I)
_PLANNED_TEXT_RE = re.compile(r"\b(?:geplant\w*|planned)\b", re.I)
PLAN_TIE = 0.9  # a point of what was done this close to a planned one leads a question about what was done


def _in_the_past(question: Question) -> bool:
    """Whether the question is put in the past tense, in its own language's words (``_PAST_RES``; either's when its
    words do not tell the language)."""
    languages = [question.language] if question.language in _PAST_RES else list(_PAST_RES)
    return any(_PAST_RES[language].search(question.text) for language in languages)


def _asks_what_was(question: Question) -> bool:
    """Whether the question asks about what was done (in the past tense, nothing of what is next)."""
    return _in_the_past(question) and not _NEXT_RE.search(question.text)


def _done_before_planned(found: list[PointHit]) -> list[PointHit]:
    """``found`` with a point about what was done first when the first one is about plans and it is about as relevant:
    "what tpu version did jax quantum run its benchmarks on" is the V4 TPU of the benchmarks, not the "geplante
    Benchmarks mit neueren TPU-Generationen (V5/V6)" of the outlook."""
    if len(found) < 2 or not _planned(found[0]):
        return found
    return _near_first(found, PLAN_TIE, lambda hit: not _planned(hit))


# A question about what is to come, said so outright ("are they going to release …", "kommt das irgendwann"): not
# "werden" or "sollen", which German also asks a passive or a should with ("wie werden Filter ausgeführt")
_COMING_RE = re.compile(r"\b(?:going to|gonna|will they|at some point|upcoming|in the future|plan(?:s|ned|ning)?"
                        r"|roadmap|geplant\w*|zuk[üu]nft\w*|k[üu]nftig\w*|demn[äa]chst|als n[äa]chstes|irgendwann)\b",
                        re.I)


def _asks_what_comes(question: Question) -> bool:
    """Whether the question asks about what is to come (``_COMING_RE``), nothing of what was done."""
    return bool(_COMING_RE.search(question.text)) and not _in_the_past(question)


def _planned_before_done(found: list[PointHit]) -> list[PointHit]:
    """``found`` with a point about what is planned first when the first one is not and it is about as relevant:
    "are the max_evol folks going to release bigger benchmark results at some point" is the Roadmap's "Geplante
    Bereitstellung umfangreicher Benchmarks", not the benchmark comparison of Triton and Pallas already done."""
    if len(found) < 2 or _planned(found[0]):
        return found
    return _near_first(found, PLAN_TIE, _planned)


def _planned(hit: PointHit) -> bool:
    """Whether a point is about what is planned (``_PLANNED_TITLE_RE``, ``_PLANNED_TEXT_RE``)."""
    return bool(_PLANNED_TITLE_RE.search(hit.title) or _PLANNED_TEXT_RE.search(hit.text))


def _starts_a_word(text: str, part: str) -> bool:
    r"""Whether ``part`` occurs in ``text`` where a word starts (``(?<![^\W_])part``; no pattern to compile per
    question)."""
    at = text.find(part)
    while at != -1:
        if at == 0 or not text[at - 1].isalnum():
            return True
        at = text.find(part, at + 1)
    return False


NAMING_TITLES = 2  # a word in the titles of at most this many talks names them
NAMED_TIE = 0.8  # a point of the named talk this close to the best leads


MIN_NAMING_ABBREVIATION = 2  # an abbreviation names a talk too ("RL" of "Tunix: RL-Architektur"), when asked for


def _named_talks(store: Store, subject: str, *, shortest: int = 4) -> set[str]:
    """The talks a question names with a word of their titles that few titles have: "in JAX Quantum" names the
    quantum talk ("JAX" is in many titles). Empty when the question has no other word (it only names the talk).
    ``shortest``: the fewest letters of a naming word (shorter ones begin too many words to name a talk by default)."""
    words = [word for word in tokens(subject) if len(word) >= shortest and word not in FRAME_WORDS]
    named: set[str] = set()
    naming = 0
    for word in words:
        if holding := _titled_by(store, word):
            named |= holding
            naming += 1
    return named if naming < len(words) else set()


def _titled_by(store: Store, word: str) -> set[str]:
    """The talks (NAMING_TITLES at most) whose titles hold the folded ``word``, or the name it is a known slip of."""
    holding = store.talks_titled(word, NAMING_TITLES)
    if not holding and (name := store.word_data().canonical.get(word)):
        # a known slip names the talk its name does: "Tinix" the Tunix talks, as the search reads it
        holding = set().union(*(store.talks_titled(part, NAMING_TITLES) or () for part in tokens(name)))
    return holding or set()


# "erklär mal FlyDSL", "explain bcoo": an explain with no how, why or what after it
_EXPLAIN_ALONE_RE = re.compile(r"^(?:explain|erkl[äa]re?n?)\b(?!.*\b(?:how|why|what|wie|warum|wieso|weshalb|was)\b)",
                               re.I)


_HOW_OR_WHY = frozenset({"how", "why", "wie", *WHY_WORDS})
_CLAUSE_BREAK_RE = re.compile(r"[,;:.!?]")


def _asks_how_to_grasp(text: str) -> bool:
    """Whether ``text`` asks how to describe or understand something ("wie würdest du X beschreiben", "how should I
    understand X"): a word asking for the meaning, and a how or why only before it in its own clause. One after it asks
    that of a clause of its own ("explain how X works", "erklär mir, warum X schnell ist"), as does one in another
    clause ("wie funktioniert X, kannst du das erklären?")."""
    asks_grasp = False
    for clause in _CLAUSE_BREAK_RE.split(text):
        typed = tokens(clause)
        at = next((at for at, word in enumerate(typed) if asks_meaning([word])), None)
        if not _HOW_OR_WHY.isdisjoint(typed if at is None else typed[at + 1:]):
            return False
        asks_grasp = asks_grasp or at is not None
    return asks_grasp


async def explain(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """Why / how: the key points that explain, best first (a point that gives a reason wins a near tie)."""
    if not scope.offset and not question.refers_back and question.subject and \
            _EXPLAIN_ALONE_RE.match(plain_question(question.text).strip()) and await _names_a_term(store, question):
        # "erklär mal flydsl", "can you explain the roofline model": told to explain a glossary term and nothing else
        # about it asks what it is
        return await _its_entry(store, question, scope)
    if not scope.offset and not question.refers_back and question.subject and \
            _asks_how_to_grasp(question.text) and \
            (term := await _term_asked_alone(store, question, question.subject)) is not None:
        # "wie würdest du X beschreiben?", "wie sollte man X verstehen?": asked how to describe or understand a glossary
        # term, with nothing else asked of it (a modal is only how politely), is asked what it means
        return await _its_entry(store, replace(question, subject=term), scope)
    if not scope.offset and not question.refers_back and question.term and question.qualifier and \
            await _entry_places_it(store, question.term, question.qualifier):
        # "wofür ist grain im jax ökosystem zuständig": the thing's role where the question places it is its glossary
        # entry when the entry places it there itself ("Software-Bibliotheken im JAX-Ökosystem: … Grain ist für …
        # zuständig"), not a key point that only names it among others
        return await _its_entry(store, replace(question, subject=question.term), scope)
    if missing := await coverage.missing(store, question.subject, question, scope):
        return await _not_covered(store, question, missing)
    if not scope.offset and (gap := await coverage.detail_gap(store, question, scope)) is not None:
        asked, topic, apart = gap
        return await _not_covered(store, question, asked, topic=topic, apart=apart)
    # how and why ask more than which talk: the words its introduction shares with the question only name the talk,
    # as do those naming it by its speakers ("the hugging face guy") or with a talk noun ("in the video diffusion
    # talk"): each of its points holds them alike, the rest of the question picks the point
    naming_words = words_naming_the_talk(question.text)
    found, scoped_to = await _points(store, question.subject, scope, scope.offset + 1 + POINTS_SHOWN + 2,
                                     introductions_name=True, context=question.context, speaker_words=naming_words,
                                     described=await _talk_described(store, question, scope), entries=True)
    near = [hit for hit in found[1:]
            if hit.score >= tie_floor(NAMED_TIE, found[0].score) and hit.talk_id != found[0].talk_id]
    if scoped_to is None and near and found[0].talk_id not in (named := _named_talks(store, question.subject)) \
            and found[0].talk_id not in _named_talks(store, question.subject, shortest=MIN_NAMING_ABBREVIATION):
        # "why do they use automatic differentiation in JAX Quantum?": of two points about as relevant, the one in
        # the talk the question names explains, not another talk's "Automatische … Differenzierung"; not when a short
        # name names the first one's talk as well ("the rl framework for coding agents": "Tunix: RL-Architektur",
        # however "training" names the post-training talks)
        if (best := next((hit for hit in near if hit.talk_id in named), None)) is not None:
            found = _led_by(found, best)
    found = found[scope.offset:]
    if len(found) >= 2 and not _CAUSE_RE.search(found[0].text) and _CAUSE_RE.search(found[1].text) \
            and (found[1].score >= 0.9 * found[0].score or _leads_by_a_compound_heading(question, found[0], found[1])) \
            and not _ASKS_HOW_RE.match(question.text):
        found[0], found[1] = found[1], found[0]
    found = _naming_first(found, question, introductions_name=True)
    found = _drawback_first(question, found)
    found = _challenge_first(question, found)
    if not scope.offset and scoped_to is None:
        found = await _focus_first(store, question, found)
    if not scope.offset:
        found = await _asked_first(store, question, found, scope.talk_id, scope.after_an_entry)
    found = _destination_first(question, found)
    found = _located_first(store, question, found)
    found = _set_aside_last(store, question, found)
    return _answer_points(question, scope, _planned_before_done(found) if _asks_what_comes(question) else found,
                          scoped_to)


# The words by which a point states a downside (DOWNSIDE_NOUNS ask for one): "Kollokation garantiert
# On-Policy-Verhalten, leidet jedoch unter Stragglern"; "ohne Einschränkungen" states none
_DRAWBACK_RE = re.compile(r"\b(?:jedoch|allerdings|leidet|leiden|nachteile?n?|nachteilig\w*|kehrseite|however"
                          r"|suffers?|drawbacks?|downsides?)\b", re.I)
# A point stating a drawback this close to the best one leads when the downside is asked: the asked noun is no word of
# the search (ASPECT_NOUNS), so a point holding more of the thing's words ("Colocated-Ausführung … Training und
# Rollouts") outranks the one that names what it costs
DRAWBACK_TIE = 0.5


def _drawback_first(question: Question, found: list[PointHit]) -> list[PointHit]:
    """``found`` with the first point stating a drawback first, of those about as relevant (DRAWBACK_TIE), when the
    question asks for a downside: "what's the downside of colocating rollouts and training" is 000:317's "Kollokation
    … leidet jedoch unter Stragglern", not 000:451's side-by-side of the execution modes."""
    if len(found) < 2 or DOWNSIDE_NOUNS.isdisjoint(tokens(question.text)) or _DRAWBACK_RE.search(found[0].text):
        return found
    return _near_first(found, DRAWBACK_TIE, lambda hit: _DRAWBACK_RE.search(hit.text))



# A question asking what was hard about a thing ("what were the main headaches in wiring X into jax", "what did amd
# learn the hard way", "welche Hürden gab es"), and the heading words by which a point is about one: whole ("Lektionen
# & Herausforderungen") or ending a compound ("Skalierungshürden", "Portierungsproblem"; not "Algorithmuselektion")
_CHALLENGES_ASKED_RE = re.compile(
    r"\b(?:headaches?|challenges?|difficult(?:y|ies)|hurdles?|pitfalls?|problems?|struggles?|gotchas?|lessons?"
    r"|the hard way|pain points?|stumbling blocks?|herausforderung(?:en)?|schwierigkeit(?:en)?|probleme?"
    r"|h(?:ü|u|ue)rden?|lektionen|stolpersteine?|knackpunkte?)\b", re.I)
_CHALLENGE_HEADING_WORDS = frozenset("lektion lektionen lesson lessons learnings".split())
_CHALLENGE_HEADING_TAILS = ("herausforderung", "herausforderungen", "hurde", "hurden", "schwierigkeit",
                            "schwierigkeiten", "problem", "probleme", "challenge", "challenges", "pitfall", "pitfalls",
                            "stolperstein", "stolpersteine")
# A point headed by a difficulty this close to the best one leads when difficulties are asked: the words that name the
# thing ("amd's operator library", "jax") outweigh the one asking what was hard about it, which only its heading says
CHALLENGE_TIE = 0.75


def _heads_a_challenge(hit: PointHit) -> bool:
    """Whether ``hit``'s heading names a difficulty or a lesson (``_CHALLENGE_HEADING_WORDS``, ``_TAILS``)."""
    return any(word in _CHALLENGE_HEADING_WORDS or word.endswith(_CHALLENGE_HEADING_TAILS)
               for word in tokens(hit.title))


def _challenge_first(question: Question, found: list[PointHit]) -> list[PointHit]:
    """``found`` with the first point of the first one's talk headed by a difficulty first, of those about as relevant
    (CHALLENGE_TIE), when the question asks what was hard: "what were the main headaches in wiring amd's operator
    library into jax" is 000:351's "Lektionen & Herausforderungen", not 000:344's definition of the library, which holds
    its name's words."""
    if len(found) < 2 or not _CHALLENGES_ASKED_RE.search(question.text) or _heads_a_challenge(found[0]):
        return found
    # of the first point's talk only: the rest of the question says which talk ("why is all_to_all a problem for the moe
    # serving work" is not answered by another talk's "Portierungsproblem")
    return _near_first(found, CHALLENGE_TIE,
                       lambda hit: hit.talk_id == found[0].talk_id and _heads_a_challenge(hit))

MIN_COMPOUND_START = 4  # letters of a question word a heading's compound begins with (shorter ones begin too many)


def _leads_by_a_compound_heading(question: Question, first: PointHit, second: PointHit) -> bool:
    """Whether ``first`` leads ``second``, a point of the same talk holding the same words of the question, only by a
    heading compound that a question word begins, with no question word a word of its own there: the compound is about
    its last part (store.ranking.HEADING_WEIGHT). "wieso haben die beim baumhaus alles vorher in der werkstatt gebaut"
    is answered by 600's "Vorab-Fertigung … in der Werkstatt, um Passgenauigkeit … zu gewährleisten", not by 548's
    "Werkstattfertigung"; a heading naming the asked thing itself ("… & Finite Differenzen") is about it."""
    if first.talk_id != second.talk_id or not first.held or first.held != second.held:
        return False
    asked = [word for word in tokens(question.subject) if len(word) >= MIN_COMPOUND_START]
    heading = tokens(first.title)
    if any(inflected_form(word, stem) for word in heading for stem in asked):
        return False
    return any(word.startswith(stem) for word in heading for stem in asked)


# "wie kommt pytorch code nach stablehlo", "how does jax code get into stablehlo": the way a thing takes to a place
# (the last word, after a preposition of direction); "wie kommt es zu …", "how come" ask why
_WAY_TO_RE = re.compile(
    r"^(?:(?:und|and|so|also)\s+)?(?:wie|how)\b(?! kommt es\b| come\b).*?\b(?:kommt|kommen|gelangt|gelangen|landet"
    r"|landen|get|gets|end up|ends up)\b.*\b(?:nach|in|ins|zu|zum|zur|auf|to|into|onto)\s+(?:(?:den|die|das|dem|der"
    r"|the)\s+)?(?P<to>[^\W_][\w-]*?)(?:\s+(?:rein|hin|ran))?\s*[?!.]*$", re.I)
_TOWARDS = frozenset("in ins zu zum zur nach auf into to onto".split())  # before a place a thing is brought to
DESTINATION_TIE = 0.85  # a point bringing the thing to the asked place this close to the best one leads
MIN_DESTINATION = 3  # letters of the place's word: a shorter one is found at the start of too many words


def _brings_to(hit: PointHit, place: str) -> bool:
    """Whether ``hit``'s title or text names ``place`` (a folded word, as the start of one) after a preposition of
    direction, with or without an article: "konvertieren … in StableHLO", "lowern Primitive zu StableHLO"."""
    words = tokens(f"{hit.title} {hit.text}")
    for at, word in enumerate(words):
        if at and word.startswith(place):
            before = words[at - 1]
            if before in _TOWARDS or (at > 1 and before in _DEFINITE_ARTICLES and words[at - 2] in _TOWARDS):
                return True
    return False


def _destination_first(question: Question, found: list[PointHit]) -> list[PointHit]:
    """``found`` with the point that brings the thing to the asked place first, of those about as relevant
    (DESTINATION_TIE): "wie kommt pytorch code nach stablehlo" asks for the way there, 000:201's "Frameworks wie JAX
    und PyTorch konvertieren … in StableHLO", not 000:482, which is headed by StableHLO and only names PyTorch among
    what it keeps compatible. With no such point, one that brings another thing to the asked thing tells how the thing
    is made, not its way on: "wie gelangt der spir-v code auf die gpu" is 000:267's "Laden von SPIR-V-Binärdateien in
    die Level-Zero-Laufzeitumgebung", not 000:265's "… zu SPIR-V-Binärdateien gewandelt"."""
    if len(found) < 2 or (match := _WAY_TO_RE.search(question.text)) is None:
        return found
    place = tokens(match["to"])
    if not place or len(place[0]) < MIN_DESTINATION or _brings_to(found[0], place[0]):
        return found
    near = [hit for hit in found[1:] if hit.score >= tie_floor(DESTINATION_TIE, found[0].score)]
    best = next((hit for hit in near if _brings_to(hit, place[0])), None)
    # the thing that takes the way: the subject's other words
    movers = [word for word in tokens(question.subject) if len(word) >= MIN_DESTINATION and word != place[0]]
    if best is None and any(_brings_to(found[0], word) for word in movers):
        best = next((hit for hit in near if not any(_brings_to(hit, word) for word in movers)), None)
    return _led_by(found, best)


# "where do plain filters end up on the tpu", "where does the kv cache live", "wo landen die filter": where a thing goes
# or runs; the thing is the words between the auxiliary and the verb (English) or after the verb (German)
_WHERE_IT_GOES_RE = re.compile(
    r"\bwhere (?:do|does|did|will|would|should) (?P<thing>[^,;:.!?]+?) (?:end up|ends up|ended up|go|land|live|sit"
    r"|run|get (?:mapped|placed|put|executed))\b"
    r"|\bwo (?:landen|landet|landete|landeten|laufen|läuft|liegen|liegt) (?P<ding>[^,;:.!?]+?)"
    r"(?: auf| in| im| an|[,;:.!?]|$)",
    re.I)
LOCATED_TIE = 0.85  # a point holding more of the located thing this close to the best one leads


def _located_first(store: Store, question: Question, found: list[PointHit]) -> list[PointHit]:
    """``found`` with the point holding most of the thing whose place is asked first, of those about as relevant
    (LOCATED_TIE), when the first one holds less of it: "where do plain filters end up on the tpu, also on the matrix
    units?" asks where the filters go, 000:12's "Filter mappen auf Vektorausführungen", not 000:11, which holds the
    places asked about (TPUs, Matrix Multiplication Units) and no filter. Cheap: the word list's forms of the thing's
    words, looked for in the points' own text."""
    match = _WHERE_IT_GOES_RE.search(question.text)
    if len(found) < 2 or match is None:
        return found
    asked = set(tokens(question.subject))
    en_de = store.word_data().en_de
    things = [forms for word in tokens(match["thing"] or match["ding"]) if word in asked
              and (forms := _held_forms(en_de, english_variants(word)))]
    if not things:
        return found

    def held(hit: PointHit) -> int:
        words = tokens(f"{hit.title} {hit.text}")
        return sum(any(word.startswith(forms) for word in words) for forms in things)

    near = [hit for hit in found[1:] if hit.score >= tie_floor(LOCATED_TIE, found[0].score)]
    best = max(near, key=held, default=None)  # the first of the near ones that hold the most
    if best is None or held(best) <= held(found[0]):
        return found
    return _led_by(found, best)


# What the asker sets aside, to the end of its clause: "[without] finite differences", "[ohne] die ONNX Runtime",
# "[instead of] the google chip", "[statt] sie fest in den compiler einzubauen", what a thing gives "[beyond] cost";
# the status quo an alternative asks beyond: "bringt intel was für rechenzentren [oder bleibt's bei] den workstation
# karten", "… or is it still just the workstation cards"
_SET_ASIDE_RE = re.compile(r"\b(?:without|ohne|instead of|rather than|statt|anstatt|beyond|besides|apart from"
                           r"|aside from|other than|except(?: for)?|au(?:ß|ss)er|abgesehen von"
                           r"|oder bleibt(?:s|'s)?(?: es| nur| noch| weiter| bei)*|or is it (?:still )?just)"
                           r"\s+(?P<aside>[^,;:.!?]+)", re.I)
# A yes/no question doubting a need asks for the way without it: "[and if my net is small,] do i still need the onnx
# runtime", "brauch ich dann überhaupt die onnx runtime" (its verb starts the clause: "when do i actually need grpo"
# asks when, doubting nothing)
_NEED_DOUBTED_RE = re.compile(
    r"(?:^|[,;:.!?]\s*)(?:(?:and|but|so|und|aber|also)\s+)?(?:(?:do|does) \w+ (?:still|even|really|actually) need"
    r"|brauch(?:e|t|en)? \w+ (?:\w+ )?(?:überhaupt|ueberhaupt|uberhaupt|wirklich|noch))\s+(?P<aside>[^,;:.!?]+)",
    re.I)
# Words that say a point does without what they come before: "ohne finite Differenzen", "kein automatisches
# Pipelining", "zur Eliminierung externer Bibliotheksabhängigkeiten", "Umgehung ineffizienter all_to_all-Operationen"
_DOING_WITHOUT = frozenset("ohne kein keine keinen keiner keinem keines statt anstatt anstelle eliminierung vermeidung "
                           "umgehung without no not instead".split())
DOING_WITHOUT_SPAN = 3  # the words before a held word that may say the point does without it
SET_ASIDE_TIE = 0.75  # a point holding less of what is set aside this close to the best one leads
MIN_SET_ASIDE_FORM = 4  # shorter forms are found inside too many words


def _held_forms(en_de: Mapping[str, tuple[str, ...]], bases: list[str], phrases: Sequence[str] = ()) -> tuple[str, ...]:
    """The forms by which a point's text holds an English word: its ``bases`` as typed and the word list's German
    forms of them and of ``phrases`` it starts, those of MIN_SET_ASIDE_FORM letters or more (looked for where a
    point's words start)."""
    forms = set(bases).union(token for key in [*bases, *phrases] for form in en_de.get(key, ())
                             for token in tokens(form))
    return tuple(form for form in forms if len(form) >= MIN_SET_ASIDE_FORM)


def _set_aside_last(store: Store, question: Question, found: list[PointHit]) -> list[PointHit]:
    """``found`` with the point of the first one's talk that holds least of what the question sets aside ("without
    finite differences", "ohne die ONNX Runtime", a need doubted: "brauch ich überhaupt die ONNX Runtime") first, of
    those about as relevant (SET_ASIDE_TIE), when the first one holds it plainly: the asker asks for the way without
    it, which the point that uses it is not, while a point saying it does without it ("ohne finite Differenzen",
    000:523) or naming none of it (000:525's native MX tracing) answers. The way without a thing is told by the talk
    that discusses it; a word of that talk's title says which talk, not which way ("instead of doing all to all [on
    tpus]"). Cheap: the word list's forms of the set-aside words, looked for in the points' own text."""
    match = _SET_ASIDE_RE.search(question.text) or _NEED_DOUBTED_RE.search(question.text)
    if len(found) < 2 or match is None:
        return found
    near = [hit for hit in found[1:] if hit.score >= tie_floor(SET_ASIDE_TIE, found[0].score)
            and hit.talk_id == found[0].talk_id]
    if not near:
        return found
    en_de = store.word_data().en_de
    titled = set(tokens(found[0].talk_title))
    typed = tokens(subject_words(match["aside"]))
    asides: list[tuple[str, ...]] = []  # each set-aside word's forms: as typed and the word list's German ones
    for at, word in enumerate(typed):
        bases = english_variants(word)
        if not titled.isdisjoint(bases):
            continue
        if kept := _held_forms(en_de, bases, [phrase_key(" ".join(typed[at:at + 2]))]):
            asides.append(kept)

    def plainly_held(hit: PointHit) -> int:
        """How many set-aside words the point holds with no word before them saying it does without them."""
        words = tokens(f"{hit.title} {hit.text}")
        return sum(any(word.startswith(forms) and _DOING_WITHOUT.isdisjoint(words[max(0, at - DOING_WITHOUT_SPAN):at])
                       for at, word in enumerate(words)) for forms in asides)

    held = plainly_held(found[0]) if asides else 0
    if not held:
        return found
    fewest = min(near, key=plainly_held)  # the best ranked of those holding least (min keeps the first)
    if plainly_held(fewest) >= held:
        return found
    return [fewest] + [hit for hit in found if hit is not fewest]


async def _focus_first(store: Store, question: Question, found: list[PointHit]) -> list[PointHit]:
    """``found`` with the point that best holds what an English question asks besides the setting it ends in first
    (``setting_of``, or the thing whose arrival dates it: ``arrival_of``, "once cnc came in"), when the setting names
    the first point's talk far ahead of the next (DESCRIBED_LEAD): the setting says which talk, as a talk's name does,
    not which of its points. "how did the vlogger keep the groundwater out of the underground bee hives" asks about the
    groundwater (000:574's Grundwasserabdichtung), not the point that repeats the hives (000:573)."""
    placed = setting_of(question.text) or arrival_of(question.text)
    if len(found) < 2 or question.language == "de" or not (setting := set(tokens(placed))):
        return found
    focus = [word for word in question.subject.split() if not setting.issuperset(tokens(word))]
    if not focus or len(focus) == len(question.subject.split()):
        return found
    talks = await store.find_talks(placed, limit=2)
    if not talks or talks[0].talk_id != found[0].talk_id or (
            len(talks) > 1 and talks[0].score < DESCRIBED_LEAD * talks[1].score):
        return found
    within = await store.find_points(" ".join(focus), limit=1, talk_id=found[0].talk_id, introductions_name=True)
    best = next((hit for hit in found if within and hit.source == within[0].source), None)
    if best is None:
        return found
    return _led_by(found, best)


async def _asked_first(store: Store, question: Question, found: list[PointHit], thread_talk: str | None = None,
                       after_an_entry: bool = False) -> list[PointHit]:
    """``found`` with the first point's talk's best point for what a follow-up asks of the thread's topic
    (``Question.asked``) first: the topic's words say what the follow-up points back at, and the point that holds
    them best is the one the thread has just answered with. "und welcher solver löst das dann" after CasADi's
    multiple shooting asks for the solver (000:519's "Lösung des NLPs mittels IPOPT"), not for the point about
    multiple shooting (000:518) again. Of points those words hold alike the topic's words pick ("how does it avoid
    downloading files" after Kinetic's data API: 000:72, whose files are the data API's, not 000:68's Docker files).
    Not when the first point is of another talk than the thread's (``thread_talk``): the follow-up's words named that
    talk ("and how does the kernel porting agent use it" after the roofline model: max_evol), so the point holding
    the topic there answers (000:127), not the one best holding the words that name the talk. Not after a term's
    definition either (``after_an_entry``): the thread has shown the term's glossary entry, no point of the talk, so
    the point best holding the topic and the asked words together is news ("why does jaxator use them" after what XLA
    custom calls are: 000:347's decision to use custom calls, not 000:346, which holds only "Jaxator")."""
    if len(found) < 2 or not question.asked or after_an_entry or \
            (thread_talk is not None and found[0].talk_id != thread_talk):
        return found
    within = await store.find_points(question.asked, limit=ASKED_ALIKE, talk_id=found[0].talk_id,
                                     introductions_name=True)
    alike = {hit.source for hit in within if hit.score >= within[0].score} if within else set()
    best = next((hit for hit in found if hit.source in alike), None)
    if best is None or best is found[0]:
        return found
    return _led_by(found, best)


ASKED_ALIKE = 5  # a follow-up's own words' best points in its talk, of which the thread's topic picks among equals


NAME_TIE = 0.8  # a point holding the question's names this close to the best one that lacks them leads


def _naming_first(found: list[PointHit], question: Question, *, introductions_name: bool = False) -> list[PointHit]:
    """``found`` with a point about as relevant as the first that holds more of the names the question asks about
    (words general English and German hardly use: "PJRT", "stablehlo") first: "how does PJRT decouple frameworks from
    the hardware?" is answered by a PJRT point, not by HLO's "entkoppeln … Frameworks … Hardware". A name the point's
    talk title holds counts as held (the talk is about it); with ``introductions_name`` so does one its talk's
    introduction holds when it is one of them ("vLLM" in the vLLM talk's "Einführung & Hintergrund")."""
    typed = question.subject.split()
    if question.language == "de" and any(word[:1].isupper() for word in question.text.split()[1:]):
        # its nouns capitalised, a lower-case word is a verb ("entkoppelt"), unless written as code ("max_evol")
        typed = [word for word in typed if not word[:1].islower() or is_term_like(word)]
    # a name that says which talk ("im vllm/sglang tpu talk", "the talk on … with MaxText") picks none of its points
    # (so does a relative clause that says which thing is meant: "das System, das Triton-Kernel nach Pallas portiert")
    naming_a_talk = talk_naming_words(question.text) | describing_clause_words(question.text)
    names = [token for token in dict.fromkeys(t for word in typed for t in tokens(word))
             if len(token) >= 3 and not is_common(token) and token not in naming_a_talk]
    if len(found) < 2 or not names:
        return found
    words = {id(hit): tokens(f"{hit.talk_title} {hit.title} {hit.text}") for hit in found}
    near = [hit for hit in found[1:] if hit.score >= tie_floor(NAME_TIE, found[0].score)]
    if introductions_name and (intro := next((hit for hit in [found[0], *near] if _opens_its_talk(hit)), None)):
        # a name an introduction in the running holds names its talk, as the title does: each of the talk's points
        # holds it (one further down, out of the running, may list the talk's agenda: every topic's name)
        words = {id(hit): words[id(hit)] + (words[id(intro)] if hit.talk_id == intro.talk_id else []) for hit in found}
    if introductions_name and (opener := next((hit for hit in [found[0], *near] if _heads_its_talk(hit)), None)):
        # so does the heading of a point opening its talk that is no introduction, as the search reads it
        # (store.ranking._introduced): "0:00 MaxText-Architektur: …" says "the maxtext post-training stack" is that
        # talk, so its 000:165 on installing and submitting jobs answers, not 000:160, which names MaxText in a list
        heading = tokens(opener.title)
        words = {id(hit): words[id(hit)] + (heading if hit.talk_id == opener.talk_id else []) for hit in found}
    # only names the summaries write as asked: an English word ("decouple") is held in German words, not as typed
    names = [name for name in names if any(word.startswith(name) for hit in found for word in words[id(hit)])]

    units = _alternatives_as_one(question.text, names)

    def held(hit: PointHit) -> int:
        # (a name the point spells out holds it as well: "Out-of-Memory" is the "oom" asked)
        return sum(any(any(word.startswith(name) or _ends_a_compound(word, name) for word in words[id(hit)])
                       or spells_out_somewhere(words[id(hit)], name) for name in unit) for unit in units)

    best = max(near, key=held, default=None)  # the first of the near ones that hold the most
    if best is None or held(best) <= held(found[0]) or _headed_as_asked(found[0], question):
        return found
    return _led_by(found, best)


MIN_COMPOUND_TAIL = 6  # letters of a name a compound may end in: a shorter one ends too many words by chance


def _ends_a_compound(word: str, name: str) -> bool:
    """Whether ``word`` is a compound that ends in ``name`` (MIN_COMPOUND_TAIL letters or more) as its last part: a
    compound is about its last part, so "Rechenclustern" holds the "clustern" of "gpus und tpus in ihren clustern"."""
    return len(name) >= MIN_COMPOUND_TAIL and len(word) >= len(name) + MIN_PART and word.endswith(name)


MIN_HEADED_AS_ASKED = 2  # words of a heading the question types: one alone ("Pallas") is often only the talk's topic


def _headed_as_asked(hit: PointHit, question: Question) -> bool:
    """Whether each word of ``hit``'s heading is typed in the question (as typed or its English base), at least
    MIN_HEADED_AS_ASKED of them: the point is headed by the very thing asked about (000:163's "Knowledge
    Distillation"), so a name elsewhere in the question ("does the maxtext post-training stack support") says where
    it is asked, not which point answers."""
    heading = tokens(hit.title)
    typed = {base for word in tokens(question.subject) for base in english_variants(word)}
    # the words spelling out an abbreviation the question types are typed as it ("Supervised Fine-Tuning (SFT)")
    at = spelled_out_abbreviation(heading)
    named = heading[at:] if at and heading[at] in typed else heading
    return len(heading) >= MIN_HEADED_AS_ASKED and all(word in typed for word in named)


_OR_WORDS = frozenset({"or", "oder"})
OR_REACH = 2  # words between an "or" and the alternative it joins ("in hbm or in vmem")


def _alternatives_as_one(text: str, names: list[str]) -> list[tuple[str, ...]]:
    """``names`` as the units a point holds: two joined by "or" are one, since the question asks which of them ("do
    my refs start out in hbm or in vmem" is answered by the point that says HBM, no better by one naming both).

    >>> _alternatives_as_one("do refs start in hbm or in vmem", ["hbm", "vmem", "refs"])
    [('hbm', 'vmem'), ('refs',)]
    """
    words = tokens(text)
    units: list[tuple[str, ...]] = []
    joined: set[str] = set()
    for at, word in enumerate(words):
        if word not in _OR_WORDS:
            continue
        before = next((w for w in reversed(words[max(0, at - OR_REACH):at]) if w in names), None)
        after = next((w for w in words[at + 1:at + 1 + OR_REACH] if w in names), None)
        if before and after and before != after and not {before, after} & joined:
            units.append((before, after))
            joined |= {before, after}
    return units + [(name,) for name in names if name not in joined]


async def talks(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """Which talks about X (or every talk): a talk list."""
    if not question.subject:
        listed = [talk_hit(t) for t in await store.list_talks()]
        return _reply(question, talks=listed, all_talks=True)
    if missing := await coverage.missing(store, question.subject, question, scope):
        return await _not_covered(store, question, missing)
    hits = await _talks_about(store, question.subject)
    if not hits:
        return await _not_covered(store, question, [question.subject])  # no talk has any word of it: "Ringpuffer"
    hits += await _talks_of_its_parts(store, question, {hit.talk_id for hit in hits})
    for term in await _short_forms_spelling_out(store, question.subject):
        # "which talks mention kubernetes": the vLLM talk says only "GKE", which a glossary spells out as "Google
        # Kubernetes Engine"
        shown = {hit.talk_id for hit in hits}
        found = await store.find_talks(term, limit=TALKS_SHOWN)
        hits += [hit for hit in found if hit.score >= 0.3 * found[0].score and hit.talk_id not in shown][
            :max(0, TALKS_SHOWN - len(hits))]
    return _reply(question, talks=hits, note="" if hits else "no_talk",
                  talk_id=hits[0].talk_id if len(hits) == 1 else None)


async def _talks_about(store: Store, subject: str) -> list[TalkHit]:
    """The talks about ``subject`` a talk list shows: those that rank near the best one."""
    hits = await store.find_talks(subject, limit=TALKS_SHOWN)
    return [hit for hit in hits if hit.score >= 0.3 * hits[0].score]


async def _short_forms_spelling_out(store: Store, subject: str) -> list[str]:
    """The glossary terms whose long form holds the one word of ``subject``, a word of no general language: "GKE" for
    "kubernetes" ("GKE (Google Kubernetes Engine)"); a talk that says the short form speaks of it. [] for a plain word
    ("google", "engine": in many a long form that is not about it) or a subject of several words."""
    words = tokens(subject)
    if len(words) != 1 or is_common(words[0]):
        return []
    result = await store.define(subject)
    return [hit.term for hit in result.hits if hit.expansion and words[0] in tokens(hit.expansion)
            and term_key(hit.term) != term_key(subject)]


COMPOUND_LAST_PART = 3  # letters of a German compound's last part: "Holz|bau"
COMPOUND_SPLITS_TRIED = 3  # a compound's ways to split, longest head first, that may be its two words


async def _compound_in_its_words(store: Store, question: Question) -> str:
    """The two words of a German compound topic of one word, as a search text, when one point holds them together
    ("Holz|bau": "holz bau"; "Lärchen|holz", not "Lärche|nholz"); '' for an English question (English writes a
    compound's nouns apart), a topic of several words, or a word no two such words make."""
    words = question.subject.split()
    if question.language != "de" or len(words) != 1:
        return ""
    split = await store.split_held_in_one_point("".join(tokens(words[0])), COMPOUND_LAST_PART, COMPOUND_SPLITS_TRIED)
    return "" if split is None else " ".join(split)


async def _talks_of_its_parts(store: Store, question: Question, listed: set[str]) -> list[TalkHit]:
    """The talks about a German compound topic in its two words, after those that write it as one: "welche Vorträge
    handeln von Holzbau" lists the vlogger's fence and Torii gate of "Windwurf-Holz" (000:567, "Bau eines … Tors",
    "Bauholz") besides the treehouse talk that says "Holzbau". A talk is listed when one of its points holds both
    words, not one here and one there ("Speicher" and "Architektur" are in most talks); [] when the list is full."""
    if len(listed) >= TALKS_SHOWN or not (parts := await _compound_in_its_words(store, question)):
        return []
    holding = {hit.talk_id for hit in await store.find_points(parts, limit=MOMENTS_SHOWN, min_coverage=1.0)}
    return [hit for hit in await store.find_talks(parts, limit=TALKS_SHOWN)
            if hit.talk_id in holding and hit.talk_id not in listed][:TALKS_SHOWN - len(listed)]


async def search(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """Anything else: the best key point as the answer, then the next ones and the talks they are from."""
    if not question.subject:
        return _reply(question, note="which_talk")
    if not scope.offset and question.shape == Shape.SEARCH and \
            (term := await _term_asked_alone(store, question, question.subject)) is not None and \
            (not question.refers_back or _typed_in(question.text, term)):
        # "quick one: GSPMD?", "gspmd explanation pls", "kann mir jemand GSPMD erklären": a glossary term with no word
        # beside it a summary could answer asks what it is, however the question is framed ("gspmd - no idea what
        # that is": its "that" is the term typed, not a thread's topic)
        return await define(store, replace(question, shape=Shape.DEFINE, subject=term, raw=term, term="",
                                           qualifier=""), scope)
    if missing := await coverage.missing(store, question.subject, question, scope):
        return await _not_covered(store, question, missing)
    if not scope.offset and (gap := await coverage.detail_gap(store, question, scope)) is not None:
        asked, topic, apart = gap
        return await _not_covered(store, question, asked, topic=topic, apart=apart)
    if not scope.offset and question.subject and _typed_first(question.text, question.subject.split()[0]) and \
            (term := await _entry_named_as_typed(store, question)) and _typed_first(question.text, term):
        # "spmd??", "log psd meaning", "kernseite beim brett?": a glossary term typed first and alone (or with words
        # its own entry or talk title has) asks what it is (the subject's first word typed first is checked before
        # any glossary look-up: most searches start otherwise); so does "multiple shooting, what's that about", whose
        # "that" is the term, also with words its entry holds ("eigh - what does that routine compute": Eigh's entry
        # is "Eine numerische Routine zur Berechnung …"). "what can you tell me about HBM?" asks for what the talks say
        # about it
        rest = question.subject[len(term):].strip() if question.subject.startswith(term) else ""
        return await define(store, replace(question, shape=Shape.DEFINE, subject=term, raw=term, term="",
                                           qualifier="", refers_back=False), scope) if not rest else \
            await define(store, replace(question, shape=Shape.DEFINE, raw=question.subject, term=term,
                                        qualifier=rest), scope)
    # a search asks for a detail, a what-is question (a definition's fallback) what its introduction says
    detail = question.shape == Shape.SEARCH
    found, scoped_to = await _points(store, question.subject, scope, scope.offset + 1 + POINTS_SHOWN,
                                     introductions_name=detail, context=question.context,
                                     speaker_words=speaker_naming_words(question.text),
                                     described=await _talk_described(store, question, scope), entries=detail)
    if not found and not scope.offset:
        # no key point has it: a talk that does (its title or summary: "Crashkurs"), else nothing has it
        if await store.find_talks(question.subject, limit=1):
            return await talks(store, replace(question, shape=Shape.TALKS), scope)
        return await _not_covered(store, question, [question.subject])
    found = _naming_first(found[scope.offset:], question, introductions_name=detail)
    if not scope.offset and scoped_to is None:
        # the setting a question ends in says which talk here too ("what did they do about the groundwater [at the
        # bee hives]"), as in a how-question
        found = await _focus_first(store, question, found)
    found = _challenge_first(question, found)
    if question.shape == Shape.SEARCH:
        # no how, why or what-is: what a talk's subject brings or is built on is said first by its introduction (a
        # how-question asks for the mechanism, a definition for the point that says what it is: 346 for Jaxator)
        found = _introduction_first(store, question, found)
    found = _located_first(store, question, found)
    if not scope.offset:
        found = await _asked_first(store, question, found, scope.talk_id, scope.after_an_entry)
    if _asks_what_comes(question):
        found = _planned_before_done(found)
    return _answer_points(question, scope, _set_aside_last(store, question, found), scoped_to)


MAX_ASKED_WORDS = 6  # a subject longer than this asks more than what one term is


async def _term_asked_alone(store: Store, question: Question, subject: str) -> str | None:
    """The glossary term ``subject`` names by its exact name (a strong match, as /define finds it) when every other
    word of it is a function word or a general word of English or German no summary holds in any form, so that it
    asks nothing the summaries could answer beyond the term's entry: "clarify gspmd", "gspmd idea" ("no idea what
    that is"), "kann mir jemand gspmd erklären" (a word asking what it means, in any inflection and place, is part of
    the frame: ``asks_meaning``). The frame around the term need not be known. None for a word beside the term a
    summary holds ("spot triton": where it comes up) and for a rare one, a name or a field's term no
    summary has ("flydsl rdna"): the question asks about that, which "not covered" answers."""
    words = subject.split()
    if not words or len(words) > MAX_ASKED_WORDS:
        return None
    runs = [(start, start + size) for size in range(min(MAX_TERM_WORDS, len(words)), 0, -1)
            for start in range(len(words) - size + 1)]
    looked_up = await store.define_each([" ".join(words[start:end]) for start, end in runs])
    for (start, end), result in zip(runs, looked_up, strict=True):
        if not result.hits or result.hits[0].match not in STRONG_MATCHES:
            continue
        term = " ".join(words[start:end])
        named = tokens(term)
        typed = tokens(question.text)
        # (not the term's own words: "Begriff" in a term's name asks nothing)
        # (nor only as typed: a German separable verb's particle ends the clause, the parser joins it back to its verb
        # in the subject, "was stellt X dar": darstellen)
        meaning_asked = asks_meaning([t for t in typed + tokens(subject) if t not in named], question.language) or \
            _asks_what_it_is(typed, named)
        # asked what it is, a noun the asker negates is how little they know, not a thing asked: "no idea what X is",
        # "keine Ahnung, was X ist" (not "idea" as an aspect of X)
        negated = {after for word, after in zip(typed, typed[1:], strict=False) if word in _NEGATING} \
            if meaning_asked else set()
        rest = [t for word in words[:start] + words[end:] for t in tokens(word) if t not in named and
                t not in FRAME_WORDS and t not in negated and
                not (meaning_asked and asks_meaning([t], question.language))]
        if not rest:
            # the term alone, not typed first: "kennste tinix", "what can you tell me about HBM" ask what the talks
            # say of it (``search``); "kannst du mir tinix erklären?" asks what it means, however it is inflected
            return term if meaning_asked and _ASKS_WHERE_OR_WHEN.isdisjoint(typed) else None
        if _asks_of_the_term(question, rest, meaning_asked or question.shape == Shape.DEFINE):
            return None
        absent = set(await store.absent_words(" ".join(rest)))
        held = [word for word in rest if word not in absent or is_rare(word, question.language)]
        if not held:
            return term
        if (question.shape == Shape.DEFINE or (meaning_asked and (question.language == "de" or
                                                                   _asks_what_it_is(typed, named)))) and \
                not any(is_rare(word, question.language) for word in held) and \
                not any(await store.find_points_each([f"{term} {word}" for word in held], limit=1, min_coverage=1.0)):
            # the summaries hold most common words ("hab", "einfach", "nie", "keep", "seeing"), so being in one says
            # little; asked what the term means, a common word no key point holds together with it asks nothing of it
            # ("hab spmd noch nie gehört, was ist das?", "I keep seeing spmd, what is it?"), whereas "was ist spmd in
            # jax" places it; an English verb asking to explain is often asked of the words beside it ("explain how
            # diffrax works"), so in English only a what-is question counts
            return term
        return None
    return None


# An indirect question on what a thing is puts the thing between its question word and its verb: "keine Ahnung, was
# SPMD ist", "wer kann mir sagen, was ein MXU ist", "no idea what SPMD is"
_WHAT = frozenset("was what".split())
_NEGATING = frozenset("no kein keine keinen keinerlei".split())
_IS = frozenset("ist sind war waren is are was were means bedeutet heisst".split())


def _asks_what_it_is(typed: list[str], named: list[str]) -> bool:
    """Whether the folded ``typed`` words ask what ``named`` is as an indirect question: "was" or "what", maybe an
    article, the term's words, then its verb."""
    for at in range(len(typed) - len(named)):
        if typed[at:at + len(named)] != named or typed[at + len(named)] not in _IS:
            continue
        before = at - 1 if at and typed[at - 1] in _ARTICLES else at
        if before and typed[before - 1] in _WHAT:
            return True
    return False


# "what license": the noun after it is what is asked
_ASKS_WHICH = frozenset("what which welche welcher welches welchen welchem".split())
_ASKS_WHERE_OR_WHEN = frozenset("where when wo wann".split())
# "the price of a tpu pod": a noun after an article and before "of" is asked of what follows ("heard of" asks nothing)
_OF = frozenset("of von vom des".split())
_DEFINITE_ARTICLES = frozenset("the der die das den dem".split())
_ARTICLES = _DEFINITE_ARTICLES | ENGLISH_ARTICLES | frozenset("ein eine einen".split())


def _asks_of_the_term(question: Question, rest: list[str], meaning_asked: bool = False) -> bool:
    """Whether the words beside a term ask something of it by the question's grammar: a yes/no question ("is tunix
    apache licensed": whether it has that; not when ``meaning_asked``: "kannst du mir tinix einfach erklären?" asks for
    its meaning, "hab tinix nie gehört, was ist das?" what it is), a noun after "what"/"welche" ("what license is
    flydsl under") or between an article and "of"/"von" ("the price of a tpu pod"), a where or when ("every spot where
    triton comes up"), or an aspect of it ("der Haken an der Kollokation")."""
    typed = tokens(question.text)
    return (not meaning_asked and is_yes_no(question.text, question.language)) or \
        not _ASKS_WHERE_OR_WHEN.isdisjoint(typed) or \
        not ASPECT_NOUNS.isdisjoint(rest) or \
        any(word in _ASKS_WHICH and after in rest for word, after in zip(typed, typed[1:], strict=False)) or \
        any(article in _ARTICLES and word in rest and after in _OF
            for article, word, after in zip(typed, typed[1:], typed[2:], strict=False))


def _typed_in(text: str, term: str) -> bool:
    """Whether ``text`` holds the words of ``term`` one after the other, as typed (not filled in from a thread)."""
    words = tokens(term)
    return bool(words) and holds_run(tokens(text), words)


def _typed_first(text: str, term: str) -> bool:
    """Whether ``text`` starts with the words of ``term``: "spmd??", not "what can you tell me about SPMD?"."""
    words = tokens(term)
    return tokens(text)[: len(words)] == words


async def _names_a_term(store: Store, question: Question) -> bool:
    """Whether the question's whole subject is a glossary term (``_entry_named``): "rocm", "flydsl"."""
    return await _entry_named(store, question.subject) == question.subject


async def _its_entry(store: Store, question: Question, scope: Scope) -> AnswerReply:
    """The glossary entry of the question's subject, as "what is X?" answers it."""
    return await define(store, replace(question, shape=Shape.DEFINE, raw=question.subject, term="", qualifier=""),
                        scope)


async def _entry_named(store: Store, subject: str) -> str | None:
    """The words ``subject`` starts with when they are a glossary term (an exact, alias, expansion or translation
    match, not a fuzzy or full-text one) and every word after them is in that entry's head, definition or talk
    title: "mfma amd gpus" names MFMA, defined in the talk about AMD GPUs; "mfma tuning" asks about something else."""
    words = subject.split()
    if len(words) > 1 and coverage.titles_a_talk(store, subject):
        return None  # "jax quantum" is a talk's subject, not JAX placed in it
    for end in range(len(words), 0, -1):
        term = " ".join(words[:end])
        result = await store.define(term)
        if not result.hits or result.hits[0].match not in STRONG_MATCHES:
            continue
        rest = {t for word in words[end:] for t in tokens(word)}
        if not rest:
            return term
        hit = result.hits[0]
        said = [tokens(f"{d.head} {d.definition} {d.talk_title}") for d in hit.definitions]
        # a word after the term as written or in the German the word list gives it: "gpus" is "Grafikprozessor"
        forms = [[t, *_german_forms(store, t)] for t in rest]
        if any(all(any(word.startswith(form) for form in each for word in held) for each in forms) for held in said):
            return term
        return None
    return None


async def _entry_named_as_typed(store: Store, question: Question) -> str | None:
    """``_entry_named`` of the question's subject, or of the subject as typed when that whole is a glossary term: the
    subject drops the function words inside a term's name ("mixture experts" of "mixture of experts in plain words"),
    which its exact name has."""
    typed = _as_typed(question.text, question.subject)
    if typed != question.subject and await _entry_named(store, typed) == typed:
        return typed
    return await _entry_named(store, question.subject)


async def _entry_places_it(store: Store, term: str, place: str) -> bool:
    """Whether ``term`` is a glossary term (a strong match) one of whose entries itself names every word of ``place``
    in its head or definition: "grain" in "jax ökosystem" ("Software-Bibliotheken im JAX-Ökosystem: … Grain …"). Its
    talk's title does not count: "im tunix post-training video" places GRPO in a talk, whose key point says its
    role there."""
    result = await store.define(term)
    if not result.hits or result.hits[0].match not in STRONG_MATCHES or not (words := tokens(place)):
        return False
    said = [tokens(f"{d.head} {d.definition}") for d in result.hits[0].definitions]
    # "ecosystem" is held as "Ökosystem", "systems" as "Systemen" (its singular starts it)
    forms = [[*english_variants(word), *_german_forms(store, word)] for word in words]
    # a place the word list gives as one phrase: "distributed computing" is held as "verteilten Systemen"
    phrases = [tokens(form) for form in store.word_data().en_de.get(phrase_key(place), ())]
    return any(all(any(held.startswith(form) for form in each for held in entry) for each in forms)
               or any(all(any(held.startswith(part) for held in entry) for part in phrase) for phrase in phrases)
               for entry in said)


def _german_forms(store: Store, word: str) -> list[str]:
    """The one-word German forms the word list gives the English ``word`` or its singular: "gpus" -> grafikkarte,
    grafikprozessor."""
    en_de = store.word_data().en_de
    keys = english_variants(word) + ([word[:-1]] if word.endswith("s") else [])  # "gpus" is short for a variant
    return [form for key in keys for form in en_de.get(key, ()) if " " not in form]


INTRO_TIE = 0.85  # a talk's introduction this close to the best point of the same talk leads
def _opens_its_talk(hit: PointHit) -> bool:
    """Whether ``hit`` is its talk's introduction (``introduces_its_talk``)."""
    return hit.kind == "point" and introduces_its_talk(hit.seconds, hit.title, hit.text)


def _heads_its_talk(hit: PointHit) -> bool:
    """Whether ``hit`` is a point at its talk's start that is no introduction (a talk's opener: its heading names the
    talk, store.ranking._introduced)."""
    return hit.kind == "point" and heads_its_talk(hit.seconds, hit.title, hit.text)


def _introduction_first(store: Store, question: Question, found: list[PointHit]) -> list[PointHit]:
    """``found`` with the introduction of the first point's talk first when it is about as relevant: "jaxator hooks
    which AMD library into JAX" is the introduction's "Integration von AMD-AITER-Kernen in JAX", not the later point
    defining AITER that shares one more word. Not when it holds no word the question asks besides the setting that
    names the talk: "on the tpu database project, which bit of the chip does the filtering" is the operator mapping
    (000:12), not the introduction's "TPUs für Datenbanken … Forschungsprojekt"."""
    if not found or _opens_its_talk(found[0]):
        return found
    intro = next((hit for hit in found[1:] if hit.talk_id == found[0].talk_id and _opens_its_talk(hit)
                  and hit.score >= tie_floor(INTRO_TIE, found[0].score)), None)
    if intro is None or not _holds_beyond_the_setting(store, question, intro):
        return found
    return [intro] + [hit for hit in found if hit is not intro]


def _holds_beyond_the_setting(store: Store, question: Question, hit: PointHit) -> bool:
    """Whether ``hit`` holds a word of the question's subject outside those naming its talk: an English question's
    setting (``placed_setting``) and the words naming it by its speakers or a talk noun ("the michigan tpu database
    folks": they say which talk, which its introduction holds, not what is asked of it); as typed or in a German form
    the word list gives it. True when there are no such words."""
    setting = set(tokens(placed_setting(question.text))) if question.language != "de" else set()
    setting |= words_naming_the_talk(question.text)
    focus = [word for word in tokens(question.subject) if word not in setting]
    if not setting or not focus or len(focus) == len(tokens(question.subject)):
        return True
    en_de = store.word_data().en_de
    forms = tuple(form for word in focus for form in _held_forms(en_de, english_variants(word)))
    return not forms or any(word.startswith(forms) for word in tokens(f"{hit.title} {hit.text}"))


def _answer_points(question: Question, scope: Scope, found: list[PointHit], scoped_to: str | None) -> AnswerReply:
    if not found:
        return _reply(question, done=bool(scope.offset))
    shown = found[: 1 + POINTS_SHOWN]
    return _reply(question, lead=shown[0], points=shown[1:], scoped_to=scoped_to, talk_id=shown[0].talk_id,
                  shown=scope.offset + len(shown), more=len(found) > len(shown))


COMPOSERS: dict[Shape, Composer] = {
    Shape.DEFINE: define,
    Shape.WHO: who,
    Shape.MOMENTS: moments,
    Shape.COMPARE: compare,
    Shape.SUMMARY: summary,
    Shape.RECOMMEND: recommend,
    Shape.QUANTITY: quantity,
    Shape.EXPLAIN: explain,
    Shape.TALKS: talks,
    Shape.SEARCH: search,
}
