"""What a question asks: its shape, the content words it is about, and its language (English or German).

"wann wurde über HBM gesprochen?" is a *moments* question about "HBM", in German;
"what's the difference between HLO and StableHLO?" compares "HLO" with "StableHLO", in English.
Only the subject (the content words) ever reaches the store: question words, function words
and the verbs that frame a question ("presented", "gesprochen", "watch") never drive retrieval.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache

from store.concepts import IRREGULAR_INFINITIVES, STOPWORDS
from store.lexicon import phrase_key
from store.text import clean_query, fold, tokens, word_tokens

from . import german_tags
from .chat_typing import (
    typed_slips,
    unstretched,
    without_emoji,
    without_sign_off,
    without_typed_address,
)
from .common_words import (
    adverbial_superlative,
    is_everyday,
    is_rare,
    leaning,
    leans_english,
    not_more_german,
    tells_a_language,
)
from .question_words import (
    ABILITY_IDIOM_RE,
    ARTICLES,
    ASKER,
    ASKING,
    ASKS_FOR_A_REASON,
    ASKS_WHY,
    ASPECT_NOUNS,
    BOT_NOUNS,
    CODE_CONSTRUCT_NOUNS,
    CODE_KEYWORDS,
    COME_FORMS,
    COUNTING,
    DE_MARKERS,
    DEGREE_NOUNS,
    DETERMINERS,
    DISCOURSE_ONLY_RE,
    DISCOURSE_RE,
    DO_AUXILIARY_RE,
    DURATION_VERBS,
    EN_MARKERS,
    END_FORMS,
    ENGLISH_ARTICLES,
    ENGLISH_PREPOSITIONS,
    ENGLISH_SUBORDINATORS,
    EXAMPLES,
    FALL_FORMS,
    FIT_FORMS,
    FRAME_WORDS,
    GERMAN_ARTICLES,
    GERMAN_AUXILIARIES,
    GERMAN_JOINING_WORDS,
    GERMAN_MODALS,
    GERMAN_QUESTION_WORDS,
    GREETING_ONLY_RE,
    GREETING_RE,
    HERE,
    INTRODUCTION,
    KIND_WORDS,
    KINDS_OF_THING,
    LINKS,
    MEASURE_NOUNS,
    MID_ADVERBS,
    NAME_TAILS,
    NAMING_NOUNS,
    NOT_A_GERMAN_VERB,
    OPENER_LEAD_RE,
    OPENS_A_QUESTION,
    ORDINAL_PLACES,
    ORDINAL_RE,
    ORDINAL_STEMS,
    OTHER_ONE,
    OTHERS,
    PEOPLE_NOUNS,
    PRONOUNS,
    QUANTITY_FRAME_WORDS,
    QUESTION_WORDS,
    SEPARABLE_PARTICLES,
    SPEAKING,
    SPOKEN_WITH,
    STRESS_WORDS,
    SUBJECT_PRONOUNS,
    THE_BOT,
    TO_THE_BOT,
    UNIT_WORDS,
    UNITS,
    USAGE,
    WHICH_ONE_WORDS,
    WHO_NOUNS,
    setting_of,
)
from .talk_naming import (
    FRAMING_WORDS,
    TALK_NOUNS,
    frames_the_question,
    names_a_talk,
)


class Shape(str, Enum):
    """The kinds of answer a question can want (the values are the metrics' and bench/eval_answers' names)."""

    HELP = "help"
    DEFINE = "definition"  # what is X / was ist X / what does X stand for
    WHO = "who"  # who presented X / wer hat X gehalten
    MOMENTS = "when"  # when / where was X discussed, in which talks: every moment, grouped by talk
    COMPARE = "difference"  # difference between X and Y / X vs Y
    SUMMARY = "summary"  # summarize X / Zusammenfassung von X
    RECOMMEND = "watch"  # which talk should I watch to learn X
    QUANTITY = "number"  # how much / how many / how long / wie viele
    EXPLAIN = "explain"  # why / how / warum / wie
    TALKS = "talks"  # which talks about X / what talks do you have
    DIGEST = "digest"  # digest X: post the talk's digest thread
    MORE = "more"  # more / mehr dazu: the next part of the last answer in this thread
    SEARCH = "search"  # anything else: the key points that answer it
    CLARIFY = "clarify"  # not parsed: the reply to a "why?" with nothing to refer to asks what is meant


_UMLAUT_RE = re.compile(r"[äöüß]", re.IGNORECASE)
_WORD_RE = re.compile(r"[^\W_][\w.+/-]*[^\W_]|[^\W_]", re.UNICODE)  # keeps all_to_all, pl.kernel, Qwen2.5


# Typed German drops the t of "ist" and runs it into the article ("was is n Sparstich", "was isn das", "wasn das"):
# after a German question word or pointer "is" is German, however English its spelling ("was is" is no English).
_SPOKEN_IST_LANGUAGE_RE = re.compile(
    r"(?<![\w'])(?:(?:was|wer|wem|wen|wie|wo|wann|warum|wieso|weshalb|welche[rsnm]?|wozu|wof[üu]r|das|es|da|dort)"
    r"(?:\s+(?:genau|eigentlich|denn|nochmal|jetzt|dann))?\s+is(?:'?n)?|wasn|isn)(?![\w'])", re.I)
_SPOKEN_IST_WORDS = frozenset({"is", "isn", "wasn"})
# Typed German runs "du" into the verb before it: "kannste", "weißte", "haste", "biste" are "kannst du", "weißt du", …
# (not "machte", "sollte", "musste": past tenses; "beste" or "liste" is no verb)
_SPOKEN_DU_RE = re.compile(r"(?<![\w-])(?:(kann|kenn|mach|will|brauch|sieh|hör|mein|glaub|gib|versteh|hilf|find"
                           r"|erklär)ste|(wei(?:ß|ss)|bis|has)te)(?![\w'-])", re.I)


def with_du_spelled_out(text: str) -> str:
    """``text`` with a verb that has "du" run into it spelled as two words: "wat kannste" -> "wat kannst du"."""
    return _SPOKEN_DU_RE.sub(lambda m: f"{m[1]}st du" if m[1] else f"{m[2]}t du", text) if "te" in text else text


def detect_language(text: str) -> str | None:
    """"de" or "en" when the question's own words tell; None when they do not (a bare "ORPO?")."""
    return _language_of(tokens(text), text)


def _language_of(folded: list[str], text: str) -> str | None:
    """``detect_language`` of ``text`` whose ``tokens`` are ``folded``."""
    german = float(sum(1 for word in folded if word in DE_MARKERS and word not in EN_MARKERS))
    english = float(sum(1 for word in folded if word in EN_MARKERS and word not in DE_MARKERS))
    if not _SPOKEN_IST_WORDS.isdisjoint(folded):
        german += 2 * len(_SPOKEN_IST_LANGUAGE_RE.findall(text))  # outweighs the English "is" it is spelled as
    if any(token.endswith("te") for token in folded):
        german += 2 * len(_SPOKEN_DU_RE.findall(text))  # "kennste tinix": German whatever the other words
    # Shared spellings ("was", "in", "die") count for neither; umlauts only hint (corpus terms have them too).
    german += 0.5 * bool(_UMLAUT_RE.search(text))
    if german == english:
        # the marker words tell neither: how the languages write the other words, names aside ("nutzt [jax] quantum
        # intern dynamiqs" is German)
        return leaning([token for token in folded if tells_a_language(token)])
    return "de" if german > english else "en"


@dataclass
class Question:
    """A parsed question. ``subject`` keeps the user's spelling; ``other`` is the second side of a comparison."""

    text: str
    shape: Shape
    subject: str = ""
    other: str = ""
    language: str | None = None  # None: the words did not tell (the thread's language or English is used)
    follow_up: bool = False  # "and what about ORPO?": the last question's shape with a new subject
    # "same for XLA?": a follow-up that asks the last question again as it was, not what the thread's talk says of XLA
    as_before: bool = False
    refers_back: bool = False  # "who presented it?": the subject is the thread's talk or topic
    in_thread_talk: bool = False  # "was heißt da RDMA?", "what's X in there?": asked inside the thread's talk
    yes_no: bool = False  # "läuft Kinetic auch mit Terraform?", "does the treehouse have a fireplace?"
    quantity: str = ""  # QUANTITY: "year", "percent", "speed", "time", "count", "throughput", "size" or "" for any
    raw: str = ""  # DEFINE: the asked-about text as typed ("XLA & HLO" asks for two terms)
    # DEFINE "what is an MX expression in CasADi?": the term alone ("MX expression") and what places it ("CasADi")
    term: str = ""
    qualifier: str = ""
    extra: list[str] = field(default_factory=list)
    described: bool = False  # DEFINE: the subject describes the thing ("what's the name for …"), it does not name it
    # a follow-up's own words when its subject joins the thread's topic ("und welcher solver löst das dann": solver
    # löst): the topic says what "das" is, these words what is asked of it
    asked: str = ""
    # the asker's context before or after the question ("I'm planning a treehouse, so …"), not asked (``parse``)
    context: str = ""

    @property
    def lang(self) -> str:
        return self.language or "en"


TALK_QUESTIONS = frozenset({Shape.WHO, Shape.SUMMARY, Shape.RECOMMEND, Shape.TALKS})  # answered with a talk


def without_quantity_frames(subject: str) -> str:
    """A number question's ``subject`` without what it asks of the number besides the thing (QUANTITY_FRAME_WORDS:
    "kinds", "kleinste") and without the people it counts, whom the summaries name instead ("wie viele Personen
    stellen Tunix vor": "Lance, Su und Hu"), unless nothing else is left."""
    kept = [word for word in subject.split()
            if not all(token in QUANTITY_FRAME_WORDS or token in PEOPLE_NOUNS for token in word_tokens(word))]
    return " ".join(kept) if kept else subject


def without_kind_words(subject: str) -> str:
    """``subject`` without the words that only name a kind of thing, unless nothing else is left."""
    kept = [word for word in subject.split() if not all(token in KIND_WORDS for token in word_tokens(word))]
    return " ".join(kept) if kept else subject


# The editor typed in lower case: "vs" that names, not "versus" ("can i debug a kinetic job in vs code")
_VS_CODE = r"vs\s+code\b"
# A frame word typed in capitals before a capitalised word is the first word of a name: "VS Code", "IT Security"; so
# is the "vs" of "vs code"
_CAPITALS_OPEN_A_NAME_RE = re.compile(rf"[A-Z]{{2,}}\s+[A-Z][a-z]|(?i:{_VS_CODE})")
# A programming keyword typed before the noun of the construct it opens is the first part of a compound written apart
# (German) or the construct's name (English), no conjunction: "if abfragen" (If-Abfragen), "for schleifen", "else
# zweig", "while loops"
_KEYWORD_OPENS_A_NOUN_RE = re.compile(rf"(?i:(?:{'|'.join(CODE_KEYWORDS)})[\s-]+(?:{'|'.join(CODE_CONSTRUCT_NOUNS)}))")


def subject_words(text: str) -> str:
    """The content words of ``text`` as the user wrote them, frame and function words dropped."""
    kept: list[str] = []
    previous_kept = False
    matches = list(_WORD_RE.finditer(text))
    for at, match in enumerate(matches):
        word = match.group()
        folded = word_tokens(word)
        keep = bool(folded) and ("_" in word or not all(frames_the_question(token) for token in folded)
                                 or _a_names_tail(folded, matches, at, previous_kept)
                                 or _CAPITALS_OPEN_A_NAME_RE.match(text, match.start()) is not None
                                 or _KEYWORD_OPENS_A_NOUN_RE.match(text, match.start()) is not None)
        following = matches[at + 1].group().casefold() if at + 1 < len(matches) else ""
        if keep and word.casefold() == "as" and following == "in":
            keep = False  # "MHA as in multi-head attention": "as in" glosses the name before it, no word of its own
        if keep and word.casefold() == "out" and at and matches[at - 1].group().casefold() in COME_FORMS:
            keep = False  # the particle of "come out (of)": where from or when released, no topic (COME_FORMS)
        if keep and word.casefold() in FIT_FORMS and following == "together":
            keep = False  # "how X and Y fit together": how they relate, no topic (FIT_FORMS)
        if keep and word.casefold() in FALL_FORMS and \
                any(other.group().casefold() in NAMING_NOUNS for other in matches):
            keep = False  # "fällt der Name X": the name comes up, no topic (FALL_FORMS)
        if keep and word.casefold() in END_FORMS and following == "up":
            keep = False  # "where do X end up": where X arrives, no topic (END_FORMS)
        if keep and word.casefold() in ENGLISH_PREPOSITIONS and following in PRONOUNS and \
                word_tokens(following) == (following,):
            keep = False  # a preposition whose object points back says when or how, no topic: "[after] that"
        if keep:
            kept.append(word)
        previous_kept = keep
    return " ".join(kept)


def with_phrase_words(subject: str, text: str, phrases: Collection[str]) -> str:
    """``subject`` with each function word put back that the word typed beside it makes a phrase of the English word
    list with: a multi-word expression is one meaning, its function word part of it ("by hand" is manuell, "facing
    up" nach oben), where the function word alone frames the question and was dropped (``subject_words``)."""
    kept = subject.split()
    typed = [match.group() for match in _WORD_RE.finditer(text)]
    for at in range(len(typed) - 1):
        first, second = typed[at], typed[at + 1]
        if (first in kept) == (second in kept) or phrase_key(f"{first} {second}") not in phrases or \
                not all(frames_the_question(token) for token in word_tokens(second if first in kept else first)):
            continue  # (only a function word: a kind word left out, "the roofline [model]", stays out)
        if first in kept:
            kept.insert(kept.index(first) + 1, second)
        else:
            kept.insert(kept.index(second), first)
    return " ".join(kept)


# Words a noun's name follows: "what [learning rate]", "the [learning rate]"
_BEFORE_A_NAME = frozenset("what whats which the a an welche welcher welches welchen die der das den".split())


def _a_names_tail(folded: tuple[str, ...], matches: list[re.Match[str]], at: int, after_content: bool) -> bool:
    """Whether the word at ``at`` (``folded``: its tokens) is a NAME_TAILS word that is part of a name: after a content
    word ("reinforcement [learning]") or opening one ("what [learning] rate")."""
    if len(folded) != 1 or folded[0] not in NAME_TAILS:
        return False
    if after_content and folded[0] == "lernen" and matches[at].group().islower() and \
            not _adjective_before(matches[at - 1].group(), matches[at].string):
        # "wenn ich hbm lernen will": German's verb after its object; a name only after an adjective ("maschinelles
        # lernen")
        return False
    return after_content or _opens_a_name(matches, at)


def _adjective_before(word: str, text: str) -> bool:
    """Whether ``word`` of the German ``text`` is an adjective before the noun after it: the tagger's word class, or
    an attributive adjective's ending on a word it reads as no noun ("föderiertes", which it does not know)."""
    return german_tags.is_attributive(word, text) or (
        word.casefold().endswith(_ADJECTIVE_ENDINGS) and not german_tags.is_noun(word, text))


def _opens_a_name(matches: list[re.Match[str]], at: int) -> bool:
    """Whether the NAME_TAILS word at ``at`` is a name's first word: after a question word or an article and before
    a content word ("what [learning] rate did Tunix use"), not the verb of "for learning Pallas"."""
    if at == 0 or at + 1 >= len(matches) or matches[at - 1].group().casefold() not in _BEFORE_A_NAME:
        return False
    following = word_tokens(matches[at + 1].group())
    return bool(following) and not all(frames_the_question(token) for token in following)


def _content_span(text: str) -> str:
    """``text`` from its first content word to its last, as typed: "GEMM again" -> "GEMM", "the MX expression in
    CasADi" keeps its inner "in"; '' when it has no content word."""
    words = text.split()
    content = [index for index, word in enumerate(words)
               if (folded := word_tokens(word))
               and ("_" in word or not all(frames_the_question(token) for token in folded))]
    return " ".join(words[content[0]: content[-1] + 1]) if content else ""


def _only_function_words(text: str) -> bool:
    """True for "all to all": stopwords only, none that frames a question ("best") or points back ("it"), and not a
    subject pronoun or German article alone, which stands for the thread's topic ("what are they for?", "wozu sind die
    gut?"), no thing named "they" or "die"."""
    words = tokens(text)
    return bool(words) and all(word in STOPWORDS and word not in PRONOUNS for word in words) and \
        not set(words) <= SUBJECT_PRONOUNS | GERMAN_ARTICLES


# What a thing does or is for: "was macht oneDNN?", "wozu dient Grain?", "what is Grain used for?", "what's XPK for?",
# "what is RL used for in Tunix?", "what does Pathways do in the MaxText stack?";
# about "it" or "that" ("what is that good for?", "what's that for", "wozu dient das?") it asks why the thread's topic
# is there: an explanation.
# A definition asked by describing the thing: "what's the name for the memory right on the chip", "what do you call it
# when …", "wie heißt nochmal das ding, das …", "wie nennt man das, wenn …". The description is the subject; the answer
# is the glossary entry it describes (``Question.described``), not an entry named by its words.
_DESCRIBED_NOT_A_THING = (r"(?:one|speaker|presenter|person|guy|team|company|university|talk|video|session"
                          r"|presentation|lecture|vlog|doc|documentary|year|month|day|date|time|version)")
_DESCRIBED_RE = re.compile(
    r"^(?:what(?:'s|s| is| was)(?: the)? (?:name|word|term)(?: for| of)"
    r"|what (?:do|does|did|would) (?:you|they|we|people|one|the speakers?) call"
    r"|how (?:do|does|would) (?:you|they|we|people|one) call"
    r"|what(?:'s|s| is| was| are) (?:it|that|this|the thing) called"
    r"|wie (?:hei(?:ß|ss)t|hei(?:ß|ss)en|hie(?:ß|ss)|nennt man|nennen (?:die|sie)|nannte man|nennt sich)"
    r"|was ist (?:das|der) (?:wort|begriff|name) f[üu]r"
    # "which network turns latent data back into pixels": which one thing of a kind does what, its description the
    # rest (the kind noun first, singular, then its verb, no auxiliary: not "which talk covers …", "which month does …")
    rf"|which(?= (?!{_DESCRIBED_NOT_A_THING}\b)[^\W\d_][\w-]*(?<!s) (?!(?:does|is|was|has)\b)[^\W\d_]+(?<!s)s\b))"
    r"(?:\s+(?:nochmal|noch mal|nochmals|eigentlich|denn|gleich|again))*"
    r"(?:[\s,]+(?:it|that|this|the thing|the stuff|the part|das|der|die|dieses|diese|dieser)"
    r"(?:\s+(?:ding|teil|zeug|sache|verfahren|konzept|thing|stuff|part))?)?"
    r"(?:[\s,]+(?:when|where|if|that|which|where you|das|die|der|wo|wenn|womit|bei dem|mit dem))?"
    r"\s+(?P<s>.+?)[\s?!.]*$", re.I)
# The article of a thing asked about, as typed: chat's German drops the "ei" ("was macht [n] VAE", "was ist [ne] TPU")
# and says "such a" for "a" ("was macht [so n] VAE", "was ist [so ein] Sparstich")
_SPOKEN_INDEFINITE = r"(?:a|an|ein|eine|einen|n|ne|nen|'n)"
_SPOKEN_ARTICLE = rf"(?:the|der|die|das|den|{_SPOKEN_INDEFINITE})"
# A verb whose object is what a term is: "was beschreibt eine Kraus-Map", "was misst die KL-Divergenz" ask for its
# definition, as "what does a Kraus map describe" does
_DEFINING_VERB_DE = r"(?:beschreibt|beschreiben|misst|messen|bezeichnet|bezeichnen|quantifiziert|quantifizieren)"
# Asked for the point, the reason or an upside or downside of a thing: "whats the point of post-training if …", "what's
# the downside of running rollout and training colocated", "was is der vorteil von palace für tpus", or with the thing
# said first: "palace on tpus, what's the selling point". It asks why (or why not) the thing is done, which a key point
# explains; the noun asks the question, it names no term to define.
_MERIT_ASKED = (
    r"(?:what(?:'s|s| is| was| are| were)|was (?:ist|is|war|sind|waren))(?: (?:denn|eigentlich|genau|so))?"
    r" (?:the|der|die|das)(?: (?:main|big|real|whole|actual|eigentliche|gro(?:ß|ss)e))?"
    r" (?:point|reason|advantages?|benefits?|upsides?|downsides?|drawbacks?|disadvantages?|selling points?|pitch"
    r"|vorteile?|nachteile?|sinn|grund|zweck)")
_MERIT_ASKED_RE = re.compile(
    rf"^{_MERIT_ASKED} (?:of|in|for|to|von|vom|bei|beim|an|am|f[üu]r)\b"
    rf"|^(?P<s>.+?)\s*[-–—:,]+\s*{_MERIT_ASKED}(?: (?:here|there|then|da|dabei|dann|hier))?$", re.I)
_PURPOSE_RE = re.compile(
    r"^(?:was (?:macht|machen|tut|tun)(?! (?:man|ich|wir|du|ihr)\b)|wozu (?:dient|dienen)"
    r"|wof[üu]r (?:ist|sind|dient|dienen|wird|werden|wurde|wurden)"
    # (only of a pronoun: "wozu sind die gut" asks why the thread's topic is there; "wozu ist oneapi gut" asks what a
    # key point explains, as "wozu" does)
    r"|wozu (?:ist|sind|war|waren)(?= (?:das|dies|diese|die|der|es|sie) gut$)"
    r"|what (?:is|are)(?= .+ (?:(?:used|good) )?for$| .+ (?:used|good) for (?:in|within|inside|on) )"
    # (a pronoun-like article before the tail alone is the thing: "wozu sind [die] gut" asks of the thread's topic)
    rf"|what (?:does|do)(?= .+ do (?:in|within|inside|on|for) ))\s+(?:so\s+)?(?:{_SPOKEN_ARTICLE}\s+(?!gut$))?"
    r"(?P<s>.+?)(?:\s+(?:eigentlich|genau|da|verwendet|genutzt|benutzt|eingesetzt|gut|used for|good for|short for"
    r"|(?:supposed|meant) to stand for|for))?$",
    re.I)  # "what is HBM short for" asks what it stands for, as a definition does; "wofür ist Eigh gut" what it is for
# "was hat das Baumhaus gekostet", "what did the treehouse cost": what a verb whose object is an amount (kosten, cost;
# verdienen, earn: "was hat ein Maschinist 1981 pro Stunde verdient") is done to asks how much, as "wie viel" and
# "how much" do; only "was"/"what" is the question word, the rest is the subject
# (the verb last, after its auxiliary and the thing: "was hat … gekostet", "what did … cost"; after a preposition or an
# article it is the noun, set aside or named: "what does tpu inference buy you [beyond cost]", "… außer den kosten")
_COST_AS_A_NOUN_AFTER = "|".join(sorted(ENGLISH_PREPOSITIONS | ENGLISH_ARTICLES | frozenset(
    "than and or its their außer ausser neben jenseits der die den".split())))
