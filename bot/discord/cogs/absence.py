"""``/game settings``, ``away``, ``back``, ``mine``, ``notify`` and ``replace``: what players do
about absence in games that last days (a mixin of ``bot.discord.cogs.game.GameCog``).

What these change lives Discord-free in ``bot.tables.absence``; here they are answered.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.discord.answers import channel_of, post, reply
from bot.discord.cogs.common import POKE_EVENT, is_manager, player_name
from bot.discord.flow import publish
from bot.discord.host import Host
from bot.discord.presentation import mine_text, stamp
from bot.discord.transformers import DurationArg
from bot.tables import workers
from bot.tables.absence import (
    change_settings,
    come_back,
    games_waiting_for,
    set_away,
    set_notify,
    table_settings,
    vote_replace,
)
from engines.core.errors import GameError


class AbsenceCommands:
    """Table settings for absent players, away and back, reminders, replacing a seat."""

    host: Host

    @app_commands.command(
        name="settings", description="See or change reminders and the deadline policy"
    )
    @app_commands.describe(
        policy="What happens when a player does not move in time",
        deadline="How long a player has before the policy acts, e.g. 48h or 3d",
        remind_after="When the first reminder goes out, e.g. 12h",
        remind_every="Time between later reminders, e.g. 24h",
        window="How long an interrupt window waits for answers, e.g. 30s (off: wait for all)",
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        policy: Literal["none", "remind", "skip", "ai"] | None = None,
        deadline: DurationArg | None = None,
        remind_after: DurationArg | None = None,
        remind_every: DurationArg | None = None,
        window: DurationArg | None = None,
    ) -> None:
        service = self.host.service
        changes: dict[str, Any] = {} if policy is None else {"policy": policy}
        for key, seconds in (
            ("deadline", deadline),
            ("remind_after", remind_after),
            ("remind_every", remind_every),
            ("window", window),
        ):
            if seconds is not None:
                changes[key] = seconds
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not changes:
            current = await workers.rules(table_settings, service, interaction.channel_id)
            await reply(
                interaction,
                f"This table's settings:\n{current.describe()}\nThe player who opened the "
                "table or someone with Manage Channel can change them with /game settings.",
            )
            return
        new = await workers.rules(
            change_settings,
            service,
            interaction.channel_id,
            interaction.user.id,
            is_manager(interaction),
            changes,
        )
        self.host.dispatch(POKE_EVENT)
        await post(
            channel_of(interaction),
            f"{player_name(interaction.user)} changed the table settings. Clocks restart from "
            "now.\n" + new.describe(),
        )
        await reply(interaction, "Done.")

    @app_commands.command(
        name="away", description="Pause reminders and deadlines for you for a while"
    )
    @app_commands.describe(duration="How long, e.g. 3d, 12h or 1d12h (up to 14 days)")
    async def away(self, interaction: discord.Interaction[Any], duration: DurationArg) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        until = await workers.rules(set_away, self.host.service, interaction.user.id, duration)
        self.host.dispatch(POKE_EVENT)
        await reply(
            interaction,
            f"You are away until {stamp(until, 'f')} ({stamp(until)}). Reminders pause and no "
            "deadline acts for you in any of your games until then. Use /game back when you "
            "return earlier.",
        )

    @app_commands.command(name="back", description="End your away time early")
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        was_away = await workers.rules(come_back, self.host.service, interaction.user.id)
        self.host.dispatch(POKE_EVENT)
        text = (
            "Welcome back! Reminders and deadlines run for you again, counted from now."
            if was_away
            else "You were not marked as away, so nothing changed."
        )
        await reply(interaction, text)

    @app_commands.command(name="mine", description="The games in this server waiting for your move")
    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        entries = await workers.rules(
            games_waiting_for, self.host.service, interaction.guild_id, interaction.user.id
        )
        await reply(interaction, mine_text(entries))

    @app_commands.command(
        name="notify", description="Get reminders by direct message, in the channel, or not at all"
    )
    @app_commands.describe(mode="dm: direct messages; channel: a mention in the game's channel")
    async def notify(
        self, interaction: discord.Interaction[Any], mode: Literal["dm", "channel", "off"]
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await workers.rules(set_notify, self.host.service, interaction.user.id, mode)
        await reply(interaction, text)

    @app_commands.command(
        name="replace", description="Vote to hand a player's seat to an AI or a new player"
    )
    @app_commands.describe(
        user="The player whose seat is handed over",
        with_="Who takes the seat (leave out for an AI stand-in)",
    )
    @app_commands.rename(with_="with")
    async def replace(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User,
        with_: discord.User | None = None,
    ) -> None:
        if with_ is not None and with_.bot:
            raise GameError(
                "Bots cannot take a seat; leave out `with` to hand it to an AI stand-in."
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        newcomer = None if with_ is None else (with_.id, player_name(with_))
        result = await workers.rules(
            vote_replace,
            self.host.service,
            interaction.channel_id,
            interaction.user.id,
            user.id,
            newcomer,
            is_manager(interaction),
        )
        channel = channel_of(interaction)
        await post(channel, result.message)
        await reply(interaction, "Done.")
        if result.update is not None:
            await publish(self.host, channel, result.update)
