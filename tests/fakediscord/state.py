"""What the fake Discord keeps: users, guilds, channels, messages, interactions, commands.

Records are plain dataclasses that tests read directly. `World` owns them all, hands out
snowflakes, remembers everything a correct bot should never cause (`unexpected`) and wakes
coroutines waiting on a change (`wait_until`).
"""

from __future__ import annotations

import asyncio
import io
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TypeVar

from PIL import Image

T = TypeVar("T")

DISCORD_EPOCH_MS = 1_420_070_400_000
RECHECK_SECONDS = 0.02

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 51) - 1
EVERYONE_PERMISSIONS = (
    (1 << 0)  # create instant invite
    | (1 << 6)  # add reactions
    | (1 << 10)  # view channel
    | (1 << 11)  # send messages
    | (1 << 14)  # embed links
    | (1 << 15)  # attach files
    | (1 << 16)  # read message history
    | (1 << 18)  # use external emojis
    | (1 << 26)  # change nickname
    | (1 << 31)  # use application commands
    | (1 << 38)  # send messages in threads
)
BOT_ROLE_PERMISSIONS = (
    EVERYONE_PERMISSIONS
    | (1 << 13)  # manage messages
    | (1 << 34)  # manage threads
    | (1 << 35)  # create public threads
    | (1 << 36)  # create private threads
)

# GATEWAY_GUILD_MEMBERS_LIMITED | GATEWAY_MESSAGE_CONTENT_LIMITED: an unverified bot.
APPLICATION_FLAGS = (1 << 15) | (1 << 19)

EPHEMERAL = 1 << 6
LOADING = 1 << 7

TEXT_CHANNEL = 0
DM_CHANNEL = 1


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


class Snowflakes:
    """Increasing Discord ids built from the wall clock, like the real ones."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last


@dataclass
class UserRecord:
    id: int
    name: str
    bot: bool = False


@dataclass
class RoleRecord:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False


@dataclass
class MemberRecord:
    user: UserRecord
    roles: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=now_iso)

    @property
    def id(self) -> int:
        return self.user.id


@dataclass
class AttachmentRecord:
    id: int
    filename: str
    content_type: str
    data: bytes
    url: str
    description: str | None = None
    width: int | None = None
    height: int | None = None

    def image(self) -> Image.Image:
        """Decode the attachment with Pillow (raises if it is not an image)."""
        picture = Image.open(io.BytesIO(self.data))
        picture.load()
        return picture


@dataclass(frozen=True)
class MessageVersion:
    """A message as it was before an edit."""

    content: str
    embeds: list[dict]
    components: list[dict]
    attachments: list[AttachmentRecord]
    flags: int


@dataclass
class MessageRecord:
    id: int
    channel_id: int
    guild_id: int | None
    author: UserRecord
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[AttachmentRecord] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    for_user: int | None = None  # the only user who sees an ephemeral message
    interaction: InteractionRecord | None = None
    webhook_id: int | None = None
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None
    edits: list[MessageVersion] = field(default_factory=list)
    nonce: str | None = None  # kept for Discord's enforce_nonce (a repeated send)
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while a deferred ("thinking") response has not been filled in."""
        return bool(self.flags & LOADING)

    def visible_to(self, user_id: int | None) -> bool:
        return self.for_user is None or self.for_user == user_id

    def png(self) -> AttachmentRecord | None:
        return next((a for a in self.attachments if a.content_type == "image/png"), None)

    def image(self) -> Image.Image:
        """The first PNG attachment, decoded."""
        png = self.png()
        assert png is not None, f"message {self.id} has no PNG attachment"
        return png.image()

    def snapshot(self) -> MessageVersion:
        return MessageVersion(
            self.content, self.embeds, self.components, list(self.attachments), self.flags
        )


@dataclass
class ChannelRecord:
    id: int
    name: str
    type: int = TEXT_CHANNEL
    guild_id: int | None = None
    recipient_id: int | None = None  # DM channels only
    position: int = 0
    messages: list[MessageRecord] = field(default_factory=list)
    deleted: list[MessageRecord] = field(default_factory=list)

    def visible(self, for_user: int | None = None) -> list[MessageRecord]:
        """Messages a user sees: public ones plus that user's ephemeral ones."""
        return [m for m in self.messages if m.visible_to(for_user)]

    def last_message(self, *, for_user: int | None = None) -> MessageRecord | None:
        seen = self.visible(for_user)
        return seen[-1] if seen else None

    def last_board(self, *, for_user: int | None = None) -> MessageRecord | None:
        """The last visible message carrying a PNG attachment."""
        return next((m for m in reversed(self.visible(for_user)) if m.png()), None)

    def find(self, message_id: int) -> MessageRecord | None:
        return next((m for m in self.messages if m.id == message_id), None)


