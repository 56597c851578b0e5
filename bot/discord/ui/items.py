"""Buttons and menus that survive restarts (docs/architecture.md "From a click to a board").

Every component is a ``DynamicItem`` whose custom id carries the game id and the sequence
number of the board it belongs to, so after a restart a click is parsed from its id alone,
the state is reloaded from the store, and a click on an outdated board is refused politely.

Nothing in a custom id or a menu value is trusted (issue 34): a select's choice must be one
that menu offered on the current board (its group, its page, its options, worked out again
from the moves on offer), a page one the menu links to, a drill-down's steps ones on offer.
Anything else gets a sentence and changes nothing. An id that matches no template (too few
or too many fields, a number of more than ``N``'s digits, a sign, a digit that is not ASCII)
reaches no item: ``GameMaster.on_interaction`` answers it. Every component answers Discord
before any trip to the worker threads, so a slow or unavailable store never leaves a click
unanswered past Discord's 3 seconds.

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

# A number in a custom id: a game id, a move count, an index or a page, ASCII digits only
# (``\d`` would take any script's digits), at most 18 of them so that it fits a database's
# 64-bit integer. An id with anything else matches no template and is answered by
# ``GameMaster.on_interaction`` (issue 16 finding 5, issue 34).
N = r"[0-9]{1,18}"
FORGED = "That choice is not one I offered; open your move again from the latest board."
# As the table service words it for a move (``TableService._resolve_ref``).
STALE = (
    "That choice belongs to an older board; the game has moved on. "
    "Pick again from the latest board."
)


PREFIX = rf"-|(?:{N}\.)*{N}"


def chosen_value(select: discord.ui.Select[Any]) -> str:
    """The one value a single-choice menu sent; more or fewer were not sent by Discord."""
    if len(select.values) != 1:
        raise GameError(FORGED)
    value: str = select.values[0]
    return value


async def offered(
    interaction: discord.Interaction[Any], host: Host, game_id: int, seq: int
) -> list[Choice]:
    """The caller's moves on the board a component belongs to, if it is still the latest:
    what a menu's choice is checked against. The caller has answered Discord already."""
    row, choices, waiting = await workers.rules(
        host.service.panel, interaction.channel_id, interaction.user.id
    )
    if row.id != game_id:
        raise GameError("That board belongs to an earlier game in this channel.")
    if row.seq != seq:
        raise GameError(STALE)
    if not choices:
        names = ", ".join(w.name for w in waiting) or "nobody"
        raise GameError(f"Nothing for you to decide right now; waiting for {names}.")
    return choices


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
        return cls(int(match["game"]), int(match["seq"]))

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
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        await host.show_hand(interaction, self.game_id)


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
        return cls(int(match["game"]), int(match["seq"]), int(match["idx"]), label)

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        await host.run_action(
            interaction,
            choice_ref(self.seq, self.index),
            self.game_id,
            self.item.label if self.item.label not in (None, "…") else None,
        )


class ActSelect(
    GameItem[discord.ui.Select[Any]],
    template=rf"gm:sel:(?P<game>{N}):(?P<seq>{N}):(?P<group>-1|{N}):(?P<page>{N})",
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
        return cls(
            int(match["game"]),
            int(match["seq"]),
            group=int(match["group"]),
            page=int(match["page"]),
        )

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        value = chosen_value(self.item)
        await interaction.response.defer()
        choices = await offered(interaction, host, self.game_id, self.seq)
        # The menu as the panel drew it: this group at this page (group -1 is the one menu
        # of every move when the groups do not fit in five rows).
        menu = next(
            (
                row
                for row in layout(choices, {self.group: self.page})
                if isinstance(row, MenuRow)
                and (row.group_index, row.page) == (self.group, self.page)
                and row.choices
            ),
            None,
        )
        if menu is None:
            raise GameError(FORGED)
        if menu.next_page is not None and value == f"page:{menu.next_page}":
            await host.open_panel(interaction, self.game_id, self.seq, {self.group: menu.next_page})
            return
        choice = next((c for c in menu.choices if str(c.index) == value), None)
        if choice is None:
            raise GameError(FORGED)
        await host.run_action(
            interaction, choice_ref(self.seq, choice.index), self.game_id, choice.label
        )


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
        return cls(int(match["game"]), int(match["seq"]), group=int(match["group"]))

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        await interaction.response.defer()
        choices = await offered(interaction, host, self.game_id, self.seq)
        if not any(
            isinstance(row, PickRow) and row.group_index == self.group for row in layout(choices)
        ):
            raise GameError(FORGED)
        move = picked(group_choices(choices, self.group), set(self.item.values))
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
    return () if text == "-" else tuple(int(i) for i in text.split("."))


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
            int(match["game"]),
            int(match["seq"]),
            prefix=_prefix_of(match["prefix"]),
            page=int(match["page"]),
        )

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        value = chosen_value(self.item)
        await interaction.response.defer()
        choices = await offered(interaction, host, self.game_id, self.seq)
        state = drill(choices, self.prefix)
        if state is None or not state.options:
            raise GameError(FORGED)
        if state.prefix == self.prefix:
            step = path_row(state, self.page)
            options = {str(i) for i, _, _ in step.options}
            if step.next_page is not None and value == f"page:{step.next_page}":
                await host.open_drill(
                    interaction, self.game_id, self.seq, self.prefix, step.next_page
                )
                return
        else:
            # The panel's first menu stops at a step of one option, which ``drill`` passes.
            options = {"0"} if self.page == 0 else set()
        if value not in options:
            raise GameError(FORGED)
        prefix = (*self.prefix, int(value))
        after = drill(choices, prefix)
        if after is not None and after.complete is not None:
            move = after.complete
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
        return cls(int(match["game"]), int(match["seq"]), _prefix_of(match["prefix"]))

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


DYNAMIC_ITEMS = (
    MoveButton,
    HandButton,
    ActButton,
    ActSelect,
    PickSelect,
    PathSelect,
    BackButton,
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
