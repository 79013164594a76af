"""Incremental ingest: only new and changed files are read, and the result equals a full rebuild."""

from __future__ import annotations

import asyncio
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from store.connection import connect_async
from store.errors import CorpusError
from store.ingest import ingest_sync
from tests.conftest import CORPUS, ingest_beside

BIG_FILE = CORPUS / "000_05e4716c93976b38.txt"
HEADING_RE = re.compile(r"^(Zusammenfassung|Abstract)$")
STAMP_RE = re.compile(r"^(• )(\d+):(\d\d) ", re.M)

# Content of every corpus table, surrogate ids replaced by what they point at (file and line).
CONTENT_SQL = {
    "talks": "SELECT talk_id, position, title, speakers, tags, video_url, summary, source_file, source_line,"
             " base_title_key, base_id FROM talks",
    "summaries": "SELECT talk_id, heading, text, source_file, source_line, title, speakers, word_count, term_count"
                 " FROM summaries",
    "points": "SELECT p.talk_id, p.position, p.seconds, p.label, p.title, p.text, p.source_file, p.source_line,"
              " s.source_file, s.source_line FROM points p JOIN summaries s USING (summary_id)",
    "glossary": "SELECT g.talk_id, g.head, g.definition, g.source_file, g.source_line, s.source_file, s.source_line"
                " FROM glossary g JOIN summaries s USING (summary_id)",
    "term_names": "SELECT g.source_file, g.source_line, n.term, n.expansion, n.name, n.name_key, n.kind, n.talk_id,"
                  " n.source_file, n.source_line FROM term_names n JOIN glossary g USING (entry_id)",
    "highlights": "SELECT h.talk_id, h.title, h.text, h.source_file, h.source_line, s.source_file"
                  " FROM highlights h JOIN summaries s USING (summary_id)",
    "summary_keys": "SELECT s.source_file, s.source_line, k.key, k.kind FROM summary_keys k JOIN summaries s"
                    " USING (summary_id)",
    "search_fts": "SELECT f.title, f.body, f.parts, f.kind, f.talk_id,"
                  " coalesce(p.source_file, g.source_file, h.source_file, ''),"
                  " coalesce(p.source_line, g.source_line, h.source_line, 0) FROM search_fts f"
                  " LEFT JOIN points p ON f.kind = 'kpoint' AND p.point_id = f.ref_id"
                  " LEFT JOIN glossary g ON f.kind = 'kterm' AND g.entry_id = f.ref_id"
                  " LEFT JOIN highlights h ON f.kind = 'khigh' AND h.highlight_id = f.ref_id",
    "corpus_files": "SELECT name, sha256, bytes, summaries FROM corpus_files",
    # When and how often an ingest wrote the corpus, not what it holds.
    "meta": "SELECT key, value FROM meta WHERE key NOT IN ('ingested_at', 'corpus_writes')",
}


def corpus_content(db: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(db)
    try:
        return {table: sorted(conn.execute(sql).fetchall(), key=repr) for table, sql in CONTENT_SQL.items()}
    finally:
        conn.close()


def names_follow_glossary(db: Path) -> bool:
    """Each term name keeps its glossary line's file, line and talk (what /define orders and counts by)."""
    conn = sqlite3.connect(db)
    try:
        total, differing = conn.execute(
            "SELECT count(*), sum(n.talk_id != g.talk_id OR n.source_file != g.source_file"
            " OR n.source_line != g.source_line) FROM term_names n JOIN glossary g USING (entry_id)").fetchone()
    finally:
        conn.close()
    return total > 0 and differing == 0


def split_corpus(target: Path) -> list[str]:
    """The bundled corpus with its big export split into one file per summary (part_NN.txt)."""
    target.mkdir(parents=True, exist_ok=True)
    lines = BIG_FILE.read_text(encoding="utf-8").splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if HEADING_RE.match(line.strip())]
    names = []
    for number, (start, end) in enumerate(zip(starts, [*starts[1:], len(lines)])):
        name = f"part_{number:02d}.txt"
        (target / name).write_text("".join(lines[start:end]), encoding="utf-8")
        names.append(name)
    for name in ("004_b9033c416a07336f.txt", "aliases.toml", "lexicon.toml", "talks.toml"):
        shutil.copyfile(CORPUS / name, target / name)
    return names


def full_content(corpus: Path, tmp_path: Path) -> dict[str, list[tuple]]:
    db = tmp_path / "full.db"
    db.unlink(missing_ok=True)
    ingest_sync(db, [corpus], full=True)
    return corpus_content(db)


