"""The talkbot command as a user runs it: a real process, the bundled corpus, a temporary database."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

import pytest

from store.schema import SCHEMA_VERSION
from tests.conftest import CORPUS, ROOT, talkbot

EVAL_QUESTIONS = ROOT / "bench" / "eval_questions.toml"


def test_ingest_prints_what_it_found(tmp_path: Path) -> None:
    result = talkbot(["ingest"], tmp_path)
    assert result.returncode == 0, result.stderr
    for line in ("summaries: 21", "talks: 19", "key points: 216", "glossary lines: 234"):
        assert line in result.stdout
    again = talkbot(["ingest"], tmp_path)
    assert "unchanged" in again.stdout
    stats = talkbot(["stats"], tmp_path)
    assert "talks: 19" in stats.stdout


@pytest.mark.parametrize("command", [["ingest"], ["stats"], ["ask", "/define XLA"], ["digest", "--list"]])
def test_a_malformed_setting_stops_every_command_that_reads_it(tmp_path: Path, command: list[str]) -> None:
    result = talkbot(command, tmp_path, TALKBOT_LOG_LEVEL="verbose")
    assert result.returncode == 2
    assert result.stderr.startswith("error: TALKBOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got 'VERBOSE'")
    assert not (tmp_path / "db").exists()  # stopped before touching anything


def test_a_malformed_setting_a_command_does_not_read_does_not_stop_it(tmp_path: Path) -> None:
    result = talkbot(["ingest"], tmp_path, TALKBOT_PORT="http")
    assert result.returncode == 0, result.stderr


def test_ingest_prints_every_warning_including_the_overrides_for_unknown_talks(tmp_path: Path) -> None:
    import shutil

    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    with (corpus / "talks.toml").open("a", encoding="utf-8") as overrides:
        overrides.write('\n[talks."no-such-talk"]\ntags = ["x"]\n')
    result = talkbot(["ingest", str(corpus)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "warning: talks.toml: no talk with id 'no-such-talk'; override ignored" in result.stdout.splitlines()


def test_ingest_of_a_bad_file_is_one_line_naming_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.txt"
    bad.write_bytes(b"\x00\x01binary")
    result = talkbot(["ingest", str(bad)], tmp_path)
    assert result.returncode != 0
    assert "broken.txt" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_ask_talk_pallas_shows_the_pallas_talk_first(tmp_path: Path) -> None:
    result = talkbot(["ask", "/talk pallas"], tmp_path)
    assert result.returncode == 0, result.stderr
    first_title = next(line for line in result.stdout.splitlines() if line.startswith("== "))
    assert first_title.startswith("== Pallas: ")  # the export writes "Palace"; shown under its real name


def test_ask_json_has_message_and_hits_with_sources(tmp_path: Path) -> None:
    result = talkbot(["ask", "--json", "/define XLA"], tmp_path)
    body = json.loads(result.stdout)
    assert body["message"]["blocks"] and body["message"]["text"]
    hit = body["hits"][0]
    assert hit["kind"] == "term" and hit["term"] == "XLA" and hit["expansion"] == "Accelerated Linear Algebra"
    assert hit["source"]["file"].endswith(".txt") and hit["source"]["line"] > 0
    line = (CORPUS / hit["source"]["file"]).read_text(encoding="utf-8").splitlines()[hit["source"]["line"] - 1]
    assert "XLA" in line


def test_ask_json_stdin_answers_100_questions_in_one_process(tmp_path: Path) -> None:
    import tomllib

    questions = [q["text"] for q in tomllib.loads(EVAL_QUESTIONS.read_text())["question"]][:100]
    assert len(questions) == 100
    result = talkbot(["ask", "--json", "-"], tmp_path, stdin="\n".join(questions) + "\n")
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 100
    assert sum(1 for a in answers if a["hits"]) >= 90
    point = next(a for a in answers if any(h["kind"] == "point" for h in a["hits"]))
    assert any("ts" in h for h in point["hits"] if h["kind"] == "point")


@pytest.mark.parametrize(
    ("args", "missing"),
    [(["serve"], "SLACK_BOT_TOKEN"), (["serve", "--http"], "SLACK_SIGNING_SECRET")],
)
def test_serve_without_settings_names_what_to_set(tmp_path: Path, args: list[str], missing: str) -> None:
    result = talkbot(args, tmp_path)
    assert result.returncode != 0
    assert missing in result.stderr and "README" in result.stderr and "Traceback" not in result.stderr


def test_malformed_token_is_named_and_not_echoed(tmp_path: Path) -> None:
    result = talkbot(["serve"], tmp_path, SLACK_BOT_TOKEN="not-a-token-secret123", SLACK_APP_TOKEN="xapp-1-x")
    assert result.returncode != 0
    assert "SLACK_BOT_TOKEN" in result.stderr and "secret123" not in result.stderr


def test_start_without_slack_answers_in_the_terminal(tmp_path: Path) -> None:
    result = talkbot(["start"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Slack is not configured" in result.stdout and ".env" in result.stdout
    assert "Accelerated Linear Algebra" in result.stdout


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["ingest"], {}),
        (["stats"], {}),
        (["ask", "/define XLA"], {}),
        (["backup", "copy.db"], {}),
        (["serve", "--http", "--port", "0"], {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_SIGNING_SECRET": "s"}),
        (["serve"], {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xapp-1"}),
    ],
)
def test_a_database_from_a_newer_talkbot_is_one_line_naming_both_versions(
    tmp_path: Path, args: list[str], env: dict[str, str]
) -> None:
    assert talkbot(["ingest"], tmp_path).returncode == 0
    db = tmp_path / "db" / "talkbot.db"
    newer = SCHEMA_VERSION + 3
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute(f"PRAGMA user_version = {newer}")
        talks = conn.execute("SELECT count(*) FROM talks").fetchone()[0]
    result = talkbot(args, tmp_path, **env)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [
        f"error: database {db} has schema version {newer}, but this talkbot knows schema versions up to "
        f"{SCHEMA_VERSION}: it was written by a newer talkbot. Run that version again, or restore a backup made "
        f"before the upgrade (talkbot restore PATH); nothing was changed"
    ]
    with contextlib.closing(sqlite3.connect(db)) as conn:  # left as the newer talkbot wrote it
        assert conn.execute("PRAGMA user_version").fetchone()[0] == newer
        assert conn.execute("SELECT count(*) FROM talks").fetchone()[0] == talks


def test_stats_and_gaps_on_the_command_line_follow_the_privacy_rules(tmp_path: Path) -> None:
    import asyncio
    import time

    from store.state import BotState
    from store.usage import DM, PUBLIC, Question

    assert talkbot(["ingest"], tmp_path).returncode == 0

    async def record() -> None:
        async with await BotState.open(tmp_path / "db" / "talkbot.db") as state:
            for ref, user, where, text in (("r1pub0000", "UPUB", PUBLIC, "Zebrafink Kernel"),
                                          ("r2dm00000", "UDM1", DM, "Geheimprojekt Rotfuchs")):
                await state.record_question(Question(ref, time.time(), user, "C1" if where == PUBLIC else "D1",
                                                     where, "define", text, text.lower(), False, "definition"))

    asyncio.run(record())
    gaps = talkbot(["gaps"], tmp_path)
    assert gaps.returncode == 0, gaps.stderr
    assert "Zebrafink Kernel" in gaps.stdout and "Geheimprojekt" not in gaps.stdout
    assert "1 more unanswered in private channels and DMs" in gaps.stdout
    assert "UPUB" not in gaps.stdout and "UDM1" not in gaps.stdout
    stats = talkbot(["stats", "--month"], tmp_path)
    assert stats.returncode == 0 and "talks: 19" in stats.stdout and "*Questions:* 2 (" in stats.stdout
