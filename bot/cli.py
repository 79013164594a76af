"""The ``talkbot`` command: ingest, stats, gaps, ask, start, serve, digest, settings, backup, restore.

Errors are one clear line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sqlite3
import sys
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

from handlers import talkbot_commands
from store.backup import BackupError, BackupInfo, backup, restore
from store.errors import CorpusError, SchemaVersionError
from store.export import export_edits
from store.ingest import IngestReport, ingest_sync
from store.state import BotState

from . import console
from .digest_admin import digest_command
from .permissions import effective_permissions
from .server import serve
from .services import ensure_corpus, open_store
from .settings import ALL_SETTINGS, README_SECTION, Settings, SettingsError, configure_logging, describe

log = logging.getLogger("talkbot")
SAMPLE_QUESTIONS = ("/define XLA", "/talk pallas", "what is PJRT?")
_STORE_SETTINGS = ("TALKBOT_DB", "TALKBOT_CORPUS", "TALKBOT_LOG_LEVEL", "TALKBOT_LOG_FORMAT", "TALKBOT_RESULT_CACHE")
# The settings each command reads: a malformed one stops the command with a line naming it.
READS: dict[str, tuple[str, ...]] = {
    "settings": (),
    "ingest": ("TALKBOT_DB", "TALKBOT_CORPUS", "TALKBOT_UPLOADS", "TALKBOT_LOG_LEVEL", "TALKBOT_LOG_FORMAT"),
    "stats": _STORE_SETTINGS,
    "gaps": _STORE_SETTINGS,
    "ask": _STORE_SETTINGS,
    "start": ALL_SETTINGS,
    "serve": ALL_SETTINGS,
    "digest": ALL_SETTINGS,
    "export-edits": ("TALKBOT_DB", "TALKBOT_CORPUS", "TALKBOT_LOG_LEVEL", "TALKBOT_LOG_FORMAT"),
    "backup": ("TALKBOT_DB", "TALKBOT_LOG_LEVEL", "TALKBOT_LOG_FORMAT"),
    "restore": ("TALKBOT_DB", "TALKBOT_LOG_LEVEL", "TALKBOT_LOG_FORMAT"),
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="talkbot", description="Answers questions from talk summaries, in Slack.")
    sub = parser.add_subparsers(dest="command", required=True)
    ingest = sub.add_parser("ingest", help="parse corpus files into the database")
    ingest.add_argument("paths", nargs="*", type=Path,
                        help="files or directories (default: TALKBOT_CORPUS and TALKBOT_UPLOADS)")
    ingest.add_argument("--full", "--force", dest="full", action="store_true",
                        help="re-read every file and rebuild (default: only new, changed and deleted files)")
    stats = sub.add_parser("stats", help="print what the database holds, and usage stats (as /talkbot stats)")
    stats.add_argument("--month", action="store_true", help="usage over the last 30 days (default: 7)")
    gaps = sub.add_parser("gaps", help="what people asked and did not find (as /talkbot gaps)")
    gaps.add_argument("--week", action="store_true", help="the last 7 days (default: 30)")
    ask = sub.add_parser("ask", help="answer a command or question in the terminal, as in Slack")
    ask.add_argument("text", help='e.g. "/define XLA", "/talk pallas", "what is PJRT?"; "-" reads one per line')
    ask.add_argument("--json", action="store_true", help="print the Slack payload and hits as JSON")
    serve_cmd = sub.add_parser("serve", help="run the Slack app (Socket Mode if SLACK_APP_TOKEN is set)")
    serve_cmd.add_argument("--http", action="store_true", help="HTTP mode on /slack/events instead of Socket Mode")
    serve_cmd.add_argument("--port", type=int, default=None, help="HTTP port (default: TALKBOT_PORT or 3000)")
    serve_cmd.add_argument("--host", default="0.0.0.0", help="HTTP address to bind (default: 0.0.0.0)")
    export = sub.add_parser("export-edits", help="write the team's edits from Slack as corpus data files "
                            "(aliases.toml, talks.toml, team_edits.toml) that ingest reads")
    export.add_argument("directory", type=Path, help="where to write them, e.g. the corpus folder of a checkout")
    backup = sub.add_parser("backup", help="write a consistent copy of the database (also while the bot serves)")
    backup.add_argument("path", type=Path, help="the backup file to write, e.g. backups/talkbot-2026-11-30.db")
    restore = sub.add_parser("restore", help="put a backup in place of the database (only while the bot is stopped)")
    restore.add_argument("path", type=Path, help="a file written by `talkbot backup`")
    sub.add_parser("start", help="serve if Slack is configured, else answer sample questions in the terminal")
    sub.add_parser("settings", help="list every setting with its help text")
    digest = sub.add_parser("digest", help="weekly digests: post a channel's next one now, or list them")
    digest.add_argument("--channel", help="Slack channel id, e.g. C0123ABCD")
    digest.add_argument("--now", action="store_true", help="post the channel's next digest now (same ledger as serve)")
    digest.add_argument("--list", action="store_true", help="print subscriptions and the latest digests")
    return parser


def _print_report(report: IngestReport) -> None:
    shown = report.files if len(report.files) <= 20 else [*report.files[:20], f"… {len(report.files) - 20} more"]
    print(f"files: {', '.join(shown)}")
    if report.changed:
        read = "every file (full rebuild)" if report.full else (
            f"{len(report.new_files)} new, {len(report.changed_files)} changed, {len(report.removed_files)} removed")
        print(f"read: {read}; {report.added.get('summaries', 0)} summaries")
    print(f"summaries: {report.summaries}\ntalks: {report.talks}\nkey points: {report.key_points}\n"
          f"glossary lines: {report.glossary_lines}\ndiscussion highlights: {report.highlights}")
    for warning in report.warnings:
        print(f"warning: {warning}")
    print("unchanged: nothing rewritten" if not report.changed else f"ingested in {report.seconds:.2f} s")


async def _ask(settings: Settings, text: str, as_json: bool) -> int:
    await ensure_corpus(settings)
    store = await open_store(settings)
    try:
        lines = sys.stdin if text == "-" else [text]
        for line in lines:
            line = line.rstrip("\n")
            if text == "-" and not line.strip():
                continue
            reply = await console.dispatch(store, line)
            print(console.as_json(reply) if as_json else console.as_text(reply), flush=True)
    finally:
        await store.close()
    return 0


def _missing_database(settings: Settings) -> bool:
    """True (and said on stderr) when there is no database yet to report on."""
    if settings.db_path.exists():
        return False
    print(f"error: no database at {settings.db_path}; run `talkbot ingest` first", file=sys.stderr)
    return True


async def _stats(settings: Settings, window: str) -> int:
    if _missing_database(settings):
        return 1
    async with await open_store(settings) as store, await BotState.open(settings.db_path) as state:
        for name, count in (await store.stats()).items():
            print(f"{name.replace('_', ' ')}: {count}")
        usage = await talkbot_commands.stats(store, state, window, datetime.now(timezone.utc))
        print()
        print(console.as_text(usage))
    return 0


async def _gaps(settings: Settings, window: str) -> int:
    """``talkbot gaps``: the same privacy rules as ``/talkbot gaps`` (no names, public questions' text only)."""
    if _missing_database(settings):
        return 1
    async with await open_store(settings) as store, await BotState.open(settings.db_path) as state:
        print(console.as_text(await talkbot_commands.gaps(store, state, window, datetime.now(timezone.utc))))
    return 0


async def _start(settings: Settings) -> int:
    """The quick start's main job: the Slack app when configured, otherwise a terminal demo."""
    if settings.slack_bot_token and (settings.slack_app_token or settings.slack_signing_secret):
        settings.require("SLACK_BOT_TOKEN")
        await serve(settings, http=not settings.socket_mode)
        return 0
    report = await ensure_corpus(settings)
    if report:
        _print_report(report)
    print("Slack is not configured (SLACK_BOT_TOKEN plus SLACK_APP_TOKEN for Socket Mode, or "
          f"SLACK_SIGNING_SECRET for HTTP mode). Put them in .env (see .env.example and {README_SECTION}).")
    print("Meanwhile, the bot answering from the bundled corpus in the terminal:\n")
    for question in SAMPLE_QUESTIONS:
        print(f"$ talkbot ask {json.dumps(question)}")
        await _ask(settings, question, as_json=False)
        print()
    print('Ask your own: .venv/bin/talkbot ask "/define HBM"  ·  .venv/bin/talkbot ask "who presented kinetic"')
    return 0


def _describe(info: BackupInfo) -> str:
    return (f"schema version {info.schema_version}, {info.talks} talks, {info.subscriptions} subscriptions, "
            f"{info.digests} digests, {info.bytes / 1e6:.1f} MB")


def run(argv: Sequence[str] | None = None) -> int:
    """Run one ``talkbot`` command; returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        settings = Settings.load()
        configure_logging(settings.log_level, settings)
        settings.check(*READS[args.command])
        if args.command == "settings":
            print(describe())
            print("\n# Permissions in effect (from the environment and .env):")
            print("\n".join(f"#   {line}" for line in effective_permissions(settings)))
            return 0
        if args.command == "ingest":
            report = ingest_sync(settings.db_path, args.paths or settings.corpus_paths(), full=args.full)
            _print_report(report)
            return 0
        if args.command == "export-edits":
            exported = export_edits(settings.db_path, settings.corpus, args.directory)
            print(f"wrote {', '.join(exported.files)} to {exported.directory}: {exported.aliases} team aliases, "
                  f"{exported.video_links} video links, {exported.definitions} team definitions, "
                  f"{exported.corrections} key-point corrections")
            return 0
        if args.command == "backup":
            info = backup(settings.db_path, args.path)
            print(f"backed up {settings.db_path} to {info.path}: {_describe(info)}")
            return 0
        if args.command == "restore":
            info, saved = restore(args.path, settings.db_path)
            if saved is not None:
                print(f"saved the database it replaced as {saved}")
            print(f"restored {settings.db_path} from {args.path}: {_describe(info)}")
            return 0
        if args.command == "stats":
            return asyncio.run(_stats(settings, "month" if args.month else "week"))
        if args.command == "gaps":
            return asyncio.run(_gaps(settings, "week" if args.week else "month"))
        if args.command == "ask":
            return asyncio.run(_ask(settings, args.text, args.json))
        if args.command == "start":
            return asyncio.run(_start(settings))
        if args.command == "digest":
            return asyncio.run(digest_command(settings, channel=args.channel, post_now=args.now, show_list=args.list))
        if args.command == "serve":
            needed = ("SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET" if args.http else "SLACK_APP_TOKEN")
            settings.require(*needed)
            asyncio.run(serve(settings, http=args.http, host=args.host, port=args.port))
            return 0
    except (CorpusError, SettingsError, BackupError, SchemaVersionError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.DatabaseError) as error:
        print(f"error: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 1


def main() -> None:
    """Console-script entry point."""
    sys.exit(run())
