"""The ``/game`` command group and ``/play`` (the table's lifecycle and the typed fallback).

Every command answers within Discord's 3 seconds: quick lookups answer at once, anything
that may run rules, AI seats or Pillow defers first and works in a worker thread.
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import workers
from bot.flow import publish, show_hand
from bot.options import option_suggestions, parse_option_text
from bot.tables_async import away_lines
from engines import registry
from engines.core.errors import GameError

if TYPE_CHECKING:
    from bot.app import GameMaster


def _name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def _is_manager(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms and perms.manage_channels)


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


async def action_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    client: GameMaster = interaction.client  # type: ignore[assignment]
    try:
        choices = await workers.rules(
            client.service.choices, interaction.channel_id, interaction.user.id
        )
    except GameError:
        return []
    wanted = current.casefold()
    hits = [c for c in choices if wanted in c.label.casefold()]
    return [app_commands.Choice(name=c.label[:100], value=c.ref) for c in hits[:25]]


class TableCog(commands.Cog):
    """Opening, joining, starting, inspecting and closing the channel's game."""

    game = app_commands.Group(name="game", description="Run a tabletop game in this channel")

    def __init__(self, bot: GameMaster) -> None:
        self.bot = bot

    @property
    def service(self) -> Any:
        return self.bot.service

    @staticmethod
    async def announce(interaction: discord.Interaction[Any], text: str) -> None:
        """Tell the table in the channel; confirm privately (errors stay private too)."""
        assert interaction.channel is not None
        await interaction.channel.send(text)  # type: ignore[union-attr]
        await interaction.followup.send("Done.", ephemeral=True)

    # ------------------------------------------------------------------ lobby
    @game.command(name="new", description="Open a table for a game in this channel")
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
        parsed = parse_option_text(options or "")
        row = await workers.rules(
            self.service.new_table,
            interaction.channel_id,
            interaction.guild_id,
            interaction.user.id,
            _name(interaction.user),
            game,
            parsed,
            seats,
        )
        title = registry.get(row.game).title
        await self.announce(
            interaction,
            f"**{title}** table open. {_name(interaction.user)} sits in seat 1.\n"
            "Others: `/game join`. Fill empty chairs with `/game addbot`. "
            "Then `/game start`.",
        )

    @game.command(name="join", description="Take a seat at this channel's table")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await workers.rules(
            self.service.join,
            interaction.channel_id,
            interaction.user.id,
            _name(interaction.user),
        )
        await self.announce(
            interaction,
            f"{_name(interaction.user)} joins. Seats: " + ", ".join(s["name"] for s in row.seats),
        )

    @game.command(name="leave", description="Leave the table (an AI takes your seat mid-game)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await workers.rules(self.service.leave, interaction.channel_id, interaction.user.id)
        text = f"{_name(interaction.user)} leaves the table."
        if row.status == "active":
            text += " An AI plays that seat from now on."
        await self.announce(interaction, text)
        if row.status == "active":
            update = await workers.rules(self.service.resume_ai, interaction.channel_id)
            assert interaction.channel is not None
            await publish(self.bot, interaction.channel, update)  # type: ignore[arg-type]

    @game.command(name="addbot", description="Fill an empty seat with an AI player")
    @app_commands.describe(policy="Which AI (default: the game's best)")
    async def addbot(self, interaction: discord.Interaction[Any], policy: str = "ai") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await workers.rules(
            self.service.add_bot, interaction.channel_id, interaction.user.id, policy
        )
        await self.announce(interaction, f"{row.seats[-1]['name']} takes seat {len(row.seats)}.")

    @game.command(name="start", description="Deal and begin the game")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(
            self.service.start, interaction.channel_id, interaction.user.id
        )
        await interaction.followup.send("Dealt. The board is in the channel.", ephemeral=True)
        assert interaction.channel is not None
        await publish(self.bot, interaction.channel, update)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ looking
    @game.command(name="status", description="Who is seated and whom the game waits for")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await workers.rules(self.service.table, interaction.channel_id)
        waiting = await workers.rules(self.service.waiting, interaction.channel_id)
        seats = "\n".join(
            f"{s['id'] + 1}. {s['name']}" + (" (AI)" if s["kind"] == "ai" else "")
            for s in row.seats
        )
        lines = [f"**{registry.get(row.game).title}**: {row.status}, move {row.seq}", seats]
        if waiting:
            lines.append("Waiting for " + ", ".join(w.name for w in waiting) + ".")
        lines += await workers.rules(away_lines, self.service, row)
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    @game.command(name="board", description="Post the current board again")
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(self.service.current_update, interaction.channel_id)
        await interaction.followup.send("Posted the board again.", ephemeral=True)
        assert interaction.channel is not None
        await publish(self.bot, interaction.channel, update)  # type: ignore[arg-type]

    @game.command(name="hand", description="See your hand and secrets (only you)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await show_hand(interaction)

    @game.command(name="log", description="The latest moves")
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        lines = await workers.rules(self.service.recent_log, interaction.channel_id)
        text = "\n".join(lines) or "No moves yet."
        await interaction.followup.send(text[-1900:], ephemeral=True)

    @game.command(name="export", description="Download this game as a file (for bug reports)")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await workers.rules(self.service.export, interaction.channel_id)
        blob = json.dumps(data, indent=1).encode()
        await interaction.followup.send(
            "The whole game: seed, options, seats and every move.",
            file=discord.File(io.BytesIO(blob), filename=f"game-{data['game']}.json"),
            ephemeral=True,
        )

    # ------------------------------------------------------------------ changing
    @game.command(name="undo", description="Take back your last move, if it revealed nothing")
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(self.service.undo, interaction.channel_id, interaction.user.id)
        await interaction.followup.send("Move taken back.", ephemeral=True)
        assert interaction.channel is not None
        await publish(self.bot, interaction.channel, update)  # type: ignore[arg-type]

    @game.command(name="concede", description="Give up this game")
    async def concede(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(
            self.service.concede, interaction.channel_id, interaction.user.id
        )
        await interaction.followup.send("You conceded.", ephemeral=True)
        assert interaction.channel is not None
        if update.view is not None:
            await publish(self.bot, interaction.channel, update)  # type: ignore[arg-type]
        else:
            await interaction.channel.send("\n".join(update.lines))  # type: ignore[union-attr]

    @game.command(name="end", description="Close this channel's table (creator or moderators)")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await workers.rules(
            self.service.end, interaction.channel_id, interaction.user.id, _is_manager(interaction)
        )
        await self.announce(
            interaction,
            f"The table of {registry.get(row.game).title} is closed. `/game new` opens another.",
        )

    # ------------------------------------------------------------------ playing
    @app_commands.command(name="play", description="Make a move by typing (buttons work too)")
    @app_commands.describe(action="Start typing to see your legal moves")
    @app_commands.autocomplete(action=action_autocomplete)
    async def play(self, interaction: discord.Interaction[Any], action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(
            self.service.act, interaction.channel_id, interaction.user.id, action
        )
        assert interaction.channel is not None
        await publish(self.bot, interaction.channel, update)  # type: ignore[arg-type]
        lines = update.private.get(interaction.user.id, [])
        await interaction.followup.send("\n".join(["Done.", *lines])[:2000], ephemeral=True)
