"""A user acting through Discord's client: slash commands, autocomplete, clicks and picks.

Each action is checked the way Discord's client would check it, then delivered to the bot as
an INTERACTION_CREATE carrying the full payload discord.py 2.7 parses.
"""

from __future__ import annotations

import secrets
import time

from .commands import build_options, locate
from .components import find_button, find_select, select_data
from .gateway import Gateway
from .payloads import (
    Resolver,
    channel_json,
    integration_owners,
    member_json,
    message_json,
    user_json,
)
from .state import (
    EVERYONE_PERMISSIONS,
    ChannelRecord,
    InteractionRecord,
    MessageRecord,
    UserRecord,
    World,
)

COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
BUTTON, STRING_SELECT = 2, 3
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class FakeUser:
    def __init__(self, world: World, gateway: Gateway, user: UserRecord) -> None:
        self.world = world
        self.gateway = gateway
        self.user = user

    @property
    def id(self) -> int:
        return self.user.id

    async def slash(self, channel_id: int, command: str, /, **options: object) -> InteractionRecord:
        """Run `/command` (e.g. "game new") with options; returns before the bot answers."""
        channel = self._channel(channel_id)
        target = locate(self.world, channel, self.id, command)
        resolver = Resolver(self.world, self.world.member_guild(channel), self.id)
        values = build_options(target, options, resolver)
        return self._dispatch(channel, COMMAND, target.data(values, resolver))

    async def autocomplete(
        self, channel_id: int, command: str, option: str, current: str, /, **options: object
    ) -> list[dict]:
        """Type `current` into `option` and return the choices the bot offers."""
        channel = self._channel(channel_id)
        target = locate(self.world, channel, self.id, command)
        resolver = Resolver(self.world, self.world.member_guild(channel), self.id)
        values = build_options(target, options | {option: current}, resolver, focused=option)
        interaction = self._dispatch(channel, AUTOCOMPLETE, target.data(values, resolver))
        await self.world.wait_until(
            lambda: interaction.acked_at is not None,
            self.world.ack_deadline or 20.0,
            f"autocomplete choices for {target.path} {option}",
        )
        assert interaction.choices is not None, "the bot answered autocomplete without choices"
        return interaction.choices

    async def click(
        self, message: MessageRecord | int, label_or_custom_id: str
    ) -> InteractionRecord:
        """Press the button with this label or custom_id on the message as it is now."""
        current = self._message(message)
        button = find_button(current, label_or_custom_id)
        data = {"custom_id": button["custom_id"], "component_type": BUTTON}
        return self._dispatch(self.world.channel(current.channel_id), COMPONENT, data, current)

    async def select(
        self, message: MessageRecord | int, custom_id_or_placeholder: str, values: list[str]
    ) -> InteractionRecord:
        """Pick `values` in the select with this custom_id or placeholder."""
        current = self._message(message)
        channel = self.world.channel(current.channel_id)
        choice = find_select(current, custom_id_or_placeholder)
        resolver = Resolver(self.world, self.world.member_guild(channel), self.id)
        data = select_data(choice, [str(v) for v in values], resolver)
        return self._dispatch(channel, COMPONENT, data, current)

    async def forge(
        self,
        message: MessageRecord | int,
        custom_id: str,
        values: list[str] | None = None,
        *,
        shown: bool = True,
    ) -> InteractionRecord:
        """A component interaction a modified client could send from this message: any
        custom id and menu values, unchecked, delivered as if the message showed that one
        component (discord.py only dispatches a component the message carries).
        ``shown=False``: with the message as it is now instead, which may no longer carry
        that component (a click from a client that has not caught up with an edit)."""
        current = self._message(message)
        data: dict = {"custom_id": custom_id, "component_type": BUTTON}
        component: dict = {"type": BUTTON, "custom_id": custom_id, "style": 1, "label": "x"}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": STRING_SELECT, "values": values}
            options = [{"label": v, "value": v} for v in values]
            component = {"type": STRING_SELECT, "custom_id": custom_id, "options": options}
        channel = self.world.channel(current.channel_id)
        components = [{"type": 1, "components": [component]}] if shown else None
        return self._dispatch(channel, COMPONENT, data, current, components)

    async def redeliver(self, interaction: InteractionRecord, *, to_all: bool = False) -> None:
        """Send the same INTERACTION_CREATE again (Discord may deliver an event twice);
        ``to_all``: to every shard's session, so each bot process gets it once."""
        channel = self.world.channel(interaction.channel_id)
        message = (
            self.world.find_message(interaction.component_message_id)
            if interaction.component_message_id
            else None
        )
        payload = self._payload(interaction, channel, message)
        if to_all:
            self.gateway.dispatch_to_all("INTERACTION_CREATE", payload)
        else:
            self.gateway.dispatch("INTERACTION_CREATE", payload)
        self.world.notify()

    def _channel(self, channel_id: int) -> ChannelRecord:
        channel = self.world.channel(channel_id)
        guild = self.world.member_guild(channel)
        if guild is None:
            assert channel.recipient_id == self.id, f"{channel_id} is not {self.user.name}'s DM"
        else:
            assert self.id in guild.members, f"{self.user.name} is not a member of {guild.name}"
        return channel

    def _message(self, message: MessageRecord | int) -> MessageRecord:
        message_id = message if isinstance(message, int) else message.id
        current = self.world.find_message(message_id)
        assert current is not None, f"message {message_id} is deleted or unknown"
        assert current.visible_to(self.id), f"message {message_id} is ephemeral for someone else"
        self._channel(current.channel_id)
        return current

    def _dispatch(
        self,
        channel: ChannelRecord,
        kind: int,
        data: dict,
        message: MessageRecord | None = None,
        shown: list[dict] | None = None,
    ) -> InteractionRecord:
        world = self.world
        interaction = InteractionRecord(
            id=world.ids.next(),
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            type=kind,
            user_id=self.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            data=data,
            created_at=time.monotonic(),
            component_message_id=message.id if message else None,
        )
        world.interactions[interaction.id] = interaction
        payload = self._payload(interaction, channel, message)
        if shown is not None:
            payload["message"]["components"] = shown
        self.gateway.dispatch("INTERACTION_CREATE", payload)
        world.notify()
        return interaction

    def _payload(
        self, interaction: InteractionRecord, channel: ChannelRecord, message: MessageRecord | None
    ) -> dict:
        world = self.world
        guild = world.member_guild(channel)
        payload = {
            "id": str(interaction.id),
            "application_id": str(world.application_id),
            "type": interaction.type,
            "data": interaction.data,
            "token": interaction.token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel_json(channel, world),
            "locale": "en-US",
            "app_permissions": str(EVERYONE_PERMISSIONS),
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "authorizing_integration_owners": integration_owners(channel.guild_id, self.id),
            "context": 1 if guild is None else 0,  # BOT_DM or GUILD
        }
        if guild is None:
            payload["user"] = user_json(self.user)
        else:
            permissions = str(guild.permissions_of(self.id))
            payload["channel"]["permissions"] = permissions
            payload["app_permissions"] = str(guild.permissions_of(world.bot.id))
            payload |= {
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
                "guild_locale": "en-US",
                "member": member_json(guild.members[self.id]) | {"permissions": permissions},
            }
        if message is not None:
            payload["message"] = message_json(message, world)
        return payload
