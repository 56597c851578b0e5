"""``/game settings``, ``away``, ``back``, ``mine``, ``notify`` and ``replace``, the scheduler task
and the ``gm_update`` listener (issue "Async play across days").

The commands are plain functions that ``install`` adds to the ``/game`` group of ``TableCog``.
What reminders and deadlines do lives Discord-free in ``bot.deadlines``; this module only
answers interactions, sends what the scheduler produced and publishes stand-in boards.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot import workers
from bot.deadlines import Outcome, deliver, on_due, on_update, parse_duration, stamp
from bot.flow import client_of, publish
from bot.scheduler import Fired, Scheduler
from bot.store import Reminder
from bot.tables_async import (
    change_settings,
    come_back,
    games_waiting_for,
    mine_text,
    set_away,
    set_notify,
    table_settings,
    vote_replace,
)
from bot.updates import Update
from engines.core.errors import GameError

if TYPE_CHECKING:
    from bot.app import GameMaster

log = logging.getLogger(__name__)

# Commands that add stored items dispatch this; the scheduler then re-reads its next due time.
POKE_EVENT = "gm_poke"
STOP_TIMEOUT = 10.0


def _name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def _is_manager(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms and perms.manage_channels)


# ---------------------------------------------------------------------- commands
@app_commands.describe(
    policy="What happens when a player does not move in time",
    deadline="How long a player has before the policy acts, e.g. 48h or 3d",
    remind_after="When the first reminder goes out, e.g. 12h",
    remind_every="Time between later reminders, e.g. 24h",
    window="How long an interrupt window waits for answers, e.g. 30s (off: wait for all)",
)
async def settings(
    interaction: discord.Interaction[Any],
    policy: Literal["none", "remind", "skip", "ai"] | None = None,
    deadline: str | None = None,
    remind_after: str | None = None,
    remind_every: str | None = None,
    window: str | None = None,
) -> None:
    client = client_of(interaction)
    changes: dict[str, Any] = {} if policy is None else {"policy": policy}
    for key, text in (
        ("deadline", deadline),
        ("remind_after", remind_after),
        ("remind_every", remind_every),
        ("window", window),
    ):
        if text is not None:
            changes[key] = parse_duration(text)
    await interaction.response.defer(ephemeral=True, thinking=True)
    if not changes:
        current = await workers.rules(table_settings, client.service, interaction.channel_id)
        await interaction.followup.send(
            f"This table's settings:\n{current.describe()}\nThe player who opened the table or "
            "someone with Manage Channel can change them with /game settings.",
            ephemeral=True,
        )
        return
    new = await workers.rules(
        change_settings,
        client.service,
        interaction.channel_id,
        interaction.user.id,
        _is_manager(interaction),
        changes,
    )
    client.dispatch(POKE_EVENT)
    assert interaction.channel is not None
    await interaction.channel.send(  # type: ignore[union-attr]
        f"{_name(interaction.user)} changed the table settings. Clocks restart from now.\n"
        + new.describe()
    )
    await interaction.followup.send("Done.", ephemeral=True)


@app_commands.describe(duration="How long, e.g. 3d, 12h or 1d12h (up to 14 days)")
async def away(interaction: discord.Interaction[Any], duration: str) -> None:
    client = client_of(interaction)
    seconds = parse_duration(duration)
    await interaction.response.defer(ephemeral=True, thinking=True)
    until = await workers.rules(set_away, client.service, interaction.user.id, seconds)
    client.dispatch(POKE_EVENT)
    await interaction.followup.send(
        f"You are away until {stamp(until, 'f')} ({stamp(until)}). Reminders pause and no "
        "deadline acts for you in any of your games until then. Use /game back when you "
        "return earlier.",
        ephemeral=True,
    )


async def back(interaction: discord.Interaction[Any]) -> None:
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    was_away = await workers.rules(come_back, client.service, interaction.user.id)
    client.dispatch(POKE_EVENT)
    text = (
        "Welcome back! Reminders and deadlines run for you again, counted from now."
        if was_away
        else "You were not marked as away, so nothing changed."
    )
    await interaction.followup.send(text, ephemeral=True)


async def mine(interaction: discord.Interaction[Any]) -> None:
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    entries = await workers.rules(
        games_waiting_for, client.service, interaction.guild_id, interaction.user.id
    )
    await interaction.followup.send(mine_text(entries), ephemeral=True)


@app_commands.describe(mode="dm: direct messages; channel: a mention in the game's channel")
async def notify(
    interaction: discord.Interaction[Any], mode: Literal["dm", "channel", "off"]
) -> None:
    client = client_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    text = await workers.rules(set_notify, client.service, interaction.user.id, mode)
    await interaction.followup.send(text, ephemeral=True)


@app_commands.describe(
    user="The player whose seat is handed over",
    with_="Who takes the seat (leave out for an AI stand-in)",
)
@app_commands.rename(with_="with")
async def replace(
    interaction: discord.Interaction[Any],
    user: discord.User,
    with_: discord.User | None = None,
) -> None:
    client = client_of(interaction)
    if with_ is not None and with_.bot:
        raise GameError("Bots cannot take a seat; leave out 'with' to hand it to an AI stand-in.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    newcomer = None if with_ is None else (with_.id, _name(with_))
    result = await workers.rules(
        vote_replace,
        client.service,
        interaction.channel_id,
        interaction.user.id,
        user.id,
        newcomer,
    )
    assert interaction.channel is not None
    await interaction.channel.send(result.message)  # type: ignore[union-attr]
    await interaction.followup.send("Done.", ephemeral=True)
    if result.update is not None:
        assert interaction.channel is not None
        await publish(client, interaction.channel, result.update)  # type: ignore[arg-type]


def commands() -> list[app_commands.Command[Any, ..., None]]:
    """Fresh command objects for one ``/game`` group."""
    specs = [
        ("settings", "See or change reminders and the deadline policy", settings),
        ("away", "Pause reminders and deadlines for you for a while", away),
        ("back", "End your away time early", back),
        ("mine", "The games in this server waiting for your move", mine),
        ("notify", "Get reminders by direct message, in the channel, or not at all", notify),
        ("replace", "Vote to hand a player's seat to an AI or a new player", replace),
    ]
    return [
        app_commands.Command(name=name, description=text, callback=callback)
        for name, text, callback in specs
    ]


# ---------------------------------------------------------------------- running parts
class DiscordNotifier:
    """``bot.deadlines.Notifier`` over the Discord client."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def send_channel(self, channel_id: int, text: str) -> None:
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        await channel.send(  # type: ignore[union-attr]
            text[:2000], allowed_mentions=discord.AllowedMentions(users=True)
        )

    async def send_dm(self, user_id: int, text: str) -> bool:
        user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        try:
            await user.send(text[:2000])
        except discord.Forbidden:  # DMs closed, or no server shared any more
            return False
        return True


