"""A note names the word of the shown text a matched token stands for (store/shown_words.py): the first
word, in text order, that folds to the token or to it and at most three more characters."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from store.shown_words import ShownWords
from store.text import tokens


def _first_word_by_word(text: str, token: str) -> str | None:
    """The rule, one word at a time (how notes found the word before ShownWords)."""
    for word in re.findall(r"[^\W_]+", text):
        form = word.lower() if word.isascii() else "".join(tokens(word))
        if form == token or (form.startswith(token) and len(form) - len(token) <= 3):
            return word
    return None


def test_the_first_word_a_token_stands_for_as_word_by_word_on_the_corpus_texts(db_path: Path) -> None:
    conn = sqlite3.connect(db_path)
    texts = [title + " " + summary for title, summary in conn.execute("SELECT title, summary FROM talks")]
    texts += [title + " " + text for title, text in conn.execute("SELECT title, text FROM points LIMIT 60")]
    texts += ["", "Größe der Übersetzung: Straße, STRASSE und strasse", "snake_case Wörter_mit Unterstrich",
              "Größe, Café und Ærø: ﬁle ½ Übermaß"]  # German letters with others: folded word by word
    words = sorted({token for text in texts for token in tokens(text)})
    # Each word, its starts (a prefix form matches longer words), longer forms and phrases (never one word).
    asked = {form for word in words[::7] for form in (word, word[:3], word[:-2], word + "x", word + "xxxx")}
    asked |= {"tensor parallelism", "strasse", "grosse", "gro", "uebersetzung", "ubersetzung", "x", "zzzz", "cafe",
              "aero", "file", "ubermass"}
    found = 0
    for text in texts:
        shown = ShownWords(text)
        for token in asked:
            expected = _first_word_by_word(text, token)
            assert shown.first(token) == expected, (token, text[:60])
            found += expected is not None
    assert found > 1000  # most texts hold some of the words asked for
