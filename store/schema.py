"""The database schema, in one place, with its version and migrations.

``PRAGMA user_version`` holds the schema version. Each migration moves the schema one version
forward inside the caller's transaction; ``migrate`` applies the missing ones in order.
Corpus tables are rebuilt by every ingest; bot state (subscriptions, digest ledger, leases, seen
events, digest threads, thread topics: store.state.BotState) lives in its own tables that ingest never touches.
"""

from __future__ import annotations

import sqlite3

from .errors import SchemaVersionError

_V1 = """
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE talks (
    talk_id TEXT PRIMARY KEY,
    position INTEGER NOT NULL,
    title TEXT NOT NULL,
    speakers TEXT NOT NULL,          -- JSON list
    tags TEXT NOT NULL,              -- JSON list
    video_url TEXT,
    summary TEXT NOT NULL,           -- the first summary's text
    source_file TEXT NOT NULL,
    source_line INTEGER NOT NULL
);

CREATE TABLE summaries (
    summary_id INTEGER PRIMARY KEY,
    talk_id TEXT NOT NULL REFERENCES talks(talk_id),
    heading TEXT NOT NULL,
    text TEXT NOT NULL,
    source_file TEXT NOT NULL,
    source_line INTEGER NOT NULL
);

CREATE TABLE points (
    point_id INTEGER PRIMARY KEY,
    summary_id INTEGER NOT NULL REFERENCES summaries(summary_id),
    talk_id TEXT NOT NULL REFERENCES talks(talk_id),
    position INTEGER NOT NULL,       -- order within the talk, as written
    seconds INTEGER NOT NULL,
    label TEXT NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    source_file TEXT NOT NULL,
    source_line INTEGER NOT NULL
);
CREATE INDEX points_by_talk ON points(talk_id, position);

CREATE TABLE glossary (
    entry_id INTEGER PRIMARY KEY,
    summary_id INTEGER NOT NULL REFERENCES summaries(summary_id),
    talk_id TEXT NOT NULL REFERENCES talks(talk_id),
    head TEXT NOT NULL,
    definition TEXT NOT NULL,
    source_file TEXT NOT NULL,
    source_line INTEGER NOT NULL
);
CREATE INDEX glossary_by_talk ON glossary(talk_id);

-- One row per spelling that names a glossary entry: its terms, variants and expansions.
CREATE TABLE term_names (
    entry_id INTEGER NOT NULL REFERENCES glossary(entry_id),
    term TEXT NOT NULL,              -- the canonical term this name stands for
    expansion TEXT,
    name TEXT NOT NULL,              -- the spelling as written
    name_key TEXT NOT NULL,          -- text.term_key(name)
    kind TEXT NOT NULL               -- 'term', 'variant' or 'expansion'
);
CREATE INDEX term_names_by_key ON term_names(name_key);

CREATE TABLE highlights (
    highlight_id INTEGER PRIMARY KEY,
    summary_id INTEGER NOT NULL REFERENCES summaries(summary_id),
    talk_id TEXT NOT NULL REFERENCES talks(talk_id),
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    source_file TEXT NOT NULL,
    source_line INTEGER NOT NULL
);

-- Full-text index over folded text plus German compound parts (see store/compounds.py).
-- kind: 'ktalk' (title, speakers, summary), 'kpoint', 'kterm', 'khigh' (discussion highlight; indexed so
-- MATCH can filter on it); ref_id points into points, glossary or highlights.
CREATE VIRTUAL TABLE search_fts USING fts5(
    title, body, parts, kind,
    ref_id UNINDEXED, talk_id UNINDEXED,
    tokenize = "unicode61 remove_diacritics 2"
);
CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_fts, 'row');

-- Bot state: not touched by ingest.
CREATE TABLE seen_events (
    event_id TEXT PRIMARY KEY,
    seen_at REAL NOT NULL
);
CREATE INDEX seen_events_by_time ON seen_events(seen_at);

-- Digest threads the bot posted, so a mention inside one answers about its talk first.
CREATE TABLE digest_threads (
    channel TEXT NOT NULL,
    thread_ts TEXT NOT NULL,
    talk_id TEXT NOT NULL,
    posted_at REAL NOT NULL,
    PRIMARY KEY (channel, thread_ts)
);
"""

