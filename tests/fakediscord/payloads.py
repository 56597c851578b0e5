"""Discord API v10 JSON objects built from the fake's records.

Shapes follow https://discord.com/developers/docs/resources: snowflakes are strings, and
every key discord.py 2.7 reads without a default is present.
"""

from __future__ import annotations

from .state import (
    DM_CHANNEL,
    AttachmentRecord,
    ChannelRecord,
    GuildRecord,
    MemberRecord,
    MessageRecord,
    RoleRecord,
    UserRecord,
    World,
)


def user_json(user: UserRecord) -> dict:
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": None if user.bot else user.name.title(),
        "discriminator": "0",
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
    }


def bot_user_json(user: UserRecord) -> dict:
    return user_json(user) | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None}


def role_json(role: RoleRecord, world: World) -> dict:
    payload = {
        "id": str(role.id),
        "name": role.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions),
        "managed": role.managed,
        "mentionable": False,
        "flags": 0,
    }
    if role.managed:
        payload["tags"] = {"bot_id": str(world.bot.id)}
    return payload


def member_json(member: MemberRecord, *, with_user: bool = True) -> dict:
    payload = {
        "roles": [str(r) for r in member.roles],
        "joined_at": member.joined_at,
        "nick": None,
        "avatar": None,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        payload["user"] = user_json(member.user)
    return payload


def channel_json(channel: ChannelRecord, world: World) -> dict:
    last = channel.messages[-1].id if channel.messages else None
    if channel.type == DM_CHANNEL:
        assert channel.recipient_id is not None
        return {
            "id": str(channel.id),
            "type": DM_CHANNEL,
            "last_message_id": None if last is None else str(last),
            "recipients": [user_json(world.users[channel.recipient_id])],
            "flags": 0,
        }
    return {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": [],
        "nsfw": False,
        "topic": None,
        "parent_id": None,
        "last_message_id": None if last is None else str(last),
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def guild_json(guild: GuildRecord, world: World) -> dict:
    """The full guild object of GUILD_CREATE, with channels, roles and members."""
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "max_members": 500000,
        "roles": [role_json(r, world) for r in guild.roles.values()],
        "emojis": [],
        "stickers": [],
        "joined_at": guild.members[world.bot.id].joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(guild.members),
        "members": [member_json(m) for m in guild.members.values()],
        "channels": [channel_json(c, world) for c in guild.channels.values()],
        "threads": [],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "lazy": True,
    }


def attachment_json(attachment: AttachmentRecord) -> dict:
    payload: dict = {
        "id": str(attachment.id),
        "filename": attachment.filename,
        "size": len(attachment.data),
        "url": attachment.url,
        "proxy_url": attachment.url,
        "content_type": attachment.content_type,
    }
    if attachment.description is not None:
        payload["description"] = attachment.description
    if attachment.width is not None:
        payload |= {"width": attachment.width, "height": attachment.height}
    return payload


def message_json(message: MessageRecord, world: World) -> dict:
    payload: dict = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "type": message.type,
        "content": message.content,
        "author": user_json(message.author),
        "attachments": [attachment_json(a) for a in message.attachments],
        "embeds": message.embeds,
        "components": message.components,
        "mentions": [],
        "mention_roles": [],
        "mention_everyone": False,
        "pinned": False,
        "tts": False,
        "timestamp": message.timestamp,
        "edited_timestamp": message.edited_timestamp,
        "flags": message.flags,
    }
    if message.guild_id is not None:
        payload["guild_id"] = str(message.guild_id)
    if message.webhook_id is not None:
        payload["webhook_id"] = str(message.webhook_id)
        payload["application_id"] = str(world.application_id)
    if message.interaction is not None:
        origin = message.interaction
        payload["interaction_metadata"] = {
            "id": str(origin.id),
            "type": origin.type,
            "user": user_json(world.users[origin.user_id]),
            "authorizing_integration_owners": integration_owners(origin.guild_id, origin.user_id),
        }
    return payload


def integration_owners(guild_id: int | None, user_id: int) -> dict[str, str]:
    """Who installed the app for this interaction: "0" is a guild install, "1" a user one."""
    return {"0": str(guild_id)} if guild_id is not None else {"1": str(user_id)}


def application_json(world: World) -> dict:
    return {
        "id": str(world.application_id),
        "name": world.bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": world.application_flags,
        "owner": user_json(world.owner),
        "team": None,
        "bot": bot_user_json(world.bot),
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "tags": [],
        "approximate_guild_count": len(world.guilds),
    }


class Resolver:
    """Collects the `resolved` map of an interaction for the ids its options carry."""

    def __init__(self, world: World, guild: GuildRecord | None, invoker_id: int) -> None:
        self.world = world
        self.guild = guild
        self.invoker_id = invoker_id
        self.users: dict[str, dict] = {}
        self.members: dict[str, dict] = {}
        self.roles: dict[str, dict] = {}
        self.channels: dict[str, dict] = {}

    def user(self, user_id: int) -> str:
        assert user_id in self.world.users, f"the fake has no user {user_id}"
        key = str(user_id)
        self.users[key] = user_json(self.world.users[user_id])
        if self.guild is not None and user_id in self.guild.members:
            member = member_json(self.guild.members[user_id], with_user=False)
            self.members[key] = member | {"permissions": str(self.guild.permissions_of(user_id))}
        return key

    def role(self, role_id: int) -> str:
        assert self.guild is not None and role_id in self.guild.roles, f"no role {role_id} here"
        key = str(role_id)
        self.roles[key] = role_json(self.guild.roles[role_id], self.world)
        return key

    def channel(self, channel_id: int, allowed_types: list[int] | None = None) -> str:
        channel = self.world.channel(channel_id)
        assert self.guild is not None and channel.guild_id == self.guild.id, (
            f"channel {channel_id} is not in this guild"
        )
        assert allowed_types is None or channel.type in allowed_types, (
            f"channel {channel_id} has type {channel.type}, the option takes {allowed_types}"
        )
        key = str(channel_id)
        self.channels[key] = {
            "id": key,
            "name": channel.name,
            "type": channel.type,
            "permissions": str(self.guild.permissions_of(self.invoker_id)),
        }
        return key

    def mentionable(self, snowflake: int) -> str:
        if self.guild is not None and snowflake in self.guild.roles:
            return self.role(snowflake)
        return self.user(snowflake)

    def json(self) -> dict:
        parts = {
            "users": self.users,
            "members": self.members,
            "roles": self.roles,
            "channels": self.channels,
        }
        return {key: value for key, value in parts.items() if value}
