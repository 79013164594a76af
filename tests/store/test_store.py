"""The store on the real corpus: counts, lookups, rankings, hostile input and atomic ingest."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from store.compounds import CompoundSplitter, splits_in_two
from store.concepts import (
    Concept,
    build_concepts,
    english_variants,
    german_infinitives,
    german_stem,
    isier_form,
    verb_nouns,
)
from store.db import RESULT_CACHE_SIZE, Store
from store.errors import CorpusError
from store.ingest import ingest_sync
from store.lexicon import Lexicon
from store.schema import SCHEMA_VERSION
from store.state import BotState
from store.text import case_parts
from store.view import NeedsDatabase
from tests.conftest import CORPUS, CORPUS_FILES

PALLAS_FILE = "004_b9033c416a07336f.txt"


def test_ingest_reports_the_corpus_counts(tmp_path: Path) -> None:
    report = ingest_sync(tmp_path / "t.db", [CORPUS])
    assert (report.summaries, report.talks, report.key_points, report.glossary_lines, report.highlights) == (
        21, 19, 216, 234, 4,
    )
    assert report.changed


def test_schema_is_versioned_and_in_wal_mode(db_path: Path) -> None:
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_reingesting_unchanged_files_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    ingest_sync(db, [CORPUS])
    before = sqlite3.connect(db).execute("SELECT talk_id, title FROM talks ORDER BY talk_id").fetchall()
    report = ingest_sync(db, [CORPUS])
    assert not report.changed
    report = ingest_sync(db, list(reversed(CORPUS_FILES)), force=True)  # other file order, rewritten
    assert report.changed
    after = sqlite3.connect(db).execute("SELECT talk_id, title FROM talks ORDER BY talk_id").fetchall()
    assert after == before


async def test_counts_through_the_async_api(store: Store) -> None:
    assert await store.stats() == {
        "talks": 19, "summaries": 21, "key_points": 216, "glossary_lines": 234, "highlights": 4,
    }


@pytest.mark.parametrize(
    ("query", "term"),
    [
        ("XLA", "XLA"),
        ("xla", "XLA"),
        ("flash-attention", "Flash Attention"),
        ("Flash Attention", "Flash Attention"),
        ("level zero", "Level Zero"),
        ("common subexpression elimination", "CSE"),
        ("model predictive control", "MPC"),
        ("tensor parallelsm", "Tensor-Parallelismus"),
        ("Splinthols", "Splintholz"),
        ("Palace", "Pallas"),
        ("palas", "Pallas"),
        ("tinix", "Tunix"),
        ("DLPAC", "DLPack"),
    ],
)
async def test_define_finds_the_term(store: Store, query: str, term: str) -> None:
    result = await store.define(query)
    assert result.hits, f"no hit for {query!r}; suggestions {result.suggestions}"
    assert result.hits[0].term == term


async def test_define_merges_every_talk_that_defines_the_term(store: Store) -> None:
    hit = (await store.define("XLA")).hits[0]
    talks = {d.talk_id for d in hit.definitions}
    assert len(talks) >= 5
    assert hit.expansion == "Accelerated Linear Algebra"
    assert all(d.source.file in {p.name for p in CORPUS_FILES} and d.source.line > 0 for d in hit.definitions)


async def test_define_shows_a_slip_under_its_canonical_name(store: Store) -> None:
    hit = (await store.define("Palace")).hits[0]
    assert hit.term == "Pallas" and hit.alias_note is None
    assert [(slip.written, slip.canonical) for slip in hit.slips] == [("Palace", "Pallas")]
    assert hit.definitions[0].source.file == PALLAS_FILE
    typed = (await store.define("palas")).hits[0]  # the user's own spelling is noted, not the corpus's
    assert typed.term == "Pallas" and typed.alias_note == "palas → Pallas"


async def test_define_without_match_suggests(store: Store) -> None:
    result = await store.define("Tensorparallel-Sharding-Kram")
    assert not result.hits
    assert {"Tensor-Parallelismus", "Sharding"} <= set(result.suggestions)  # the glossary terms it is made of
    nothing = await store.define("qqqqzzzz")
    assert not nothing.hits


async def test_pallas_ranks_the_palace_talk_first(store: Store) -> None:
    hits = await store.find_talks("pallas")
    assert hits[0].source.file == PALLAS_FILE
    assert hits[0].title.startswith("Pallas: ") and "Palace" not in hits[0].summary
    assert [slip.written for slip in hits[0].slips] == ["Palace", "palace_call", "VMA"]
    # "palace ← pallas" would only show the export's spelling of the word the user typed
    assert hits[0].matched == ()


@pytest.mark.parametrize(("query", "word"), [("Kinetik", "Kinetic"), ("Jaxtor", "JAX-AITER")])
async def test_find_talks_tolerates_typos_in_names(store: Store, query: str, word: str) -> None:
    hits = await store.find_talks(query)
    assert hits[0].title.startswith(word)


async def test_find_talks_by_speaker(store: Store) -> None:
    hits = await store.find_talks("Kevin Gleason")
    assert "Kevin Gleason" in " ".join(hits[0].speakers)


async def test_duplicate_summaries_are_one_result(store: Store) -> None:
    hits = await store.find_talks("Baumhaus Johannes Schelle", limit=5)
    ids = [h.talk_id for h in hits]
    assert len(ids) == len(set(ids))
    talk = await store.get_talk(hits[0].talk_id)
    assert talk is not None and len(talk.summaries) == 2


async def test_two_alike_points_of_one_summary_are_two_moments(store: Store) -> None:
    # Pallas's one summary: "0:40 Unterstützung von Sparse-Kernen" and "0:43 Core-Mesh-Kommunikation … Sparse-Kernen"
    # are alike and three seconds apart, yet two moments; only the other summary's wording of a moment is a repeat
    hits = await store.find_points("sparse kerne", limit=8)
    lines = [h.source.line for h in hits if h.source.file == PALLAS_FILE]
    assert {11, 12} <= set(lines)


async def test_the_same_moment_in_a_talks_other_summary_is_one_result(store: Store) -> None:
    # the XLA crash course, summarised twice: "2:07 MHLO (Meta HLO)" (197) and "Einführung von MHLO" (481)
    hits = await store.find_points("mhlo meta hlo", limit=8)
    assert len({h.source.line for h in hits} & {197, 481}) == 1


def test_a_whole_form_is_a_translation_found_only_as_a_whole_word() -> None:
    lexicon = Lexicon(en_de={"core": ("kernen",)}, whole_forms={"core": ("kern",)})
    (core,) = build_concepts("cores", lexicon, {})
    forms = {form.token: form.prefix for form in core.forms if form.kind == "translation"}
    assert forms == {"kernen": True, "kern": False}


async def test_a_whole_form_finds_a_hyphenated_part_and_no_longer_word(store: Store) -> None:
    # lexicon.toml's [whole_forms]: "core" is "Kern" in "Tensor-Kern-Berechnungen" (Pallas, 0:48), never the start of
    # "Kernel" or "Kernseite" (the treehouse's larch boards); nor split out of a compound at ingest
    tensor = await store.find_points("tensor cores", limit=8, min_coverage=1.0)
    assert {13, 11} <= {h.source.line for h in tensor if h.source.file == PALLAS_FILE}
    cores = await store.find_points("cores", limit=25, min_coverage=1.0)
    assert cores and not any("kernel" in h.title.casefold() for h in cores)  # "Custom Kernels" (202, 485) ...
    assert not await store.find_points("larch cores", limit=5, min_coverage=1.0)  # "... mit der Kernseite nach oben"


async def test_find_points_qwen_steady_state_latency(store: Store) -> None:
    hits = await store.find_points("steady-state latency of qwen image")
    assert hits[0].label == "16:24"
    assert hits[0].talk_title.startswith("Qwen Image")


async def test_words_written_apart_find_a_name_written_in_capitalised_words(store: Store) -> None:
    # The corpus writes "HuggingFace"; only the name's own case says where "face" starts.
    hits = await store.find_talks("talk by a Hugging Face engineer")
    assert (hits[0].source.file, hits[0].source.line) == ("000_05e4716c93976b38.txt", 406)


def test_case_parts_keep_acronyms_and_short_pieces_whole() -> None:
    assert case_parts("HuggingFace-Diffusers MaxText") == ["hugging", "face", "max", "text"]
    assert case_parts("PyTorch vLLM StableHLO LoRA Speicherarchitektur") == []


async def test_find_points_finds_german_compounds(store: Store) -> None:
    hits = await store.find_points("Speicher TPU")
    assert any("Speicherarchitektur" in h.title for h in hits)


def test_a_compound_part_in_the_genitive_is_the_part() -> None:
    # "eines … Verschlussstopfens": the last part carries the case ending, the word list has "stopfen"
    assert "stopfen" in CompoundSplitter({"verschluss", "stopfen"}).parts("verschlussstopfens")
    assert CompoundSplitter({"stopfen"}).parts("stopfs") == ()  # a part is never shorter than MIN_PART


def test_a_long_compound_part_in_the_plural_is_the_part() -> None:
    # "Modellkonfigurationen": the last part is a plural, the word list has "konfiguration"
    assert "konfiguration" in CompoundSplitter({"modell", "konfiguration"}).parts("modellkonfigurationen")
    # a short part's plural is too common a spelling to split off ("Bäume", "Kerne"): only long parts
    assert "holz" not in CompoundSplitter({"baum", "holz"}).parts("baumholzen")


def test_a_word_splits_in_two_longest_head_first_and_drops_a_linking_element_when_asked() -> None:
    words = {"leistung", "vergleich", "modell", "gewichte", "mode", "llgewichte"}
    assert list(splits_in_two("modellgewichte", words.__contains__, words.__contains__, 4)) == [
        ("modell", "gewichte"), ("mode", "llgewichte")]
    assert list(splits_in_two("leistungsvergleich", words.__contains__, words.__contains__, 4)) == []
    assert list(splits_in_two("leistungsvergleich", words.__contains__, words.__contains__, 4, linking=True)) == [
        ("leistung", "vergleich")]


async def test_a_compound_is_split_where_one_point_holds_its_two_words(store: Store) -> None:
    # 000:602's "Lärchenholz-Dielen" holds Lärchen and Dielen; Betrieb and System are never in one point
    assert await store.split_held_in_one_point("larchendielen", 4) == ("larchen", "dielen")
    assert await store.split_held_in_one_point("betriebssystem", 4) is None


async def test_find_points_finds_a_compound_in_the_genitive(store: Store) -> None:
    hits = await store.find_points("Stopfen")
    assert (hits[0].source.file, hits[0].source.line) == ("000_05e4716c93976b38.txt", 574)


async def test_find_points_in_one_talk(store: Store) -> None:
    talk_id = (await store.find_talks("pallas"))[0].talk_id
    hits = await store.find_points("HBM", talk_id=talk_id)
    assert hits and all(h.talk_id == talk_id for h in hits)


HOSTILE = [
    "", " ", '"', 'AND(', "*", "NEAR(a b)", "-", ":", "title:xla", "a OR", "\x00\x01\x02", "🚀🔥",
    "x" * 10_000, "<!channel> XLA", "'; DROP TABLE talks; --", "{title}: xla", "^xla", '"unterminated',
]


@pytest.mark.parametrize("text", HOSTILE)
async def test_hostile_input_is_data(store: Store, text: str) -> None:
    await store.define(text)
    await store.find_talks(text)
    await store.find_points(text)
    assert (await store.stats())["talks"] == 19


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=300))
def test_arbitrary_text_never_raises(ingested_db: Path, text: str) -> None:
    async def run() -> None:
        store = await Store.open(ingested_db, CORPUS)
        try:
            await store.define(text)
            await store.find_talks(text)
            await store.find_points(text)
        finally:
            await store.close()

    asyncio.run(run())


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("binary.txt", b"\x00\x01\x02\xff\xfe" * 50),
        ("empty.txt", b""),
        ("latin1.txt", "Zusammenfassung\n\nGr\xf6\xdfe und Ma\xdfe\n".encode("latin-1")),
        ("nothing.txt", b"just some words\nwithout any section\n"),
        ("truncated.txt", "Zusammenfassung\n\nText.\n\nWichtigste Punkte & Zeitstempel\n\n• 7:4".encode()),
    ],
)
async def test_bad_file_fails_ingest_and_old_store_keeps_serving(
    db_path: Path, tmp_path: Path, name: str, content: bytes
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for path in CORPUS_FILES:
        shutil.copy(path, corpus / path.name)
    (corpus / name).write_bytes(content)
    store = await Store.open(db_path, CORPUS)
    try:
        with pytest.raises(CorpusError) as error:
            await store.ingest([corpus])
        assert name in str(error.value)
        assert (await store.find_talks("pallas"))[0].source.file == PALLAS_FILE
        assert (await store.stats())["talks"] == 19
    finally:
        await store.close()


async def test_queries_during_ingest_see_old_or_new_never_half(db_path: Path, tmp_path: Path) -> None:
    """50 concurrent queries while an ingest swaps in a smaller corpus: each sees 19 talks or 1."""
    small = tmp_path / "small"
    small.mkdir()
    shutil.copy(CORPUS / PALLAS_FILE, small / PALLAS_FILE)
    reader = await Store.open(db_path, CORPUS)
    writer = await Store.open(db_path, CORPUS)
    try:
        async def query(i: int) -> int:
            await asyncio.sleep(i * 0.001)
            await reader.find_talks("pallas" if i % 2 else "xla")
            return len(await reader.list_talks())

        results = await asyncio.gather(writer.ingest([small]), *(query(i) for i in range(50)))
        counts = results[1:]
        assert set(counts) <= {19, 1}
        assert len(await reader.list_talks()) == 1
        assert (await reader.find_talks("pallas"))[0].source.file == PALLAS_FILE
    finally:
        await reader.close()
        await writer.close()


async def test_text_as_slack_sends_it_is_unescaped_once(store: Store) -> None:
    """Slack sends a typed "&" as "&amp;": the query must read it as "&"."""
    assert (await store.define("Q&amp;A")).query == "Q&A"


async def test_a_repeated_question_is_answered_from_the_cache_with_the_same_frozen_result(store: Store) -> None:
    first = await store.define("XLA")
    hits_before = store.results.hits
    again = await store.define("XLA")
    assert again is first and store.results.hits == hits_before + 1
    with pytest.raises(AttributeError):  # frozen: a caller cannot change what the next one gets
        first.hits[0].term = "changed"  # type: ignore[misc]
    talks = await store.find_talks("pallas")
    talks.clear()  # the caller's list, not the cache's
    assert (await store.find_talks("pallas"))[0].source.file == PALLAS_FILE
    talk_id = (await store.find_talks("pallas"))[0].talk_id
    assert await store.get_talk(talk_id) is await store.get_talk(talk_id)
    assert await store.get_talk("no-such-talk") is None and await store.get_talk("no-such-talk") is None


async def test_a_new_corpus_generation_is_never_answered_from_the_old_cache(db_path: Path, tmp_path: Path) -> None:
    """Another process (``talkbot ingest``) swaps the corpus: cached answers of the old one are not served."""
    small = tmp_path / "small"
    small.mkdir()
    shutil.copy(CORPUS / PALLAS_FILE, small / PALLAS_FILE)
    store = await Store.open(db_path, CORPUS)
    try:
        xla_talks = (await store.define("XLA")).hits[0].talk_count
        assert len(await store.find_talks("xla", limit=10)) > 1
        await asyncio.to_thread(ingest_sync, db_path, [small])  # another connection, as the CLI would
        xla = await store.define("XLA")
        assert [hit.talk_count for hit in xla.hits[:1]] == [1] and xla_talks > 1  # only the Pallas talk is left
        assert {hit.source.file for hit in await store.find_talks("xla", limit=10)} <= {PALLAS_FILE}
    finally:
        await store.close()


async def test_a_kept_answer_outlives_a_commit_that_left_the_corpus_alone_without_waiting(db_path: Path) -> None:
    """The bot state writes to the same database (questions, event ids): its commits change the files, and the
    next kept answer checks the generation on the event loop itself, without waiting for the database thread."""
    store = await Store.open(db_path, CORPUS)
    state = await BotState.open(db_path)
    try:
        kept = await store.define("XLA")
        assert await store.define("XLA") is kept
        assert await state.first_sighting("Ev-kept-answer")
        await state.sightings_written()  # a commit by another connection
        answer = asyncio.ensure_future(store.define("XLA"))
        await asyncio.sleep(0)  # one turn of the event loop
        assert answer.done() and answer.result() is kept
    finally:
        await state.close()
        await store.close()


async def test_a_word_check_is_answered_on_the_event_loop_without_the_database_thread(db_path: Path) -> None:
    """Coverage's word checks read the vocabulary alone, and a term no team edit defined has no team definition:
    with no answer kept (cache off), they are computed on the event loop, also after a commit of the bot state
    changed the files, and never wait for the database thread."""
    store = await Store.open(db_path, CORPUS, cache_size=0)
    state = await BotState.open(db_path)
    try:
        await store.find_points("xla")  # the first read loads the generation
        for turn in range(2):
            answers = [asyncio.ensure_future(store.absent_words("what is GSPMD")),
                       asyncio.ensure_future(store.parts_of("bildrate")),
                       asyncio.ensure_future(store.team_definitions(["XLA"]))]  # a term no edit defined
            await asyncio.sleep(0)  # one turn of the event loop
            assert [answer.done() for answer in answers] == [True, True, True]
            assert answers[0].result() == ("gspmd",) and answers[1].result() == ["bild", "rate"]
            assert answers[2].result() == {}
            assert await state.first_sighting(f"Ev-word-check-{turn}")
            await state.sightings_written()  # a commit by another connection
    finally:
        await state.close()
        await store.close()


async def test_a_word_check_after_another_process_swapped_the_corpus_reads_the_new_one(db_path: Path,
                                                                                       tmp_path: Path) -> None:
    small = tmp_path / "small"
    small.mkdir()
    shutil.copy(CORPUS / PALLAS_FILE, small / PALLAS_FILE)
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        assert await store.absent_words("baumhaus") == ()
        await asyncio.to_thread(ingest_sync, db_path, [small])  # another connection, as the CLI would
        assert await store.absent_words("baumhaus") == ("baumhaus",)
    finally:
        await store.close()


async def test_whether_a_name_s_words_stand_together_is_answered_in_memory_from_the_answer_s_earlier_read(
        db_path: Path, tmp_path: Path) -> None:
    """The name's absent words read the full-text rows its words are held in; whether they stand together reads the
    same rows, kept for the generation (a prepared corpus), on the event loop. After another process swapped the
    corpus, the kept rows are not used: the check takes the database thread and reads the new generation."""
    small = tmp_path / "small"
    small.mkdir()
    shutil.copy(CORPUS / PALLAS_FILE, small / PALLAS_FILE)
    store = await Store.open(db_path, CORPUS, cache_size=0)
    words = ["tensor", "parallelismus"]
    try:
        assert await store.absent_words("Tensor-Parallelismus") == ()
        together = asyncio.ensure_future(store.held_together(words))
        await asyncio.sleep(0)  # one turn of the event loop
        assert together.done() and together.result() is True
        await asyncio.to_thread(ingest_sync, db_path, [small])  # another connection, as the CLI would
        reloads = store._reloads
        together = asyncio.ensure_future(store.held_together(words))
        await asyncio.sleep(0)
        assert not together.done()
        assert await together is True and store._reloads == reloads + 1  # "parallelismus" is in no summary now
    finally:
        await store.close()


async def test_a_computation_tried_in_memory_that_reads_a_row_is_run_in_a_read_transaction(db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS)
    try:
        await store.find_points("xla")
        needs = store._view.in_memory(lambda view: view.rows("SELECT count(*) FROM talks"))
        assert isinstance(needs, NeedsDatabase)
        assert await store._answer(None, lambda view: view.rows("SELECT count(*) FROM talks")[0][0],
                                   in_memory=True) == 19
    finally:
        await store.close()


def count_trips(store: Store) -> Callable[[], int]:
    """From now on count ``store``'s trips to the database thread; the returned function tells how many so far."""
    trips = 0
    read = store._read

    async def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal trips
        trips += 1
        return await read(*args, **kwargs)

    store._read = counted  # type: ignore[method-assign]
    return lambda: trips


