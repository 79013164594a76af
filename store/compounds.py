"""German compound splitting against a vocabulary (store.ingest passes the word list's German forms).

FTS5's unicode61 tokenizer matches whole tokens (and prefixes with ``*``), so "schutz" would
never find "Holzschutz". At ingest we add the known words hidden inside long tokens to a
``parts`` column: "speicherarchitektur" -> "speicher", "architektur".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

MIN_PART = 4  # shorter pieces ("lage", "ende") would match too much as it is
MIN_COMPOUND = 2 * MIN_PART
LINKING = ("s", "es", "n", "en")  # German linking elements (Fugenelemente)
PLURALS = ("en", "n")  # a long last part's plural: "Modellkonfigurationen" are Konfigurationen
MIN_LONG_PART = 8  # … found for parts this long only: a short one ("Bäume", "Holze") would match too much
GENITIVE = ("s", "es")  # the case ending a compound's last part may carry: "Verschlussstopfens" is a Stopfen's


def splits_in_two(word: str, is_head: Callable[[str], bool], is_tail: Callable[[str], bool], shortest: int, *,
                  linking: bool = False) -> Iterator[tuple[str, str]]:
    """The ways ``word`` is a head and a tail of ``shortest`` letters or more that are words (``is_head``,
    ``is_tail``), the longest head first ("modell|gewichte" before "mode|llgewichte"); with ``linking`` a tail's
    linking element is dropped too ("leistung|s|vergleich" -> leistung, vergleich). The one splitter of a question's
    word in two; ``CompoundSplitter`` finds every known word inside a summary's token for the index."""
    for cut in range(len(word) - shortest, shortest - 1, -1):
        head, tail = word[:cut], word[cut:]
        if not is_head(head):
            continue
        for rest in (tail, *(tail[len(link):] for link in LINKING if linking and tail.startswith(link))):
            if len(rest) >= shortest and is_tail(rest):
                yield head, rest


class CompoundSplitter:
    """Finds known words inside long tokens."""

    def __init__(self, vocabulary: Iterable[str]) -> None:
        self._vocabulary = {word for word in vocabulary if len(word) >= MIN_PART}
        self._cache: dict[str, tuple[str, ...]] = {}

    def parts(self, token: str) -> tuple[str, ...]:
        """Known words inside ``token`` (not the token itself); empty for short or unknown ones."""
        if len(token) < MIN_COMPOUND or token.isdigit():
            return ()
        cached = self._cache.get(token)
        if cached is not None:
            return cached
        found: list[str] = []
        genitive: str | None = None
        vocabulary = self._vocabulary
        for cut in range(MIN_PART, len(token) - MIN_PART + 1):
            head, tail = token[:cut], token[cut:]
            if head in vocabulary:
                found.append(head)
            if tail in vocabulary:
                found.append(tail)
            for link in LINKING:
                if tail.startswith(link) and tail[len(link):] in vocabulary and len(tail) - len(link) >= MIN_PART:
                    found.append(tail[len(link):])
            if genitive is None:
                # the longest last part only ("Optimierungsfortschritts": Fortschritt, not also Schritt): a part
                # more than the form without the ending gives would weigh the shorter word less everywhere
                genitive = next((tail[:-len(ending)] for ending in GENITIVE if tail.endswith(ending)
                                 and len(tail) - len(ending) >= MIN_PART and tail[:-len(ending)] in vocabulary), None)
        if genitive is not None:
            found.append(genitive)
        elif plural := next((token[cut:-len(ending)] for cut in range(MIN_PART, len(token) - MIN_LONG_PART + 1)
                             for ending in PLURALS if token.endswith(ending)
                             and len(token) - cut - len(ending) >= MIN_LONG_PART
                             and token[cut:-len(ending)] in vocabulary), None):
            found.append(plural)  # the longest last part only, as for the genitive
        result = tuple(dict.fromkeys(found))
        if len(self._cache) < 200_000:  # bounded: a big corpus has millions of distinct tokens
            self._cache[token] = result
        return result

    def expand(self, words: Iterable[str]) -> list[str]:
        """All compound parts of ``words``, in order, without repeats."""
        out: dict[str, None] = {}
        cache = self._cache
        for word in dict.fromkeys(words):  # each distinct word once: texts repeat their words
            if len(word) < MIN_COMPOUND:
                continue  # most words: no call at all (ingest asks about 500 words per summary)
            found = cache.get(word)
            for part in self.parts(word) if found is None else found:
                out[part] = None
        return list(out)
