"""One true view of the corpus (issue 11): canonical names on display and one view of a talk summarised twice.

Made-up exports in a temp dir go through the real ingest into a real SQLite file, and the answers
through the real handlers and Block Kit rendering; the bundled corpus is checked the same way.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console import dispatch, payloads
from handlers import commands
from handlers.blocks import render_digest, render_home
from handlers.digests import build_digest
from handlers.replies import AnswerReply, DigestThread, TalkHome, TalkListReply, TalkPointsReply
from store.db import Store
from store.ingest import ingest_sync

ALIASES = """
[aliases]
Pallas = ["Palace"]
VMEM = ["VMA"]
Jyotinder = ["Jotender"]
"""

# Two summaries of one talk: 0:05, ~2:10 and 9:00 in both (in other words), 5:30 only in the
# first, 7:45 only in the second. The title's subject ("Palace") and the speaker ("Jotender") are slips.
TWICE = """Zusammenfassung

Dieser Vortrag von Jotender Singh präsentiert Palace, ein Framework zum Schreiben schneller Kernel für TPUs. Er zeigt die Speicherhierarchie, Pipelining und Benchmarks.

Wichtigste Punkte & Zeitstempel

• 0:05 Einführung in Palace: Jotender Singh stellt das Palace-Framework für TPU-Kernel vor und erklärt die Agenda des Vortrags.
• 2:10 Speicherhierarchie: Die TPU besitzt HBM, VMA und SMEM; Daten werden per DMA zwischen HBM und VMA kopiert.
• 5:30 Pipelining: emit_pipeline überlappt Kopien und Rechnung in Palace-Kerneln.
• 9:00 Benchmarks: Ein Matmul-Kernel erreicht 90 % der Spitzenleistung.

Glossar

• Palace: Ein Framework für Low-Level-Kernel auf TPUs.
• VMA (Vector Memory): Schneller On-Chip-Speicher der TPU.

Abstract

Jotender Singh stellt in diesem Vortrag Palace vor, ein Framework für schnelle TPU-Kernel, mit Speicherhierarchie und Benchmarks.

Key points

• 0:05 Einführung und Agenda: Jotender Singh stellt das Palace-Framework für TPU-Kernel vor und gibt die Agenda des Vortrags.
• 2:12 Speicherhierarchie der TPU: HBM, VMA und SMEM; DMA kopiert Daten zwischen HBM und VMA.
• 7:45 Fragen aus dem Publikum: Fragen zu Sparse-Kernen und Megacore.
• 9:00 Benchmarks: Ein Matmul-Kernel erreicht 90 % der Spitzenleistung auf v5e.

Glossar

