"""The words of a hit's shown text, as written, and where a matched token stands among them (a hit's notes)."""

from __future__ import annotations

import re

from .text import plain_german, tokens


class ShownWords:
    """The words of a hit's shown text, as written, and where a matched token stands among them."""

    def __init__(self, text: str) -> None:
        self._words: list[str] = re.findall(r"[^\W_]+", text)
        # The folded words in one string, each after a space: a token's words are found by str.find (in C),
        # not word by word in Python (a talk's summary has hundreds). An ASCII word's letters and digits fold
        # to themselves in lower case, and so do German words once their umlauts and ß are plain letters (what
        # ``fold`` makes of them): no Unicode work word by word.
        joined = " ".join(self._words)
        if not joined.isascii():
            joined = plain_german(joined)
        folded = joined.lower() if joined.isascii() else " ".join(
            word.lower() if word.isascii() else "".join(tokens(word)) for word in self._words)
        self._folded = " " + folded if self._words else ""

    def first(self, token: str) -> str | None:
        """The first word that folds to ``token`` or to it and at most three more characters, as written:
        "holzschutz" -> "Holzschutz". None for a phrase: no single word folds to one."""
        if " " in token:
            return None
        folded = self._folded
        at = folded.find(" " + token)
        while at != -1:
            end = folded.find(" ", at + 1)
            if (len(folded) if end == -1 else end) - (at + 1) - len(token) <= 3:
                return self._words[folded.count(" ", 0, at)]
            at = folded.find(" " + token, at + 1)
        return None
