"""REST routes for answering interactions: the callback and the interaction webhook.

Callback types: 4 message, 5 deferred message ("thinking"), 6 deferred update, 7 update the
component's message, 8 autocomplete choices, 9 modal; 1 (pong) is refused, as the fake never
sends a PING. The first followup after a type 5 fills in the thinking message, as on
Discord, and inherits its ephemerality.
"""

from __future__ import annotations

import time

from aiohttp import web

from . import limits
from .messages import BadBody, create_message, delete_message, edit_message
from .payloads import message_json
from .responses import (
    ALREADY_ACKNOWLEDGED,
    INVALID_FORM_BODY,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    WORLD,
    Refused,
    error,
    invalid_body,
    json_response,
    no_content,
    refuse,
    snowflake,
)
from .rest_messages import body_of
from .state import (
    EPHEMERAL,
    AttachmentRecord,
    InteractionRecord,
    MessageRecord,
    ResponseRecord,
    World,
)

routes = web.RouteTableDef()  # mounted under /api/v10

COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, CHOICES, MODAL = 4, 5, 6, 7, 8, 9
ALLOWED_CALLBACKS = {
    COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {CHOICES},
}
CHAT_INPUT_MESSAGE = 20  # message type of a slash command's response


def _record(
    interaction: InteractionRecord,
    kind: str,
    data: dict,
    *,
    type: int | None = None,
    message: MessageRecord | None = None,
    files: list[AttachmentRecord] | None = None,
) -> None:
    interaction.responses.append(
        ResponseRecord(
            kind=kind,
            type=type,
            content=data.get("content"),
            ephemeral=bool(message.ephemeral if message else (data.get("flags") or 0) & EPHEMERAL),
            files=files or [],
            components=data.get("components"),
            embeds=data.get("embeds"),
            message_id=message.id if message else None,
            at=time.monotonic(),
            data=data,
        )
    )


def _new_files(before: list[AttachmentRecord], message: MessageRecord) -> list[AttachmentRecord]:
    known = {a.id for a in before}
    return [a for a in message.attachments if a.id not in known]


@routes.post(r"/interactions/{interaction_id:\d+}/{token}/callback")
async def callback(request: web.Request) -> web.Response:
    world: World = request.app[WORLD]
    interaction = world.interactions.get(snowflake(request, "interaction_id"))
    if interaction is None or interaction.token != request.match_info["token"]:
        return refuse(request, 404, UNKNOWN_INTERACTION, "Unknown interaction")
    if interaction.acked_at is not None:
        return refuse(request, 400, ALREADY_ACKNOWLEDGED, "Interaction already acknowledged.")
    late = time.monotonic() - interaction.created_at
    if world.ack_deadline is not None and late > world.ack_deadline:
        # Discord forgets an interaction nobody answered within 3 s; the user sees a failure.
        reason = f"Unknown interaction (answered after {late:.2f} s)"
        return refuse(request, 404, UNKNOWN_INTERACTION, reason)
    payload, uploads = await body_of(request)
    kind, data = payload.get("type"), payload.get("data") or {}
    if kind not in ALLOWED_CALLBACKS[interaction.type]:
        reason = f"callback type {kind} is not valid for interaction type {interaction.type}"
        return refuse(request, 400, INVALID_FORM_BODY, reason)
    problems = _callback_problems(kind, data, len(uploads))
    if problems:
        return invalid_body(request, problems)
    try:
        message = _apply_callback(world, interaction, kind, data, uploads)
    except BadBody as problem:
        return refuse(request, 400, INVALID_FORM_BODY, str(problem))
    interaction.acked_at = time.monotonic()
    files = message.attachments if message is not None and kind == MESSAGE else []
    if kind == UPDATE and message is not None:
        files = _new_files(message.edits[-1].attachments, message)
    _record(interaction, "callback", data, type=kind, message=message, files=files)
    world.notify()
    return json_response(_callback_answer(world, interaction, kind, message))


def _callback_problems(kind: int, data: dict, file_count: int) -> list[str]:
    if kind == CHOICES:
        return limits.choice_problems(data.get("choices", []))
    if kind in (MESSAGE, UPDATE):
        return limits.message_problems(data, file_count, creating=kind == MESSAGE)
    if kind == MODAL:
        problems = limits.component_problems(data.get("components", []), rows_only=False)
        if not (data.get("custom_id") and data.get("title")):
            problems.append("a modal needs a custom_id and a title")
        return problems
    return []


