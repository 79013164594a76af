"""The offline console: the same handlers as in Slack, answered in a terminal or as JSON."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Awaitable, Callable

from handlers import commands, digest_commands, mentions
from handlers.blocks import render, render_digest
from handlers.replies import AnswerReply, DigestThread, Notice, Reply
from store.db import Store

_COMMANDS: dict[str, Callable[[Store, str], Awaitable[Reply]]] = {
    "/define": commands.define, "/talk": commands.talk, "/digest": digest_commands.digest,
}


async def dispatch(store: Store, text: str) -> Reply:
    """``/define X``, ``/talk X``, ``/digest X`` run that command; any other text is a mention."""
    stripped = text.strip()
    name, _, rest = stripped.partition(" ")
    handler = _COMMANDS.get(name.lower()) if stripped.startswith("/") else None
    if handler is not None:
        return await handler(store, rest)
    if stripped.startswith("/"):
        return await mentions.answer(store, "")  # unknown command: show what we understand
    return await mentions.answer(store, stripped)


def payloads(reply: Reply) -> list[dict]:
    """The Slack messages a reply becomes (a digest is a parent and its thread replies)."""
    return render_digest(reply) if isinstance(reply, DigestThread) else [render(reply)]


def as_json(reply: Reply) -> str:
    """One JSON object: the Slack message payload and what the answer was built from (every hit with its corpus
    file and line, the answer first); for an answer to a question also its shape, language and whether the
    summaries covered it."""
    messages = payloads(reply)
    body: dict[str, object] = {"message": messages[0], "hits": reply.hits()}
    if isinstance(reply, AnswerReply):
        body.update(shape=reply.shape, lang=reply.language, covered=reply.covered)
    elif isinstance(reply, Notice) and reply.shape:
        body.update(shape=reply.shape, lang=reply.language)
    if len(messages) > 1:
        body["thread"] = messages[1:]
    return json.dumps(body, ensure_ascii=False)


_LINK_RE = re.compile(r"<([^|>]+)\|([^>]+)>")


def _mrkdwn_to_text(text: str) -> str:
    text = _LINK_RE.sub(r"\2 (\1)", text)
    return html.unescape(text.replace("&lt;", "<").replace("&gt;", ">"))


def as_text(reply: Reply) -> str:
    """A readable terminal rendering of the Slack blocks."""
    out: list[str] = []
    for index, message in enumerate(payloads(reply)):
        if index:
            out.append("  ↳ (thread reply)")
        for block in message.get("blocks", []):
            kind = block["type"]
            if kind == "header":
                out.append(f"\n== {block['text']['text']} ==")
            elif kind == "section":
                out.append(_mrkdwn_to_text(block["text"]["text"]))
            elif kind == "context":
                out.append("  " + " ".join(_mrkdwn_to_text(e.get("text", "")) for e in block["elements"]))
            elif kind == "actions":
                out.append("  " + " ".join(f"[{e['text']['text']}]" for e in block["elements"]))
            elif kind == "divider":
                out.append("  ---")
    return "\n".join(out).strip()