class AsyncPlay:
    """The scheduler task, its Discord delivery and the listeners that keep it in step."""

    def __init__(self, bot: GameMaster) -> None:
        self.bot = bot
        self.service = bot.service
        self.notifier = DiscordNotifier(bot)
        self.scheduler: Scheduler[Outcome] = Scheduler(
            self.service.store, self.service.clock, self.handle, self.deliver
        )
        self._task: asyncio.Task[None] | None = None

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
            await publish(self.bot, channel, update)  # type: ignore[arg-type]
        except Exception:
            log.exception("could not post the board in %s", update.channel_id)
            await self.on_gm_update(update)

    async def on_gm_update(self, update: Update) -> None:
        await workers.rules(
            on_update, self.service.store, self.service, update, self.service.clock()
        )
        self.scheduler.poke()

    async def on_gm_poke(self) -> None:
        self.scheduler.poke()

    async def on_ready(self) -> None:
        """Start the scheduler once connected (not for a command sync); only once, though
        ``on_ready`` comes again after every full reconnect."""
        if self._task is None:
            self._task = asyncio.create_task(self.scheduler.run(), name="gm-scheduler")

    async def stop(self) -> None:
        """Let the scheduler finish its pass, then end it (cancelled after a grace time)."""
        self.scheduler.stop()
        if self._task is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(self._task, STOP_TIMEOUT)
            self._task = None


def install(bot: GameMaster) -> AsyncPlay:
    """Add the commands to ``/game`` (after ``TableCog`` is added) and register the listeners;
    the scheduler starts when the bot is ready. Call from ``setup_hook``; ``await
    play.stop()`` on close."""
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("install() needs the /game group: add TableCog first")
    for command in commands():
        group.add_command(command)
    play = AsyncPlay(bot)
    bot.add_listener(play.on_gm_update, "on_gm_update")
    bot.add_listener(play.on_gm_poke, f"on_{POKE_EVENT}")
    bot.add_listener(play.on_ready, "on_ready")
    return play
