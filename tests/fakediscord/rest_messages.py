"""REST routes for channel messages: send, fetch, list, edit, delete, typing.

Ephemeral messages live in their channel for the tests' sake, but like on Discord the channel
routes cannot see them: only the interaction webhook can edit or delete those.
"""

from __future__ import annotations

from aiohttp import web

from . import limits
from .messages import BadBody, create_message, delete_message, edit_message, read_body
from .payloads import message_json
from .responses import (
    INVALID_FORM_BODY,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    WORLD,
    Refused,
    error,
    invalid_body,
    json_response,
    no_content,
    refuse,
    snowflake,
)
from .state import ChannelRecord, MessageRecord, World

routes = web.RouteTableDef()  # mounted under /api/v10


def _channel(request: web.Request) -> tuple[World, ChannelRecord]:
    world = request.app[WORLD]
    channel = world.channels.get(snowflake(request, "channel_id"))
    if channel is None:
        raise Refused(error(404, UNKNOWN_CHANNEL, "Unknown Channel"))
    return world, channel


def _message(request: web.Request) -> tuple[World, MessageRecord]:
    world, channel = _channel(request)
    message = channel.find(snowflake(request, "message_id"))
    if message is None or message.ephemeral:
        raise Refused(error(404, UNKNOWN_MESSAGE, "Unknown Message"))
    return world, message


async def body_of(request: web.Request) -> tuple[dict, dict]:
    try:
        return await read_body(request)
    except BadBody as problem:
        raise Refused(refuse(request, 400, INVALID_FORM_BODY, str(problem))) from None


@routes.post(r"/channels/{channel_id:\d+}/messages")
async def send_message(request: web.Request) -> web.Response:
    world, channel = _channel(request)
    payload, uploads = await body_of(request)
    problems = limits.message_problems(payload, len(uploads), creating=True)
    if problems:
        return invalid_body(request, problems)
    nonce = payload.get("nonce")
    if nonce is not None and payload.get("enforce_nonce"):
        # Discord: a message the same author sent with this nonce a few minutes ago is
        # returned again and no new one is created.
        again = next((m for m in channel.messages if m.nonce == str(nonce)), None)
        if again is not None and not again.deleted:
            return json_response(message_json(again, world))
    try:
        message = create_message(world, channel, world.bot, payload, uploads)
        if nonce is not None:
            message.nonce = str(nonce)
    except BadBody as problem:
        return refuse(request, 400, INVALID_FORM_BODY, str(problem))
    return json_response(message_json(message, world))


@routes.get(r"/channels/{channel_id:\d+}/messages")
async def list_messages(request: web.Request) -> web.Response:
    """Newest first, honouring limit, before and after (around is not supported)."""
    world, channel = _channel(request)
    query = request.query
    if "around" in query:
        return refuse(request, 400, INVALID_FORM_BODY, "the fake does not support around=")
    public = [m for m in channel.messages if not m.ephemeral]
    if "before" in query:
        public = [m for m in public if m.id < int(query["before"])]
    if "after" in query:
        public = [m for m in public if m.id > int(query["after"])]
        public = public[: int(query.get("limit", 50))]  # the oldest ones after the cursor
    else:
        public = public[-int(query.get("limit", 50)) :]
    return json_response([message_json(m, world) for m in reversed(public)])


@routes.get(r"/channels/{channel_id:\d+}/messages/{message_id:\d+}")
async def get_message(request: web.Request) -> web.Response:
    world, message = _message(request)
    return json_response(message_json(message, world))


@routes.patch(r"/channels/{channel_id:\d+}/messages/{message_id:\d+}")
async def patch_message(request: web.Request) -> web.Response:
    world, message = _message(request)
    if message.author.id != world.bot.id:
        return refuse(request, 403, 50005, "Cannot edit a message authored by another user")
    payload, uploads = await body_of(request)
    problems = limits.message_problems(payload, len(uploads), creating=False)
    if problems:
        return invalid_body(request, problems)
    try:
        edit_message(world, message, payload, uploads)
    except BadBody as problem:
        return refuse(request, 400, INVALID_FORM_BODY, str(problem))
    return json_response(message_json(message, world))


@routes.delete(r"/channels/{channel_id:\d+}/messages/{message_id:\d+}")
async def remove_message(request: web.Request) -> web.Response:
    world, message = _message(request)
    delete_message(world, message)
    return no_content()


@routes.post(r"/channels/{channel_id:\d+}/typing")
async def typing(request: web.Request) -> web.Response:
    _channel(request)
    return no_content()
