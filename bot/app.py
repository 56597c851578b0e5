"""The Discord client: wiring of cogs, persistent components and the global error handler.

Default intents only (no message content, no privileged intents): the bot works entirely
through slash commands and components. Commands are synced explicitly (``gm sync``), never
on every start, so restarts do not hit Discord's command-sync rate limits.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import workers
from bot.cogs.async_play import AsyncPlay, install
from bot.cogs.table import TableCog
from bot.flow import fail
from bot.service import TableService
from bot.ui.items import DYNAMIC_ITEMS
from engines.core.errors import GameError

log = logging.getLogger(__name__)

SEEN_INTERACTIONS = 5000  # ids remembered for duplicate detection (minutes of traffic)
DRAIN_SECONDS = 10.0  # how long a shutdown waits for interactions being handled
RESTARTING = "The game master is restarting; nothing was changed. Try again in a minute."


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
        self._in_flight = 0
        self._closing = False

    async def first_delivery(self, interaction: discord.Interaction[Any]) -> bool:
        """Whether to handle an interaction: not one seen before (Discord can deliver an
        event twice; a repeated click must neither apply nor answer twice), and not while
        shutting down (the player is asked to try again in a moment)."""
        if interaction.id in self._seen:
            log.info("ignoring repeated delivery of interaction %s", interaction.id)
            return False
        self._seen[interaction.id] = None
        if len(self._seen) > SEEN_INTERACTIONS:
            self._seen.popitem(last=False)
        if interaction.type == discord.InteractionType.autocomplete:
            return not self._closing
        if self._closing:
            await interaction.response.send_message(RESTARTING, ephemeral=True)
            return False
        self._in_flight += 1
        return True

    @property
    def in_flight(self) -> int:
        return self._in_flight

    def finished_one(self) -> None:
        """An interaction admitted by ``first_delivery`` is done (answered or failed)."""
        self._in_flight = max(0, self._in_flight - 1)

    async def on_app_command_completion(
        self, interaction: discord.Interaction[Any], command: Any
    ) -> None:
        self.finished_one()

    async def setup_hook(self) -> None:
        await self.add_cog(TableCog(self))
        # After TableCog, whose /game group it extends (settings, away, back, mine, notify,
        # replace), and before any sync; the scheduler starts once the bot is ready.
        self.async_play = install(self)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.sync_on_start:
            await self.tree.sync()

    async def close(self) -> None:
        """Stop taking clicks, let the ones being handled finish (bounded), then close."""
        self._closing = True
        for _ in range(int(DRAIN_SECONDS / 0.05)):
            if self._in_flight == 0:
                break
            await asyncio.sleep(0.05)
        if self._in_flight:
            log.warning("closing with %d interactions still running", self._in_flight)
        if self.async_play is not None:
            await self.async_play.stop()
        await super().close()
        workers.shutdown()

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
        self.finished_one()
        await fail(interaction, cause)
