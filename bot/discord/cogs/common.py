"""What the cogs share: how a player is named, who manages a channel, how a change is told."""

from __future__ import annotations

from typing import Any

import discord

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
