"""Settings, declared once with their help text: environment > ``.env`` > default.

Secrets are wrapped so they never show in a repr, a log line or an error message.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dotenv import dotenv_values

from store.lexicon import BUNDLED_CORPUS

README_SECTION = "README.md, section 'Install in Slack'"


class SettingsError(Exception):
    """A missing or malformed setting; the message names the key and where to set it."""


class Secret:
    """A string that does not show itself."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('********')"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)


@dataclass(frozen=True)
class SettingSpec:
    """One setting: its environment name, help text, default and whether it is secret."""

    env: str
    help: str
    default: str | None = None
    secret: bool = False


SPECS: tuple[SettingSpec, ...] = (
    SettingSpec("SLACK_BOT_TOKEN", "Bot token (xoxb-…) from the app's 'OAuth & Permissions' page.", secret=True),
    SettingSpec("SLACK_SIGNING_SECRET", "Signing secret from 'Basic Information' (HTTP mode).", secret=True),
    SettingSpec("SLACK_APP_TOKEN", "App-level token (xapp-…) with connections:write; turns on Socket Mode.", secret=True),
    SettingSpec("SLACK_API_URL", "Slack Web API base URL; tests point it at a local fake.", "https://slack.com/api/"),
    SettingSpec("TALKBOT_DB", "SQLite database file.", "data/talkbot.db"),
    SettingSpec("TALKBOT_CORPUS", "Directory of talk-summary exports (*.txt).", str(BUNDLED_CORPUS)),
    SettingSpec("TALKBOT_LOG_LEVEL", "Log level: DEBUG, INFO, WARNING or ERROR.", "INFO"),
    SettingSpec("TALKBOT_TZ", "Default time zone of weekly digest schedules (IANA name).", "UTC"),
    SettingSpec("TALKBOT_PORT", "Port of `talkbot serve --http`.", "3000"),
    SettingSpec("TALKBOT_RESULT_CACHE", "Answers kept per corpus version for repeated questions; 0 turns it off.",
                "1024"),
)
SPEC_BY_ENV = {spec.env: spec for spec in SPECS}


@dataclass(frozen=True)
class Settings:
    """Validated settings for one process."""

    slack_bot_token: Secret | None = None
    slack_signing_secret: Secret | None = None
    slack_app_token: Secret | None = None
    slack_api_url: str = "https://slack.com/api/"
    db_path: Path = Path("data/talkbot.db")
    corpus: Path = BUNDLED_CORPUS
    log_level: str = "INFO"
    timezone: str = "UTC"
    port: int = 3000
    result_cache: int = 1024
    problems: tuple[str, ...] = field(default=(), compare=False)

    @classmethod
    def load(cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> "Settings":
        """Read settings: environment first, then ``env_file``, then defaults."""
        environ = os.environ if environ is None else environ
        from_file = {k: v for k, v in dotenv_values(env_file).items() if v is not None} if env_file else {}

        def value(env: str) -> str | None:
            raw = environ.get(env)
            if raw is None or raw == "":
                raw = from_file.get(env) or SPEC_BY_ENV[env].default
            return raw.strip() if isinstance(raw, str) else raw

        problems: list[str] = []
        secrets = {}
        for env, prefix in (("SLACK_BOT_TOKEN", "xoxb-"), ("SLACK_SIGNING_SECRET", ""), ("SLACK_APP_TOKEN", "xapp-")):
            raw = value(env)
            if raw and prefix and not raw.startswith(prefix):
                problems.append(f"{env} should start with '{prefix}' ({SPEC_BY_ENV[env].help})")
            secrets[env] = Secret(raw) if raw else None
        api_url = value("SLACK_API_URL") or ""
        if not api_url.startswith(("http://", "https://")):
            problems.append(f"SLACK_API_URL must be an http(s) URL, got {api_url!r}")
        api_url = api_url if api_url.endswith("/") else api_url + "/"
        level = (value("TALKBOT_LOG_LEVEL") or "INFO").upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            problems.append(f"TALKBOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got {level!r}")
            level = "INFO"
        timezone = value("TALKBOT_TZ") or "UTC"
        try:
            ZoneInfo(timezone)
        except (ZoneInfoNotFoundError, ValueError):
            problems.append(f"TALKBOT_TZ is not a known time zone: {timezone!r} (use an IANA name like Europe/Berlin)")
            timezone = "UTC"
        port_text = value("TALKBOT_PORT") or "3000"
        port = int(port_text) if port_text.isdigit() and 0 < int(port_text) < 65536 else 3000
        if str(port) != port_text:
            problems.append(f"TALKBOT_PORT must be a port number, got {port_text!r}")
        cache_text = value("TALKBOT_RESULT_CACHE") or "1024"
        result_cache = int(cache_text) if cache_text.isdigit() else 1024
        if not cache_text.isdigit():
            problems.append(f"TALKBOT_RESULT_CACHE must be a number of answers (0 turns it off), got {cache_text!r}")
        return cls(
            slack_bot_token=secrets["SLACK_BOT_TOKEN"],
            slack_signing_secret=secrets["SLACK_SIGNING_SECRET"],
            slack_app_token=secrets["SLACK_APP_TOKEN"],
            slack_api_url=api_url,
            db_path=Path(value("TALKBOT_DB") or "data/talkbot.db"),
            corpus=Path(value("TALKBOT_CORPUS") or BUNDLED_CORPUS),
            log_level=level,
            timezone=timezone,
            port=port,
            result_cache=result_cache,
            problems=tuple(problems),
        )

    def require(self, *envs: str) -> None:
        """Raise SettingsError naming every missing or malformed setting among ``envs``."""
        attribute = {"SLACK_BOT_TOKEN": "slack_bot_token", "SLACK_SIGNING_SECRET": "slack_signing_secret",
                     "SLACK_APP_TOKEN": "slack_app_token"}
        missing = [env for env in envs if env in attribute and getattr(self, attribute[env]) is None]
        messages = list(self.problems)
        if missing:
            messages.append(
                "not set: " + ", ".join(missing) + f". Set {'them' if len(missing) > 1 else 'it'} in the environment "
                f"or in .env (copy .env.example); see {README_SECTION}."
            )
        if messages:
            raise SettingsError("; ".join(messages))

    @property
    def socket_mode(self) -> bool:
        return self.slack_app_token is not None


_TOKEN_RE = re.compile(r"\b(xox[abposr]|xapp)-[0-9A-Za-z-]+")


class RedactSecrets(logging.Filter):
    """A second line of defence: no Slack token and no configured secret reaches a log line."""

    def __init__(self, secrets: tuple[str, ...] = ()) -> None:
        super().__init__()
        self._secrets = tuple(s for s in secrets if len(s) >= 8)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = _TOKEN_RE.sub(r"\1-[redacted]", message)
        for secret in self._secrets:
            redacted = redacted.replace(secret, "[redacted]")
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


def configure_logging(level: str, settings: "Settings | None" = None) -> None:
    """One-line log records on stderr, with secrets redacted."""
    logging.basicConfig(level=getattr(logging, level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    secrets = tuple(
        value.reveal() for value in (
            settings.slack_bot_token, settings.slack_signing_secret, settings.slack_app_token
        ) if value is not None
    ) if settings else ()
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactSecrets(secrets))


def describe() -> str:
    """Every setting with its help text and default, for `talkbot settings` and .env.example."""
    lines = []
    for spec in SPECS:
        default = "" if spec.default is None or spec.env == "TALKBOT_CORPUS" else spec.default
        lines.append(f"# {spec.help}")
        lines.append(f"{spec.env}={default}")
    return "\n".join(lines)
