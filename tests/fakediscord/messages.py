"""Creating, editing and deleting messages from what the bot sends, files included.

discord.py sends JSON, or multipart/form-data with a `payload_json` part and one `files[n]`
part per upload; the payload's `attachments` list names which uploads (by index) and which
existing attachments (by id) the message keeps.
"""

from __future__ import annotations

import io
import json
import mimetypes
import re
from dataclasses import dataclass

from aiohttp import BodyPartReader, web
from PIL import Image, UnidentifiedImageError

from .payloads import message_json
from .state import (
    EPHEMERAL,
    LOADING,
    AttachmentRecord,
    ChannelRecord,
    InteractionRecord,
    MessageRecord,
    UserRecord,
    World,
    now_iso,
)

FILE_FIELD = re.compile(r"files\[(\d+)\]")
GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 9, 1 << 12
# The only flags a bot may set on a message it sends or edits.
SETTABLE_FLAGS = (1 << 2) | EPHEMERAL | (1 << 12) | (1 << 15)


@dataclass(frozen=True)
class Upload:
    filename: str
    data: bytes


class BadBody(Exception):
    """The request body is not something Discord would parse."""


async def read_body(request: web.Request) -> tuple[dict, dict[int, Upload]]:
    """The JSON payload and the uploaded files (by index) of a request."""
    if request.content_type == "multipart/form-data":
        payload: dict = {}
        uploads: dict[int, Upload] = {}
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                raise BadBody("nested multipart bodies are not accepted")
            numbered = FILE_FIELD.fullmatch(part.name or "")
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            elif numbered and part.filename:
                uploads[int(numbered[1])] = Upload(part.filename, bytes(await part.read()))
            else:
                raise BadBody(f"unexpected multipart field {part.name!r}")
        return payload, uploads
    if request.body_exists:
        try:
            return await request.json(), {}
        except json.JSONDecodeError as error:
            raise BadBody(f"body is not JSON: {error}") from None
    return {}, {}


def _attachment(
    world: World, channel_id: int, filename: str, data: bytes, meta: dict
) -> AttachmentRecord:
    attachment_id = world.ids.next()
    content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    width = height = None
    if content_type.startswith("image/"):
        try:
            with Image.open(io.BytesIO(data)) as picture:
                width, height = picture.size
        except UnidentifiedImageError:
            pass  # Discord serves an undecodable "image" as a plain file, without a size.
    return AttachmentRecord(
        id=attachment_id,
        filename=meta.get("filename") or filename,
        content_type=content_type,
        data=data,
        url=f"{world.http_base}/attachments/{channel_id}/{attachment_id}/{filename}",
        description=meta.get("description"),
        width=width,
        height=height,
    )


def attachments_for(
    world: World,
    channel_id: int,
    payload: dict,
    uploads: dict[int, Upload],
    existing: list[AttachmentRecord],
) -> list[AttachmentRecord]:
    """The attachment list after a create or edit; raises BadBody for an unknown reference."""
    listed = payload.get("attachments")
    if listed is None:
        entries: list[dict] = [{"id": str(a.id)} for a in existing]
        entries += [{"id": index} for index in sorted(uploads)]
    else:
        entries = list(listed)
    kept_by_id = {str(a.id): a for a in existing}
    result: list[AttachmentRecord] = []
    used: set[int] = set()
    for entry in entries:
        key = str(entry["id"])
        if key in kept_by_id:
            result.append(kept_by_id[key])
        elif key.isdigit() and int(key) in uploads:
            upload = uploads[int(key)]
            used.add(int(key))
            result.append(_attachment(world, channel_id, upload.filename, upload.data, entry))
        else:
            raise BadBody(f"attachments: {key} is neither an upload nor an attachment kept")
    for index in sorted(set(uploads) - used):
        upload = uploads[index]
        result.append(_attachment(world, channel_id, upload.filename, upload.data, {}))
    return result


def _emit(world: World, event: str, data: dict, channel: ChannelRecord) -> None:
    intent = GUILD_MESSAGES if channel.guild_id is not None else DIRECT_MESSAGES
    world.emit(event, data, intent)


def create_message(
    world: World,
    channel: ChannelRecord,
    author: UserRecord,
    payload: dict,
    uploads: dict[int, Upload],
    *,
    interaction: InteractionRecord | None = None,
    message_type: int = 0,
    loading: bool = False,
) -> MessageRecord:
    flags = (payload.get("flags") or 0) & SETTABLE_FLAGS
    if interaction is None:
        flags &= ~EPHEMERAL  # only interaction responses can be ephemeral
    if loading:
        flags |= LOADING
    message = MessageRecord(
        id=world.ids.next(),
        channel_id=channel.id,
        guild_id=channel.guild_id,
        author=author,
        content=payload.get("content") or "",
        embeds=payload.get("embeds") or [],
        components=payload.get("components") or [],
        attachments=attachments_for(world, channel.id, payload, uploads, []),
        flags=flags,
        type=message_type,
        for_user=interaction.user_id if interaction and flags & EPHEMERAL else None,
        interaction=interaction,
        webhook_id=world.application_id if interaction else None,
    )
    channel.messages.append(message)
    if not message.ephemeral:
        _emit(world, "MESSAGE_CREATE", message_json(message, world), channel)
    world.notify()
    return message


def edit_message(
    world: World, message: MessageRecord, payload: dict, uploads: dict[int, Upload]
) -> MessageRecord:
    """Apply an edit, keeping the previous version in `message.edits`."""
    attachments = attachments_for(world, message.channel_id, payload, uploads, message.attachments)
    message.edits.append(message.snapshot())
    if "content" in payload:
        message.content = payload["content"] or ""
    if "embeds" in payload:
        message.embeds = payload["embeds"] or []
    if "components" in payload:
        message.components = payload["components"] or []
    if payload.get("flags") is not None:
        # Only the settable flags may change; ephemerality is fixed at creation.
        settable = SETTABLE_FLAGS & ~EPHEMERAL
        message.flags = (message.flags & ~settable) | (payload["flags"] & settable)
    message.flags &= ~LOADING
    message.attachments = attachments
    message.edited_timestamp = now_iso()
    if not message.ephemeral:
        channel = world.channel(message.channel_id)
        _emit(world, "MESSAGE_UPDATE", message_json(message, world), channel)
    world.notify()
    return message


def delete_message(world: World, message: MessageRecord) -> None:
    channel = world.channel(message.channel_id)
    channel.messages.remove(message)
    channel.deleted.append(message)
    message.deleted = True
    if not message.ephemeral:
        event = {"id": str(message.id), "channel_id": str(channel.id)}
        if channel.guild_id is not None:
            event["guild_id"] = str(channel.guild_id)
        _emit(world, "MESSAGE_DELETE", event, channel)
    world.notify()
