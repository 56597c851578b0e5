"""What cogs and components need of the client, so they never import the client module.

``bot.discord.app.GameMaster`` is the one implementation; components reach it through
``interaction.client`` and call back into the panel steps (``bot.discord.flow``) through it,
which keeps the imports one way: app -> cogs, flow -> ui.items -> host.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from bot.discord.outbox import Sender
from bot.tables.service import TableService


class Host(Protocol):
    """The game master as the Discord layer sees it."""

    service: TableService
    outbox: Sender

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None: ...

    async def first_delivery(self, interaction: discord.Interaction[Any]) -> bool: ...

    def finished_one(self) -> None: ...

    async def open_panel(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seq: int | None,
        pages: dict[int, int],
    ) -> None: ...

    async def open_drill(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seq: int,
        prefix: tuple[int, ...],
        page: int,
    ) -> None: ...

    async def run_action(
        self,
        interaction: discord.Interaction[Any],
        ref: str,
        game_id: int | None,
        label: str | None,
    ) -> None: ...

    async def show_hand(
        self, interaction: discord.Interaction[Any], game_id: int | None = None
    ) -> None: ...


def host_of(interaction: discord.Interaction[Any]) -> Host:
    """The game master behind an interaction (discord.py types ``client`` as a plain Client)."""
    return cast(Host, interaction.client)