_AMOUNT_VERB_RE = re.compile(r"^(?:was|what)(?=\s(?:hat|haben|hatte|hatten|wird|werden|w[üu]rde|did|does|do|will|would)"
                             rf"\s(?:.+\s)?(?!(?:{_COST_AS_A_NOUN_AFTER})\s)\S+\s(?:gekostet|kosten|cost|verdient|verdienen"
                             r"|earn|earned)$)", re.I)


def asks_an_amount(text: str) -> bool:
    """Whether ``text`` asks what a thing cost (``_AMOUNT_VERB_RE``): a number question naming no measured thing."""
    return bool(_AMOUNT_VERB_RE.match(text.strip().rstrip("?!. ")))


# Whether a talk is worth watching: "is the Pallas talk worth watching?", "lohnt sich der Kinetic-Vortrag?"; without a
# talk named ("is it worth watching?", "lohnt sich der Vortrag dazu?") the talk is the thread's. What it is worth
# watching for may follow: "worth watching for debugging?", "anything worth a look on tree screws".
_WORTH_RE = re.compile(
    r"^(?:(?:(?:is|are|was|were|would)(?: it be)?\s+(?P<s>.*?)\s*|(?:(?:is there )?(?:any|anything|something|a|one)"
    r"(?: (?:talk|video|session)s?)?\s+)?)worth (?:watching|seeing|a (?:look|watch)|it|the time)"
    r"(?:\s+(?:anything|something|any (?:talk|video)s?|a (?:talk|video)|one))?(?:\s+(?:for|on|about|regarding|if)"
    r"\s+(?P<s3>.+))?"
    r"|lohn(?:t|en)(?: es)? sich(?P<s2>.*?)(?:\s+(?:f[üu]r|zum|zur)\s+(?P<s4>.+))?"
    r"|(?:ist|is|sind|war|w[äa]re)\s+(?P<s5>.+?)\s+sehenswert(?:\s+(?:f[üu]r|zum|zur)\s+(?P<s6>.+))?)$", re.I)
# (s3, s4, s6: what it is worth it for, "… for debugging", "lohnt sich das für Einsteiger"; s5: German "sehenswert" is
# worth watching: "ist der Pallas-Vortrag sehenswert")


def weighs_its_subject(text: str) -> bool:
    """Whether a question asks if a thing it names is worth it ("lohnt sich eine Solaranlage für die Sauna?", "is the
    Pallas talk worth watching?"), not what is worth watching for a topic ("lohnt sich das für Pallas?", "is it worth
    watching for debugging?", "welches Video lohnt sich?"): only then is that thing a talk, or nothing the talks are
    about. The thing is before what it is worth it for, and more than a pronoun."""
    match = _WORTH_RE.match(text.strip().rstrip("?!. "))
    return match is not None and bool(subject_words(match["s"] or match["s2"] or match["s5"] or ""))


# "in welchen Talks kommt X vor", "in which videos does X come up": the talks a topic comes up in are asked for, not
# only its moments
_IN_WHICH_TALKS_RE = re.compile(r"\bin (?:which|what|welchen) (?:talks|vortr[äa]gen|videos|sessions)\b", re.I)


def asks_in_which_talks(text: str) -> bool:
    """Whether a moments question asks in which talks a topic comes up (a list of talks), not when or where."""
    return _IN_WHICH_TALKS_RE.search(text) is not None


# "vs" that compares: not "VS" typed in capitals before a capitalised word, which names a product ("VS Code",
# "VS Studio"), nor "vs code" typed in lower case, the editor ("can i debug a kinetic job in vs code"); "GPU VS TPU",
# "X vs Y", "pallas_call vs. pl.kernel" still compare
_VERSUS = rf"(?:(?!(?-i:VS\s+[A-Z][a-z]))(?!{_VS_CODE})vs\.?|versus)"
# The nouns that ask for a talk's summary, and the adjectives that ask for it short ("a quick rundown", "kurzer
# Überblick")
# (a version asked short is the summary: "short version of the talk about …", "die Kurzversion vom …")
_SUMMARY_NOUNS = (r"(?:summary|overview|rundown|run-down|recap|gist|tl;?dr|synopsis|[üu]berblick|zusammenfassung"
                  r"|kurzfassung|res[üu]mee|inhalt|(?:short|quick|brief|condensed|kurze[nr]?) version|kurzversion)")
_BRIEF = r"(?:(?:short|quick|brief|little|rough|kurze[nrs]?|kleine[nrs]?|knappe[nrs]?|grobe[nrs]?) )?"
# The nouns for what a whole talk says in one thought, its gist: asked of a talk ("die Kernaussage von dem Vortrag, wo
# …", "the main takeaway of the video that …") they ask for its summary, not for a term or a point of that name
_GIST_NOUNS = (r"(?:kernaussagen?|hauptaussagen?|kernbotschaft(?:en)?|hauptbotschaft(?:en)?|botschaft|quintessenz"
               r"|essenz|kernpunkte|kernthesen?|kernidee|grundidee|fazit|gist|takeaways?|key takeaways?"
               r"|main (?:points?|messages?|ideas?|takeaways?)|key (?:points|messages?|ideas?)"
               r"|core (?:messages?|ideas?)|big idea|bottom line|upshot|essence|moral|wichtigsten punkte)")
# (the nouns naming a talk in unfolded text, their plurals and German forms; ``TALK_NOUNS`` are folded frame tokens)
_TALK_NOUN = (r"(?:talks?|videos?|sessions?|presentations?|lectures?|vortr[äa]g\w*|pr[äa]sentation(?:en)?|vlogs?|docs?"
              r"|documentar(?:y|ies))")
# A talk's noun and the word that ties its topic or its speakers to it: "the talk [on] …", "der Vortrag [von] …"
_TALK_NOUN_THEN = rf"{_TALK_NOUN} (?:on|about|by|from|of|with|[üu]ber|zu|zum|zur|von|vom|mit|bei|der|des)"
_ONE_TALK_NOUN_THEN = (r"(?!(?:talks|videos|sessions|presentations|lectures|vortr[äa]ge|pr[äa]sentationen|vlogs"
                       rf"|docs|documentaries)\b){_TALK_NOUN_THEN}")
# (shape, pattern). Matched against the cleaned question, case-insensitively, in this order; the
# named group ``s`` (and ``o`` for comparisons) is where the subject is, else the rest of the text.
_I = re.IGNORECASE
# "what tpu version", "which llama versions", "welche tpu gens", "mit welcher tpu generation": the version of a name
# asked for, the name (at most one word) between; not "what version control …" nor "which image generation model"
_WHICH_VERSION = (r"(?:what|which|welche[rnms]?)(?= (?:[\w.-]+ )?(?:versions?|generations?|generationen|gens)\b"
                  r"(?!\s+(?:control|conflicts?|models?|modelle?|pipelines?|tasks?|process|prozess)\b))")
# "what chip counts …", "which step count …": a count of the thing named before "count"
# (also asked of "the" count, given roughly: "what is the rough op count of StableHLO")
_WHAT_COUNT = (r"(?:what|which)(?=(?:'s|s| is| was| are| were)?(?: the)?(?: (?:rough|approximate|exact|total|overall))?"
               r" (?:[\w-]+ )?counts?\b)")
# The contrast of two sides asked without a difference noun: "was ist (da) anders", "was is was", "what's what",
# "which is which"
_WHICH_IS_WHICH = (r"\b(?:was|what)(?:'s|s)?(?:\s+(?:is|ist|sind|are))?(?:\s+(?:da|denn|dabei|jeweils))?"
                   r"\s+(?:anders|was|what)\b|\bwhich\s+is\s+which\b")
# Which of two sides to take, asked after them, contrasts them as a difference does: "Tunix oder MaxText – wann nehm
# ich was", "was nimmt man wann", "X or Y, when do I use which", "which one should I pick"
_WHEN_WHICH = (r"\b(?:wann\s+(?:nehm|nimm|nutz|benutz|verwend|brauch)\w*\s+(?:ich|man|wir|du)\s+(?:was|welche[sn]?)\b"
               r"|was\s+(?:nehm|nimm|nutz|benutz|verwend|brauch)\w*\s+(?:ich|man|wir|du)\s+wann\b"
               r"|when\s+(?:(?:do|should|would|to)\s+)?(?:(?:i|we|you|one)\s+)?(?:use|pick|choose|take)\s+which\b"
               r"|which\s+(?:one\s+)?(?:(?:should|do|would)\s+(?:i|we|you|one)\s+|to\s+)(?:use|pick|choose|take)\b)")
# The English verbs that say a talk was given, after who or the person asked for
_PRESENTED = (r"(?:presented|presents|gave|gives|held|spoke|speaks|talked|talks|hosted|delivered|introduced|showed"
              r"|demoed)")
# Nouns for a person or a group of them who may give a talk (``WHO_NOUNS``'s words), English and German
_PERSON_NOUNS = r"(?:person|people|persons|guy|guys|lady|woman|man|dude|folks|team|group|lab|researchers?|engineers?)"
_PERSONEN = (r"(?:person|personen|leute|typ|frau|mann|team|gruppe|forscher|forscherin|forscherinnen"
             r"|referent(?:in)?|referenten)")
# "where"/"wo" asks for a place in a talk unless its verb places a thing in the world the talk describes: "where do
# plain filters end up on the tpu", "wo liegen die Modellgewichte", "wo kann man X runterladen" ask what the talk says
_PLACE_OF_A_THING = (r"(?!.*\b(?:end(?:s|ed)? up|stored|located|hosted|downloaded|download"
                     r"|liegt|liegen|lag|lagen|landet|landen|gespeichert|(?:he)?r(?:unter|auf)(?:zu)?lad\w*|downloaden)\b)")
# The German adjectives that, said last, ask what about a thing was so ("was war daran schwierig")
_PREDICATE_ADJECTIVE_DE = (r"(?:schwierig|schwer|kompliziert|problematisch|knifflig|heikel|aufw[äe]ndig|tricky|neu"
                           r"|anders|besonders|wichtig|falsch|schief|gut|schlecht|langsam|teuer)")
# The plain nouns a pointer back to a term may carry, naming no kind the term falls in: "straggler, what does that
# term mean", "vhlo – what is that thing" ask what the term said first is (German's "was bedeutet der Begriff" below)
_POINTED_NOUN = r"(?: (?:thing|term|word|abbreviation|acronym|expression|concept))"
# Where in the talks a thing comes up: "when …", "at what point …", "an welcher Stelle …", "in which talks …"
_WHEN_RE = re.compile(
    rf"^(?:when|where{_PLACE_OF_A_THING}|wann|wo{_PLACE_OF_A_THING}"
    r"|at (?:what|which) (?:times?|points?|minutes?|moments?|timestamps?)|an welche[rn]? stellen?"
    r"|zu welchem zeitpunkt"
    # "ab wann geht's im Tunix-Video um DPO": from which moment of a talk on, not since what date ("ab wann geht der
    # Kurs los", a number)
    r"|ab wann(?=\s(?:geht'?s|geht es|ging'?s|ging es)\s(?:.+\s)?um\s)"
    r"|(?:bei|in|an|ab|zu) welche[rnm]? (?:minute|sekunde|zeitmarke)|(?:at |in )?(?:what|which) minute"
    r"|timestamps?|zeitstempel"
    r"|in (?:which|what|welchen|welchem) (?:talks?|vortr[äa]gen|vortrag|videos?)"
    r"|(?:which|what) (?:talks|sessions|videos)\b(?=.*\s(?:in|at)$))\b", _I)  # "which talks did X come up in"
