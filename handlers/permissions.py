"""Who may do what: the permission policy, pure (no Slack calls), so tests and the CLI use it directly.

The bot asks three questions before it acts, each answered here from facts it looked up in
Slack (``bot/permissions.py`` does the lookups and their caching):

* may this user see corpus content at all (``audience``)? Guests and people from another
  organisation (Slack Connect) may not, unless ``TALKBOT_ALLOW_GUESTS`` / ``TALKBOT_ALLOW_EXTERNAL``;
* is the bot enabled in this channel (``channel_enabled``)? ``TALKBOT_CHANNELS``; DMs always are;
* does this action need an editor (``digest_post_needs_editor``, ``CHANGING_DIGESTS``), and is the user one
  (``is_editor``)? Editors are ``TALKBOT_EDITORS`` (users and user groups), else admins and owners.

Every refusal is a ``Denial`` with one private, friendly line that says who can do it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# Slack's id shapes: users U…/W… (W on Enterprise Grid), user groups S…, channels C… (public or new
# private), G… (older private channels and group DMs), D… (direct messages).
_USER_ID_RE = re.compile(r"^[UW][A-Z0-9]{2,}$")
_GROUP_ID_RE = re.compile(r"^S[A-Z0-9]{2,}$")
_CHANNEL_ID_RE = re.compile(r"^[CG][A-Z0-9]{2,}$")
DIRECT_MESSAGE_PREFIX = "D"

POSTING_MEMBERS, POSTING_EDITORS = "members", "editors"
DEFAULT_DIGEST_OPEN_MAX = 50
MAX_NAMED_EDITORS = 5  # a refusal names at most this many editors, then "and N more"


class PermissionSettingError(ValueError):
    """A permission setting that does not parse; the message says what is expected."""


def _split(raw: str) -> list[str]:
    return [part for part in re.split(r"[\s,]+", raw.strip()) if part]


def parse_editors(raw: str) -> tuple[str, ...]:
    """``TALKBOT_EDITORS``: user ids (U…, W…) and user-group ids (S…), separated by commas or spaces."""
    ids = _split(raw)
    bad = [part for part in ids if not (_USER_ID_RE.match(part) or _GROUP_ID_RE.match(part))]
    if bad:
        raise PermissionSettingError(
            "must be Slack user ids (U…, W…) or user-group ids (S…), separated by commas; "
            f"not {', '.join(map(repr, bad[:3]))} (a member's id is in their profile under ⋮ → Copy member ID)")
    return tuple(dict.fromkeys(ids))


def parse_channels(raw: str) -> tuple[str, ...]:
    """``TALKBOT_CHANNELS``: channel ids (C…, G…), separated by commas or spaces; empty means every channel."""
    ids = _split(raw)
    bad = [part for part in ids if not _CHANNEL_ID_RE.match(part)]
    if bad:
        raise PermissionSettingError(
            f"must be Slack channel ids (C…, G…), separated by commas; not {', '.join(map(repr, bad[:3]))}"
            " (a channel's id is at the bottom of its 'About' tab; names like #general change)")
    return tuple(dict.fromkeys(ids))


def parse_posting(raw: str) -> str:
    """``TALKBOT_DIGEST_POSTING``: ``members`` (anyone, in channels up to the size limit) or ``editors``."""
    value = raw.strip().casefold()
    if value not in (POSTING_MEMBERS, POSTING_EDITORS):
        raise PermissionSettingError(f"must be '{POSTING_MEMBERS}' or '{POSTING_EDITORS}', got {raw!r}")
    return value


def parse_flag(raw: str) -> bool:
    """``1``/``0`` (also true/false, yes/no, on/off)."""
    value = raw.strip().casefold()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise PermissionSettingError(f"must be 1 or 0, got {raw!r}")


def parse_member_count(raw: str) -> int:
    """A number of channel members."""
    if not raw.strip().isdigit():
        raise PermissionSettingError(f"must be a number of channel members, got {raw!r}")
    return int(raw.strip())


@dataclass(frozen=True)
class Policy:
    """The permission settings in effect (``Policy.from_settings`` in bot/permissions.py)."""

    editors: tuple[str, ...] = ()  # user and user-group ids; empty: admins and owners are the editors
    digest_open_max: int = DEFAULT_DIGEST_OPEN_MAX
    digest_posting: str = POSTING_MEMBERS
    allow_external: bool = False
    allow_guests: bool = False
    channels: tuple[str, ...] = ()  # empty: every channel

    @property
    def editor_users(self) -> frozenset[str]:
        return frozenset(i for i in self.editors if not i.startswith("S"))

    @property
    def editor_groups(self) -> tuple[str, ...]:
        return tuple(i for i in self.editors if i.startswith("S"))

    def describe(self) -> list[tuple[str, str]]:
        """The effective settings in words, for ``talkbot settings`` and the start-up log."""
        editors = ", ".join(self.editors) if self.editors else "workspace admins and owners (TALKBOT_EDITORS unset)"
        posting = ("editors only" if self.digest_posting == POSTING_EDITORS
                   else f"anyone in channels of up to {self.digest_open_max} members, editors anywhere")
        return [
            ("editors", editors),
            ("changing weekly digests", "editors only"),
            ("posting digest threads", posting),
            ("external users (Slack Connect)", "allowed" if self.allow_external else "no corpus content"),
            ("guests", "allowed" if self.allow_guests else "no corpus content"),
            ("channels", ", ".join(self.channels) + " and DMs" if self.channels else "every channel and DMs"),
        ]


@dataclass(frozen=True)
class Org:
    """The organisation the bot is installed in: its workspace, and its Enterprise Grid org if any."""

    team_id: str
    enterprise_id: str | None = None


@dataclass(frozen=True)
class UserFacts:
    """What Slack says about a user (``users.info``) that the policy needs."""

    user_id: str
    team_id: str = ""
    enterprise_id: str | None = None  # from ``enterprise_user`` on Enterprise Grid
    is_admin: bool = False
    is_owner: bool = False
    is_restricted: bool = False  # multi-channel guest
    is_ultra_restricted: bool = False  # single-channel guest
    is_stranger: bool = False  # from another workspace, seen outside a shared channel
    is_bot: bool = False

    @classmethod
    def from_users_info(cls, user: dict[str, Any]) -> UserFacts:
        """Read ``users.info``'s ``user`` object."""
        enterprise = user.get("enterprise_user") if isinstance(user.get("enterprise_user"), dict) else {}
        return cls(
            user_id=str(user.get("id", "")),
            team_id=str(user.get("team_id") or ""),
            enterprise_id=(enterprise or {}).get("enterprise_id") or user.get("enterprise_id"),
            is_admin=bool(user.get("is_admin")),
            is_owner=bool(user.get("is_owner") or user.get("is_primary_owner")),
            is_restricted=bool(user.get("is_restricted")),
            is_ultra_restricted=bool(user.get("is_ultra_restricted")),
            is_stranger=bool(user.get("is_stranger")),
            is_bot=bool(user.get("is_bot")),
        )

    def is_external(self, org: Org) -> bool:
        """From another organisation: a stranger, or a user of another Grid org or (without Grid) another team."""
        if self.is_stranger:
            return True
        if org.enterprise_id or self.enterprise_id:
            # On Enterprise Grid the org is the enterprise; a user of a Grid org is external to a
            # workspace outside it, and a Grid install's own users always carry their enterprise.
            return self.enterprise_id != org.enterprise_id
        return bool(self.team_id) and self.team_id != org.team_id

    @property
    def is_guest(self) -> bool:
        return self.is_restricted or self.is_ultra_restricted


