"""``/stats``: how a player stands on this server (``/stats player``: games, wins, a rating
per game with its uncertainty, the last five results) and a game's leaderboard
(``/stats leaderboard``: the top ten, provisional ratings marked), issue 31. Answers are
embeds, private unless ``post`` asks to show them to the channel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import limits
from bot.discord.answers import channel_of
from bot.discord.cogs.common import in_a_server, player_name
from bot.discord.cogs.lobby import game_autocomplete
from bot.discord.host import Host
from bot.discord.limits import fit
from bot.discord.presentation import stamp
from bot.tables import workers
from bot.tables.stats import leaderboard_lines, player_stats, title
from engines import registry


def when(at: float) -> str:
    """A result's date as Discord shows it in the reader's own time zone."""
    return stamp(at, "d")


async def answer(interaction: discord.Interaction[Any], embed: discord.Embed, post: bool) -> None:
    """The embed privately, or in the channel when asked (then a private "Posted.")."""
    if post:
        await channel_of(interaction).send(embed=embed)
        await interaction.followup.send("Posted.", ephemeral=True)
    else:
        await interaction.followup.send(embed=embed, ephemeral=True)


class StatsCog(
    commands.GroupCog,
    group_name="stats",
    group_description="Ratings, records and leaderboards on this server",
):
    def __init__(self, host: Host) -> None:
        self.host = host
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return in_a_server(interaction)  # ratings are a server's own

    @app_commands.command(name="player", description="A player's record and ratings here")
    @app_commands.describe(
        who="Whose stats (default: yours)", post="Show them to the channel (default: only you)"
    )
    async def player(
        self,
        interaction: discord.Interaction[Any],
        who: discord.Member | None = None,
        post: bool = False,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = who or interaction.user
        stats = await workers.rules(
            player_stats,
            self.host.service.store,
            interaction.guild_id or 0,
            user.id,
            player_name(user),
        )
        text = "\n".join(stats.lines(when))
        embed = discord.Embed(
            title=fit(f"Stats of {stats.name}", limits.EMBED_TITLE),
            description=fit(text, limits.EMBED_DESCRIPTION),
        )
        await answer(interaction, embed, post)

    @app_commands.command(name="leaderboard", description="A game's top ten on this server")
    @app_commands.describe(game="Which game", post="Show it to the channel (default: only you)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str, post: bool = False
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        registry.get(game)  # a sentence for an unknown game
        lines = await workers.rules(
            leaderboard_lines, self.host.service.store, interaction.guild_id or 0, game
        )
        embed = discord.Embed(
            title=fit(f"Leaderboard: {title(game)}", limits.EMBED_TITLE),
            description=fit("\n".join(lines), limits.EMBED_DESCRIPTION),
        )
        await answer(interaction, embed, post)