_PATTERNS: list[tuple[Shape, re.Pattern[str]]] = [
    (Shape.HELP, re.compile(
        r"^(?:help|hilfe|\?+|what can you do|what do you do"
        r"|what are you|who are you|how does this work"
        r"|how do i use (?:you|this)|usage|commands|befehle|was kannst du(?: alles)?(?: tun| machen)?|wer bist du"
        r"|was machst du|wie funktionierst du|wie benutze ich dich)(?: talkbot)?[\s!?.]*$", _I)),
    (Shape.MORE, re.compile(
        r"^(?:(?:and |und )?(?:more|mehr|weiter|continue|go on|keep going|carry on|mach weiter|next|noch mehr|mehr dazu"
        r"|mehr davon|more please"
        r"|tell me more|show me more|show more|erz[äa]hl(?: mir)? mehr|zeig(?: mir)? mehr|mehr bitte|what else"
        r"|what else (?:did|do|does|was|were|is|are) (?:they|he|she|it|the talk|the speakers?)(?: \w+){0,3}"
        r"|was (?:haben|hat|wurde|gab es)(?: \w+){0,2} (?:sonst|noch)(?: (?:erz[äa]hlt|gesagt|gezeigt|besprochen"
        r"|vorgestellt|erw[äa]hnt|behandelt))?"
        r"|was noch|und sonst))(?P<s>(?:[\s,]+\S.*?)?)[\s!?.]*$", _I)),
    (Shape.DIGEST, re.compile(r"^digest\s+(?P<s>.+)$", _I)),
    (Shape.COMPARE, re.compile(  # the two sides first, the difference asked after them in a clause of its own:
        # "oneMKL und oneDNN – worin unterscheiden die sich?", "VHLO vs. StableHLO, wo liegt da der Unterschied"
        # … or the contrast asked as "was ist (da) anders", "was ist was", "which is which"; German sets one side
        # "gegen" the other as English does with "vs" ("Triton gegen Pallas – worin unterscheiden die sich")
        rf"^(?P<s>[^,:;?–—]+?)\s+(?:and|und|or|oder|&|gegen|{_VERSUS})\s+(?P<o>[^,:;?–—]+?)\s*(?:[,:;?–—]|\s-\s)"
        rf"(?=.*(?:differ|diff\b|unterschied|unterscheid|{_WHICH_IS_WHICH}|{_WHEN_WHICH}))", _I)),
    (Shape.COMPARE, re.compile(  # (?=…): the first letters, so that re skips the other positions at once; chat's
        # short "diff" asks the same before "between" ("what's the diff between hbm and vmem")
        r"(?=[du])(?:difference|differences|diffs?|unterschied|unterschiede)\s+(?:is there\s+|gibt es\s+)?"
        r"(?:between|zwischen)\s+(?P<s>.+?)\s+(?:and|und|&)\s+(?P<o>.+)$", _I)),
    (Shape.COMPARE, re.compile(
        # (not a thing before vs after a change, whose two sides are times: "the math 500 score before vs after the rl
        # run" asks for the score, which one point gives as it went from one to the other)
        rf"^(?!.*\b(?:before|vorher|davor)\s+{_VERSUS}\s+(?:after|nachher|danach)\b)"
        rf"(?:how (?:does|do|is|are)\s+)?(?P<s>.+?)\s+(?:differ(?:ent)? from|compared? (?:to|with)|{_VERSUS}"
        r"|im vergleich zu|gegen[üu]ber|verglichen mit|unterscheidet sich von)\s+(?P<o>.+?)(?:\s+differ)?$", _I)),
    (Shape.COMPARE, re.compile(
        r"^(?:compare|vergleiche?|(?:wie|worin) unterscheiden sich|what distinguishes)\s+(?P<s>.+?)\s+"
        r"(?:and|und|with|mit|to)\s+(?P<o>.+?)(?:\s+(?:differ|voneinander))?$", _I)),
    (Shape.COMPARE, re.compile(r"^how (?:do|does)\s+(?P<s>.+?)\s+(?:and|with)\s+(?P<o>.+?)\s+differ$", _I)),
    (Shape.COMPARE, re.compile(
        # "worin", "wodurch", "inwiefern" ask the same as "wie": in what way one side differs from the other
        r"^(?:was |wie |worin |wodurch |inwiefern )?unterscheidet (?:sich )?(?P<s>.+?)\s+(?:von|vom)\s+(?P<o>.+)$",
        _I)),
    (Shape.COMPARE, re.compile(  # one question asked of two sides in a row contrasts them: "what goes through
        # oneDNN and what goes the MLIR route", "was macht oneMKL und was macht oneDNN"; not of the thread's topic
        # ("what did they build and what did it cost")
        r"^(?!.*\b(?:it|its|they|them|their|this|that|these|those|es|sie|er|ihn|ihm|dies|diese[rsnm]?)\b)"
        r"(?:.*?\s)?(?P<w>what|was|which|welche[rsnm]?)\s+(?P<s>.+?)\s+(?:and|und)\s+(?P=w)\s+(?P<o>.+)$", _I)),
    (Shape.COMPARE, re.compile(  # in a thread: "what's the difference to PPO?", "und der Unterschied zu PPO?"
        r"^(?:(?:what(?:'s| is| was)|was ist|was war|wo ist|wo liegt|worin (?:liegt|besteht)) )?(?:the |der )?"
        r"(?:difference|diff|unterschied) (?:to|from|with|zu|zum|zur|von|vom|gegen[üu]ber|mit)\s+(?P<o>.+)$", _I)),
    (Shape.RECOMMEND, _WORTH_RE),
    (Shape.RECOMMEND, re.compile(  # (?=…): the first letters of every alternative, as above
        r"(?=[begrsw])(?:(?:which|what) (?:talk|session|video|one)s? (?:should|would|could|do) (?:i|we|you|one) "
        r"(?:watch|see|start with|recommend|check out)"
        # ("what should i watch out for" asks what to beware of: the word list's "watch out", no talk to watch)
        r"|\bwhat (?:(?:should|could|can) (?:i|we) |(?:i|we) (?:should|could) |to )(?:watch(?! out\b)|see|start with"
        r"|check out)\b"
        r"|(?:recommend|suggest)(?: me)? (?:a |one )?(?:talk|session|video)"
        r"|(?:best|good) (?:talk|session|video|place|starting point)s? (?:to|for|on|about)"
        r"|where (?:should|can|do) (?:i|we) (?:start|learn|begin)"
        # "womit fang ich an, wenn ich X lernen will", "wo soll ich anfangen": where to start, as "where should I start"
        r"|\bwo(?:mit)? (?:fang(?:e)?|beginn(?:e)?|starte?) ich(?= .*\ban\b|$| am besten\b)"
        r"|\bwo(?:mit)? (?:soll(?:te)?|kann) ich (?:am besten )?(?:anfangen|beginnen|starten|einsteigen)\b"
        r"|\bwhat (?:should|do|can) (?:i|we) start with\b"
        r"|welche[nrs]? (?:vortrag|video|talk)\w* (?:soll(?:te)?|k[öo]nnte|kann|w[üu]rdest|empfiehlst|empfehlen)"
        r"|welche[rs]? (?:vortrag|video|talk)\w* (?:ist am besten|eignet sich|ist gut|ist der beste)"
        r"|(?:empfiehl|empfehle|empfehlen)(?: mir| uns)? (?:einen |ein )?(?:vortrag|video|talk)"
        r"|wo (?:lerne|lern|kann|erfahre|erfahr) ich|bester vortrag|besten vortrag"
        # "was soll ich mir für Kinetic anschauen?", "was schau ich mir für XLA an?": what to watch, as "what should I
        # watch"; only the opening is matched, the topic stays in the rest
        r"|\bwas (?:soll(?:te|t)?|kann|k[öo]nnte) ich(?: mir)?(?=\s(?:.*\s)?(?:an)?(?:schau(?:en|n)|sehen|seh(?:e|n)"
        r"|gucken|guck(?:e|n)?)\b)|\bwas (?:schau|guck|seh) ich mir(?=\s.*\ban$)"
        r"|\bwhat (?:do|would|can) you recommend\b|\bwas (?:empfiehlst|w[üu]rdest) du\b"
        # "gibts n video dazu, wie …", "… darüber, ob …", "gibts nen talk der erklärt …": one talk asked for by a
        # clause on what it shows, in the asker's words, as "welches video zeigt …" asks (only the opening is
        # matched; "gibt es Vorträge, die …" asks for all of them)
        rf"|\bgibt(?:'s|s| es) (?:ein|eine|einen|n|ne|nen|'n) {_TALK_NOUN}(?: (?:dazu|dar[üu]ber|hierzu))?,?"
        r"(?= (?:der|die|das|den|dem|wo|wie|ob|in dem|in der|bei dem)\b)"
        r"|(?<!in )\b(?:which|what) (?:talk|session|video)\b(?!s)|\bwelche[rsn]? (?:vortrag|video|talk)\b(?!s))", _I)),
    (Shape.RECOMMEND, re.compile(  # the need told first, the talk asked after it in a clause of its own: "ich will
        # X, gibts dazu n video?", "I want X, is there a talk on that?" ("n", "'n": spoken "ein")
        r"[,;:–—]\s*(?:and |und |also |auch )?(?:gibt es|gibt's|gibts|is there|are there|any)"
        rf"(?: (?:dazu|dar[üu]ber|davon|hierzu|auch|noch))? (?:(?:ein|einen|'?n|a|an) )?{_TALK_NOUN}"
        r"(?: (?:dazu|dar[üu]ber|davon|hierzu|on (?:it|that|this)|about (?:it|that|this)))?[\s?!.]*$", _I)),
    (Shape.WHO, re.compile(
        r"^(?:and |und )?(?:who(?:'s|s| is| was| were| are)? (?:the )?(?:speakers?|presenters?|authors?)\b"
        r"|who (?:presented|presents|gave|gives|held|did|spoke|speaks|talked|talks|hosted|ran|delivered|covered"
        r"|introduced|showed|demoed|built|builds|made|makes|created|creates|developed|develops|designed|wrote"
        r"|recorded|filmed|organi[sz]ed)\b"
        r"|who(?:'s|s| is| was| were) (?:talking|presenting|speaking|giving|holding|behind|the person)\b"
        r"|wer (?:hat|hielt|h[äa]lt|pr[äa]sentierte|pr[äa]sentiert|sprach|spricht|stellte|stellt|war|ist|sind|waren"
        r"|steckt|steckte)\b|who (?:was|is|were) (?:that|it|this|they)\b"
        # who, named by where they are from before the verb, as English's "who from rice university gave …": "wer von
        # intel hat erklärt, wie …"; only the question word is matched, the place stays in the subject
        r"|wer(?= (?:von|vom|aus|bei) (?:[\w.&'-]+ ){1,4}?(?:hat|hatte|hielt|h[äa]lt|sprach|spricht|stellte"
        r"|pr[äa]sentierte)\b)"
        r"|who (?:said|says|told|claimed) (?:that|it|this)\b"
        # "who mentioned ropes freezing up", "who explained the TTIG dialect": who spoke of it
        r"|who (?:mentioned|mentions|explained|explains|discussed|discusses|described|describes|announced"
        r"|announces|demonstrated|demonstrates|brought up|brings up|proposed|proposes)\b"
        # "who was the intel lady", "who's the guy from hugging face", "who are the two google engineers behind …": a
        # person named by what they did
        rf"|who(?:'s|s| is| was| were| are) (?:the|that|this)(?= (?:[\w-]+ ){{0,3}}(?:{_PERSON_NOUNS}|one|ones)\b)"
        # "who's the hf engineer that got qwen running": a person named by a clause on what they did
        r"|who(?:'s|s| is| was| were| are) (?:the|that|this)(?= (?:[\w-]+ ){1,3}(?:that|who)\b)"
        r"|von wem (?:ist|war|stammt|stammte|kommt|kam|wurde|wurden)\b"
        r"|(?:wessen|whose) (?:vortrag|video|talk|session|pr[äa]sentation|presentation)\b"
        r"|(?:speakers?|presenters?|sprecher|redner|vortragende[nr]?)\b"
        r"|(?:which|what) (?:speakers?|presenters?|persons?|people|team|teams|company|lab|group)\b"
        r"|(?:what|how) about (?:the )?(?:speakers?|presenters?)\b|(?:was ist )?mit (?:den |dem |der )?(?:sprechern?"
        r"|rednern?|vortragenden)\b"
        r"|welche[sr]? (?:team|firma|unternehmen|gruppe|labor)\b"
        # "welcher sprecher hat über pallas geredet", "welche referentin …": which of the speakers
        r"|welche[rsnm]? (?:sprecher(?:in|innen)?|redner(?:in|innen)?|referent(?:in|en|innen)?|vortragende[nr]?)\b"
        r"|wer (?:referierte|referiert|redete|redet|erz[äa]hlte|erz[äa]hlt|moderierte|moderiert)\b"
        r"|wie (?:hei(?:ß|ss)t|hie(?:ß|ss)) (?:der|die) (?:sprecher(?:in)?|redner(?:in)?|vortragende)\b"
        r"|what(?: is| was) the (?:speaker|presenter)(?:'s|s)? name\b"
        # "give me the speakers of the kinetic talk", read as "what are the speakers of …"
        r"|what(?: is| are| was| were) the (?:speakers?|presenters?)(?= of\b)"
        r"|what(?: is| was) the name of the (?:speaker|presenter)\b"
        r"|wer (?P<s>.+?) (?:gehalten|pr[äa]sentiert|vorgestellt|vorgetragen|gesprochen|geredet)"
        r"(?: (?:hat|haben|hatte|hatten|wurde|wurden|ist))?$"
        # an indirect who-question puts its verb last, before a clause on the talk: "(weißt du,) wer das video gemacht
        # hat, in dem es um …  ging"; only the question word is matched, the clause stays in the subject
        r"|wer(?= (?:[^,]+ )?(?:gehalten|gemacht|erstellt|gedreht|aufgenommen|pr[äa]sentiert|vorgestellt|vorgetragen)"
        r" (?:hat|haben|hatte|hatten)\b)"
        # who, or which person, named by where they are from before the presenting verb: "who from rice university
        # gave a talk", "which rice university person gave a talk", "welche person von der rice university hat …
        # gehalten"; only the question word is matched, the place stays in the subject
        rf"|who(?= (?:from|at|of|in|with) (?:[\w.&'-]+ ){{1,4}}?{_PRESENTED}\b)"
        rf"|(?:which|what)(?= (?:[\w.&'-]+ ){{0,3}}?{_PERSON_NOUNS}(?: (?:from|at|of|in|with)"
        rf" (?:[\w.&'-]+ ){{1,4}}?)? {_PRESENTED}\b)"
        rf"|welche[rsnm]?(?= (?:[\w.&'-]+ ){{0,3}}?{_PERSONEN}\b(?: .+)? (?:gehalten|pr[äa]sentiert|vorgestellt"
        r"|vorgetragen)(?: (?:hat|haben|hatte|hatten))?$))", _I)),
    (Shape.WHO, re.compile(  # "Kinetic speaker?", "Pallas Sprecher?"
        r"^(?!(?:what|was|who|wer|how|wie)\b)(?P<s>.+?)\s+(?:speakers?|presenters?|sprecher(?:in)?|redner(?:in)?"
        r"|vortragende[rn]?)$", _I)),
    (Shape.SUMMARY, re.compile(
        r"^(?:(?:please |bitte )?(?:summari[sz]e|sum (?:(?:it|that|this|the talk|the video) )?up|recap|tl;?dr"
        r"|zusammenfassung|fasse|fass|res[üu]mee)\b"
        r"|(?:give me |gimme |gib mir )?(?:a |an |the |eine |die |den |ne |'ne |nen |'nen )?"
        rf"{_BRIEF}{_SUMMARY_NOUNS}\b"
        r"|what (?:was|is) (?P<s>.+?) about$|worum (?:geht|ging) es\b|worum (?:geht|ging)'?s\b"
        r"|um was (?:geht|ging)(?: es|'?s)\b"
        # … asked as an indirect question after a wrapper, its verb last: "(kannst du mir sagen,) wovon der vortrag
        # über tunix handelt", "worum es in dem video geht"; "wovon handelt das video mit dem baumhaus"
        r"|(?:worum|wovon|um was)(?= (?:.+ )?(?:geht|ging|gehts|gings|handelt|handelte|handeln|handelten)(?: es)?$)"
        r"|wovon (?:handelt|handelte|handeln|handelten|geht|ging)\b"
        r"|was (?:ist|war) (?:das|dies|der|die) (?:denn )?f[üu]r (?:ein |eine |einen )?(?:vortrag|video|talk|session"
        r"|doku|pr[äa]sentation)\b|what (?:kind|sort) of (?:talk|video|session) (?:is|was) (?:it|that|this)\b"
        r"|what (?:was|is) the (?:topic|subject|gist) of\b|was (?:war|ist) (?:das )?thema (?:des|der|von|vom|im)\b"
        r"|wie (?:hei(?:ß|ss)t|hie(?:ß|ss)) (?:der|das|die) (?:vortrag|video|talk|session|pr[äa]sentation)\b"
        r"|what (?:is|was) (?:the|that|this) (?:talk|video|session|presentation) called\b"
        # "was ist die kernaussage von dem vortrag wo …", "what's the main takeaway of the video that …"
        r"|(?:(?:what|was)(?:'s|s| is| was| are| were| ist| war| sind| waren) )?(?:the |die |der |das |den )?"
        rf"(?:(?:eigentliche|zentrale|wichtigste|central|real|actual|overall)[nr]? )?{_GIST_NOUNS}"
        r" (?:of|from|in|behind|von|vom|aus|des|der|im|hinter)"
        # (the talk's name before its noun stays in the rest: "die kernbotschaft vom [pallas] talk")
        rf" (?:(?:the|that|this|dem|der|diesem|dieser|den|einem|einer|jenem) )?(?=(?:[\w.-]+ ){{0,3}}?{_TALK_NOUN}\b)"
        r"|(?:was sind |was waren |what are |what were )?(?:die |the )?(?:wichtigsten|main|key) (?:punkte|aussagen"
        r"|erkenntnisse|points|takeaways|messages)\b|(?:die |the )?(?:kernaussagen?|kernpunkte|takeaways)\b)",
        _I)),
    (Shape.SUMMARY, re.compile(
        r"^what (?:did|does|do) (?:the )?(?P<s>.+?) (?:talk|session|video|presentation|lecture)s? (?:cover|discuss"
        r"|present|show|explain|say|talk about|go over)$", _I)),
    (Shape.SUMMARY, re.compile(  # the talk named by its topic after the noun: "what did the talk on X cover?"
        r"^what (?:did|does|do) (?:the )?(?:talk|session|video|presentation|lecture)s? (?:on|about) (?P<s>.+?) "
        r"(?:cover|discuss|present|show|explain|go over)$", _I)),
    (Shape.SUMMARY, re.compile(
        r"^what (?:was|is|got|were|are) (?:covered|discussed|presented|shown) in (?:the )?(?P<s>.+)$", _I)),
    # "was erzählt der Vortrag über Post-Training mit Tunix", "what does the video say about X": what the talk named
    # by its topic tells, its summary (a talk named before its noun, "the kinetic talk", is asked what it says of X)
    (Shape.SUMMARY, re.compile(
        r"^(?:was (?:erz[äa]hlt|erz[äa]hlte|sagt|sagte|berichtet|berichtete) (?:der|das|die) "
        rf"{_TALK_NOUN} (?:[üu]ber|zu|zum|zur|von|vom) (?P<s>.+)"
        rf"|what (?:does|did) the {_TALK_NOUN} (?:say|tell us) about (?P<s2>.+))$", _I)),
    # "was kam im kinetic vortrag alles vor", "what all came up in the kinetic talk": everything a talk had, its
    # summary ("alles", "all" ask for the whole, not for one point)
    (Shape.SUMMARY, re.compile(
        r"^(?:was (?:kam|kommt|kamen|kommen|wurde|wird|gab es|gabs|gibt es|gibts)(?: denn| eigentlich| so)?"
        r" (?:in|im|in dem|in der|in diesem|bei|beim) (?P<s>.+?) (?:so )?alles(?: so)?(?: (?:vor|besprochen"
        r"|gezeigt|behandelt|erz[äa]hlt|gesagt|erw[äa]hnt|vorgestellt|thematisiert))?"
        r"|what all (?:came up|was (?:covered|discussed|shown|said)|did they (?:cover|discuss|show|talk about))"
        r" in (?:the |that |this )?(?P<s2>.+))$", _I)),
    # "tell me about the jax quantum talk", "erzähl mal was über den xla vortrag": told about a talk named as one (its
    # noun last, "research" for the work a talk presents) is told what it says, its summary; "tell me about kv cache
    # offloading" names a topic and is searched
    (Shape.SUMMARY, re.compile(
        r"^(?:(?:please )?tell (?:me|us)|erz[äa]hle?(?: mir| uns)?(?: mal| bitte| kurz)*(?: was| etwas)?)"
        r" (?:about|[üu]ber|von) (?:the|that|this|those|these|den|dem|das|die|diesem|diesen) (?:(?P<s>.+?)"
        rf" (?:{_TALK_NOUN}|research|forschung)"
        # … or one talk's noun before its topic or who gave it: "tell me about the talk on video generation", "erzähl
        # was über den Vortrag von der Rice University zu …", "tell me about the rice university talk on …"
        rf"|{_ONE_TALK_NOUN_THEN} (?P<s2>.+)|(?P<s3>.+? {_ONE_TALK_NOUN_THEN} .+))$", _I)),
    (Shape.SUMMARY, re.compile(  # the talk named by its topic after the noun, its final "about" left out: "what was
        # the talk about getting xla to run on intel gpus" asks what [the talk about X] was about
        rf"^what (?:was|is) (?:the|that|this) (?:{_TALK_NOUN} (?:about|on) (?P<s>.+)"
        # … with a name before the noun: "what was the intel talk about running jax on their gpus"
        rf"|(?P<s2>(?:[\w.+&'-]+ ){{1,3}}?{_ONE_TALK_NOUN_THEN} .+))$",
        _I)),
    (Shape.SUMMARY, re.compile(  # asked for anywhere: "quick rundown of …", "kannst du mir … zusammenfassen?"
        rf"(?:\b{_BRIEF}{_SUMMARY_NOUNS}(?=\s+(?:of|on|about|for|from|[üu]ber|zu|zum|zur|vom|von|des|der)\b"
        r"|\s*(?:pls|plz|please|bitte)?$)|\b(?:kurz )?zusammen(?:fassen|gefasst)\b|\bin a nutshell\b)", _I)),
    (Shape.TALKS, re.compile(  # "any others?", "gibts noch andere?": more talks on the thread's topic
        r"^(?:(?:are there |is there |and )?any (?:others?|other (?:talks?|videos?|ones?|sessions?))"
        r"|(?:und |gibt(?:'s|s| es) )?(?:(?:dazu|dar[üu]ber|davon) )?(?:noch )?(?:andere|weitere)"
        r"(?: vortr[äa]ge| videos| talks)?(?: dazu)?"
        r"|(?:und )?noch (?:einer|einen|eins)|another one)$", _I)),
    (Shape.TALKS, re.compile(
        r"^(?:(?:which|what) (?:other )?(?:talks|sessions|videos)\b(?!.*\s(?:in|at)$)"
        r"|list (?:all |the )?talks\b|all talks\b"
        r"|(?:are there|is there|any) (?:a |an |any )?(?:other |more )?(?:talks?|videos?|sessions?)\b"
        r"|talks? (?:about|on|zu|[üu]ber)\b"
        r"|welche (?:anderen |weiteren )?(?:vortr[äa]ge|videos|talks|themen)\b|(?:which|what) (?:topics|subjects)\b"
        r"|(?:gibt es|gibt's|gibts|hast du|habt ihr)(?: (?:dazu|dar[üu]ber|davon|hierzu|auch))?(?: noch)?"
        r"(?: andere| weitere)? (?:einen |ein |vortr[äa]ge|talks|videos)\b|alle vortr[äa]ge\b)", _I)),
    (Shape.MOMENTS, _WHEN_RE),
    (Shape.QUANTITY, _AMOUNT_VERB_RE),
    (Shape.QUANTITY, re.compile(
        r"^(?:(?:what|which) (?:were|are|was|is) the (?:numbers|figures|results|benchmarks|benchmark results)"
        r"|welche (?:zahlen|ergebnisse|resultate|benchmarks|messwerte)(?: gab es| gibt es| wurden gezeigt)?"
        r"|(?:die |the )?(?:zahlen|ergebnisse|resultate|messwerte|numbers|figures|results|benchmark results)"
        r"|was (?:kam|kommt|ist) (?:dabei |da )?(?:raus|heraus)(?:gekommen)?"
        r"|what (?:came|comes) out(?: of (?:it|that|this))?"
        r"|was (?:war|ist|waren|sind) (?:der|die|das) (?:speed-?ups?|beschleunigung|durchsatz|latenz|ergebnis))"
        r"(?: (?:there|dort|da|in it|in that talk|im vortrag))?$"
        # "ab wie großen Modellen …": from what size on
        # ("through how many degrees …", "zu wie viel Prozent …", "durch wie viele Hände …")
        r"|^(?:(?:um|by|in|aus|mit|von|auf|an|bei|über|uber|ueber|nach|seit|ab|bis|pro|f[üu]r|for|from|of|with|to|at"
        r"|on|over|after|per|through|into|across|within|under|durch|zu|unter|innerhalb) )?"
        r"(?:how (?:much|many|long|fast|slow|big|large|small|often|quick|quickly|cold|hot|warm|expensive"
        r"|high|tall|deep|thick|wide|heavy|far|old)"
        r"|wie (?:viel|viele|vielen|lange|lang|schnell|langsam|lahm|gro(?:ß|ss)(?:e[nmrs]?)?|oft|klein(?:e[nmrs]?)?"
        r"|kalt|warm|hei(?:ß|ss)|teuer|hoch|tief|dick|breit|schwer|weit|alt|stark)|wieviele?n?"
        # "die wievielte Generation ist Battlemage": which in a row, an ordinal
        r"|(?:(?:der|die|das|den|dem) )?wievielte[nmrs]?"
        r"|welcher (?:h[öo]he|tiefe|dicke|breite|entfernung)"
        # a date or a size is a number too: "from which date does the course run", "from what model size …", "ab
        # welcher Modellgröße …"; so are a load or weight borne and a wage or price paid: "what load can a tree screw
        # hold", "what hourly wage did nc operators get", "welchen Lohn bekamen sie"
        # (the date or size named stays the subject's word)
        r"|(?:welche[ms]|what|which) (?:jahr|year)"
        r"|(?:welche[mnsr]?|what|which)(?= (?:[\w-]+ )?(?:date|datum|size|load(?! balanc)|weight|wages?|salary|price"
        r"|gewicht|last|lohn|stundenlohn|gehalt|preis)\b| \w*gr[öo](?:ß|ss)e\b)"
        r"|(?:seit|ab|bis) wann|(?:since|until) when"
        r"|(?:what|which)(?:'s|s| is| was| are| were)?(?: the)?"
        r"(?: (?:biggest|largest|highest|greatest|smallest|lowest|least|max(?:imum)?|min(?:imum)?|average|typical))?"
        r" (?:speed-?ups?|gains?|throughput|latency|latencies"
        r"|compil(?:e|ation) times?|step times?|inference time|memory (?:use|usage|footprint)"
        r"|tokens? (?:per|a) second|tokens?/s(?:ec)?\b)"  # a rate: "what's the tokens per second per chip …"
        r"|wie hoch (?:ist|war|sind|waren) (?:der|die|das)"
        # "um welchen Faktor …", "by what factor …", "um das Wievielfache …": a ratio, a number of times
        r"|(?:um|by) (?:welchen|what|which) (?:faktor|factor)|(?:um )?(?:das )?wievielfache[ns]?"
        r"|(?:what|which)(?:'s|s| is| was)?(?: the)? (?:percent(?:age)?|share|fraction|proportion)"
        r"|welche[rn]? (?:anteil|prozentsatz)"
        # "what tpu version …", "welche tpu gens …", "which llama versions …": a version is a number of a name
        rf"|{_WHICH_VERSION}|{_WHAT_COUNT}"
        r"|welche[nr]? (?:speed-?up|durchsatz|beschleunigung|latenz)"
        # "was ist der kleinste Speedup von AITER": which end of a range of numbers
        r"|was (?:ist|war|sind|waren) (?:der|die|das) (?:gr[öo](?:ß|ss)te|kleinste|h[öo]chste|niedrigste|geringste"
        r"|maximale|minimale|durchschnittliche|typische)[nr]? (?:speed-?ups?|beschleunigung|durchsatz|latenz))\b"
        # the number asked after a clause that places it ("in the DiT talk, how many dimensions …") or last, for the
        # thing it counts ("… squeezes the weights down to how many bits")
        # (or a colon: "bei dem video-ki-ding: wie viel prozent …")
        # (a hedge may come first: "…, roughly how many kg was it", "…, ungefähr wie viele …")
        r"|(?<=[,:] )(?:(?:roughly|about|around|approximately|ungef[äa]hr|etwa|circa|ca\.) )?"
        r"(?:how (?:much|many|long)|wie (?:viel|viele|lange))\b"
        r"|(?<= )(?:how many|wie ?viele)(?= [^\W\d_][\w-]*$)"
        # … or ends the question, after what it measures: "vhlo keeps programs compatible for how long", "the
        # treehouse cost how much"
        r"|(?<= )how (?:much|long)(?=[\s?!.]*$)", _I)),
    (Shape.EXPLAIN, _MERIT_ASKED_RE),
    (Shape.DEFINE, _DESCRIBED_RE),
    (Shape.DEFINE, re.compile(  # "was ist mit Windwurf-Holz gemeint", "what is meant by context parallelism"
        r"^(?:was (?:ist|sind|wird|werden) (?:mit|unter) (?P<s>.+?) (?:gemeint|zu verstehen|verstanden)"
        r"|was (?:meint|meinen|meinte|meinten|meinst|versteht|verstehen) (?:man|die|der|sie|er|du|ihr)"
        # … where the term was met said before it: "was meint man im casadi vortrag mit mx-ausdruck"
        r"(?P<place2>\s+(?:in|im|in der|in dem|bei|beim)\s+[^,?]+?)? (?:mit|unter) (?P<s2>.+)"
        # "mean with" as German's "meinen mit" has it
        r"|what(?:'s| is| are) meant (?:by|with) (?P<s3>.+)"
        r"|what (?:do|does|did) (?:they|you|people|the speakers?) mean (?:by|with) (?P<s4>.+)"
        # a source says what it means by a thing: "was meint das cnc video mit industriellen zellen", "what does the
        # cnc video mean by industrial cells" ask what the thing is there (``who``)
        r"|was (?:meint|meinen|meinte|meinten|versteht|verstehen) (?P<who>(?:das|der|die|den) [^,?]+?)"
        r" (?:mit|unter) (?P<s6>.+)"
        r"|what (?:do|does|did) (?P<who2>(?:the|that|this) [^,?]+?) mean (?:by|with) (?P<s7>.+)"
        r"|what (?:does|do) (?P<s5>.+?) (?:refer to|stand for|mean)"
        # … and where the term was met, said after it: "what does awg stand for in the quantum talk" asks what AWG is
        # in that talk, as "awg in the quantum talk, what does that stand for" does
        r"(?P<place>\s+(?:in|im|in der|in dem|from|aus|at|bei|beim|during|w[äa]hrend)\s+\S.*)?)$", _I)),
    (Shape.DEFINE, _PURPOSE_RE),
    # "was passiert bei einem Reduce-Scatter", "what happens during an all-reduce": what goes on in any one of a kind
    # (the indefinite article) is what the thing is; "what happens in the palace demo" asks of one moment
    (Shape.DEFINE, re.compile(
        r"^(?:was passiert|what happens)(?: (?:eigentlich|genau|so|exactly|actually))?"
        r" (?:(?:bei|in) (?:einem|einer|nem|ner)|w[äa]hrend (?:eines|einer)|(?:in|during) (?:a|an))"
        r" (?P<s>.+?)(?:\s+(?:eigentlich|genau|exactly))?$", _I)),
    (Shape.DEFINE, re.compile(  # "TorchTPU - what is that?", "Sparstich, was ist das?", "oom errors, what does that
        # even mean", "vma in the palace talk, what does that stand for"; "never heard of X, what is it?" says why
        r"^(?:(?:i(?: have| had)? )?never heard of\s+|(?:i am |im )?not familiar with\s+)?"
        # (the pointer may name the thing's kind: "casadi, what is that library")
        r"(?P<s>.+?)\s*(?:[-–—:,?]+\s*|\s)(?:what(?:'s| is| are) (?:that|this|it|those|these)"
        rf"(?: short for| (?:{'|'.join(sorted(KIND_WORDS))})|{_POINTED_NOUN})?"
        # "sharding annotations – what are they": the plural term's own pronoun
        r"|what(?:'re| are) they"
        # "agentic ai, what's that supposed to mean": what it is said to mean is what it means
        r"|what(?:'s| is| are| was| were) (?:that|this|it|those|these) (?:supposed|meant) to (?:mean|stand for)"
        rf"|what (?:does|do) (?:that|this|it|those|these){_POINTED_NOUN}?(?: even| actually| exactly)?"
        r" (?:mean|stand for|refer to)"
        r"|was (?:ist|sind) (?:das|dies|denn das)(?: eigentlich| genau| [üu]berhaupt)?"
        r"|(?:was (?:bedeutet|hei(?:ß|ss)t)|wof[üu]r steht) (?:das|(?:der|dieser) begriff|(?:das|dieses) wort"
        r"|(?:die|diese) abk[üu]rzung)(?: eigentlich| genau| [üu]berhaupt)?"
        # "kl-divergenz, was misst die genau": the pronoun is the term said first
        rf"|was {_DEFINING_VERB_DE} (?:das|die|der|er|sie|es)(?: eigentlich| genau| [üu]berhaupt)?"
        # "eigh, was berechnet das genau", "qpu, what does it do": what the term said first does is what it is
        r"|was (?:macht|machen|tut|tun|berechnet|berechnen) (?:das|die|der|er|sie|es)"
        r"(?: eigentlich| genau| [üu]berhaupt)?"
        r"|what (?:does|do) (?:that|this|it|those|these)(?: even| actually| exactly)? (?:do|compute|calculate)"
        # "skalierungsfaktor beim benchmark, was ist damit gemeint", "x, what do they mean by that"
        r"|was (?:ist|sind|wird|wurde) (?:damit|darunter) (?:eigentlich |genau )?(?:gemeint|zu verstehen)"
        r"|was (?:meint|meinen|meinte|meinten|meinst) (?:man|die|der|sie|er|du|ihr) (?:damit|darunter)"
        r"|what(?:'s| is| was) meant by (?:that|this|it)"
        r"|what (?:do|does|did) (?:they|you|people|he|she|the speakers?) mean by (?:that|this|it)"
        # "X - meaning?", "X – bedeutung?", "X means what": the noun or verb of meaning alone after the term
        r"|meaning(?: what)?|definition|bedeutung|(?:means|stands for|bedeutet|hei(?:ß|ss)t|steht f[üu]r) was"
        r"|(?<!\S)(?:means|stands for) what)"
        # … and what it does asked after it, which its definition says too: "qpu stands for what, and what does it do"
        r"(?:,?\s+(?:and|und)\s+(?:what (?:does|do) (?:it|that|this|they) do"
        r"|was (?:macht|tut|machen|tun) (?:das|es|er|sie|die|der)(?: eigentlich| genau)?))?"
        # … and where the term was met said after the question: "ISA, what does that mean in the intel gpu talk" is
        # "ISA in the intel gpu talk, what does that mean"
        r"(?P<place>\s+(?:in|im|in der|in dem|from|aus|at|bei|beim|during|w[äa]hrend)\s+\S.*)?$", _I)),
    # … or the pointer's term said after the question and a colon: "was ist damit gemeint: MXU", "what does this
    # mean: MXU"
    (Shape.DEFINE, re.compile(
        r"^(?:what(?:'s| is| are) (?:that|this)|what(?:'s| is) meant by (?:that|this)"
        r"|what (?:does|do) (?:that|this) (?:mean|stand for|refer to)|was (?:ist|sind) (?:das|dies)"
        r"|was (?:ist|sind|wird) (?:damit|darunter) (?:gemeint|zu verstehen)|was (?:bedeutet|hei(?:ß|ss)t|meint) das)"
        r"\s*[:–—]\s*(?P<s>\S.*)$", _I)),
    # "was hat es mit X auf sich": German's idiom for what a thing is
    (Shape.DEFINE, re.compile(r"^was hat es (?:(?:denn|eigentlich|genau|nun) )*mit (?P<s>.+?) auf sich$", _I)),
    # "MHA = ?", "onemkl = ? saw it in the intel gpu talk": the term asked as an equation to fill in; what follows
    # says where the asker saw it, which names no term
    (Shape.DEFINE, re.compile(r"^(?P<s>[^=?]*[^\W_][^=?]*?)\s*=\s*(?:\?+(?=\s)|$)", _I)),  # (a "?" at the end is gone)
    (Shape.DEFINE, re.compile(  # "(ich möchte wissen,) was PJRT ist", "(help me understand) what VHLO is"
        r"^(?:was (?:ein |eine |der |die |das )?(?P<s>.+?) (?:ist|sind|bedeutet|hei(?:ß|ss)t)"
        r"|what (?:a |an |the )?(?P<s2>.+?) (?:is|are|means|stands for))$", _I)),
    # "ICI stands for?", "MXU steht für?": the term, then what it stands for left open (not a question word's
    # clause: "what VHLO stands for" is the pattern above)
    (Shape.DEFINE, re.compile(
        r"^(?!(?:what|was|wof[üu]r|which|welche[rsnm]?)\b)(?P<s>\S.*?)\s+(?:stands|steht) f(?:or|[üu]r)$", _I)),
    (Shape.DEFINE, re.compile(
        # (not what was hard or new about a thing, the adjective said last as German does: "was war beim Einbinden
        # der Kernel schwierig" asks what made it so)
        rf"^(?!was (?:ist|sind|war|waren)\s.+\s{_PREDICATE_ADJECTIVE_DE}$)"
        r"(?:define|definition of|definiere|meaning of|(?:definition|bedeutung) (?:von|vom|des|der)"
        r"|what(?:'s| is| are| was| were| does| do)"
        r"|wh?at'?s|was (?:ist|sind|war|waren|bedeutet|hei(?:ß|ss)t)|wof[üu]r steht|was versteht man unter"
        rf"|was {_DEFINING_VERB_DE}"
        r"|explain(?: to me| to us)?,? what|erkl[äa]re?(?: mir| uns)?(?: mal| bitte| kurz)*,? was)"
        # (not what is in a place: "was ist in dem baumhaus alles drin", "what's inside the treehouse" ask what it
        # holds)
        r"(?!\s+(?:in|im|inside|within|drin|drinnen)\s)"
        rf"\s+(?:so\s+)?(?:{_SPOKEN_ARTICLE}\s+)?"
        r"(?P<s>.+?)(?:\s+(?:mean|stand for|stands for|bedeutet|eigentlich|genau"
        r"|(?:supposed|meant) to (?:mean|stand for)))?$", _I)),
    (Shape.EXPLAIN, re.compile(
        r"^(?:why|how|warum|wieso|weshalb|weswegen|woran liegt|wie|inwiefern|inwieweit|in (?:what|which) way"
        r"|explain|erkl[äa]re?"
        r"|what (?:is|was) the reason|was (?:ist|war) der grund|(?:the |der )?(?:reason|grund)"
        r"|what (?:made|makes|make)(?! up\b)"  # "what made integrating AITER into JAX hard": why it was
        r"|wozu|wof[üu]r|what for|for what reason|aus welchem grund|what do you mean|was meinst du|wie meinst du"
        r"|(?:das|es|it|that|this)(?: \w+){0,2} (?:erkl[äa]ren|explain))\b", _I)),
]
# The words a question of its own starts with, a preposition before them or not: "womit", "mit welchen Sprachen",
# "in what way"
_OWN_QUESTION = (
    r"(?:(?:mit|in|im|auf|an|am|bei|beim|aus|von|vom|f[üu]r|[üu]ber|nach|zu|zum|zur|um|unter|durch|gegen|ohne|seit|ab"
    r"|bis|vor|with|on|at|for|from|by|of|to|about|under|through|since|after|before|into)\s+)?"
    r"(?:was|wer|wem|wen|wessen|wie|wo|wann|warum|wieso|weshalb|welche[rsnm]?|wo(?:mit|ran|rauf|raus|rin|rum|f[üu]r|zu"
    # (chat types "what's" without its apostrophe: "ok so whats the benefit" asks a question of its own)
    r"|von|bei|durch|nach|r[üu]ber)|what|who|whom|whose|how|where|when|why|which|whats|whos|hows|wheres)\b")
