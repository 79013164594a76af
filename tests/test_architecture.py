"""The shape of the code, read from its import graph: layers point one way, no cycles in bot/, no raw
connections above store/, and the weekly digest's chain stays short."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.conftest import ROOT

PACKAGES = ("store", "handlers", "bot")  # lowest layer first: each may import only itself and those before it


def _modules() -> dict[str, tuple[Path, bool]]:
    """Every project module: dotted name -> (file, is a package)."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


MODULES = _modules()


def imports_of(name: str) -> set[str]:
    """The project modules ``name`` imports (at any level, TYPE_CHECKING blocks included)."""
    path, is_package = MODULES[name]
    here = name.split(".") if is_package else name.split(".")[:-1]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = here[: len(here) - node.level + 1] if node.level else []
            base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in MODULES else base)
    return {target for target in targets if target in MODULES and target != name}


GRAPH = {name: imports_of(name) for name in MODULES}


def closure(start: str, *, stop: frozenset[str] = frozenset()) -> set[str]:
    """``start`` and every module it reaches, not following imports into ``stop``."""
    seen, todo = {start}, [start]
    while todo:
        for target in GRAPH[todo.pop()] - seen:
            seen.add(target)
            if target not in stop:
                todo.append(target)
    return seen


def test_the_graph_reads_relative_and_absolute_imports() -> None:
    assert {"bot.services", "bot.scheduler", "bot.slack_client"} <= GRAPH["bot.server"]
    assert {"bot.listeners.actions", "bot.listeners.commands", "bot.listeners.events"} <= GRAPH["bot.listeners"]
    assert "store.state" in GRAPH["handlers.digests"]


def test_layers_point_one_way() -> None:
    for name, targets in GRAPH.items():
        layer = PACKAGES.index(name.split(".")[0])
        upward = sorted(t for t in targets if PACKAGES.index(t.split(".")[0]) > layer)
        assert not upward, f"{name} imports a higher layer: {upward}"


def test_no_import_cycles_in_bot() -> None:
    bot = {name for name in GRAPH if name.split(".")[0] == "bot"}
    for name in bot:
        reached = closure(name) - {name}
        back = sorted(t for t in reached if t in bot and name in closure(t))
        assert not back, f"{name} is in an import cycle with {back}"


def test_no_raw_database_connection_above_store() -> None:
    for name, (path, _) in MODULES.items():
        if name.split(".")[0] == "store":
            continue
        text = path.read_text(encoding="utf-8")
        assert "aiosqlite" not in text, name
        assert not re.search(r"sqlite3\.(Connection|connect)\b", text), name


def test_every_web_api_client_is_built_in_slack_client() -> None:
    for name, (path, _) in MODULES.items():
        if name != "bot.slack_client":
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"\b(AsyncWebClient|AsyncWebhookClient|WebClient)\(", text), name


# Left out of the count, by name so that anything new in the chain shows up: the corpus read API
# (store.db, handed in as an object and shared by every flow, and what it uses), modules of plain
# records (frozen dataclasses: store.model, store.usage, handlers.replies), the bot's phrase tables
# (handlers.wording: data that blocks.py renders answers to questions with; a digest uses none of it) and the
# connection opener
# BotState.open uses (store.connection; no tick runs it), and the Web API client module (bot.slack_client: the
# poster is handed its client as an object, and reads Slack's error codes with its helpers).
OUTSIDE_THE_CHAIN = frozenset({"store.db", "store.model", "store.usage", "handlers.replies", "handlers.wording",
                               "store.connection", "bot.slack_client"})
WEEKLY_DIGEST_CHAIN = {"bot.scheduler", "handlers.digests", "handlers.blocks", "bot.digest_poster", "store.state"}


def test_the_weekly_digest_chain_from_tick_to_post_touches_at_most_five_modules() -> None:
    chain = closure("bot.scheduler", stop=OUTSIDE_THE_CHAIN) - OUTSIDE_THE_CHAIN
    assert chain == WEEKLY_DIGEST_CHAIN
    assert len(chain) <= 5