async def test_several_terms_are_defined_in_one_trip_as_each_alone(db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS)
    try:
        alone = [await store.define(text) for text in ("XLA", "Pallas", "?")]
        store.results.clear()
        trips = count_trips(store)
        assert await store.define_each(["XLA", "Pallas", "?"]) == alone and trips() == 1
        assert await store.define_each(["Pallas", "XLA"]) == alone[1::-1] and trips() == 1  # kept, each on its own
    finally:
        await store.close()


async def test_the_points_of_several_texts_are_found_in_one_trip_as_each_alone(db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS)
    try:
        texts = ["Pallas", "XLA"]
        alone = [await store.find_points(text, limit=1, min_coverage=1.0) for text in texts]
        assert all(alone)
        store.results.clear()
        trips = count_trips(store)
        assert await store.find_points_each(texts, limit=1, min_coverage=1.0) == alone and trips() == 1
        assert await store.find_points_each([], limit=1) == [] and trips() == 1  # nothing asked: no trip
    finally:
        await store.close()


async def test_the_absent_words_of_several_texts_are_looked_up_in_one_trip_as_each_alone(db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS)
    try:
        texts = ["Pre-Training", "Post-Training", "gspmd"]
        alone = [await store.absent_words(text) for text in texts]
        assert alone == [(), (), ("gspmd",)]
        store.results.clear()
        store._view.forget_asked()  # the full-text reads the hyphenated words need are not in memory now
        trips = count_trips(store)
        assert await store.absent_words_each(texts) == alone and trips() == 1
        assert await store.absent_words_each(texts[::-1]) == alone[::-1] and trips() == 1  # kept, each on its own
    finally:
        await store.close()


