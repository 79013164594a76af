"""Log output for operators: the readable one-line format (the default) or one JSON object per line.

A JSON line carries the record's structured ``fields`` when it has them (the request log: request id,
kind, outcome, latency, channel id) instead of its message, so user text never reaches it.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import datetime, timezone

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
BOLT_LOGGER = "talkbot.bolt"  # the logger bot/app.py gives bolt
_URL_RE = re.compile(r"https?://\S+")


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, logger, and message or fields."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line["event"] = record.name.rsplit(".", 1)[-1]
            line.update(fields)
        else:
            line["message"] = record.getMessage()
        if record.exc_info:
            line["error"] = record.exc_info[0].__name__ if record.exc_info[0] else None
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class HideResponseUrls(logging.Filter):
    """For the response_url client's logger: a response_url is a capability, so it never reaches a log.

    slack_sdk's webhook client logs "A retry handler found ... for POST <url>" at INFO on every retry
    (and the URL and body at DEBUG); this filter cuts the URL out and lowers that INFO line to DEBUG.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        hidden = _URL_RE.sub("<response_url>", message)
        if hidden != message:
            record.msg, record.args = hidden, None
        if record.levelno == logging.INFO:
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


def response_url_logger() -> logging.Logger:
    """The logger given to every response_url client (with ``HideResponseUrls`` on it)."""
    logger = logging.getLogger("talkbot.response_url")
    if not any(isinstance(f, HideResponseUrls) for f in logger.filters):
        logger.addFilter(HideResponseUrls())
    return logger


def use_format(log_format: str) -> None:
    """Switch every root handler to ``log_format`` ('text' or 'json')."""
    formatter = JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)
    for handler in logging.getLogger().handlers:
        handler.setFormatter(formatter)