# Weekly digests: per-channel schedules, the posting ledger and leases between bot processes.
_V2 = """
CREATE TABLE subscriptions (
    channel TEXT PRIMARY KEY,
    weekday INTEGER NOT NULL,        -- 0 = Monday ... 6 = Sunday
    minute_of_day INTEGER NOT NULL,  -- local wall-clock time, minutes after midnight
    timezone TEXT NOT NULL,          -- IANA name
    tag TEXT,                        -- only talks with this tag
    query TEXT,                      -- only talks matching this query
    paused INTEGER NOT NULL DEFAULT 0,
    paused_reason TEXT,
    active_since REAL NOT NULL,      -- slots before this instant (subscribe, resume) are never posted
    created_by TEXT,
    updated_at REAL NOT NULL
);

-- One row per digest thread the bot set out to post; (channel, slot) makes each slot happen once.
CREATE TABLE digests (
    digest_id INTEGER PRIMARY KEY,
    channel TEXT NOT NULL,
    slot TEXT NOT NULL,              -- weekly: the slot's UTC instant (ISO); otherwise 'now:...'/'manual:...'
    kind TEXT NOT NULL,              -- 'weekly', 'now' or 'manual'
    talk_id TEXT NOT NULL,
    status TEXT NOT NULL,            -- 'posting', 'done', 'skipped' or 'abandoned'
    note TEXT,
    parent_ts TEXT,
    created_at REAL NOT NULL,
    finished_at REAL,
    UNIQUE (channel, slot)
);
CREATE INDEX digests_by_status ON digests(status, channel);

-- Each message of a digest, rendered when the digest was claimed so a restart posts the same text.
CREATE TABLE digest_messages (
    digest_id INTEGER NOT NULL REFERENCES digests(digest_id),
    position INTEGER NOT NULL,       -- 0 is the thread's parent
    payload TEXT NOT NULL,           -- JSON: text and blocks
    attempted_at REAL,               -- set before each request: a crash after it means "maybe posted"
    ts TEXT,                         -- set once Slack confirmed the post
    PRIMARY KEY (digest_id, position)
);

-- Short leases so two bot processes never post to the same channel at once.
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at REAL NOT NULL
);
"""

# Glossary lookups go from an entry to its names (suggestions, full-text term hits, a talk's glossary).
_V3 = """
CREATE INDEX term_names_by_entry ON term_names(entry_id);
"""

# Reading one talk (get_talk: /talk, digests, buttons) goes from the talk to its summaries and from a
# summary to its points, glossary and highlights; unindexed, each was a full scan (30 ms at 10,000 talks).
_V4 = """
CREATE INDEX summaries_by_talk ON summaries(talk_id);
CREATE INDEX points_by_summary ON points(summary_id, position);
CREATE INDEX glossary_by_summary ON glossary(summary_id);
CREATE INDEX highlights_by_summary ON highlights(summary_id);
"""

# Each row of bot state records its Slack workspace (store.state.Workspace), so one database can later
# serve an org-wide or multi-workspace install; '' means not known (rows written before this version).
_V5 = "\n".join(
    f"ALTER TABLE {table} ADD COLUMN team_id TEXT NOT NULL DEFAULT '';\n"
    f"ALTER TABLE {table} ADD COLUMN enterprise_id TEXT;"
    for table in ("seen_events", "digest_threads", "subscriptions", "digests")
)

# Channels the bot introduced itself in (once per channel, also across restarts). Bot state.
_V6 = """
CREATE TABLE introductions (
    channel TEXT PRIMARY KEY,
    introduced_at REAL NOT NULL,
    team_id TEXT NOT NULL DEFAULT '',
    enterprise_id TEXT
);
"""

# What the bot last answered in a thread (or a DM), so a follow-up ("who presented it?", "more")
# resolves against it. Bot state.
_V7 = """
CREATE TABLE thread_topics (
    channel TEXT NOT NULL,
    thread_ts TEXT NOT NULL,         -- '' for a direct message's main conversation
    talk_id TEXT,                    -- the talk the answer was about, if one
    subject TEXT NOT NULL,           -- the asked-about words
    shape TEXT NOT NULL,             -- the question's shape (handlers.questions.Shape)
    language TEXT NOT NULL,          -- 'en' or 'de'
    shown INTEGER NOT NULL,          -- key points shown so far (where "more" continues)
    updated_at REAL NOT NULL,
    team_id TEXT NOT NULL DEFAULT '',
    enterprise_id TEXT,
    PRIMARY KEY (channel, thread_ts)
);
CREATE INDEX thread_topics_by_time ON thread_topics(updated_at);
"""

