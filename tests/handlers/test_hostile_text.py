"""Hostile text through the real handlers over the bundled corpus: every answer is one Slack accepts.

Slack markup, FTS and SQL syntax, control characters and 10,000-character inputs (hypothesis),
and every digest and definition of the corpus, checked against Slack's documented limits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handlers import commands, digest_commands, mentions
from handlers.blocks import (
    render,
    render_digest,
    render_home,
)
from handlers.digests import build_digest
from handlers.replies import DefineReply, DigestThread, Reply, TalkHome
from store.db import Store
from store.state import ThreadTopic
from tests.conftest import CORPUS
from tests.slack_limits import message_problems, unexpected_entities, view_problems

# -- hostile text ------------------------------------------------------------------------

SLACK_MARKUP = [
    "<!channel>", "<!here>", "<!everyone>", "<!subteam^S0123|@team>", "<!date^1392734382^{date}|x>",
    "<@U024BE7LH>", "<@W123|someone>", "<#C123ABC456|general>", "<http://x|y>", "<https://evil.example/?a=1&b=2|click>",
    "<mailto:a@b.c|mail>", "<", ">", "&", "&lt;!channel&gt;", "<!", "<@", "*bold*", "_it_", "`code`", "```", "~s~",
]
FTS_AND_SQL = [
    '"', '""', "*", "NEAR(a b, 2)", "a OR b", "NOT", "AND", "^start", "title:x", "{title summary}:x", "(", ")", "-",
    "+", ":", "'; DROP TABLE talks; --", "' OR 1=1 --", "\" OR \"\"=\"", "%", "_", "UNION SELECT * FROM talks",
    "\\", "\x00", "/*", "*/", "--", ";", "MATCH", "rank", "bm25(talks)",
]
CONTROL = ["\x00", "\x07", "\x1b[31m", "\r\n", "\t", "\u200b", "\u202e", "\ufeff", "\u2028", "\x7f", "\x85"]
CORPUS_WORDS = ["XLA", "HLO", "PJRT", "pallas", "Palace", "kinetic", "TPU", "HBM", "Speicherarchitektur", "define",
                "what is", "talk", "digest", "xla crash course", "was ist"]

piece = st.one_of(
    st.sampled_from(SLACK_MARKUP + FTS_AND_SQL + CONTROL + CORPUS_WORDS),
    st.text(max_size=12),
)
hostile = st.one_of(
    st.lists(piece, max_size=12).map(" ".join),
    st.lists(piece, max_size=12).map("".join),
    st.tuples(st.lists(piece, min_size=1, max_size=4).map(" ".join), st.integers(1, 10_000))
    .map(lambda pair: (pair[0] * (10_000 // max(1, len(pair[0])) + 1))[: pair[1]]),
    st.just("x" * 10_000),
)
# Command-style prefixes mentions understand, so hostile text reaches every branch of answer().
mention_text = st.tuples(st.sampled_from(["", "define ", "what is ", "talk ", "digest ", "was ist "]), hostile).map(
    "".join
)
HYPOTHESIS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def runner() -> Iterator[asyncio.Runner]:
    """One event loop for the synchronous hypothesis tests (they cannot be coroutines)."""
    with asyncio.Runner() as loop_runner:
        yield loop_runner


@pytest.fixture(scope="module")
def corpus_store(runner: asyncio.Runner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """The bundled corpus, opened once for all text properties (they only read)."""
    from store.ingest import ingest_sync

    path = tmp_path_factory.mktemp("hardening") / "talkbot.db"
    ingest_sync(path, [CORPUS])
    store = runner.run(Store.open(path, CORPUS))
    yield store
    runner.run(store.close())


def payloads(reply: Reply) -> list[dict]:
    """Every Slack message a reply becomes (a digest is several)."""
    if isinstance(reply, DigestThread):
        return render_digest(reply)
    if isinstance(reply, TalkHome):
        return [render_home(reply)]
    return [render(reply)]


def assert_sendable(reply: Reply, *, sharer: str | None = None) -> None:
    """Every message of ``reply`` is one Slack accepts, and none carries a ping we did not put there."""
    for payload in payloads(reply):
        problems = view_problems(payload) if payload.get("type") == "home" else message_problems(payload)
        assert problems == [], problems
        assert unexpected_entities(payload, sharer=sharer) == []


@HYPOTHESIS
@given(text=hostile, expanded=st.booleans())
def test_define_survives_any_text(runner: asyncio.Runner, corpus_store: Store, text: str, expanded: bool) -> None:
    reply = runner.run(commands.define(corpus_store, text, expanded=expanded))
    assert_sendable(reply)
    if isinstance(reply, DefineReply) and any(r.hits for r in reply.results):
        reply.shared_by = "USHARER"  # the share button's rendering of the same answer
        assert_sendable(reply, sharer="USHARER")


@HYPOTHESIS
@given(text=hostile)
def test_talk_survives_any_text(runner: asyncio.Runner, corpus_store: Store, text: str) -> None:
    assert_sendable(runner.run(commands.talk(corpus_store, text)))


@HYPOTHESIS
@given(text=hostile)
def test_digest_survives_any_text(runner: asyncio.Runner, corpus_store: Store, text: str) -> None:
    assert_sendable(runner.run(digest_commands.digest(corpus_store, text)))


@HYPOTHESIS
@given(text=mention_text, in_thread=st.booleans())
def test_mention_survives_any_text(runner: asyncio.Runner, corpus_store: Store, text: str, in_thread: bool) -> None:
    thread_talk = runner.run(corpus_store.list_talks())[0].talk_id if in_thread else None
    context = ThreadTopic(thread_talk, "", "summary", "en") if thread_talk else None
    assert_sendable(runner.run(mentions.answer(corpus_store, f"<@UBOT> {text}", context=context)))


def test_the_validator_catches_what_slack_rejects() -> None:
    button = {"type": "button", "text": {"type": "plain_text", "text": "x"}, "action_id": "a", "value": "v"}
    bad = {
        "text": " ",
        "blocks": [
            {"type": "section", "text": {"type": "mrkdwn", "text": ""}},
            {"type": "header", "text": {"type": "plain_text", "text": "h" * 151}},
            {"type": "context", "elements": [{"type": "mrkdwn", "text": "c"}] * 11},
            {"type": "actions", "elements": [button, button]},
        ] + [{"type": "divider"}] * 47,
    }
    problems = "\n".join(message_problems(bad))
    for expected in ("blank", "empty text", "151", "11 elements", "used 2 times", "no more than 50"):
        assert expected in problems
    assert unexpected_entities({"text": "hi &lt;!channel&gt; <http://a.example/v?t=5s|0:05>"}) == []
    assert unexpected_entities({"text": "hi <!channel>"}) and unexpected_entities({"text": "a <@U1"})
    assert unexpected_entities({"text": "Shared by <@U1>"}, sharer="U1") == []


def test_every_digest_and_every_definition_is_sendable(runner: asyncio.Runner, corpus_store: Store) -> None:
    talks = runner.run(corpus_store.list_talks())
    assert talks
    for listed in talks:
        talk = runner.run(corpus_store.get_talk(listed.talk_id))
        assert talk is not None
        for with_footer in (False, True):
            assert_sendable(build_digest(talk, with_footer=with_footer))
    terms = runner.run(corpus_store.all_terms())
    assert terms
    for term in terms:
        for expanded in (False, True):
            assert_sendable(runner.run(commands.define(corpus_store, term, expanded=expanded)))
    assert_sendable(TalkHome(talks))
    for page in range(3):
        assert_sendable(runner.run(commands.all_talks(corpus_store, page=page)))