# "and what about ORPO?": the last question again, about ORPO; "und mit welchen Sprachen …?" asks a question of its own
_ABOUT_RE = re.compile(
    r"^(?:(?:and |und |but |aber )?(?:what|how) about|und (?:was|wie) (?:ist )?(?:es )?mit|und mit|was ist mit)"
    rf"\s+(?P<s>(?!.*\b(?:gemeint|zu verstehen)$)(?!{_OWN_QUESTION}).+)$", _I)  # "was ist mit X gemeint?": what X is
# "same for XLA?", "und das gleiche für Pallas?", "dasselbe bei Tunix": the last question again, as it was asked,
# about another subject
_SAME_RE = re.compile(
    r"^(?:and |und |but |aber |now |jetzt |dann |then )?(?:(?:the |das |die |der )?(?:same|gleiche|selbe)"
    r"(?: (?:thing|question|frage))?(?: (?:again|nochmal|noch ?mal))?|dasselbe|dieselbe|ditto|likewise|genauso|ebenso)"
    r"\s+(?:for|with|about|on|of|f[üu]r|bei|beim|mit|zu|zum|zur|[üu]ber|von|vom)\s+(?P<s>.+)$", _I)
# A question word first: "und womit wurde das gemessen?", "und mit welchen Sprachen geht das?" are questions of their
# own, not the last one about "gemessen" or "Sprachen"
_OWN_QUESTION_RE = re.compile(rf"^{_OWN_QUESTION}", re.I)
# A talk described by its topic: (an article,) at most three words naming it, a talk noun, then what it is about;
# a word that places ("pallas [in] the talk by google", "tunix [laut] dem vortrag von …") names a term, not the talk
_A_TALK_ABOUT_RE = re.compile(rf"^\W*(?:(?:the|that|this|der|die|das|dem|den)\s+)?"
                              rf"(?:(?!(?:in|im|at|beim|bei|vom|von|from|during|laut)\s)[\w+.-]+\s+){{0,3}}?"
                              rf"{_TALK_NOUN_THEN}\s+\w", re.I)
_WHICH_ENGLISH = frozenset({"which", "what"})  # opens a question asking for one of its noun ("which talks …")
_LEADING_AND_RE = re.compile(r"^(?:and|und|also|auch|but|aber|so|ok|okay)\s*,?\s+(?=\S)", _I)
# An English question's auxiliary and then a pronoun, its subject: "how do [you] install …", "can [i] …"
_PRONOUN_SUBJECT_RE = re.compile(
    rf"\b(?:do|does|did|can|could|will|would|should)\s+(?:{'|'.join(sorted(SUBJECT_PRONOUNS))})\b", _I)
_FOLLOW_UP_RE = re.compile(r"^(?:and|und|also|auch|but|aber|so|ok|okay)\s*,?\s+(?P<s>.+)$", _I)
# A quantity question's opening ("um wie viel", "how much faster"); with a baseline ("gegenüber FP8", "compared to
# XLA") it still asks for the number, unless it names a difference
_HOW_MUCH_RE = re.compile(r"^(?:(?:um|by) )?(?:how (?:much|many|fast|quick|quickly)|wie (?:viel|viele|schnell)"
                          rf"|wieviele?|{_WHAT_COUNT})\b", _I)
# "how much control …", "wie viel Freiheit …": the noun the amount is asked of
_HOW_MUCH = r"(?:how much|wie ?viel)"  # an amount, measured in a unit ("how many", "wie viele" count things)
# (the noun after a compound modifier: "how much [low-level] control", "wie viel [Low-Level]-Kontrolle")
_HOW_MUCH_OF_RE = re.compile(rf"^{_HOW_MUCH} (?:[^\W\d_]+(?:-[^\W\d_]+)+[\s-])?(?P<n>[^\W\d_]+)\b", _I)


def measured_in(word: str, text: str) -> bool:
    """Whether ``word`` is typed right after how much / wie viel in ``text``: the amount or unit the question measures
    in ("sag mal wie viel [millikelvin] der verdünnungskühlschrank hat")."""
    return re.search(rf"(?<![\w-]){_HOW_MUCH}\s+{re.escape(word)}(?![\w-])", text, _I) is not None
# "how cold are the quantum chips compared to outer space?": "how" and an adjective asks for a degree, against the
# baseline; "how does X compare to Y", "how is X different from Y" and "how similar are …" compare
_HOW_DEGREE_RE = re.compile(
    r"^how (?!(?:does|do|did|is|are|was|were|can|could|would|should|will|has|have|had|different|similar|alike|come)\b)"
    r"[a-z]+(?:er)? (?:is|are|was|were|does|do|did)\b", _I)
_DIFFERENCE_RE = re.compile(r"\b(?:differ\w*|unterschied\w*|unterscheid\w*)", _I)
_BASELINE_RE = re.compile(rf"\s(?:compared? (?:to|with)|{_VERSUS}|im vergleich (?:zu[mr]?|mit)|gegen[üu]ber"
                          r"|verglichen mit|than)\s", _I)
# A question word that asks a question of its own before a baseline ("compared to …"): "what changed …", "what is an
# example of …" (an aspect noun: ``_asks_of_its_own``); "how does X compare to Y", "what is X compared to Y" and "what
# does X do compared to Y" ask the difference. So does a yes/no question's copula: "were the nc operators unskilled
# compared to the machinists" asks whether they were, against that baseline (as "was" already reads)
_ASKS_OF_ITS_OWN_RE = re.compile(
    r"^(?:what(?:'s|s)?|which|where|when|why|was|welche[rsnm]?|wo|wann|warum|wieso|is|are|were)\b"
    r"(?: (?P<copula>is|are|was|were|ist|sind)(?: (?:a|an|the|ein|eine|der|die|das))? (?P<noun>\w+)"
    r"|(?! (?:does|do|did|is|are|was|were|ist|sind|macht|machen|tut|tun)\b))", _I)


def _asks_of_its_own(text: str) -> bool:
    """Whether ``text`` opens with a question of its own that a baseline after it does not make a comparison of two
    sides (``_ASKS_OF_ITS_OWN_RE``)."""
    match = _ASKS_OF_ITS_OWN_RE.match(text)
    return match is not None and (not match["copula"] or fold(match["noun"]) in ASPECT_NOUNS)
_WHICH_TALK_RE = re.compile(r"^(?:which|what|welche[rsnm]?) (?:talk|session|video|vortr[äa]g)", _I)

# "what do they recommend for X?", "what did the speaker show?": asks what someone did, not what a term is
_WHAT_THEY_DO_RE = re.compile(
    r"^what (?:do|does|did)(?!.*\bmean (?:by|with)\b)\s+(?:they|he|she|you|we|i|people|(?:the |this |that )?"
    r"(?:speakers?|presenters?|authors?|team|vlogger))\b", _I)
# "what's different about the new pl.kernel API", "was ist neu an Pallas": what sets a thing apart, which its key points
# explain, not what it is
_WHAT_SETS_IT_APART_RE = re.compile(
    r"^(?:what(?: is| are| was| were)|was (?:ist|sind|war|waren)) (?:so )?(?:different|new|special|unique|novel"
    r"|anders|neu|besonders|speziell|das besondere|das neue) (?:about|with|in|an|am|bei|beim)\b", _I)
# Two questions asked in one, joined by "and": "who's presenting the tinix talk and what's on the agenda" asks the
# second as much as the first, so it is read by both's words, not as the first's shape alone
_SECOND_QUESTION_RE = re.compile(rf"\s(?:and|und)\s+{_OWN_QUESTION}", _I)
# "what does the autotuning pick?", "what does oneCCL take care of?": a verb of its own after the subject asks what the
# thing does, which its key points explain; "what does HBM mean / stand for?" and "what does Pytest do?" ask what it is
_WHAT_IT_DOES_RE = re.compile(
    r"^what (?:does|do)\s+(?!.*\b(?:mean|means|meant|stand for|stands for|refer to|refers to)\b)"
    r"(?!.*\sdo(?:\s+(?:in|within|inside|on|for)\s.*)?$)"  # "what does X do in Y": its role there (_PURPOSE_RE)
    r".+\s\S+$", _I)
# "what is tunix built on top of", "what's FlyDSL based on", "what are the screws made of": what the thing rests on or
# is made from (a participle and its preposition after the thing)
_WHAT_IT_RESTS_ON_RE = re.compile(r"^(?:what(?:'s| is| are| was| were)|wh?at'?s)\s+\S.*?\s(?:built|based|made"
                                  r"|constructed)\s+(?:on(?:\s+top\s+of)?|upon|of|from|out\s+of)\b", _I)
# "was ist das überhaupt?", "what is that anyway?": the thread's topic defined (only pointers and stress words)
_WHAT_IS_THAT_RE = re.compile(
    r"^(?:(?:was|what)(?:'s| is| ist| sind| are| was| war| bedeutet| hei(?:ß|ss)t| does) (?:das|dies|es|that|this|it)"
    r"(?: stands? for| refers? to)?"  # "what does that stand for": what the thread's topic or its answer's term is
    r"|wof[üu]r steht (?:das|dies|es))"
    r"(?: (?:denn|[üu]berhaupt|eigentlich|genau|nochmal|anyway|again|exactly|mean))*$", _I)
# A term placed in a talk or a domain: "EP bei MoE-Modellen", "an MX expression in CasADi"; the source a question
# cites places it there too ("post-training laut dem tunix video", "according to the tunix rl folks")
_PLACED_RE = re.compile(
    r"^(?P<t>.+?)\s+(?:in|im|bei|beim|for|f[üu]r|within|inside|on|auf|laut|according to|as per)\s+"
    r"(?:(?:the|der|dem|den|die|das|einem|einer|a|an)\s+)?(?P<q>.+)$", _I)
# "der Holzschutz beim Zaun … von dem beim Baumhaus", "the fence's … from the one at the treehouse": a difference's
# second side that leaves out the first's noun, said by a pronoun before where it is
_PLACES = r"(?:in|im|bei|beim|am|an|auf|aus|mit|vom|von|at|on|of|from|with)"
_ELIDED_NOUN_RE = re.compile(
    rf"^(?:dem|der|den|denen|das|die|the one|the ones|that|those)\s+(?P<place>{_PLACES}\s+.+)$", _I)
_NOUN_BEFORE_ITS_PLACE_RE = re.compile(rf"^(?:(?:der|die|das|dem|den|the)\s+)?(?P<noun>[^\s,]+)\s+{_PLACES}\s", _I)
# Endings two adjectives share when they stand before one noun: German's case ending agrees ("kollokiertem und
# disaggregiertem"), English adjectives of one kind end alike ("horizontal and vertical", "synchronous and
# asynchronous"); longest first, so that "-en" is not read as "-e"
_AGREEING_ENDINGS = ("em", "en", "er", "es", "e", "al", "ic", "ive", "ous", "ed", "ar", "ary", "ful", "less", "able",
                     "ible")
_AGREEING_ENDING_RE = re.compile(
    r"^[^\W\d_]{3,}?(?P<ending>" + "|".join(sorted(_AGREEING_ENDINGS, key=len, reverse=True)) + ")$")


def _adjective_of_shared_noun(first: str, second: str) -> str | None:
    """The second side's adjective when a difference's two sides are adjectives of one noun said once, after the
    second ("zwischen kollokiertem und disaggregiertem RL-Betrieb", "the horizontal and the vertical
    optimisations"): the first side is one word ending as the second side's first word does; None otherwise."""
    first_words, second_words = first.split(), second.split()
    if len(first_words) != 1 or len(second_words) < 2:
        return None
    one, other = (_AGREEING_ENDING_RE.match(word.casefold()) for word in (first_words[0], second_words[0]))
    return second_words[0] if one and other and one["ending"] == other["ending"] else None
_DEFINE_TAIL_RE = re.compile(r"\s+(?:mean|stand for|stands for|short for|bedeutet|is|are|do|does|used for|good for"
                             r"|for|da|verwendet|genutzt|benutzt|eingesetzt"
                             # "was heißt HBM ausgeschrieben", "what's HBM spelled out": the term's long form
                             r"|ausgeschrieben|spelled out|written out|in full)$", _I)
# "the abbreviation HBM", "die Abkürzung HBM", "what's the acronym GRPO": the word that says the term is one, with
# its article; the term is what is asked for
_ABBREVIATION_RE = re.compile(r"(?:\b(?:the|an?|die|der|das|eine?)\s+)?\b(?:abbreviations?|acronyms?"
                              r"|abk[üu]rzung(?:en)?|akronyme?|k[üu]rzel)\b", _I)
# what one gets and per what span of time, which together say pay ("pro stunde gekriegt", "got per hour")
_GOT = r"(?:(?:ge)?kriegt|kriegen|kriegten|bekommen|bekam|bekamen|got|get|gets|received)"
_PER_TIME = r"(?:pro|per|die|an|the|a|im|in the) (?:stunde|hour|monat|month|jahr|year|woche|week)"
_QUANTITY_KINDS = (
    ("version", re.compile(rf"^(?:\w+ )?{_WHICH_VERSION}|\bwievielte[nmrs]?\b", _I)),
    ("year", re.compile(r"\b(?:welche[ms]|what|which) (?:jahr|year)\b|\b(?:seit|ab|bis) wann\b"
                        r"|\b(?:since|until) when\b", _I)),
    # "how much of the compute time", "wie viel der Rechenzeit": a share of a whole
    ("percent", re.compile(r"prozent|percent|%|anteil|share|how much of\b|wie ?viel (?:von|vom|der|des)\b", _I)),
    # "seit wie vielen Jahren", "wie viele Jahre Kompatibilität bringt VHLO": a unit of time counted names the kind of
    # number, whatever a verb of gain ("bringt") or a word of share says after it
    ("time", re.compile(r"(?:how many|wie ?vielen?) (?:years|jahren?|months|monaten?|weeks|wochen|days|tagen?|hours"
                        r"|stunden|seconds|sekunden)\b", _I)),
    # "wie viel bringt MXFP4", "wie viel hat es gebracht" (any form of "bringen"), "how much does it gain": what a
    # change gains, a speed-up or a share
    ("speed", re.compile(r"faster|\bslow|speed|quick|schnell|langsam|\blahm|beschleunig|speed-?up"
                         r"|\b(?:bring(?:t|en)|gebracht|brachten?)\b"
                         r"|\bgain(?:s|ed)?\b|\bimprov(?:e|es|ed)\b", _I)),
    # ("gleichzeitig", "rechtzeitig": an adjective of -zeitig says when or at once, no span of time)
    ("time", re.compile(r"how long|wie lange|time|zeit(?!ig)|dauer|minutes|minuten|latency|latenz", _I)),
    ("throughput", re.compile(r"throughput|durchsatz|tokens?/s|per second|pro sekunde", _I)),
    ("length", re.compile(r"how (?:high|tall|deep|thick|wide|far)|wie (?:tief|dick|breit|weit)\b"
                          r"|wie hoch\b|welche[rn]? (?:h[öo]he|tiefe|dicke|breite|entfernung)|\bheight|\bh[öo]he"
                          r"|\btiefe\b|\bdepth|thickness|\bdicke\b|\bbreite\b|\bwidth|distance|entfernung|durchmesser|diameter"
                          r"|\blength\b|\bl[äa]nge\b", _I)),
    ("weight", re.compile(r"how heavy|wie schwer|\bweigh|gewicht|\blast\b|tragkraft|tr[äa]gt|\bcarr(?:y|ies)\b"
                          r"|\bload\b|\bhold\b|\bhalten\b|\bh[äa]lt\b", _I)),
    # "how many billion params": a model's size ("Qwen2.5-35B"), not a count of things
    ("size", re.compile(r"how (?:big|large|small)|wie (?:gro(?:ß|ss)|klein)|size|gr[öo](?:ß|ss)e|memory|speicher"
                        r"|parameters?|\bparams?\b|\bbillions?\b|\bmilliarden\b", _I)),
    # "was hat ein Maschinist pro Stunde verdient", "how much did the treehouse cost": an amount of money, paid, earned
    # or what a thing costs; what one gets per hour or month is pay ("wie viel ham die pro stunde gekriegt")
    ("money", re.compile(r"\b(?:cost|costs|costed|kost\w*|gekostet|prices?|preis\w*|teuer\w*|expensive|wages?|l[öo]hne?"
                         r"|\w*lohns?|gehalt|geh[äa]lter|salar(?:y|ies)|earn\w*|verdien\w*|verdient|paid|pay|bezahl\w*"
                         r"|dollars?|euros?)\b|[$€]"
                         rf"|\b{_GOT}\b.*\b{_PER_TIME}\b|\b{_PER_TIME}\b.*\b{_GOT}\b", _I)),
    ("count", re.compile(r"how many|wie ?vielen?|number of|anzahl|\bcounts?\b", _I)),
)
# "how many memory types", "wie viele Leute halten den Crashkurs", "in wie viele Speicherbereiche": the thing right
# after "how many" is counted, though a word of the question also names a weight ("halten") or a size ("Speicher");
# unless that thing is a unit of the other kind ("how many billion params", "wie viele Tonnen")
_COUNTED_THING_RE = re.compile(r"\b(?:how many|wie ?viele[nm]?)\s+(?P<w>[^\W\d_][\w-]*)", _I)
_COUNT_OVERRIDES = frozenset({"weight", "size", "money"})
_SIZE_UNIT_RE = re.compile(r"param|billion|milliard|million|[kmgt]b$|gigabyte|terabyte|megabyte|bytes?$", _I)


