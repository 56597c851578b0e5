"""REST routes for identity, the gateway URL, application commands, guilds, users and DMs."""

from __future__ import annotations

from aiohttp import web

from . import limits
from .payloads import (
    application_json,
    bot_user_json,
    channel_json,
    guild_json,
    member_json,
    user_json,
)
from .responses import (
    INVALID_RECIPIENT,
    MISSING_ACCESS,
    UNKNOWN_CHANNEL,
    UNKNOWN_MEMBER,
    UNKNOWN_USER,
    WORLD,
    Refused,
    error,
    invalid_body,
    json_response,
    refuse,
    snowflake,
)
from .state import DM_CHANNEL, ChannelRecord, World

routes = web.RouteTableDef()  # mounted under /api/v10
cdn_routes = web.RouteTableDef()  # mounted at the root, like cdn.discordapp.com


def _world(request: web.Request) -> World:
    return request.app[WORLD]


def _scope(request: web.Request) -> int | None:
    """The command scope of a commands route: a guild id, or None for the global commands."""
    if snowflake(request, "app_id") != _world(request).application_id:
        raise Refused(refuse(request, 403, MISSING_ACCESS, "Missing Access"))
    if "guild_id" not in request.match_info:
        return None
    guild_id = snowflake(request, "guild_id")
    if guild_id not in _world(request).guilds:
        raise Refused(refuse(request, 403, MISSING_ACCESS, "Missing Access"))
    return guild_id


@routes.get("/users/@me")
async def get_me(request: web.Request) -> web.Response:
    return json_response(bot_user_json(_world(request).bot))


@routes.get(r"/users/{user_id:\d+}")
async def get_user(request: web.Request) -> web.Response:
    user = _world(request).users.get(snowflake(request, "user_id"))
    if user is None:
        return error(404, UNKNOWN_USER, "Unknown User")
    return json_response(user_json(user))


@routes.get("/oauth2/applications/@me")
@routes.get("/applications/@me")
async def get_application(request: web.Request) -> web.Response:
    return json_response(application_json(_world(request)))


@routes.get("/gateway")
async def get_gateway(request: web.Request) -> web.Response:
    return json_response({"url": _world(request).gateway_url})


@routes.get("/gateway/bot")
async def get_gateway_bot(request: web.Request) -> web.Response:
    limit = {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
    return json_response(
        {"url": _world(request).gateway_url, "shards": 1, "session_start_limit": limit}
    )


@routes.get(r"/applications/{app_id:\d+}/commands")
@routes.get(r"/applications/{app_id:\d+}/guilds/{guild_id:\d+}/commands")
async def get_commands(request: web.Request) -> web.Response:
    return json_response(_world(request).commands.get(_scope(request), []))


@routes.put(r"/applications/{app_id:\d+}/commands")
@routes.put(r"/applications/{app_id:\d+}/guilds/{guild_id:\d+}/commands")
async def put_commands(request: web.Request) -> web.Response:
    """Bulk overwrite: the body replaces every command of the scope."""
    scope = _scope(request)
    world = _world(request)
    commands = await request.json()
    problems = limits.command_problems(commands)
    if problems:
        return invalid_body(request, problems)
    previous = {(c.get("type", 1), c["name"]): c["id"] for c in world.commands.get(scope, [])}
    stored = []
    for command in commands:
        kind = command.get("type", 1)
        stored.append(
            command
            | {
                "id": previous.get((kind, command["name"])) or str(world.ids.next()),
                "application_id": str(world.application_id),
                "type": kind,
                "version": str(world.ids.next()),
                "default_member_permissions": command.get("default_member_permissions"),
                "nsfw": command.get("nsfw", False),
            }
            | ({"guild_id": str(scope)} if scope is not None else {})
        )
    world.commands[scope] = stored
    world.commands_synced = True
    world.notify()
    return json_response(stored)


@routes.get(r"/guilds/{guild_id:\d+}")
async def get_guild(request: web.Request) -> web.Response:
    world = _world(request)
    guild = world.guilds.get(snowflake(request, "guild_id"))
    if guild is None:
        return error(404, 10004, "Unknown Guild")
    payload = guild_json(guild, world)
    for live_only in ("members", "channels", "threads", "presences", "voice_states"):
        del payload[live_only]  # REST guilds carry neither members nor channels
    return json_response(payload)


@routes.get(r"/guilds/{guild_id:\d+}/members/{user_id:\d+}")
async def get_member(request: web.Request) -> web.Response:
    guild = _world(request).guilds.get(snowflake(request, "guild_id"))
    member = guild and guild.members.get(snowflake(request, "user_id"))
    if not member:
        return error(404, UNKNOWN_MEMBER, "Unknown Member")
    return json_response(member_json(member))


@routes.get(r"/channels/{channel_id:\d+}")
async def get_channel(request: web.Request) -> web.Response:
    world = _world(request)
    channel = world.channels.get(snowflake(request, "channel_id"))
    if channel is None:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    return json_response(channel_json(channel, world))


@routes.post("/users/@me/channels")
async def open_dm(request: web.Request) -> web.Response:
    """Open (or reopen) the DM channel with a user."""
    world = _world(request)
    body = await request.json()
    recipient = int(body.get("recipient_id", 0))
    if recipient not in world.users or recipient == world.bot.id:
        return refuse(request, 400, INVALID_RECIPIENT, "Cannot send messages to this user")
    channel = world.dm_with(recipient)
    if channel is None:
        channel = ChannelRecord(
            id=world.ids.next(), name="", type=DM_CHANNEL, recipient_id=recipient
        )
        world.channels[channel.id] = channel
        world.notify()
    return json_response(channel_json(channel, world))


@cdn_routes.get(r"/attachments/{channel_id:\d+}/{attachment_id:\d+}/{filename}")
async def get_attachment(request: web.Request) -> web.Response:
    """The CDN: serves the bytes of an uploaded file, so `Attachment.read()` works."""
    world = _world(request)
    channel = world.channels.get(snowflake(request, "channel_id"))
    attachment_id = snowflake(request, "attachment_id")
    for message in (channel.messages + channel.deleted) if channel else []:
        for attachment in message.attachments:
            if attachment.id == attachment_id:
                return web.Response(body=attachment.data, content_type=attachment.content_type)
    return error(404, 0, "404: Not Found")
