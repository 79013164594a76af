"""Parser tests on the bundled corpus and on generated variants of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from store.errors import CorpusError
from store.parser import parse_file, parse_file_with_warnings, parse_text, parse_text_with_warnings
from store.timestamps import stamp_seconds

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
FILE_000 = CORPUS / "000_05e4716c93976b38.txt"
FILE_004 = CORPUS / "004_b9033c416a07336f.txt"


def counts(summaries):
    return (
        len(summaries),
        sum(len(s.key_points) for s in summaries),
        sum(len(s.glossary) for s in summaries),
        sum(len(s.highlights) for s in summaries),
    )


@pytest.fixture(scope="module")
def s000():
    return parse_file(FILE_000)


@pytest.fixture(scope="module")
def s004():
    return parse_file(FILE_004)


def entry(summaries, head):
    return next(g for s in summaries for g in s.glossary if g.head == head)


def point(summaries, label):
    return next(p for s in summaries for p in s.key_points if p.label == label)


# --- the real corpus ---------------------------------------------------------------------------


def test_counts_per_file_and_total(s000, s004):
    assert counts(s000) == (20, 205, 223, 4)
    assert counts(s004) == (1, 11, 11, 0)
    assert counts(s000 + s004) == (21, 216, 234, 4)


def test_real_files_parse_without_warnings_but_the_pallas_talks_backward_stamps():
    assert parse_file_with_warnings(FILE_000)[1] == []
    assert parse_file_with_warnings(FILE_004)[1] == [
        "004_b9033c416a07336f.txt:6: key point 0:10 is stamped before the one above it (0:51); timestamps go"
        " backwards, shown in the order written"]


def test_page_chrome_is_not_a_summary(s000):
    assert all("Browse Summaries" not in s.text for s in s000)
    assert s000[0].heading == "Zusammenfassung"
    assert s000[0].source.line == 3
    assert s000[0].text.startswith("Dieser Vortrag präsentiert eine frühe Untersuchung der University of Michigan")


def test_headings_kept_as_written(s000):
    assert [s.heading for s in s000].count("Abstract") == 6
    assert {s.heading for s in s000} == {"Zusammenfassung", "Abstract"}


def test_export_stamps_become_seconds_and_keep_their_label(s000):
    kinetic = point(s000, "0:2:27")
    assert kinetic.seconds == 147
    assert kinetic.title == "Installation & Setup"
    assert kinetic.text.startswith("Nutzung des Kinetic Python-Pakets")
    assert kinetic.source.line == 69
    assert point(s000, "0:10:07").seconds == 607
    assert point(s000, "0:10:07").source.line == 241


def test_stamp_forms():
    assert stamp_seconds("0:05") == 5
    assert stamp_seconds("12:21") == 741
    assert stamp_seconds("1:02:03") == 3723
    assert stamp_seconds("0:2:27") == 147
    assert stamp_seconds("0:10:07") == 607
    assert stamp_seconds("7:4") is None
    assert stamp_seconds("7:61") is None


def test_key_point_title_is_text_before_first_colon(s000):
    first = s000[0].key_points[0]
    assert (first.label, first.seconds, first.title) == ("0:05", 5, "TPUs für Datenbanken")
    assert first.text.startswith("Vorstellung des Forschungsprojekts")
    assert first.source.line == 9
    # A title may contain a colon-free parenthesis; the text keeps later colons.
    hlo = point(s000, "0:40")
    assert hlo.title == "HLO-Kompilierungspipeline"
    assert hlo.text.startswith("Trennung der Codegenerierung: Convolutions")


def test_multi_paragraph_summary(s000):
    vllm = next(s for s in s000 if s.source.line == 432)
    assert vllm.heading == "Abstract"
    assert vllm.text.count("\n\n") == 2
    assert vllm.text.startswith("Dieser Vortrag präsentiert technische Fortschritte")
    assert vllm.text.endswith("Abschließend wird die Integration von TorchTPU angekündigt.")
    assert len(vllm.key_points) == 13


def test_highlights(s000):
    tinix = next(s for s in s000 if s.highlights)
    assert [h.title for h in tinix.highlights] == [
        "Off-Policy-Management",
        "Rollout-zu-Trainer-Verhältnis",
        "Sandbox-Lebenszyklus",
        "Kollokation vs. Disaggregation",
    ]
    assert tinix.highlights[0].source.line == 314
    assert tinix.highlights[0].text.startswith("Erörterung, wie Tinix")


def test_acronym_with_expansion(s000):
    xla = s000[0].glossary[3]
    assert xla.head == "XLA (Accelerated Linear Algebra)"
    assert (xla.terms, xla.expansions, xla.variants) == (("XLA",), ("Accelerated Linear Algebra",), ())
    assert xla.definition.startswith("Ein domänenspezifischer Compiler")
    assert xla.source.line == 22


@pytest.mark.parametrize(
    ("head", "terms", "expansions", "line"),
    [
        ("Flax / Opex / Grain", ("Flax", "Opex", "Grain"), (), 403),
        ("ICI / DCN", ("ICI", "DCN"), (), 186),
        ("vLLM / SGLang", ("vLLM", "SGLang"), (), 459),
        (
            "VMEM (Vector Memory) vs. HBM (High Bandwidth Memory)",
            ("VMEM", "HBM"),
            ("Vector Memory", "High Bandwidth Memory"),
            466,
        ),
    ],
)
def test_heads_with_several_terms(s000, head, terms, expansions, line):
    found = entry(s000, head)
    assert (found.terms, found.expansions, found.variants) == (terms, expansions, ())
    assert found.source.line == line
    assert found.source.file == FILE_000.name


def test_two_spellings_of_one_term(s000):
    dlpack = entry(s000, "DLPAC / DLPack")
    assert (dlpack.terms, dlpack.variants, dlpack.expansions) == (("DLPack",), ("DLPAC",), ())
    assert dlpack.source.line == 253


def test_alternative_name_is_a_variant(s000):
    ironwood = entry(s000, "Ironwood (Trillium)")
    assert (ironwood.terms, ironwood.variants, ironwood.expansions) == (("Ironwood",), ("Trillium",), ())
    assert ironwood.source.line == 461


def test_translation_is_an_expansion(s000):
    fridge = entry(s000, "Verdünnungskühlschrank (Dilution Refrigerator)")
    assert (fridge.terms, fridge.expansions, fridge.variants) == (
        ("Verdünnungskühlschrank",),
        ("Dilution Refrigerator",),
        (),
    )


def test_name_then_acronym_makes_the_acronym_the_term(s000):
    moe = entry(s000, "Mixture of Experts (MoE)")
    assert (moe.terms, moe.expansions) == (("MoE",), ("Mixture of Experts",))
    assert entry(s000, "MoE (Mixture of Experts)").terms == ("MoE",)


def test_headingless_file(s004):
    (summary,) = s004
    assert summary.heading == ""
    assert summary.source == summary.source.__class__(FILE_004.name, 1)
    assert summary.text.startswith("Der Vortrag eines Ingenieurs des JAX-Teams präsentiert")
    assert "Wichtigste Punkte" not in summary.text
    assert [p.label for p in summary.key_points][:3] == ["0:04", "0:21", "0:51"]
    assert summary.key_points[0].title == "Einführung in Palace"
    assert summary.key_points[0].source.line == 3
    assert summary.glossary[0].head == "JAX"
    assert summary.glossary[0].source.line == 15
    assert summary.glossary[-1].terms == ("BF16",)
    assert summary.glossary[-1].variants == ("Bfloat16",)


def test_source_names_file_not_path(s000):
    assert {g.source.file for s in s000 for g in s.glossary} == {FILE_000.name}
    assert parse_text("Summary\nText.\nGlossary\nA: b.", "/some/dir/x.txt")[0].source.file == "x.txt"


# --- generated variants -------------------------------------------------------------------------

ENGLISH = """Summary:
This talk presents a tool.

