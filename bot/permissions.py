"""Permission checks for listeners: the policy of handlers/permissions.py over facts looked up in Slack.

Where the facts come from: a user's account type and organisation from ``users.info`` (the
events' own ``user_team``/``team`` fields are missing from slash commands and do not say
"guest"), a user group's members from ``usergroups.users.list``, a channel's size from
``conversations.info`` (``include_num_members``). Each answer is kept ``FACTS_TTL_SECONDS``: a
burst of questions after a talk costs one lookup per person, and a demoted editor or a guest
who was just added loses access within that time. ``decide_now`` answers from those caches
alone, so a cached user never waits for Slack on the acknowledgement path.

A lookup that fails (an error code, a 429, a 5xx with a text/plain body, a timeout) denies with
``LOOKUP_FAILED`` ("try again"), is logged once, and is not cached: it never allows and never
raises into a listener.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

from handlers.permissions import (
    CHANGING_DIGESTS,
    CURATING,
    EDITING_TALKS,
    LOOKUP_FAILED,
    NOT_ENABLED_HERE,
    Denial,
    Org,
    Policy,
    UserFacts,
    audience,
    channel_enabled,
    digest_post_needs_editor,
    is_admin_editor,
    is_listed_editor,
    needs_editor,
    posting_action,
)

from .settings import Settings
from .slack_client import SLACK_FAILURES, lookup_client

log = logging.getLogger(__name__)

FACTS_TTL_SECONDS = 300.0  # users.info, usergroups.users.list, conversations.info answers are reused this long
MAX_CACHED = 10_000  # entries per cache; the oldest go first
LOOKUP_TIMEOUT_SECONDS = 5.0  # a permission check waits at most this long for Slack, then says "try again"

K = TypeVar("K")
V = TypeVar("V")


class LookupFailed(Exception):
    """Slack did not answer a lookup usefully; the check denies."""

    def __init__(self, method: str, code: str, detail: str = "") -> None:
        super().__init__(f"{method}: {detail or code}")
        self.method, self.code = method, code


class TimedCache(Generic[K, V]):
    """Values kept ``ttl`` seconds, at most ``size`` of them; concurrent misses of one key share one lookup."""

    def __init__(self, ttl: float = FACTS_TTL_SECONDS, size: int = MAX_CACHED,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl, self.size, self._clock = ttl, size, clock
        self._values: OrderedDict[K, tuple[float, V]] = OrderedDict()
        self._pending: dict[K, asyncio.Future[V]] = {}

    def peek(self, key: K) -> V | None:
        """The cached value, or None when absent or expired (never waits)."""
        found = self._values.get(key)
        if found is None:
            return None
        if found[0] <= self._clock():
            del self._values[key]
            return None
        return found[1]

    async def get(self, key: K, load: Callable[[], Awaitable[V]]) -> V:
        """The cached value, else ``load()``'s (failures are not cached)."""
        value = self.peek(key)
        if value is not None:
            return value
        pending = self._pending.get(key)
        if pending is None:
            pending = asyncio.ensure_future(load())
            self._pending[key] = pending
            pending.add_done_callback(lambda done: self._settle(key, done))
        return await asyncio.shield(pending)

    def _settle(self, key: K, done: asyncio.Future[V]) -> None:
        self._pending.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        self._values[key] = (self._clock() + self.ttl, done.result())
        self._values.move_to_end(key)
        while len(self._values) > self.size:
            self._values.popitem(last=False)

    def clear(self) -> None:
        self._values.clear()


