"""``/game status``, ``board``, ``hand``, ``log``, ``export``, ``history``, ``undo`` and
``concede``: looking at a running game or past ones, and changing one's mind (a mixin of
``bot.discord.cogs.game.GameCog``).

Every command answers within Discord's 3 seconds: anything that may run rules, AI seats or
Pillow defers first and works in a worker thread.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands

from bot.discord.answers import channel_of, reply
from bot.discord.cogs.common import is_manager
from bot.discord.flow import publish, show_hand
from bot.discord.host import Host
from bot.discord.presentation import history_embed, log_embed, log_pages, status_embed
from bot.tables import workers
from bot.tables.history import export_table, past_games, read_log
from bot.tables.status import table_status
from engines import registry

# /game board posts a whole picture in the channel: once per channel in this many seconds.
BOARD_COOLDOWN = 10.0


class TableCommands:
    """Inspecting the channel's game, taking a move back, giving up."""

    host: Host

    @app_commands.command(
        name="status", description="Scores, round, whose turn and deadlines (only you)"
    )
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await workers.rules(table_status, self.host.service, interaction.channel_id)
        await interaction.followup.send(embed=status_embed(status), ephemeral=True)

    @app_commands.command(name="board", description="Post the current board again")
    @app_commands.checks.cooldown(1, BOARD_COOLDOWN, key=lambda i: i.channel_id)
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(self.host.service.current_update, interaction.channel_id)
        await reply(interaction, "Posted the board again.")
        await publish(self.host, channel_of(interaction), update)

    @app_commands.command(name="hand", description="See your hand and secrets (only you)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await show_hand(interaction)

    @app_commands.command(name="log", description="The moves so far, a page at a time")
    @app_commands.describe(page="Which page (default: the latest)")
    async def log(
        self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1] | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row, lines = await workers.rules(read_log, self.host.service, interaction.channel_id)
        pages = log_pages(lines)
        number = min(page or len(pages), len(pages)) or 1
        title = registry.get(row.game).title
        embed = log_embed(title, pages, number, row.status != "active")
        await interaction.followup.send(embed=embed, ephemeral=True)

    @app_commands.command(
        name="export", description="Download this game as a file (for bug reports)"
    )
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        export = await workers.rules(
            export_table, self.host.service, interaction.channel_id, is_manager(interaction)
        )
        blob = json.dumps(export.data, indent=1).encode()
        name = f"game-{export.data['game']}" + ("-public" if export.redacted else "")
        await reply(
            interaction,
            export.note,
            file=discord.File(io.BytesIO(blob), filename=f"{name}.json"),
        )

    @app_commands.command(
        name="history", description="This channel's finished games, with their files (only you)"
    )
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        games = await workers.rules(past_games, self.host.service, interaction.channel_id)
        files = [
            discord.File(io.BytesIO(json.dumps(g.export, indent=1).encode()), filename=g.file_name)
            for g in games
        ]
        await interaction.followup.send(embed=history_embed(games), files=files, ephemeral=True)

    @app_commands.command(
        name="undo", description="Take back your last move, if it revealed nothing"
    )
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(
            self.host.service.undo, interaction.channel_id, interaction.user.id
        )
        await reply(interaction, "Move taken back.")
        await publish(self.host, channel_of(interaction), update)

    @app_commands.command(name="concede", description="Give up this game")
    async def concede(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(
            self.host.service.concede, interaction.channel_id, interaction.user.id
        )
        await reply(interaction, "You conceded.")
        await publish(self.host, channel_of(interaction), update)
