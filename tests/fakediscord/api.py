"""The test-facing handle on the fake Discord: set up a world, act as users, wait, inspect."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from aiohttp import web

from .actor import FakeUser
from .gateway import Gateway
from .payloads import channel_json, guild_json, member_json, role_json
from .server import build_app
from .state import (
    BOT_ROLE_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    ChannelRecord,
    FaultRule,
    GuildRecord,
    InteractionRecord,
    MemberRecord,
    MessageRecord,
    RateLimitRule,
    RoleRecord,
    UserRecord,
    World,
)

T = TypeVar("T")
GUILDS_INTENT, GUILD_MEMBERS_INTENT = 1 << 0, 1 << 1


class FakeDiscord:
    """A Discord API v10 server on 127.0.0.1 for the real discord.py client.

    heartbeat_interval is in seconds; ack_deadline is how long an interaction waits for its
    first response before Discord forgets it (None: forever).
    """

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "GameMaster",
        heartbeat_interval: float = 1.0,
        ack_deadline: float | None = 3.0,
    ) -> None:
        self.world = World(token=token, bot_name=bot_name, ack_deadline=ack_deadline)
        self.gateway = Gateway(self.world, heartbeat_interval)
        self._runner: web.AppRunner | None = None

    # Lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Bind a random port on 127.0.0.1 and serve."""
        self._runner = web.AppRunner(build_app(self.gateway), access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        host, port = self._runner.addresses[0][:2]
        self.world.http_base = f"http://{host}:{port}"
        self.world.gateway_url = f"ws://{host}:{port}/gateway"
        self.world.resume_gateway_url = f"ws://{host}:{port}/resume"

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def base_url(self) -> str:
        """The REST base for `bot.discord.endpoint.use_api_base` (and GM_DISCORD_API)."""
        return f"{self.world.http_base}/api/v10"

    @property
    def token(self) -> str:
        return self.world.token

    @property
    def bot_user(self) -> UserRecord:
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.application_id

    # Setting up the world ----------------------------------------------------------------
    # Changes made after the bot connected reach it as gateway events, as on Discord.

    def add_guild(self, id: int | None = None, name: str = "Game Night") -> GuildRecord:
        """A guild with its @everyone role, and the bot as a member with its managed role."""
        world = self.world
        guild = GuildRecord(id=id or world.ids.next(), name=name, owner_id=world.owner.id)
        guild.roles[guild.id] = RoleRecord(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = RoleRecord(
            world.ids.next(), world.bot.name, BOT_ROLE_PERMISSIONS, position=1, managed=True
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[world.bot.id] = MemberRecord(world.bot, roles=[bot_role.id])
        world.guilds[guild.id] = guild
        world.emit("GUILD_CREATE", guild_json(guild, world), GUILDS_INTENT)
        world.notify()
        return guild

    def add_channel(
        self, guild: GuildRecord, id: int | None = None, name: str = "general"
    ) -> ChannelRecord:
        world = self.world
        channel = ChannelRecord(
            id=id or world.ids.next(), name=name, guild_id=guild.id, position=len(guild.channels)
        )
        guild.channels[channel.id] = channel
        world.channels[channel.id] = channel
        world.emit("CHANNEL_CREATE", channel_json(channel, world), GUILDS_INTENT)
        world.notify()
        return channel

    def add_role(self, guild: GuildRecord, name: str, permissions: int = 0) -> RoleRecord:
        world = self.world
        role = RoleRecord(world.ids.next(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        event = {"guild_id": str(guild.id), "role": role_json(role, world)}
        world.emit("GUILD_ROLE_CREATE", event, GUILDS_INTENT)
        world.notify()
        return role

    def add_member(
        self,
        guild: GuildRecord,
        id: int | None = None,
        name: str = "player",
        *,
        roles: list[RoleRecord] | None = None,
    ) -> UserRecord:
        """Add a human to the guild (creating the user if new); returns the user."""
        world = self.world
        user = world.users.get(id) if id is not None else None
        if user is None:
            user = UserRecord(id or world.ids.next(), name)
            world.users[user.id] = user
        member = MemberRecord(user, roles=[r.id for r in roles or []])
        guild.members[user.id] = member
        event = member_json(member) | {"guild_id": str(guild.id)}
        world.emit("GUILD_MEMBER_ADD", event, GUILD_MEMBERS_INTENT)
        world.notify()
        return user

    def rate_limit(
        self, method: str, path_regex: str, *, times: int = 1, retry_after: float = 0.2
    ) -> None:
        """Answer the next `times` matching requests with 429. The regex must match the whole
        path after /api/v10, e.g. r"/channels/\\d+/messages"."""
        self.world.rate_limits.append(RateLimitRule(method.upper(), path_regex, times, retry_after))

    def fail(
        self, method: str, path_regex: str, *, times: int | None = 1, status: int = 500
    ) -> FaultRule:
        """Answer the next `times` matching requests (every one while `times` is None, until
        `heal`) with a server error `status`, as Discord does in an outage."""
        rule = FaultRule(method.upper(), path_regex, status, times)
        self.world.faults.append(rule)
        return rule

    def heal(self) -> None:
        """End every scripted fault: Discord answers normally again."""
        self.world.faults.clear()

    # Acting ------------------------------------------------------------------------------

    def user(self, user_id: int) -> FakeUser:
        """Act as this user: `slash`, `autocomplete`, `click`, `select`."""
        assert user_id in self.world.users, f"the fake has no user {user_id}"
        return FakeUser(self.world, self.gateway, self.world.users[user_id])

    async def force_reconnect(self, timeout: float = 10.0) -> None:
        """Send gateway op 7 RECONNECT and wait until the bot has resumed its session."""
        await self.gateway.force_reconnect(timeout)

    # Inspecting --------------------------------------------------------------------------

    def channel(self, channel_id: int) -> ChannelRecord:
        return self.world.channel(channel_id)

    def dm(self, user_id: int) -> ChannelRecord:
        """The DM channel the bot opened with this user."""
        channel = self.world.dm_with(user_id)
        assert channel is not None, f"the bot never opened a DM with user {user_id}"
        return channel

    def commands(self, guild_id: int | None = None) -> list[dict]:
        """The commands the bot registered for a guild, or the global ones."""
        return self.world.commands.get(guild_id, [])

    @property
    def interactions(self) -> list[InteractionRecord]:
        return list(self.world.interactions.values())

    @property
    def unexpected(self) -> list[str]:
        """Routes the fake does not know and requests Discord would refuse (400/401/403/404)."""
        return self.world.unexpected

    @property
    def rate_limited(self) -> list[str]:
        """ "METHOD /path" of every request answered with a scripted 429."""
        return self.world.rate_limited

    @property
    def failed(self) -> list[str]:
        """ "METHOD /path" of every request answered with a scripted server error."""
        return self.world.failed

    @property
    def identifies(self) -> int:
        return self.gateway.identifies

    @property
    def resumes(self) -> int:
        return self.gateway.resumes

    # Waiting -----------------------------------------------------------------------------

    async def wait_until(self, check: Callable[[], T], timeout: float = 10.0, what: str = "") -> T:
        """Wait until `check()` returns something truthy, and return it."""
        return await self.world.wait_until(check, timeout, what or repr(check))

    async def wait_ready(self, timeout: float = 10.0, *, commands: bool = True) -> None:
        """Wait until the bot identified on the gateway and (by default) registered commands."""
        await self.wait_until(
            lambda: self.gateway.identifies and (self.world.commands_synced or not commands),
            timeout,
            "the bot to IDENTIFY" + (" and register its commands" if commands else ""),
        )

    async def wait_for_ack(self, interaction: InteractionRecord, timeout: float = 3.0) -> float:
        """Seconds from dispatch to the bot's first response to the interaction."""
        await self.wait_until(
            lambda: interaction.acked_at is not None,
            timeout,
            f"the bot to acknowledge interaction {interaction.id}",
        )
        assert interaction.ack_seconds is not None
        return interaction.ack_seconds

    async def wait_for_message(
        self,
        channel_id: int,
        predicate: Callable[[MessageRecord], bool] | None = None,
        timeout: float = 10.0,
    ) -> MessageRecord:
        """The newest live message in the channel (ephemeral ones included, "thinking" ones
        not) that satisfies `predicate`, waiting for one to be posted or edited into shape."""
        channel = self.channel(channel_id)

        def newest() -> MessageRecord | None:
            ready = [m for m in channel.messages if not m.loading]
            matches = [m for m in ready if predicate is None or predicate(m)]
            return matches[-1] if matches else None

        return await self.wait_until(newest, timeout, f"a matching message in #{channel.name}")
