"""Settings: environment over .env over defaults; secrets never shown."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.log_format import BOLT_LOGGER
from bot.settings import Settings, SettingsError, configure_logging


def test_environment_beats_dotenv_beats_default(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("SLACK_BOT_TOKEN=xoxb-from-file\nTALKBOT_DB=/file/db\nTALKBOT_TZ=Europe/Berlin\n")
    settings = Settings.load({"TALKBOT_DB": "/env/db"}, env_file)
    assert settings.db_path == Path("/env/db")
    assert settings.slack_bot_token.reveal() == "xoxb-from-file"
    assert settings.timezone == "Europe/Berlin"
    assert settings.log_level == "INFO" and settings.port == 3000


def test_secrets_do_not_show_in_repr(tmp_path: Path) -> None:
    settings = Settings.load({"SLACK_BOT_TOKEN": "xoxb-sekrit", "SLACK_SIGNING_SECRET": "shh-secret"}, None)
    assert "sekrit" not in repr(settings) and "shh-secret" not in repr(settings)


def test_missing_and_malformed_settings_are_named(tmp_path: Path) -> None:
    settings = Settings.load({"TALKBOT_TZ": "Mars/Olympus", "SLACK_API_URL": "ftp://x", "TALKBOT_RESULT_CACHE": "lots"},
                             None)
    assert settings.result_cache == 1024  # the default stands in until it is fixed
    with pytest.raises(SettingsError) as error:
        settings.require("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN")
    message = str(error.value)
    for key in ("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "TALKBOT_TZ", "SLACK_API_URL", "TALKBOT_RESULT_CACHE", "README"):
        assert key in message


def test_log_lines_never_carry_tokens_or_secrets() -> None:
    import logging

    from bot.settings import RedactSecrets

    settings = Settings.load({"SLACK_BOT_TOKEN": "xoxb-1-abc", "SLACK_SIGNING_SECRET": "s3cr3t-signing"}, None)
    record = logging.LogRecord("t", logging.INFO, __file__, 1, "token %s secret %s other xapp-1-zzz",
                               ("xoxb-1-abc", "s3cr3t-signing"), None)
    RedactSecrets((settings.slack_signing_secret.reveal(),)).filter(record)
    message = record.getMessage()
    assert "xoxb-1-abc" not in message and "s3cr3t-signing" not in message and "xapp-1-zzz" not in message


def test_env_example_and_the_readme_table_match_the_specs() -> None:
    from bot.settings import describe, readme_table
    from tests.conftest import ROOT

    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    assert example.splitlines()[2:] == describe().splitlines()  # after its two lines of introduction
    assert readme_table() in (ROOT / "README.md").read_text(encoding="utf-8")


def test_a_malformed_setting_is_reported_only_by_the_commands_that_read_it() -> None:
    settings = Settings.load({"TALKBOT_LOG_LEVEL": "verbose", "TALKBOT_PORT": "http"}, None)
    assert settings.log_level == "INFO" and settings.port == 3000  # the defaults stand in meanwhile
    with pytest.raises(SettingsError) as error:
        settings.check("TALKBOT_DB", "TALKBOT_LOG_LEVEL")
    assert "TALKBOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got 'VERBOSE'" in str(error.value)
    assert "TALKBOT_PORT" not in str(error.value)
    settings.check("TALKBOT_DB", "TALKBOT_CORPUS")  # neither is malformed: no error


def test_metrics_port_and_log_format() -> None:
    defaults = Settings.load({}, None)
    assert defaults.metrics_port is None and defaults.log_format == "text"
    chosen = Settings.load({"TALKBOT_METRICS_PORT": "9464", "TALKBOT_LOG_FORMAT": "JSON"}, None)
    assert chosen.metrics_port == 9464 and chosen.log_format == "json"
    bad = Settings.load({"TALKBOT_METRICS_PORT": "99999", "TALKBOT_LOG_FORMAT": "xml"}, None)
    assert bad.metrics_port is None and bad.log_format == "text"
    with pytest.raises(SettingsError) as error:
        bad.check("TALKBOT_METRICS_PORT", "TALKBOT_LOG_FORMAT")
    assert "TALKBOT_METRICS_PORT must be a port number, got '99999'" in str(error.value)
    assert "TALKBOT_LOG_FORMAT must be text or json, got 'xml'" in str(error.value)


@pytest.mark.parametrize("level", ["INFO", "DEBUG"])
def test_the_log_level_is_bolts_own_so_it_formats_debug_messages_only_at_debug(level: str) -> None:
    # Bolt checks its logger's own level (not the inherited one) before formatting a debug message per middleware.
    bolt_logger = logging.getLogger(BOLT_LOGGER)
    before = bolt_logger.level
    try:
        configure_logging(level)
        assert bolt_logger.level == getattr(logging, level)
        assert (bolt_logger.level <= logging.DEBUG) is (level == "DEBUG")
    finally:
        bolt_logger.setLevel(before)