# "wie lang" without its -e, as people type it: a duration when a verb of duration follows, else a length
_HOW_LONG_SPOKEN_RE = re.compile(r"\bwie lang\b", _I)


_HOW_LONG_RE = re.compile(r"^(?:\w+ )?(?:how long|wie lange)\b", re.I)


def _quantity_kind(stripped: str) -> str:
    """The kind of number a number question asks for (``_QUANTITY_KINDS``), a count when it counts a thing that is
    no unit of a weight or a size."""
    kind = next((kind for kind, kind_re in _QUANTITY_KINDS if kind_re.search(stripped)), "")
    if kind == "speed" and _HOW_LONG_RE.match(stripped):
        kind = "time"  # "how long did it take to get … up to speed": the question word asks a duration
    if not kind and _HOW_LONG_SPOKEN_RE.search(stripped) and any(token in DURATION_VERBS for token in tokens(stripped)):
        kind = "time"  # spoken "wie lang hat das gedauert": a duration, as "wie lange"
    if kind in _COUNT_OVERRIDES and (counted := _COUNTED_THING_RE.search(stripped)) is not None:
        word = counted["w"]
        folded = word_tokens(word)
        if folded and not any(token in UNITS or token in UNIT_WORDS for token in folded) \
                and not _SIZE_UNIT_RE.search(word):
            return "count"
    return kind


_NEGATED_STEMS = {"ca": "can", "wo": "will", "sha": "shall"}


def _spelled_out_negation(match: re.Match[str]) -> str:
    """"can't" -> "can not", "won't" -> "will not": not "ca not" (a subject word "ca")."""
    return f"{_NEGATED_STEMS[match.group(1).casefold()]} not"


# Typographic apostrophes (what phones and Slack's desktop client type) and the English contractions that only
# frame a question: "what’re MXUs?" is "what are MXUs?", "where'd they mention X" "where did they mention X".
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'"})
_CONTRACTIONS = ((re.compile(r"(?<=[a-z])'re\b", re.I), " are"), (re.compile(r"(?<=[a-z])'d\b", re.I), " did"),
                 (re.compile(r"(?<=[a-z])'ve\b", re.I), " have"), (re.compile(r"(?<=[a-z])'ll\b", re.I), " will"),
                 (re.compile(r"\bi'm\b", re.I), "i am"),
                 # a negation's stem is the verb, but for the three whose stem is not: "can't", "won't", "shan't"
                 (re.compile(r"\b(ca|wo|sha)n't\b", re.I), _spelled_out_negation),
                 (re.compile(r"(?<=[a-z])n't\b", re.I), " not"),
                 # "what's Kinetic about?", "what's that good for?" (not a name's "Hugging Face's")
                 (re.compile(r"\b(what|who|where|when|why|how|that|it|there|here)'s\b", re.I), r"\1 is"))
# The same contraction of "is" typed without its apostrophe, as chat types it: "whats the casadi talk about", "whos
# the speaker"
_UNMARKED_IS_RE = re.compile(r"\b(what|who|where|how)s\b", re.I)
# A polite or indirect wrapper around the question itself: "can you tell me who presented Kinetic?",
# "do you know …", "I'd like a summary of …", "kannst du mir sagen, wer …".
_WRAPPER_RE = re.compile(
    # chat asks anyone in the channel, and spells "you" short: "can someone explain …", "can u pls tell me …"
    r"^(?:(?:can|could|would) (?:you|u|someone|somebody|anyone|anybody)(?: please| pls| plz)?"
    r"(?: (?:tell|show|give) me| let me know| help me(?: (?:to )?understand)?)?"
    r"|(?:please )?help me (?:to )?understand"
    # chat drops the "does" of "does anyone know": "anyone know who …"; "weiß jemand, wer …"
    r"|do you know|(?:does )?(?:anyone|anybody|someone|somebody) knows?|wei(?:ß|ss) (?:jemand|einer|irgendwer)"
    # "any idea who held it?", "hast du ne ahnung, wer …": asking whether one knows, before the question word it asks
    r"|(?:(?:do you|does (?:anyone|anybody|someone|somebody)) (?:have|got) )?(?:any|an) idea(?=,? (?:who|what|where"
    r"|when|which|why|how)\b)|(?:hast du|hat (?:jemand|einer|irgendwer)) (?:eine |ne |'ne )?(?:ahnung|idee)"
    r"(?=,? (?:wer|was|wo|wann|welche[rsnm]?|warum|wieso|wie)\b)"
    r"|(?:i would|i did) like(?: to know)?|i want to know|i wonder"
    r"|i am (?:curious|wondering)(?: about)?"
    r"|i(?: would| did)? (?:want|need)(?= (?:a |an |the )?(?:summary|overview|recap|talk|list))"
    # (with chat's "mal", "kurz" before the verb: "kannst du kurz sagen, worum …")
    r"|(?:kannst|k[öo]nntest) du(?: mir)?(?: (?:bitte|mal|kurz))*(?: sagen| erkl[äa]ren| zeigen"
    r"| helfen(?: zu verstehen)?)?"
    r"|wei(?:ß|ss)t du|hilf mir(?: mal)?(?: zu verstehen)?"
    # German chat asks anyone too, as "can someone explain …" does: "kann mir jemand erklären, was …"
    r"|(?:kann|k[öo]nnte) (?:mir )?(?:(?:bitte|mal) )?(?:jemand|einer|irgendwer)(?: mir)?(?: (?:bitte|mal|kurz))*"
    r" (?:sagen|erkl[äa]ren|zeigen)"
    r"|sag(?: mir)?(?: mal)?|ich (?:m[öo]chte|h[äa]tte gern[e]?|will) (?:wissen)?"
    r"|(?:ich suche|i am looking for|i need|looking for)(?: nach)?(?: (?:etwas|was|infos?|informationen|material"
    r"|something|anything|info|information|material))?(?= (?:zu|[üu]ber|zum|zur|on|about|regarding)\b))"
    r"[,:]?\s+(?=\S)", re.I)


# An imperative request is a question's frame: it asks in the shape of the question word it stands for, and its words
# name no topic. "tell me what X means", "zeig mal, wo X …" ask "what X means", "wo X …"; "give me all the moments
# where X" asks "when X"; "show me the talks that deal with X", "gib mir die Vorträge, in denen X" ask "which talks
# …"; "give me a quick definition of X", "erklär mir den Begriff X" ask what X is. (Rewritten to the question, so the
# patterns that read the question word read the request too.)
_REQUEST_WORDS = (r"(?:(?:please |bitte )?(?:tell|show|give) (?:me|us)|gimme|walk me through"
                  r"|(?:zeig|zeige|nenn|nenne|gib|erz[äa]hl|erz[äa]hle|sag|sage)(?: mir| uns)?(?: mal| bitte| kurz)*)"
                  r"\s*,?\s+")
_REQUEST = rf"^{_REQUEST_WORDS}"
# "erklär (mir) (mal) (kurz)": a request before a term or a question of its own, not before a whole topic
_EXPLAIN_REQUEST = r"^erkl[äa]re?(?: mir| uns)?(?: mal| bitte| kurz)*"
# "eli5 X", "eli5: what is X", "explain like i'm five how X works": chat's request to explain simply, said before the
# term or the question (its "i'm" is spelled out by then)
_ELI5 = r"^(?:eli ?5|explain(?: it| this)?(?: to me)? like (?:i am|im) (?:5|five)(?: years old)?)"
_ALL = r"(?:(?:all(?: of)?|alle) )?(?:(?:the|die) )?"
_REQUEST_FRAMES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"{_REQUEST}{_ALL}(?:moments?|times|places|spots|points|parts|timestamps)"
                r"(?: (?:where|when|in which|at which|that))?\s+", re.I), "when "),
    (re.compile(rf"{_REQUEST}{_ALL}(?:momente|stellen|zeitpunkte|zeitstempel|zeitmarken|passagen)\s*,?"
                r"\s+(?:wo|wann|in denen|an denen|bei denen|die)\s+", re.I), "wann "),
    (re.compile(rf"{_REQUEST}{_ALL}(?P<n>talks|videos|sessions)(?: (?:that|which|where|in which))?\s+", re.I),
     r"which \g<n> "),
    (re.compile(rf"{_REQUEST}{_ALL}(?P<n>vortr[äa]ge|videos|talks)\s*,?\s+(?:die|in denen|wo|bei denen|zu denen)\s+",
                re.I), r"welche \g<n> "),
    # "give me the gist of why AMD bothered with FlyDSL": the gist of a question is its answer
    (re.compile(rf"^(?:{_REQUEST_WORDS})?(?:(?:a|an|the) )?(?:(?:quick|short|brief|rough) )?gist of"
                rf"\s+(?={_OWN_QUESTION})", re.I), ""),
    (re.compile(rf"{_REQUEST}(?:(?:a|an|the) )?(?:(?:quick|short|brief|rough) )?(?:definition|meaning) of\s+", re.I),
     "definition of "),
    # "how would you define X", "wie würdest du X definieren": asked how to define it, the definition is the answer
    (re.compile(r"^how (?:would|do|does|should|can|could) (?:you|u|one|we|i|they|people) define\s+", re.I),
     "define "),
    (re.compile(r"^wie (?:w[üu]rdest du|w[üu]rde man|kann man|k[öo]nnte man|sollte man) (?P<x>.+?) definieren[\s?!.]*$"
                r"|^wie (?:definiert man|definierst du|definieren sie) (?P<y>.+)$", re.I), r"definiere \g<x>\g<y>"),
    # "walk me through the kinetic setup" asks to explain it
    (re.compile(r"^walk (?:me|us) through\s+", re.I), "explain "),
    (re.compile(rf"{_ELI5}\s*[,:–—-]?\s+", re.I), "explain "),
    # "give me the rough op count of StableHLO": the thing named is asked for, as "what is the …" asks it
    (re.compile(r"^(?:(?:please )?(?:tell|show|give) (?:me|us)|gimme)\s*,?\s+(?=the )", re.I), "what is "),
    (re.compile(r"^(?:(?:give|tell) me |explain |define )?(?:(?:a|an|the) )?(?:(?:quick|short|brief) )?"
                r"(?:definition of |meaning of )?the (?:term|word|expression)\s+", re.I), "what is "),
    (re.compile(rf"(?:{_REQUEST}|{_EXPLAIN_REQUEST}\s+)(?:(?:eine|die|ne) )?"
                r"(?:(?:kurze|knappe) )?(?:(?:definition|bedeutung) (?:von|vom|des|der) )?(?:den|der|dem) "
                r"(?:begriff|ausdruck|wort)\s+", re.I), "was ist "),
)


# ... and said after a question of its own, it only asks for the answer: "wie benutz ich dich, erklär mal kurz"
_TRAILING_REQUEST_RE = re.compile(r"\s*[,;:.!?–—-]\s*(?:(?:erkl[äa]r|erkl[äa]re|erkl[äa]ren|sag|zeig|explain|tell me"
                                  r"|show me)(?: mir| uns)?(?: mal| bitte| kurz| please| briefly)*)[\s!?.]*$", re.I)


# "tell me how many …", "zeig mal, aus welchen Bausteinen …", "erklär mal kurz, was …": the question itself follows the
# request, as an indirect one; "erzähl mir was über X" is no question: its "was" is "etwas", something told about X
_BEFORE_A_QUESTION_RE = re.compile(rf"(?:{_REQUEST}|{_EXPLAIN_REQUEST}\s*,?\s+|{_ELI5}\s*[,:–—-]?\s+)"
                                   rf"(?!was (?:[üu]ber|von|vom|zu|zum|zur)\b)(?={_OWN_QUESTION})", re.I)
# An indirect question puts its verb last (German) or after its subject (English): "was dieses emit_pipeline macht, im
# Pallas-Vortrag" is "was macht dieses emit_pipeline, im Pallas-Vortrag", "what disaggregation means in the RL
# context" "what does disaggregation mean in the RL context"; a placing phrase after a comma is no part of the clause
_INDIRECT_DE_RE = re.compile(
    r"^(?P<q>(?:(?:aus|mit|in|von|bei|auf|an|zu|f[üu]r|nach|durch) )?(?:welche[rsnm]? [^\W\d_][\w-]*|was|wer|wen|wem"
    r"|wie|wo|wann|warum|wieso|weshalb|wozu|wof[üu]r|womit|woraus|worauf|wodurch))"
    r" (?P<x>[^,]+?) (?P<v>[^\W\d_]+)(?P<rest>\s*,.*)?$", re.I)
_INDIRECT_EN_RE = re.compile(
    r"^what (?P<x>(?:(?!\b(?:is|are|means?|stands? for)\b)[^,])+?) (?P<v>is|are|means|stands for)"
    r"(?P<rest>(?:\s*,)?\s+(?:in|for|at|within|from|inside)\b.*)?$", re.I)
_ENGLISH_DIRECT = {"is": "what is {x}", "are": "what are {x}", "means": "what does {x} mean",
                   "stands for": "what does {x} stand for"}


def _direct(question: str) -> str:
    """The direct question an indirect one after a request frame asks (``_INDIRECT_DE_RE``); as it is when it is none
    of those."""
    if german := _INDIRECT_DE_RE.match(question):
        return f"{german['q']} {german['v']} {german['x']}{german['rest'] or ''}"
    if english := _INDIRECT_EN_RE.match(question):
        return _ENGLISH_DIRECT[english["v"].casefold()].format(x=english["x"]) + (english["rest"] or "")
    return question


def _asked(plain: str) -> str:
    """``plain`` with an imperative request frame read as the question word it stands for ("give me all the moments
    where gemma models show up" -> "when gemma models show up")."""
    if (bare := _TRAILING_REQUEST_RE.sub("", plain)) != plain and _OWN_QUESTION_RE.match(bare):
        return bare
    if (question := _BEFORE_A_QUESTION_RE.sub("", plain, count=1)) != plain:
        return _direct(question)
    for pattern, replacement in _REQUEST_FRAMES:
        if (asked := pattern.sub(replacement, plain, count=1)) != plain:
            return asked
    return plain


# An adverb right after the question word (or its verb) only stresses it: "was genau ist X", "was ist eigentlich ein
# X", "how exactly does X work", "what even is X"; so it does in a question after the term it asks about
# ("teleskoplader – was genau ist das", "X, what exactly is that").
_STRESS_ADVERB = r"(?:genau|eigentlich|denn|bitte|nochmal|nochmals|noch mal|exactly|actually|really|precisely|even)"
_STRESSED_RE = re.compile(
    r"(?:^|(?<=[,:;?–—] )|(?<= - ))"
    r"(?P<q>(?:was|what|wie|how|warum|why|wieso|weshalb|wer|who|wann|when|wo|where)(?:\s+(?:ist|sind|war|waren"
    rf"|bedeutet|hei(?:ß|ss)t|is|are|was|were|does|do|did))?)\s+{_STRESS_ADVERB}\s+(?=\S)", re.I)


def without_discourse(query: str) -> str:
    """``query`` without the interjections before it ("wait, why?" -> "why?"); as it is when nothing else is left."""
    return DISCOURSE_RE.sub("", query)


# ... and at the end: "what's it about exactly?", "worum ging es nochmal?"
_TRAILING_STRESS_RE = re.compile(r"(?:[\s,]+(?:exactly|again|anyway|actually|really|though|genau|nochmal|eigentlich"
                                 r"|denn|[üu]berhaupt|in general|overall|allgemein|im allgemeinen|generell|insgesamt"
                                 r"|in the first place|at all))+"
                                 r"(?=[\s?!.]*$)", re.I)


# How briefly or plainly to answer, said last: "explain level zero to me in one line", "reinforcement learning in
# plain words pls", "was ist CHLO, kurz in einem Satz", "…, timestamps pls": no word of what is asked ("in a
# nutshell" asks for a summary)
_IN_FEW_WORDS_RE = re.compile(
    r"(?:[\s,]+(?:to me|for me|mir))?[\s,]+(?:(?:kurz|short(?:ly)?|briefly|simply|quickly|einfach)\s+)?"
    r"(?:in|with|using|mit)\s+(?:one|a single|a|1|a few|few|a couple of|two|three|2|3|simple|plain|easy|layman'?s"
    r"|einem|einer|wenigen|(?:ein )?paar|einigen|zwei|drei|einfachen|simplen|kurzen|klaren)"
    r"\s+(?:lines?|sentences?|words|terms|english|satz|s[äa]tzen|worten|zeilen?)"
    # (German puts the verb of explaining after it, last: "kann mir das wer in einfachen worten [erklären]?", or the
    # particle of its separable verb: "fass mir den talk in ein paar sätzen zusammen")
    r"(?:[\s,]+(?:pls|plz|please|bitte))?"
    r"(?=(?:\s+(?:erkl[äa]r\w*|beschreib\w*|sagen|zusammenfass\w*|zusammen))?[\s?!.]*$)"
    # … or with the moments it was said at: "when was fp8 brought up, timestamps pls", "… mit Zeitstempeln bitte"
    r"|(?:\s*[,;:–—-]\s*(?:(?:with|mit)\s+)?|\s+(?:with|mit)\s+)(?:the\s+|den\s+)?(?:time\s?stamps?|zeitstempeln?"
    r"|zeitmarken)(?:[\s,]+(?:pls|plz|please|bitte))?(?=[\s?!.]*$)", re.I)


# "kind of"/"sort of" hedges what follows ("was it kind of a boys club", "it sort of works") unless a determiner or a
# question word makes it a noun with its "of": "what kind of wood", "a sort of cache", "two kinds of workers"
_HEDGE_RE = re.compile(r"(?<![\w'-])(?P<before>[\w'-]+\s+)?(?:kind|sort)\s+of(?![\w'-])"
                       r"|(?<![\w'-])(?P<short>kinda|sorta)(?![\w'-])", re.I)
_BEFORE_A_KIND_NOUN = frozenset("a an the what which this that these those some any every each one no same other "
                                "another new different many all what's whats its their his her my our your".split())


# A question that asks what kind of thing something is asks what it is: German's "was für ein N" (its "für ein N" also
# split off behind the verb: "was ist das für ein N") and English's "what kind / sort / type of N" name only the class
# the answer falls in, no topic of their own: "bcoo, was isn das für ein format", "gspo – was für n algorithmus is
# das", "xpk is was für n tool", "what kind of thing is debugpy", "debugpy is what kind of tool" ask what BCOO, GSPO,
# XPK, debugpy are. Only with a present "is" ("what kind of wood was the gate", "was für ein Dach hat das Baumhaus"
# ask for a property), and not before a second question ("what kind of model is X and what's it built on").
_KIND_ARTICLE = rf"(?:{_SPOKEN_INDEFINITE} )?"
_FUER_A = rf"f[üu]r(?:n | {_KIND_ARTICLE})"  # "für ein", "für n", chat's "fürn" ("was fürn tool ist xpk")
_KIND_NOUN = rf"(?!{_TALK_NOUN}\b)[^\W\d_][\w-]*"  # ("was ist das für ein Vortrag" asks for the talk's summary)
_NO_SECOND_QUESTION = r"(?!.*\s(?:and|und)\s+(?:what|how|why|who|where|when|was|wie|warum|wer|wo|wann)\b)"
_KIND_FRAMES = (
    # "was ist das für ein N", "was isn X für n N" (the class said last, before a comma or the end)
    (re.compile(rf"\bwas (?:{_STRESS_ADVERB} )?(?P<v>ist|is|isn|sind) (?P<x>[^,]+?) {_FUER_A}{_KIND_NOUN}"
                r"(?=\s*(?:,|[?!.]*$))",
                re.I), r"was \g<v> \g<x>"),
    # "was für ein N ist X"
    (re.compile(rf"\bwas {_FUER_A}{_KIND_NOUN} (?P<v>ist|is|isn|sind) {_NO_SECOND_QUESTION}(?P<x>.+)$",
                re.I), r"was \g<v> \g<x>"),
    # "X ist was für ein N"
    (re.compile(rf"^(?P<x>.+?) (?P<v>ist|is|sind) was {_FUER_A}{_KIND_NOUN}(?=[?!.]*$)", re.I),
     r"was \g<v> \g<x>"),
    # "what kind of N is X", "X, what sort of tool is that", "atv?? what kind of vehicle is that" (at the start of the
    # question or of its clause)
    (re.compile(rf"(?:^|(?<=[,;:–—?-] ))(?:what|which) (?:kind|sort|type)s? of {_KIND_NOUN}(?: {_KIND_NOUN})??"
                rf" (?P<v>is|are) {_NO_SECOND_QUESTION}(?P<x>.+)$", re.I), r"what \g<v> \g<x>"),
    # "X is what kind of N"
    (re.compile(rf"^(?P<x>.+?) (?P<v>is|are) (?:what|which) (?:kind|sort|type)s? of {_KIND_NOUN}(?=[?!.]*$)", re.I),
     r"what \g<v> \g<x>"),
)
# What the class is asked of, when it is no name: a pointer ("was ist das für ein Format") names what was said before
_KIND_POINTERS = frozenset("das dies dieses der die es that this it those these".split())
# (with typed German's "n", "ne", "nen" for "ein", "eine", "einen": "was für ein fahrzeug ist n atv")
_KIND_ARTICLES = frozenset("the a an der die das den ein eine einen so n ne nen".split())


