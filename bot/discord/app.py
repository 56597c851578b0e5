"""The Discord client: wiring of cogs, persistent components and the global error handler.

No privileged intents, and of the default ones none about messages, reactions or typing
(``INTENTS``): the bot works entirely through slash commands and components, and every
gateway event it subscribes to is one more payload to parse (each board it posts or edits
would come back to it as a message event). Commands are synced explicitly (``gm sync``), never
on every start, so restarts do not hit Discord's command-sync rate limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import flow
from bot.discord.answers import fail, say
from bot.discord.cogs.character import CharacterCog
from bot.discord.cogs.deadlines import DeadlinesCog
from bot.discord.cogs.game import GameCog
from bot.discord.cogs.play import PlayCog
from bot.discord.cogs.rules import RulesCog
from bot.discord.cogs.stats import StatsCog
from bot.discord.outbox import RETRY_DELAYS, Sender
from bot.discord.ui.character_flow import CHARACTER_ITEMS
from bot.discord.ui.items import DYNAMIC_ITEMS
from bot.tables import workers
from bot.tables.service import TableService
from bot.tables.updates import Update
from engines.core.errors import GameError

log = logging.getLogger(__name__)

INTENTS = discord.Intents.default()
INTENTS.messages = INTENTS.reactions = INTENTS.typing = False

SEEN_INTERACTIONS = 5000  # ids remembered for duplicate detection (minutes of traffic)
DRAIN_SECONDS = 10.0  # how long a shutdown waits for interactions being handled
RESTARTING = "The game master is restarting; nothing was changed. Try again in a minute."
# A component that reached none of the bot's items (issue 34): an id that does not parse,
# or a button the message no longer carries (a board the game moved past, seen by a client
# that had not caught up).
NOT_MINE = (
    "That button is from an old board, or not one of mine; nothing was changed. "
    "Use the buttons on the latest board."
)
# How long a component may take to reach its item before the client answers it instead.
# discord.py starts an item's task before it dispatches the interaction event, and an item
# claims its interaction (``first_delivery``) before its first await: this is a margin.
CLAIM_GRACE = 0.05


class GameTree(app_commands.CommandTree["GameMaster"]):
    """Every slash command passes ``GameMaster.first_delivery`` first."""

    async def interaction_check(self, interaction: discord.Interaction[GameMaster]) -> bool:
        return await self.client.first_delivery(interaction)


class GameMaster(commands.Bot):
    """``sync_on_start`` registers the slash commands at every start: for a fake Discord or a
    private sandbox only; production syncs with ``gm sync``."""

    def __init__(
        self,
        service: TableService,
        *,
        sync_on_start: bool = False,
        retry_delays: tuple[float, ...] = RETRY_DELAYS,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            help_command=None,
            tree_cls=GameTree,
            **kwargs,
        )
        self.service = service
        service.owes_posts = True  # every move stores the board it owes (issue 16)
        self.outbox = Sender(self, service, self._compose, retry_delays)
        self._outbox_task: asyncio.Task[None] | None = None
        self.sync_on_start = sync_on_start
        self.tree.on_error = self.on_app_command_error
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
        await self.add_cog(GameCog(self))
        await self.add_cog(PlayCog(self))
        await self.add_cog(RulesCog(self))
        await self.add_cog(DeadlinesCog(self, self))
        await self.add_cog(CharacterCog(self))
        await self.add_cog(StatsCog(self))
        self.add_dynamic_items(*CHARACTER_ITEMS)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self._outbox_task = asyncio.create_task(self.outbox.run(), name="gm-outbox")
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
        self.outbox.stop()  # what is still pending stays stored; the next start sends it
        if self._outbox_task is not None:
            self._outbox_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._outbox_task
            self._outbox_task = None
        await super().close()  # removes the cogs: the scheduler stops in cog_unload
        workers.shutdown()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every click gets an answer: a component or form that none of the bot's items
        claimed gets a sentence, and nothing is changed. discord.py drops such an
        interaction silently (an id no template matches; a component its message does not
        show), and the player would see "This interaction failed"."""
        if interaction.type not in (
            discord.InteractionType.component,
            discord.InteractionType.modal_submit,
        ):
            return  # slash commands and autocomplete: the command tree answers them
        await asyncio.sleep(CLAIM_GRACE)
        if interaction.id in self._seen:  # an item took it (or it is a repeated delivery)
            return
        if not await self.first_delivery(interaction):
            return
        data: dict[str, Any] = dict(interaction.data or {})
        log.info("answering a click no item took: %r", data.get("custom_id"))
        try:
            await say(interaction, NOT_MINE)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id, exc_info=True)
        finally:
            self.finished_one()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Every failed command gets an ephemeral sentence; unexpected ones are logged."""
        self.finished_one()
        cause: BaseException = error
        if isinstance(error, app_commands.CommandInvokeError):
            cause = error.original
        elif isinstance(error, app_commands.TransformerError) and error.__cause__ is not None:
            cause = error.__cause__  # e.g. a duration that cannot be read: its own sentence
        if isinstance(cause, app_commands.CommandOnCooldown):
            cause = GameError(f"That was just done here; try again in {cause.retry_after:.0f} s.")
        elif isinstance(cause, app_commands.NoPrivateMessage):
            cause = GameError("Tables live in server channels; use this command in a server.")
        elif isinstance(cause, app_commands.CheckFailure):
            cause = GameError("You are not allowed to use that command here.")
        await fail(interaction, cause)

    async def _compose(self, update: Update) -> tuple[str, dict[str, Any]]:
        return await flow.board_message(self.service, update)

    # The panel steps components call back into (``bot.discord.host.Host``).
    async def open_panel(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seq: int | None,
        pages: dict[int, int],
    ) -> None:
        await flow.open_panel(interaction, game_id, seq, pages)

    async def open_drill(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seq: int,
        prefix: tuple[int, ...],
        page: int,
    ) -> None:
        await flow.open_drill(interaction, game_id, seq, prefix, page)

    async def run_action(
        self,
        interaction: discord.Interaction[Any],
        ref: str,
        game_id: int | None,
        label: str | None,
    ) -> None:
        await flow.run_action(interaction, ref, game_id, label)

    async def show_hand(
        self, interaction: discord.Interaction[Any], game_id: int | None = None
    ) -> None:
        await flow.show_hand(interaction, game_id)
