FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY handlers ./handlers
COPY store ./store
COPY corpus ./corpus
RUN pip install --no-cache-dir -e .
ENV TALKBOT_DB=/data/talkbot.db TALKBOT_CORPUS=/app/corpus
EXPOSE 3000
CMD ["talkbot", "serve", "--http"]
