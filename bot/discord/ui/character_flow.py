"""The guided character builder of ``/character create`` (Arcadia §2 character building,
§13.1 chronicle characters) and the lobby's **Accept the line-up** button.

The builder is a private message whose menus and buttons change one build in memory: the
icon, the flaws, the merits one type at a time, the court on a tie; every change redraws the
message with the budget as it stands (total, spent, left, points that would be lost) and
what still keeps the build from being valid. Nothing is stored until **Create**. The builder
lives only as long as its message's view (a restart drops an unfinished build, never a
character).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord.answers import fail
from bot.discord.host import Host, host_of
from bot.discord.ui.items import GameItem
from bot.tables import workers
from bot.tables.chronicle import CharacterBook
from engines.arcadia.building import Budget, budget, build_problems, court_of
from engines.arcadia.content import content

BUILDER_TIMEOUT = 15 * 60.0  # seconds a build waits for its next choice


def book_of(host: Host) -> CharacterBook:
    service = host.service
    return CharacterBook(service.store, service.clock)


@dataclass
class Build:
    """A character being built: what the builder's menus have chosen so far."""

    owner: int
    name: str
    background: str = ""
    icon: str | None = None
    merits: list[str] = field(default_factory=list)
    flaws: list[str] = field(default_factory=list)
    court_choice: str | None = None
    merit_type: str = "Ability"

    def summary(self) -> str:
        c = content()
        b = budget(self.icon, self.merits, self.flaws)
        icon = "none yet" if self.icon is None else c.icons[self.icon].name
        merits = ", ".join(f"{c.merits[m].name} ({c.merits[m].cost})" for m in self.merits)
        flaws = ", ".join(f"{c.flaws[f].name} (+{c.flaws[f].bonus})" for f in self.flaws)
        court = court_of(self.icon, self.merits, self.flaws) if self.icon else None
        court_text = court or (
            f"tied: {self.court_choice} chosen" if self.court_choice else "tied: choose one"
        )
        lines = [
            f"Building **{self.name}**",
            f"Icon: {icon}",
            budget_line(self.icon, b),
            f"Merits: {merits or 'none'}",
            f"Flaws: {flaws or 'none'}",
            f"Court: {court_text if self.icon else '-'}",
        ]
        problems = self.problems()
        lines.append("Ready: press Create." if not problems else "To do: " + " ".join(problems))
        return "\n".join(lines)

    def tied(self) -> bool:
        return self.icon is not None and court_of(self.icon, self.merits, self.flaws) is None

    def problems(self) -> list[str]:
        out = build_problems(self.icon, self.merits, self.flaws, None)
        if not out and self.tied() and self.court_choice is None:
            out.append("Merits and flaws tie between the courts: choose Seelie or Unseelie.")
        return out


Chosen = Callable[[discord.Interaction[Any], list[str]], Awaitable[None]]
Pressed = Callable[[discord.Interaction[Any]], Awaitable[None]]


def budget_line(icon_id: str | None, b: Budget) -> str:
    """The budget as the builder shows it: points granted by the icon for certain merit
    types are told apart from the general points, and what the build would leave unspent."""
    grants = [] if icon_id is None else list(content().icons[icon_id].build_grants)
    only = " and ".join(f"{'/'.join(g.merit_types) or 'any'}" for g in grants)
    text = f"Budget: {b.general} points"
    if grants:
        text += f" + {b.granted} for {only} merits only"
    text += f"; {b.spent} spent; {b.left} left"
    if grants:
        text += f" + {b.granted - b.granted_used} for {only} merits"
    if b.valid and b.lost and icon_id is not None:
        text += f" ({b.lost} unspent would be lost)"
    return text


