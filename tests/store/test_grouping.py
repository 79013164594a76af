"""Grouping tests on the bundled corpus: duplicates, titles, speakers, ids and overrides."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from store.canonical import Canonical
from store.errors import CorpusError
from store.grouping import (
    group_talks,
    group_talks_with_warnings,
    load_overrides,
    talk_slug,
)
from store.lexicon import load_lexicon
from store.model import KeyPoint, Source, Summary
from store.parser import parse_file

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
FILE_000 = CORPUS / "000_05e4716c93976b38.txt"
FILE_004 = CORPUS / "004_b9033c416a07336f.txt"


@pytest.fixture(scope="module")
def summaries():
    return parse_file(FILE_000) + parse_file(FILE_004)


@pytest.fixture(scope="module")
def talks(summaries):
    return group_talks(summaries)


def lines(talk):
    return [(s.source.file, s.source.line) for s in talk.summaries]


def by_line(talks, line, file=FILE_000.name):
    return next(t for t in talks if (file, line) in lines(t))


def identity(talks):
    return [(t.talk_id, t.title, t.speakers, lines(t)) for t in talks]


def test_21_summaries_make_19_talks(summaries, talks):
    assert len(summaries) == 21
    assert len(talks) == 19
    assert sorted(line for t in talks for line in lines(t)) == sorted(
        (s.source.file, s.source.line) for s in summaries
    )


def test_xla_crash_course_is_one_talk(talks):
    xla = by_line(talks, 189)
    assert lines(xla) == [(FILE_000.name, 189), (FILE_000.name, 473)]
    assert xla.speakers == ("Kevin Gleason", "Peter Gavin")
    assert "XLA" in xla.title


def test_treehouse_documentary_is_one_talk(talks):
    treehouse = by_line(talks, 541)
    assert lines(treehouse) == [(FILE_000.name, 541), (FILE_000.name, 592)]
    assert treehouse.speakers == ("Johannes Schelle",)
    assert "Baumhaus" in treehouse.title


def test_nothing_else_is_merged(talks):
    merged = [lines(t) for t in talks if len(t.summaries) > 1]
    assert merged == [[(FILE_000.name, 189), (FILE_000.name, 473)], [(FILE_000.name, 541), (FILE_000.name, 592)]]
    # Talks that share many words (JAX, TPU, post-training, AMD kernels) stay apart.
    assert by_line(talks, 153) is not by_line(talks, 374)
    assert by_line(talks, 228) is not by_line(talks, 336)


def test_talk_order_follows_the_files(talks):
    firsts = [t.summaries[0].source for t in talks]
    assert firsts == sorted(firsts, key=lambda s: (s.file, s.line))
    assert talks[-1].summaries[0].source.file == FILE_004.name


def test_titles_are_short_distinct_and_name_the_subject(talks):
    titles = [t.title for t in talks]
    assert all(titles) and len(set(titles)) == len(titles)
    assert all(len(title) <= 80 for title in titles)
    assert "Palace" in by_line(talks, 1, FILE_004.name).title
    assert by_line(talks, 27).title.startswith("JAX Quantum")
    assert by_line(talks, 60).title.startswith("Kinetic")
    assert by_line(talks, 336).title.startswith("Jaxator")
    assert "FlyDSL" in by_line(talks, 228).title
    assert "oneAPI" in by_line(talks, 257).title
    assert "CasADi" in by_line(talks, 509).title
    assert "Datenbank" in by_line(talks, 3).title


@pytest.mark.parametrize(
    ("line", "speakers"),
    [
        (27, ("Shantanu",)),
        (60, ("Diva", "Jotender")),
        (90, ("Kai Wong",)),
        (228, ("Arthi",)),
        (257, ("Bavani",)),
        (293, ("Lance", "Su", "Hu")),
        (336, ("Rutaj Vidya",)),
        (406, ("Shyok",)),
        (567, ("MaxiGorov",)),
    ],
)
def test_speakers(talks, line, speakers):
    assert by_line(talks, line).speakers == speakers


def test_organisations_are_not_speakers(talks):
    # University of Michigan, the JAX team, the CAR team and Palace (a framework) are named but are no people.
    assert by_line(talks, 3).speakers == ()
    assert by_line(talks, 1, FILE_004.name).speakers == ()
    everyone = " ".join(name for t in talks for name in t.speakers)
    for word in ("University", "Google", "Team", "JAX", "CAR", "Palace", "Intel", "AMD"):
        assert word not in everyone


def test_ids_are_slugs(talks):
    ids = [t.talk_id for t in talks]
    assert len(set(ids)) == len(ids)
    for talk_id in ids:
        assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", talk_id)
        assert len(talk_id) <= 60
    assert by_line(talks, 189).talk_id == "xla-crashkurs"


def test_ids_survive_reordering(summaries, talks):
    assert identity(group_talks(list(reversed(summaries)))) == identity(talks)
    for seed in range(5):
        shuffled = list(summaries)
        random.Random(seed).shuffle(shuffled)
        assert identity(group_talks(shuffled)) == identity(talks)


def test_ids_survive_parsing_files_in_the_other_order(talks):
    assert identity(group_talks(parse_file(FILE_004) + parse_file(FILE_000))) == identity(talks)


def test_ids_of_one_file_do_not_depend_on_the_other(talks):
    alone = {t.talk_id for t in group_talks(parse_file(FILE_000))}
    assert alone == {t.talk_id for t in talks if t.summaries[0].source.file == FILE_000.name}


def test_slug():
    slug = talk_slug("Kinetic: Überbrückung von Laptops & Cloud-TPUs")
    assert slug == "kinetic-ueberbrueckung-von-laptops-cloud-tpus"
    assert talk_slug("Größe") == "groesse"
    assert talk_slug("?!") == "talk"
    long = talk_slug("Wort " * 30)
    assert len(long) <= 60 and not long.endswith("-")


def synthetic(file: str, texts: list[str]) -> Summary:
    points = tuple(
        KeyPoint(60 * i, f"{i}:00", text.split()[0], text, Source(file, 3 + i)) for i, text in enumerate(texts)
    )
    text = "Dieser Vortrag stellt Foo vor, ein Tool zur Analyse von Daten. " + " ".join(texts)
    return Summary("Summary", text, Source(file, 1), points)


def test_same_title_for_different_talks_gets_deterministic_suffixes():
    # Same opening sentence, different timelines: two talks whose titles and ids would clash.
    a = synthetic("a.txt", ["Gurken wachsen im Sommer.", "Tomaten brauchen Sonne.", "Kürbisse reifen spät."])
    b = synthetic("b.txt", ["Compiler optimieren Graphen.", "Kernel laufen auf Chips.", "Puffer liegen im HBM."])
    first = group_talks([a, b])
    assert len(first) == 2
    assert len({t.talk_id for t in first}) == 2 and len({t.title for t in first}) == 2
    assert all(t.talk_id.startswith("foo-analyse-von-daten-") for t in first)
    assert identity(group_talks([b, a])) == identity(first)


# --- overrides ----------------------------------------------------------------------------------


def test_shipped_overrides_name_existing_talks(summaries):
    overrides, warnings = load_overrides(CORPUS)
    assert warnings == []
    talks, warnings = group_talks_with_warnings(summaries, overrides, Canonical(load_lexicon(CORPUS)).text)
    assert warnings == []
    assert all(t.tags for t in talks)
    assert by_line(talks, 189).tags == ("xla", "compiler")


def test_overrides_from_toml(tmp_path, summaries, talks):
    (tmp_path / "talks.toml").write_text(
        """
