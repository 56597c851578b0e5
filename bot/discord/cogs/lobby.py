"""``/game new``, ``join``, ``leave``, ``addbot``, ``start`` and ``end``: a table's life from
opening to closing (a mixin of ``bot.discord.cogs.game.GameCog``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord import limits
from bot.discord.answers import channel_of, reply
from bot.discord.cogs.common import announce, is_manager, player_name
from bot.discord.flow import publish
from bot.discord.host import Host, host_of
from bot.discord.presentation import log_pages
from bot.tables import workers
from bot.tables.options import option_suggestions, options_text, parse_option_text
from bot.tables.teams import team_lines, teams_text
from engines import registry
from engines.core.errors import GameError
from engines.core.levels import LEVELS, NORMAL


async def game_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    out = []
    for name in registry.names():
        title = registry.get(name).title
        if current.casefold() in f"{name} {title}".casefold():
            out.append(app_commands.Choice(name=f"{title} ({name})", value=name))
    return out[:25]


async def options_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    game = getattr(interaction.namespace, "game", None) or ""
    try:
        suggestions = option_suggestions(game, current)
    except GameError:
        return []
    return [app_commands.Choice(name=s[:100], value=s[:100]) for s in suggestions[:25]]


async def team_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[int]]:
    """The table's teams with who sits in each, for a game played in teams."""
    store = host_of(interaction).service.store
    row = await workers.rules(store.open_game, interaction.channel_id or 0)
    if row is None:
        return []
    wanted = current.casefold()
    return [
        app_commands.Choice(name=limits.fit(label, limits.CHOICE), value=k)
        for k, label in team_lines(row)
        if wanted in label.casefold()
    ]


class LobbyCommands:
    """Opening, joining, starting and closing the channel's table."""

    host: Host

    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(
        game="Which game",
        seats="How many players (default: as many as join)",
        options="Table options, e.g. game_length=double_hourglass scenario=II",
    )
    @app_commands.autocomplete(game=game_autocomplete, options=options_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        seats: app_commands.Range[int, 1, 6] | None = None,
        options: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        parsed = parse_option_text(options or "", game)
        row = await workers.rules(
            self.host.service.new_table,
            interaction.channel_id,
            interaction.guild_id,
            interaction.user.id,
            player_name(interaction.user),
            game,
            parsed,
            seats,
        )
        title = registry.get(row.game).title
        lines = team_lines(row)
        join = "`/game join`"
        if lines:
            join = f"`/game join team:<n>` ({teams_text(row)})"
        await announce(
            interaction,
            f"**{title}** table open. {player_name(interaction.user)} sits in seat 1.\n"
            f"Others: {join}. Fill empty chairs with `/game addbot`. "
            "Then `/game start`.",
        )

    @app_commands.command(
        name="options", description="Every option of a game: default, allowed values, effect"
    )
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def options(self, interaction: discord.Interaction[Any], game: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        registry.get(game)  # a sentence for an unknown game
        for page in log_pages(options_text(game), limits.MESSAGE):
            await reply(interaction, page)

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    @app_commands.describe(team="Team games: the team you play on (again once seated: switch team)")
    @app_commands.autocomplete(team=team_autocomplete)
    async def join(self, interaction: discord.Interaction[Any], team: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        name = player_name(interaction.user)
        channel = interaction.channel_id or 0
        before = await workers.rules(self.host.service.store.open_game, channel)
        switching = before is not None and before.seat_of(interaction.user.id) is not None
        row = await workers.rules(
            self.host.service.join, interaction.channel_id, interaction.user.id, name, team
        )
        what = f"moves to team {team}" if switching else "joins"
        await announce(interaction, f"{name} {what}. {teams_text(row)}")

    @app_commands.command(
        name="leave", description="Leave the table (an AI takes your seat mid-game)"
    )
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        service = self.host.service
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await workers.rules(service.leave, interaction.channel_id, interaction.user.id)
        text = f"{player_name(interaction.user)} leaves the table."
        if row.status == "active":
            text += " An AI plays that seat from now on."
        await announce(interaction, text)
        if row.status == "active":
            update = await workers.rules(service.resume_ai, interaction.channel_id)
            update.owed = True  # the leave stored its board with the seat change
            await publish(self.host, channel_of(interaction), update)

    @app_commands.command(name="addbot", description="Fill an empty seat with an AI player")
    @app_commands.describe(
        policy="Which AI: ai (the game's best, default), greedy (the obvious move) or random",
        team="Team games: the AI's team (default: the emptiest)",
        difficulty="easy, normal or hard where the game has it (default: the table's, else normal)",
    )
    @app_commands.autocomplete(team=team_autocomplete)
    @app_commands.choices(
        difficulty=[app_commands.Choice(name=level, value=level) for level in LEVELS]
    )
    async def addbot(
        self,
        interaction: discord.Interaction[Any],
        policy: str = "ai",
        team: int | None = None,
        difficulty: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await workers.rules(
            self.host.service.add_bot,
            interaction.channel_id,
            interaction.user.id,
            policy,
            team,
            difficulty,
        )
        seat = row.seats[-1]
        level = f" ({seat.difficulty})" if seat.difficulty != NORMAL else ""
        text = f"{seat.name}{level} takes seat {len(row.seats)}."
        if team_lines(row):
            text += f" {teams_text(row)}"
        await announce(interaction, text)

    @app_commands.command(name="start", description="Deal and begin the game")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(
            self.host.service.start, interaction.channel_id, interaction.user.id
        )
        await reply(interaction, "Dealt. The board is in the channel.")
        await publish(self.host, channel_of(interaction), update)

    @app_commands.command(
        name="end", description="Close this channel's table (creator or moderators)"
    )
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await workers.rules(
            self.host.service.end,
            interaction.channel_id,
            interaction.user.id,
            is_manager(interaction),
        )
        await announce(
            interaction,
            f"The table of {registry.get(row.game).title} is closed. `/game new` opens another.",
        )
        await self.host.outbox.close(row.id, channel_of(interaction))