def _names_a_thing(asked: str) -> bool:
    """Whether ``asked``, what a kind question is asked of, names a thing (a pointer, or a word no everyday one: "BCOO",
    "debugpy"), not a predicate the kind is asked for ("what kind of wood is [best] for a fence", "what type of model
    is [needed] for DPO", "was für Hardware ist [nötig]", whose kind noun is what they ask)."""
    words = [token for word in asked.split() for token in word_tokens(word)]
    if words and words[0] in _KIND_POINTERS and all(word in STRESS_WORDS for word in words[1:]):
        return True  # "das (überhaupt)", not the article of "das Qwen-Modell" or "das beste"
    while len(words) > 1 and words[0] in _KIND_ARTICLES:
        words = words[1:]
    return bool(words) and (words[0] in _KIND_POINTERS or not is_everyday(words[0]))


def _without_kind_frame(plain: str) -> str:
    """``plain`` with a question for what kind of thing something is asked as what it is (``_KIND_FRAMES``)."""
    for pattern, replacement in _KIND_FRAMES:
        if (match := pattern.search(plain)) is not None:
            return pattern.sub(replacement, plain, count=1) if _names_a_thing(match["x"]) else plain
    return plain


def _without_hedge(match: re.Match[str]) -> str:
    """The text of a "kind of" match with a hedge left out, as it is when the words are a noun and its "of"."""
    before = match.group("before")
    if match.group("short") is None and before is not None and before.strip().casefold() in _BEFORE_A_KIND_NOUN:
        return match.group()
    return before or ""


# A place an English question is asked about put before its question word: "in the xla crash course what does pjrt
# standardise", "in the pallas talk, how do they …". English names it last as often ("what does pjrt standardise in
# the xla crash course"), which the shapes read; a phrase holding a question word is the question's own start ("in
# which talks …", "at what point …"). (German fronts a place with its verb next, "im video, was war das X und …",
# whose "was war das" the definition shape would read: left as typed.) So is a time put first, a phrase or a clause:
# "after nc came in how long did it take to train an operator" asks "how long … after nc came in". A comma ends a
# longer place: "in the talk with the gemma 4 grpo run, how do …".
_FRONTED_PLACE_RE = re.compile(
    r"^(?P<p>(?:in|according to|as per|per|on|after|before|once|since|until)\s+[^\s,?]+"
    r"(?:(?:\s+[^\s,?]+){0,5}?|(?:\s+[^\s,?]+){6,9}(?=\s*,)))\s*,?\s+"
    r"(?P<q>(?:what|whats|how|why|which|who|when|where)\s+\S.*)$", re.I)
_QUESTION_WORD_IN_RE = re.compile(r"\b(?:what|whats|how|why|which|who|whom|whose|when|where)\b", re.I)


def placed_setting(query: str) -> str:
    """The setting an English question names its talk by: its last placing phrase (``setting_of``), or the place it
    puts before its question word (``_FRONTED_PLACE_RE``: "[on the tpu database project], which bit of the chip …")."""
    if (fronted := _FRONTED_PLACE_RE.match(query.strip())) and not _QUESTION_WORD_IN_RE.search(fronted["p"]):
        place = re.sub(r"^(?:according to|as per|\S+)\s+", "", fronted["p"], flags=re.I)  # without its preposition
        return " ".join(word for word in place.split() if word.casefold() not in DETERMINERS)
    return setting_of(_plain(query))


@lru_cache(maxsize=1)  # _parse and then name_runs read one question's plain form
def _plain(query: str) -> str:
    """``query`` with plain apostrophes, contractions spelled out, a polite wrapper and a stressing adverb left out."""
    plain = without_discourse(query.translate(_APOSTROPHES))
    if "'" in plain:  # most questions have no contraction: eight patterns not tried
        for pattern, replacement in _CONTRACTIONS:
            plain = pattern.sub(replacement, plain)
    plain = _UNMARKED_IS_RE.sub(r"\1 is", plain)
    if "kind" in (folded := plain.casefold()) or "sort" in folded:  # most hedge nothing: the pattern not tried
        plain = _HEDGE_RE.sub(_without_hedge, plain)
    if plain.rstrip(" ?!.").rpartition(" ")[2].casefold() in STRESS_WORDS and \
            _WORD_RE.search(unstressed := _TRAILING_STRESS_RE.sub("", plain)):
        plain = unstressed
    if _IN_FEW_WORDS_RE.search(plain) and _WORD_RE.search(brief := _IN_FEW_WORDS_RE.sub("", plain)):
        plain = brief
    if "für" in folded or "fur" in folded or " of " in folded:  # most ask no kind: the patterns not tried
        plain = _without_kind_frame(plain)
    if (greeted := GREETING_RE.sub("", plain)) != plain:
        # a greeting opens the message, the interjections and openers of a question follow it ("hey, quick q: …",
        # "hallo, kurze frage, …", "hi, sorry, …"): left out as they are without the greeting
        plain = without_discourse(greeted)
    plain = _asked(_WRAPPER_RE.sub("", plain))
    if (fronted := _FRONTED_PLACE_RE.match(plain)) and not _QUESTION_WORD_IN_RE.search(fronted["p"]):
        # the question as it reads with the talk named last (its "?" at the end, not before the talk)
        plain = f"{fronted['q'].rstrip(' ?!.')} {fronted['p']}"
    # (matched first: a sub with a group in its template calls into re's Python code even where nothing matches)
    return _STRESSED_RE.sub(r"\g<q> ", plain) if _STRESSED_RE.search(plain) else plain


# shapes a help question is misread as ("what else can you do?" is no "more")
ASKED_ABOUT_ANYTHING = frozenset({Shape.DEFINE, Shape.EXPLAIN, Shape.SEARCH, Shape.MORE})
# Every word of a question about the bot is one of these (so is its last, which greetings and interjections before it
# leave as it is: most questions need not be read further)
_ABOUT_THE_BOT_WORDS = FRAME_WORDS | PRONOUNS | THE_BOT | USAGE | TO_THE_BOT | BOT_NOUNS | KINDS_OF_THING | EXAMPLES


# A word that speaks to the bot typed with a slip is that word ("was kanst du so", "comands?"); a slip that is a word
# of its own ("weist", "nuten") is that word instead. Words of five letters or more: a shorter one's slips are as
# often other words.
_BOT_WORD_SLIPS = {slip: word for word in sorted(TO_THE_BOT | USAGE | ASKING | THE_BOT | EXAMPLES) if len(word) >= 5
                   for slip in typed_slips(word)
                   if slip not in _ABOUT_THE_BOT_WORDS and not is_everyday(slip)}

# Spoken German as typed: the dropped e of "ich" ("wie benutz ich dich", "wie nutz ich das") is the verb's "ich" form
# (a verb with "du" run into it, "kannste", is ``with_du_spelled_out``'s)
_DROPPED_E = {word.removesuffix("e"): word for word in ASKING if word.endswith("e") and len(word) >= 5}


def _bot_words(text: str) -> list[str]:
    """The tokens of ``text`` (what a message says to the bot), read as said to it: a slip of a word to the bot as
    that word, German "drauf haben" as "können"."""
    if "drauf" in text.casefold():
        text = ABILITY_IDIOM_RE.sub(lambda idiom: f" kannst {idiom['who'] or ''} ", text)
    return [_DROPPED_E.get(word) or _BOT_WORD_SLIPS.get(word, word) for word in tokens(with_du_spelled_out(text))]


def _asks_of_the_last_answer(words: list[str]) -> bool:
    """Whether a why or an explain of ``words`` asks about the last answer ("can you explain?", "what do you mean?",
    "was meinst du?"), not about the bot in a clause of its own after it ("kannst du mir erklären, wie du
    funktionierst?", "explain how you work")."""
    asked = [index for index, word in enumerate(words) if word in ASKS_WHY]
    if not asked:
        return False
    after = words[asked[-1] + 1:]
    clause = next((index for index, word in enumerate(after) if word in QUESTION_WORDS), None)
    return clause is None or not any(word in THE_BOT for word in after[clause + 1:])


def _last_token(text: str) -> str | None:
    """The last of ``tokens(text)``; None when it has none."""
    for word in reversed(text.split()):
        if folded := word_tokens(word):
            return folded[-1]
    return None


def asks_about_the_bot(text: str) -> bool:
    """Whether ``text`` asks how to use the bot: every word frames a question, names or addresses the bot, or asks
    for its help or commands, and one does. "can you summarize it?" points back at a topic ("it"), so it is not."""
    words = _bot_words(text)
    if not words or not all(w in _ABOUT_THE_BOT_WORDS for w in words):
        return False
    if _asks_of_the_last_answer(words):
        return False
    if any(_asks_for_usage(w) or w in BOT_NOUNS for w in words):
        return True
    if any(w in PRONOUNS for w in words):
        return False
    return any(w in USAGE or w in THE_BOT for w in words) or (any(w in ASKER for w in words) and
                                                              any(w in ASKING for w in words))


def _asks_for_usage(word: str) -> bool:
    """Whether ``word`` asks for the bot's help or commands whatever else is said: "help", "commands", not "tips",
    which a pronoun asks of the thread's topic ("gibts tipps dazu?")."""
    return word in USAGE and word not in ASPECT_NOUNS


def _to_the_bot(text: str) -> str:
    """``text`` without the greeting and the interjections before what it says to the bot, and without a polite
    wrapper before a question of its own: "can you help me understand what VHLO is?", "kannst du mir helfen: was ist
    ein Kraftdreieck?" ask what those are ("can you help me with something?" asks for help)."""
    said = GREETING_RE.sub("", without_discourse(text.translate(_APOSTROPHES)))
    asked = _asked(_WRAPPER_RE.sub("", said))
    return asked if asked != said and _OWN_QUESTION_RE.match(asked) else said


MAX_HELP_FILLERS = 3  # "not sure how this works, can you help me out?": sure, out


def _speaks_with_the_bot(words: list[str]) -> bool:
    """Whether ``words`` speak of talking with the bot ("how am I supposed to talk to you", "wie rede ich am besten mit
    dir"): a verb of speaking and "to"/"with"/"mit" right before a word for the bot ("a talk to recommend" has none)."""
    return any(word in SPEAKING for word in words) and \
        any(word in SPOKEN_WITH and after in THE_BOT for word, after in zip(words, words[1:], strict=False))


def help_fillers(text: str, *, in_a_thread: bool) -> tuple[str, ...] | None:
    """The everyday words of a message that asks for the bot's help in words of its own ("brauch mal hilfe mit dir",
    "sorry, neu hier – was kann der bot?", "how am I supposed to use you?"), for the caller to check that none is a
    term of the corpus (none may be); None when it does not ask so. It must ask for help or usage, or name the bot or
    speak to it with a verb of using or asking ("you" … "use"); outside a thread, where nothing else is there to ask
    about, "this" and "here" are the bot ("how do I use this?", "what kind of questions work here?"), and a verb of
    asking or examples need no other word ("how to use?", "any examples?"); "what is that?" alone still asks what is
    meant. In a thread a pronoun is its topic ("what do you know about it?"). Every other word is an everyday word, at
    most MAX_HELP_FILLERS of them."""
    words = _bot_words(_to_the_bot(text))
    if not words or _asks_of_the_last_answer(words):
        return None
    # (a superlative of manner says how to ask, as "am besten" does: "wie frag ich dich am sinnvollsten")
    fillers = tuple(dict.fromkeys(w for w in words if w not in _ABOUT_THE_BOT_WORDS
                                  and not adverbial_superlative(w, text)))
    if len(fillers) > MAX_HELP_FILLERS or not all(is_everyday(w) for w in fillers):
        return None
    if any(_asks_for_usage(w) or w in BOT_NOUNS for w in words):
        return fillers
    if in_a_thread and any(w in PRONOUNS for w in words):
        return None
    if any(w in USAGE for w in words):
        return fillers
    using = any(w in TO_THE_BOT or w in ASKING for w in words) or _speaks_with_the_bot(words)
    if using and any(w in THE_BOT for w in words):
        return fillers
    if in_a_thread:
        return None
    if using and any(w in PRONOUNS or w in HERE or w in ASKER for w in words):
        return fillers
    if any(w in HERE for w in words) and any(w in ASKER or w in THE_BOT for w in words):
        return fillers  # "what can I do here?"
    if any(w in HERE for w in words) and any(w in INTRODUCTION for w in words) and \
            not any(w in TALK_NOUNS for w in words):
        # "kurze Einführung bitte, was geht hier" (not "die Einführung im Vortrag hier", a talk's): the introduction
        # is not one of the everyday words left
        return tuple(w for w in fillers if w not in INTRODUCTION)
    if not fillers and any(w in ASKING or w in EXAMPLES for w in words):
        return fillers  # "how to use?", "any examples?"
    return None


MAX_REASON_FILLERS = 3  # "any idea why that happens?": idea, happens


def reason_fillers(question: Question) -> tuple[str, ...] | None:
    """The everyday words of a question that asks for the reason, cause or purpose of something it only points back
    at ("any idea why that happens?", "wozu soll das gut sein", "what caused that"), or of nothing but interjections
    ("why tho lol"), for the caller to check that no summary holds any of them (none may: "why do they use ropes for
    that" asks about ropes): with no thread to point back at, it names nothing to answer. None when it asks something
    else: no word asks for a reason, nothing points back, it speaks of the bot, or a word of its subject is no
    everyday word or one too many. The word that asks for the reason ("the point of that") and an aspect noun ("any
    idea why") are none of its subject."""
    words = tokens(question.text)
    if question.follow_up or not any(word in ASKS_FOR_A_REASON for word in words) or \
            any(word in THE_BOT for word in words):  # "what's the point of you?" asks what the bot is for
        return None
    fillers = tuple(dict.fromkeys(word for word in tokens(question.subject)
                                  if word not in ASKS_FOR_A_REASON and word not in ASPECT_NOUNS))
    if question.language == "de":
        # adverbs say how it is done otherwise, no topic: "wieso macht man das nicht [einfach anders]"
        fillers = tuple(word for word in fillers
                        if not (is_everyday(word) and german_tags.says_how(word, question.text)))
    if len(fillers) > MAX_REASON_FILLERS or not all(is_everyday(word) for word in fillers):
        return None
    if any(word in PRONOUNS for word in words) or all(DISCOURSE_ONLY_RE.match(word) for word in fillers) or \
            _why_then_a_remark(question.text):
        return fillers
    return None


def _why_then_a_remark(text: str) -> bool:
    """Whether ``text`` asks a bare why and remarks on it in a clause of its own: "but why tho, [seems weird]",
    "wieso, [klingt komisch]". The remark says what the asker thinks of something they do not name."""
    asked, comma, remark = _LEADING_AND_RE.sub("", text).partition(",")
    folded = tokens(asked)
    return bool(comma and tokens(remark)) and any(word in ASKS_FOR_A_REASON for word in folded) and \
        all(word in ASKS_FOR_A_REASON or word in FRAME_WORDS for word in folded)


# A sentence ends at its full stop, question or exclamation mark before the next one's capital; a stop after a word of
# one or two letters ends an abbreviation ("z. B. Pallas", "Dr. Lee"), no sentence. Chat is typed in lower case: a
# question mark ends its sentence before any word that opens no question of its own ("what is X? some intel thing i
# think"; "echt? wieso das denn" and "…? or is it …" ask on)
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])[\s\"'”“»«)]*\s(?=[\"'„“»«(]*[A-ZÄÖÜ])"
                              rf"|(?<=\?)[\s\"'”“»«)]*\s(?!(?i:{OPENS_A_QUESTION})(?![\w'-]))(?=[\"'„“»«(]*[^\W\d_])")
_ABBREVIATION_END_RE = re.compile(r"(?<![^\W\d_])[^\W\d_]{1,2}\.$")
# A question asked after a clause of the asker's own: "We deploy on serverless containers, so can Kinetic run on Cloud
# Run?", "I've used JAX, so I'm curious how …", "ich plane ein Baumhaus und frage mich, wie …"; the clause before is
# said, not asked (it opens with no question word or auxiliary)
_QUESTION_WORD = (r"(?:what|who|whom|whose|how|where|when|why|which|wie|was|wer|wann|wo|warum|wieso|weshalb"
                  r"|welche[rsnm]?)\b")
_AUXILIARY = r"(?:do|does|did|is|are|was|were|can|could|will|would|has|have)\b"  # opening an English yes/no question
# A why-word right after the asker's own clause asks on its own: "xla kann doch matmul, [wozu] braucht man überhaupt
# custom kernels" grants the first clause and asks why custom kernels are needed
_WHY_WORD = r"(?:why|warum|wieso|weshalb|weswegen|wozu)\b"
_LEAD_IN_RE = re.compile(
    rf"^(?!{_QUESTION_WORD}|{_AUXILIARY}|(?:should|gibt|gibts|kann|kannst|what'?s|wh?at'?s)\b)"
    r"(?P<c>[^,;]*?\S)\s*(?:,\s*(?:and |but )?so|,\s*(?:und|aber|also)?\s*(?:ich )?frage? mich|,\s*(?:und|aber) ich"
    rf" frage mich|,(?=\s*{_WHY_WORD}))\s*,?\s+"
    rf"(?P<q>(?:(?:i(?:'m| am) (?:curious|wondering)|i wonder|(?:could|can|would) you|ob)\b|{_QUESTION_WORD}"
    rf"|{_WHY_WORD}|{_AUXILIARY}).+)$", re.I)


# Whether a talk told something, asked of what it told: "Wurde in der Fragerunde erklärt, woher die langen
# Kompilierungszeiten kommen?", "did they explain how the hives stay dry?" ask where they come from, how they stay
# dry; where it was told is the asker's context
_TOLD_RE = re.compile(
    r"^(?P<c>(?:wurde|wird|hat|haben|hatten|did|does|do|was|were|is|are|has|have)\b[^,?]*?\s"
    r"(?:erkl[äa]rt|erl[äa]utert|gesagt|erw[äa]hnt|gezeigt|beschrieben|explain|explained|mention|mentioned|say|said"
    r"|show|shown|describe|described|tell|told))\s*,?\s+"
    r"(?P<q>(?:wie|warum|wieso|weshalb|woher|wozu|wof[üu]r|welche[rsnm]?|how|why|what|which|where)\b.+)$", re.I)
# A question of a message with context that asks a further one after it, joined by a comma and "and": "What is it
# for, and how does it relate to StableHLO?" asks first what "it" is for; the further question is more context
_FURTHER_QUESTION_RE = re.compile(rf"^(?P<q>{_QUESTION_WORD}[^,;]+?),\s*(?:and|und)\s+(?P<c>{_QUESTION_WORD}.+)$",
                                  re.I)


def asked_sentence(text: str) -> tuple[str, str]:
    """The sentence of a message that asks, and the asker's context around it: a message of several sentences asks in
    the one that ends in a question mark, and after a lead-in clause in the clause that asks ("I'm planning a
    treehouse, so how were the trunks measured?" asks "how were the trunks measured?"); the rest only says why it is
    asked. ``(text, "")`` when the message is one question, or asks more than once."""
    sentences = [sentence for sentence in _sentences(text) if sentence]
    asked = [sentence for sentence in sentences if sentence.rstrip().endswith("?")]
    if len(sentences) >= 2 and len(asked) == 1:
        question = asked[0]
        context = " ".join(sentence for sentence in sentences if sentence is not question)
    else:
        question, context = text, ""
    # (a greeting may come first: "moin, kurze frage zum kinetic talk: …")
    if (opened := OPENER_LEAD_RE.match(question) or OPENER_LEAD_RE.match(GREETING_RE.sub("", question))) is not None \
            and opened["c"].strip():
        question, context = opened["q"], f"{context} {opened['c'].strip()}".strip()
    if (lead_in := _LEAD_IN_RE.match(question)) is not None:
        question, context = lead_in["q"], f"{context} {lead_in['c']}".strip()
    if (told := _TOLD_RE.match(question)) is not None:
        question, context = told["q"], f"{context} {told['c']}".strip()
    if context and (further := _FURTHER_QUESTION_RE.match(question)) is not None:
        question, context = f"{further['q']}?", f"{context} {further['c']}".strip()
    return (question, context) if context else (text, "")


def context_names(context: str, language: str | None) -> str:
    """The words of an asker's context that name a thing a pronoun of the question can stand for: the names it types
    as names (CHLO, max_evol, Tunix-Team: ``is_term_like``), and in English a capitalised word no sentence starts with
    ("I keep seeing CHLO in the XLA crash course" -> CHLO XLA; "the Pallas talk" -> Pallas)."""
    names: list[str] = []
    for sentence in _sentences(context):
        for at, match in enumerate(_WORD_RE.finditer(sentence)):
            word = match.group()
            if is_term_like(word) or (language != "de" and at > 0 and word[:1].isupper() and word != "I"
                                      and not all(frames_the_question(token) for token in word_tokens(word))):
                if word not in names:
                    names.append(word)
    return " ".join(names)


def _sentences(text: str) -> list[str]:
    """``text`` cut into its sentences (``_SENTENCE_END_RE``)."""
    if not _SENTENCE_END_RE.search(text):
        return [text]
    sentences: list[str] = []
    start = 0
    for end in _SENTENCE_END_RE.finditer(text):
        if (short := _ABBREVIATION_END_RE.search(text, start, end.start())) is not None and \
                short.group()[:-1] not in SEPARABLE_PARTICLES:
            continue  # (a German separable verb's particle ends its clause: "Ich schaue mir Tunix [an]. Auf …")
        sentences.append(text[start:end.start()].strip())
        start = end.end()
    sentences.append(text[start:].strip())
    return sentences


def plain_question(text: str) -> str:
    """A question's text as its shape is read from: without a polite wrapper ("can someone explain X" is "explain
    X"), contractions spelled out (``_plain``)."""
    return _plain(_question_text(text))


def _question_text(text: str) -> str:
    """``clean_query`` of a question's text: markup typed as text ("&lt;!channel&gt;") is dropped too, as a question is
    never answered about it nor shows it back."""
    return clean_query(text, typed_markup=True)