# Incremental ingest (store/ingest.py): each corpus file's content hash; per summary what grouping needs
# without re-reading the text (derived title, speakers, counts of its words and terms) and its grouping
# keys (hashed distinctive words, glossary terms, speakers), so a new summary finds the talks it may
# belong to through an index; per talk its title and id before disambiguation, so a new clash finds them.
_V8 = """
CREATE TABLE corpus_files (
    name TEXT PRIMARY KEY,
    sha256 TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    summaries INTEGER NOT NULL
);
ALTER TABLE summaries ADD COLUMN title TEXT NOT NULL DEFAULT '';
ALTER TABLE summaries ADD COLUMN speakers TEXT NOT NULL DEFAULT '[]';
ALTER TABLE summaries ADD COLUMN word_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE summaries ADD COLUMN term_count INTEGER NOT NULL DEFAULT 0;
CREATE INDEX summaries_by_file ON summaries(source_file, source_line);
ALTER TABLE talks ADD COLUMN base_title_key TEXT NOT NULL DEFAULT '';
ALTER TABLE talks ADD COLUMN base_id TEXT NOT NULL DEFAULT '';
ALTER TABLE talks ADD COLUMN written_id TEXT;  -- the id of the title before canonical names, when it differs
CREATE INDEX talks_by_base_title ON talks(base_title_key);
CREATE INDEX talks_by_base_id ON talks(base_id);
CREATE TABLE summary_keys (
    key INTEGER NOT NULL,            -- 64-bit hash of 'w:word', 't:term' or 's:speaker'
    summary_id INTEGER NOT NULL,
    kind INTEGER NOT NULL            -- 0 word, 1 term, 2 speaker
);
CREATE INDEX summary_keys_by_key ON summary_keys(key, summary_id);
CREATE INDEX summary_keys_by_summary ON summary_keys(summary_id);
"""

# What people asked and how they rated answers (issue 15): kept TALKBOT_RETENTION_DAYS, deleted by
# `/talkbot forget me` and on app_uninstalled. Weekly curator reports: schedules like subscriptions',
# posted through the digest ledger (digests.kind 'report'). Bot state.
_V9 = """
CREATE TABLE questions (
    ref TEXT PRIMARY KEY,            -- random id, carried by the answer's vote buttons
    asked_at REAL NOT NULL,
    user_id TEXT NOT NULL,
    channel TEXT NOT NULL,
    thread_ts TEXT,
    visibility TEXT NOT NULL,        -- 'public', 'private' (private channel, group DM) or 'dm'
    via TEXT NOT NULL,               -- 'define', 'talk', 'mention', 'dm', 'home'
    text TEXT NOT NULL,              -- as asked (cleaned, capped)
    normalized TEXT NOT NULL,        -- folded, punctuation gone, aliases applied: what gaps count by
    answered INTEGER NOT NULL,       -- 0: not covered / no match
    shape TEXT NOT NULL,
    terms TEXT NOT NULL,             -- JSON list of glossary terms the answer showed
    talks TEXT NOT NULL,             -- JSON list of talk ids the answer showed
    message_ts TEXT,                 -- the public answer's ts (reactions find it by this)
    team_id TEXT NOT NULL DEFAULT '',
    enterprise_id TEXT
);
CREATE INDEX questions_by_time ON questions(asked_at);
CREATE INDEX questions_by_user ON questions(user_id, asked_at);
CREATE INDEX questions_by_message ON questions(channel, message_ts);

-- One vote per person per answer ('q:<ref>' a question's answer, 'd:<digest_id>' a digest thread).
CREATE TABLE votes (
    answer TEXT NOT NULL,
    user_id TEXT NOT NULL,
    value INTEGER NOT NULL,          -- +1 or -1
    via TEXT NOT NULL,               -- 'button' or 'reaction'
    reason TEXT,                     -- for -1: wrong_talk, wrong_moment, wrong_definition, missing, other
    comment TEXT,
    voted_at REAL NOT NULL,
    team_id TEXT NOT NULL DEFAULT '',
    enterprise_id TEXT,
    PRIMARY KEY (answer, user_id)
);
CREATE INDEX votes_by_time ON votes(voted_at);
CREATE INDEX votes_by_user ON votes(user_id);

CREATE TABLE report_subscriptions (
    channel TEXT PRIMARY KEY,
    weekday INTEGER NOT NULL,
    minute_of_day INTEGER NOT NULL,
    timezone TEXT NOT NULL,
    tag TEXT,
    query TEXT,
    paused INTEGER NOT NULL DEFAULT 0,
    paused_reason TEXT,
    active_since REAL NOT NULL,
    created_by TEXT,
    updated_at REAL NOT NULL,
    team_id TEXT NOT NULL DEFAULT '',
    enterprise_id TEXT
);
"""

