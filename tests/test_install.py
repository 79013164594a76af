"""The reproducible install and the image: what the lock file pins and what the Dockerfile promises.

No Docker engine here: CI checks docker-compose.yml with `docker-compose config` (scripts/check-compose);
these read the files.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT

LOCK = ROOT / "requirements.lock"


def _name(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9_.-]+", requirement).group(0)).lower()  # type: ignore[union-attr]


def test_the_lock_pins_every_dependency_of_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"] + project["optional-dependencies"]["test"]}
    lines = [line for line in LOCK.read_text().splitlines() if "==" in line and not line.startswith("#")]
    pinned = dict(line.split("==", 1) for line in lines)
    assert wanted <= {_name(name) for name in pinned}, "run scripts/lock after changing pyproject.toml"
    assert all(re.fullmatch(r"[0-9][0-9A-Za-z.+!-]*", version.strip()) for version in pinned.values())


def test_every_install_uses_the_lock() -> None:
    for script in ("scripts/run", "scripts/test"):
        assert "-c requirements.lock" in (ROOT / script).read_text(), script
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("exec scripts/test")


def test_the_image_installs_the_package_runs_unprivileged_and_checks_its_health() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    instructions = [line.split(None, 1) for line in re.sub(r"\\\n", " ", dockerfile).splitlines()
                    if line.strip() and not line.lstrip().startswith("#")]
    assert sum(1 for keyword, *_ in instructions if keyword == "FROM") >= 2  # multi-stage
    runs = " ".join(rest[0] for keyword, *rest in instructions if keyword == "RUN")
    assert "-c requirements.lock ." in runs and " -e " not in runs  # the package itself, pinned, not editable
    copied = [rest[0].split()[0] for keyword, *rest in instructions if keyword == "COPY"]
    assert "corpus" in copied  # into the build stage: the bundled corpus is package data
    user = [rest[0].strip() for keyword, *rest in instructions if keyword == "USER"]
    assert user and user[-1] not in ("root", "0")
    assert any(keyword == "HEALTHCHECK" and "/healthz" in rest[0] for keyword, *rest in instructions)
    assert any(keyword == "VOLUME" and "/data" in rest[0] for keyword, *rest in instructions)
    assert "TALKBOT_DB=/data/" in dockerfile and "TALKBOT_METRICS_PORT=" in dockerfile
    for path in (".git", ".venv", ".env"):
        assert path in (ROOT / ".dockerignore").read_text().splitlines()


@pytest.fixture(scope="module")
def installed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package built and installed as the image installs it (a wheel, not editable), into a bare directory."""
    base = tmp_path_factory.mktemp("install")
    source = base / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for name in ("bot", "handlers", "store", "corpus"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    site = base / "site"
    build = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                            "--target", str(site), str(source)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    return site


def _run_installed(site: Path, cwd: Path, args: list[str], **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "TALKBOT_"))}
    environment.update({"PYTHONPATH": str(site), "TALKBOT_DB": str(cwd / "talkbot.db"),
                        "TALKBOT_LOG_LEVEL": "WARNING", **env})
    return subprocess.run([sys.executable, *args], cwd=cwd, env=environment, capture_output=True, text=True,
                          timeout=120)


def test_the_installed_package_finds_the_bundled_corpus_and_its_word_data(installed_site: Path, tmp_path: Path) -> None:
    own = tmp_path / "own-corpus"  # a team's corpus folder without aliases.toml or lexicon.toml
    own.mkdir()
    shutil.copy(ROOT / "corpus" / "004_b9033c416a07336f.txt", own)
    probe = ("import json, pathlib, store, store.lexicon as lx; from bot.settings import Settings;"
             "lexicon = lx.load_lexicon(pathlib.Path('own-corpus'));"
             "print(json.dumps({'module': store.__file__, 'default_corpus': str(Settings.load().corpus),"
             " 'word_data': [str(p) for p in lx.data_files(pathlib.Path('own-corpus'))],"
             " 'palace': lexicon.canonical.get('palace'), 'translations': len(lexicon.en_de)}))")
    result = _run_installed(installed_site, tmp_path, ["-c", probe])
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    packaged = installed_site / "store" / "bundled_corpus"
    assert Path(found["module"]).parent == installed_site / "store"  # the installed copy, not the checkout
    assert found["default_corpus"] == str(packaged)
    assert found["word_data"] == [str(packaged / "aliases.toml"), str(packaged / "lexicon.toml")]
    assert found["palace"] == "Pallas" and found["translations"] > 1000

    answer = _run_installed(installed_site, tmp_path, ["-m", "bot", "ask", "/define XLA"])
    assert answer.returncode == 0, answer.stderr
    assert "Accelerated Linear Algebra" in answer.stdout  # the bundled corpus, ingested from the package
