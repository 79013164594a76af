"""How a question names a talk: the nouns for a talk (and their typos), the words that frame a question, and the words
by which a question names its talk, by a talk noun or by its speakers, or sets a thing aside in a clause; they say
which talk or thing is meant, not which of its points answers."""

from __future__ import annotations

import re

from store.text import tokens

from .chat_typing import letter_slips
from .common_words import is_common
from .question_words import ASKS_FOR_A_REASON, ENGLISH_ARTICLES, FRAME_WORDS, GERMAN_ARTICLES, PRONOUNS, WHO_NOUNS

# The nouns a question about a talk frames itself with; a typo of one ("vortag", "tlak") frames it just the same.
# A recorded talk is also called by its kind of video: "the bee vlog", "the treehouse doc(umentary)" (not "docs":
# documentation)
_TALK_NOUNS = ("talk", "talks", "vortrag", "vortrage", "vortrags", "video", "videos", "session", "sessions",
               "presentation", "prasentation", "speaker", "speakers", "sprecher", "vlog", "vlogs", "documentary",
               "documentaries", "doc")
TALK_NOUNS = frozenset(_TALK_NOUNS)  # folded tokens, speakers too (``questions._TALK_NOUN`` names a talk unfolded)


_LONG_TALK_NOUNS = frozenset(noun for noun in _TALK_NOUNS if len(noun) >= 6)
# A word that is a long talk noun with one letter added is one letter longer, and starts as the noun does unless the
# added letter is its first: most words need not be tried letter by letter
_LETTER_ADDED_SIZES = frozenset(len(noun) + 1 for noun in _LONG_TALK_NOUNS)
_LONG_TALK_NOUN_STARTS = frozenset(noun[0] for noun in _LONG_TALK_NOUNS)
_TALK_NOUN_SLIPS = frozenset(slip for noun in _TALK_NOUNS for slip in letter_slips(noun))
FRAMING_WORDS = FRAME_WORDS | PRONOUNS  # a word that frames a question or points back


def frames_the_question(token: str) -> bool:
    """Whether the folded ``token`` frames a question: a frame word or pronoun, spoken German's dropped e
    ("anschaun", "sehn", "erfahr" for "anschauen", "sehen", "erfahre"), or a talk noun typed with a letter left out
    or added ("vortag") or two letters swapped ("tlak"); never a changed letter ("Verträge" is no "Vorträge")."""
    if token in FRAMING_WORDS:
        return True
    if len(token) < 4:
        return False
    if token.endswith("n") and token[-2] in "aeiouh" and token[:-1] + "en" in FRAME_WORDS:  # not "andern"
        return True
    if token + "e" in FRAME_WORDS:  # the dropped e of spoken German: "wo erfahr ich …", "ich würd gern …"
        return True
    return token in _TALK_NOUN_SLIPS or (
        len(token) >= 7 and len(token) in _LETTER_ADDED_SIZES
        and (token[0] in _LONG_TALK_NOUN_STARTS or token[1:] in _LONG_TALK_NOUNS)
        and any(token[:i] + token[i + 1:] in _LONG_TALK_NOUNS for i in range(len(token))))


_SPEAKER_NOUNS = frozenset({"speaker", "speakers", "sprecher"})  # the talk nouns that name its speakers


# The prepositions that join what a talk is about to its talk noun and the words after it: "the talk [on]
# post-training [with] MaxText", "der Vortrag [über] …"
_TALK_ABOUT = frozenset("on about with of from by and und mit uber zu zum zur von".split())
_NAMING_ARTICLES = ENGLISH_ARTICLES | GERMAN_ARTICLES  # "the talk with [the] gemma 4 grpo run"
_PLACING = frozenset("in im from per aus bei beim".split())  # before a talk noun placing the question: "[in] the talk"
# German's verbs of speaking said last, whose "über" may follow the talk noun: "wann wird im Casadi-Video über ONNX
# [geredet]" asks what is said about ONNX there, no video about ONNX
_SPOKEN_OF_LAST = frozenset("geredet gesprochen diskutiert erzahlt berichtet".split())
_TALK_VERB = (("talk",), ("talks",))  # English's verb "talk(s)" is written as its noun is


def _words_before_the_noun(words: list[str], at: int) -> list[str]:
    """The folded words before the talk noun ``words[at]`` back to the word before its article ("[in] the talk")."""
    before: list[str] = []
    for word in reversed(words[:at]):
        before += tokens(word)
        if not before or before[-1] not in _NAMING_ARTICLES:
            break
    return before


