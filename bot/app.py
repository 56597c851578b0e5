"""The Discord client: wiring of cogs, persistent components and the global error handler.

Default intents only (no message content, no privileged intents): the bot works entirely
through slash commands and components. Commands are synced explicitly (``gm sync``), never
on every start, so restarts do not hit Discord's command-sync rate limits.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.async_play import AsyncPlay, install
from bot.cogs.table import TableCog
from bot.flow import fail
from bot.service import TableService
from bot.ui.items import DYNAMIC_ITEMS
from engines.core.errors import GameError

log = logging.getLogger(__name__)

SEEN_INTERACTIONS = 5000  # ids remembered for duplicate detection (minutes of traffic)


class GameMaster(commands.Bot):
    """``sync_on_start`` registers the slash commands at every start: for a fake Discord or a
    private sandbox only; production syncs with ``gm sync``."""

    def __init__(
        self, service: TableService, *, sync_on_start: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            **kwargs,
        )
        self.service = service
        self.async_play: AsyncPlay | None = None
        self.sync_on_start = sync_on_start
        self.tree.on_error = self.on_app_command_error
        self.tree.interaction_check = self.first_delivery  # type: ignore[method-assign]
        self._seen: OrderedDict[int, None] = OrderedDict()

    async def first_delivery(self, interaction: discord.Interaction[Any]) -> bool:
        """False for an interaction id seen before: Discord can deliver an event twice, and a
        repeated click must neither apply twice nor answer twice."""
        if interaction.id in self._seen:
            log.info("ignoring repeated delivery of interaction %s", interaction.id)
            return False
        self._seen[interaction.id] = None
        if len(self._seen) > SEEN_INTERACTIONS:
            self._seen.popitem(last=False)
        return True

    async def setup_hook(self) -> None:
        await self.add_cog(TableCog(self))
        # After TableCog, whose /game group it extends (settings, away, back, mine, notify,
        # replace), and before any sync; the scheduler starts once the bot is ready.
        self.async_play = install(self)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.sync_on_start:
            await self.tree.sync()

    async def close(self) -> None:
        if self.async_play is not None:
            await self.async_play.stop()
        await super().close()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Every failed command gets an ephemeral sentence; unexpected ones are logged."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, app_commands.CheckFailure):
            await fail(interaction, GameError("You are not allowed to use that command here."))
            return
        await fail(interaction, cause)
