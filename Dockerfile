# talkbot's image: the package installed (not editable) with pinned dependencies (requirements.lock)
# into a virtualenv in a build stage, copied into a slim runtime that runs as a non-root user.
# The database lives in the volume /data; the bundled corpus is package data (store/bundled_corpus) and
# the default TALKBOT_CORPUS: mount your own and point TALKBOT_CORPUS at it (docker-compose.yml: /corpus).
# Build: docker build -t talkbot .   Run: see docker-compose.yml and README.md, section 'Operations'.

FROM python:3.11-slim AS build
WORKDIR /src
RUN python -m venv /opt/talkbot
COPY pyproject.toml README.md requirements.lock ./
COPY bot ./bot
COPY handlers ./handlers
COPY store ./store
COPY corpus ./corpus
RUN /opt/talkbot/bin/pip install --no-cache-dir --no-compile -c requirements.lock . \
 && /opt/talkbot/bin/pip uninstall --yes pip \
 && /opt/talkbot/bin/python -m compileall -q /opt/talkbot/lib

FROM python:3.11-slim
RUN useradd --system --uid 10001 --user-group --home-dir /data --no-create-home --shell /usr/sbin/nologin talkbot \
 && mkdir -p /data && chown talkbot:talkbot /data
COPY --from=build /opt/talkbot /opt/talkbot
ENV PATH=/opt/talkbot/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    TALKBOT_DB=/data/talkbot.db \
    TALKBOT_METRICS_PORT=9464 \
    TALKBOT_LOG_FORMAT=json \
    MALLOC_ARENA_MAX=2
USER talkbot
WORKDIR /data
VOLUME ["/data"]
# 3000: Slack's requests in HTTP mode (plus /healthz and /metrics); 9464: /metrics and /healthz in any mode.
EXPOSE 3000 9464
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ['TALKBOT_METRICS_PORT'], timeout=4)"]
# Socket Mode when SLACK_APP_TOKEN is set; `talkbot serve --http` for HTTP mode.
CMD ["talkbot", "serve"]