class _Choice(discord.ui.Select["BuilderView"]):
    """A builder menu handing its chosen values to the view."""

    def __init__(self, handler: Chosen, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.handler = handler

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self.handler(interaction, list(self.values))


class _Press(discord.ui.Button["BuilderView"]):
    """A builder button handing its click to the view."""

    def __init__(self, handler: Pressed, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.handler = handler

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self.handler(interaction)


class BuilderView(discord.ui.View):
    """The builder's menus for one build; each change redraws the message in place."""

    def __init__(self, build: Build) -> None:
        super().__init__(timeout=BUILDER_TIMEOUT)
        self.build = build
        self._draw()

    def _draw(self) -> None:
        self.clear_items()
        c, b = content(), self.build
        icon = _Choice(
            self._on_icon,
            placeholder="Choose an icon",
            custom_id="character:icon",
            options=[
                discord.SelectOption(
                    label=i.name,
                    value=i.id,
                    description=f"Might {i.might} Savvy {i.savvy} Resolve {i.resolve}"[:100],
                    default=i.id == b.icon,
                )
                for i in c.icons.values()
            ],
            row=0,
        )
        self.add_item(icon)
        flaws = _Choice(
            self._on_flaws,
            placeholder="Flaws (each adds points to the budget)",
            custom_id="character:flaws",
            min_values=0,
            max_values=len(c.flaws),
            options=[
                discord.SelectOption(
                    label=f"{f.name} (+{f.bonus})", value=f.id, default=f.id in b.flaws
                )
                for f in c.flaws.values()
            ],
            row=1,
        )
        self.add_item(flaws)
        types = sorted({m.type for m in c.merits.values()})
        kind = _Choice(
            self._on_kind,
            placeholder="Merit type",
            custom_id="character:type",
            options=[
                discord.SelectOption(label=f"{t} merits", value=t, default=t == b.merit_type)
                for t in types
            ],
            row=2,
        )
        self.add_item(kind)
        of_type = [m for m in c.merits.values() if m.type == b.merit_type]
        merits = _Choice(
            self._on_merits,
            placeholder=f"{b.merit_type} merits (cost in points)",
            custom_id="character:merits",
            min_values=0,
            max_values=len(of_type),
            options=[
                discord.SelectOption(
                    label=f"{m.name} ({m.cost})", value=m.id, default=m.id in b.merits
                )
                for m in of_type
            ],
            row=3,
        )
        self.add_item(merits)
        if b.tied():
            for court in ("Seelie", "Unseelie"):
                button = _Press(
                    self._court_setter(court),
                    label=court,
                    custom_id=f"character:court:{court}",
                    style=discord.ButtonStyle.primary
                    if b.court_choice == court
                    else discord.ButtonStyle.secondary,
                    row=4,
                )
                self.add_item(button)
        create = _Press(
            self._on_create,
            label="Create",
            custom_id="character:create",
            style=discord.ButtonStyle.success,
            disabled=bool(b.problems()),
            row=4,
        )
        self.add_item(create)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return interaction.user.id == self.build.owner

    async def _redraw(self, interaction: discord.Interaction[Any]) -> None:
        self._draw()
        await interaction.response.edit_message(content=self.build.summary(), view=self)

    async def _on_icon(self, interaction: discord.Interaction[Any], values: list[str]) -> None:
        self.build.icon = values[0]
        self.build.court_choice = None
        await self._redraw(interaction)

    async def _on_flaws(self, interaction: discord.Interaction[Any], values: list[str]) -> None:
        self.build.flaws = values
        await self._redraw(interaction)

    async def _on_kind(self, interaction: discord.Interaction[Any], values: list[str]) -> None:
        self.build.merit_type = values[0]
        await self._redraw(interaction)

    async def _on_merits(self, interaction: discord.Interaction[Any], values: list[str]) -> None:
        c, b = content(), self.build
        others = [m for m in b.merits if c.merits[m].type != b.merit_type]
        b.merits = others + values
        await self._redraw(interaction)

    def _court_setter(self, court: str) -> Pressed:
        async def choose(interaction: discord.Interaction[Any]) -> None:
            self.build.court_choice = court
            await self._redraw(interaction)

        return choose

    async def _on_create(self, interaction: discord.Interaction[Any]) -> None:
        b = self.build
        try:
            ch = await workers.rules(
                book_of(host_of(interaction)).create,
                b.owner,
                b.name,
                b.icon or "",
                tuple(b.merits),
                tuple(b.flaws),
                b.court_choice,
                b.background,
            )
        except Exception as exc:
            await fail(interaction, exc)
            return
        self.stop()
        await interaction.response.edit_message(
            content=f"**{ch.name}** is created ({ch.court}). See it with /character show.",
            view=None,
        )


class AcceptLineup(GameItem[discord.ui.Button[Any]], template=r"gm:lineup:(?P<game>\d+)"):
    """A player accepts the chronicle line-up as it stands; the game starts only when every
    player has accepted the current one (a change asks everyone again)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Accept the line-up",
                style=discord.ButtonStyle.success,
                custom_id=f"gm:lineup:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AcceptLineup:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        text = await workers.rules(accept_lineup, book_of(host), self.game_id, interaction.user.id)
        await interaction.response.send_message(text, ephemeral=True)


def accept_lineup(book: CharacterBook, game_id: int, user_id: int) -> str:
    row = book.store.get_game(game_id)
    if row.status != "lobby":
        return "That table has started already."
    book.accept(user_id, row)
    return "Accepted:\n" + book.lineup_text(row)


def lineup_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AcceptLineup(game_id))
    return view
