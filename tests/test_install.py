"""The reproducible install and the image: what the lock file pins and what the Dockerfile promises.

No Docker engine here: CI checks docker-compose.yml with `docker-compose config` (scripts/check-compose);
these read the files.
"""

from __future__ import annotations

import re
import tomllib

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
    user = [rest[0].strip() for keyword, *rest in instructions if keyword == "USER"]
    assert user and user[-1] not in ("root", "0")
    assert any(keyword == "HEALTHCHECK" and "/healthz" in rest[0] for keyword, *rest in instructions)
    assert any(keyword == "VOLUME" and "/data" in rest[0] for keyword, *rest in instructions)
    assert "TALKBOT_DB=/data/" in dockerfile and "TALKBOT_METRICS_PORT=" in dockerfile
    for path in (".git", ".venv", ".env"):
        assert path in (ROOT / ".dockerignore").read_text().splitlines()
