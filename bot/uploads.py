"""Intake from Slack: an editor sends the bot a .txt export in a DM, and the bot adds it to the corpus.

Slack delivers the DM as a ``message`` event with subtype ``file_share`` and a ``files`` list. The bot
asks ``files.info`` for the file (name, the size Slack reports, its ``url_private_download``) and
refuses anything over ``MAX_UPLOAD_BYTES`` before downloading a byte. It downloads with the bot token
(``files:read``), parses the text exactly as an ingest would, and only then keeps it in
``TALKBOT_UPLOADS`` (beside the database, never in the read-only corpus mount) and runs the
incremental ingest that every later ingest repeats. A file that does not parse gets
``FILE:LINE: what is wrong`` and changes nothing; the reply says what was added and any warnings.
"""

from __future__ import annotations

import asyncio
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from store.errors import CorpusError
from store.ingest import CORPUS_SUFFIXES, IngestReport
from store.parser import decode_export, parse_text_with_warnings

from .permissions import LookupFailed, Requester
from .services import Services

log = logging.getLogger("talkbot.uploads")

MAX_UPLOAD_BYTES = 5 * 1024 * 1024  # an export of ~1,000 summaries is about 5 MB
MAX_WARNINGS_SHOWN = 10
DOWNLOAD_TIMEOUT_SECONDS = 30


@dataclass(frozen=True)
class UploadResult:
    """What the bot tells the editor."""

    text: str
    added: bool = False


def is_file_share(event: dict[str, Any]) -> bool:
    """A person's DM to the bot that shares files (not a bot's, not in a channel)."""
    return (event.get("channel_type") == "im" and event.get("subtype") == "file_share"
            and not event.get("bot_id") and bool(event.get("files")))


async def take_upload(event: dict[str, Any], who: Requester, client: AsyncWebClient, services: Services,
                      ingest_lock: asyncio.Lock) -> UploadResult:
    """Check, download, validate, keep and ingest the files shared in ``event``; the reply to send."""
    try:
        editor = await services.permissions.is_editor(who)
    except LookupFailed:  # a failed lookup denies (the permission model's rule), with a way forward
        log.warning("upload refused: editor lookup failed user=%s", who.user_id)
        return UploadResult("I could not check whether you are an editor just now. Please try again in a minute.")
    if not editor:
        return UploadResult("Only editors can add exports to the corpus. Ask one of them, or an admin, to send it.")
    lines: list[str] = []
    added = False
    for shared in event.get("files") or []:
        result = await _take_one(str(shared.get("id", "")), client, services, ingest_lock)
        lines.append(result.text)
        added = added or result.added
    return UploadResult("\n\n".join(lines), added)


async def _take_one(file_id: str, client: AsyncWebClient, services: Services,
                    ingest_lock: asyncio.Lock) -> UploadResult:
    try:
        info = (await client.files_info(file=file_id))["file"]
    except SlackApiError as error:
        log.warning("files.info failed file=%s error=%s", file_id, error.response.get("error"))
        return UploadResult("I could not read that file from Slack (is the app allowed files:read?). Try again later.")
    name = Path(str(info.get("name") or "")).name
    size = int(info.get("size") or 0)
    if Path(name).suffix.lower() not in CORPUS_SUFFIXES:
        return UploadResult(f"`{name or 'that file'}` is not a text export: send the .txt file the summaries site "
                            "exports.")
    if size > MAX_UPLOAD_BYTES:
        return UploadResult(f"`{name}` is {size / 1e6:.1f} MB; exports up to {MAX_UPLOAD_BYTES // 1_000_000} MB are "
                            "accepted. Split it into smaller files.")
    if (services.settings.corpus / name).exists():
        return UploadResult(f"`{name}` is already a file of the corpus folder; rename your export and send it again.")
    url = str(info.get("url_private_download") or info.get("url_private") or "")
    data = await _download(url, client)
    if data is None:
        return UploadResult(f"I could not download `{name}` from Slack. Try again later.")
    try:
        summaries, warnings = parse_text_with_warnings(decode_export(data, name), name)
    except CorpusError as error:
        return UploadResult(f"`{error}`\nNothing was changed: fix the export and send it again.")
    report, error_text = await _keep_and_ingest(name, data, services, ingest_lock)
    if report is None:
        return UploadResult(f"`{error_text}`\nNothing was changed.")
    return UploadResult(_describe(name, report, len(summaries), warnings), added=True)


async def _download(url: str, client: AsyncWebClient) -> bytes | None:
    """The file's bytes with the bot token, at most MAX_UPLOAD_BYTES (None if Slack did not give them)."""
    if not url.startswith(("https://", "http://")):
        return None
    headers = {"Authorization": f"Bearer {client.token}"}
    timeout = aiohttp.ClientTimeout(total=DOWNLOAD_TIMEOUT_SECONDS)
    try:
        async with aiohttp.ClientSession(timeout=timeout) as session, session.get(url, headers=headers) as response:
            if response.status != 200 or response.content_type == "text/html":  # HTML: Slack's sign-in page
                log.warning("download refused status=%s type=%s", response.status, response.content_type)
                return None
            data = await response.content.read(MAX_UPLOAD_BYTES + 1)
    except (aiohttp.ClientError, asyncio.TimeoutError) as error:
        log.warning("download failed: %r", error)
        return None
    return data if len(data) <= MAX_UPLOAD_BYTES else None


async def _keep_and_ingest(name: str, data: bytes, services: Services,
                           ingest_lock: asyncio.Lock) -> tuple[IngestReport | None, str]:
    """Write the export into the uploads folder and ingest; on failure put back what was there."""
    folder = services.settings.uploads_dir
    target = folder / name
    async with ingest_lock:
        previous = await asyncio.to_thread(_replace_file, folder, target, data)
        try:
            with services.metrics.ingest_run("upload"):
                report = await services.store.ingest(services.settings.corpus_paths())
        except CorpusError as error:
            await asyncio.to_thread(_restore_file, target, previous)
            return None, str(error)
    return report, ""


def _replace_file(folder: Path, target: Path, data: bytes) -> bytes | None:
    folder.mkdir(parents=True, exist_ok=True)
    previous = target.read_bytes() if target.exists() else None
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".upload-", suffix=".part")
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    os.replace(temporary, target)  # atomic: an ingest never reads half a file
    return previous


def _restore_file(target: Path, previous: bytes | None) -> None:
    if previous is None:
        target.unlink(missing_ok=True)
    else:
        target.write_bytes(previous)


def _describe(name: str, report: IngestReport, summaries: int, warnings: list[str]) -> str:
    verb = "Replaced" if name in report.changed_files else "Added"
    added = report.added
    lines = [f"{verb} `{name}`: {summaries} summaries, {added.get('key_points', 0)} key points, "
             f"{added.get('glossary_lines', 0)} glossary lines; {len(report.talks_written)} talks written. "
             f"The corpus now has {report.talks} talks."]
    if warnings:
        lines.append(f"{len(warnings)} warning(s):")
        lines += [f"• {warning}" for warning in warnings[:MAX_WARNINGS_SHOWN]]
        if len(warnings) > MAX_WARNINGS_SHOWN:
            lines.append(f"… and {len(warnings) - MAX_WARNINGS_SHOWN} more")
    return "\n".join(lines)
