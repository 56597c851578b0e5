"""What the cogs share: how a player is named, who manages a channel, how a change is told."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.answers import channel_of, post, reply

# Commands that add stored items dispatch this; the scheduler then re-reads its next due time.
POKE_EVENT = "gm_poke"


def player_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms and perms.manage_channels)


async def announce(interaction: discord.Interaction[Any], text: str) -> None:
    """Tell the table in the channel; confirm privately (errors stay private too)."""
    await post(channel_of(interaction), text)
    await reply(interaction, "Done.")


def in_a_server(interaction: discord.Interaction[Any]) -> bool:
    """Tables live in server channels: a command reaching us from a direct message (an old
    registration, a user-installed app) is answered politely by the error handler."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return True
