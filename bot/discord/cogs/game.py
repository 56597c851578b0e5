"""``/game``: one command group assembled from the mixins that hold its subcommands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.absence import AbsenceCommands
from bot.discord.cogs.common import in_a_server
from bot.discord.cogs.lobby import LobbyCommands
from bot.discord.cogs.table import TableCommands
from bot.discord.host import Host


@app_commands.guild_only()
class GameCog(
    LobbyCommands,
    TableCommands,
    AbsenceCommands,
    commands.GroupCog,
    group_name="game",
    group_description="Run a tabletop game in this channel",
):
    """A table per channel: its lifecycle, what it shows, and how it treats absent players.
    Guild-only: a table lives in a server channel, and ``/game mine`` lists a server's games."""

    def __init__(self, host: Host) -> None:
        self.host = host
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return in_a_server(interaction)
