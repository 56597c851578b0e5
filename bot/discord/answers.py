"""Answering a player privately, failures included: every player-facing failure is a
``GameError`` turned into an ephemeral sentence; anything else gets an apology and a log."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.limits import fit
from engines.core.errors import GameError

log = logging.getLogger(__name__)

APOLOGY = "Something went wrong on my side; the game is unchanged. The error has been logged."


def channel_of(interaction: discord.Interaction[Any]) -> discord.abc.Messageable:
    """The channel an interaction came from (every table lives in one)."""
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        raise RuntimeError(f"interaction {interaction.id} has no channel to answer in")
    return channel


async def say(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(fit(text), ephemeral=True)
    else:
        await interaction.response.send_message(fit(text), ephemeral=True)


async def reply(interaction: discord.Interaction[Any], text: str, **extra: Any) -> None:
    """A private follow-up to a deferred command, within Discord's limits."""
    await interaction.followup.send(fit(text), ephemeral=True, **extra)


async def post(channel: discord.abc.Messageable, text: str, **extra: Any) -> discord.Message:
    """A message in the channel, within Discord's limits."""
    return await channel.send(fit(text), **extra)


async def fail(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer a failure: game errors as they are, anything else with an apology."""
    if isinstance(error, GameError):
        text = str(error)
    else:
        log.error("interaction failed", exc_info=error)
        text = APOLOGY
    try:
        await say(interaction, text)
    except discord.HTTPException:
        log.warning("could not tell the user about an error", exc_info=True)
