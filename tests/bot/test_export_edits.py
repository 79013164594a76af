"""``talkbot export-edits``: the team's edits as corpus data files, and their round trip: a fresh database from
the corpus plus the export answers /define, /talk and mentions as the edited one did (served app, fake Web API)."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

from handlers.blocks import STAMP_BLOCK, TEXT_BLOCK
from store.edits_file import EDITS_FILE
from store.ingest import ingest_sync
from tests.bot.test_corrections import HLO_AT, card, menus, open_form, typed
from tests.bot.test_permissions import EDITOR, MEMBER, served
from tests.bot.test_team_edits import MAX_EVOL, MAX_EVOLVE, XLA, YOUTUBE, answer, define, submit, talkbot
from tests.conftest import CORPUS, RunningBot
from tests.conftest import talkbot as talkbot_cli
from tests.fakes.slack_api import FakeSlackAPI
from tests.fakes.slack_requests import app_mention, new_event_id, new_ts

COMMANDS = (("/define", "Zorblax"), ("/define", "XLA"), ("/define", "Beschleuniger-Compiler"), ("/define", "Kasadi"),
            ("/define", "Quux"), ("/talk", "max_evol"), ("/talk", "MaxEvolve"), ("/talk", "XLA Crashkurs"),
            ("/talk", "Pallas"), ("/talk", ""))
MENTIONS = ("what is Zorblax?", "what is XLA?", "was ist Beschleuniger-Compiler?", "when was HLO discussed?",
            "which talk should I watch to learn MaxEvolve?", "who presented max_evol?", "when was Kasadi discussed?")


async def answers(bot: RunningBot) -> dict[str, dict]:
    """What a member gets for each command and mention, as Slack gets it (a mention's text and blocks), less the
    feedback buttons (each answer's are its own random reference)."""
    found: dict[str, dict] = {}
    for name, text in COMMANDS:
        found[f"{name} {text}"] = await answer(bot, name, text, MEMBER)
    for text in MENTIONS:
        before = len(bot.fake.calls_to("chat.postMessage"))
        await bot.send(app_mention(text, ts=new_ts(), channel="CMENTION", event_id=new_event_id()))
        posted = (await bot.fake.wait_for("chat.postMessage", count=before + 1))[before].params
        found[text] = {"text": posted.get("text"), "blocks": posted.get("blocks")}
    for reply in found.values():
        reply["blocks"] = [block for block in reply.get("blocks") or [] if block.get("block_id") != "feedback"]
    return found


async def test_a_fresh_database_from_the_corpus_and_the_export_answers_the_same(
        clean_slack_env, fake_slack: FakeSlackAPI, db_path: Path, tmp_path: Path) -> None:
    async with served(fake_slack, db_path, editors=(EDITOR,)) as bot:
        for text in (f"video {XLA} {YOUTUBE}", f"video {MAX_EVOL} https://vimeo.com/42", "alias max_evol = MaxEvolve",
                     "alias Kasadi = CasADi", "alias Pallaz = Pallas", "alias Quux = Corge", "undo 6"):
            assert (await talkbot(bot, text)).startswith("Edit "), text
        for text in ("Zorblax = a made-up term, with \"quotes\" and a \\ backslash", "XLA = Our notes on XLA",
                     "Beschleuniger-Compiler = see XLA", "Quux = to be forgotten", "forget Quux"):
            assert (await define(bot, text))["text"].startswith("Edit "), text
        points = menus(await card(bot, EDITOR))
        assert (await submit(bot, await open_form(bot, points[HLO_AT]["stamp"]), typed(STAMP_BLOCK, "1:10"),
                             EDITOR))["response_action"] == "update"
        assert (await submit(bot, await open_form(bot, points[5]["fix"]), typed(TEXT_BLOCK, "Korrigiert: \"XLA\""),
                             EDITOR))["response_action"] == "update"
        edited = await answers(bot)
    # The edits show in the answers (so the comparison below compares something).
    shown = {question: json.dumps(reply, ensure_ascii=False) for question, reply in edited.items()}
    assert "Our notes on XLA" in shown["/define XLA"] and "MaxEvolve: Agentenbasiertes" in shown["/talk max_evol"]
    assert "<https://vimeo.com/42|" in shown["/talk max_evol"] and "_Kasadi → CasADi_" in shown["/define Kasadi"]
    assert "a made-up term" in shown["what is Zorblax?"]
    assert "Our notes on XLA" in shown["was ist Beschleuniger-Compiler?"]
    assert f"<{YOUTUBE}&t=70|1:10> *Entstehung von HLO*" in shown["/talk XLA Crashkurs"]
    assert "Korrigiert: \\\"XLA\\\"" in shown["/talk XLA Crashkurs"]
    assert "t=70|1:10>" in shown["when was HLO discussed?"]

    out = tmp_path / "export"
    result = talkbot_cli(["export-edits", str(out)], tmp_path, TALKBOT_DB=str(db_path), TALKBOT_CORPUS=str(CORPUS))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (f"wrote aliases.toml, talks.toml, {EDITS_FILE} to {out}: 3 team aliases, "
                                     "2 video links, 3 team definitions, 2 key-point corrections")
    aliases = tomllib.loads((out / "aliases.toml").read_text())["aliases"]
    assert aliases["Pallas"] == ["Palace", "Palas", "Pallaz"] and aliases["CasADi"] == ["Kasadi"]
    assert "Corge" not in aliases  # undone
    talks_file = (out / "talks.toml").read_text()
    assert talks_file.startswith((CORPUS / "talks.toml").read_text().splitlines()[0])  # edited in place, comments kept
    talks = tomllib.loads(talks_file)["talks"]
    assert talks[MAX_EVOL] == {"tags": ["agents", "kernels", "llm"], "video_url": "https://vimeo.com/42"}
    assert talks[XLA]["video_url"] == YOUTUBE
    definitions = tomllib.loads((out / EDITS_FILE).read_text())["definitions"]
    assert [d["term"] for d in definitions] == ["Zorblax", "XLA", "Beschleuniger-Compiler"]
    assert definitions[0]["text"] == "a made-up term, with \"quotes\" and a \\ backslash"
    assert definitions[2]["see"] == "XLA" and definitions[2]["added_by"] == EDITOR
    corrections = tomllib.loads((out / EDITS_FILE).read_text())["corrections"]
    assert [{k: v for k, v in c.items() if k != "corrected_at"} for c in corrections] == [
        {"talk": XLA, "at": 5, "text": "Korrigiert: \"XLA\"", "corrected_by": EDITOR},
        {"talk": XLA, "at": HLO_AT, "seconds": 70, "corrected_by": EDITOR}]

    fresh_corpus = tmp_path / "fresh-corpus"
    shutil.copytree(CORPUS, fresh_corpus)
    for path in out.iterdir():
        shutil.copyfile(path, fresh_corpus / path.name)
    fresh_db = tmp_path / "fresh" / "talkbot.db"
    report = ingest_sync(fresh_db, [fresh_corpus])
    assert report.warnings == ingest_sync(tmp_path / "plain.db", [CORPUS]).warnings  # nothing new to warn about
    async with served(fake_slack, fresh_db, fresh_corpus, editors=(EDITOR,)) as bot:
        assert await bot.services.store.edit_history() == []  # the answers come from the files alone
        assert (await bot.services.store.get_talk(MAX_EVOLVE)) is not None
        fresh = await answers(bot)
        # A definition from the file is the team's like any other: forgotten from Slack, brought back by undo.
        assert (await define(bot, "forget Zorblax"))["text"].startswith("Edit 1: forgot the team definition")
        assert "a made-up term" not in json.dumps(await answer(bot, "/define", "Zorblax", MEMBER))
        assert await talkbot(bot, "undo 1") == "Edit 2: undid edit 1."
        assert "a made-up term" in json.dumps(await answer(bot, "/define", "Zorblax", MEMBER))
        # A correction from the file is the one a new correction of that point builds on.
        view = await open_form(bot, menus(await card(bot, EDITOR))[HLO_AT]["stamp"])
        refused = await submit(bot, view, typed(STAMP_BLOCK, "1:10"), EDITOR)
        assert "already at 1:10" in refused["errors"][STAMP_BLOCK]
    for question in edited:
        assert fresh[question] == edited[question], question

    # Exported again from the fresh database: the same files (the export is a fixed point).
    again = tmp_path / "again"
    assert talkbot_cli(["export-edits", str(again)], tmp_path, TALKBOT_DB=str(fresh_db),
                       TALKBOT_CORPUS=str(fresh_corpus)).returncode == 0
    for name in ("aliases.toml", "talks.toml", EDITS_FILE):
        assert tomllib.loads((again / name).read_text()) == tomllib.loads((out / name).read_text()), name


def test_a_malformed_team_edits_file_stops_ingest_and_changes_nothing(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    db = tmp_path / "talkbot.db"
    ingest_sync(db, [corpus])
    for text, said in (
        ("[[definitions]\nterm = 1", "invalid TOML"),
        ("[[definitions]]\nterm = \"XLA\"", "definition 1: 'XLA' needs either 'text' or 'see'"),
        ("[[definitions]]\nterm = \"?!\"\ntext = \"x\"", "definition 1: 'term' must be a term of letters or digits"),
        ("[[definitions]]\nterm = \"XLA\"\nsee = \"xla\"", "definition 1: 'XLA': 'see' must name another term"),
        ("[[definitions]]\nterm = \"XLA\"\ntext = \"" + "x" * 1001 + "\"", "up to 1000 characters"),
        ("definitions = \"XLA\"", "'definitions' must be an array of tables"),
    ):
        (corpus / EDITS_FILE).write_text(text)
        result = talkbot_cli(["ingest"], tmp_path, TALKBOT_DB=str(db), TALKBOT_CORPUS=str(corpus))
        assert result.returncode == 2 and result.stderr.startswith(f"error: {EDITS_FILE}") and said in result.stderr, (
            text, result.stderr)
    for text, said in (
        ("[[corrections]]\ntalk = \"xla-crashkurs\"", "correction 1: 'at' and 'seconds' must be stamps in seconds"),
        ("[[corrections]]\ntalk = \"x\"\nat = 5\nhidden = \"yes\"", "correction 1: 'hidden' must be true or false"),
        ("[[corrections]]\ntalk = \"x\"\nat = 5\ntext = \"\"", "correction 1: 'text' must be a non-empty string"),
    ):
        (corpus / EDITS_FILE).write_text(text)
        result = talkbot_cli(["ingest"], tmp_path, TALKBOT_DB=str(db), TALKBOT_CORPUS=str(corpus))
        assert result.returncode == 2 and said in result.stderr, (text, result.stderr)
    (corpus / EDITS_FILE).write_text("[[suggestions]]\nterm = \"x\"\n\n[[corrections]]\ntalk = \"gone\"\nat = 5\n"
                                     "hidden = true\n")
    result = talkbot_cli(["ingest"], tmp_path, TALKBOT_DB=str(db), TALKBOT_CORPUS=str(corpus))
    assert result.returncode == 0, result.stderr
    assert f"warning: {EDITS_FILE}: 'suggestions' is not read by this talkbot; ignored" in result.stdout
    assert (f"warning: {EDITS_FILE}: the correction of the key point at 0:05 of talk 'gone' has no key point there "
            "(kept, not shown)") in result.stdout


def test_export_edits_into_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("")
    result = talkbot_cli(["export-edits", str(tmp_path / "taken")], tmp_path, TALKBOT_CORPUS=str(CORPUS))
    assert result.returncode == 2 and result.stderr.startswith("error: FileExistsError")
