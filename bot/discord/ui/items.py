"""Buttons and menus that survive restarts (docs/architecture.md "From a click to a board").

Every component is a ``DynamicItem`` whose custom id carries the game id and the sequence
number of the board it belongs to, so after a restart a click is parsed from its id alone,
the state is reloaded from the store, and a click on an outdated board is refused politely.

- ``gm:move:<game>:<seq>`` "Your move" on the board: opens the caller's private panel.
- ``gm:hand:<game>`` "My hand" on the board: the caller's private view.
- ``gm:act:<game>:<seq>:<index>`` a button in the panel: take that action.
- ``gm:sel:<game>:<seq>:<group>:<page>`` a menu in the panel: take the chosen action, or page.
"""

from __future__ import annotations

import re
from abc import ABCMeta, abstractmethod
from typing import Any, TypeVar

import discord

from bot.discord import limits
from bot.discord.answers import fail
from bot.discord.host import Host, host_of
from bot.discord.ui.layout import (
    ButtonRow,
    MenuRow,
    PathRow,
    PickRow,
    drill,
    group_choices,
    layout,
    path_row,
    picked,
)
from bot.tables import workers
from bot.tables.core import STANDING_ORDERS
from bot.tables.updates import Choice, choice_ref
from engines.core.errors import GameError

PANEL_TIMEOUT = None  # components are dynamic; the store, not the view, holds the state

# A number in a custom id has at most 20 digits (a Discord id has 19 or 20); the templates
# below accept no more, and ``Unreadable`` answers any id with a longer run of digits, so
# forged input gets a sentence instead of a crash (issue 16, finding 5).
N = r"\d{1,20}"
FORGED = "That choice is not one I offered; open your move again from the latest board."


PREFIX = rf"-|(?:{N}\.)*{N}"


def number(text: str) -> int:
    """A number from a menu value or a custom id; -1 when it cannot be one we made."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
        return -1
    return int(text)


def _description(hint: str | None) -> str | None:
    """A move's hint as a menu option's description: one line, within Discord's limit."""
    if not hint:
        return None
    return limits.fit(" ".join(hint.split()), limits.SELECT_LABEL)


ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])


