"""Which talks a prefix of their title words names (store/title_words.py): what a scan of every talk's words gives,
made anew for a new generation; and how many summaries a talk has, read off the same view of the talks."""

from __future__ import annotations

from pathlib import Path

from store.db import Store
from store.view import TalkInfo
from tests.conftest import CORPUS, PALLAS_EXPORT, corpus_without, ingest_beside


def scanned(talks: dict[str, TalkInfo], prefix: str, at_most: int) -> set[str] | None:
    holding = {talk_id for talk_id, info in talks.items() if any(t.startswith(prefix) for t in info.title_tokens)}
    return None if len(holding) > at_most else holding


async def test_every_prefix_of_every_title_word_names_the_talks_a_scan_finds(store: Store) -> None:
    await store.find_talks("XLA")  # the view of the bundled corpus
    talks = store._view.talks
    words = {token for info in talks.values() for token in info.title_tokens}
    prefixes = {word[:cut] for word in words for cut in range(1, len(word) + 1)} | {"zzzz", "quantumx"}
    for at_most in (1, 2, 8):
        for prefix in sorted(prefixes):
            assert store.talks_titled(prefix, at_most) == scanned(talks, prefix, at_most), (prefix, at_most)
    assert store.talks_titled("quantum", 2) == {next(t for t, i in talks.items() if "quantum" in i.title_tokens)}


async def test_a_new_generation_is_looked_up_in_its_own_talks(db_path: Path, tmp_path: Path) -> None:
    async with await Store.open(db_path, CORPUS, cache_size=0) as opened:
        await opened.find_talks("Pallas")
        assert opened.talks_titled("pallas", 2)
        await ingest_beside(db_path, [corpus_without(PALLAS_EXPORT, tmp_path)])
        await opened.find_talks("Pallas")  # reads the new generation
        assert opened.talks_titled("pallas", 2) == scanned(opened._view.talks, "pallas", 2) == set()


async def test_a_talks_summary_count_is_known_without_a_trip_to_the_database(store: Store) -> None:
    await store.find_talks("XLA")  # the view of the bundled corpus
    for talk in await store.list_talks():
        full = await store.get_talk(talk.talk_id)
        assert full is not None and store.summary_count(talk.talk_id) == len(full.summaries)
    assert store.summary_count("xla-crashkurs") == 2  # exported twice
    assert store.summary_count("no-such-talk") is None