# Team edits from Slack (issue 16): one row per edit, which is also its audit record (who, when, before,
# after). Ingest never touches it; it applies the live ones to what it writes (store/edits.py).
_V10 = """
CREATE TABLE team_edits (
    edit_id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,              -- 'video' (a talk's link), 'define' (a team definition), 'undo'
    target TEXT NOT NULL,            -- the stable talk id, the term's key, or the undone edit's id
    before TEXT,
    after TEXT,
    user_id TEXT NOT NULL,
    created_at REAL NOT NULL,
    undone_by INTEGER,               -- the undo edit that reverted this one
    team_id TEXT NOT NULL DEFAULT '',
    enterprise_id TEXT
);
CREATE INDEX team_edits_by_target ON team_edits(kind, target);
"""

# The team's definitions and key-point corrections as an export (team_edits.toml, store/edits_file.py) writes
# them: corpus data, rebuilt by ingest like the summaries; a live team edit of the same target decides over them.
_V11 = """
CREATE TABLE filed_definitions (
    term_key TEXT PRIMARY KEY,       -- text.term_key(term), as team_edits targets
    term TEXT NOT NULL,
    text TEXT,
    see TEXT,
    user_id TEXT NOT NULL,
    created_at REAL NOT NULL
);

CREATE TABLE filed_corrections (
    target TEXT PRIMARY KEY,         -- 'talk@seconds', as team_edits targets corrections
    after TEXT NOT NULL,             -- the point's corrected state (store.edits.correction_value)
    user_id TEXT NOT NULL,
    created_at REAL NOT NULL
);
"""

# A term's definitions in corpus order, and the count of talks defining it, from term_names alone: the file, line
# and talk of each name's glossary line are kept beside it (the glossary's own), so /define of a term defined in
# thousands of talks reads 50 index entries and counts talks in an index, instead of reading and sorting every
# glossary row (XLA at 50,000 summaries: 5,700 rows, 100-200 ms). Existing rows are filled from the glossary.
_V12 = """
ALTER TABLE term_names ADD COLUMN source_file TEXT NOT NULL DEFAULT '';
ALTER TABLE term_names ADD COLUMN source_line INTEGER NOT NULL DEFAULT 0;
ALTER TABLE term_names ADD COLUMN talk_id TEXT NOT NULL DEFAULT '';
UPDATE term_names SET source_file = g.source_file, source_line = g.source_line, talk_id = g.talk_id
    FROM glossary g WHERE g.entry_id = term_names.entry_id;
DROP INDEX term_names_by_key;
CREATE INDEX term_names_by_key ON term_names(name_key, source_file, source_line);
CREATE INDEX term_names_by_key_talk ON term_names(name_key, kind, talk_id);
"""

MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4, _V5, _V6, _V7, _V8, _V9, _V10, _V11, _V12)
SCHEMA_VERSION = len(MIGRATIONS)

# Tables that every ingest rebuilds, in an order that respects references.
CORPUS_TABLES = ("filed_definitions", "filed_corrections",
                 "search_fts", "summary_keys", "term_names", "highlights", "glossary", "points", "summaries", "talks",
                 "corpus_files")


def migrate(conn: sqlite3.Connection) -> int:
    """Apply missing migrations in one transaction; return the resulting version."""
    version = checked_version(conn)
    if version == SCHEMA_VERSION:
        return version
    conn.execute("BEGIN IMMEDIATE")
    try:
        # Re-read inside the write lock: another process (maybe a newer talkbot) may have migrated meanwhile.
        version = checked_version(conn)
        for number in range(version, SCHEMA_VERSION):
            for statement in _statements(MIGRATIONS[number]):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return SCHEMA_VERSION


def checked_version(conn: sqlite3.Connection) -> int:
    """The database's schema version; a newer one than this code knows is refused before anything is written."""
    version: int = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        path = conn.execute("PRAGMA database_list").fetchone()[2]
        raise SchemaVersionError(path, version, SCHEMA_VERSION)
    return version


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (executescript would commit our transaction)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return [s for s in statements if s]