async def test_cache_size_zero_searches_every_time(db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        first, again = await store.define("XLA"), await store.define("XLA")
        assert again == first and again is not first and len(store.results) == 0
    finally:
        await store.close()


@pytest.mark.parametrize(("word", "stem"), [
    ("kerneln", "kernel"), ("vortragen", "vortrag"), ("zerspanen", "zerspan"), ("asynchrone", "asynchron"),
    ("quantencomputern", "quantencomput"), ("crashkurses", "crashkurs"),
    ("compiler", None), ("token", None), ("qwen2", None), ("bienen", "biene"), ("vermeidet", "vermeid"),
    ("steigerten", "steiger"), ("verfolgt", "verfolg"), ("trennt", "trenn"), ("reduziert", "reduzier"), ("test", None),
])
def test_german_stem_drops_one_inflection_ending(word: str, stem: str | None) -> None:
    assert german_stem(word) == stem


def test_an_ing_form_is_translated_as_the_word_list_s_other_forms_of_its_verb() -> None:
    lexicon = Lexicon(en_de={"placed": ("platziert",), "placement": ("platzierung",)})
    (placing,) = build_concepts("placing", lexicon, {})
    assert {(form.token, form.kind) for form in placing.forms} >= {("platziert", "translation"),
                                                                    ("platzierung", "translation")}


@pytest.mark.parametrize(("word", "nouns"), [
    ("fuses", ["fusion"]), ("fused", ["fusion"]), ("fuse", ["fusion"]), ("operates", ["operation"]),
    ("kernels", []), ("tpu", []),
])
def test_an_english_verb_s_noun_in_ion(word: str, nouns: list[str]) -> None:
    assert verb_nouns(word) == nouns


def test_an_english_participle_s_nouns_in_ation_and_ment() -> None:
    # the summaries write the English nouns "Installation", "Deployment" of what a question asks as a participle
    assert {"installation", "deployment", "management"} <= {*verb_nouns("installed"), *verb_nouns("deployed"),
                                                           *verb_nouns("managed")}
    assert "installation" in verb_nouns("installing")
    assert verb_nouns("used") == [] and verb_nouns("installs") == []  # only a participle or gerund


@pytest.mark.parametrize(("word", "base"), [("rotting", "rot"), ("shipped", "ship"), ("planning", "plan")])
def test_an_english_inflection_after_a_doubled_consonant_is_looked_up_without_it(word: str, base: str) -> None:
    assert base in english_variants(word)


@pytest.mark.parametrize(("word", "base"), [("jobs", "job"), ("bits", "bit"), ("gpus", "gpu")])
def test_a_short_english_plural_is_looked_up_as_its_singular(word: str, base: str) -> None:
    # four letters are too few for the longer endings' rules, not for a plural's "s"
    assert base in english_variants(word)
    assert "clas" not in english_variants("class")
    (bees,) = build_concepts("bees", Lexicon(en_de={"bee": ("biene",)}), {})
    assert ("biene", "translation") in {(form.token, form.kind) for form in bees.forms}


@pytest.mark.parametrize(("word", "form"), [
    ("retokenizing", "retokenisier"), ("quantized", "quantisier"), ("synchronization", "synchronisier"),
    ("tokenise", "tokenisier"), ("size", None), ("raised", None),
])
def test_an_english_ize_word_s_german_isier_form(word: str, form: str | None) -> None:
    assert isier_form(word) == form


def test_a_phrasal_verb_s_particle_is_no_concept_but_stays_in_its_phrase_and_in_a_hyphenated_name() -> None:
    lexicon = Lexicon(en_de={"trade off": ("abwägung",)})
    words = [concept.words for concept in build_concepts("read the communication off stablehlo", lexicon, {})]
    assert "off" not in words and "communication" in words  # not "Off-Policy" for the "off" of "read off"
    assert "trade off" in [concept.words for concept in build_concepts("the trade off of colocation", lexicon, {})]
    assert "off" in [concept.words for concept in build_concepts("off-policy drift", lexicon, {})]


def test_an_english_ize_word_is_searched_as_german_isier_where_the_summaries_have_it() -> None:
    held = {"retokenisier": 1}.get
    concepts = build_concepts("retokenizing optimized", Lexicon(), {}, frequency=lambda form: held(form, 0))
    forms = {concept.words: [form.token for form in concept.forms] for concept in concepts}
    assert "retokenisier" in forms["retokenizing"]
    assert "optimisier" not in forms["optimized"]  # German writes "optimiert": no summary has it


def test_an_english_verb_s_noun_is_searched_where_the_summaries_have_it() -> None:
    held = {"fusion": 3}.get
    concepts = build_concepts("fuses operates", Lexicon(), {}, frequency=lambda form: held(form, 0))
    forms = {concept.words: [(form.token, form.kind) for form in concept.forms] for concept in concepts}
    assert ("fusion", "family") in forms["fuses"]
    assert not any(token == "operation" for token, _ in forms["operates"])  # no summary has it


@pytest.mark.parametrize(("word", "infinitive"), [
    ("nachmacht", "nachmachen"), ("durchprobiert", "durchprobieren"), ("getestet", "testen"),
    ("ausgeprobiert", "ausprobieren"), ("bewegt", "bewegen"), ("durchzuprobieren", "durchprobieren"),
    ("einzurichten", "einrichten"),
])
def test_a_german_verb_form_s_infinitive_is_guessed(word: str, infinitive: str) -> None:
    assert infinitive in german_infinitives(word)


def test_a_german_verb_form_is_translated_as_the_word_list_s_infinitive() -> None:
    # the word list's German keys are infinitives ("nachmachen"); a question writes "was ein kleines Modell nachmacht"
    lexicon = Lexicon(en_de={"nachmachen": ("nachahm",), "ausprobieren": ("test",)})
    concepts = build_concepts("nachmacht ausgeprobiert", lexicon, {})
    forms = {concept.words: [(form.token, form.kind) for form in concept.forms] for concept in concepts}
    assert ("nachahm", "translation") in forms["nachmacht"]
    assert ("test", "translation") in forms["ausgeprobiert"]
    assert german_infinitives("test") == german_infinitives("gpus") == []  # no verb form: nothing to guess


@pytest.mark.parametrize(("word", "singular"), [("meshes", "mesh"), ("boxes", "box"), ("kernels", "kernel"),
                                                ("caches", "cache")])
def test_an_english_plural_is_searched_as_its_singular(word: str, singular: str) -> None:
    (concept,) = build_concepts(word, Lexicon(), {}, translate=False)
    stems = [form.token for form in concept.forms if form.kind == "stem"]
    assert singular in stems


def test_a_german_stem_is_searched_only_where_it_finds_more() -> None:
    frequency = {"kerneln": 1, "kernel": 6, "question": 2, "questio": 2}.get
    concepts = build_concepts("Kerneln question", Lexicon(), {}, frequency=lambda form: frequency(form, 0))
    forms = {concept.words: [(form.token, form.kind) for form in concept.forms] for concept in concepts}
    assert ("kernel", "stem") in forms["kerneln"]
    assert [token for token, _ in forms["question"]] == ["question"]  # "questio" holds the same words


async def test_a_questions_concepts_are_built_once_and_a_search_leaves_them_as_built(db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        await store.find_points("xla")
        built = store._view.concepts("jaxtor")
        kinds = [form.kind for form in built[0].forms]
        assert "correction" in kinds and "phrase" in kinds  # jaxator, or jax + tor: the search settles which
        await store.find_points("jaxtor")
        again = store._view.concepts("jaxtor")
        assert again[0] is built[0] and [form.kind for form in again[0].forms] == kinds
    finally:
        await store.close()


async def test_a_team_alias_is_searched_by_a_question_asked_before_it(db_path: Path) -> None:
    store = await Store.open(db_path, CORPUS, cache_size=0)
    try:
        assert await store.find_points("Moby") == []
        await store.set_alias("Docker", "Moby", "U1", 1_700_000_000.0)
        assert [hit.title for hit in await store.find_points("Moby", limit=2)] == [
            "Entwickler-Erfahrung & Deployment", "Infrastruktur-Hürden"]
    finally:
        await store.close()


@pytest.mark.parametrize("cache_size", [RESULT_CACHE_SIZE, 0])  # kept per generation also with no answer cache
async def test_the_glossary_name_lists_are_kept_until_the_corpus_changes(db_path: Path, cache_size: int) -> None:
    store = await Store.open(db_path, CORPUS, cache_size=cache_size)
    try:
        terms, long_forms = await store.all_terms(), await store.long_forms()
        assert "Composable Kernel" in long_forms and "XLA" in terms
        assert await store.all_terms() is terms and await store.long_forms() is long_forms
        await store.set_alias("Docker", "Moby", "U1", 1_700_000_000.0)  # an edit moves the generation
        assert "Docker" in terms
        renamed = await store.all_terms()
        assert "Moby" in renamed and "Docker" not in renamed
    finally:
        await store.close()


def test_a_word_s_concept_built_for_one_text_is_built_alike_for_another_without_its_look_ups() -> None:
    # the texts of one question share words (its subject, the search with a hint word): each word's typo look-up runs
    # once, and each text's concept is its own (forms added to one never show in another)
    asked: list[str] = []

    def correct(word: str) -> list[str]:
        asked.append(word)
        return ["kinetic"] if word == "kinetik" else []

    lexicon = Lexicon(en_de={"speedup": ("beschleunig",)})
    known: dict[str, Concept] = {}
    first = build_concepts("kinetik speedup tpu v5", lexicon, {}, correct, known_words=known)  # tpu: "tpuv5" too
    again = build_concepts("kinetik speedup tpu", lexicon, {}, correct, known_words=known)
    assert asked.count("kinetik") == 1 and asked.count("tpu") == 1
    alone = build_concepts("kinetik speedup tpu", lexicon, {}, correct)
    assert [(c.words, [(f.token, f.kind) for f in c.forms]) for c in again] == \
        [(c.words, [(f.token, f.kind) for f in c.forms]) for c in alone]
    assert all(a.forms is not b.forms for a in first for b in again)