@dataclass(frozen=True)
class Denial:
    """A refusal: one private line for the user, and a short reason for the log."""

    text: str
    reason: str


NOT_ENABLED_HERE = Denial("I'm not enabled in this channel. Ask me in a direct message or in one of the channels "
                          "where your workspace admins have turned me on.", "channel_not_enabled")
EXTERNAL_DENIED = Denial("Sorry, I only answer members of the workspace that installed me, so I can't share the "
                         "talk summaries here.", "external_user")
GUEST_DENIED = Denial("Sorry, the talk summaries are only shared with full members of this workspace, not with "
                      "guest accounts.", "guest")
LOOKUP_FAILED = Denial("I couldn't check your access with Slack just now. Please try again in a minute.",
                       "lookup_failed")


def channel_enabled(policy: Policy, channel: str | None) -> bool:
    """True where the bot answers and posts: allowlisted channels (every channel without a list) and DMs."""
    if not policy.channels or not channel or channel.startswith(DIRECT_MESSAGE_PREFIX):
        return True
    return channel in policy.channels


def audience(policy: Policy, user: UserFacts, org: Org) -> Denial | None:
    """Whether ``user`` may see corpus content; a ``Denial`` when not."""
    if user.is_external(org) and not policy.allow_external:
        return EXTERNAL_DENIED
    if user.is_guest and not policy.allow_guests:
        return GUEST_DENIED
    return None