class GameItem(
    discord.ui.DynamicItem[ItemT], metaclass=ABCMeta, template=r"gm:(?P<kind>[a-z]+):.+"
):
    """What every component shares: a ``gm:<kind>:…`` custom id (each subclass narrows the
    template to its kind), one answer per interaction id however often Discord delivers it,
    and any failure of its ``act`` answered as an ephemeral sentence. Only the subclasses
    are registered with the client."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await host_of(interaction).first_delivery(interaction)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        host = host_of(interaction)
        try:
            await self.act(interaction, host)
        except Exception as exc:
            await fail(interaction, exc)
        finally:
            host.finished_one()

    @abstractmethod
    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        """What a click or a choice does."""


class MoveButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"gm:move:(?P<game>{N}):(?P<seq>{N})",
):
    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Your move",
                style=discord.ButtonStyle.primary,
                custom_id=f"gm:move:{game_id}:{seq}",
            )
        )
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(number(match["game"]), number(match["seq"]))

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        await host.open_panel(interaction, self.game_id, self.seq, {})


class HandButton(GameItem[discord.ui.Button[Any]], template=rf"gm:hand:(?P<game>{N})"):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="My hand", style=discord.ButtonStyle.secondary, custom_id=f"gm:hand:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(number(match["game"]))

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        await host.show_hand(interaction)


class ActButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"gm:act:(?P<game>{N}):(?P<seq>{N}):(?P<idx>{N})",
):
    def __init__(
        self,
        game_id: int,
        seq: int,
        index: int,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.success,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=limits.fit(label, limits.BUTTON_LABEL),
                style=style,
                custom_id=f"gm:act:{game_id}:{seq}:{index}",
            )
        )
        self.game_id, self.seq, self.index = game_id, seq, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActButton:
        label = getattr(item, "label", None) or "…"
        return cls(number(match["game"]), number(match["seq"]), number(match["idx"]), label)

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        await host.run_action(
            interaction,
            choice_ref(self.seq, self.index),
            self.game_id,
            self.item.label if self.item.label not in (None, "…") else None,
        )


class ActSelect(
    GameItem[discord.ui.Select[Any]],
    template=rf"gm:sel:(?P<game>{N}):(?P<seq>{N}):(?P<group>-?{N}):(?P<page>{N})",
):
    def __init__(
        self, game_id: int, seq: int, row: MenuRow | None = None, group: int = 0, page: int = 0
    ) -> None:
        if row is not None:
            group, page = row.group_index, row.page
        options = []
        if row is not None:
            options = [
                discord.SelectOption(
                    label=limits.fit(c.label, limits.SELECT_LABEL),
                    value=str(c.index),
                    description=_description(c.hint),
                )
                for c in row.choices
            ]
            if row.next_page is not None:
                options.append(discord.SelectOption(label="More…", value=f"page:{row.next_page}"))
        placeholder = row.heading if row is not None else "Choose"
        if row is not None and row.page:
            placeholder += f" (page {row.page + 1})"
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder[:150],
                options=options or [discord.SelectOption(label="-")],
                custom_id=f"gm:sel:{game_id}:{seq}:{group}:{page}",
            )
        )
        self.game_id, self.seq, self.group, self.page = game_id, seq, group, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActSelect:
        select = cls(
            number(match["game"]),
            number(match["seq"]),
            group=number(match["group"]),
            page=number(match["page"]),
        )
        # The menu as the message shows it, so the pick is confirmed by its label at once
        # ("Playing: Draw 2 cards …", issue 35) rather than as a bare "Playing …".
        if isinstance(item, discord.ui.Select) and item.options:
            select.item.options = list(item.options)
        return select

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        value = self.item.values[0]
        if value.startswith("page:"):
            await host.open_panel(
                interaction,
                self.game_id,
                self.seq,
                {self.group: max(0, number(value.removeprefix("page:")))},
            )
            return
        index = number(value)
        if index < 0:
            raise GameError(FORGED)
        # The options come from the message (``from_custom_id``); without them the label
        # comes from the move itself once it is made (``Update.chosen``).
        label = next((o.label for o in self.item.options if o.value == value), None)
        await host.run_action(interaction, choice_ref(self.seq, index), self.game_id, label)


class PickSelect(
    GameItem[discord.ui.Select[Any]],
    template=rf"gm:pick:(?P<game>{N}):(?P<seq>{N}):(?P<group>{N})",
):
    """A multi-select whose ticked items name one move (e.g. the dice to re-roll)."""

    def __init__(self, game_id: int, seq: int, row: PickRow | None = None, group: int = 0) -> None:
        if row is not None:
            group = row.group_index
        options = [
            discord.SelectOption(label=limits.fit(label, limits.SELECT_LABEL), value=value)
            for value, label in (row.items if row else ())
        ]
        super().__init__(
            discord.ui.Select(
                placeholder=(row.heading if row else "Pick")[:150],
                min_values=1,
                max_values=row.max_values if row else 1,
                options=options or [discord.SelectOption(label="-")],
                custom_id=f"gm:pick:{game_id}:{seq}:{group}",
            )
        )
        self.game_id, self.seq, self.group = game_id, seq, group

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        return cls(number(match["game"]), number(match["seq"]), group=number(match["group"]))

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        choices = await workers.rules(
            host.service.choices, interaction.channel_id, interaction.user.id
        )
        wanted = set(self.item.values)
        move = picked(group_choices(choices, self.group), wanted)
        if move is None:
            raise GameError(
                "Those picks do not make a legal move (perhaps it costs more than you have). "
                "Open your move again and pick another set."
            )
        await host.run_action(
            interaction, choice_ref(self.seq, move.index), self.game_id, move.label
        )


def _prefix_text(prefix: tuple[int, ...]) -> str:
    return ".".join(str(i) for i in prefix) or "-"


def _prefix_of(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(number(i) for i in text.split("."))


class PathSelect(
    GameItem[discord.ui.Select[Any]],
    template=rf"gm:path:(?P<game>{N}):(?P<seq>{N}):(?P<prefix>{PREFIX}):(?P<page>{N})",
):
    """One step of a drill-down (card, then character and action, then target). The custom
    id carries the steps taken so far, so the panel survives a restart like every other."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        row: PathRow | None = None,
        prefix: tuple[int, ...] = (),
        page: int = 0,
    ) -> None:
        if row is not None:
            prefix, page = row.prefix, row.page
        options = [
            discord.SelectOption(
                label=limits.fit(label, limits.SELECT_LABEL),
                value=str(i),
                description=_description(hint),
            )
            for i, label, hint in (row.options if row else ())
        ]
        if row is not None and row.next_page is not None:
            options.append(discord.SelectOption(label="More…", value=f"page:{row.next_page}"))
        placeholder = (row.heading if row is not None and not prefix else "Then choose")[:150]
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-")],
                custom_id=f"gm:path:{game_id}:{seq}:{_prefix_text(prefix)}:{page}",
            )
        )
        self.game_id, self.seq, self.prefix, self.page = game_id, seq, prefix, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PathSelect:
        return cls(
            number(match["game"]),
            number(match["seq"]),
            prefix=_prefix_of(match["prefix"]),
            page=number(match["page"]),
        )

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        value = self.item.values[0]
        if value.startswith("page:"):
            await host.open_drill(
                interaction,
                self.game_id,
                self.seq,
                self.prefix,
                max(0, number(value.removeprefix("page:"))),
            )
            return
        if number(value) < 0:
            raise GameError(FORGED)
        prefix = (*self.prefix, number(value))
        choices = await workers.rules(
            host.service.choices, interaction.channel_id, interaction.user.id
        )
        state = drill(choices, prefix)
        if state is not None and state.complete is not None:
            move = state.complete
            await host.run_action(
                interaction, choice_ref(self.seq, move.index), self.game_id, move.label
            )
            return
        await host.open_drill(interaction, self.game_id, self.seq, prefix, 0)


class BackButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"gm:back:(?P<game>{N}):(?P<seq>{N}):(?P<prefix>{PREFIX})",
):
    """Back one step in a drill-down (to the whole panel from its first step)."""

    def __init__(self, game_id: int, seq: int, prefix: tuple[int, ...]) -> None:
        super().__init__(
            discord.ui.Button(
                label="Back",
                style=discord.ButtonStyle.secondary,
                custom_id=f"gm:back:{game_id}:{seq}:{_prefix_text(prefix)}",
            )
        )
        self.game_id, self.seq, self.prefix = game_id, seq, prefix

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(number(match["game"]), number(match["seq"]), _prefix_of(match["prefix"]))

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        if self.prefix:
            await host.open_drill(interaction, self.game_id, self.seq, self.prefix, 0)
        else:
            await host.open_panel(interaction, self.game_id, self.seq, {})


def drill_view(
    game_id: int, seq: int, choices: list[Choice], prefix: tuple[int, ...], page: int
) -> tuple[str, discord.ui.View] | None:
    """The panel at one step of a drill-down: what was chosen so far, the next menu, Back."""
    state = drill(choices, prefix)
    if state is None or not state.options:
        return None
    view = discord.ui.View(timeout=PANEL_TIMEOUT)
    select = PathSelect(game_id, seq, path_row(state, page))
    select.row = 0
    view.add_item(select)
    back = BackButton(game_id, seq, prefix[:-1])
    back.row = 1
    view.add_item(back)
    return " → ".join(state.taken) + " → …", view


class Unreadable(GameItem[discord.ui.Item[Any]], template=r"gm:[a-z]+:.*\d{21}.*"):
    """Any ``gm:`` custom id with a number longer than ours: forged; answered, not run."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Unreadable:
        return cls(item)

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        raise GameError(FORGED)


DYNAMIC_ITEMS = (
    MoveButton,
    HandButton,
    ActButton,
    ActSelect,
    PickSelect,
    PathSelect,
    BackButton,
    Unreadable,
)


def board_buttons(game_id: int, seq: int) -> discord.ui.View:
    view = discord.ui.View(timeout=PANEL_TIMEOUT)
    view.add_item(MoveButton(game_id, seq))
    view.add_item(HandButton(game_id))
    return view


def panel_view(
    game_id: int, seq: int, choices: list[Choice], pages: dict[int, int]
) -> discord.ui.View:
    """The private panel: one row per button group or menu (see ``bot.discord.ui.layout``)."""
    view = discord.ui.View(timeout=PANEL_TIMEOUT)
    for r, row in enumerate(layout(choices, pages)):
        if isinstance(row, ButtonRow):
            for c in row.choices:
                # Standing orders are the player's private settings, not moves: grey.
                setting = c.group == STANDING_ORDERS
                style = discord.ButtonStyle.secondary if setting else discord.ButtonStyle.success
                button = ActButton(game_id, seq, c.index, c.label, style)
                button.row = r
                view.add_item(button)
        elif isinstance(row, PickRow):
            pick = PickSelect(game_id, seq, row)
            pick.row = r
            view.add_item(pick)
        elif isinstance(row, PathRow):
            step = PathSelect(game_id, seq, row)
            step.row = r
            view.add_item(step)
        else:
            select = ActSelect(game_id, seq, row)
            select.row = r
            view.add_item(select)
    return view


__all__ = ["DYNAMIC_ITEMS", "board_buttons", "drill_view", "panel_view"]