• VMA (Vector Memory): Der schnelle Vektorspeicher direkt auf dem Chip.
• SMEM (Scalar Memory): Speicher für Skalare und Kontrollfluss.
"""


def visible_text(payload: dict) -> str:
    """Everything a Slack user reads in a message: fallback text, headers, sections, contexts, button labels."""
    parts = [payload.get("text", "")]
    for block in payload.get("blocks", []):
        if "text" in block:
            parts.append(block["text"]["text"])
        for element in block.get("elements", []):
            text = element.get("text")
            parts.append(text if isinstance(text, str) else (text or {}).get("text", ""))
    return "\n".join(parts)


@pytest.fixture
async def twice(tmp_path: Path) -> AsyncIterator[Store]:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "export.txt").write_text(TWICE, encoding="utf-8")
    (corpus / "aliases.toml").write_text(ALIASES, encoding="utf-8")
    report = ingest_sync(tmp_path / "talkbot.db", [corpus])
    assert (report.summaries, report.talks) == (2, 1)
    store = await Store.open(tmp_path / "talkbot.db", corpus)
    yield store
    await store.close()


# -- 1. canonical names on display -----------------------------------------------------------


async def test_a_slip_in_the_title_and_the_speaker_is_shown_under_the_canonical_name(twice: Store) -> None:
    [talk] = await twice.list_talks()
    assert talk.title.startswith("Pallas: ") and talk.talk_id.startswith("pallas-")
    assert talk.speakers == ("Jyotinder Singh",)
    full = await twice.get_talk(talk.talk_id)
    assert [(s.written, s.canonical) for s in full.slips] == [
        ("Jotender", "Jyotinder"), ("Palace", "Pallas"), ("VMA", "VMEM")]
    shown = " ".join([full.summaries[0].text, *(f"{p.title} {p.text}" for p in full.key_points),
                      *(f"{e.head} {e.definition}" for e in full.glossary)])
    assert not re.search(r"Palace|Jotender|VMA", shown)
    assert "Pallas-Framework" in shown and "VMEM (Vector Memory)" in shown


async def test_search_matches_both_spellings(twice: Store) -> None:
    for query in ("palace", "pallas", "jotender", "jyotinder"):
        hits = await twice.find_talks(query)
        assert hits and hits[0].title.startswith("Pallas: "), query
    for query in ("VMA", "VMEM"):
        result = await twice.define(query)
        assert result.hits[0].term == "VMEM", query


async def test_the_card_notes_each_transcription_once(twice: Store) -> None:
    reply = await commands.talk(twice, "pallas")
    assert isinstance(reply, TalkListReply)
    [payload] = payloads(reply)
    text = visible_text(payload)
    assert text.count("transcribed as “Palace”") == 1 and text.count("transcribed as “Jotender”") == 1
    assert not re.search(r"Palace|Jotender|VMA", re.sub(r"transcribed as “[^”]*”", "", text))


# -- 2. one view of a talk summarised twice ---------------------------------------------------


async def test_two_summaries_give_one_ordered_union_of_key_points(twice: Store) -> None:
    [hit] = await twice.list_talks()
    talk = await twice.get_talk(hit.talk_id)
    assert len(talk.summaries) == 2
    assert [p.seconds for p in talk.key_points] == sorted(p.seconds for p in talk.key_points)
    stamps = [p.label for p in talk.key_points]
    assert stamps[0] == "0:05" and stamps[1] in {"2:10", "2:12"} and stamps[2:] == ["5:30", "7:45", "9:00"]
    # the moment both describe keeps the more detailed wording
    assert talk.key_points[-1].text.endswith("auf v5e.")
    # glossary: a term both define once, a term only the second defines is there
    heads = [e.head for e in talk.glossary]
    assert heads == ["Pallas", "VMEM (Vector Memory)", "SMEM (Scalar Memory)"]


async def test_every_view_uses_the_merged_points(twice: Store) -> None:
    [hit] = await twice.list_talks()
    reply = await commands.talk(twice, "pallas")
    card = visible_text(payloads(reply)[0])
    assert "5 key points" in card and "Merged from 2 summaries" in card
    more = await commands.more_points(twice, hit.talk_id, 3)
    assert isinstance(more, TalkPointsReply)
    more_text = visible_text(payloads(more)[0])
    assert "Fragen aus dem Publikum" in more_text and "Key points 4–5 of 5" in more_text
    digest = await dispatch(twice, f"/digest {hit.talk_id}")
    assert isinstance(digest, DigestThread)
    thread = "\n".join(visible_text(m) for m in render_digest(digest))
    for title in ("Pipelining", "Fragen aus dem Publikum", "Benchmarks", "SMEM (Scalar Memory)"):
        assert thread.count(f"*{title}*") == 1, title
    assert thread.count("*Speicherhierarchie") == 1  # the key point both summaries have, once


async def test_a_mention_answers_a_moment_once(twice: Store) -> None:
    reply = await dispatch(twice, "speicherhierarchie HBM DMA")
    assert isinstance(reply, AnswerReply) and reply.lead is not None
    assert len([p for p in [reply.lead, *reply.points] if "Speicherhierarchie" in p.title]) == 1


async def test_the_xla_crash_course_shows_both_summaries_points(store: Store) -> None:
    talk = await store.get_talk("xla-crashkurs")
    assert talk is not None and len(talk.summaries) == 2
    labels = [p.label for p in talk.key_points]
    # the Q&A only the second summary has, and the first summary's own moments
    assert {"24:00", "25:50", "27:00", "8:42", "13:50"} <= set(labels)
    assert [p.seconds for p in talk.key_points] == sorted(p.seconds for p in talk.key_points)
    assert len([p for p in talk.key_points if p.seconds in (5, 395)]) == 2  # one intro at 0:05, one CHLO at 6:35
    thread = "\n".join(visible_text(m) for m in render_digest(build_digest(talk)))
    assert "Q&amp;A – Custom Ops &amp; Fusion" in thread and thread.count("CHLO (Client HLO)*") == 1


async def test_mention_about_chlo_answers_it_once(store: Store) -> None:
    reply = await dispatch(store, "client hlo chlo operations")
    assert isinstance(reply, AnswerReply) and reply.lead is not None
    chlo = [p for p in [reply.lead, *reply.points] if p.talk_id == "xla-crashkurs" and p.seconds == 395]
    assert len(chlo) == 1


# -- the bundled corpus as a user sees it ------------------------------------------------------

SLIPS = ("Palace", "Palas", "VMA", "Tinix", "Tunx", "Opex", "Jotender", "Shyok", "Jaxator", "DLPAC", "QTip",
         "palace_call", "Matmatmul")


async def broad_questions(store: Store) -> list[str]:
    talks = await store.list_talks()
    terms = await store.all_terms()
    questions = [f"/define {term}" for term in terms]
    questions += [f"/talk {talk.title}" for talk in talks] + [f"/digest {talk.talk_id}" for talk in talks]
    questions += ["/talk", "/talk pallas", "/talk palace", "/talk tinix", "/define vma", "/define palace",
                  "/define tinix", "/define XLA HLO PJRT", "/define fusion", "who presented kinetic",
                  "what is PJRT?", "memory hierarchy of the TPU", "vector memory", "rl architecture on tpus",
                  "off-policy", "what is jaxator", "sparse core mesh", "legacy api", "optax", "qutip"]
    return questions


async def test_no_slip_is_shown_outside_a_transcribed_as_note(store: Store) -> None:
    questions = await broad_questions(store)
    assert len(questions) > 200
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(s) for s in SLIPS) + r")(?!\w)")
    offenders = []
    for question in questions:
        for payload in payloads(await dispatch(store, question)):
            text = re.sub(r"transcribed as “[^”]*”", "", visible_text(payload))
            offenders += [(question, m.group()) for m in pattern.finditer(text)]
    home = render_home(TalkHome(await store.list_talks()))
    offenders += [("app home", m.group()) for m in pattern.finditer(visible_text(home))]
    assert offenders == []


# -- 6. "matched" notes ------------------------------------------------------------------------


async def test_matched_notes_leave_out_function_words(store: Store) -> None:
    for question, left_out in (("communication between chips", "zwischen ← between"),
                               ("what is the default api", "standardmäßig ← default"),
                               ("pipelining by default", "standardmäßig ← default")):
        points = await store.find_points(question)
        assert points, question
        notes = [note for p in points for note in p.matched]
        assert left_out not in notes, question
    points = await store.find_points("communication between chips")
    assert "Kommunikation ← communication" in points[0].matched  # a German noun the hit shows is kept


async def test_an_alias_note_only_where_the_alias_made_the_hit(store: Store) -> None:
    noted = 0
    for question in ("tinix post training", "tinix", "tinix rollout sandbox", "tinix kernels"):
        for hit in await store.find_talks(question):
            if "tinix → Tunix" in hit.matched:
                noted += 1
                talk = await store.get_talk(hit.talk_id)
                shown = " ".join([talk.title, *(s.text for s in talk.summaries),
                                  *(f"{p.title} {p.text}" for p in talk.key_points),
                                  *(f"{e.head} {e.definition}" for e in talk.glossary)])
                assert "Tunix" in shown, (question, hit.title)
    assert noted >= 2
    by_id = {hit.talk_id: hit for hit in await store.find_talks("tinix post training")}
    assert "tinix → Tunix" in by_id["tunix-post-training-von-llms"].matched  # found only through the alias
    # the RL talk's key points write "Tinix": found by the user's own word, no note
    points = await store.find_points("tinix agents rollout")
    assert points and all("tinix → Tunix" not in p.matched for p in points)


async def test_a_typo_fix_is_noted_under_the_canonical_name(store: Store) -> None:
    [hit, *_] = await store.find_talks("jaxtor")
    assert hit.matched == ("JAX-AITER ← jaxtor",)


# -- 7. readable stamps ------------------------------------------------------------------------

BACKWARDS = """Zusammenfassung

