"""Settings, declared once with their help text: environment > ``.env`` > default.

Secrets are wrapped so they never show in a repr, a log line or an error message.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dotenv import dotenv_values

from handlers.permissions import (
    DEFAULT_DIGEST_OPEN_MAX,
    POSTING_MEMBERS,
    PermissionSettingError,
    parse_channels,
    parse_editors,
    parse_flag,
    parse_member_count,
    parse_posting,
)
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


class SettingValueError(ValueError):
    """A setting's value that does not parse; the message says what is expected (without the value of a secret)."""


def _secret(prefix: str) -> Callable[[str], Secret]:
    def parse(raw: str) -> Secret:
        if prefix and not raw.startswith(prefix):
            raise SettingValueError(f"should start with '{prefix}'")
        return Secret(raw)

    return parse


def _http_url(raw: str) -> str:
    if not raw.startswith(("http://", "https://")):
        raise SettingValueError(f"must be an http(s) URL, got {raw!r}")
    return raw if raw.endswith("/") else raw + "/"


def _log_level(raw: str) -> str:
    level = raw.upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise SettingValueError(f"must be DEBUG, INFO, WARNING or ERROR, got {level!r}")
    return level


def _time_zone(raw: str) -> str:
    try:
        ZoneInfo(raw)
    except (ZoneInfoNotFoundError, ValueError):
        raise SettingValueError(f"is not a known time zone: {raw!r} (use an IANA name like Europe/Berlin)") from None
    return raw


def _port(raw: str) -> int:
    if not (raw.isdigit() and str(int(raw)) == raw and 0 < int(raw) < 65536):
        raise SettingValueError(f"must be a port number, got {raw!r}")
    return int(raw)


def _log_format(raw: str) -> str:
    log_format = raw.lower()
    if log_format not in ("text", "json"):
        raise SettingValueError(f"must be text or json, got {raw!r}")
    return log_format


def _count(raw: str) -> int:
    if not raw.isdigit():
        raise SettingValueError(f"must be a number of answers (0 turns it off), got {raw!r}")
    return int(raw)


def _seconds(raw: str) -> int:
    if not raw.isdigit():
        raise SettingValueError(f"must be a whole number of seconds (0 turns it off), got {raw!r}")
    return int(raw)


def _days(raw: str) -> int:
    if not (raw.isdigit() and 1 <= int(raw) <= 3650):
        raise SettingValueError(f"must be a number of days from 1 to 3650, got {raw!r}")
    return int(raw)


def _permission(parse: Callable[[str], object]) -> Callable[[str], object]:
    """A permission setting's parser (handlers/permissions.py), its complaint as a SettingValueError."""
    def checked(raw: str) -> object:
        try:
            return parse(raw)
        except PermissionSettingError as error:
            raise SettingValueError(str(error)) from None

    return checked


@dataclass(frozen=True)
class SettingSpec:
    """One setting: its environment name, the ``Settings`` field it fills, how its text is read, its
    default, whether it is secret, and its help text (for ``talkbot settings``, .env.example, README)."""

    env: str
    field: str
    parse: Callable[[str], object]
    help: str
    default: str | None = None  # None: unset unless configured
    secret: bool = False
    documented_default: str | None = None  # README's default column when it is not the literal default

    def readme_default(self) -> str:
        if self.documented_default is not None:
            return self.documented_default
        return f"`{self.default}`" if self.default is not None else "—"


