"""``/play``: a move typed instead of clicked; autocomplete lists exactly the caller's legal
moves."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import channel_of
from bot.discord.flow import LATE_BOARD, publish
from bot.discord.host import Host, host_of
from bot.tables import workers
from engines.core.errors import GameError


async def action_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    service = host_of(interaction).service
    try:
        choices = await workers.rules(service.choices, interaction.channel_id, interaction.user.id)
    except GameError:
        return []
    wanted = current.casefold()
    hits = [c for c in choices if wanted in c.label.casefold()]
    return [app_commands.Choice(name=c.label[:100], value=c.ref) for c in hits[:25]]


class PlayCog(commands.Cog):
    """The typed fallback for every move the buttons offer."""

    def __init__(self, host: Host) -> None:
        self.host = host

    @app_commands.command(name="play", description="Make a move by typing (buttons work too)")
    @app_commands.describe(action="Start typing to see your legal moves")
    @app_commands.autocomplete(action=action_autocomplete)
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction[Any], action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(
            self.host.service.act, interaction.channel_id, interaction.user.id, action
        )
        posted = await publish(self.host, channel_of(interaction), update)
        lines = update.private.get(interaction.user.id, [])
        head = "Done." if posted else LATE_BOARD
        await interaction.followup.send("\n".join([head, *lines])[:2000], ephemeral=True)