Ein Vortrag über Baumschrauben und Hängebrücken im Wald, gezeigt an einem Baumhaus.

Wichtigste Punkte & Zeitstempel

• 0:05 Start: Begrüßung.
• 0:9:54 Baumschrauben: Einbohren der Schrauben.
• 0:7:10 Hängebrücke: Seile werden gespannt.
• 1:02:03 Abschluss: Das Baumhaus ist fertig.

Zusammenfassung

Ein Vortrag über Kernel und Speicher, dessen Zeitstempel nach der Einleitung neu beginnen.

Wichtigste Punkte & Zeitstempel

• 0:04 Einleitung: Worum es geht.
• 0:21 Speicher: HBM und VMEM.
• 0:51 Alte API: pallas_call.
• 0:10 Neue API: pl.kernel.
• 0:12 Referenzen: Mutable Refs.
• 0:15 Pipelines: emit_pipeline.
"""


async def test_backward_stamps_warn_and_are_shown_in_order_when_clearly_right(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "stamps.txt").write_text(BACKWARDS, encoding="utf-8")
    report = ingest_sync(tmp_path / "talkbot.db", [corpus])
    assert report.warnings == [
        "stamps.txt:9: key point 0:7:10 is stamped before the one above it (0:9:54); timestamps go backwards,"
        " shown in stamp order",
        "stamps.txt:21: key point 0:10 is stamped before the one above it (0:51); timestamps go backwards,"
        " shown in the order written",
    ]
    async with await Store.open(tmp_path / "talkbot.db", corpus) as store:
        trees, kernels = [await store.get_talk(t.talk_id) for t in await store.list_talks()]
        assert [p.stamp for p in trees.key_points] == ["0:05", "7:10", "9:54", "1:02:03"]  # one out of place
        assert [p.stamp for p in kernels.key_points] == ["0:04", "0:21", "0:51", "0:10", "0:12", "0:15"]
        card = visible_text(payloads(await commands.open_talk(store, trees.talk_id))[0])
        assert "`7:10`" in card and "0:7:10" not in card


async def test_the_kinetic_card_shows_readable_stamps(store: Store) -> None:
    [hit, *_] = await store.find_talks("kinetic")
    more = await commands.more_points(store, hit.talk_id, 3)
    text = visible_text(payloads(more)[0])
    assert "`2:27`" in text and "`9:54`" in text and "0:9:54" not in text and "0:2:27" not in text


# -- 3. several senses ---------------------------------------------------------------------------

SENSES = """Zusammenfassung