@dataclass
class GuildRecord:
    id: int
    name: str
    owner_id: int
    roles: dict[int, RoleRecord] = field(default_factory=dict)
    channels: dict[int, ChannelRecord] = field(default_factory=dict)
    members: dict[int, MemberRecord] = field(default_factory=dict)

    def permissions_of(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members[user_id]
        value = self.roles[self.id].permissions  # @everyone shares the guild's id
        for role_id in member.roles:
            value |= self.roles[role_id].permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value


@dataclass
class ResponseRecord:
    """One thing the bot answered to an interaction.

    kind is "callback" (type is the callback type), "followup", "edit_original",
    "delete_original", "edit_followup" or "delete_followup".
    """

    kind: str
    type: int | None
    content: str | None
    ephemeral: bool
    files: list[AttachmentRecord]
    components: list[dict] | None
    embeds: list[dict] | None
    message_id: int | None
    at: float
    data: dict


@dataclass
class InteractionRecord:
    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete
    user_id: int
    channel_id: int
    guild_id: int | None
    data: dict
    created_at: float  # time.monotonic() when dispatched
    acked_at: float | None = None
    responses: list[ResponseRecord] = field(default_factory=list)
    choices: list[dict] | None = None  # autocomplete result
    modal: dict | None = None
    original_message_id: int | None = None
    component_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)

    @property
    def ack_seconds(self) -> float | None:
        return None if self.acked_at is None else self.acked_at - self.created_at


@dataclass
class RateLimitRule:
    method: str
    path_regex: str
    times: int
    retry_after: float


@dataclass
class FaultRule:
    """Answer matching requests with ``status`` (a server error): the next ``times`` of them,
    or every one while ``times`` is None, until the rule is removed."""

    method: str
    path_regex: str
    status: int
    times: int | None


class World:
    """Everything the fake Discord knows, shared by the REST routes and the gateway."""

    def __init__(self, *, token: str, bot_name: str, ack_deadline: float | None) -> None:
        self.ids = Snowflakes()
        self.token = token
        self.ack_deadline = ack_deadline
        self.bot = UserRecord(self.ids.next(), bot_name, bot=True)
        self.owner = UserRecord(self.ids.next(), "app-owner")
        self.users: dict[int, UserRecord] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, GuildRecord] = {}
        self.channels: dict[int, ChannelRecord] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.commands: dict[int | None, list[dict]] = {}  # None holds the global commands
        self.commands_synced = False
        self.rate_limits: list[RateLimitRule] = []
        self.rate_limited: list[str] = []
        self.faults: list[FaultRule] = []
        self.failed: list[str] = []
        self.unexpected: list[str] = []
        self.http_base = ""  # the three are set once the server is bound
        self.gateway_url = ""
        self.resume_gateway_url = ""
        # The gateway installs its dispatcher here: emit(event, data, intent_bit).
        self.emit: Callable[[str, dict, int], None] = lambda event, data, intent: None
        self._changed = asyncio.Event()

    @property
    def application_flags(self) -> int:
        return APPLICATION_FLAGS

    @property
    def application_id(self) -> int:
        return self.bot.id  # as for every application created since 2020

    def notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, check: Callable[[], T], timeout: float, what: str) -> T:
        """Re-run `check` after every change until it returns something truthy, and at least
        every ``RECHECK_SECONDS``: a check may read state outside the fake (the bot's count of
        interactions in flight), which changes with no request the fake would notice."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout} s waiting for {what}")
            changed = self._changed
            try:
                await asyncio.wait_for(changed.wait(), min(remaining, RECHECK_SECONDS))
            except TimeoutError:
                continue

    def channel(self, channel_id: int) -> ChannelRecord:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise AssertionError(f"the fake has no channel {channel_id}") from None

    def member_guild(self, channel: ChannelRecord) -> GuildRecord | None:
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def interaction_by_token(self, token: str) -> InteractionRecord | None:
        return next((i for i in self.interactions.values() if i.token == token), None)

    def find_message(self, message_id: int) -> MessageRecord | None:
        for channel in self.channels.values():
            found = channel.find(message_id)
            if found is not None:
                return found
        return None

    def dm_with(self, user_id: int) -> ChannelRecord | None:
        dms = (c for c in self.channels.values() if c.type == DM_CHANNEL)
        return next((c for c in dms if c.recipient_id == user_id), None)

    def take_fault(self, method: str, path: str) -> FaultRule | None:
        for rule in self.faults:
            if rule.times == 0 or rule.method != method:
                continue
            if re.fullmatch(rule.path_regex, path):
                if rule.times is not None:
                    rule.times -= 1
                return rule
        return None

    def take_rate_limit(self, method: str, path: str) -> RateLimitRule | None:
        for rule in self.rate_limits:
            if rule.times > 0 and rule.method == method and re.fullmatch(rule.path_regex, path):
                rule.times -= 1
                return rule
        return None
