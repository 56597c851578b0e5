"""Slash-command arguments read by discord.py before a command runs: a duration typed as
``3d``, ``12h`` or ``off`` arrives as seconds, and bad input reaches the error handler."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.tables.durations import parse_duration


class Duration(app_commands.Transformer):
    """``"1d12h"`` -> 129600 seconds; what cannot be read fails with the player's sentence
    (``bot.tables.updates.BadSettings``), which the error handler shows."""

    async def transform(self, interaction: discord.Interaction[Any], value: str) -> int:
        return parse_duration(value)


DurationArg = app_commands.Transform[int, Duration]