def duplicate_parts(corpus: Path, db: Path) -> list[str]:
    """Files whose summary shares its talk with another file's (the corpus's duplicate summaries)."""
    rows = sqlite3.connect(db).execute(
        "SELECT group_concat(source_file) FROM summaries GROUP BY talk_id HAVING count(*) > 1"
    ).fetchall()
    return sorted(name for (names,) in rows for name in names.split(","))


def shifted(text: str, minutes: int) -> str:
    """The same summary with every key point ``minutes`` later: reads alike, but another video."""
    return STAMP_RE.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + minutes}:{m.group(3)} ", text)


def test_incremental_steps_equal_a_full_rebuild(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    names = split_corpus(corpus)
    probe = tmp_path / "probe.db"
    ingest_sync(probe, [corpus])
    duplicates = duplicate_parts(corpus, probe)
    assert len(duplicates) == 4  # two talks are summarised twice in the export
    single = next(name for name in names if name not in duplicates)
    held_back = {duplicates[1], duplicates[3], single}
    stash = tmp_path / "stash"
    stash.mkdir()
    for name in held_back:
        shutil.move(corpus / name, stash / name)

    db = tmp_path / "incremental.db"
    first = ingest_sync(db, [corpus])
    assert first.full and first.talks == 18  # the held-back duplicates' talks are there with one summary
    assert corpus_content(db) == full_content(corpus, tmp_path)

    # New files, two of them a second summary of a stored talk: they join that talk.
    for name in held_back:
        shutil.move(stash / name, corpus / name)
    added = ingest_sync(db, [corpus])
    assert not added.full and sorted(added.new_files) == sorted(held_back) and added.talks == 19
    assert added.added["summaries"] == 3
    assert corpus_content(db) == full_content(corpus, tmp_path)
    assert names_follow_glossary(db)  # the stored talks the new summaries joined were rewritten

    # A changed file: its summary now reads as another video, so it leaves its talk.
    changed = corpus / duplicates[0]
    changed.write_text(shifted(changed.read_text(encoding="utf-8"), 30), encoding="utf-8")
    report = ingest_sync(db, [corpus])
    assert report.changed_files == [duplicates[0]] and report.new_files == [] and report.talks == 20
    assert corpus_content(db) == full_content(corpus, tmp_path)

    # A deleted file: its summary disappears, its talk's remaining summary stays.
    (corpus / duplicates[2]).unlink()
    report = ingest_sync(db, [corpus])
    assert report.removed_files == [duplicates[2]] and report.talks == 20
    assert corpus_content(db) == full_content(corpus, tmp_path)
    assert names_follow_glossary(db)


def test_a_same_titled_talk_renames_both_and_its_removal_renames_back(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    names = split_corpus(corpus)
    db = tmp_path / "t.db"
    ingest_sync(db, [corpus])
    conn = sqlite3.connect(db)
    before = conn.execute("SELECT talk_id, title FROM talks WHERE source_file = ?", (names[3],)).fetchone()
    twin = corpus / "zz_twin.txt"
    twin.write_text(shifted((corpus / names[3]).read_text(encoding="utf-8"), 45), encoding="utf-8")
    ingest_sync(db, [corpus])
    titles = conn.execute("SELECT talk_id, title FROM talks WHERE base_id = ? ORDER BY position",
                          (before[0],)).fetchall()
    assert len(titles) == 2 and all(t.startswith(before[1] + " (") for _, t in titles)
    assert len({talk_id for talk_id, _ in titles}) == 2
    assert corpus_content(db) == full_content(corpus, tmp_path)
    twin.unlink()
    ingest_sync(db, [corpus])
    assert conn.execute("SELECT talk_id, title FROM talks WHERE source_file = ?", (names[3],)).fetchone() == before
    assert corpus_content(db) == full_content(corpus, tmp_path)


def test_a_changed_file_replaces_exactly_its_summaries(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    names = split_corpus(corpus)
    db = tmp_path / "t.db"
    ingest_sync(db, [corpus])
    conn = sqlite3.connect(db)
    others = "SELECT summary_id, text FROM summaries WHERE source_file != ? ORDER BY summary_id"
    untouched = conn.execute(others, (names[7],)).fetchall()
    path = corpus / names[7]
    path.write_text(path.read_text(encoding="utf-8").replace("\n\n", "\n\nEine neue Einleitung.\n\n", 1),
                    encoding="utf-8")
    report = ingest_sync(db, [corpus])
    assert report.changed_files == [names[7]] and report.added["summaries"] == 1
    assert conn.execute(others, (names[7],)).fetchall() == untouched  # same rows, same ids: not rewritten
    (text,) = conn.execute("SELECT text FROM summaries WHERE source_file = ?", (names[7],)).fetchone()
    assert text.startswith("Eine neue Einleitung.")


def test_a_deleted_file_leaves_no_rows_behind(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    names = split_corpus(corpus)
    db = tmp_path / "t.db"
    ingest_sync(db, [corpus])
    conn = sqlite3.connect(db)
    (talk_id,) = conn.execute("SELECT talk_id FROM summaries WHERE source_file = ?", (names[9],)).fetchone()
    (corpus / names[9]).unlink()
    report = ingest_sync(db, [corpus])
    assert report.removed_files == [names[9]]
    for table in ("summaries", "points", "glossary", "highlights"):
        assert conn.execute(f"SELECT count(*) FROM {table} WHERE source_file = ?", (names[9],)).fetchone() == (0,)
    assert conn.execute("SELECT count(*) FROM talks WHERE talk_id = ?", (talk_id,)).fetchone() == (0,)
    assert conn.execute("SELECT count(*) FROM search_fts WHERE talk_id = ?", (talk_id,)).fetchone() == (0,)
    assert conn.execute("SELECT count(*) FROM corpus_files WHERE name = ?", (names[9],)).fetchone() == (0,)


def test_a_bad_new_file_changes_nothing(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    split_corpus(corpus)
    db = tmp_path / "t.db"
    ingest_sync(db, [corpus])
    before = corpus_content(db)
    (corpus / "zz_new.txt").write_text(shifted((corpus / "part_01.txt").read_text(encoding="utf-8"), 20),
                                       encoding="utf-8")
    (corpus / "zz_bad.txt").write_text("Zusammenfassung\n\nText.\n\nWichtigste Punkte & Zeitstempel\n\n• 1:7 x\n",
                                       encoding="utf-8")
    with pytest.raises(CorpusError) as error:
        ingest_sync(db, [corpus])
    assert str(error.value).startswith("zz_bad.txt:7:")
    assert corpus_content(db) == before


def test_only_new_files_are_read(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    split_corpus(corpus)
    db = tmp_path / "t.db"
    ingest_sync(db, [corpus])
    again = ingest_sync(db, [corpus])
    assert not again.changed and again.new_files == again.changed_files == again.removed_files == []
    (corpus / "zz_new.txt").write_text(shifted((corpus / "part_01.txt").read_text(encoding="utf-8"), 20),
                                       encoding="utf-8")
    report = ingest_sync(db, [corpus])
    assert report.new_files == ["zz_new.txt"] and report.added["summaries"] == 1 and not report.full


async def test_an_ingest_beside_an_open_write_transaction_waits_for_its_commit(db_path: Path) -> None:
    """A bot's write transaction (the usage recorder's) commits between turns of its event loop: an ingest in
    a thread beside it waits for the lock (busy timeout) and then writes. (On the loop itself it would block the
    commit it waits for, and fail with "database is locked" after the busy timeout.)"""
    writer = await connect_async(db_path)
    try:
        await writer.execute("BEGIN IMMEDIATE")
        await writer.execute("DELETE FROM seen_events")
        ingest = asyncio.ensure_future(ingest_beside(db_path, [CORPUS], full=True))
        for _ in range(20):  # loop turns with the lock held: the ingest's thread is started and waiting
            await asyncio.sleep(0)
        await writer.execute("COMMIT")
        report = await ingest
    finally:
        await writer.close()
    assert report.talks_written


def _index_blocks(db: Path) -> list[tuple[int, bytes]]:
    return sqlite3.connect(db).execute("SELECT id, block FROM search_fts_data ORDER BY id").fetchall()


def _merged_again(db: Path) -> list[tuple[int, bytes]]:
    """The full-text index's blocks after one more merge into one segment (FTS5 'optimize', a no-op on one)."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("INSERT INTO search_fts (search_fts) VALUES ('optimize')")
    conn.close()
    return _index_blocks(db)


def test_a_small_corpus_s_full_text_index_is_one_segment_after_each_ingest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    db = tmp_path / "t.db"
    ingest_sync(db, [corpus])
    assert _index_blocks(db) == _merged_again(db)
    (corpus / BIG_FILE.name).write_text(shifted(BIG_FILE.read_text(encoding="utf-8"), 1), encoding="utf-8")
    assert ingest_sync(db, [corpus]).changed_files == [BIG_FILE.name]  # incremental: rows deleted and written
    assert _index_blocks(db) == _merged_again(db)
    # Above the size the merge is left to FTS5: the same incremental step leaves segments a merge would join.
    monkeypatch.setattr("store.ingest.MERGE_INDEX_MAX_SUMMARIES", 0)
    (corpus / BIG_FILE.name).write_text(shifted(BIG_FILE.read_text(encoding="utf-8"), 2), encoding="utf-8")
    assert ingest_sync(db, [corpus]).changed_files == [BIG_FILE.name]
    assert _index_blocks(db) != _merged_again(db)