Ein Vortrag über Compiler, die Rechenschritte zusammenlegen, und über Speicherzugriffe auf Beschleunigern.

Wichtigste Punkte & Zeitstempel

• 0:10 Compiler: Mehrere Operationen werden zusammengelegt.

Glossar

• Fusion (Kernel Fusion): Mehrere Operationen laufen in einem einzigen Kernel, ohne Zwischenergebnisse im Speicher.
• BF-16 (Bfloat16): Ein 16-Bit-Gleitkommaformat mit dem Wertebereich von FP32.

Zusammenfassung

Eine Dokumentation über Sterne und die Energie, die in ihrem Inneren aus leichten Atomkernen entsteht.

Wichtigste Punkte & Zeitstempel

• 0:20 Sonne: Wasserstoff wird zu Helium.

Glossar

• Fusion (Nuclear Fusion): Verschmelzung leichter Atomkerne zu schwereren, wobei Energie frei wird.
• Fusion: Der Prozess, der Sterne leuchten lässt.
• BF16: Ein Zahlenformat für neuronale Netze.

Zusammenfassung

Ein Bericht über Firmen im Mittelstand, die sich zusammenschließen, und was das für Belegschaften heißt.

Wichtigste Punkte & Zeitstempel

• 0:30 Übernahme: Zwei Firmen werden eine.