def parse(text: str) -> Question:
    """The shape, subject and language of a question (Slack markup and pings already harmless). A message that says
    why it asks before it asks ("Wir nutzen nur Colab. Wie läuft Kinetic in der Cloud?") is read by its question
    (``asked_sentence``): the context's words neither shape it nor are its subject (``Question.context``)."""
    # a sign-off after the question ("what?? lol") is no sentence of context (``without_sign_off``)
    # (an emoji code's colons are no opener's colon: "moin :wave: kurze frage zum kinetic talk: …")
    asked, context = asked_sentence(without_sign_off(without_emoji(_question_text(text))))
    if context:
        question = _parse(asked)
        question.context = context
        question.language = detect_language(text) or question.language  # the whole message tells better
    else:
        question = _parse(text)
    if question.shape in ASKED_ABOUT_ANYTHING and not question.follow_up and \
            _last_token(question.text) in _ABOUT_THE_BOT_WORDS and \
            asks_about_the_bot(_to_the_bot(question.text)):
        return Question(question.text, Shape.HELP, language=question.language)
    question.yes_no = question.shape == Shape.SEARCH and not question.follow_up and is_yes_no(question.text,
                                                                                               question.language)
    return question


# Words that point at the talk the thread is about: "was heißt da RDMA?", "wie funktioniert dort das Debugging?",
# "what's multiple shooting in there?", "what does HBM mean in that talk?". "there" after or before a form of "be"
# ("is there a talk …?") points at nothing. Taken out before the question's shape is read, so "was ist dort mit X
# gemeint" is "was ist mit X gemeint" and "X in this one" names X alone; the question remembers it pointed. "im
# Vortrag zu X", "in the talk about X" name a talk by its topic instead.
_POINTER_RE = re.compile(
    r"(?<![\w-])(?:da|dort|darin|drin|(?:in|from) (?:there|here)"
    r"|(?:(?:im|in dem|in diesem|aus dem) (?:vortrag|video|talk|zusammenhang|kontext)"
    r"|(?:in|from) (?:this|that|the) (?:one|talk|video|session|presentation|context))"
    r"(?! (?:zu|zum|zur|[üu]ber|von|vom|mit|about|on|of|by|with|from)\b))(?![\w-])"
    r"|(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)(?<!\bany)\s+there$", re.I)
# A word every pointer has: most questions have none, and this is a third of the pointer pattern's cost
_POINTER_HINT_RE = re.compile(r"\b(?:da|dort|darin|drin|there|here|vortrag|video|talk|session|presentation|one"
                              r"|context|kontext|zusammenhang)\b", re.I)
# typed German drops the t of "ist" and joins it to the article or the question word: "is", "isn", "is'n", "wasn"
_SPOKEN_IST_RE = re.compile(r"(?<![\w-])(?:(?P<was>wasn)|is(?:'?n|\s+n(?=\s))?)(?![\w'-])", re.I)
_SPACES_RE = re.compile(r"\s{2,}")
# … and its "ein" to a word before it, also typed apart: "so n vae" is "son vae" (so ein), "für n tool" is "fürn tool"
# (SPOKEN_CONTRACTIONS, "son"): the article, no word asked about
_SPOKEN_EIN_APART_RE = re.compile(r"(?<![\w-])(so|f[üu]r|auf|mit|[üu]ber)\s+n(?![\w'-])", re.I)


# "the (German) word", "der (englische) Begriff" before the term a question asks about only say it is a term: "what
# does the german word zerspanung mean" asks what Zerspanung means. Not before a word that makes it a phrase of its own
# ("the word for …", "der Begriff in dem Vortrag"), nor alone ("woher stammt der begriff": the thread's term).
_NAMED_AS_A_TERM_RE = re.compile(
    r"(?<![\w-])(?:the|das|der|den|dem|des) (?:(?:german|english|deutsche[mnrs]?|englische[mnrs]?) )?"
    r"(?:term|word|expression|wort|begriff|ausdruck|wortes|worts|begriffs|ausdrucks)\s+"  # (genitive: "des Begriffs")
    r"(?!(?:for|f[üu]r|of|von|vom|in|im|is|are|ist|that|which|der|die|das|den|dem|mean|means|bedeutet|hei(?:ß|ss)t"
    r"|stands?|steht)\b)(?=[^\W\d_`*\"'„]|\d+-?[^\W\d_])", re.I)  # (a name may open with digits: "2D-Mesh-Sharding")


def _parse(text: str) -> Question:
    cleaned = _question_text(text)
    query = without_sign_off(unstretched(without_typed_address(without_emoji(cleaned).strip())))
    plain = _NAMED_AS_A_TERM_RE.sub("", _plain(query).rstrip(" ?!."))
    pointed = _POINTER_HINT_RE.search(plain) is not None and _POINTER_RE.search(plain) is not None
    question = _parse_plain(query, _SPACES_RE.sub(" ", _POINTER_RE.sub(" ", plain)).strip() if pointed else plain)
    question.in_thread_talk |= pointed
    if question.language == "de" and question.subject and (verb := _separable_verb(plain)):
        question.subject = _with_whole_verb(question.subject, *verb)
    return question


# A weak German verb's personal endings, longest first: "richtet", "setzt", "richte" -> richt, setz
_VERB_ENDING_RE = re.compile(r"(?:est|et|st|t|en|e|n)$")


# Words opening a clause after a main clause ("statt", "ohne", "wenn", "weil" …); not "um" or "als", which are a
# separable verb's particle or a comparison as often
_CLAUSE_OPENERS = frozenset("statt anstatt ohne wenn weil obwohl damit sodass dass falls wahrend".split())


def _separable_verb(plain: str) -> tuple[str, str, str] | None:
    """The finite verb, the particle and the whole verb's infinitive of a German question that ends in a separable
    verb's particle ("wie richte ich Kinetic ein": richte, ein, einrichten): the summaries write the whole verb's
    noun or its English ("Installation & Setup"), never its stem with the particle left behind."""
    words = plain.split()
    # the main clause ends before a clause it opens ("warum rufen die X von außen [auf] statt sie … einzubauen"):
    # its particle stands last there
    words = words[:next((at for at, word in enumerate(words) if at >= 3 and fold(word) in _CLAUSE_OPENERS),
                        len(words))]
    if len(words) < 3 or (particle := fold(words[-1])) not in SEPARABLE_PARTICLES:
        return None
    if fold(words[-2]) in GERMAN_JOINING_WORDS:
        return None  # a pair of adverbs joined by "und" ("vor und zurück", "auf und ab"): no verb's particle
    if fold(words[0]) in GERMAN_JOINING_WORDS and len(words) > 3:
        words = words[1:]  # a follow-up joined to the last answer: "und wie richte ich das am anfang ein"
    verb = words[1] if fold(words[0]) in GERMAN_QUESTION_WORDS else words[0]
    folded = fold(verb)
    if not folded.isalpha():
        return None
    stem = IRREGULAR_INFINITIVES.get(folded) or _VERB_ENDING_RE.sub("", folded) + "en"
    return verb, words[-1], particle + stem


def _with_whole_verb(subject: str, verb: str, particle: str, infinitive: str) -> str:
    """``subject`` with the separable verb's finite form and particle as its infinitive ("setzt kinetic" ->
    "aufsetzen kinetic"); a framing irregular verb's ("hat … vor": vorhaben) added when the whole verb frames
    nothing."""
    words = subject.split()
    if verb in words:
        return " ".join(infinitive if word == verb else word for word in words if word != particle)
    if fold(verb) not in IRREGULAR_INFINITIVES or frames_the_question(infinitive):
        return subject  # no verb at all ("in welchen Vorträgen kommt GRPO vor"), or one that frames ("vorkommen")
    return " ".join([*(word for word in words if word != particle), infinitive])


def _asks_who(text: str) -> bool:
    """Whether ``text`` asks who gave a talk (a WHO pattern matches it)."""
    return any(shape == Shape.WHO and pattern.search(text) for shape, pattern in _PATTERNS)


def _parse_plain(query: str, stripped: str) -> Question:
    """``_parse`` of ``query`` whose plain text (``_plain``, pointers at the thread's talk out) is ``stripped``."""
    folded = tokens(query)
    language = _language_of(folded, query)
    if language == "de":
        # "von wem is der?", "was is da VMA?", "was isn Sparstich", "wasn das?"
        stripped = _SPOKEN_IST_RE.sub(lambda m: "was ist" if m["was"] else "ist", stripped)
        stripped = _SPOKEN_EIN_APART_RE.sub(r"\1n", stripped)
        stripped = with_du_spelled_out(stripped)
    if not folded or GREETING_ONLY_RE.match(query.translate(_APOSTROPHES)):
        return Question(query, Shape.HELP, language=language)
    if DISCOURSE_ONLY_RE.match(query):
        # "hä?", "huh?" ask what was meant (the thread's topic again, else what they refer to); "ok", "danke" say
        # nothing to look up: the usage reply, as for a greeting
        if query.rstrip().endswith("?"):
            return Question(query, Shape.EXPLAIN, language=language, refers_back=True)
        return Question(query, Shape.HELP, language=language)
    if (same := _SAME_RE.match(stripped)) and (subject := subject_words(same.group("s"))):
        return Question(query, Shape.SEARCH, subject, language=language, follow_up=True, as_before=True)
    if (about := _ABOUT_RE.match(stripped)) and (subject := subject_words(about.group("s"))):
        return Question(query, Shape.SEARCH, subject, language=language, follow_up=True,
                        as_before=names_a_talk(about.group("s")))
    # "und wie startet man dort Jobs?" is a how-question of its own; "und DPO?" only names a new subject
    stripped = _LEADING_AND_RE.sub("", stripped)
    for shape, pattern in _PATTERNS:
        match = pattern.search(stripped)
        if not match:
            continue
        groups = match.groupdict()
        if shape == Shape.COMPARE and (_WHICH_TALK_RE.match(stripped) or _asks_who(stripped) or (
                _WHEN_RE.match(stripped) and not _DIFFERENCE_RE.search(stripped))):
            # "which talk covers GPU vs TPU parity?" asks for a talk, "who made that video explaining pre-training vs
            # post-training" for its speaker, "at what point do they explain pre-training vs post-training" for the
            # moment: the two sides are the topic asked about, no difference is asked
            continue
        if shape == Shape.COMPARE and not _DIFFERENCE_RE.search(stripped) and (
                _HOW_MUCH_RE.match(stripped) or _HOW_DEGREE_RE.match(stripped)
                or (_asks_of_its_own(stripped) and _BASELINE_RE.search(stripped))):
            # a number measured against a baseline ("wie viel bringt MXFP4 gegenüber FP8?"), or a question of its own
            # (what changed, an example) asked against one ("what changed in how vllm runs on tpus compared to the
            # early prototype", "whats an example of a multi turn agent task …, compared to classic rl"): not two
            # sides to set side by side
            stripped = _BASELINE_RE.sub(" ", stripped)
            continue
        if shape == Shape.QUANTITY and (degree := _HOW_MUCH_OF_RE.match(stripped)) and \
                fold(degree["n"]) in DEGREE_NOUNS:
            continue  # "how much control does FlyDSL give you down the GPU hierarchy": how far, a how-question
        if shape == Shape.WHO and (asked_too := _SECOND_QUESTION_RE.search(stripped, match.end())) and \
                subject_words(stripped[asked_too.end():]):
            continue  # (a second question with no word of its own, "and what it was about", asks of the same talk)
        if shape == Shape.MORE and subject_words(groups.get("s") or ""):
            continue  # "tell me more about ORPO" asks about ORPO; "erzähl mehr darüber" only for more
        if shape in (Shape.HELP, Shape.MORE):
            return Question(query, shape, language=language)
        if shape == Shape.COMPARE:
            if (placed := _PLACED_RE.match(groups.get("o") or "")) and subject_words(placed["t"]):
                groups["o"] = placed["t"]  # "… und Disaggregation beim RL": where both sides are, not a side's name
            if (elided := _ELIDED_NOUN_RE.match(groups.get("o") or "")) and \
                    (noun := _NOUN_BEFORE_ITS_PLACE_RE.match(groups.get("s") or "")):
                groups["o"] = f"{noun['noun']} {elided['place']}"  # "von dem beim Baumhaus": the Holzschutz there
            first, second = subject_words(groups.get("s") or ""), subject_words(groups.get("o") or "")
            if (adjective := _adjective_of_shared_noun(first, second)) is not None:
                second = adjective  # "kollokiertem und disaggregiertem RL-Betrieb": the sides are the two adjectives
            if second and not first and (groups.get("s") is None or any(t in PRONOUNS for t in tokens(groups["s"]))):
                # "how is it different from PPO?": the thread's topic against PPO
                return Question(query, shape, "", second, language, refers_back=True)
            if not first or not second or any(all(token in WHICH_ONE_WORDS for token in tokens(side))
                                                  for side in (first, second)):
                # (a side that only says which one, with no thing of its own, is none: "what did he say about
                # profiling and what's next" asks what comes next, which nothing is set beside)
                continue
            return Question(query, shape, first, second, language)
        raw = next((value for name, value in groups.items() if name[:1] == "s" and value is not None), None)
        if pattern is _WORTH_RE:  # the talk and what it is worth watching for: "is it worth watching for pallas?"
            raw = " ".join(value for name, value in groups.items() if name[:1] == "s" and value) or None
        if raw is None:
            raw = stripped[: match.start()] + " " + stripped[match.end():]
        elif place := groups.get("place") or groups.get("place2"):
            raw = f"{raw} {place.strip()}"  # the talk a fronted term was met in, as if named after it
        elif source := groups.get("who") or groups.get("who2"):
            # the source that means it places the thing: "industriellen zellen im cnc video"
            raw = f"{raw} {'im' if language == 'de' else 'in the'} {source.split(maxsplit=1)[1]}"
        if shape == Shape.DEFINE:
            raw = _DEFINE_TAIL_RE.sub("", raw)
        subject = raw.strip() if shape == Shape.DIGEST else subject_words(raw)
        if shape in TALK_QUESTIONS and language == "de":
            subject = _without_clause_verbs(subject, stripped)
        if shape in TALK_QUESTIONS or shape == Shape.MOMENTS:
            subject = without_kind_words(subject)
        if shape == Shape.WHO and subject and all(token in WHO_NOUNS for token in word_tokens(subject)):
            # "who's the guy in that video": the person is who is asked for, no topic; the thread's talk is meant
            subject = ""
        if shape == Shape.DEFINE and not subject and _only_function_words(raw):
            subject = raw.strip()  # a name made of function words ("what is all to all?") is still a name
        # "gibts dazu ein video", "is there a video on it": a talk list about the thread's topic, not every talk
        refers_back = not subject and (shape != Shape.TALKS or any(t in PRONOUNS or t in OTHERS
                                                                   for t in tokens(stripped)))
        question = Question(query, shape, subject, language=language, refers_back=refers_back,
                            in_thread_talk=refers_back and pattern is _WORTH_RE)
        if shape == Shape.QUANTITY:
            question.quantity = _quantity_kind(stripped)
            if question.quantity == "time" and subject:
                # "how long did that take": the verb frames it; with nothing else named it asks of the thread's topic
                subject = " ".join(word for word in subject.split()
                                   if not all(token in DURATION_VERBS for token in word_tokens(word)))
                question.refers_back = not subject
            question.subject = without_quantity_frames(subject)
        if shape == Shape.DEFINE:
            if pattern is not _PURPOSE_RE and _A_TALK_ABOUT_RE.match(raw):
                # "what was the intel talk about running jax on their graphics cards": the talk the asker describes
                # by its topic, whose summary is asked for (its closing "about" left out), no term to define
                return Question(query, Shape.SUMMARY, without_kind_words(subject), language=language)
            if pattern is _DESCRIBED_RE:
                question.described = not question.refers_back  # "what do you call that?": the thread's topic
                return question
            if _WHAT_IS_THAT_RE.match(stripped):
                return question  # "was ist das überhaupt?" in a thread: what the thread's topic is
            if question.refers_back and pattern is _PURPOSE_RE:
                return replace(question, shape=Shape.EXPLAIN)  # "what's that good for?": why the thread's topic
            if question.refers_back or _WHAT_THEY_DO_RE.match(stripped) or _WHAT_SETS_IT_APART_RE.match(stripped) \
                    or _names_an_aspect(subject, raw):
                # "what is it about?", "what do they recommend for …?", "was war der Grund dafür?", "what's planned
                # next for max_evol?" are no definitions
                continue
            if _WHAT_IT_RESTS_ON_RE.match(stripped):
                # "what is tunix built on top of": what the thing is made from, which a key point explains, not what
                # the thing is
                return replace(question, shape=Shape.EXPLAIN)
            if _WHAT_IT_DOES_RE.match(stripped) and subject_words(stripped.split()[-1]):
                # "what does the PJRT API standardize?"; a verb that says nothing more ("what does AITER give
                # you?") asks what the thing does, its glossary entry
                return replace(question, shape=Shape.EXPLAIN)
            if (unnamed := _SPACES_RE.sub(" ", _ABBREVIATION_RE.sub(" ", raw)).strip()) and unnamed != raw.strip() \
                    and subject_words(unnamed):
                # "wofür ist hbm die abkürzung", "what does the abbreviation hbm mean": what HBM stands for
                raw = unnamed
                question.subject = subject_words(unnamed)
            question.raw = _content_span(raw) or raw.strip()  # "GEMM again" asks for GEMM
            if (placed := _PLACED_RE.match(question.raw)) and (term := subject_words(placed["t"])) and \
                    (qualifier := subject_words(placed["q"])):
                if pattern is _PURPOSE_RE:
                    # "was macht Pathways im MaxText-Stack?", "what are the MXUs in a TPU for?": what a thing does
                    # where the question places it is its role there, which a key point explains; its glossary
                    # entry says what it is anywhere
                    # (the term and the place kept: an entry that places the thing there itself says that role)
                    return replace(question, shape=Shape.EXPLAIN, raw="", term=term, qualifier=qualifier)
                question.term, question.qualifier = term, qualifier
        return question
    # "ok, ORPO?" and "hmm, and ORPO?": the last question again about ORPO
    unsaid = without_discourse(query)
    if match := (_FOLLOW_UP_RE.match(query.rstrip(" ?!.")) or _FOLLOW_UP_RE.match(unsaid.rstrip(" ?!."))):
        # "und der Vortrag allgemein?": the thread's talk (a stressing word at the end is no subject)
        subject = subject_words(_TRAILING_STRESS_RE.sub("", match.group("s")))
        # "ok cool. what commands do you have?": a question of its own after the interjections
        if subject and not _OWN_QUESTION_RE.match(_asked(without_discourse(match.group("s")))):
            if not MEASURE_NOUNS.isdisjoint(tokens(subject)):
                # "und der Speedup auf der H200?" after who presented JAX Quantum: a number asked of the thread's
                # topic, not who presented the speed-up
                quantity = next((kind for kind, kind_re in _QUANTITY_KINDS if kind_re.search(match.group("s"))), "")
                return Question(query, Shape.QUANTITY, subject, language=language, quantity=quantity)
            return Question(query, Shape.SEARCH, subject, language=language, follow_up=True,
                            as_before=names_a_talk(match.group("s")))
    subject = subject_words(stripped)
    if not subject and names_a_talk(stripped):
        # "und der Vortrag allgemein?", "and the talk?": the summary of the thread's talk, not its topic searched
        return Question(query, Shape.SUMMARY, language=language, refers_back=True)
    # "und womit wurde das gemessen?" asks a question of its own, about the thread's topic when it points back ("das")
    refers_back = not subject or any(token in PRONOUNS for token in tokens(stripped))
    return Question(query, Shape.SEARCH, subject, language=language, refers_back=refers_back)


# What opens a German clause that describes a talk: "das Video, [wo] die Bienen unter der Erde leben", "der Vortrag,
# [in dem] …", "der Talk, [der] …"
_DESCRIBING_CLAUSE_RE = re.compile(r"(?:\b(?:wo|worin|wobei|womit|wenn)|\b(?:in|bei|mit|aus) (?:dem|der|denen)"
                                   r"|,\s*(?:der|die|das|den|dem))\s", re.I)
_FULL_VERB_TAGS = frozenset({"VV(FIN)", "VV(INF)", "VV(IZU)", "VV(PP)"})


def _without_clause_verbs(subject: str, text: str) -> str:
    """A German talk question's ``subject`` without the full verbs that end a clause describing the talk, typed in
    lower case ("kurze zusammenfassung vom video, wo die bienen unter der erde [leben]", "wo man nen trainingsjob
    [startet], den laptop [zuklappt] und …"): German puts a subordinate clause's verbs last, and they are the asker's
    wording of what the talk shows, whose nouns name it; a verb searched alone matches other words ("leben" in
    "Sandbox-Lebenszyklus"). As it is when nothing else is left."""
    opened = _DESCRIBING_CLAUSE_RE.search(text)
    if opened is None:
        return subject
    classes = german_tags.word_classes(text)
    verbs: set[str] = set()
    for part in _CLAUSE_PARTS_RE.split(text[opened.end():]):
        if _INDIRECT_QUESTION_RE.search(part):
            continue  # "wenn ich wissen will, wie sich der Job verändert hat": what is asked, no talk described
        for word in reversed(part.split()):  # the clause's last words, while they are verbs
            folded = word_tokens(word)
            if not word.islower() or len(folded) != 1 or not classes.get(folded[0], "").startswith("V"):
                break
            if classes[folded[0]] in _FULL_VERB_TAGS:
                verbs.add(folded[0])
    kept = [word for word in subject.split() if not (word_tokens(word) and set(word_tokens(word)) <= verbs)]
    framed = all(frames_the_question(token) for word in kept for token in word_tokens(word))
    return subject if framed else " ".join(kept)


_CLAUSE_PARTS_RE = re.compile(r"[,;]|\b(?:und|oder|aber)\b", re.I)  # where a clause's verbs end it
# The question word of an indirect question ("… wissen will, [wie] sich der Job verändert hat", "[warum] X so lange
# dauert"): its clause says what the asker wants to know, and its verbs are part of what is asked
_INDIRECT_QUESTION_RE = re.compile(r"\b(?:wie|was|warum|wieso|weshalb|wozu|ob|welche[rsnm]?)\b", re.I)


def _names_an_aspect(subject: str, raw: str) -> bool:
    """Whether a definition's subject, or its part before what places it ("the outlook | for max_evol"), is only
    words for an aspect of a topic: the summaries have no entry for those, they say it of the topic."""
    if all(token in ASPECT_NOUNS for token in tokens(subject)):
        return True
    placed = _PLACED_RE.match(_content_span(raw) or raw.strip())
    return placed is not None and bool(term := tokens(subject_words(placed["t"]))) and \
        all(token in ASPECT_NOUNS for token in term)


# The pronouns that are also articles or determiners: "das" in "das Modell", "that" in "that CLI"
_DETERMINERS = frozenset("das dies diese dieses dieser diesen diesem that this these those".split())
_ENGLISH_DETERMINERS = frozenset("that this these those".split())