def is_listed_editor(policy: Policy, user_id: str, group_members: dict[str, frozenset[str]]) -> bool:
    """``user_id`` is in ``TALKBOT_EDITORS`` itself or in one of its user groups (members given per group)."""
    return user_id in policy.editor_users or any(user_id in members for members in group_members.values())


def is_admin_editor(user: UserFacts, org: Org) -> bool:
    """Without ``TALKBOT_EDITORS``: the workspace's own admins and owners (not another org's admins)."""
    return (user.is_admin or user.is_owner) and not user.is_external(org) and not user.is_guest


@dataclass(frozen=True)
class EditorAction:
    """Something only editors may do, and how a refusal says it."""

    what: str  # completes "Only editors can …"


CHANGING_DIGESTS = EditorAction("change this channel's weekly digest")
CURATING = EditorAction("see the team's stats, gaps and curator reports (your own history: `/talkbot stats`)")
EDITING_TALKS = EditorAction("add aliases, accept or reject suggestions, or undo edits (anyone else's video links, "
                             "definitions and corrections go to the editors as suggestions)")
POSTING_DIGEST_HERE = EditorAction("post a digest thread in this channel")
POSTING_DIGEST_BIG = "post a digest thread in a channel with more than {limit} members"


def digest_post_needs_editor(policy: Policy, member_count: int | None) -> bool | None:
    """Whether posting a digest thread in a channel of ``member_count`` members needs an editor.

    None when the answer depends on the count and it is not known yet (the caller looks it up).
    """
    if policy.digest_posting == POSTING_EDITORS:
        return True
    if member_count is None:
        return None
    return member_count > policy.digest_open_max


def posting_action(policy: Policy) -> EditorAction:
    """How a refused digest post is explained: by the setting or by the channel's size."""
    if policy.digest_posting == POSTING_EDITORS:
        return POSTING_DIGEST_HERE
    return EditorAction(POSTING_DIGEST_BIG.format(limit=policy.digest_open_max))


def editors_named(policy: Policy) -> str:
    """Who the editors are, as Slack mrkdwn (user and user-group mentions do not notify in private replies)."""
    if not policy.editors:
        return "a workspace admin or owner"
    names = [f"<!subteam^{i}>" if i.startswith("S") else f"<@{i}>" for i in policy.editors]
    shown = names[:MAX_NAMED_EDITORS]
    rest = len(names) - len(shown)
    listed = ", ".join(shown) + (f" and {rest} more" if rest else "")
    return f"an editor ({listed})"


def needs_editor(policy: Policy, action: EditorAction) -> Denial:
    """The refusal for a member who tried ``action``: says who can do it."""
    return Denial(f"Only editors can {action.what}. Please ask {editors_named(policy)}.", "not_editor")


def introduction(policy: Policy, name: str = "talkbot") -> str:
    """The one message the bot posts when it is added to a channel (Slack mrkdwn).

    It names the bot as text: inside a code span (the example question) a ``<@…>`` mention would show
    as raw markup.
    """
    if policy.digest_posting == POSTING_EDITORS:
        who = editors_named(policy)
        posting = f"{who[:1].upper() + who[1:]} can post a talk's digest thread here with `/digest TALK`"
    else:
        posting = (f"Anyone can post a talk's digest thread here with `/digest TALK` (in channels of up to "
                   f"{policy.digest_open_max} members; above that, {editors_named(policy)})")
    return (
        f"Hi, I'm {name}. I answer questions from the team's conference-talk summaries.\n"
        f"• Mention me here, e.g. `@{name} what is PJRT?`, and I answer in a thread.\n"
        "• To ask privately, send me a direct message, or use `/define XLA` or `/talk pallas` here: only you "
        "see the answer.\n"
        f"• {posting}. Only {editors_named(policy)} can subscribe this channel to a weekly digest "
        "(`/digest subscribe`)."
    )