Glossar

• Fusion (Company Merger): Zusammenschluss zweier Unternehmen zu einem.
• Bfloat16: Ein anderes Wort für das Format BF16, das hier nur als Beispiel vorkommt.
"""


@pytest.fixture
async def senses(tmp_path: Path) -> AsyncIterator[Store]:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "senses.txt").write_text(SENSES, encoding="utf-8")
    (corpus / "aliases.toml").write_text('[aliases]\nBF16 = ["BF-16"]\n', encoding="utf-8")
    report = ingest_sync(tmp_path / "talkbot.db", [corpus])
    assert report.talks == 3
    store = await Store.open(tmp_path / "talkbot.db", corpus)
    yield store
    await store.close()


async def test_a_term_with_three_senses_shows_each_with_its_talks(senses: Store) -> None:
    [hit] = (await senses.define("fusion")).hits
    assert [(s.name, s.expansions) for s in hit.senses] == [
        ("Fusion", ("Kernel Fusion",)), ("Fusion", ("Nuclear Fusion",)), ("Fusion", ("Company Merger",))]
    talks = [await senses.get_talk(t.talk_id) for t in await senses.list_talks()]
    compiler, stars, firms = (t.talk_id for t in talks)
    # the star talk defines it twice, once without a long form: both in the sense that talk uses
    assert [s.talk_ids for s in hit.senses] == [(compiler,), (stars,), (firms,)]
    assert len(hit.senses[1].definitions) == 2
    reply = await commands.define(senses, "fusion")
    card = visible_text(payloads(reply)[0])
    assert "*Fusion* · 3 senses" in card
    for line in ("*1. Fusion* (Kernel Fusion)", "*2. Fusion* (Nuclear Fusion)", "*3. Fusion* (Company Merger)"):
        assert line in card
    everything = visible_text(payloads(await commands.define(senses, "fusion", expanded=True))[0])
    assert "Der Prozess, der Sterne leuchten lässt." in everything  # All definitions: every sense, every line


async def test_spellings_of_one_term_are_one_term(senses: Store) -> None:
    for query in ("BF16", "BF-16", "bf 16", "Bfloat16"):
        [hit] = (await senses.define(query)).hits
        assert hit.term == "BF16" and len(hit.senses) == 1, query
        assert len({d.talk_id for d in hit.definitions}) == 3, query


async def test_fusion_in_the_bundled_corpus_has_two_senses(store: Store) -> None:
    [hit] = (await store.define("fusion")).hits
    names = [sense.name for sense in hit.senses]
    assert names == ["Instruktions-Fusion", "Kernel Fusion"]
    # the crash course's two summaries call it "Instruktions-Fusion (Fusion)" and "Instruction Fusion (…)": one sense
    assert len(hit.senses[0].definitions) == 2 and hit.senses[0].talk_ids == ("xla-crashkurs",)
    assert set(hit.senses[1].talk_ids) == {"sharding-und-die-platzierung-von-dit-modellen",
                                          "vllm-und-sglang-skalierung-grosser-sprachmodelle"}


async def test_pjrt_shows_both_long_forms(store: Store) -> None:
    reply = await commands.define(store, "PJRT")
    card = visible_text(payloads(reply)[0])
    assert "Portable JAX/XLA Runtime" in card and "Plugin Joint RunTime" in card


async def test_a_word_that_is_a_term_keeps_its_own_entries(store: Store) -> None:
    [hit, *_] = (await store.define("XLA")).hits
    assert len(hit.senses) == 1 and {d.term for d in hit.definitions} == {"XLA"}  # not PyTorch XLA


# -- 4. discussion highlights --------------------------------------------------------------------


async def test_discussion_highlights_are_searchable_and_shown_as_such(store: Store) -> None:
    reply = await dispatch(store, "Off-Policy-Management")
    assert isinstance(reply, AnswerReply) and reply.lead is not None
    first = reply.lead
    assert (first.kind, first.title, first.talk_id) == ("highlight", "Off-Policy-Management",
                                                        "tunix-rl-architektur-auf-tpus")
    assert first.stamp == "" and first.source.line == 314
    text = visible_text(payloads(reply)[0])
    assert "In the discussion of _Tunix: RL-Architektur auf TPUs_: *Off-Policy-Management*" in text
    assert "`0:00`" not in text
    talks = await store.find_talks("Off-Policy")
    assert talks[0].talk_id == "tunix-rl-architektur-auf-tpus"  # not the vlog's offroad contest


async def test_every_view_of_a_talk_shows_its_highlights(store: Store) -> None:
    talk = await store.get_talk("tunix-rl-architektur-auf-tpus")
    assert [h.title for h in talk.highlights] == ["Off-Policy-Management", "Rollout-zu-Trainer-Verhältnis",
                                                  "Sandbox-Lebenszyklus", "Kollokation vs. Disaggregation"]
    card = visible_text(payloads(await commands.open_talk(store, talk.talk_id))[0])
    assert "4 discussion highlights" in card
    last = visible_text(payloads(await commands.more_points(store, talk.talk_id, 10))[0])
    assert "*Discussion highlights*" in last and "*Sandbox-Lebenszyklus*" in last
    thread = [visible_text(m) for m in render_digest(build_digest(talk))]
    [highlights] = [m for m in thread if "*Discussion highlights*" in m]
    assert all(f"*{h.title}*" in highlights for h in talk.highlights)


# -- 5. identifiers --------------------------------------------------------------------------------

IDENTIFIERS = {
    # identifier: (talk id, stamp of the key point that names it)
    "all_to_all": ("vllm-und-sglang-skalierung-grosser-sprachmodelle", "10:00"),
    "max_evol": ("max-evol-agentenbasiertes-system-fuer-autonomes-maschinelles", "13:11"),
    "pl.kernel": ("pallas-schreiben-von-low-level-kernels-fuer-google-tpus", "0:10"),
    "v6e-8": ("qwen-image-implementierung-eines-tpu-optimierten-ports", "13:20"),
    "Qwen3-Coder-480B": ("vllm-und-sglang-skalierung-grosser-sprachmodelle", "5:14"),
}


def spellings(identifier: str) -> list[str]:
    """As written, split at its separators, and joined up: "all_to_all", "all to all", "alltoall"."""
    parts = re.split(r"[._-]", identifier)
    return [identifier, " ".join(parts), "".join(parts), identifier.lower()]


@pytest.mark.parametrize("identifier", list(IDENTIFIERS))
async def test_identifiers_are_found_joined_split_and_as_written(store: Store, identifier: str) -> None:
    talk_id, stamp = IDENTIFIERS[identifier]
    for typed in spellings(identifier):
        points = await store.find_points(typed, limit=3)
        assert (talk_id, stamp) in [(p.talk_id, p.stamp) for p in points], typed
        talks = await store.find_talks(typed, limit=3)
        assert talks and talks[0].talk_id == talk_id, typed


async def test_a_question_around_an_identifier_finds_it(store: Store) -> None:
    for question in ("what is all to all", "tell me about all to all", "when do they replace all_to_all"):
        points = await store.find_points(question)
        assert points and points[0].talk_id == "vllm-und-sglang-skalierung-grosser-sprachmodelle", question
        assert "all_to_all" in points[0].text, question
