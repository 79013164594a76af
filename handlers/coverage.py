"""Whether the summaries cover what a question asks, and what of it they miss: the names and words no summary has
(``missing``), the detail of a covered topic a question asks that they do not say (``detail_gap``), and what the
question asks about besides (``topic_besides``). The answers say "not covered" from these instead of answering another
term.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from store.compounds import LINKING
from store.concepts import english_variants, german_infinitives
from store.db import Store
from store.lexicon import phrase_key
from store.text import holds_run, tokens

from . import german_tags
from .common_words import (
    adverbial_superlative,
    is_basic,
    is_common,
    is_everyday,
    is_rare,
    leans_english,
    not_more_german,
)
from .question_words import (
    ARTICLES,
    ASPECT_NOUNS,
    COUNTING,
    DETERMINERS,
    DO_AUXILIARY_RE,
    ENGLISH_PREPOSITIONS,
    FRAME_WORDS,
    GERMAN_ARTICLES,
    GERMAN_CONJUNCTIONS,
    GERMAN_MODALS,
    GERMAN_SUBORDINATORS,
    GERMAN_WHICH,
    ING_COMPLEMENT_VERBS,
    IS_CONTRACTED,
    KINDS_OF_THING,
    MEASURE_NOUNS,
    MID_ADVERBS,
    NAME_TAILS,
    NOT_BEFORE_A_PRONOUN,
    NUMBER_WORDS,
    OBJECT_ING_VERBS,
    OBJECT_PRONOUNS,
    ORDINAL_WORDS,
    OTHERS,
    PHRASAL_PREPOSITION_RE,
    SEPARABLE_PARTICLES,
    SPOKEN_CONTRACTIONS,
    SUBJECT_PRONOUNS,
    UNIT_WORDS,
    UNITS,
    WHICH_ONE_WORDS,
    WHO_NOUNS,
    setting_of,
)
from .questions import (
    NameRun,
    Question,
    Shape,
    english_noun_in_german,
    is_term_like,
    measured_in,
    name_runs,
    subject_words,
)
from .scope import Scope, absent_words, name_runs_of
from .talk_naming import TALK_NOUNS

# the shapes whose topic words describe the talk asked for, not a thing it must say
_TALK_DESCRIBED = frozenset({Shape.SUMMARY, Shape.RECOMMEND})
VERSION_CANDIDATES = 8  # key points read to see whether "Gemma 3" is written anywhere


async def missing(store: Store, subject: str, question: Question, scope: Scope) -> list[str]:
    """The asked-about words no summary mentions: names (GSPMD, ORPO; in an English question also a capitalised
    word, Gaudi) count alone, plain words all together or as one name of several words (``_name_apart``). A word or
    name that only the asker's wording lacks is none: one key point holds the rest of what the question asks
    (``restates_a_point``)."""
    absent = await absent_words(store, scope, subject)
    written = _besides_what_is_set_against(subject, question, absent)
    # "[ernten] die bienen auch propolis" asks about propolis, not about harvesting
    verb = _opening_verb(question) if subject == question.subject else ""
    whether: list[str] = []  # the less common nouns a yes/no question asks whether the talks say (``_asked_whether``)
    if absent:
        names = [w for w in written if ((is_term_like(w) or _english_name(w, question))
                                        and any(t in absent for t in tokens(w)))
                 or (_lettered_code(w) and "".join(tokens(w)) in absent)
                 or (_acronym_in_lower_case(w) and all(t in absent for t in tokens(w)))]
        if names:  # typed as names (GSPMD, Gaudi) and in no summary: no wording of the asker's
            return names
        present = [other for other in written if not all(token in absent for token in tokens(other))]
        for word in written:
            if word == verb:
                continue
            if (_german_name(word, question) or (
                    (_lower_case_german_noun(word, question, absent) or _rare_term(word, question, absent)
                     or _guessed(word, question) or _asked_whether(word, question, absent))
                    and (_a_word_asked_whether(word, question) or not await _typed_with_a_slip(store, word))
                    and not await said_in_parts(store, word, question))) \
                    and await _no_compound_holds(store, word, absent, question.language):
                # the whole name it is part of: "Prefix Caching", not "Prefix"
                run = next((_name_holding(run, word, question) for run in name_runs_of(scope, question)
                            if word in run.words and all(other in written for other in run.words)), word)
                run = await _without_names_before(store, run, word, absent)
                if run == word and _kind_of_the_next(word, written, present, question):
                    following = written[written.index(word) + 1]
                    if not any(german_tags.is_verb(token, question.text) for token in tokens(following)):
                        run = f"{word} {following}"  # a kind of the next, no verb: "hash joins"
                if _only_asked_whether(word, question, absent):
                    # a common noun asked whether: the thing it names starts with it, what is before it is what the
                    # question asks it of ("is [tunix] apache licensed"); the last resort, after every other cause
                    whether.append(run[run.index(word):] if word in run and not run.startswith(word) else run)
                elif run not in names:
                    names.append(run)
        if names:
            # "welcher [lehrstuhl] …" asks for the one thing it names: a point holding the rest does not say which;
            # "wie viel [millikelvin]" the unit whose number is the answer (000:34's "300-mal kälter" holds the rest;
            # "wie viele [prüfstufen]" counts things the asker may name otherwise)
            joined = _joined_as_typed(names, question)
            return [] if not any(_which_asks_for(name, question) or measured_in(name, question.text)
                                 or _named_example(name, question) for name in names) and \
                await restates_a_point(store, question, joined, scope) else joined
        content = [t for w in written for t in tokens(w)]
        if content and all(t in absent for t in content):
            return [subject]
        if kind := _unknown_kind(written, absent, question):
            return [] if await restates_a_point(store, question, [kind], scope) else [kind]
    for apart in (await _hyphenated_apart(store, written, absent, question.language),
                  await _compound_apart(store, question, written),
                  await _name_apart(store, question, written, absent, scope),
                  await _of_name_apart(store, question, written, absent)):
        if apart:
            return [] if await restates_a_point(store, question, [apart], scope) else \
                [_after_a_talks_name(store, apart)]
    if versions := await _missing_versions(store, subject, question.text):
        return versions
    whether = list(dict.fromkeys(whether))
    if not whether or await detail_gap(store, question, scope) is not None:
        return []  # an absent detail of a topic one talk holds, which ``detail_gap`` names and shows that topic of
    return [] if await restates_a_point(store, question, whether, scope) else whether


def _joined_as_typed(names: list[str], question: Question) -> list[str]:
    """The absent ``names`` (in typed order), those typed side by side joined into one: a name of several words no
    summary has any of ("hat die uni-studie auch [apache arrow] benutzt")."""
    joined = names[:1]
    for name in names[1:]:
        if _side_by_side(question.text, joined[-1].split()[-1], name.split()[0]):
            joined[-1] = f"{joined[-1]} {name}"
        else:
            joined.append(name)
    return joined


async def _without_names_before(store: Store, name: str, word: str, absent: frozenset[str]) -> str:
    """``name``, the run of words holding the absent ``word``, without the words before it that name a thing of their
    own the summaries hold (a name typed as one, a word general language lacks, a glossary term's word, or a word
    only one talk writes): "does max_evol run on [aws] trainium", "laufen die sandboxen als [kubernetes] pods" ask
    about an absent thing of AWS or Kubernetes, which the summaries cover (the reply shows them next); the absent
    name is Trainium, the pods."""
    words = name.split()
    if word not in words:
        return name
    start = 0
    while start < words.index(word) and await _a_name_they_hold(store, words[start], absent):
        start += 1
    return " ".join(words[start:])


def _after_a_talks_name(store: Store, name: str) -> str:
    """An absent ``name`` of several words without the words before it that name one talk by its title: "kann
    [kinetic] docker compose", "hat [flydsl] rust bindings" ask about an absent thing of the talk the reply shows
    next, whose own name is no word of it. Two words at least stay ("zero knowledge proofs": zero is no title's)."""
    words = name.split()
    start = 0
    while len(words) - start > 2 and (folded := _content_tokens(words[start])) and \
            all(store.talks_titled(token, NAMING_TITLES) for token in folded):
        start += 1
    return " ".join(words[start:])


async def _a_name_they_hold(store: Store, word: str, absent: frozenset[str]) -> bool:
    """Whether the summaries hold ``word`` as a name of its own (``_without_names_before``)."""
    folded = _content_tokens(word)
    return bool(folded) and not any(token in absent for token in folded) and (
        is_term_like(word) or all(is_rare(token) for token in folded) or await store.names_a_term(folded)
        or (len(folded) == 1 and await store.names_a_talk(folded[0])))


MIN_NAME_AFTER_HELD = 2  # absent words after held ones that name a thing of their own ("borrow checker")


def _absent_name_after_held_words(words: list[str], absent: frozenset[str]) -> str | None:
    """The words ending a run of ``words`` (as typed) that no summary has in any form, two or more, after words the
    summaries hold: "explain the [rust] borrow checker" asks about a thing of Rust the summaries lack, whose head
    and what kind of it it is are both in no summary, so no point says it in other words; named alone, as "aws
    [trainium]" is (``_without_names_before``), the reply names no word the summaries have absent. One absent word
    after held ones may be a kind the summaries word otherwise (``_unknown_kind``)."""
    start = len(words)
    while start and (folded := _content_tokens(words[start - 1])) and all(token in absent for token in folded):
        start -= 1
    if not start or len(words) - start < MIN_NAME_AFTER_HELD or \
            any(token in absent for word in words[:start] for token in _content_tokens(word)):
        return None
    return " ".join(words[start:])


def _a_word_asked_whether(word: str, question: Question) -> bool:
    """Whether ``word`` is a word of general language a yes/no question asks whether the talks say: typed as the
    asker meant it, however near a corpus word it is ("kann der port auch chinesische [schrift] rendern": no slip of
    the summaries' Schritt), where a word no language writes is as likely a corpus word mistyped ("kernells")."""
    folded = tokens(word)
    return question.yes_no and bool(folded) and all(is_common(token) for token in folded)


MIN_ASKED_WHETHER = 3  # letters of a word asked whether (not chat's "n" for "ein")


def _asked_whether(word: str, question: Question, absent: frozenset[str]) -> bool:
    """A noun no summary has in a yes/no question, common in the language but none of its basic words (``is_basic``):
    the question asks whether the talks say it ("can i use kinetic from [macos]", "does the nc video mention [haas]
    machines", "kann kinetic auch [spark] jobs starten"), so a point holding the rest does not answer it. Not a verb or
    participle (what is done, the asker's words: "kann man das baumhaus [mieten]"), nor a basic word, which is as
    likely the asker's word for what a point says ("did the NC machines [replace] skilled workers?"); the caller
    leaves it to a key point that holds the rest of the question (``restates_a_point``)."""
    folded = tokens(word)
    if question.yes_no and folded and all(token in absent for token in folded) and _an_activity_asked(word, question):
        return True
    if not question.yes_no or not folded or not all(
            token in absent and len(token) >= MIN_ASKED_WHETHER and not is_basic(token) and token not in FRAME_WORDS
            and token not in ASPECT_NOUNS and token not in UNITS and token not in UNIT_WORDS for token in folded):
        return False
    if question.language == "de":
        return _no_second_verb(word, question) or not any(german_tags.is_verb(token, question.text)
                                                          for token in folded)
    plain = word.casefold()
    return not _ENGLISH_PARTICIPLE_RE.fullmatch(plain) and (not _ING_FORM_RE.fullmatch(plain)
                                                            or _ing_noun(plain, question)) \
        and not _ENGLISH_ADJECTIVE_RE.fullmatch(plain)  # "is the treehouse [livable] in winter"


_GO_FORMS = frozenset("go goes went gone going".split())
_SEIN_FORMS = frozenset("bin bist ist sind seid war warst waren wart".split())
_INFINITIVE_TAG = "VV(INF)"


def _an_activity_asked(word: str, question: Question) -> bool:
    """Whether ``word`` is the activity a yes/no question asks whether someone went to do: English "go" and its -ing
    form ("did the bee vlogger go [fishing]"), German sein and the infinitive it ends in ("war der vlogger auf den
    kurilen auch [angeln]"). That verb is the thing asked about, as a noun would be, not the asker's word for what a
    key point says, however common it is in the language."""
    folded = word.casefold()
    if question.language == "de":
        typed = tokens(question.text)
        return bool(typed) and typed[0] in _SEIN_FORMS and typed[-1] == folded and \
            german_tags.word_classes(question.text).get(folded) == _INFINITIVE_TAG
    return folded.endswith("ing") and _word_before(question.text.casefold(), folded) in _GO_FORMS


def _ing_noun(plain: str, question: Question) -> bool:
    """Whether the -ing word ``plain`` of an English yes/no question is a noun, the thing asked whether the talks
    say ("did the qwen image talk cover [upscaling]"): with do/does/did or a modal the question's verb is a plain
    form, so an -ing word is no verb of it unless a form of be asks ("is the job [running]"); one with an object
    after it is a verb still ("does it avoid [downloading] the weights")."""
    return _BE_AUXILIARY_RE.search(question.text) is None and \
        _word_after(question.text.casefold(), plain) not in _BEFORE_A_NOUN


def _only_asked_whether(word: str, question: Question, absent: frozenset[str]) -> bool:
    """Whether ``word`` is missing only as a common noun asked whether (``_asked_whether``), no term or name."""
    return _asked_whether(word, question, absent) and not (
        _german_name(word, question) or _lower_case_german_noun(word, question, absent)
        or _rare_term(word, question, absent) or _guessed(word, question))


# A guess the asker hedges: "cedar [or something]", "euler oder so": the word before it is what they ask for
_HEDGED_GUESS_RE = re.compile(r"([^\W\d_][\w-]*)\s+(?:or|oder)\s+(?:something|so|sowas|so was|whatever|what)\b"
                              r"(?!\s+(?:like|as|wie)\b)", re.I)


# An example the asker names of a kind they ask about: "compare against a gpu database [like heavydb]"
_NAMED_EXAMPLE_RE = re.compile(r"\b(?:like|such as)\s+([^\W\d_][\w-]*)\s*[?!.]*$", re.I)


def _named_example(word: str, question: Question) -> bool:
    """Whether ``word``, a name no general English writes, ends an English question as the example it names after
    "like" or "such as" ("did they compare against a gpu database like [heavydb]"): the question asks whether the
    talks say that one, so a point holding the rest of it (the database and the GPU) does not answer it."""
    match = _NAMED_EXAMPLE_RE.search(question.text)
    return question.language != "de" and match is not None and match.group(1).casefold() == word.casefold() and \
        all(is_rare(token, "en") for token in tokens(word))


def _guessed(word: str, question: Question) -> bool:
    """Whether ``word`` is the guess a question hedges with "or something" / "oder so": the asker offers it as the
    asked detail itself ("what kind of wood was the torii gate, [cedar] or something", "which sampler did the qwen
    image port use, [euler] or something"), so a summary that lacks it does not say the detail, however common the
    word is in the language."""
    folded = word.casefold()
    return any(match.group(1).casefold() == folded for match in _HEDGED_GUESS_RE.finditer(question.text))


MIN_RESTATED = 2  # the question's other words a key point must hold, besides a word of the asked name
MIN_RESTATED_ALONE = 3  # … when no word of the name is in any summary ("prefab", "prüfstufen")


async def restates_a_point(store: Store, question: Question, names: list[str], scope: Scope) -> bool:
    """Whether one key point holds the rest of the question (``_restates_a_point``); a German question's separable
    verb, joined into one word no one typed ("warum setzen firmen gpus und tpus gemischt [ein]": einsetzen), is the
    asker's word for what is done when the point does not say it (000:300 holds GPUs and TPUs, no Einsatz), as a
    verb the tagger tells is; one the point says is a word of the rest ("wie richte ich das am anfang ein": 000:69's
    Setup)."""
    return await _restates_a_point(store, question, names, scope) or (
        question.language == "de" and any(_whole_separable_verb(token, question) for token in tokens(question.subject))
        and await _restates_a_point(store, question, names, scope, whole_verb_aside=True))


async def _restates_a_point(store: Store, question: Question, names: list[str], scope: Scope, *,
                            whole_verb_aside: bool = False) -> bool:
    """Whether one key point, highlight or glossary entry holds the question's other words (at least MIN_RESTATED of
    them) and a word of the asked ``names`` (or, with no word of them in any summary, MIN_RESTATED_ALONE other words,
    not all typed side by side as one name): the question then restates that point in the asker's words, and the
    name is theirs, not a concept the summaries lack. "hourly wage of nc operaters in 1981" is 000:630's
    Lohnvergleich of 1981 (NC, 1981, Lohn); "which llama versions was the mxfp4 recipe tested on" 000:349 (MXFP4,
    Rezept, Llama 3/3.1); "how many parts did they prefab in the workshop for the treehouse" 000:600 (Bauteile,
    Werkstatt, Baumhaus). Not so "does Tunix support gradient accumulation?" (no point holds Tunix and support with
    either word), a detail of one thing ("wie hoch is die taktfrequenz von der arc pro b70"), nor what is asked
    beside another ("mamba or state space models")."""
    if _ALTERNATIVES_RE.search(question.text):
        return False
    named = {token for name in names for token in tokens(name)}
    others: list[list[str]] = []  # each other word's content tokens the summaries hold
    held_name: list[str] = []
    # typed in lower case, a German question's verbs say what is done, in the asker's words, not what a point is
    # about: "warum [legen] die die lärchenbretter beim baumhaus mit der kernseite nach oben" (000:549's Verlegung)
    verbs_aside = question.language == "de" and not _capitalises_nouns(question)
    # "die ganze zeit", "all the time" say how often, in the asker's words: no thing a point must hold
    how_often = {token for match in _HOW_OFTEN_RE.finditer(question.text) for token in tokens(match.group())}
    for text in dict.fromkeys((question.subject, question.other)):
        if not text:
            continue
        absent = await absent_words(store, scope, text)
        for word in text.split():
            # (a conjunction joins the question's clauses, no word a point says: "was checkt max_evol [bevor] n kernel
            # [als] ok gilt")
            content = [token for token in _content_tokens(word) if token not in absent and token not in ASPECT_NOUNS
                       and token not in GERMAN_CONJUNCTIONS and token not in how_often
                       and not (verbs_aside and not named & {token} and german_tags.is_verb(token, question.text))
                       and not (whole_verb_aside and _whole_separable_verb(token, question))]
            if not content:
                continue
            if named.issuperset(content):
                held_name += [token for token in content if token not in held_name]
            elif not named & set(content) and content not in others:
                others.append(content)
    rest = [token for word in others for token in word]
    # the words of a talk's name ("jax quantum") say which talk; a point that counts its title as its own
    # (``held_in_one_point``) must hold the question's other words itself ("simulate" is only the title's)
    naming = {token for word in _talks_name(store, question, others) for token in word} or None
    if not held_name:
        if question.yes_no and any(len(_content_tokens(name)) >= 2 or _rare_term(name, question, frozenset(named))
                                   for name in names):
            return False  # a name of several words no summary has any of, asked whether the talks say it: "did the
            # michigan database study use [apache arrow]" (one absent word may be the asker's for what a point says;
            # so may several in a question asking how, why or how many); so is a term no language writes: "nutzt das
            # casadi-video neben ipopt auch [mumps] als linearen löser" (the point on IPOPT names no linear solver)
        alone = MIN_RESTATED if _in_everyday_words(names, question) else MIN_RESTATED_ALONE
        # a yes/no question asking whether a talk says a term of a field ("can the tpu port of [qwen image] do
        # outpainting") names that talk by its title's words, which say which talk a point is of, not what it says
        # (``_asked_around_one_talk``); a common word may be the asker's for what a point says ("fixen": Behebung)
        asks_a_term = question.yes_no and all(is_rare(token, question.language) for name in names
                                              for token in tokens(name))
        told = [word for word in others if not (asks_a_term and naming and naming.issuperset(word))]
        return len(told) >= alone and not _side_by_side_all(question.text, others) and \
            await store.held_in_one_point(rest, naming)
    if len(others) < MIN_RESTATED:
        return False
    if coded := [name for name in names if _CODE_NAME_RE.fullmatch(name)]:
        # a name of code ("torch.compile", "jax.jit") is written only as typed: a point that holds its words apart
        # ("did they try torch.compile for the qwen image port": 000:420's native Torch TPU) is about another thing
        return all([await store.held_side_by_side(tokens(name)) for name in coded])
    if any("-" in name.strip("-") and len(_content_tokens(name)) >= 2 for name in names):
        # a name typed with a hyphen is one word, as a compound is: a point holding one of its parts is about that
        # part's thing ("läuft [gpt-oss] mit vllm auf tpus": no point on vLLM that says GPT says gpt-oss)
        return named.issubset(held_name) and await store.held_in_one_point([*rest, *held_name], naming)
    if len([word for word in others if not naming or not naming.issuperset(word)]) < MIN_RESTATED:
        # the words that name the talk say which talk a point is of, not what it says: a point of that talk restates
        # the question only when it holds the whole asked name ("how many [compile minutes] did the qwen image port
        # need": 000:419's Kompilierungszeit von 95 Minuten), not one word of it ("lassen sich mit jax quantum auch
        # cirq-schaltkreise importieren": no point on Schaltkreise says Cirq; "the time to first token numbers from
        # the vllm sglang talk": none on Tokens gives that time). Asked whether the talk says a thing, the point must
        # say that thing, its words side by side: 000:418's "encode_prompt-Implementierung und strengen negativen
        # Indexierungsfehlern" says no negative prompts ("can the qwen image tpu port do negative prompts")
        return named.issubset(held_name) and await store.held_in_one_point([*rest, *held_name], naming) and \
            (not question.yes_no or all([await store.held_side_by_side(_content_tokens(name)) for name in names]))
    for token in held_name:
        if await store.held_in_one_point([*rest, token], naming):
            return True
    return False


def _whole_separable_verb(token: str, question: Question) -> bool:
    """Whether the folded ``token`` of a German question's subject is the whole separable verb the parser made of its
    stem and the particle it ends in ("warum setzen firmen gpus und tpus gemischt [ein]": einsetzen), typed nowhere
    as one word, so the tagger cannot tell it is a verb."""
    typed = tokens(question.text)
    return bool(typed) and typed[-1] in SEPARABLE_PARTICLES and token.startswith(typed[-1]) and token not in typed


# A phrase of time that says how often something is done: "worauf soll man [die ganze zeit] achten"
_HOW_OFTEN_RE = re.compile(r"\b(?:die ganze zeit|(?:the )?whole time|all the time)\b", re.I)
# A name of code: words joined by dots ("torch.compile", "jax.lax.scan")
_CODE_NAME_RE = re.compile(r"[^\W\d_]\w*(?:\.[^\W\d_]\w*)+")
_ALTERNATIVES_RE = re.compile(r"\b(?:or|oder)\b", re.I)
# The shapes that ask how, why or where something is done, whose answer a key point says in its own words
_ASKING_HOW = frozenset({Shape.EXPLAIN, Shape.MOMENTS, Shape.SEARCH})


def _in_everyday_words(names: list[str], question: Question) -> bool:
    """Whether the absent ``names`` of a German how, why or where question (not a yes/no one) are words everyone writes
    ("wie richte ich kinetic am [anfang] ein, gibts da n befehl": 000:69's Setup and CLI-Befehl), none of them the noun
    its question word asks for ("unter welcher [lizenz]", "mit was für ner [kamera]", "wie viele [zuschauer]"): the
    asker's words for what a key point says otherwise, once that point holds two of the question's other words. A
    yes/no question asks whether the point says it ("hat das baumhaus fenster"); a term of a field or a name
    ("terraform", "sauerteig") is what the question is about."""
    if question.language != "de" or question.yes_no or question.shape not in _ASKING_HOW:
        return False
    folded = [token for name in names for token in tokens(name)]
    return bool(folded) and all(is_everyday(token) and not is_rare(token) for token in folded) and \
        not any(_asked_by_the_question_word(name, question) for name in names)


def _asked_by_the_question_word(word: str, question: Question) -> bool:
    """Whether ``word`` is the noun a German question word asks for, with only articles between them: "welche",
    "wie viele", "was für ne" and the noun they ask which one or how many of."""
    typed = tokens(question.text)
    folded = tokens(word)
    if not folded or folded[0] not in typed:
        return False
    at = typed.index(folded[0]) - 1
    while at >= 0 and typed[at] in GERMAN_ARTICLES:
        at -= 1
    if at >= 1 and typed[at - 1:at + 1] == ["was", "fur"]:
        return True
    return at >= 0 and (typed[at] in GERMAN_WHICH or typed[at] in COUNTING)


TITLED_AT_MOST = 3  # words in the titles of at most this many talks, all of them in one, name that talk's subject


def titles_a_talk(store: Store, asked: str) -> bool:
    """Whether every word of ``asked`` is in the title of one talk: "JAX Quantum" is the subject of its talk, whose key
    points say what it is and what it is for; the glossary entry that only mentions it (QTip's "… von JAX Quantum
    als Vorbild übernommen") defines another term."""
    return bool(_titled_talks(store, asked))


def _titled_talks(store: Store, asked: str) -> set[str]:
    """The talks whose title holds every word of ``asked``, each word in at most TITLED_AT_MOST titles
    (``titles_a_talk``)."""
    together: set[str] | None = None
    for word in title_tokens(asked):
        titled = store.talks_titled(word, TITLED_AT_MOST)
        if not titled:
            return set()
        together = titled if together is None else together & titled
    return together or set()


def names_a_title_word(store: Store, asked: str) -> bool:
    """Whether a word of ``asked`` begins a word of a talk's title or speakers (or of too many to count): how a
    talk question names its talk ("der Kinetic-Vortrag", "the Pallas talk")."""
    return any(store.talks_titled(word, TITLED_AT_MOST) != set() for word in title_tokens(asked))


def title_tokens(asked: str) -> list[str]:
    """The folded words of ``asked`` long enough to name a talk by its title (a shorter one begins too many words)."""
    return [word for word in tokens(asked) if len(word) >= 3]


def _talks_name(store: Store, question: Question, words: list[list[str]]) -> list[list[str]]:
    """Those of ``words`` (each a word's folded tokens, in typed order) typed side by side, two or more, as words of
    one talk's title (``titles_a_talk``): "in the [jax quantum] benchmarks" names the JAX Quantum talk. One word of
    few titles may be a thing of its own ("xla", "tpus"); several words of one title are its name."""
    named: list[list[str]] = []
    at = 0
    while at < len(words):
        end = next((end for end in range(len(words), at + 1, -1)
                    if _side_by_side_all(question.text, words[at:end])
                    and titles_a_talk(store, " ".join(token for word in words[at:end] for token in word))), None)
        if end is None:
            at += 1
            continue
        # the title's words typed after its name are the rest of it, however many titles hold them: "the [qwen
        # image] tpu port" is the talk "Qwen Image: … TPU-optimierten Ports"
        talks = _titled_talks(store, " ".join(token for word in words[at:end] for token in word))
        while end < len(words) and _side_by_side_all(question.text, words[at:end + 1]) and \
                (following := title_tokens(" ".join(words[end]))) and \
                any(all(store.title_starts_a_word(talk, token) for token in following) for talk in talks):
            end += 1
        named += words[at:end]
        at = end
    return named


def _side_by_side_all(text: str, words: list[list[str]]) -> bool:
    """Whether the words (each a word's folded tokens) are typed one after the other in ``text``: one name ("arc pro
    b70"), not several things."""
    return holds_run(tokens(text), [token for word in words for token in word])


async def counted_absent(store: Store, question: Question, word: str, scope: Scope) -> bool:
    """Whether the thing a "how many"/"how much" question measures (``word``, right after it in English) is in no
    summary: "how many queens lived in the underground beehives?", "how many watts does the dilution refrigerator
    draw?". Not a unit of the summaries' numbers (degrees, hours: UNITS), nor a corpus word or a word of the word
    list typed with a slip ("rows" for row), nor part of a corpus compound; and not when one key point holds the
    rest of the question (``restates_a_point``)."""
    folded = tokens(word)
    absent = await absent_words(store, scope, question.subject)
    if not folded or any(token not in absent or token in UNITS or token in UNIT_WORDS or token in FRAME_WORDS
                         for token in folded):
        return False
    # (no check for a compound of corpus words: English types a compound's nouns apart, and its one word read as
    # two folded parts is an accident of the fold: "colonies" as colo|nies)
    # a German question's everyday word (the verb of the counted ones) is typed as meant, and a verb is no compound's
    # part: "übernachten" is no slip of the summaries' "überwachten", nor "übern|achten"
    if not (question.language == "de" and all(is_everyday(token) for token in folded)) and (
            await _typed_with_a_slip(store, word) or not await _no_compound_holds(store, word, absent)):
        return False
    return not await restates_a_point(store, question, [word], scope)


async def counted_apart(store: Store, question: Question, first: str, second: str, scope: Scope) -> bool:
    """Whether the two words an English "how many" question counts in, typed side by side, a word and the unit it
    qualifies ("how many [square meters] …", "how many [gpu hours] did …"), are a measure no summary gives though it
    has each word: no row writes them side by side (the summaries have GPUs and Stunden, quadratisch and Meter, never
    together), so a point with a number of either measures another thing. Not when one key point holds the rest of
    the question (``restates_a_point``)."""
    if question.language == "de":
        return False
    words = [tokens(first), tokens(second)]
    absent = await absent_words(store, scope, question.subject)
    if any(len(folded) != 1 or folded[0] in FRAME_WORDS or folded[0] in absent or folded[0] in NUMBER_WORDS
           or folded[0] in UNIT_WORDS for folded in words):  # not "how many [more] hours"
        return False
    name = f"{first} {second}"
    return not await store.held_side_by_side([words[0][0], words[1][0]]) and \
        not await restates_a_point(store, question, [name], scope)


def _name_holding(run: NameRun, word: str, question: Question) -> str:
    """The part of ``run`` that names the thing ``word`` is part of: the whole run ("prefix caching"), but in an
    English question whose run follows do/does/did its first word is the subject and its second the verb: "does
    palace [support] megacore" asks about megacore."""
    at = run.words.index(word)
    if question.language != "de" and run.after_auxiliary and at >= 2 and \
            DO_AUXILIARY_RE.search(question.text) is not None:
        return " ".join(run.words[2:])
    return run.text


def _rare_term(word: str, question: Question, absent: frozenset[str]) -> bool:
    """A word no summary has that general English and German hardly use (``common_words``): a term of its field,
    typed in lower case as often as not ("can kinetic run jobs on preemptible vms", "did anyone cover mamba", "sind die
    stufen mit zapfenverbindungen befestigt"). It names what is asked about as GSPMD does, where a common word the
    summaries lack is as likely an English word the word list does not translate ("fridge", "compacting"). A German
    question that writes its nouns with capitals writes a lower-case word as a verb or an adjective ("gesharded",
    "nordseitigen"), and one in lower case ends in its verb ("… wenn ich den laptop zuklappe")."""
    folded = tokens(word)
    if not folded or not all(token in absent and is_rare(token, question.language) for token in folded):
        return False
    if question.language == "de" and word[:1].islower():
        if _capitalises_nouns(question) or (_ends_a_clause(word, question) and not _tagged_as_no_verb(word, question)
                                            and not _no_second_verb(word, question)):
            return False
        if _GERMAN_PAST_PARTICIPLE_RE.fullmatch(word.casefold()) or word.casefold().endswith("ed"):
            return False
        if german_tags.is_attributive(word, question.text):
            return False
    return True


def _ends_a_clause(word: str, question: Question) -> bool:
    """Whether ``word`` ends a clause of the question: it is the last word, or the one before a subordinating
    conjunction that opens a clause of its own ("kann ich den laptop [zuklappen] während der job läuft"), or the
    one before the finite modal that does so ("wenn ich … [reinkriegen] will"). German puts a clause's verbs there."""
    typed = tokens(question.text)
    folded = tokens(word)
    if not folded:
        return False
    ends = [at + len(folded) for at in range(len(typed) - len(folded) + 1) if typed[at:at + len(folded)] == folded]
    # a subordinate clause ends in its verbs, the finite modal last: "wenn ich … [reinkriegen] will", "wo man den
    # laptop [zuklappen] kann und …"
    modal_ends = [end + 1 for end in ends if end < len(typed) and typed[end] in GERMAN_MODALS]
    return any(end == len(typed) or typed[end] in GERMAN_SUBORDINATORS for end in ends) or \
        any(end == len(typed) or typed[end] in _CLAUSE_OPENERS for end in modal_ends)


_CLAUSE_OPENERS = GERMAN_SUBORDINATORS | {"und", "oder", "aber"}  # after a clause's verbs: a clause of its own


def _no_second_verb(word: str, question: Question) -> bool:
    """Whether ``word``, tagged as a verb, cannot be one by German grammar: a yes/no question opens with its clause's
    one finite verb, so no other finite verb follows it in that clause ("war das holz vom torii [fichte]"), and after
    a full verb (not a modal or auxiliary, nor "lassen") no infinitive ends it either ("nutzt jaxator auch
    [cudnn]?"). It is a noun or name the tagger does not know."""
    if question.language != "de" or not question.yes_no or "," in question.text:
        return False
    classes = german_tags.word_classes(question.text)
    typed = tokens(question.text)
    opener = classes.get(typed[0], "") if typed else ""
    if not opener.endswith("(FIN)") or not tokens(word) or typed[0] in _LASSEN:
        return False
    return all(classes.get(token, "") == "VV(FIN)" or (opener == "VV(FIN)" and classes.get(token, "") == "VV(INF)")
               for token in tokens(word))


_LASSEN = frozenset("lasst lass lassen".split())  # "lässt sich das installieren": a full verb with an infinitive


def _tagged_as_no_verb(word: str, question: Question) -> bool:
    """Whether the tagger reads no token of ``word`` as a verb, nor as a word of a German form (an adjective, an
    adverb), but as a foreign word or none it knows: "gabs im maxtext post-training teil auch [simpo]" ends in a
    name, "… wenn ich den laptop [zuklappe]" in its verb."""
    classes = german_tags.word_classes(question.text)
    return all(classes.get(token, "") in _UNKNOWN_TO_THE_TAGGER for token in tokens(word))


_UNKNOWN_TO_THE_TAGGER = frozenset({"XY", "FM"})  # a non-word (a name it cannot read) or a foreign word


def _capitalises_nouns(question: Question) -> bool:
    """Whether a question writes a word after its first with a capital: its asker writes German nouns so."""
    return any(word[:1].isupper() for word in question.text.split()[1:])


async def _typed_with_a_slip(store: Store, word: str) -> bool:
    """Whether a rare word is a known one mistyped ("recusion", "finetunning", "flydls"), not a term of its own."""
    return any([await store.typed_with_a_slip(token) for token in tokens(word)])


async def _compound_apart(store: Store, question: Question, written: list[str]) -> str | None:
    """A German compound no summary writes whose corpus words no talk holds together: "Bildrate" (Bildgenerierung,
    Rate), "Gradientenakkumulation" (Gradienten in the JAX talks, FP32-Akkumulation in Pallas'). The search would
    answer one of its parts; "Lohnentwicklung von Maschinisten" is the NC talk's (Lohnvergleich, Entwicklung). Each
    part is a word of its own (SPLIT_PART letters or more)."""
    if question.language != "de":
        return None
    for word in written:
        folded = tokens(word)
        if len(folded) != 1 or not folded[0].isalpha() or adverbial_superlative(word, question.text):
            continue  # (an adjective's superlative is no compound: "am [geschick|testen]")
        parts = await store.parts_of(folded[0])
        if len(parts) >= 2 and all(len(part) >= SPLIT_PART for part in parts) and \
                not await store.held_in_one_talk(parts):  # "Erde" is no compound of "er" and "de"
            return word
    return None


SPLIT_PART = 4  # the shortest part of a compound read as a word of its own ("Frost|schäden")
SHORT_HEAD = 3  # a compound's first part without its e ("Erd|bienen", "Schul|bank") …
SHORT_HEAD_TAIL = 6  # … read so only before a second part this long


async def said_in_parts(store: Store, word: str, question: Question) -> bool:
    """Whether ``word`` is a compound of two words the summaries have (also inside their compounds): "frostschäden"
    (frostgehobenen, Wurzelschäden) may be what a point says in other words; "zapfenverbindungen" is not. English
    types a compound's nouns apart, so a rare word of an English question written as one is a name of its own:
    "how do i set up [elasticsearch] for our logs" (no summary has it; elastic and search are only apart)."""
    if question.language != "de":
        return False
    folded = "".join(tokens(word))
    # (a first part of three letters only before a long second one: German drops a word's last e there, "Erd|bienen")
    return bool(await store.corpus_splits(folded, SPLIT_PART)) or await _a_thing_of(store, folded) or any(
        len(tail) >= SHORT_HEAD_TAIL for _head, tail in await store.corpus_splits(folded, SHORT_HEAD))


MIN_UNKNOWN_PART = 4  # letters of a hyphenated term's part in no summary that makes the term absent (not "pre")


async def _hyphenated_apart(store: Store, written: list[str], absent: frozenset[str], language: str | None
                            ) -> str | None:
    """A term typed with a hyphen whose words the summaries have, never together: "quantization-aware" (Quantisierung
    and aware apart). Not a phrase of common words ("state-of-the-art", "end-to-end"): one of its words must be
    rare in the language; nor a name with a number ("Math-500-Score")."""
    for word in written:
        if "-" not in word.strip("-") or any(ch.isdigit() or ch == "_" for ch in word) or _names_parts(word) or \
                _names_held_parts(word, absent):
            continue
        parts = list(dict.fromkeys(_content_tokens(word)))
        if len(parts) < 2:
            continue
        if unknown := [part for part in parts if part in absent and len(part) >= MIN_UNKNOWN_PART and (
                not is_common(part) or (language == "de" and (leans_english(part) or (
                    not_more_german(part) and not is_basic(part)))))
                and not await _a_thing_of(store, part)]:
            # a part in no summary, a term's word (no general word, or an English one borrowed by a German question,
            # or a name both languages write, none of German's own or basic words: "Minecraft-Agenten"), makes the
            # whole a term none of them has: "Cirq-Schaltkreise", "Zwei-Phasen-Commit-Protokoll" (the circuits and
            # phases they have are others'); not a lay word ("Agenten-Ding", "tape-controlled", "Luxus-Häuschen"),
            # nor a known word mistyped
            if not any([await store.typed_with_a_slip(part) for part in unknown]):
                return word
            continue
        if any(part in absent for part in parts) or all(is_common(part) for part in parts):
            continue
        if not await store.held_together(parts):
            return word
    return None


# An English name made with a bare "of" ("mixture of depths", "bag of words"): two words, no article between
_OF_NAME_RE = re.compile(r"([^\W\d_][\w-]*)\s+of\s+([^\W\d_][\w-]*)", re.I)
_NO_HEAD_OF_A_NAME = FRAME_WORDS | ASPECT_NOUNS | KINDS_OF_THING | COUNTING | UNIT_WORDS | WHO_NOUNS | NUMBER_WORDS


async def _of_name_apart(store: Store, question: Question, written: list[str], absent: frozenset[str]) -> str | None:
    """An English name of two nouns joined by a bare "of" that no summary has, though each word is in one: "is
    [mixture of depths] covered" (depth is elsewhere, never in one point with mixture nor side by side). The subject
    drops the "of", so no name run of the words typed side by side holds it. Only where the glossary has a name that
    begins so (Mixture of Experts, University of Michigan): the field names things with that "X of", where an "X of
    Y" is otherwise as often what X says of Y ("a set of experts", "one line of python", "months of training"), the
    asker's words for what a point says. Not an aspect, a kind, a count or a unit before it, nor a verb's participle
    or -ing form ("made of", "thinking of")."""
    if question.language == "de":
        return None
    for match in _OF_NAME_RE.finditer(question.text):
        head, tail = match.group(1), match.group(2)
        folded = [*_content_tokens(head), *_content_tokens(tail)]
        if len(folded) != 2 or head not in written or tail not in written or \
                any(token in _NO_HEAD_OF_A_NAME or token in absent for token in folded) or \
                folded[0].endswith(("ed", "ing")):
            continue
        if await store.begins_a_name(f"{folded[0]}of") and not await store.held_in_one_point(folded) and \
                not await store.held_side_by_side(folded):
            return match.group()
    return None


def _names_held_parts(word: str, absent: frozenset[str]) -> bool:
    """Whether a hyphenated word is a name the summaries hold, typed in lower case (a word general language lacks),
    and common words after it: "pytorch-programme" (in "jax- und pytorch-programme") are programs of PyTorch, which
    the summaries discuss, no thing of their own as "cirq-schaltkreise" (Cirq is in no summary) would be; an
    English word after it makes a term ("quantization-aware")."""
    parts = [part for part in word.split("-") if part]
    head = tokens(parts[0]) if parts else []
    tail = [token for part in parts[1:] for token in tokens(part)]
    return len(parts) >= 2 and len(head) == 1 and head[0] not in absent and is_rare(head[0]) and \
        bool(tail) and all(is_common(token) and not leans_english(token) for token in tail)


# German's (and spoken English's) words for a thing whose name the asker does not know: "das aufteilungs[ding]"
_PLACEHOLDER_NOUNS = ("dinger", "dings", "ding", "zeug", "kram")


async def _a_thing_of(store: Store, token: str) -> bool:
    """Whether the folded ``token`` is a compound of a word the summaries hold and a placeholder noun ("aufteilungs-
    ding": the Aufteilung thing, no term of its own): the asker names the thing by what it does, as a point says it."""
    for tail in _PLACEHOLDER_NOUNS:
        if token.endswith(tail) and len(head := token[:-len(tail)]) >= SPLIT_PART:
            for rest in (head, *(head[:-len(link)] for link in LINKING if head.endswith(link))):
                if len(rest) >= SPLIT_PART and not await store.absent_words(rest):
                    return True
    return False


def _names_parts(word: str) -> bool:
    """Whether a hyphenated word is a name and common words after it: "MLP-Schichten" names the MLP's layers (000:350
    says "MLP-only"), parts of a thing the summaries have, not a thing of its own as "Matrix-Kerne" would be."""
    parts = [part for part in word.split("-") if part]
    return len(parts) >= 2 and parts[0].isalpha() and is_term_like(parts[0]) and \
        all(is_common(token) for part in parts[1:] for token in tokens(part))  # (not "3D-Druck": a kind of print)


def _content_tokens(text: str) -> list[str]:
    """The folded words of ``text`` that are not function words ("per-chip" -> chip)."""
    return [token for token in tokens(text) if token not in FRAME_WORDS]


async def _name_apart(store: Store, question: Question, written: list[str], absent: frozenset[str], scope: Scope
                      ) -> str | None:
    """A name of several words the question asks about that no summary has: "continuous batching" (no word of it
    in any summary), "beam search", "Ring Attention", "shard_map", "3D-Druck" (each word somewhere, never in one key
    point, glossary entry or talk: Balken and Suche, Ring-Mesh and Attention; outside a thread, never near each other
    in one row either: "vector database", "ring buffers", ``Store.held_side_by_side``). A point about search, or about
    decoding alone, would answer another term. (One word of two in no summary, "speculative decoding":
    ``_unknown_kind``; an English verb or adjective the word list lacks, "put", "same", would look the same here.)

    An English question with do/does/did has its verb after its subject: only the words right after the auxiliary
    are its subject ("how do [sparse cores] help with joins?", "how does [beam search] work?"), or those before it
    the thing asked for ("what [frame rate] does Qwen Image generate videos at?"); what follows is what the subject
    does ("… cope with the trees moving"). Of three or more English words the last may be a verb
    ("how come the text encoder runs on the CPU?"); after a pronoun the first is ("how did they implement …")."""
    verb_follows = question.language != "de" and DO_AUXILIARY_RE.search(question.text) is not None
    # in a thread, a question asks what its talk says in the asker's words ("how do they get exact gradients
    # there?"); elsewhere a name's words the corpus has only apart are no discussion of the thing they name
    held_as_a_name = store.held_together if scope.talk_id else store.held_side_by_side
    for run in name_runs_of(scope, question):
        if not all(word in written for word in run.words) or run.after_name or (
                len(run.words) == 1 and (_names_parts(run.words[0]) or _names_held_parts(run.words[0], absent))):
            continue  # another part of the question (a comparison's other side), or the rest of a name or a count
        if run.after_pronoun:
            run = NameRun(run.words[1:], run.after_auxiliary, run.last)  # "they [implement] ring attention"
        elif question.language != "de" and len(run.words) >= 2 and run.words[0].casefold().endswith("ing") and \
                _word_before(question.text.casefold(), run.words[0].casefold()) in ENGLISH_PREPOSITIONS and \
                absent.isdisjoint(rest := _content_tokens(" ".join(run.words[1:]))) and await held_as_a_name(rest):
            # a gerund after a preposition is a verb, the thing the summaries name its object: "about [shipping]
            # python wheels", "about [generating] images" (not "about sliding window attention", whose rest is no name
            # the summaries have); one object word is a thing as well as two
            run = NameRun(run.words[1:], run.after_auxiliary, run.last)
        elif question.language != "de" and len(run.words) >= 2 and _progressive(question.text, run.words[0]):
            # a subject, be and an -ing word are a verb in its progressive, what follows its object: "is it worth
            # watching if i'm [building] swe agents"
            run = NameRun(run.words[1:], run.after_auxiliary, run.last)
        if question.language != "de" and (person := _person_then_verb(run)):
            run = NameRun(run.words[:person], run.after_auxiliary)
        if question.language != "de" and (run.before_article
                                          or _ENGLISH_PARTICIPLE_RE.fullmatch(run.words[-1].casefold())):
            # a verb ends it: "were the parts [prefabricated] in the workshop?", "how much did decoding [speed] up",
            # "the guy [planning] a trip"
            run = NameRun(run.words[:-1], run.after_auxiliary)
        if question.language != "de" and len(run.words) >= 2 and \
                _object_of(question.text, run.words[0], _CAUSATIVES) and \
                not run.words[-1].casefold().endswith(("s", "ed", "ing")):
            # make, let or help and their object take a verb's plain form: "how did they make [the fence] last outside"
            run = NameRun(run.words[:-1], run.after_auxiliary)
        particle = next((at for at, word in enumerate(run.words) if at and word.casefold() in _PARTICLES), None)
        if question.language != "de" and particle is not None:
            # a verb's particle after its object, what it is done from after it: "why cant they read [the
            # communication] off [stablehlo]", "squeezes [the weights] down to how many bits"
            run = NameRun(run.words[:particle], run.after_auxiliary)
        # "per-chip throughput": chip, throughput; "scaling problems": scaling (the problems are an aspect of it)
        # (a name's "learning" is a word of it: "learning rate", as the run has it)
        typed = [token for token in tokens(run.text) if token not in FRAME_WORDS or token in NAME_TAILS]
        # a number counts the thing, it is no kind of it: "the [two] trees holding up the treehouse"; nor is how much
        # of it ("making moe inference [faster] on amd"), nor which one, before it ("the [second] case study"; "the
        # exact second stage" is a stage the summaries call "die zweite Stufe")
        # (a number of a phrase the word list translates as one word is part of the name: "two stage" is zweistufig)
        words = [word for at, word in enumerate(typed) if word not in ASPECT_NOUNS and (
                 word not in NUMBER_WORDS or phrase_key(" ".join(typed[at:at + 2])) in store.word_data().en_de)
                 and word not in UNIT_WORDS and not (at == 0 and word in ORDINAL_WORDS)]
        if words and words[0] in WHICH_ONE_WORDS and not any(word in absent for word in words[1:]) and \
                (words[0] not in absent or len(words) == 2) and \
                phrase_key(" ".join(words[:2])) not in store.word_data().en_de:
            words = words[1:]  # which one of a thing the summaries have ("the [early] prototype", "[plain] filters";
            # one they do not write, of one word: "the [main] beech"); before a word no summary has it may start a
            # name ("early stopping"), as it does a phrase of the word list ("main memory")
        if len(words) < 2:
            continue
        before = _word_before(question.text.casefold(), run.words[0].casefold())  # the word typed before the run
        if verb_follows and run.after_auxiliary and words[0] in WHO_NOUNS:
            continue  # "why did [the vlogger dig] under …": a person the talk is by, then what they did, no name
        if len(words) == 2 and words[1] not in absent and await _subject_and_verb(store, run, question):
            continue  # "is [kinetic built] on top of ray" asks what Kinetic is built on, about what comes after
        if all(word in absent for word in words):
            return run.text
        if not (verb_follows and run.after_auxiliary) and \
                (named_after := _absent_name_after_held_words(run.words, absent)):
            return named_after  # (after do/does/did the words after the subject are its verb: "pjrt [take care]")
        # the absent words it starts with: "[continuous] batching", "[sliding window] attention"
        lead = next(at for at, word in enumerate(words) if word not in absent)
        # a noun ends it: an aspect noun ("mixed integer [problems]"), or any word where no auxiliary makes the
        # last one a verb ("tell me about sliding window attention")
        ends_in_a_noun = not run.last or words[-1] != typed[-1] or (
            question.language != "de" and _AUXILIARY_RE.search(question.text) is None) or (
            question.language == "de" and all(is_rare(word) for word in words[:lead]))
        if lead and all(word not in absent for word in words[lead:]) and ends_in_a_noun and (
                question.language == "de" or not (
                run.before_article or (words[0].endswith("ing") and lead == 1)
                or before == "to")) and (
                len(words) - lead < 2 or await store.held_together(words[lead:])) and \
                not await _told_by_one_talk(store, written, absent, [other for other in name_runs_of(scope, question)
                                                                     if other is not run]) and \
                not any([await _typed_with_a_slip(store, word) for word in words[:lead] if not is_common(word)]):
            # "continuous batching … in vllm", "bloom filters for joins", "mixed precision training": the summaries
            # know batching, filters and precision training, not that kind of them. Not a verb: in English one that
            # takes an article ("the guy planning a trip"), is a gerund ("launching jobs on GKE") or an infinitive
            # ("how to put neural networks into …"). In German a participle of a verb the summaries have is in them
            # ("der portierte Kernel": Portierung), so one no summary has names a kind ("mit gemischter Präzision").
            # Not at the question's end (unless an aspect noun ends it, or
            # an English question has no auxiliary): there an English run's last word may be its verb ("why did the
            # query fail?"), and a German adjective there as often says how much of a thing
            # the summaries word otherwise ("beim kompletten Rezept": 000:350 says "das vollständige Rezept") as
            # which kind ("zur bayesschen Optimierung"): a word's rarity in the language tells them apart, so a rare
            # one names a kind there too.
            # Nor when one talk holds the question's many other words (``_told_by_one_talk``), nor when the words it
            # starts with are known ones mistyped, no words of the language ("hyperparamter sweeping": Kinetic's
            # Hyperparameter-Sweeps; "bloom", "sliding" are words)
            return run.text
        if question.language != "de" and len(words) == 2 and words[0] not in absent and words[1] in absent and \
                words[1].endswith("ing") and words[0] not in ING_COMPLEMENT_VERBS and \
                _BE_AUXILIARY_RE.search(question.text) is None and \
                before not in OBJECT_ING_VERBS and not _object_of(question.text, run.words[0], OBJECT_ING_VERBS) and \
                not await _typed_with_a_slip(store, words[1]) and \
                not await restates_a_point(store, question, [run.text], scope):  # "finetunning" is fine-tuning
            # "does tunix have early stopping": an -ing word after a known one is a noun there, an unknown kind of
            # stop, never the verb after do/does/did (that is its plain form); after is/are it may be ("is the job
            # running"); after a verb that takes an -ing object it is what is done ("how does it avoid downloading")
            return run.text
        if question.language != "de" and question.yes_no and len(words) == 2 and words[0] not in absent and \
                words[1] in absent and run.last and before in ENGLISH_PREPOSITIONS and \
                not await _typed_with_a_slip(store, words[1]) and \
                not await restates_a_point(store, question, [run.text], scope):
            # a preposition's object ending a yes/no question, a word the summaries have and a noun they lack, is a
            # thing the question asks whether the talks say ("can kinetic kick off jobs from [github actions]"): no
            # verb follows a preposition, so the absent noun is no verb and no asker's word for a point's thing
            return run.text
        # two words after a preposition are its object, a thing, no subject and its verb: "did the machining video
        # talk about [3d printing]" (of more, the first may say how many: "when you train on [several] intel gpus");
        # so are two after a verb of saying, what the talk is asked whether it says: "does the pallas talk cover
        # [double buffering]"
        objected = len(words) == 2 and (before in ENGLISH_PREPOSITIONS or before in _SAYING_VERBS)
        if any(word in absent for word in words) or (verb_follows and not run.after_auxiliary and not run.after_verb
                                                     and not objected and not _before_the_auxiliary(run, question)):
            continue  # what follows the subject is what it does; what the question asks for comes before it
        if verb_follows and len(words) == 2 and run.last and not run.after_verb and not objected:
            continue  # "why did the query fail?"
        if await _talks_people(store, words):
            continue
        if run.last and _placed(run, question) and await store.names_a_talk(words[0]):
            continue  # where the question is asked, the talk by its own name: "why no heavy machinery [at the
            # treehouse build]" asks about the machinery there, not about a thing called a treehouse build
        if question.language == "de" and len(run.words) == 1 and len(words) >= 3 and is_common(words[-1]) and \
                await held_as_a_name(words[:-1]) and await store.held_in_one_point(words):
            # a German compound names its thing last, what kind before it: "kernel-portier-agenten" are agents that
            # port kernels, when the summaries hold the kind as a name (Kernel-Portierung) and a point holds it with
            # the head (000:124's "agentenbasierte Systeme … wie der Kernel-Portierung"); a head rare in the language
            # is a term of its own ("KV-Cache-Offloading" is no offloading 000:452 tells of)
            continue
        if question.language == "de" and len(run.words) == 2 and "-" in run.words[0].strip("-"):
            # German writes a compound with a hyphenated first part as one word ("4-Bit-Training"): typed apart, a
            # compound ``_hyphenated_apart`` finds no unknown term in is no name the summaries lack either
            if await _hyphenated_apart(store, ["-".join(run.words)], absent, question.language) is None:
                continue
        if question.language == "de" and len(run.words) == 2 and "-" in run.words[1].strip("-") and \
                await held_as_a_name(_content_tokens(run.words[1])) and await store.held_in_one_point(words):
            # an adjective before a hyphenated compound the summaries have, said in a point with it, is how that point
            # describes it: "die experimentelle triton-pipeline" (000:266's "Experimenteller Triton-Codegen:
            # Dreiphasige Triton-Pipeline")
            continue
        if question.language == "de" and question.shape in _TALK_DESCRIBED and len(run.words) == 1 and \
                len(words) == 2 and "-" in run.words[0].strip("-") and await store.held_in_one_point(words):
            # a summary or watch question describes its talk in a compound of its own: "das vlog mit den
            # erdwärme-bienenstöcken" is the one whose point holds Erdwärme and Bienenstöcke (000:573), which it names
            # Geothermie-Bienen; the words say which talk, no name of a thing the talk must have
            continue
        if question.language != "de" and before in _ASKERS_OWN:
            continue  # "step through [my] remote code": the asker's own thing in words the summaries have, no name
        if await held_as_a_name(words) or (not _asked_for(run, question) and
                                           await _asked_around_one_talk(store, question, written, absent, run,
                                                                        words)):
            continue
        if question.language != "de" and len(words) > 2 and not await store.names_a_talk(words[0]) and \
                await _each_pair_held(held_as_a_name, words):
            # each word with the next is a thing the summaries hold, so the run is one of them said more closely:
            # "a [diffusion image model]" (Diffusionsmodelle, the Qwen Image port's Bildgenerierungsmodell),
            # "agentic [rl training]" (000:295's agentenbasiertes Reinforcement Learning, RL-Training); a talk's own
            # name first is that talk's thing, held with it as any is ("can kinetic [docker compose]"); a German
            # compound typed apart has rules of its own ("die verteilte triton-pipeline")
            continue
        last_word = run.words[-1].casefold()
        if question.language != "de" and len(words) > 2 and not run.after_main_do and (
                verb_follows or run.last or last_word in ARTICLES or last_word.endswith(("s", "ed"))
                or await store.held_in_one_talk(words)):
            # the last word may be a verb: after do/does/did, at the question's end ("… gate built?"), a particle
            # ("check out"), or inflected after its subject ("the text encoder runs"); a last word that is none of
            # these, with words no talk holds all of, names the thing ("is triton inference server covered")
            if phrase_key(" ".join(run.words[-2:])) in store.word_data().en_de:
                if not run.words[-2].casefold().endswith(("ing", "ed")):
                    # no verb form starts the phrase: it is one noun, the thing the name is a kind of ("graph
                    # [neural network]"), and no talk holds the name's words side by side
                    return run.text
                continue  # its last two words are one phrase of the word list, a verb and its object: "ai [writing
                # code]" is AI that programs, no "ai writing" cut off its last word
            shorter = _content_tokens(" ".join(run.words[:-1]))
            if len(shorter) < 2 or any(word in absent for word in shorter) or await _talks_people(store, shorter):
                continue  # "the beehive vlogger travelling"
            if await held_as_a_name(shorter):
                if _no_finite_verb_ends(run, question) and not (
                        titles_a_talk(store, words[0])
                        or (not is_everyday(words[0]) and await store.names_a_talk(words[0]))):
                    # "kv cache offloading": the kv cache is held, its offloading is not (a talk's own name before
                    # its thing is that talk's: "is the tinix rollout orchestrator covered"; an everyday word only
                    # one talk writes is no name of it: "finite" is the CasADi talk's finite Differenzen, not its
                    # "finite state machines")
                    return run.text
                continue  # "sparse cores help": sparse cores, and what they do
            if verb_follows and run.after_auxiliary and len(words) == 3 and is_common(words[1]):
                continue  # "did [microprocessors turn nc] into cnc": a subject, its verb and its object
            return " ".join(run.words[:-1])
        return run.text
    return None


async def _each_pair_held(held: Callable[[list[str]], Awaitable[bool]], words: list[str]) -> bool:
    """Whether ``held`` holds each word of ``words`` with the next: one look-up per pair, stopping at the first that
    is not held."""
    for pair in zip(words, words[1:], strict=False):
        if not await held(list(pair)):
            return False
    return True


# English verbs a question asks with whether a talk says a thing, its object after them ("does the pallas talk
# [cover] double buffering", "did they [mention] gradient checkpointing")
_SAYING_VERBS = frozenset("cover covers covered mention mentions mentioned discuss discusses discussed explain "
                          "explains explained".split())


# English forms of be, as typed or as a contraction's tail folds ("i'm" -> i, m; "they're" -> they, re)
_BE_FORMS = frozenset("am m is are re was were".split())


def _progressive(text: str, word: str) -> bool:
    """Whether ``word``, an -ing form, follows a subject pronoun and a form of be ("i'm building", "we are using",
    Slack's "im building"): the verb of a statement in the progressive, never the first word of a name."""
    folded = word.casefold()
    if not folded.endswith("ing"):
        return False
    typed = tokens(text)
    at = typed.index(folded) if folded in typed else -1
    return (at >= 2 and typed[at - 1] in _BE_FORMS and typed[at - 2] in SUBJECT_PRONOUNS) or \
        (at >= 1 and typed[at - 1] == "im")


def _person_then_verb(run: NameRun) -> int:
    """How many words of an English ``run`` name a person (``WHO_NOUNS``) and what is before them, when a verb's form
    follows the person: a person is the subject of what the next word says they do, not a kind of that word ("what
    month is [the vlogger heading] to the kuril islands", "how tall is the one [the vlogger built]", "the [beehive
    vlogger] travelling"). The verb is an -ing or -ed form, or any word ending the question after the person. 0 when
    no person is followed so."""
    for at, word in enumerate(run.words[:-1]):
        if word.casefold() in WHO_NOUNS:
            following = run.words[at + 1].casefold()
            if following.endswith(("ing", "ed")) or (run.last and at + 2 == len(run.words)):
                return at + 1
    return 0


_CAUSATIVES = frozenset("make makes made making let lets letting help helps helped helping".split())


def _object_of(text: str, first: str, verbs: frozenset[str]) -> bool:
    """Whether ``first`` (a run's first word) is typed right after one of ``verbs`` and an article or possessive: the
    run is that verb's object, and its last word what the object is made to do ("make the [fence last]", with
    ``_CAUSATIVES``; "get [its] code running", with ``OBJECT_ING_VERBS``), no kind of the object."""
    typed = tokens(text)
    folded = tokens(first)
    if not folded or folded[0] not in typed:
        return False
    at = typed.index(folded[0])
    return at >= 2 and typed[at - 1] in _BEFORE_A_NOUN and typed[at - 2] in verbs


# An English request opening with a verb of explaining, its object right after it (no how or why clause between)
_TOLD_TO_EXPLAIN_RE = re.compile(r"\W*(?:explain|describe|define)\s+(?:(?:the|a|an)\s+)?", re.I)


def _no_finite_verb_ends(run: NameRun, question: Question) -> bool:
    """Whether English grammar puts no finite verb at the end of ``run`` (of three words or more, its first ones a
    name the summaries hold): its last word is an -ing form in a question without a form of be ("tell me about [kv
    cache offloading]": a finite verb after its subject would be "offloads"), or the run is the subject of a passive
    yes/no question, whose participle follows it ("is the [tpu research cloud] mentioned")."""
    if question.language == "de" or question.shape == Shape.RECOMMEND:
        return False  # a talk to watch is asked for in the asker's words: "… to learn [multi-gpu training]" is
        # 000:268's Multi-GPU-Skalierung for verteilte Trainingsvorgänge
    last = run.words[-1].casefold()
    if last.endswith("ing") and _BE_AUXILIARY_RE.search(question.text) is None:
        return True
    if (opening := _TOLD_TO_EXPLAIN_RE.match(question.text)) is not None and \
            question.text[opening.end():].casefold().startswith(run.text.casefold()):
        return True  # the object of a request to explain, typed right after it: "explain [finite state machines]"
    after = _word_after(question.text.casefold(), run.text.casefold())
    return _PASSIVE_RE.match(question.text) is not None and after is not None and \
        _ENGLISH_PARTICIPLE_RE.fullmatch(after) is not None


def _word_after(text: str, words: str) -> str | None:
    """The word typed right after ``words`` in ``text`` (both folded by case), spaces apart; None when none is."""
    at = text.find(words)
    if at == -1:
        return None
    rest = text[at + len(words):]
    if not rest[:1].isspace():
        return None
    following = rest.split()
    return following[0].strip("?!.,;:") if following else None


async def _talks_people(store: Store, words: list[str]) -> bool:
    """Whether two folded words are a talk and its people: the talk's own name ("the Michigan group", "the Tinix
    folks") or what it is about, with a word for people that talk writes itself ("the beehive vlogger": Bienenstöcke
    and des Vloggers in one talk), then a noun for people who give a talk (``WHO_NOUNS``)."""
    return len(words) == 2 and words[1] in WHO_NOUNS and (
        await store.names_a_talk(words[0]) or await store.held_in_one_talk(words))


async def _subject_and_verb(store: Store, run: NameRun, question: Question) -> bool:
    """Whether ``run`` is an English question's subject and its verb: two words right after the auxiliary a yes/no
    question opens with, or a question word's do/does/did (``NameRun.after_auxiliary``; and an article), the first
    a name (a talk's own, or typed as one): "is [kinetic built] on top of ray", "can [kinetic push] my metrics to
    …", "how many tokens a second did [mixtral manage]" ask what Kinetic or Mixtral is or does, about the thing
    after the verb."""
    if question.language == "de" or len(run.words) != 2:
        return False
    named = tokens(run.words[0])
    if not named:
        return False
    if not run.after_auxiliary:
        if not question.yes_no:
            return False
        typed = tokens(question.text)
        start = 2 if len(typed) > 2 and typed[1] in DETERMINERS else 1
        if typed[start:start + len(tokens(run.text))] != tokens(run.text):
            return False
    return is_term_like(run.words[0]) or (len(named) == 1 and await store.names_a_talk(named[0]))


async def _verb_after_the_subject(store: Store, question: Question, scope: Scope) -> list[str]:
    """The folded verb of an English yes/no question typed right after its named subject (``_subject_and_verb``):
    "is kinetic [built] on top of ray"; or, after do/does/did or a modal, which the verb's plain form follows, the
    last word before the first preposition or article: "would the intel oneapi plugin [run] on a lunar lake
    laptop" (a subject of words is no noun phrase a preposition ends)."""
    for run in name_runs_of(scope, question):
        if await _subject_and_verb(store, run, question):
            return tokens(run.words[1])
    typed = tokens(question.text)
    if question.language == "de" or not question.yes_no or not typed or typed[0] not in _DO_OPENERS:
        return []
    start = 2 if len(typed) > 2 and typed[1] in DETERMINERS else 1
    end = next((at for at in range(start, len(typed))
                if typed[at] in _BEFORE_A_NOUN or typed[at] in ENGLISH_PREPOSITIONS or typed[at] in _PLACING),
               len(typed))
    return typed[end - 1:end] if end - start >= 2 and end < len(typed) else []


_PLACING = frozenset("to at in by".split())  # prepositions a verb takes besides ``ENGLISH_PREPOSITIONS``: "attach [to]"
_DO_OPENERS = frozenset("do does did can could will would should".split())  # the verb after the subject is plain


def _placed(run: NameRun, question: Question) -> bool:
    """Whether an English question types ``run`` as the start of the setting it ends in (``setting_of``: "… at the
    treehouse build", "… in the bee vlog"): the run places what is asked, it is not the thing."""
    if question.language == "de":
        return False
    typed = tokens(run.text)
    return bool(typed) and tokens(setting_of(question.text))[:len(typed)] == typed


def _before_the_auxiliary(run: NameRun, question: Question) -> bool:
    """Whether ``run`` is typed before an English question's do/does/did: the thing asked for after what or which
    ("what [frame rate] does Qwen Image generate videos at?"), not a verb after the subject."""
    auxiliary = DO_AUXILIARY_RE.search(question.text)
    at = question.text.casefold().find(run.text.casefold())
    return auxiliary is not None and at != -1 and at < auxiliary.start()


def _asked_for(run: NameRun, question: Question) -> bool:
    """Whether ``run`` is what the question asks for, not a word around it: right after its opening what or which
    ("which [learning rate] was used in the tunix sft example"), or typed before an English question's do/does/did
    ("what [frame rate] does Qwen Image generate videos at?")."""
    opening = _OBJECT_ASKED_RE.match(question.text)
    if opening is not None and question.text[opening.end():].lstrip().casefold().startswith(run.text.casefold()):
        return True
    return _before_the_auxiliary(run, question)


async def _told_by_one_talk(store: Store, written: list[str], absent: frozenset[str],
                            names: list[NameRun] | None = None) -> bool:
    """Whether one talk holds more than MAX_TOPIC_WORDS content words of the question, all the words it has that
    some summary holds: the question then asks, in the asker's words, what that talk says, and a word no summary
    has before one of them is a word the word list lacks, no unknown kind of the thing ("what should I watch to
    learn writing my own kernels for AMD GPUs in a python DSL": own; "what made integrating AITER into JAX hard":
    made). With fewer, the absent word is what the question turns on ("bloom filters for joins", "continuous
    batching in vllm"), as for a yes/no question's absent detail (``detail_gap``)."""
    held = list(dict.fromkeys(token for word in written for token in _content_tokens(word) if token not in absent))
    # a name of several words the question types side by side is one thing: "the clock speed of [the arc pro b70]"
    counted = len(held) - sum(len(tokens) - 1 for run in names or []
                              if len(tokens := _content_tokens(run.text)) > 1 and set(tokens) <= set(held))
    return counted > MAX_TOPIC_WORDS and await store.held_in_one_talk(held)


async def _asked_around_one_talk(store: Store, question: Question, written: list[str], absent: frozenset[str],
                                 run: NameRun, words: list[str]) -> bool:
    """Whether the question has MAX_TOPIC_WORDS other words or more that one talk holds with the words of ``run``
    (``words``, each in some summary, never side by side): the question restates that talk, and the run is the
    asker's wording of its thing ("what was that video about lathes, punched tape and ai coding about": the NC
    video's KI-Programmierung), as a word no summary has is among many of one talk's (``_told_by_one_talk``). With
    fewer the run is what the question asks about ("does Tunix offer gradient accumulation"). In a yes/no question
    the words that name a talk by its title ("can [the qwen image tpu port] also do image editing") say which talk is
    asked whether it says the run, not what it says: they restate none of its points. (A what or how question asks
    what that talk says, in the asker's words: "what makes agent workloads so hard, from the tunix rl talk".)"""
    typed = [content for word in written if (content := [token for token in _content_tokens(word)
                                                          if token not in absent])]
    naming = {token for word in _talks_name(store, question, typed) for token in word} if question.yes_no else set()
    # the verb a run is the object of says what is asked of the thing, no word of what a talk says: "does vllm on
    # tpu [support] guided decoding"
    verb = tokens(_word_before(question.text, run.words[0]) or "") if run.after_verb else []
    others = list(dict.fromkeys(token for word in written if word not in run.words
                                for token in _content_tokens(word)
                                if token not in absent and token not in words and token not in naming
                                and token not in verb))
    if question.context and len(others) < MAX_TOPIC_WORDS:
        # the names of the asker's context sentence (rare words some summary has) say which talk they are about as
        # the question's own words do: "I'm trying to understand the MoE optimisations for vLLM on TPUs, so what's
        # the difference between the horizontal and the vertical optimisations" asks about that talk's Optimierungen
        # in its words (a context of plain words, "our team relies on classic models", names no talk)
        said = subject_words(question.context)
        unsaid = await store.absent_words(said)
        named = [token for token in dict.fromkeys(_content_tokens(said))
                 if is_rare(token) and token not in unsaid and token not in others and token not in words]
        return bool(named) and len(others) + len(named) >= MAX_TOPIC_WORDS - 1 and \
            await store.held_in_one_talk([*others, *named, *words])
    return len(others) >= MAX_TOPIC_WORDS and await store.held_in_one_talk([*others, *words])


# The asker's possessives: what follows is their own thing, described in their words ("my remote code")
_ASKERS_OWN = frozenset("my our".split())
# An English phrasal verb's particles (ARTICLES without the articles): no word of a name inside one
_PARTICLES = ARTICLES - {"the", "a", "an"}
# An English verb's past participle ends a name of no thing: "were the parts prefabricated …" ("speed", "bed" are nouns)
_ENGLISH_PARTICIPLE_RE = re.compile(r"[^\W\d_]{3,}(?<!e)ed")
# An English verb's -ing form: a verb's letters before the -ing hold a vowel ("fishing", "trying"); "ping", "string",
# "thing" are nouns of their own
_ING_FORM_RE = re.compile(r"[^\W\d_]*[aeiouy][^\W\d_]*ing")
# An English adjective by its ending: what a thing is like, in the asker's words ("livable", "wasteful", "porous")
_ENGLISH_ADJECTIVE_RE = re.compile(r"[^\W\d_]{3,}(?:able|ible|ful|less|ous|ive)")
# An English question's form of be, which an -ing verb follows ("is the job running?")
_BE_AUXILIARY_RE = re.compile(r"\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|am|be|been)\b", re.I)
# An English question's auxiliary: its last word is then a verb ("why did the Q4.1 query fail?")
_AUXILIARY_RE = re.compile(rf"\b(?:did|does|do|can|could|will|would|should|is|are|was|were)\b{NOT_BEFORE_A_PRONOUN}",
                           re.I)
_LAST_WORD_RE = re.compile(r"[^\W_][\w-]*(?=[\s?!.]*$)")


def _unknown_kind(written: list[str], absent: frozenset[str], question: Question) -> str | None:
    """"speculative decoding", "kubeflow pipelines", "verteiltes Checkpointing": the two plain words a question asks
    about (names such as TPUs may follow), next to each other as typed, one in no summary (nor in a phrase the summaries
    hold in other words: a "suspension bridge" is a Hängebrücke). The summaries know decoding, not that kind of it:
    a point about decoding would answer another term. A last word after an English auxiliary is a verb ("… query
    fail?"). A German question's lower-case letter alone is spoken German's article ("wat muss [n] zerspaner …
    können": einen), no word of a kind."""
    if question.language == "de":
        written = [word for word in written if not (len(word) == 1 and word.islower())]
    plain = [word for word in written if not is_term_like(word)]
    if len(plain) != 2 or written[:2] != plain:
        return None  # only names may follow ("… on TPUs"); "why does XLA forbid recursion?" asks what XLA does
    if any(tokens(word) and all(token in NUMBER_WORDS for token in tokens(word)) for word in plain):
        return None  # a number counts the thing: "how deep do the two screws go"
    unknown = [all(t in absent for t in tokens(word)) for word in plain]
    known = [not any(t in absent for t in tokens(word)) for word in plain]
    if sum(unknown) != 1 or sum(known) != 1:
        return None
    first, second = plain
    if unknown[0] and question.language != "de" and _after_a_subject_pronoun(question.text, first.casefold()):
        return None  # a subject's verb and its object: "can i [grab] jaxator somewhere"
    if unknown[0] and question.language != "de" and first.casefold().endswith("ing") and \
            (_word_before(question.text.casefold(), first.casefold()) or "") in TALK_NOUNS | WHO_NOUNS:
        return None  # what a talk or its speaker does, and to what: "the video [explaining] pre-training"
    if unknown[0] and question.language == "de" and first[:1].islower() and not question.yes_no and \
            not is_rare(first.casefold()) and \
            _GERMAN_PAST_PARTICIPLE_RE.fullmatch(first.casefold()) is not None:
        # a participle of general German before a noun the summaries hold says what was done to it, in the asker's
        # words ("wie kriegt er das [angehobene] saunafundament wieder hin": 575's frostgehobenes Saunafundament)
        return None
    last = _LAST_WORD_RE.search(question.text)
    if unknown[1] and question.shape != Shape.DEFINE and (
            not second[:1].isupper() if question.language == "de"
            else bool(_AUXILIARY_RE.search(question.text)) and last is not None
            and last.group().casefold() == second.casefold()):
        return None  # "wann wurde X erwähnt", "why did the query fail": the unknown last word is a verb (a question
        # asking what a thing is names it: "what is a linked [list]", "was ist eine verkettete [liste]")
    if not _side_by_side(question.text, first, second):
        return None
    if unknown[1] and question.language != "de" and question.shape != Shape.DEFINE and \
            all(is_basic(token) for token in tokens(second)):
        return None  # a basic English noun after a word the summaries have is the asker's head for that thing: "that
        # [off-road] event" (000:578's Offroad-Wettbewerb); a kind is named by its first word ("speculative decoding")
    return f"{first} {second}"


def _side_by_side(text: str, first: str, second: str) -> bool:
    r"""Whether ``text`` has the words ``first`` and ``second`` next to each other, apart only by spaces or hyphens, in
    any case: ``(?<![^\W_])first[\s-]+second(?![^\W_])``, re.I. Read with string methods when all three are ASCII
    (then re's case-insensitive match is ASCII's; a new question's pattern costs ~15 us to compile), else with re."""
    if not (text.isascii() and first.isascii() and second.isascii()):
        return re.search(rf"(?<![^\W_]){re.escape(first)}[\s-]+{re.escape(second)}(?![^\W_])", text, re.I) is not None
    text, first, second = text.lower(), first.lower(), second.lower()
    at = text.find(first)
    while at != -1:
        if at == 0 or not text[at - 1].isalnum():
            end = at + len(first)
            while end < len(text) and (text[end].isspace() or text[end] == "-"):
                end += 1
                after = end + len(second)
                if text.startswith(second, end) and (after == len(text) or not text[after].isalnum()):
                    return True
        at = text.find(first, at + 1)
    return False


# A name with its version apart: "FlashAttention-3", "GPT-4" in one word; "Gemma 3", "Llama 3.1" in two. A version
# run into its name ("MXFP4", "H200") is one word the vocabulary knows or not.
_VERSIONED_RE = re.compile(r"(?P<name>[^\W\d_](?:[\w.+]*[^\W\d_])?)[-_](?P<version>\d+(?:\.\d+)*)")
_VERSION_RE = re.compile(r"\d{1,2}(?:\.\d+)*")


def versioned_names(subject: str) -> list[tuple[str, str, str]]:
    """(name, version, as written) for each name with a version number in ``subject``."""
    found = []
    words = subject.split()
    for index, word in enumerate(words):
        if match := _VERSIONED_RE.fullmatch(word):
            found.append((match["name"], match["version"], word))
        elif index and _VERSION_RE.fullmatch(word) and (words[index - 1][:1].isupper()
                                                        or is_term_like(words[index - 1])
                                                        or _dotted_after_a_word(words[index - 1], word)):
            found.append((words[index - 1], word, f"{words[index - 1]} {word}"))
    return found


def _dotted_after_a_word(before: str, version: str) -> bool:
    """Whether a number with a dot after a word typed in lower case is that name's version: Slack types names in
    lower case ("wan 2.1", "llama 3.1"), and a count after a word is whole ("seite 3", "in 3 tagen"); not after a
    function word ("like 4.39")."""
    return "." in version and before.isalpha() and before.islower() and before.casefold() not in FRAME_WORDS


def _holds_version(text: str, name: str, version: str) -> bool:
    """Whether ``text`` writes ``name`` with ``version``: "Flash-Attention 3", "Llama 3/3.1", not "Gemma 4 26B"
    for Gemma 2."""
    spaced = r"[\s\-_]*".join(re.escape(ch) for ch in name.casefold() if ch.isalnum())
    folded = text.casefold()
    if version not in folded:
        return False  # most texts: no pattern for this name and version to compile
    pattern = rf"(?<![^\W_]){spaced}[\s\-_/]*(?:[\d.]+[\s\-_/,]+)?{re.escape(version)}(?![\d])(?!\.\d)"
    return re.search(pattern, folded) is not None


async def _missing_versions(store: Store, subject: str, text: str) -> list[str]:
    """The names asked with a version no summary writes with that version: "Gemma 3" where the talks have Gemma 2
    and Gemma 4, "FlashAttention-3" where they have Flash Attention. A name and a number typed apart (``text``, the
    question as typed) are no version: "Qwen-Image auf der TPU für 50 Schritte" counts steps."""
    missing = []
    for name, version, written in versioned_names(subject):
        if " " in written and not _side_by_side(text, name, version):
            continue
        # what mentions the name or the version: "Gemma 3" finds the Gemma points (a row holding both first)
        texts = [f"{hit.talk_title} {hit.title} {hit.text}"
                 for hit in await store.find_points(written, limit=VERSION_CANDIDATES)]
        if texts and not any(_holds_version(text, name, version) for text in texts):
            missing.append(written)
    return missing


def _which_asks_for(word: str, question: Question) -> bool:
    """Whether the question opens with which (or what) and ``word`` as its noun: "welcher [lehrstuhl] in michigan
    steckt hinter …", "what [brand] of atv …" ask for that one thing, not for what else the question says; "what
    kind of wood" asks about the wood."""
    opening = _WHICH_NOUN_RE.match(question.text) or _WELCHE_NOUN_RE.match(question.text)
    return opening is not None and opening.group(1).casefold() == word.casefold() and \
        not any(token in KINDS_OF_THING for token in tokens(word))


def _lettered_code(word: str) -> bool:
    """A hyphenated word with a part of a single letter: the code name of a benchmark or a model ("tpc-h", "gpt-j"),
    typed in lower case as often as not. The caller asks that no summary have the code whole, its parts run together
    ("e-mail", "x-ray" are words the summaries may write); a part may be another code's ("gpt-j" is no GPT-2)."""
    parts = word.strip(".,;:!?()\"'").split("-")
    return len(parts) >= 2 and all(part.isalpha() for part in parts) and any(len(part) == 1 for part in parts) \
        and any(len(part) >= 2 for part in parts)


_VOWELS = frozenset("aeiouy")
MIN_ACRONYM = 3  # letters of an acronym typed in lower case (not chat's "n" for "ein")


def _acronym_in_lower_case(word: str) -> bool:
    """A word of letters without a vowel that no language writes: an acronym typed in lower case ("does flydsl use
    [rccl]"), a name as GSPMD is, never the asker's wording of what a key point says; chat's own ("thx", "pls") are
    in the languages' word lists."""
    folded = tokens(word)
    return len(folded) == 1 and len(folded[0]) >= MIN_ACRONYM and folded[0].isalpha() and \
        _VOWELS.isdisjoint(folded[0]) and not is_common(folded[0])


def _english_name(word: str, question: Question) -> bool:
    """A capitalised word inside an English question names something ("on Gaudi"); German capitalises every
    noun, and the first word of a sentence is capitalised anyway."""
    if question.language != "en" or not word[:1].isupper():
        return False
    return not question.text.lstrip(" ¿¡\"'(").startswith(word)


def _german_name(word: str, question: Question) -> bool:
    """A capitalised word of a German question that no summary has in any form: German capitalises its nouns, so it
    is what the question asks about ("wie nutzt man Horovod für verteiltes Training?", "hat das Baumhaus einen
    Kamin?"), a name or a thing the talks do not discuss. Not the question's first word, which is capitalised anyway,
    nor a noun that names an aspect of what is asked about rather than a thing ("das Fazit zu Kinetic", "welche Tipps
    gibt es für Pallas": ``ASPECT_NOUNS``); the caller also leaves out a part of the corpus's compounds ("Karte" of
    Grafikkarte, "Lärchendielen" for Lärchenholz-Dielen)."""
    if question.language != "de" or not word[:1].isupper():
        return False
    if any(token in UNITS or token in UNIT_WORDS for token in tokens(word)):
        return False  # what a number is measured in ("um wie viel Prozent …"), not what is measured
    if any(token in ASPECT_NOUNS for token in tokens(word)):
        return False
    return not question.text.lstrip(" ¿¡\"'(").startswith(word)


def _lower_case_german_noun(word: str, question: Question, absent: frozenset[str]) -> bool:
    """A word no summary has that a German question typed in lower case uses as a noun (the tagger's word class):
    "unter welcher lizenz steht jaxator", "nutzt max_evol claude als modell?". As a capitalised noun is
    (``_german_name``), it is what the question asks about; not an aspect of the topic ("das fazit zu kinetic")."""
    if question.language != "de" or question.shape == Shape.RECOMMEND:
        return False  # a talk to watch is asked for in the asker's words: "… wie man holz vor nässe schützt"
    if not all(token in absent for token in tokens(word)) or any(
            token in ASPECT_NOUNS or token in UNITS or token in UNIT_WORDS for token in tokens(word)):
        return False
    if (_word_before(question.text.casefold(), word.casefold()) or "") in _INSTEAD:
        return False  # the alternative set against the topic ("warum das statt dockerfiles?"), not what is asked
    if _GERMAN_PARTICIPLE_OF_AN_ENGLISH_VERB_RE.fullmatch(word.casefold()):
        return False  # a verb of the asker's, whatever the tagger reads: "… entlang der die … [gesharded] haben"
    if adverbial_superlative(word, question.text):
        return False  # "am" is no article of a noun there: "wie man … am [geschicktesten] verteilt" says how
    return typed_as_noun(word, question) or (
        word[:1].islower() and not _capitalises_nouns(question) and english_noun_in_german(word))


# German's past participle of an English verb: ge-, the verb, its English -ed ("gesharded", "geupdated", "gemerged")
_GERMAN_PARTICIPLE_OF_AN_ENGLISH_VERB_RE = re.compile(r"(?:ab|an|auf|aus|ein|mit|rein|raus|um|zu)?ge[^\W\d_]{3,}ed")


_INSTEAD = frozenset("statt anstatt anstelle".split())
# What a question sets against what it asks about, to the end of its clause: "a talk on pushing laptop code to cloud
# TPUs [without writing k8s yaml]", "Training [ohne eigene Cluster]"; so does what the asker is weary of ("a talk to
# watch if i'm [sick of writing dockerfiles]", "[keine lust mehr auf yaml]")
_SET_AGAINST_RE = re.compile(r"\b(?:without|instead of|rather than|ohne|statt|anstatt|anstelle"
                             r"|(?:sick|tired) of|fed up with|keine lust (?:mehr )?auf|genervt von)\b"
                             # to its clause's end or the purpose after it ("… [just to] train on tpus")
                             r"[^,;.?!]*?(?=\s+(?:(?:just|only|simply|in order) to|so that|nur um|bloß um|damit)\b"
                             r"|[,;.?!]|$)", re.I)


def _set_against(word: str, question: Question) -> bool:
    """Whether ``word`` is typed only in what the question sets against its topic (``_SET_AGAINST_RE``): the asker
    wants to do without it, so a summary need not mention it."""
    against = " ".join(match.group() for match in _SET_AGAINST_RE.finditer(question.text))
    if not against:
        return False
    folded = tokens(word)
    rest = tokens(_SET_AGAINST_RE.sub(" ", question.text))
    return bool(folded) and all(token in tokens(against) and token not in rest for token in folded)


def _besides_what_is_set_against(subject: str, question: Question, absent: frozenset[str]) -> list[str]:
    """The words of ``subject`` as typed, without those only in what the question sets against its topic
    (``_set_against``). When the rest is only words of general language no summary has, the question's own frame
    ("what goes [wrong] without token-in-token-out", "was passiert ohne …"), what it sets against is its topic, and
    every word stays."""
    words = subject.split()
    kept = [word for word in words if not _set_against(word, question)]
    rest = [token for word in kept for token in tokens(word)]
    if len(kept) < len(words) and all(token in absent and is_common(token) for token in rest):
        return words
    return kept


async def _no_compound_holds(store: Store, word: str, absent: frozenset[str], language: str | None = None) -> bool:
    """Whether no summary has ``word``, not even as a part of its compounds or typed with one slip
    ("Faktentabelle" for Faktenstabelle). The compounds are German's: an English question's word that ends a corpus
    word is an accident of the letters ("ping" of Mapping), as a compound's part only in a German question."""
    folded = tokens(word)
    if not folded or not all(t in absent for t in folded):
        return False
    for token in folded:
        if (language != "en" and await store.in_compounds(token)) or await store.slip_of_a_word(token):
            return False
    return True


def topic_besides(question: Question, missing: list[str], *, names_only: bool = True) -> str:
    """The words of a question's subject that say what it asks about besides the ``missing`` ones: its names
    ("läuft Kinetic auch mit Terraform?" -> Kinetic, "wie viel Honig haben die Bienen produziert?" -> Bienen, "how
    does speculative decoding work on TPUs?" -> TPUs), or (``names_only`` False, a yes/no question's topic the
    summaries hold in one talk: "does the treehouse have a fireplace?") every other word but a German question's
    lower-case ones (its verbs and adjectives: an English verb cannot be told from a noun)."""
    gone = {token for word in missing for token in tokens(word)}
    kept = []
    for word in _asked_words(question):
        if not _content_tokens(word) or all(token in gone for token in tokens(word)):
            continue
        if (_is_name(word, question) if names_only else (question.language != "de" or word[:1].isupper()
                                                          or is_term_like(word))) or typed_as_noun(word, question):
            kept.append(word)
    return " ".join(kept)


def typed_as_noun(word: str, question: Question) -> bool:
    """A noun or name of a German question typed in lower case (the tagger's word class): "kinetic" in "mit welchem
    betriebssystem läuft kinetic"."""
    return question.language == "de" and word[:1].islower() and not _capitalises_nouns(question) and \
        german_tags.is_noun(word, question.text)


def _asked_words(question: Question) -> list[str]:
    """The subject's words as typed, without a German yes/no question's leading verb ("läuft", "hat", "wurde") or
    the noun of an English preposition of several words ("on [top] of": PHRASAL_PREPOSITION_RE)."""
    written = question.subject.split()
    if _opening_verb(question):
        return written[1:]
    if question.language != "de" and (framing := {tokens(match.group(1))[-1]
                                                  for match in PHRASAL_PREPOSITION_RE.finditer(question.text)}):
        return [word for word in written if not (folded := set(tokens(word))) or not folded <= framing]
    return written


def _opening_verb(question: Question) -> str:
    """The verb a German yes/no question opens with, when its subject keeps it ("[ernten] die bienen auch propolis"):
    it asks whether the rest is so, it names nothing asked about. Empty otherwise."""
    written = question.subject.split()
    if question.yes_no and question.language == "de" and written and \
            question.text.lstrip(" ¿¡\"'(").casefold().startswith(written[0].casefold()):
        return written[0]
    return ""


MAX_TOPIC_WORDS = 3  # a yes/no question with more words the summaries hold restates a fact in its own words


def _topic_size(store: Store, question: Question, present: list[str], held: list[str]) -> int:
    """How many words of a topic the ``held`` tokens of the ``present`` words are: a word typed as one is one
    ("max_evol"), and so are two words typed side by side that the word list translates as one phrase ("crash course":
    Crashkurs): they name one thing, where more things restate a fact (MAX_TOPIC_WORDS)."""
    kept = set(held)
    parts = [[token for token in _content_tokens(word) if token in kept] for word in present]
    # the people of a talk name no thing besides it: "did the treehouse [team] fly a drone …", "die michigan [leute]"
    size = sum(1 for word in parts if word and not WHO_NOUNS.issuperset(word)) - _named_again(parts)
    phrases = store.word_data().en_de
    at = 0
    while at < len(parts) - 1:
        if parts[at] and parts[at + 1] and " ".join([*parts[at], *parts[at + 1]]) in phrases and \
                _side_by_side_all(question.text, parts[at:at + 2]):
            size -= 1
            at += 2
        else:
            at += 1
    return min(size, len(kept))


def _named_again(parts: list[list[str]]) -> int:
    """How many of the words (each its folded tokens) name an earlier word's thing again, in the same or another
    form: "does the qwen image port put a watermark on the [images]" names the image once, not a fourth thing."""
    seen: set[str] = set()
    again = 0
    for word in parts:
        if word and all(seen.intersection(english_variants(token)) for token in word):
            again += 1
        seen.update(word)
    return again


# Words an English noun follows: "does the treehouse have [a fireplace]?", "the machinists' [union]", "are there
# [exercises] …"
_BEFORE_A_NOUN = frozenset("a an the any no some this that these those my your their its our his her there".split())
# An English question that asks for what its verb is done to: "what does X standardize", "which libraries …"
_OBJECT_ASKED_RE = re.compile(r"\W*(?:what|whats|what's|which|who|whom|whose)\b", re.I)
# English prepositions a noun follows: "anything about [pensions]", "protected against [lightning]"
# Words a German noun follows when a question is typed in lower case: articles, determiners, prepositions
_BEFORE_A_GERMAN_NOUN = frozenset(
    "ein eine einen einem einer eines ne nen nem n der die das den dem des im am zum zur vom beim ins ans "
    "mit unter fur für ohne uber über von bei auf aus nach gegen welche welcher welches welchen welchem "
    "kein keine keinen keinem keiner sein seine seinen ihr ihre ihren".split()) | SPOKEN_CONTRACTIONS
# A German past participle as an adjective: "portierte", "generierten", "gebaute"; a separable verb's puts its "ge"
# after the particle ("zusammengesteckt", "aufgebaute", "eingebettet")
_GERMAN_PAST_PARTICIPLE_RE = re.compile(r"[^\W\d_]{3,}iert(?:e|en|er|es|em)?"
                                        r"|(?:ab|an|auf|aus|bei|dar|durch|ein|fest|her|hin|los|mit|nach|vor|weg|zu"
                                        r"|zur[üu]ck|zusammen|um)?ge[^\W\d_]{3,}(?:t|et|en)(?:e|en|er|es|em)?")
# What a German participle ends in: "verleimt", "verbaut", "eingebettet", "angebracht", "geschliffen"
_GERMAN_PARTICIPLE_RE = re.compile(r"[^\W\d_]{3,}(?:t|en)$")


async def detail_gap(store: Store, question: Question, scope: Scope) -> tuple[list[str], str, bool] | None:
    """What a search or yes/no question asks about that the summaries do not say, with what they do cover: (the
    asked words, the topic, whether the words are in the summaries but never with the topic). None when they may
    answer it.

    - An absent detail of a covered topic: "does the treehouse have a fireplace?", "wurde die Wendeltreppe
      verleimt?", "unter welcher lizenz steht jaxator", "whats the price of the arc pro b70": a word no summary has,
      asked about a topic of at most MAX_TOPIC_WORDS words that one talk holds.
      The word must be what is asked: an English noun (after an article, a determiner or a possessive; not a verb's
      -ing or -ed form: "a running job"), a German noun or participle ("später" is neither). More words the
      summaries hold ("did the NC machines replace skilled workers?") restate a fact; the missing word is then one
      the word list lacks. (An English noun the word list lacks looks the same: "does the treehouse have a toilet?"
      is told the summaries don't mention it, then shown the treehouse talk, whose 12:37 point says "WC".)
    - Only in a yes/no question, two names no talk holds together: "läuft FlyDSL auch auf Intel-GPUs?" (FlyDSL is
      AMD's, Intel the oneAPI talk's), "does the oneAPI backend also support AMD GPUs?"."""
    absent = await absent_words(store, scope, question.subject)
    words = [word for word in _asked_words(question) if _content_tokens(word)]
    missing = [word for word in words if all(token in absent for token in _content_tokens(word))]
    present = [word for word in words if word not in missing]
    # a compound of corpus words is no absent detail ("Lärchendielen": Lärche, Dielen), nor the alternative set
    # against the topic ("statt dockerfiles")
    missing = [word for word in missing if not _says_how(word, question) and not _the_others(word)
               and not await _said_otherwise(store, word, question)
               and not (not question.yes_no and not _asked_by_the_question_word(word, question)
                        and not _which_asks_for(word, question) and await _in_compounds(store, word))
               and not (not any(is_common(token) for token in tokens(word)) and await _typed_with_a_slip(store, word))]
    # (a word general language lacks, mistyped: "kernells", "hyperparamter" are words they hold; "price" is a word)
    held = [token for word in present for token in _content_tokens(word) if token not in absent]
    gone = list(missing)  # what the topic shown next leaves out
    if missing and question.language == "de" and not _capitalises_nouns(question):
        # typed in lower case, its verbs are no part of the topic: "mit welchem betriebssystem [läuft] kinetic"
        held = [token for token in held if not german_tags.is_verb(token, question.text)]
    elif missing and (verbs := _verbs_before(question, missing) or set(await _verb_after_the_subject(store, question,
                                                                                                       scope))):
        # "how does kinetic [manage] secrets?", "is kinetic [built] on top of ray", "would the oneapi plugin [run] on
        # a lunar lake laptop"
        held = [token for token in held if token not in verbs]
        gone += [word for word in present if verbs.issuperset(tokens(word))]
    kinds = [f"{word} {words[words.index(word) + 1]}" for word in missing
             if question.yes_no and _kind_of_the_next(word, words, present, question)] or \
        (_absent_name_before(words, missing, present, question) if question.yes_no else []) or \
        [kind for word in missing if question.yes_no and (kind := _noun_phrase_after_an_article(word, words, present,
                                                                                                  question))]
    kind_words = {token for kind in kinds for token in tokens(kind)}
    topic_held = [token for token in held if token not in kind_words]
    if kinds and not topic_held:
        # nothing asked besides the kind ("hat wer n gutes [lasagne] rezept"): no talk's thing it is a kind of, so the
        # word no summary has is what they do not mention, not a kind of the summaries' Rezept
        return [word for word in missing if any(word in kind.split() for kind in kinds)], "", False
    if kinds and await store.held_in_one_talk(topic_held):
        # "did the michigan db folks try [hash] joins", "auch [cam] software": a kind of a thing the talk has, however
        # many of its words the question holds (no fact restated: the kind is what it asks about)
        return kinds, topic_besides(question, [*gone, *kinds], names_only=False), False
    if missing and held and _topic_size(store, question, present, held) <= MAX_TOPIC_WORDS:
        asked = [word for word in missing if _asks_about(word, question) or _done_to_the_topic(word, present, question)
                 or (_object_last(word, words, question)
                     and not await restates_a_point(store, question, [word], scope))]
        if not question.yes_no:
            # a how or why question asks what one key point says when that point holds the rest of it: the absent
            # word is the asker's, as in ``missing`` ("warum legen die die [lärchenbretter] beim baumhaus mit der
            # kernseite nach oben": 000:549's Lärchenbohlen); a yes/no question asks whether the point says it
            asked = [word for word in asked if not await restates_a_point(store, question, [word], scope)]
        if asked and await store.held_in_one_talk(held):
            return asked, topic_besides(question, gone, names_only=False), False
        if asked and (how := await _how_a_last_verb_is_done(store, question, words, present, asked)):
            # named as typed, one phrase: "rot" alone is in the summaries, "rot angemalt" is not
            return [" ".join([*how, *asked])], topic_besides(question, [*gone, *how], names_only=False), False
        if not question.yes_no:
            return None
    if not question.yes_no:
        return None  # two names no talk holds together are what a yes/no question asks about, not a search
    if (other_talks := await _held_by_another_talk(store, question, present, missing, absent)) is not None:
        return other_talks
    names = [word for word in present if _is_name(word, question)]
    if len(names) < 2 and not missing and _topic_size(store, question, present, held) <= MAX_TOPIC_WORDS:
        # "does the treehouse have a sauna?": the nouns it asks about, each after an article or a possessive (the
        # vlog's Saunafundament holds a sauna, the treehouse talk none)
        names = [word for word in present if _asks_about(word, question)]
    if len(names) >= 2 and not missing:
        topic = names[0]
        apart = [word for word in names[1:]
                 if not await store.held_in_one_talk(_content_tokens(f"{topic} {word}"))]
        if apart:
            return apart, topic, True
    return None


async def _how_a_last_verb_is_done(store: Store, question: Question, words: list[str], present: list[str],
                                   asked: list[str]) -> list[str]:
    """The words a German yes/no question types right before the absent participle it ends in, when one talk holds
    the question's words before them and none holds them all: a German clause puts its verb last and how it was done
    just before it, so they belong to the asked detail, not to the topic ("hat er das torii tor [rot] angemalt",
    "wurde das torii tor mit [lack] gestrichen": the vlog's Torii, painted neither red nor with varnish, where "rot"
    and "Lack" are other talks' words). At least one word before them stays the topic; empty when none is found."""
    if question.language != "de" or not question.yes_no or not words or words[-1] not in asked:
        return []
    before = words[:-1]
    for cut in range(len(before) - 1, 0, -1):
        how = before[cut:]
        if not all(word in present for word in how):
            break
        topic = [token for word in before[:cut] for token in _content_tokens(word)]
        if topic and await store.held_in_one_talk(topic):
            return how
    return []


def _the_others(word: str) -> bool:
    """Whether a word typed in lower case points at the other things of what is spoken about (``OTHERS``): "and do
    custom ops get fused with [the rest]" asks whether they are fused with other ops, a thing named before."""
    folded = tokens(word)
    return word.islower() and bool(folded) and all(token in OTHERS for token in folded)


def _says_how(word: str, question: Question) -> bool:
    """Whether an absent word of a German question typed in lower case is a word of general German that says how,
    how much or how often (an adverb, an indefinite pronoun: ``german_tags.says_how``): "muss man fürs dit sharding
    am modellcode [selber] rumschrauben", "wo hats bei jaxator so am [meisten] gehakt" ask about what the talk did,
    in the asker's manner of speaking; the summaries need not write the word. A term of a field the language lacks
    is none, whatever the tagger reads it as."""
    return question.language == "de" and word[:1].islower() and not _capitalises_nouns(question) and \
        all(is_common(token) for token in tokens(word)) and german_tags.says_how(word, question.text)


def _object_last(word: str, words: list[str], question: Question) -> bool:
    """Whether an absent word ends an English yes/no question's asked words: the question puts its subject after the
    auxiliary and the verb before what it is done to, so the last word (adverbs and frame words such as "anywhere",
    "at all" aside) is the object asked about: "did the dit placement guy mention [sora] anywhere", "did the tinix
    folks try [curriculum] learning at all". Not a verb's -ing or -ed form ("is the job running", "was it
    released"), which the question ends in when it asks what the subject does; the caller also leaves out a word
    of a question that restates one key point ("did his team actually win that atv [contest]": 000:578's
    ATV-Wettbewerb, a word the word list does not translate). Nor a word an object pronoun follows: it is the
    preposition before what is done to ("who's behind it")."""
    if question.language == "de" or not question.yes_no or not words or words[-1] != word:
        return False
    if re.search(rf"(?<!\w){re.escape(word)}\s+(?:{'|'.join(sorted(OBJECT_PRONOUNS))})\b", question.text, re.I):
        return False  # a preposition before its object: "and who's [behind] it"
    folded = word.casefold()
    return folded.isalpha() and not folded.endswith(("ing", "ed"))


def _kind_of_the_next(word: str, words: list[str], present: list[str], question: Question) -> bool:
    """Whether an absent word of a yes/no question is typed right before the last word of a name, a word the
    summaries have: "hash joins", "surface codes", "cam software" (a kind of joins, codes, software). The head is the
    last of the asked words, or one the next asked word is not typed beside ("joins at all", "codes oder …"); in
    "replace skilled workers" the word after the absent one goes on into a name, so it starts none. An English -ing
    or -ed form is a verb's ("a running job"), a plural a noun's of its own ("the db [folks] run …": English names a
    kind in the singular, "hash joins"); a word of one or two letters is none ("wat muss [n] zerspaner …", "as")."""
    folded = word.casefold()
    if len(folded) < 3 or not folded.isalpha() or (question.language != "de" and (
            folded.endswith(("ing", "ed", "s")) or _after_a_subject_pronoun(question.text, folded))):
        return False  # (after its subject an English word is its verb: "can i already [grab] jaxator")
    at = words.index(word)
    if question.language == "de" and _capitalises_nouns(question) and at + 1 < len(words) and \
            not words[at + 1][:1].isupper():
        return False  # a question that writes its nouns so has no head of a kind in lower case: "[bricht] ständig"
    if at + 1 >= len(words) or words[at + 1] not in present or not _side_by_side(question.text, word, words[at + 1]):
        return False
    return at + 2 >= len(words) or not _side_by_side(question.text, words[at + 1], words[at + 2])


def _after_a_subject_pronoun(text: str, folded: str) -> bool:
    """Whether the folded ``folded`` is typed right after a subject pronoun, or after one and an adverb English puts
    before its verb ("can i [already] grab …"): the word is that subject's verb."""
    typed = tokens(text)
    if folded not in typed:
        return False
    at = typed.index(folded)
    if at >= 2 and typed[at - 1] in MID_ADVERBS:
        at -= 1
    return at >= 1 and typed[at - 1] in SUBJECT_PRONOUNS


def _noun_phrase_after_an_article(word: str, words: list[str], present: list[str], question: Question) -> str:
    """An absent word of an English yes/no question typed right after an article, with the words the summaries have
    typed side by side after it: an article opens a noun phrase, so they are one thing, named by the absent word
    ("would the oneapi plugin run on [a] [lunar lake laptop]"), whose words the talk need not hold. So does a verb of
    saying, whose object is what the talk is asked whether it says ("does the pallas talk [cover] [ragged attention
    kernels]"). Empty when no word follows."""
    folded = word.casefold()
    before = _word_before(question.text.casefold(), folded) or ""
    if question.language == "de" or (before not in DETERMINERS and before not in _SAYING_VERBS) or \
            len(folded) < 3 or not folded.isalpha() or (before not in _SAYING_VERBS and folded.endswith(("ing", "ed"))):
        return ""  # an -ing or -ed form is a verb's before its noun: "can Kinetic attach to a [running] job?" (after
        # a verb of saying it starts the object: "cover [ragged] attention kernels")
    phrase = [word]
    for at in range(words.index(word) + 1, len(words)):
        if words[at] not in present or not _side_by_side(question.text, phrase[-1], words[at]):
            break
        phrase.append(words[at])
    return " ".join(phrase) if len(phrase) >= 2 else ""


def _absent_name_before(words: list[str], missing: list[str], present: list[str], question: Question) -> list[str]:
    """Two absent words or more of an English yes/no question typed side by side right before a word the summaries
    have: one name of a kind of that thing, however many words the thing has ("did the dit placement talk use
    [ulysses style] sequence parallelism"). A single absent word before a name of several words is as often a verb
    and its object ("replace skilled workers": ``_kind_of_the_next``)."""
    if question.language == "de":
        return []
    run: list[str] = []
    for word in words:
        folded = word.casefold()
        if word in missing:
            if run and not _side_by_side(question.text, run[-1], word):
                run = []
            run = [*run, word] if len(folded) >= 3 and folded.isalpha() else []
            continue
        if len(run) >= 2 and word in present and _side_by_side(question.text, run[-1], word):
            return [" ".join(run)]
        run = []
    return []


async def _held_by_another_talk(store: Store, question: Question, present: list[str], missing: list[str],
                                absent: frozenset[str]) -> tuple[list[str], str, bool] | None:
    """A yes/no question's name (a word general language lacks, or the name of a talk) that the talk the question
    names never holds: "does kinetic use xpk" (XPK is the RL talk's), "hat max_evol auch grpo benutzt", "kam im
    intel oneapi vortrag mxfp4 vor" (MXFP4 is the AITER talk's). The talk is named by a word of its title or by a
    word only it writes (``Store.names_a_talk``); (the names apart, the talk's word, False): the reply names the
    detail, then what the summaries say about the talk."""
    topic = None
    for word in present:
        # the first word naming a talk is the question's subject, what it asks about comes after it: "ham die
        # [michigan] leute ihre sparse core sachen in pallas geschrieben" asks it of the database study, not of Pallas'
        folded = _content_tokens(word)
        if folded and (any(store.talks_titled(token, NAMING_TITLES) for token in folded)
                       or (len(folded) == 1 and await store.names_a_talk(folded[0]))):
            topic = word
            break
    if topic is None:
        return None
    named = _content_tokens(topic)
    apart = []
    for word in present:
        folded = _content_tokens(word)
        if word == topic or not folded or any(token in absent or token in named for token in folded):
            continue
        single = folded[0] if len(folded) == 1 else None
        names_its_talk = False  # whether ``single`` is one talk's own name (looked up once, if needed)
        if all(is_common(token) for token in folded) and not is_term_like(word):
            # (a word the language writes, but not one everyone writes often, that only one talk writes as its own
            # name is that talk's thing: "aws" is the StableHLO talk's AWS Neuron, never Kinetic's; "frost" is a word)
            names_its_talk = single is not None and not is_everyday(single) and await store.names_a_talk(single)
            if not names_its_talk:
                continue  # a word of the language ("released at some point": "point" is also a word of a term's name)
        if not names_its_talk and not await store.names_a_term(folded) and \
                not (single is not None and await store.names_a_talk(single)) and \
                (question.language == "de" or any(is_common(token) for token in folded)):
            continue  # a German compound a talk may say in its parts ("speicherzugriffe": Pallas' "Zugriffsmuster" on
            # Scalar Memory), not a name of the corpus's
        if not await store.held_in_one_talk([*named, *folded]):
            apart.append(word)
    if not apart:
        return None
    # the topic shown next: a German question's nouns (its verbs left out), an English one's names ("does Kinetic
    # support XPK": an English verb cannot be told from a noun), else the talk's word
    return apart, topic_besides(question, [*missing, *apart], names_only=question.language != "de") or topic, False


NAMING_TITLES = 2  # a word in the titles of at most this many talks names them


async def _in_compounds(store: Store, word: str) -> bool:
    """Whether every token of ``word`` is a part of the corpus's compounds: a how or why question's "auf die [karte]"
    is the asker's short word for the Grafikkarte a point names (a yes/no question asks whether that word is said, and
    "welches [betriebssystem]" asks for the one thing it names)."""
    folded = _content_tokens(word)
    return bool(folded) and all([await store.in_compounds(token) for token in folded])


async def _said_otherwise(store: Store, word: str, question: Question) -> bool:
    """Whether an absent word of a question is a compound of two words one key point holds together ("Lärchendielen":
    000:602's Lärchenholz-Dielen; "Betriebssystem" is none: Betrieb and System are never in one point) or the
    alternative set against what is asked ("warum das statt dockerfiles?")."""
    if (_word_before(question.text.casefold(), word.casefold()) or "") in _INSTEAD:
        return True
    return await store.split_held_in_one_point("".join(tokens(word)), SPLIT_PART) is not None


async def measured_apart(store: Store, question: Question, scope: Scope) -> tuple[list[str], str] | None:
    """What a "how much did …" question measures of a topic that no talk holds with it: "how much did the treehouse
    cost", "was hat das Baumhaus gekostet" (Kosten are the vLLM talk's, never the treehouse's). The question's words,
    at most MAX_TOPIC_WORDS, are each in some summary, never all in one talk: (the words apart from the first, the
    first). None when one talk holds them all, or a word is in no summary (``missing`` and ``detail_gap`` say those;
    a German verb form the summaries lack is held as its infinitive, which German also writes as a noun: gekostet,
    Kosten; one they word otherwise, "gesteigert" for "Steigerung", is in no summary)."""
    absent = await absent_words(store, scope, question.subject)
    # a noun of the measured quantity names what the number is, no thing of its own ("the math 500 [score]")
    words = [word for word in _asked_words(question) if _content_tokens(word)
             and not MEASURE_NOUNS.issuperset(_content_tokens(word))]
    held = [token for word in words for token in await _held_forms(store, question, word)]
    if not 2 <= len(words) <= MAX_TOPIC_WORDS or any(token in absent for token in held) or \
            await store.held_in_one_talk(held):
        return None
    topic = words[0]
    topic_held = await _held_forms(store, question, topic)
    apart = [word for word in words[1:]
             if not await store.held_in_one_talk([*topic_held, *await _held_forms(store, question, word)])]
    return (apart, topic) if apart else None


async def _held_forms(store: Store, question: Question, word: str) -> list[str]:
    """The folded tokens of ``word`` as the summaries may hold them: in a German question a verb form no summary
    writes is its infinitive when one does ("gekostet" -> "kosten", the summaries' Kosten)."""
    folded = _content_tokens(word)
    if question.language != "de":
        return folded
    held = []
    for token in folded:
        if not await store.held_in_one_point([token]):
            for infinitive in german_infinitives(token):
                if await store.held_in_one_point([infinitive]):
                    token = infinitive
                    break
        held.append(token)
    return held


def _asks_about(word: str, question: Question) -> bool:
    """Whether an absent word of a question is what it asks about (a noun; in a yes/no question also a participle),
    not a word of its frame nor an aspect of the topic ("das Fazit zu Kinetic", "die Vorteile von Pallas"), nor a
    number, which counts the thing ("how deep do the two screws go")."""
    if any(token in ASPECT_NOUNS for token in tokens(word)) or all(token in NUMBER_WORDS for token in tokens(word)):
        return False
    if question.language == "de":
        if _infinitive_after_a_modal(word, question):
            return False
        if word[:1].isupper() or (question.yes_no and _GERMAN_PARTICIPLE_RE.fullmatch(word.casefold())):
            return True  # a participle is asked about only in a yes/no question ("wurde X verleimt?"); elsewhere
            # a word ending so is the verb a question ends in ("was mussten die für XLA fixen?")
        if _GERMAN_PARTICIPLE_OF_AN_ENGLISH_VERB_RE.fullmatch(word.casefold()):
            return question.yes_no  # so an English verb's ("welche matrixgröße haben die [gesharded]")
        if _capitalises_nouns(question):
            return False  # its nouns are capitalised: a lower-case word is a verb or an adjective
        if german_tags.is_attributive(word, question.text):
            return False  # "die [lahmen] speicherzugriffe": the article is its noun's
        # typed in lower case, a noun is told by the article or preposition before it ("hat kinetic auch ein
        # dashboard", "läuft flydsl auch unter windows", "unter welcher lizenz steht jaxator") or by its word class
        before = _word_before(question.text.casefold(), word.casefold())
        return (before is not None and before in _BEFORE_A_GERMAN_NOUN) or german_tags.is_noun(word, question.text)
    before = _word_before(question.text, word)
    opening = _WHICH_NOUN_RE.match(question.text)
    if opening is not None and opening.group(1).casefold() == word.casefold() and \
            not any(token in KINDS_OF_THING for token in tokens(word)):
        # what/which and a noun, then of or the auxiliary, ask which one of it: "what [brand] of atv did his team race
        # with", "what [camera] does the bee vlogger film with"; after what a verb has neither ("what blew up on …"),
        # and "what kind of wood" asks about the wood
        return True
    if question.yes_no and word.casefold().endswith("ed") and _PASSIVE_RE.match(question.text) is not None and \
            (before or "").casefold() not in _PASSIVE_AUXILIARIES:
        return True  # a passive yes/no question asks about what was done to its subject: "were the stairs [glued]?"
    if word.casefold().endswith(("ing", "ed")):
        # a verb's form before its noun: "can Kinetic attach to [a running] job?"; the last word after a preposition
        # is a noun ("protected against [lightning]")
        last = _LAST_WORD_RE.search(question.text)
        return before is not None and before.casefold() in ENGLISH_PREPOSITIONS and last is not None and \
            last.group().casefold() == word.casefold() and not word.casefold().endswith("ed")
    if before is not None and (before.casefold() in _BEFORE_A_NOUN or before.casefold() in ENGLISH_PREPOSITIONS
                               or (before.endswith(("'s", "s'")) and before.casefold()[:-2] not in IS_CONTRACTED)):
        return True  # "does the treehouse have [a fireplace]?", "anything about [pensions]"
    if question.yes_no and before is not None and \
            _ends_an_object(question.text.casefold(), before.casefold(), word.casefold()):
        return True  # "did they need [a building permit]": the noun a noun phrase after its verb ends in
    # "how does Kinetic manage [secrets]?": after do/does/did the subject, its verb, then what the verb is done to
    return bool(_verbs_before(question, [word]))


# An English question opened by what or which and a noun, then of or its auxiliary: "what brand of …", "which camera
# does …"
_WHICH_NOUN_RE = re.compile(r"\W*(?:what|which)\s+([^\W\d_][\w-]*)\s+(?:of|do|does|did|is|are|was|were|can|could|will"
                            r"|would|should|has|have|had)\b", re.I)
# A German question opened by welche and its noun: "welcher Lehrstuhl …", "welches Betriebssystem …"
_WELCHE_NOUN_RE = re.compile(rf"\W*(?:{'|'.join(sorted(GERMAN_WHICH, key=len, reverse=True))})\s+([^\W\d_][\w-]*)",
                             re.I)
# An English yes/no question in the passive starts with a form of be ("were the treehouse stairs glued together?")
_PASSIVE_AUXILIARIES = frozenset("is are was were".split())
_PASSIVE_RE = re.compile(r"\W*(?:is|are|was|were)\s+(?:the|a|an|this|that|these|those|its|their)\b", re.I)


_AUXILIARIES = _DO_OPENERS | _PASSIVE_AUXILIARIES | {"has", "have", "had"}  # a yes/no question's opening verb


def _ends_an_object(text: str, before: str, word: str) -> bool:
    """Whether ``word`` of the folded English yes/no question ``text`` ends a noun phrase of two words that an article
    or a determiner opens, after no auxiliary: English puts the head noun last, and a yes/no question its object after
    its verb ("did they need [a building permit]"); right after the auxiliary the phrase is the subject, and the word
    after it its verb ("does [the treehouse] leak"). (In a wh-question a clause's subject may come before its verb:
    "what [its architecture] consists of".)"""
    article = _word_before(text, f"{before} {word}")
    return article is not None and article in _BEFORE_A_NOUN and \
        (_word_before(text, f"{article} {before} {word}") or "") not in _AUXILIARIES and before.isalpha()


def _infinitive_after_a_modal(word: str, question: Question) -> bool:
    """Whether a lower-case word ending a German question with a modal verb is the infinitive the modal governs:
    "muss man fusionen bei flydsl selber [anstoßen]", "kann ich kinetic aus nem notebook [starten]"; German puts it
    last, so it is what is done, not a thing asked about; so it does before a clause of its own ("kann ich bei kinetic
    den laptop [zuklappen] während der job läuft")."""
    if not word[:1].islower() or not word.casefold().endswith(("en", "ern", "eln")):
        return False
    return _ends_a_clause(word, question) and any(token in GERMAN_MODALS for token in tokens(question.text))


def _done_to_the_topic(word: str, present: list[str], question: Question) -> bool:
    """Whether an absent infinitive a German yes/no question's modal governs is what it asks, its topic the one other
    word the summaries have: "kann man das baumhaus [mieten]" asks whether the treehouse can be rented, where
    "kann ich kinetic aus nem [notebook] starten" asks about the notebook (``_infinitive_after_a_modal``)."""
    return question.language == "de" and question.yes_no and len(present) == 1 and \
        _infinitive_after_a_modal(word, question)


def _verbs_before(question: Question, words: list[str]) -> set[str]:
    """The folded verb of an English do-question whose run after the auxiliary ends in one of ``words``, what the
    verb is done to: "how does Kinetic [manage] secrets?" (the subject first, then its verb). Only at the question's
    end ("how does the casadi demo deal with the weather": a verb and its preposition), and not after what or which,
    which is then what the verb is done to ("what does the pjrt api standardize")."""
    if question.language == "de" or DO_AUXILIARY_RE.search(question.text) is None or \
            _OBJECT_ASKED_RE.match(question.text) is not None:
        return set()
    return {token for run in name_runs(question.text, question.language)
            if run.after_auxiliary and run.last and len(run.words) >= 3 and run.words[-1] in words
            for word in run.words[1:-1] for token in tokens(word)}


def _word_before(text: str, word: str) -> str | None:
    r"""The word (letters, digits, _ and ') typed right before the first ``word`` that stands as a word of its own:
    group 1 of ``([\w']+)\s+word(?![\w-])``, read with string methods (no pattern to compile per question)."""
    at = text.find(word)
    while at != -1:
        after = at + len(word)
        if after == len(text) or not (text[after].isalnum() or text[after] in "_-"):
            gap = at
            while gap and text[gap - 1].isspace():
                gap -= 1
            start = gap
            while start and (text[start - 1].isalnum() or text[start - 1] in "_'"):
                start -= 1
            if start < gap < at:
                return text[start:gap]
        at = text.find(word, at + 1)
    return None


def _is_name(word: str, question: Question) -> bool:
    """A word that names a thing of its own: a name (GSPMD, FlyDSL, Intel-GPUs), a capitalised word inside an
    English question, a German noun that is no aspect of another ("Beispiele", "Vorteile")."""
    if any(token in ASPECT_NOUNS for token in tokens(word)):
        return False
    if is_term_like(word):
        return True
    return word[:1].isupper() and not question.text.lstrip(" ¿¡\"'(").startswith(word)