[talks."xla-crashkurs"]
title = "XLA crash course"
speakers = ["Kevin Gleason", "Peter Gavin", "Guest"]
tags = ["xla", "compiler"]
video_url = "https://example.org/xla"

[talks."no-such-talk"]
tags = ["x"]
""",
        encoding="utf-8",
    )
    overrides, _ = load_overrides(tmp_path)
    assert overrides["xla-crashkurs"]["title"] == "XLA crash course"
    changed, warnings = group_talks_with_warnings(summaries, overrides)
    xla = by_line(changed, 189)
    assert xla.talk_id == "xla-crashkurs"  # ids come from the derived title, never the override
    assert xla.title == "XLA crash course"
    assert xla.speakers == ("Kevin Gleason", "Peter Gavin", "Guest")
    assert xla.tags == ("xla", "compiler")
    assert xla.video_url == "https://example.org/xla"
    assert warnings == ["talks.toml: no talk with id 'no-such-talk'; override ignored"]
    others = [t for t in changed if t.talk_id != "xla-crashkurs"]
    assert identity(others) == identity([t for t in talks if t.talk_id != "xla-crashkurs"])
    assert group_talks(summaries, overrides)[6].title == "XLA crash course"


def test_no_overrides_file(tmp_path):
    assert load_overrides(tmp_path) == ({}, [])


def test_unknown_keys_are_warnings(tmp_path):
    (tmp_path / "talks.toml").write_text('[talks."a"]\ncolour = "red"\n', encoding="utf-8")
    overrides, warnings = load_overrides(tmp_path)
    assert overrides == {"a": {}}
    assert warnings == ["talks.toml:1: unknown key 'colour' for talk 'a' ignored"]


@pytest.mark.parametrize(
    ("content", "line"),
    [
        ('[talks."a"]\ntitle = \n', 2),
        ('[talks."a"]\ntags = "xla"\n', 1),
        ('\n[talks."a"]\nvideo_url = "ftp://x"\n', 2),
        ('talks = 3\n', None),
    ],
)
def test_invalid_overrides_are_corpus_errors(tmp_path, content, line):
    (tmp_path / "talks.toml").write_text(content, encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_overrides(tmp_path)
    assert info.value.file == "talks.toml"
    assert info.value.line == line


def test_talks_alike_even_in_their_first_key_point_get_distinct_ids(tmp_path) -> None:
    """Two different talks with the same opening and first key point must still ingest."""
    from store.ingest import ingest_sync

    def summary(words: list[str], offset: int) -> str:
        points = "".join(
            f"• {offset + 3 * i}:{10 + i} {word}: Ganz eigener Abschnitt über {word} und sonst nichts.\n"
            for i, word in enumerate(words)
        )
        return (
            "Zusammenfassung\n\nDer Vortrag behandelt CNC.\n\nWichtigste Punkte & Zeitstempel\n\n"
            "• 0:10 Einführung: CNC im Überblick.\n" + points + "\n"
            f"Glossar\n\n• {words[0]} (Other): Eine Erklärung zu {words[0]}.\n"
        )

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    first = summary(["Fräsen", "Bohren", "Schleifen", "Honen", "Läppen"], 1)
    second = summary(["Bienen", "Honig", "Wachs", "Imkerei", "Waben"], 20)
    (corpus / "a.txt").write_text(first + "\n" + second, encoding="utf-8")
    report = ingest_sync(tmp_path / "t.db", [corpus])
    assert report.talks == 2
