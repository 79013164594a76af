"""What Slack would reject or misrender in a payload we build: Block Kit limits and unescaped entities.

The fake Web API already checks the per-block limits Slack enforces (``validate_blocks``: block
count, section 3,000, header 150, actions 25, button text 75 and value 2,000, ids 255); this adds
what it leaves out and applies both to message payloads and Home views, which tests can check
without posting anything.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from tests.fakes.slack_api import validate_blocks

MAX_MESSAGE_BLOCKS = 50
MAX_VIEW_BLOCKS = 100
MAX_CONTEXT_ELEMENTS = 10
MAX_MESSAGE_TEXT = 40_000  # Slack truncates beyond this; a message that long is a bug of ours
MAX_ID = 255
# A timestamp link to a corpus talk's video: the only entity an answer makes from corpus data.
_VIDEO_LINK_RE = re.compile(r"<https?://[^\s<>|]+[?&]t=\d+s\|[^<>]*>")


def message_problems(payload: dict[str, Any]) -> list[str]:
    """Why Slack would reject (or blank out) a chat.postMessage / response_url payload; empty when fine."""
    problems: list[str] = []
    text = payload.get("text")
    if not isinstance(text, str) or not text.strip():
        problems.append("text (the notification fallback) is missing or blank")
    elif len(text) > MAX_MESSAGE_TEXT:
        problems.append(f"text has {len(text)} characters (> {MAX_MESSAGE_TEXT})")
    blocks = payload.get("blocks", [])
    return problems + validate_blocks(blocks, MAX_MESSAGE_BLOCKS) + _extra_block_problems(blocks)


def view_problems(view: dict[str, Any]) -> list[str]:
    """Why views.publish would reject a Home tab view; empty when fine."""
    problems = [] if view.get("type") == "home" else [f"view type is {view.get('type')!r}, not 'home'"]
    blocks = view.get("blocks", [])
    return problems + validate_blocks(blocks, MAX_VIEW_BLOCKS) + _extra_block_problems(blocks)


def _extra_block_problems(blocks: Any) -> list[str]:
    if not isinstance(blocks, list):
        return []
    problems: list[str] = []
    block_ids = Counter(b.get("block_id") for b in blocks if isinstance(b, dict) and b.get("block_id"))
    problems += [f"block_id {bid!r} used {n} times" for bid, n in block_ids.items() if n > 1]
    for i, block in enumerate(blocks):
        if not isinstance(block, dict):
            continue
        where = f"/blocks/{i}"
        kind = block.get("type")
        if kind == "section":
            if "text" not in block and not block.get("fields"):
                problems.append(f"section without text or fields {where}")
            if "text" in block:
                problems += _text_object_problems(block["text"], f"{where}/text")
            if isinstance(block.get("accessory"), dict):
                problems += _element_problems(block["accessory"], f"{where}/accessory")
        elif kind == "header":
            problems += _text_object_problems(block.get("text"), f"{where}/text", plain_only=True)
        elif kind == "context":
            elements = block.get("elements") or []
            if not elements:
                problems.append(f"context without elements {where}")
            if len(elements) > MAX_CONTEXT_ELEMENTS:
                problems.append(f"context has {len(elements)} elements (> {MAX_CONTEXT_ELEMENTS}) {where}")
            for j, element in enumerate(elements):
                if isinstance(element, dict) and element.get("type") in ("mrkdwn", "plain_text"):
                    problems += _text_object_problems(element, f"{where}/elements/{j}")
        elif kind == "actions":
            elements = block.get("elements") or []
            if not elements:
                problems.append(f"actions block without elements {where}")
            ids = Counter(e.get("action_id") for e in elements if isinstance(e, dict))
            problems += [f"action_id {aid!r} used {n} times in one block {where}" for aid, n in ids.items() if n > 1]
            for j, element in enumerate(elements):
                if isinstance(element, dict):
                    problems += _element_problems(element, f"{where}/elements/{j}")
    return problems


def _text_object_problems(obj: Any, where: str, *, plain_only: bool = False) -> list[str]:
    if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
        return [f"text object missing {where}"]
    problems = []
    if obj.get("type") not in (("plain_text",) if plain_only else ("plain_text", "mrkdwn")):
        problems.append(f"text type {obj.get('type')!r} not allowed {where}")
    if not obj["text"]:
        problems.append(f"empty text {where}")
    return problems


def _element_problems(element: dict[str, Any], where: str) -> list[str]:
    problems = []
    action_id = element.get("action_id")
    if not isinstance(action_id, str) or not action_id or len(action_id) > MAX_ID:
        problems.append(f"action_id missing or longer than {MAX_ID} {where}")
    if element.get("type") == "button":
        problems += _text_object_problems(element.get("text"), f"{where}/text", plain_only=True)
        if "value" in element and not isinstance(element["value"], str):
            problems.append(f"button value is not a string {where}")
    return problems


def rendered_texts(payload: dict[str, Any]) -> Iterator[str]:
    """Every string Slack renders as text or mrkdwn in a message payload or view."""
    if isinstance(payload.get("text"), str):
        yield payload["text"]
    yield from _texts_in(payload.get("blocks", []))


def _texts_in(node: Any) -> Iterator[str]:
    if isinstance(node, list):
        for item in node:
            yield from _texts_in(item)
    elif isinstance(node, dict):
        if node.get("type") in ("mrkdwn", "plain_text") and isinstance(node.get("text"), str):
            yield node["text"]
        for key, value in node.items():
            if key != "text" or not isinstance(value, str):
                yield from _texts_in(value)


def unexpected_entities(payload: dict[str, Any], *, sharer: str | None = None) -> list[str]:
    """Raw ``<`` in rendered text that we did not put there on purpose (pings, mentions, links).

    Escaped text has no raw ``<`` at all; the only entities an answer may carry are video
    timestamp links built from corpus URLs, and ``<@sharer>`` on an answer shared in a channel.
    """
    allowed_mention = f"<@{sharer}>" if sharer else None
    found = []
    for text in rendered_texts(payload):
        rest = _VIDEO_LINK_RE.sub("", text)
        if allowed_mention:
            rest = rest.replace(allowed_mention, "")
        if "<" in rest:
            found.append(text)
    return found