def place_asked(asked: Question, topic: str) -> tuple[int, str] | None:
    """The place a follow-up asks for in place of the one the thread's ``topic`` numbers, and the topic with it
    written in: "und die zweite?", "and the other one?" after "die erste Fallstudie im Jaxator-Talk" ask for
    (2, "zweite Fallstudie Jaxator-Talk"); None when the topic numbers nothing, the follow-up names something the
    topic does not ("und die zweite Phase?" after the first case study), or asks for no other place."""
    numbered = ORDINAL_RE.search(topic)
    if numbered is None:
        return None
    then = ORDINAL_PLACES[(numbered["en"] or numbered["de"]).casefold()]
    said = ORDINAL_RE.search(asked.subject) if asked.subject else None
    if set(tokens(ORDINAL_RE.sub(" ", asked.subject))) - set(tokens(topic)):
        return None
    if said is not None:
        place = ORDINAL_PLACES[(said["en"] or said["de"]).casefold()]
    elif any(word in OTHER_ONE for word in tokens(asked.text)):
        place = {1: 2, 2: 1}.get(then, 0)  # the other of two
    else:
        return None
    if place in (0, then):
        return None
    if numbered["de"]:
        written = ORDINAL_STEMS["de"][place - 1] + numbered["end"]
        written = written.capitalize() if numbered.group()[0].isupper() else written
    else:
        written = ORDINAL_STEMS["en"][place - 1]
    return place, topic[:numbered.start()] + written + topic[numbered.end():]


def points_back(text: str) -> bool:
    """Whether a pronoun of ``text`` stands for the thread's topic ("wie viele davon laufen parallel?", "warum sollte
    ich das statt Dockerfiles nehmen?", "why use that over colocation?") rather than being an article or determiner
    before a name ("was war das SM?", "wie kriegt man das modell auf die TPU?"): it is no article ("davon", "it"), or
    no content word follows it."""
    words = _WORD_RE.findall(plain_question(text))
    for index, word in enumerate(words):
        following = words[index + 1] if index + 1 < len(words) else ""
        if (folded := fold(word)) == "one" and index and fold(words[index - 1]) in _PRO_ONE_DETERMINERS and \
                (not following or all(frames_the_question(token) for token in word_tokens(following))):
            return True  # "how tall is [the one] the vlogger built": English's pro-form "one" stands for a thing
        if folded == "one" and index and fold(words[index - 1]) in _ASKING_AUXILIARIES and len(words) - index <= 2:
            return True  # "how much load can one carry", "how long does one last": "one" and its verb end the question
        if folded in _PRO_EIN and index and fold(words[index - 1]) == "so" and \
                (not following or all(frames_the_question(token) for token in word_tokens(following))):
            return True  # "wie viel gewicht hält so eine": German's "so eine" with no noun after it is such a thing
        if folded not in PRONOUNS and folded not in _DEMONSTRATIVES:
            continue
        if folded in _ENGLISH_DETERMINERS and index and fold(words[index - 1]) in _DO_AUXILIARIES and \
                (index + 2 == len(words) or fold(words[index + 2]) in ENGLISH_SUBORDINATORS):
            return True  # "why would [that] fail (if …)": the auxiliary's subject, its bare verb next, no noun
        if (folded not in _DETERMINERS and folded not in _DEMONSTRATIVES) or not following or \
                all(frames_the_question(token) for token in word_tokens(following)) or _verb_ends_after(words, index):
            return True
        if index + 2 == len(words) and folded not in _ENGLISH_DETERMINERS and following.endswith("en") and \
                german_tags.is_verb(fold(following), text):
            return True  # "wann soll das rauskommen": a German infinitive after it ends the clause, no noun it is of
    return False


# The auxiliaries and modals a German question's last verb follows ("wann [soll] das rauskommen", "was [hat] das
# gekostet"); the verb is an infinitive or a participle (rauskommen; gekostet, eingeführt, veröffentlicht)
_GERMAN_VERB_BEFORE = GERMAN_AUXILIARIES | GERMAN_MODALS | frozenset("hat hatte".split())
_GERMAN_LAST_VERB_RE = re.compile(r"[^\W\d_]{2,}(?:en|ern|eln)|(?:[^\W\d_]*ge|ver|be|ent|zer)[^\W\d_]{2,}t"
                                  r"|[^\W\d_]{3,}iert")


def _verb_ends_after(words: list[str], index: int) -> bool:
    """Whether the one word after the German determiner at ``index`` is the verb the question ends in, an infinitive
    or a participle after an auxiliary or a modal typed before the determiner: "und wann soll [das] rauskommen", "wann
    wurde [das] eingeführt" ask about the thread's topic, which the determiner stands for (no noun follows it)."""
    return index + 2 == len(words) and words[-1].islower() and \
        any(fold(word) in _GERMAN_VERB_BEFORE for word in words[:index]) and \
        _GERMAN_LAST_VERB_RE.fullmatch(fold(words[-1])) is not None


# The determiners before which English "one" stands for a noun said before ("the one the vlogger built", "that one")
_PRO_ONE_DETERMINERS = frozenset("the that this".split())
# The auxiliaries of an English question before its subject: "one" right after one, with at most its verb after it,
# is a thing said before ("how much can one hold"); a person's "one" does something named ("how can one install flydsl")
_ASKING_AUXILIARIES = frozenset("can could will would does do did is was should must may might".split())
# … those of them a bare verb follows ("why does that hurt"), where "is that" may be followed by a noun or an adjective
_DO_AUXILIARIES = _ASKING_AUXILIARIES - {"is", "was"}
# German's indefinite pronoun: after "so" with no noun after it, a thing said before ("so eine", "so eins")
_PRO_EIN = frozenset("eine einer eines eins einen einem".split())
# Spoken German's demonstrative pronouns, articles in form: with no word after them but a frame word or a verb's
# particle they stand for a thing ("wie viel gewicht halten [die] aus" after Baumschrauben: they hold)
_DEMONSTRATIVES = frozenset("der die den dem".split())


# What a German attributive adjective ends in ("verteiltes Checkpointing", "kontinuierliche Batches"); a lower-case
# German word without it is a verb ("warum lohnt sich 3D-Druck") and no part of a name.
_ADJECTIVE_ENDINGS = ("e", "en", "er", "es", "em")
# A German present participle says what a thing is doing, it names no kind of it: "einem laufenden Job"
_PARTICIPLE_RE = re.compile(r"[^\W\d_]{3}end(?:e|en|er|es|em)$")
_VERSION_PART_RE = re.compile(r"\d+")
_DIMENSIONS_RE = re.compile(r"\d[dD]")  # "3d", "2D": how many dimensions, no name of its own
MAX_NAME_WORDS = 3  # a longer run of content words is a sentence's words, not one name


@dataclass
class NameRun:
    """Content words typed side by side that may together name one thing ("beam search")."""

    words: list[str]  # as typed
    after_auxiliary: bool = False  # "how does [beam search] work": right after do/does/did (and an article)
    last: bool = False  # the question's last word ends it ("why did the [query fail]?")
    after_pronoun: bool = False  # an English verb comes first: "how did they [implement ring attention]?"
    after_name: bool = False  # a content word of its own stands right before it ("why does XLA [forbid recursion]?"),
    # or a name's "of" ("Mixture of [Experts Inferenz]"), or what a number question counts ("how many [times slower]")
    before_article: bool = False  # an article or a verb's particle follows: its last word is a verb ("the [guy
    # planning] a trip", "how much did [decoding speed] up")
    # the object of a verb: after a do-question's subject and its verb ("does Tunix support [gradient accumulation]"),
    # or after an indefinite article in an English question ("did the treehouse get [a] fiber connection")
    after_verb: bool = False
    # the object of "do" as the main verb after the question's auxiliary: "can jax quantum do [tensor network
    # simulations]"; its last word is no verb (the verb comes before it)
    after_main_do: bool = False

    @property
    def text(self) -> str:
        return " ".join(self.words)


def _in_a_name(word: str, language: str | None, after_question_word: bool) -> bool:
    """Whether a content word may be part of a name of several words typed apart ("beam search", "Ring
    Attention", "shard_map", "3D-Druck"): not a name of its own (GSPMD, TPUs, Qwen2.5), not a German verb (lower
    case without an adjective's ending, or right after the question word: "wie helfen Sparse Cores")."""
    parts = word_tokens(word)
    if len(parts) >= 2 and ("-" in word or "_" in word):
        return not any(_VERSION_PART_RE.fullmatch(part) for part in parts)  # "v6e-8", "GPT-4" are versions
    if _DIMENSIONS_RE.fullmatch(word):
        return True  # how many dimensions is an adjective of the noun after it: "3d printing", "2d convolutions"
    if is_term_like(word):
        return False
    if language != "de" and word.casefold() in ENGLISH_PREPOSITIONS:
        return False  # it opens the phrase of the noun after it: "the helper [inside] pl.kernel"
    if language == "de" and word[:1].islower():
        folded = word.casefold()
        if english_noun_in_german(word):
            return True
        return not after_question_word and folded.endswith(_ADJECTIVE_ENDINGS) and not _PARTICIPLE_RE.search(folded)
    return True


def name_runs(text: str, language: str | None) -> list[NameRun]:
    """The content words of a question that stand side by side as typed and may together name one thing, each of
    two to MAX_NAME_WORDS tokens: "how does continuous batching work in vllm?" -> continuous batching; "wie
    funktioniert Ring Attention auf TPUs?" -> Ring Attention; "when was shard_map discussed?" -> shard_map (shard,
    map). A German run ends in a noun (an adjective stands before its noun)."""
    plain = _LEADING_AND_RE.sub("", plain_question(text))
    runs: list[NameRun] = []
    current: list[str] = []
    counts: list[int] = []  # the tokens of each word of ``current`` (shard_map: two)
    after_auxiliary = after_name = after_pronoun = after_article = False
    # the run follows a yes/no question's subject, a name placed by a preposition: "does [vllm on] tpu support …"
    after_placed_name = False
    # the run follows the auxiliary or a preposition with no article: a name stands bare ("does [vllm] support …",
    # "does vllm on [tpu] support …"); after one a rare word may start a compound subject ("did the [treehouse
    # build] include plastering")
    bare_name = False
    previous_content = before_content = False  # whether the word before (and the one before it) was a content word
    before: list[str] = ["", ""]  # the two words before the current one, folded
    previous_end = -1
    auxiliary_before = False  # whether an auxiliary is typed before the word before the current one
    main_do = False  # whether the current run follows "do" as the main verb
    # the question's subject is a pronoun: what follows its "and" is another of its verbs
    pronoun_subject = language != "de" and _PRONOUN_SUBJECT_RE.search(plain) is not None

    def close(at_the_end: bool, following: str = "") -> None:
        words = list(current)
        size = len(words)
        start = 0  # the first word of ``current`` the run keeps
        if language == "de":
            while size and words[size - 1][:1].islower() and "_" not in words[size - 1] and \
                    "-" not in words[size - 1].strip("-") and \
                    not all(english_noun_in_german(word) for word in words[:size]) and \
                    not _borrowed_name(words[:size]) and \
                    not all(_english_gerund(token) for token in word_tokens(words[size - 1])):
                size -= 1  # "verteiltes" alone, or a verb at the end ("Modelle trainieren"); a hyphenated
                # compound is a noun typed in lower case ("der kernel-cache")
            del words[size:]
            if _owner_of_a_borrowed_name(words):
                start = 1  # "hat [flydsl] rust bindings": FlyDSL's bindings, no word of their name
                del words[0]
        if language != "de" and (after_auxiliary or after_placed_name) and sum(counts[:size]) > MAX_NAME_WORDS and \
                (words[0][:1].isupper() or is_term_like(words[0]) or (bare_name and _lower_case_name(words[0]))) and \
                2 <= sum(counts[2:size]) <= MAX_NAME_WORDS:
            # "does [Tunix] [support] gradient accumulation": a name, its verb, then the thing it is asked about
            runs.append(NameRun(words[2:size], False, last=at_the_end and words == current,
                                before_article=words == current and following in ARTICLES, after_verb=True))
        elif 2 <= sum(counts[start:size]) <= MAX_NAME_WORDS:
            whole = words == current[start:]
            runs.append(NameRun(words, after_auxiliary, last=at_the_end and whole, after_name=after_name,
                                after_pronoun=after_pronoun,
                                before_article=whole and following in ARTICLES, after_verb=after_article,
                                after_main_do=main_do))
        current.clear()
        counts.clear()

    matches = list(_WORD_RE.finditer(plain))
    for at, match in enumerate(matches):
        word = match.group()
        folded = word_tokens(word)
        content = bool(folded) and ("_" in word or not all(t in FRAMING_WORDS for t in folded)
                                    or _a_names_tail(folded, matches, at, previous_content))
        in_a_name = content and (_in_a_name(word, language, before[-1] in GERMAN_QUESTION_WORDS)
                                 or (language == "de" and (_before_a_gerund(plain, matches, at)
                                                           or _opens_a_borrowed_name(plain, matches, at))))
        gap = plain[previous_end:match.start()]
        joined = gap != "" and not gap.strip(" \t")  # only spaces or tabs between the two words
        if current and not (joined and in_a_name):
            close(False, word.casefold() if joined else "")
        if in_a_name:
            if not current:
                # "do" after the question's auxiliary is its main verb, what follows its object: "can jax quantum
                # [do] tensor network simulations", "did they do …"
                main_do = language != "de" and before[-1] == "do" and auxiliary_before
                after_auxiliary = not main_do and bool(DO_AUXILIARY_RE.fullmatch(before[-1]) or (
                    before[-1] in DETERMINERS and DO_AUXILIARY_RE.fullmatch(before[-2])))
                # the question's auxiliary, its subject's name and a preposition: the name's place ends the subject,
                # whose verb then follows the run's first word ("does vllm on [tpu support guided decoding]")
                bare_name = bool(DO_AUXILIARY_RE.fullmatch(before[-1])) or before[-1] in ENGLISH_PREPOSITIONS
                after_placed_name = language != "de" and at == 3 and \
                    DO_AUXILIARY_RE.fullmatch(matches[0].group()) is not None and \
                    (is_term_like(matches[1].group()) or _lower_case_name(matches[1].group())) and \
                    before[-1] in ENGLISH_PREPOSITIONS
                after_name = (previous_content and joined) or before[-1] in COUNTING or (
                    before[-1] in LINKS and before_content)
                # a subject and then its verb: a pronoun, maybe an adverb after it ("can i [already] grab jaxator"),
                # or the talks a "which talks" question asks for ("which talks [involve] hugging face")
                after_pronoun = language != "de" and (
                    before[-1] in SUBJECT_PRONOUNS or (before[-1] in MID_ADVERBS and before[-2] in SUBJECT_PRONOUNS)
                    or (before[-1] in TALK_NOUNS and before[-2] in _WHICH_ENGLISH and at == 2)
                    # or a verb "and" joins to the pronoun's: "how do you install the stack and [ship jobs] …"
                    or (before[-1] == "and" and pronoun_subject))
                # an indefinite article opens a noun phrase of its own, the object of the verb before it: "did the
                # treehouse get [a] fiber connection"
                after_article = language != "de" and (before[-1] in ("a", "an") and not after_auxiliary or main_do)
            current.append(word)
            counts.append(len(folded))
        auxiliary_before = auxiliary_before or (before[-1] != "" and DO_AUXILIARY_RE.fullmatch(before[-1]) is not None)
        before = [before[-1], word.casefold()]
        before_content, previous_content = previous_content, content
        previous_end = match.end()
    if current:
        close(True)
    return runs


def _lower_case_name(word: str) -> bool:
    """Whether ``word``, typed in lower case, is a name all the same: one word no general English or German writes
    ("vllm", "tunix", "flydsl"), as Slack's askers type names ("does [vllm] support guided decoding")."""
    folded = word_tokens(word)
    return len(folded) == 1 and is_rare(folded[0], "en")


def _before_a_gerund(plain: str, matches: list[re.Match[str]], at: int) -> bool:
    """Whether the word ``matches[at]`` of a German question is typed right before an English -ing noun: it says what
    that noun is of, as English compounds do ("[prompt] tuning", "[model] serving"), no German verb or adverb."""
    if at + 1 >= len(matches) or plain[matches[at].end():matches[at + 1].start()].strip(" \t"):
        return False
    following = word_tokens(matches[at + 1].group())
    return bool(following) and all(_english_gerund(token) for token in following)


def english_noun_in_german(word: str) -> bool:
    """Whether a lower-case word of a German question is English ("gibts was zu [knowledge graphs]"): a German
    question borrows an English name's words as they are, never an English verb to end its clause on. English writes
    no umlaut: "löst" folds to "lost", a German verb all the same."""
    folded = word_tokens(word)
    return word.isascii() and bool(folded) and all(leans_english(token) or _english_gerund(token) for token in folded)


def _name_word_in_german(word: str) -> bool:
    """Whether a lower-case word of a German question may be a word of an English name it borrows as typed: a plain
    word general English writes at least as often as German ("docker", "rust", "ai", "zero", "cuda"), not one of
    German's own ("uni", "kurz")."""
    folded = word_tokens(word)
    return word.isascii() and word.isalpha() and word.islower() and bool(folded) and \
        all(not_more_german(token) for token in folded)


def _borrowed_name(words: list[str]) -> bool:
    """Whether lower-case words of a German question typed side by side are an English name borrowed as typed ("cuda
    graphs", "docker compose", "vertex ai pipelines", "zero knowledge proofs"): an English noun last, the name's head;
    before it English words or words English writes at least as often as German (``_name_word_in_german``), only the
    first a word no general language writes ("cuda", "docker"), since a German compound the word lists lack is one
    too ("crashkurs"). A German verb or adjective ends no such name: "sparse cores [ran]", "forward [pass]"."""
    return len(words) >= 2 and english_noun_in_german(words[-1]) and \
        (english_noun_in_german(words[0]) or _name_word_in_german(words[0])) and \
        all(english_noun_in_german(word) or (_name_word_in_german(word) and not _unlisted(word))
            for word in words[1:-1])


def _unlisted(word: str) -> bool:
    """Whether no token of ``word`` is a word general English or German writes: a name ("cuda") or a compound."""
    return all(is_rare(token) for token in word_tokens(word))


def _opens_a_borrowed_name(plain: str, matches: list[re.Match[str]], at: int) -> bool:
    """Whether the word ``matches[at]`` of a German question starts an English name the question borrows, typed side
    by side up to its English head noun (``_borrowed_name``): "auf [cuda] graphs", "zu [vertex] [ai] pipelines"."""
    words = [matches[at].group()]
    for following in matches[at + 1:]:
        if plain[matches[at + len(words) - 1].end():following.start()].strip(" \t"):
            return False
        words.append(following.group())
        if _borrowed_name(words):
            return True
        if not (_name_word_in_german(following.group()) and not _unlisted(following.group())):
            return False
    return False


def _owner_of_a_borrowed_name(words: list[str]) -> bool:
    """Whether the first of a German question's borrowed words is a name general language lacks ("flydsl", "tpu")
    before an English name of two words or more: the thing that name is of ("hat flydsl [rust bindings]", "kann vllm
    auf tpu [speculative decoding]"), no word of it; a name of two words keeps its first ("cuda graphs")."""
    return len(words) >= 3 and _unlisted(words[0]) and _borrowed_name(words) and _borrowed_name(words[1:])


MIN_GERUND = 6  # letters of an English -ing noun ("caching", "tuning"), longer than German's "Ring", "Ding"


def _english_gerund(token: str) -> bool:
    """Whether a folded word of a German question is an English -ing form: German inflects no verb so, so it is the
    English noun a German question borrows ("verteiltes [caching]", "prompt [tuning]"), not the verb its clause ends
    on; not a German word that ends so ("gering", "Lehrling")."""
    return token.endswith("ing") and len(token) >= MIN_GERUND and leaning([token]) != "de"


def is_term_like(word: str) -> bool:
    """A word that names something (an acronym, a product, a version): GSPMD, FlyDSL, Qwen2.5, all_to_all."""
    rest = word[1:]
    # (a lower-case rest has no upper-case letter: most words skip the walk over their letters)
    return (not rest.islower() and any(map(str.isupper, rest)) or any(map(str.isdigit, word)) or "_" in word
            or (word.isupper() and len(word) >= 2))


def folded_words(text: str) -> list[str]:
    """The folded search tokens of ``text``."""
    return tokens(fold(text))


# An English yes/no question starts with its auxiliary ("does the treehouse have a fireplace?"); a German one with its
# verb ("läuft Kinetic auch mit Terraform?"), so not with a question word, a preposition, an article or a conjunction.
# "anything on X" / "any word on X" is "is there anything on X?" said short, as German says "gibts was zu X"
_YES_NO_EN_RE = re.compile(r"^(?:(?:do|does|did|is|are|was|were|has|have|had|can|could|will|would|should)\s+\S"
                           r"|(?:anything|any\s+word|any\s+mention)\s+(?:on|about|of)\b)", re.I)


# The subject a German yes/no question puts right after a plural verb ("ernten [die] …", "sammeln [wir] …"): a
# pronoun or an article, never "sie" (a polite request opens so too: "zeigen Sie mir …")
_SUBJECT_AFTER_A_PLURAL_VERB = frozenset("die der das man wir ihr".split())


def _plural_verb_first(plain: str) -> bool:
    """Whether a German question typed without its question mark opens with a plural or infinitive-like verb (-n)
    and then its subject: "ernten die bei den geothermie-bienen auch propolis" asks whether they do, as "hat kinetic
    …" does; a word that ends in -n before a comma opens a clause of its own."""
    typed = plain.split()
    return len(typed) >= 2 and typed[0].isalpha() and typed[0].casefold().endswith("n") and \
        typed[1].casefold() in _SUBJECT_AFTER_A_PLURAL_VERB


def is_yes_no(text: str, language: str | None) -> bool:
    """Whether ``text`` asks whether something is so, rather than what, how or which."""
    plain = _LEADING_AND_RE.sub("", plain_question(text)).strip()
    if language == "de":
        words = word_tokens(plain.split()[0]) if plain.split() else ()
        if len(words) != 1 or words[0] in NOT_A_GERMAN_VERB:
            return False
        # typed without its question mark, a question still starts with its finite verb ("hat kinetic auch ein
        # dashboard", "gibts im baumhaus …"); an imperative has no -t ("zeig mir …", "erklär …")
        # (a strong verb's past or plural has no -t: "kam im intel oneapi vortrag mxfp4 vor", "ging es um …")
        return plain.endswith("?") or words[0] in GERMAN_AUXILIARIES or words[0].endswith(("t", "ts")) or \
            words[0] in IRREGULAR_INFINITIVES or _plural_verb_first(plain)
    return _YES_NO_EN_RE.match(plain) is not None