SPECS: tuple[SettingSpec, ...] = (
    SettingSpec("SLACK_BOT_TOKEN", "slack_bot_token", _secret("xoxb-"),
                "Bot token (xoxb-…) from the app's 'OAuth & Permissions' page.", secret=True),
    SettingSpec("SLACK_SIGNING_SECRET", "slack_signing_secret", _secret(""),
                "Signing secret from 'Basic Information' (HTTP mode).", secret=True),
    SettingSpec("SLACK_APP_TOKEN", "slack_app_token", _secret("xapp-"),
                "App-level token (xapp-…) with connections:write; turns on Socket Mode.", secret=True),
    SettingSpec("SLACK_API_URL", "slack_api_url", _http_url,
                "Slack Web API base URL; tests point it at a local fake.", "https://slack.com/api/"),
    SettingSpec("TALKBOT_DB", "db_path", Path, "SQLite database file.", "data/talkbot.db"),
    SettingSpec("TALKBOT_CORPUS", "corpus", Path, "Directory of talk-summary exports (*.txt).", str(BUNDLED_CORPUS),
                documented_default="bundled `corpus/`"),
    SettingSpec("TALKBOT_UPLOADS", "uploads", Path,
                "Writable directory where exports editors send the bot in a DM are kept; every ingest reads it "
                "with TALKBOT_CORPUS.", documented_default="`uploads/` beside `TALKBOT_DB`"),
    SettingSpec("TALKBOT_CORPUS_POLL", "corpus_poll", _seconds,
                "Seconds between checks of TALKBOT_CORPUS for new, changed or deleted files while serving (an "
                "incremental ingest when something changed; SIGHUP checks at once); 0: only on SIGHUP.", "60"),
    SettingSpec("TALKBOT_LOG_LEVEL", "log_level", _log_level, "Log level: DEBUG, INFO, WARNING or ERROR.", "INFO"),
    SettingSpec("TALKBOT_TZ", "timezone", _time_zone, "Default time zone of weekly digest schedules (IANA name).",
                "UTC"),
    SettingSpec("TALKBOT_PORT", "port", _port, "Port of `talkbot serve --http`.", "3000"),
    SettingSpec("TALKBOT_RESULT_CACHE", "result_cache", _count,
                "Answers kept per corpus version for repeated questions; 0 turns it off.", "1024"),
    SettingSpec("TALKBOT_METRICS_PORT", "metrics_port", _port,
                "Port of a listener serving GET /metrics and /healthz in any mode (HTTP mode also serves both "
                "on TALKBOT_PORT); unset: no extra listener."),
    SettingSpec("TALKBOT_LOG_FORMAT", "log_format", _log_format,
                "Log format: text (one readable line per record) or json (one JSON object per line).", "text"),
    # Who may do what (README "Permissions"; handlers/permissions.py).
    SettingSpec("TALKBOT_EDITORS", "editors", _permission(parse_editors),
                "Editors: Slack user ids (U…, W…) and user-group ids (S…), comma-separated. Unset: the workspace's "
                "admins and owners.", documented_default="admins and owners"),
    SettingSpec("TALKBOT_DIGEST_POSTING", "digest_posting", _permission(parse_posting),
                "Who may post a digest thread: 'members' (anyone, in channels of up to TALKBOT_DIGEST_OPEN_MAX "
                "members; editors anywhere) or 'editors'.", POSTING_MEMBERS),
    SettingSpec("TALKBOT_DIGEST_OPEN_MAX", "digest_open_max", _permission(parse_member_count),
                "In channels with more members than this, only editors post digest threads.",
                str(DEFAULT_DIGEST_OPEN_MAX)),
    SettingSpec("TALKBOT_ALLOW_EXTERNAL", "allow_external", _permission(parse_flag),
                "1: people from other organisations (Slack Connect) get answers too; 0: one polite line instead.",
                "0"),
    SettingSpec("TALKBOT_ALLOW_GUESTS", "allow_guests", _permission(parse_flag),
                "1: guest accounts get answers too; 0: one polite line instead.", "0"),
    SettingSpec("TALKBOT_CHANNELS", "channels", _permission(parse_channels),
                "Only these channel ids (C…, G…), comma-separated, and DMs. Unset: every channel.",
                documented_default="every channel"),
    # People's data (README "What talkbot keeps about people").
    SettingSpec("TALKBOT_RETENTION_DAYS", "retention_days", _days,
                "Days questions, votes, comments, thread topics and seen event ids are kept; purged daily.", "90"),
)
SPEC_BY_ENV = {spec.env: spec for spec in SPECS}
ALL_SETTINGS = tuple(SPEC_BY_ENV)