def _apply_callback(
    world: World, interaction: InteractionRecord, kind: int, data: dict, uploads: dict
) -> MessageRecord | None:
    channel = world.channel(interaction.channel_id)
    message_type = CHAT_INPUT_MESSAGE if interaction.type == COMMAND else 0
    if kind in (MESSAGE, DEFERRED_MESSAGE):
        message = create_message(
            world,
            channel,
            world.bot,
            data,
            uploads,
            interaction=interaction,
            message_type=message_type,
            loading=kind == DEFERRED_MESSAGE,
        )
        interaction.original_message_id = message.id
        return message
    if kind in (DEFERRED_UPDATE, UPDATE):
        interaction.original_message_id = interaction.component_message_id
        target = _original(world, interaction)
        if kind == UPDATE and target is not None:
            edit_message(world, target, data, uploads)
        return target
    if kind == CHOICES:
        interaction.choices = data.get("choices", [])
    elif kind == MODAL:
        interaction.modal = data
    return None


def _callback_answer(
    world: World, interaction: InteractionRecord, kind: int, message: MessageRecord | None
) -> dict:
    """The body of `?with_response=1`, which discord.py always asks for."""
    answer: dict = {
        "interaction": {
            "id": str(interaction.id),
            "type": interaction.type,
            "response_message_loading": kind == DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
    }
    if message is not None:
        answer["interaction"]["response_message_id"] = str(message.id)
        answer["resource"] = {"type": kind, "message": message_json(message, world)}
    return answer


def _original(world: World, interaction: InteractionRecord) -> MessageRecord | None:
    if interaction.original_message_id is None:
        return None
    return world.find_message(interaction.original_message_id)


def _webhook_interaction(request: web.Request) -> tuple[World, InteractionRecord]:
    world: World = request.app[WORLD]
    interaction = world.interaction_by_token(request.match_info["token"])
    if snowflake(request, "app_id") != world.application_id or interaction is None:
        raise Refused(refuse(request, 404, UNKNOWN_WEBHOOK, "Unknown Webhook"))
    if interaction.acked_at is None:
        raise Refused(refuse(request, 404, UNKNOWN_WEBHOOK, "Unknown Webhook (not acknowledged)"))
    return world, interaction


def _webhook_message(request: web.Request) -> tuple[World, InteractionRecord, MessageRecord, str]:
    """The message a webhook message route names, and "original" or "followup"."""
    world, interaction = _webhook_interaction(request)
    wanted = request.match_info["message_id"]
    if wanted == "@original":
        message, which = _original(world, interaction), "original"
    else:
        message_id = snowflake(request, "message_id")
        allowed = {interaction.original_message_id, *interaction.followup_ids}
        message = world.find_message(message_id) if message_id in allowed else None
        which = "original" if message_id == interaction.original_message_id else "followup"
    if message is None:
        raise Refused(error(404, UNKNOWN_MESSAGE, "Unknown Message"))
    return world, interaction, message, which


@routes.post(r"/webhooks/{app_id:\d+}/{token}")
async def followup(request: web.Request) -> web.Response:
    world, interaction = _webhook_interaction(request)
    payload, uploads = await body_of(request)
    problems = limits.message_problems(payload, len(uploads), creating=True)
    if problems:
        return invalid_body(request, problems)
    original = _original(world, interaction)
    try:
        if original is not None and original.loading:
            message = edit_message(world, original, payload, uploads)
        else:
            channel = world.channel(interaction.channel_id)
            message = create_message(
                world, channel, world.bot, payload, uploads, interaction=interaction
            )
            interaction.followup_ids.append(message.id)
    except BadBody as problem:
        return refuse(request, 400, INVALID_FORM_BODY, str(problem))
    _record(interaction, "followup", payload, message=message, files=list(message.attachments))
    world.notify()
    if request.query.get("wait") in ("1", "true", "True"):
        return json_response(message_json(message, world))
    return no_content()


@routes.get(r"/webhooks/{app_id:\d+}/{token}/messages/{message_id:\d+|@original}")
async def get_webhook_message(request: web.Request) -> web.Response:
    world, _, message, _ = _webhook_message(request)
    return json_response(message_json(message, world))


@routes.patch(r"/webhooks/{app_id:\d+}/{token}/messages/{message_id:\d+|@original}")
async def edit_webhook_message(request: web.Request) -> web.Response:
    world, interaction, message, which = _webhook_message(request)
    payload, uploads = await body_of(request)
    problems = limits.message_problems(payload, len(uploads), creating=False)
    if problems:
        return invalid_body(request, problems)
    before = list(message.attachments)
    try:
        edit_message(world, message, payload, uploads)
    except BadBody as problem:
        return refuse(request, 400, INVALID_FORM_BODY, str(problem))
    files = _new_files(before, message)
    _record(interaction, f"edit_{which}", payload, message=message, files=files)
    world.notify()
    return json_response(message_json(message, world))


@routes.delete(r"/webhooks/{app_id:\d+}/{token}/messages/{message_id:\d+|@original}")
async def delete_webhook_message(request: web.Request) -> web.Response:
    world, interaction, message, which = _webhook_message(request)
    delete_message(world, message)
    _record(interaction, f"delete_{which}", {}, message=message)
    world.notify()
    return no_content()