class SlackDirectory:
    """Cached answers to the three lookups the permission checks need."""

    def __init__(self, client: AsyncWebClient, ttl: float = FACTS_TTL_SECONDS) -> None:
        self._client = client
        self.users: TimedCache[str, UserFacts] = TimedCache(ttl)
        self.groups: TimedCache[str, frozenset[str]] = TimedCache(ttl)
        self.member_counts: TimedCache[str, int] = TimedCache(ttl)

    async def user(self, user_id: str) -> UserFacts:
        async def load() -> UserFacts:
            answer = await self._call("users.info", self._client.users_info(user=user_id))
            user = answer.get("user")
            if not isinstance(user, dict):
                raise LookupFailed("users.info", "no_user")
            return UserFacts.from_users_info(user)

        return await self.users.get(user_id, load)

    async def group_members(self, group_id: str) -> frozenset[str]:
        async def load() -> frozenset[str]:
            answer = await self._call("usergroups.users.list", self._client.usergroups_users_list(usergroup=group_id))
            users = answer.get("users")
            if not isinstance(users, list):
                raise LookupFailed("usergroups.users.list", "no_users")
            return frozenset(str(user) for user in users)

        return await self.groups.get(group_id, load)

    async def member_count(self, channel: str) -> int:
        async def load() -> int:
            answer = await self._call("conversations.info",
                                      self._client.conversations_info(channel=channel, include_num_members=True))
            count = (answer.get("channel") or {}).get("num_members")
            if not isinstance(count, int):
                raise LookupFailed("conversations.info", "no_num_members")
            return count

        return await self.member_counts.get(channel, load)

    @staticmethod
    async def _call(method: str, call: Awaitable[AsyncSlackResponse]) -> dict:
        try:
            response = await asyncio.wait_for(call, LOOKUP_TIMEOUT_SECONDS)
        except SlackApiError as error:  # its data is a str when Slack answered text/plain or HTML
            data = error.response.data if error.response is not None else None
            code = str(data.get("error")) if isinstance(data, dict) else "non_json_answer"
            status = error.response.status_code if error.response is not None else "?"
            raise LookupFailed(method, code, f"status={status} error={code}") from error
        except SLACK_FAILURES as error:
            raise LookupFailed(method, type(error).__name__) from error
        data = response.data
        if not isinstance(data, dict) or not data.get("ok"):
            raise LookupFailed(method, "not_ok", f"answered {str(data)[:80]!r}")
        return data


@dataclass(frozen=True)
class Requester:
    """Who asked, where, and the organisation the bot is installed in."""

    user_id: str
    channel: str | None
    org: Org


class Permissions:
    """Every permission check a listener makes; each returns a ``Denial`` or None (allowed)."""

    def __init__(self, policy: Policy, directory: SlackDirectory,
                 count_failure: Callable[[str, str], None] | None = None) -> None:
        self.policy = policy
        self.directory = directory
        self._count_failure = count_failure  # (method, code): the metrics' Slack error counter

    @classmethod
    def from_settings(cls, settings: Settings, client: AsyncWebClient,
                      count_failure: Callable[[str, str], None] | None = None) -> Permissions:
        return cls(policy_of(settings), SlackDirectory(lookup_client(client)), count_failure)

    def channel_enabled(self, channel: str) -> bool:
        """The bot answers and posts in ``channel`` (TALKBOT_CHANNELS; DMs always)."""
        return channel_enabled(self.policy, channel)

    # -- reading corpus content (answers, cards, the Home tab) ------------------------------

    def knows(self, user_id: str) -> bool:
        """Whether ``user_id``'s facts are cached (their checks need no users.info)."""
        return self.directory.users.peek(user_id) is not None

    def decide_now(self, who: Requester) -> Denial | None | Literal[False]:
        """The read decision from what is known without asking Slack: a Denial, None (allowed), or
        False when a lookup is needed first."""
        if not channel_enabled(self.policy, who.channel):
            return _refused(who, NOT_ENABLED_HERE)
        if self._trusts_everyone():
            return None
        user = self.directory.users.peek(who.user_id)
        if user is None:
            return False
        return _refused(who, audience(self.policy, user, who.org))

    async def may_read(self, who: Requester) -> Denial | None:
        """Whether ``who`` may see corpus content here (looking the user up when not cached)."""
        decided = self.decide_now(who)
        if decided is not False:
            return decided
        try:
            user = await self.directory.user(who.user_id)
        except LookupFailed as failure:
            return self._failed(failure, who, "read")
        return _refused(who, audience(self.policy, user, who.org))

    # -- things only editors may do ---------------------------------------------------------

    async def is_editor(self, who: Requester) -> bool:
        """Editors: ``TALKBOT_EDITORS`` (users, user groups), else the workspace's admins and owners.

        Raises LookupFailed when Slack does not answer.
        """
        if who.user_id in self.policy.editor_users:
            return True
        if self.policy.editors:
            members = {group: await self.directory.group_members(group) for group in self.policy.editor_groups}
            return is_listed_editor(self.policy, who.user_id, members)
        return is_admin_editor(await self.directory.user(who.user_id), who.org)

    async def may_change_digests(self, who: Requester) -> Denial | None:
        """Subscribing, unsubscribing, rescheduling, pausing or resuming the channel's weekly digest."""
        denied = await self.may_read(who)
        if denied is not None:
            return denied
        try:
            return None if await self.is_editor(who) else _refused(who, needs_editor(self.policy, CHANGING_DIGESTS))
        except LookupFailed as failure:
            return self._failed(failure, who, "editor")

    async def may_curate(self, who: Requester) -> Denial | None:
        """Team stats, gaps and the weekly curator report (``/talkbot stats|gaps|report``): editors only."""
        denied = await self.may_read(who)
        if denied is not None:
            return denied
        try:
            return None if await self.is_editor(who) else needs_editor(self.policy, CURATING)
        except LookupFailed as failure:
            return self._failed(failure, who, "curate")

    async def may_edit(self, who: Requester) -> Denial | None:
        """Team edits from Slack (definitions, a talk's video link, undoing an edit): editors only."""
        denied = await self.may_read(who)
        if denied is not None:
            return denied
        try:
            return None if await self.is_editor(who) else _refused(who, needs_editor(self.policy, EDITING_TALKS))
        except LookupFailed as failure:
            return self._failed(failure, who, "editor")

    async def edits_apply(self, who: Requester) -> Denial | bool:
        """True: ``who`` is an editor, whose edits apply at once; False: a member, whose edits become suggestions
        for the editors; a Denial: neither (may not read here, or a lookup failed)."""
        denied = await self.may_read(who)
        if denied is not None:
            return denied
        try:
            return await self.is_editor(who)
        except LookupFailed as failure:
            return self._failed(failure, who, "editor")

    async def shows_edit_buttons(self, who: Requester) -> bool:
        """Whether an answer to ``who`` offers editors' buttons (*Set video link*); a failed lookup offers none,
        and every click is checked again (``may_edit``)."""
        try:
            return await self.is_editor(who)
        except LookupFailed:
            return False

    async def may_post_digest(self, who: Requester) -> Denial | None:
        """Posting a digest thread in ``who.channel``: anyone in small channels, editors in big ones
        (``TALKBOT_DIGEST_OPEN_MAX``), only editors with ``TALKBOT_DIGEST_POSTING=editors``."""
        denied = await self.may_read(who)
        if denied is not None:
            return denied
        try:
            if await self.is_editor(who):
                return None
            needed = digest_post_needs_editor(self.policy, None)
            if needed is None and who.channel and not who.channel.startswith("D"):
                needed = digest_post_needs_editor(self.policy, await self.directory.member_count(who.channel))
        except LookupFailed as failure:
            return self._failed(failure, who, "digest_post")
        return _refused(who, needs_editor(self.policy, posting_action(self.policy))) if needed else None

    def _trusts_everyone(self) -> bool:
        return self.policy.allow_external and self.policy.allow_guests

    def _failed(self, failure: LookupFailed, who: Requester, check: str) -> Denial:
        """The one log line of a failed lookup; the check denies."""
        log.warning("permission lookup failed check=%s user=%s error=%s", check, who.user_id, failure)
        if self._count_failure is not None:
            self._count_failure(failure.method, failure.code)
        return LOOKUP_FAILED