def talk_naming_words(text: str) -> frozenset[str]:
    """The folded words by which a question names a talk with a talk noun: those right before it ("im [vllm/sglang
    tpu] talk", "in the [video diffusion] talk") and the names after it and a preposition ("the talk on
    [post-training with MaxText] separate …", up to the first everyday word, or to the end of its clause when the talk
    places the question: "in the talk with the [gemma 4 grpo run], how …"): they say which talk is meant, not which
    of its points answers."""
    words = text.split()
    named: set[str] = set()
    for at, word in enumerate(words):
        parts = tokens(word)
        if not any(token in _TALK_NOUNS and token not in _SPEAKER_NOUNS for token in parts):
            continue
        if tuple(parts) in _TALK_VERB and at and any(token in _TALK_NOUNS for token in tokens(words[at - 1])):
            continue  # "when does the casadi video [talk] about onnx": the verb after the talk noun, what it says
        # a compound's first parts name its talk as the words before it do: the "Intel-GPU-Vortrag"
        named.update(part for part in parts if part not in _TALK_NOUNS and not frames_the_question(part))
        named.update(_naming_before(words, at))
        after = words[at + 1:]
        if not (opening := tokens(after[0]) if after else []) or opening[0] not in _TALK_ABOUT:
            continue
        if opening[0] == "uber" and (last := tokens(words[-1])) and last[-1] in _SPOKEN_OF_LAST and \
                not any(tokens(later)[:1] == ["uber"] for later in after[1:]):
            continue  # "im Vortrag über Docker geredet": what is said in it ("im Vortrag über X über Y": the talk's X)
        # "in the talk with the gemma 4 grpo run, how …": a talk placing the question names it to the end of its
        # clause, everyday words too ("run"); the talk as what is asked about goes on with the question after its
        # names ("how does the talk on post-training with MaxText [separate] …")
        placing = any(token in _PLACING for token in _words_before_the_noun(words, at))
        for later in after[1:]:
            if not (parts := tokens(later)):
                break
            if parts[0] in _TALK_ABOUT or parts[0] in _NAMING_ARTICLES:
                continue  # "the talk on [the] maxtext, tunix and pathways stack": an article goes on with the name
            if placing and any(part in FRAMING_WORDS for part in parts):
                break  # "… grpo run, [how] do updated weights get …"
            if not placing and "-" not in later and all(is_common(part) for part in parts):
                break  # an everyday word ("separate") goes on with the question
            named.update(parts)
    return frozenset(named)


# A German relative clause set off by commas: "das agentenbasierte System[, das Triton-Kernel nach Pallas portiert,]
# seine Experimente …"
_RELATIVE_CLAUSE_RE = re.compile(r",\s*(?:der|die|das|den|dem|deren|dessen)\s+(?P<clause>[^,;:.!?]+)", re.I)


def describing_clause_words(text: str) -> frozenset[str]:
    """The folded words of the German relative clauses of ``text``: they say which thing the noun before them is
    ("wie führt das agentenbasierte System, das Triton-Kernel nach Pallas portiert, seine Experimente in der Cloud
    aus": the system that ports kernels), not what is asked of it (its experiments in the cloud)."""
    return frozenset(token for found in _RELATIVE_CLAUSE_RE.finditer(text) for token in tokens(found["clause"]))


# A concessive clause, to the end of its clause: "[wenn man doch stablehlo hat]", "[wenns doch schon stablehlo
# gibt]", "[obwohl man das modell jedes mal gleich aufteilt]", "[when we already have stablehlo]"
_CONCESSIVE_RE = re.compile(r"\b(?:(?:wenn|wenns|wo|when|if)\b(?=[^,;:.!?]*\b(?:doch|schon|bereits|already)\b)"
                            r"|obwohl|obgleich|although|even though)\b(?P<clause>[^,;:.!?]+)", re.I)


# In a why-question, an English "when" clause saying that something exists or is had sets it against the asked thing
# without "already": "why have it at all [when there's stablehlo]", "why bother [when we have pjrt]"
_WHY_WHEN_THERE_RE = re.compile(r"\bwhen\s+(?P<clause>(?:there(?:'s|’s|\s+is|\s+are)|(?:we|you|one)\s+(?:has|have|got)"
                                r"|(?:we|you)(?:'ve|’ve)\s+got)\b[^,;:.!?]+)", re.I)


def conceded_words(text: str) -> frozenset[str]:
    """The folded words of the concessive clauses of ``text``: what the asked thing is set against ("und wozu gibts
    das überhaupt, wenn man doch stablehlo hat": StableHLO is had anyway), not what is asked of it."""
    found = [*_CONCESSIVE_RE.finditer(text)]
    if any(token in ASKS_FOR_A_REASON for token in tokens(text)):
        found += _WHY_WHEN_THERE_RE.finditer(text)
    return frozenset(token for match in found for token in tokens(match["clause"]))


def _naming_before(words: list[str], at: int) -> list[str]:
    """The folded words right before ``words[at]`` (a talk noun or a noun for its speakers), back to the first word
    that frames the question or points back: "im [vllm/sglang tpu] talk", "der [hugging face] typ"."""
    named: list[str] = []
    for before in reversed(words[:at]):
        if not (parts := tokens(before)) or any(part in FRAMING_WORDS for part in parts):
            break
        named += parts
    return named


def speaker_naming_words(text: str) -> frozenset[str]:
    """The folded words by which a question names a talk through its speakers, those right before a noun for them
    (``WHO_NOUNS``): "hat der [hugging face] typ beim qwen port was zu profiling gesagt", "what did the [hugging face]
    guy say": they say whose talk, as a talk's name does, not which of its points answers."""
    words = text.split()
    return frozenset(word for at, typed in enumerate(words) if any(token in _SPEAKERS for token in tokens(typed))
                     for word in _naming_before(words, at))


def words_naming_the_talk(text: str) -> frozenset[str]:
    """The folded words by which a question names its talk, by its speakers or with a talk noun
    (``speaker_naming_words``, ``talk_naming_words``): each of the talk's points holds them alike."""
    return speaker_naming_words(text) | talk_naming_words(text)


_SPEAKERS = WHO_NOUNS - {"man"}  # German's "man" is a pronoun: "wozu trennt man bei maxtext …"


def names_a_talk(text: str) -> bool:
    """Whether ``text`` names a talk by a talk noun: "und jetzt das Tunix-Video", "what about the CasADi talk?" ask
    about that talk, not what the thread's talk says of Tunix or CasADi."""
    return any(token in _TALK_NOUNS and token not in _SPEAKER_NOUNS for token in tokens(text))
