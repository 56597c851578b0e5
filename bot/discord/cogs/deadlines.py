"""The scheduler behind reminders and deadlines, run as a cog (issue "Async play across
days"): started in ``cog_load`` (it waits until the bot is connected, so a command sync never
fires anything), stopped in ``cog_unload``; kept in step by the ``gm_update`` and ``gm_poke``
events. What fires decides ``bot.tables.stand_in``; this cog sends and publishes.

A change whose waits could not be stored because the store failed (``StoreFault``) is
kept and stored again every ``STORE_RETRY`` seconds until the store takes it: otherwise the
reminders and deadlines of that wait would never exist, let alone fire."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
from discord.ext import commands

from bot.discord.cogs.common import POKE_EVENT
from bot.discord.flow import publish
from bot.discord.host import Host
from bot.discord.limits import fit
from bot.discord.presentation import notice_dm_text, notice_text
from bot.store import Reminder, StoreFault
from bot.tables import workers
from bot.tables.delivery import deliver
from bot.tables.scheduler import STORE_RETRY, Fired, Scheduler
from bot.tables.stand_in import Notice, Outcome, on_due
from bot.tables.updates import Update
from bot.tables.waits import keeps_waits, on_update

log = logging.getLogger(__name__)

STOP_TIMEOUT = 10.0


class DiscordNotifier:
    """``bot.tables.delivery.Notifier`` over the Discord client."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def send_channel(self, notice: Notice) -> None:
        channel_id = notice.channel_id
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise RuntimeError(f"channel {channel_id} takes no messages")
        await channel.send(
            fit(notice_text(notice)), allowed_mentions=discord.AllowedMentions(users=True)
        )

    async def send_dm(self, notice: Notice) -> bool:
        assert notice.user_id is not None  # deliver sends DMs only to a notice's player
        user_id = notice.user_id
        user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        try:
            await user.send(fit(notice_dm_text(notice)))
        except discord.Forbidden:  # DMs closed, or no server shared any more
            return False
        return True


class DeadlinesCog(commands.Cog):
    """The scheduler task, its Discord delivery and the listeners that keep it in step."""

    def __init__(self, bot: commands.Bot, host: Host) -> None:
        self.bot = bot
        self.host = host
        self.service = host.service
        self.notifier = DiscordNotifier(bot)
        self.scheduler: Scheduler[Outcome] = Scheduler(
            self.service.store, self.service.clock, self.handle, self.deliver
        )
        self._task: asyncio.Task[None] | None = None
        # The latest change per game whose waits the store failed to take, and the task
        # storing them again.
        self._unscheduled: dict[int, Update] = {}
        self._rescheduling: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._run(), name="gm-scheduler")

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        await self.scheduler.run()

    async def cog_unload(self) -> None:
        """Let the scheduler finish its pass, then end it (cancelled after a grace time)."""
        self.scheduler.stop()
        if self._rescheduling is not None:
            self._rescheduling.cancel()
        if self._task is not None:
            if not self.bot.is_ready():
                self._task.cancel()  # still waiting to connect: nothing to finish
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(self._task, STOP_TIMEOUT)
            self._task = None

    def handle(self, reminder: Reminder) -> Outcome:
        return on_due(self.service.store, self.service, reminder, self.service.clock())

    async def deliver(self, fired: list[Fired[Outcome]]) -> None:
        for item in fired:
            outcome = item.result
            if outcome is None:
                continue
            for notice in outcome.notices:
                try:
                    await deliver(self.service.store, self.notifier, notice, self.service.clock())
                except Exception:
                    log.warning("could not send reminder %s", item.reminder.id, exc_info=True)
            if outcome.update is not None:
                await self.publish(outcome.update)

    async def publish(self, update: Update) -> None:
        """Post a stand-in's board; publishing dispatches ``gm_update``, which schedules the
        next waits. If the channel is gone, schedule them anyway: the game goes on."""
        try:
            channel = self.bot.get_channel(update.channel_id) or await self.bot.fetch_channel(
                update.channel_id
            )
            if not isinstance(channel, discord.abc.Messageable):
                raise RuntimeError(f"channel {update.channel_id} takes no messages")
            await publish(self.host, channel, update)
        except Exception:
            log.exception("could not post the board in %s", update.channel_id)
            await self.on_gm_update(update)

    @commands.Cog.listener()
    async def on_gm_update(self, update: Update) -> None:
        if keeps_waits(update):
            return  # the items and so the scheduler's next wake-up stay as they are
        try:
            await self._schedule(update)
        except StoreFault as fault:
            log.warning("waits of game %s not stored yet: %s", update.game_id, fault)
            self._unscheduled[update.game_id] = update
            if self._rescheduling is None or self._rescheduling.done():
                self._rescheduling = asyncio.create_task(self._reschedule(), name="gm-waits")

    async def _schedule(self, update: Update) -> None:
        await workers.rules(
            on_update, self.service.store, self.service, update, self.service.clock()
        )
        later = self._unscheduled.get(update.game_id)
        if later is not None and later.seq <= update.seq:
            del self._unscheduled[update.game_id]  # these waits supersede those
        self.scheduler.poke()

    async def _reschedule(self) -> None:
        """Store the waits the store failed to take, once it takes them (``on_update``
        reads the game as it stands, so a late one leaves exactly the current waits)."""
        while self._unscheduled:
            await asyncio.sleep(STORE_RETRY)
            for update in list(self._unscheduled.values()):
                try:
                    await self._schedule(update)
                except StoreFault:
                    break
                except Exception:  # a damaged game must not hold the others back
                    log.exception("could not store the waits of game %s", update.game_id)
                    self._unscheduled.pop(update.game_id, None)

    @commands.Cog.listener(f"on_{POKE_EVENT}")
    async def on_gm_poke(self) -> None:
        self.scheduler.poke()