def _refused(who: Requester, denial: Denial | None) -> Denial | None:
    """Log a refusal once (reason, user, channel: no user text), and pass it on."""
    if denial is not None:
        log.info("refused reason=%s user=%s channel=%s", denial.reason, who.user_id, who.channel)
    return denial


def policy_of(settings: Settings) -> Policy:
    """The permission policy of ``settings``."""
    return Policy(
        editors=settings.editors,
        digest_open_max=settings.digest_open_max,
        digest_posting=settings.digest_posting,
        allow_external=settings.allow_external,
        allow_guests=settings.allow_guests,
        channels=settings.channels,
    )


def effective_permissions(settings: Settings) -> list[str]:
    """The permission settings in effect, one line each, for ``talkbot settings`` and the log at start."""
    lines = [f"{name}: {value}" for name, value in policy_of(settings).describe()]
    lines += [f"problem: {message}" for env, message in settings.problems
              if env in ("TALKBOT_EDITORS", "TALKBOT_DIGEST_POSTING", "TALKBOT_DIGEST_OPEN_MAX",
                         "TALKBOT_ALLOW_EXTERNAL", "TALKBOT_ALLOW_GUESTS", "TALKBOT_CHANNELS")]
    return lines


def org_of(context: object) -> Org:
    """The installing organisation of a request, from bolt's authorize result (``auth.test`` of our token).

    The request's own ``team_id`` is the asker's workspace, which in a Slack Connect channel is another org's.
    """
    result = getattr(context, "authorize_result", None)
    if result is not None:
        return Org(result.team_id or "", result.enterprise_id)
    return Org(getattr(context, "team_id", None) or "", getattr(context, "enterprise_id", None))
