"""``/play``: a move typed instead of clicked; autocomplete lists exactly the caller's legal
moves, and says so when there are more than one answer can hold."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import limits
from bot.discord.answers import channel_of, reply
from bot.discord.cogs.common import in_a_server
from bot.discord.flow import LATE_BOARD, publish
from bot.discord.host import Host, host_of
from bot.tables import workers
from engines.core.errors import GameError

# The value of the autocomplete line that says more moves exist; submitted, it gets a hint.
MORE = "…"
# No move's name is longer; a longer text is refused before any lookup (issue 16 item 5).
MAX_MOVE = 200


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
    shown = [
        app_commands.Choice(name=limits.fit(c.label, limits.CHOICE), value=c.ref)
        for c in hits[: limits.OPTIONS]
    ]
    if len(hits) > limits.OPTIONS:
        rest = len(hits) - (limits.OPTIONS - 1)
        shown[-1] = app_commands.Choice(
            name=f"… and {rest} more moves: type part of a name to narrow the list", value=MORE
        )
    return shown


def checked_move(action: str) -> str:
    """The typed move, or a sentence for text no move can match."""
    if action.strip() == MORE:
        raise GameError(
            "That line only says there are more moves than the list can show; type part of a "
            "move's name in /play to narrow it."
        )
    if len(action) > MAX_MOVE:
        raise GameError(
            f"That move is {len(action)} characters long ({limits.echo(action)}); no move is "
            f"longer than {MAX_MOVE}. Start typing in /play to see your moves."
        )
    return action


class PlayCog(commands.Cog):
    """The typed fallback for every move the buttons offer."""

    def __init__(self, host: Host) -> None:
        self.host = host

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return in_a_server(interaction)

    @app_commands.command(name="play", description="Make a move by typing (buttons work too)")
    @app_commands.describe(action="Start typing to see your legal moves")
    @app_commands.autocomplete(action=action_autocomplete)
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction[Any], action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await workers.rules(
            self.host.service.act, interaction.channel_id, interaction.user.id, checked_move(action)
        )
        posted = await publish(self.host, channel_of(interaction), update)
        lines = update.private.get(interaction.user.id, [])
        head = "Done." if posted else LATE_BOARD
        await reply(interaction, "\n".join([head, *lines]))
