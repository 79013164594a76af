"""The export's file editing: corpus files edited in place where plain, written anew where not, always what
parsing them should give."""

from __future__ import annotations

import tomllib

from store.export import aliases_text, talks_text

ALIASES = """# slips
[aliases]
Pallas = ["Palace"]  # the TPU kernel language
"pallas.sparse_core" = ["palace.sparse_core"]
"""


def test_aliases_are_added_in_place_keeping_comments() -> None:
    text = aliases_text(ALIASES, [("Palas", "Pallas"), ("Kasadi", "CasADi"), ("a.b", 'A "quoted" \\ name')])
    assert text.startswith("# slips\n[aliases]\nPallas = [\"Palace\", \"Palas\"]\n")
    assert tomllib.loads(text)["aliases"] == {
        "Pallas": ["Palace", "Palas"], "pallas.sparse_core": ["palace.sparse_core"], "CasADi": ["Kasadi"],
        'A "quoted" \\ name': ["a.b"]}
    assert aliases_text(ALIASES, []) == ALIASES and aliases_text(ALIASES, [("palace", "Pallas")]) != ALIASES


def test_aliases_are_written_anew_when_the_file_is_not_plain() -> None:
    multiline = "[aliases]\nPallas = [\n  \"Palace\",\n]\n[other]\nx = 1\n"
    text = aliases_text(multiline, [("Palas", "Pallas"), ("Kasadi", "CasADi")])
    assert tomllib.loads(text)["aliases"] == {"Pallas": ["Palace", "Palas"], "CasADi": ["Kasadi"]}
    assert tomllib.loads(aliases_text(None, [("Kasadi", "CasADi")]))["aliases"] == {"CasADi": ["Kasadi"]}


def test_video_links_go_into_the_talks_table_or_a_new_one() -> None:
    talks = "# settings\n[talks.\"a\"]\ntags = [\"x\"]\n\n[talks.b]\nvideo_url = \"https://old\"\n"
    text = talks_text(talks, [("a", None, "https://a"), ("b2", "b", "https://b"), ("c", None, "https://c")])
    assert text.startswith("# settings\n[talks.\"a\"]\nvideo_url = \"https://a\"\ntags")
    assert tomllib.loads(text)["talks"] == {"a": {"tags": ["x"], "video_url": "https://a"},
                                            "b": {"video_url": "https://b"}, "c": {"video_url": "https://c"}}
    assert talks_text(talks, [("b", None, "https://old")]) == talks