Key Points & Timestamps
- 0:05 Intro: What the tool does.
- 1:02:03 Late point: Something an hour in.

Glossary
* XLA (Accelerated Linear Algebra): A compiler.
* Ironwood (Trillium): A TPU.

Discussion highlights
- Q&A: People asked things.
"""


def write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


def check_english(summaries, name, blank_lines=True):
    (summary,) = summaries
    assert summary.heading == "Summary"
    assert summary.text == "This talk presents a tool."
    assert summary.source.line == 1
    assert [(p.label, p.seconds, p.title, p.text) for p in summary.key_points] == [
        ("0:05", 5, "Intro", "What the tool does."),
        ("1:02:03", 3723, "Late point", "Something an hour in."),
    ]
    assert [p.source.line for p in summary.key_points] == ([5, 6] if blank_lines else [4, 5])
    assert [(g.terms, g.expansions, g.variants, g.definition) for g in summary.glossary] == [
        (("XLA",), ("Accelerated Linear Algebra",), (), "A compiler."),
        (("Ironwood",), (), ("Trillium",), "A TPU."),
    ]
    assert [(h.title, h.text) for h in summary.highlights] == [("Q&A", "People asked things.")]
    assert summary.highlights[0].source.line == (13 if blank_lines else 10)
    assert summary.glossary[0].source.file == name


def test_english_headings_and_dash_star_bullets(tmp_path):
    check_english(parse_file(write(tmp_path, "en.txt", ENGLISH)), "en.txt")


def test_crlf_and_bom(tmp_path):
    data = b"\xef\xbb\xbf" + ENGLISH.replace("\n", "\r\n").encode("utf-8")
    check_english(parse_file(write(tmp_path, "crlf.txt", data)), "crlf.txt")


def test_bom_in_text_is_ignored():
    check_english(parse_text("\ufeff" + ENGLISH, "t.txt"), "t.txt")


def test_no_bullets_no_blank_lines_and_lower_case_headings(tmp_path):
    text = ENGLISH.replace("- ", "").replace("* ", "").replace("\n\n", "\n").replace("Glossary", "GLOSSARY:")
    text = text.replace("Key Points & Timestamps", "key points")
    check_english(parse_file(write(tmp_path, "plain.txt", text)), "plain.txt", blank_lines=False)


def test_german_headings_with_colons(tmp_path):
    text = (
        "Abstract:\n\nEin Vortrag.\n\nWichtigste Punkte & Zeitstempel:\n\n• 7:46 Titel: Text.\n\n"
        "Glossar:\n\n• TPU (Tensor Processing Unit): Ein Chip.\n\nDiskussions-Highlights:\n\n• Frage: Antwort.\n"
    )
    (summary,) = parse_file(write(tmp_path, "de.txt", text))
    assert summary.heading == "Abstract"
    assert summary.key_points[0].seconds == 466
    assert summary.glossary[0].terms == ("TPU",)
    assert summary.highlights[0].title == "Frage"


def test_key_point_without_title():
    (summary,) = parse_text("Summary\nText.\nKey points\n3:20 No title here.\n", "t.txt")
    point = summary.key_points[0]
    assert (point.title, point.text, point.seconds) == ("", "No title here.", 200)


def test_several_summaries_in_one_file_keep_their_lines():
    text = "Summary\nOne.\nKey points\n0:01 A: a.\nSummary\nTwo.\nGlossary\nB: b.\n"
    first, second = parse_text(text, "t.txt")
    assert (first.text, first.source.line, second.text, second.source.line) == ("One.", 1, "Two.", 5)


def test_skipped_lines_are_warnings():
    text = "Summary\nText.\nKey points\n0:01 A: a.\nno stamp here\nGlossary\nLonely term\nB: b.\n"
    summaries, warnings = parse_text_with_warnings(text, "w.txt")
    assert len(summaries[0].key_points) == 1 and len(summaries[0].glossary) == 1
    assert warnings == [
        "w.txt:5: line in key points has no timestamp; skipped",
        "w.txt:7: glossary line 'Lonely term' has no ': definition'; skipped",
    ]


# --- bad files ----------------------------------------------------------------------------------


def raises(path: Path) -> CorpusError:
    with pytest.raises(CorpusError) as info:
        parse_file(path)
    assert path.name in str(info.value)
    assert info.value.file == path.name
    return info.value


def test_binary_file(tmp_path):
    error = raises(write(tmp_path, "image.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"))
    assert error.line == 3
    assert "binary" in str(error)


def test_empty_files(tmp_path):
    assert "empty" in str(raises(write(tmp_path, "empty.txt", b"")))
    assert "empty" in str(raises(write(tmp_path, "blank.txt", b"\xef\xbb\xbf \r\n\n  \n")))


def test_latin1_file(tmp_path):
    data = "Zusammenfassung\n\nDer Vortrag über Größe.\n".encode("latin-1")
    error = raises(write(tmp_path, "latin1.txt", data))
    assert error.line == 3
    assert "UTF-8" in str(error)
    assert str(error).startswith("latin1.txt:3: ")


def test_utf16_file(tmp_path):
    assert "UTF-16" in str(raises(write(tmp_path, "utf16.txt", ENGLISH.encode("utf-16"))))


def test_no_recognisable_section(tmp_path):
    error = raises(write(tmp_path, "prose.txt", "Just some prose.\nAnd more prose.\n"))
    assert "no recognisable section" in str(error)
    assert "no recognisable section" in str(raises(write(tmp_path, "chrome.txt", "Browse Summaries\n\n")))


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("Zusammenfassung\n\nWichtigste Punkte & Zeitstempel\n\n• 0:05 A: b.\n", 1, "no summary text"),
        ("Summary\nText.\nKey points\n\nGlossary\nA: b.\n", 3, "no entries"),
        ("Summary\nText.\nKey points\n", 3, "no entries"),
        ("Summary\nText.\nKey points\n• 0:05 A: b.\n• 7:4", 5, "timestamp '7:4'"),
        ("Summary\nText.\nKey points\n• 0:05 A: b.\n• 7:46", 5, "no text"),
        ("Summary\nText.\nGlossary\n• A: b.\n• XLA (Accelerated", 5, "no ': definition'"),
        ("Summary\nText.\nGlossary\n• A: b.\n• XLA:", 5, "no ': definition'"),
        ("Glossary\nA: b.\n", 1, "before any summary"),
        ("Summary\nText.\nSummary\nText.\nGlossary\n", 5, "no entries"),
    ],
)
def test_truncated_files(tmp_path, text, line, words):
    error = raises(write(tmp_path, "cut.txt", text))
    assert error.line == line
    assert words in str(error)
    assert str(error).startswith(f"cut.txt:{line}: ")


def test_missing_file_is_a_corpus_error(tmp_path):
    with pytest.raises(CorpusError):
        parse_file(tmp_path / "missing.txt")


LINES = st.sampled_from(
    [
        "Summary",
        "Zusammenfassung",
        "Key points",
        "Glossar:",
        "Diskussions-Highlights",
        "Browse Summaries",
        "",
        "• 0:05 Title: text.",
        "- 1:02:03 x",
        "* 7:4",
        "0:2:27",
        "• XLA (Accelerated Linear Algebra): A compiler.",
        "• DLPAC / DLPack: x",
        "A (B) vs. C (D / E): f",
        "(): :",
        "Some prose.",
    ]
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(LINES, st.text(max_size=30)), max_size=15), st.sampled_from(["\n", "\r\n", "\r"]))
def test_any_text_parses_or_raises_corpus_error(lines, newline):
    text = newline.join(lines)
    try:
        summaries = parse_text(text, "fuzz.txt")
    except CorpusError as error:
        assert str(error).startswith("fuzz.txt")
    else:
        assert summaries and all(s.text for s in summaries)


@settings(max_examples=200)
@given(st.text())
def test_arbitrary_text_parses_or_raises_corpus_error(text):
    try:
        parse_text(text, "fuzz.txt")
    except CorpusError:
        pass


@settings(max_examples=200)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_parse_or_raise_corpus_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("bytes") / "b.txt"
    path.write_bytes(data)
    try:
        parse_file(path)
    except CorpusError as error:
        assert error.file == "b.txt"