@dataclass(frozen=True)
class Settings:
    """Validated settings for one process (field defaults: the specs' defaults)."""

    slack_bot_token: Secret | None = None
    slack_signing_secret: Secret | None = None
    slack_app_token: Secret | None = None
    slack_api_url: str = "https://slack.com/api/"
    db_path: Path = Path("data/talkbot.db")
    corpus: Path = BUNDLED_CORPUS
    uploads: Path | None = None  # None: uploads/ beside db_path (uploads_dir)
    corpus_poll: int = 60
    log_level: str = "INFO"
    timezone: str = "UTC"
    port: int = 3000
    result_cache: int = 1024
    metrics_port: int | None = None
    log_format: str = "text"
    editors: tuple[str, ...] = ()
    digest_posting: str = POSTING_MEMBERS
    digest_open_max: int = DEFAULT_DIGEST_OPEN_MAX
    allow_external: bool = False
    allow_guests: bool = False
    channels: tuple[str, ...] = ()
    retention_days: int = 90
    problems: tuple[tuple[str, str], ...] = field(default=(), compare=False)  # (setting, what is wrong)

    @classmethod
    def load(cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Settings:
        """Read settings: environment first, then ``env_file``, then defaults.

        A value that does not parse is noted in ``problems`` and its default stands in; every
        command that reads the setting reports it (``check``).
        """
        environ = os.environ if environ is None else environ
        from_file = {k: v for k, v in dotenv_values(env_file).items() if v is not None} if env_file else {}
        values: dict[str, object] = {}
        problems = []
        for spec in SPECS:
            raw = (environ.get(spec.env) or from_file.get(spec.env) or spec.default or "").strip()
            if not raw:
                continue  # unset, without a default: the field's None
            try:
                values[spec.field] = spec.parse(raw)
            except SettingValueError as error:
                problems.append((spec.env, f"{spec.env} {error}" + (f" ({spec.help})" if spec.secret else "")))
                if spec.default is not None:
                    values[spec.field] = spec.parse(spec.default)
        return cls(**values, problems=tuple(problems))  # type: ignore[arg-type]  # each parse returns its field's type

    @property
    def uploads_dir(self) -> Path:
        """Where DM'd exports are kept: TALKBOT_UPLOADS, else uploads/ beside the database (the data volume)."""
        return self.uploads if self.uploads is not None else self.db_path.parent / "uploads"

    def corpus_paths(self) -> list[Path]:
        """What every ingest reads: the corpus folder, and the uploads folder once it exists."""
        return [self.corpus, *([self.uploads_dir] if self.uploads_dir.is_dir() else [])]

    def check(self, *envs: str) -> None:
        """Raise SettingsError naming every malformed setting among ``envs`` (the ones a command reads)."""
        messages = [message for env, message in self.problems if env in envs]
        if messages:
            raise SettingsError("; ".join(messages) + f". See `talkbot settings` and {README_SECTION}.")

    def require(self, *envs: str) -> None:
        """Raise SettingsError naming every missing setting among ``envs`` and every malformed one."""
        missing = [env for env in envs if getattr(self, SPEC_BY_ENV[env].field) is None]
        messages = [message for _, message in self.problems]
        if missing:
            messages.append(
                "not set: " + ", ".join(missing) + f". Set {'them' if len(missing) > 1 else 'it'} in the environment "
                f"or in .env (copy .env.example); see {README_SECTION}."
            )
        if messages:
            raise SettingsError("; ".join(messages))

    def secrets(self) -> tuple[str, ...]:
        """The values of every configured secret setting (for redaction)."""
        values = (getattr(self, spec.field) for spec in SPECS if spec.secret)
        return tuple(value.reveal() for value in values if isinstance(value, Secret))

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
    """Log records on stderr, one per line (text, or JSON with TALKBOT_LOG_FORMAT=json), with secrets redacted."""
    from .log_format import BOLT_LOGGER, TEXT_FORMAT, use_format

    logging.basicConfig(level=getattr(logging, level, logging.INFO), format=TEXT_FORMAT)
    # Bolt formats its per-middleware debug messages unless its logger's own level (not the inherited one)
    # is above DEBUG; bolt copies that level when the app is built (after this).
    logging.getLogger(BOLT_LOGGER).setLevel(getattr(logging, level, logging.INFO))
    if settings is not None and settings.log_format != "text":
        use_format(settings.log_format)
    secrets = settings.secrets() if settings else ()
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactSecrets(secrets))


def describe() -> str:
    """Every setting with its help text and default, for `talkbot settings` and .env.example."""
    lines = []
    for spec in SPECS:
        default = spec.default if spec.default is not None and spec.documented_default is None else ""
        lines.append(f"# {spec.help}")
        lines.append(f"{spec.env}={default}")
    return "\n".join(lines)


def readme_table() -> str:
    """The README's settings table."""
    rows = ["| Setting | Meaning | Default |", "|---|---|---|"]
    rows += [f"| `{spec.env}` | {spec.help} | {spec.readme_default()} |" for spec in SPECS]
    return "\n".join(rows)
