"""The guided character builder of ``/character create`` (Arcadia §2 character building,
§13.1 chronicle characters) and the lobby's **Accept the line-up** button.

The builder is a private message whose menus and buttons change one build: the icon, the
flaws, the merits one type at a time, the court on a tie; every change redraws the message
with the budget as it stands (total, spent, left, points that would be lost) and what still
keeps the build from being valid. Every change is stored at once (the user's draft record,
``bot.tables.chronicle.DRAFT``) and the menus are dynamic items (``gm:build:<serial>:…``),
so a build survives a restart: its message keeps working, and ``/character create`` with the
same name opens it again where it was. **Create** stores the character and ends the build.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

import discord

from bot.discord.host import Host
from bot.discord.ui.items import GameItem, N
from bot.tables import workers
from bot.tables.chronicle import CharacterBook
from engines.arcadia.building import Budget, budget, build_problems, court_of
from engines.arcadia.content import content
from engines.core.errors import GameError


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
    serial: int = 0  # which build of its owner this is; a replaced one's menus are refused

    @classmethod
    def from_record(cls, owner: int, record: dict[str, Any]) -> Build:
        """A stored draft; choices no longer in the content are dropped."""
        c = content()
        icon = record.get("icon")
        kind = str(record.get("merit_type", "Ability"))
        return cls(
            owner=owner,
            name=str(record["name"]),
            background=str(record.get("background", "")),
            icon=icon if icon in c.icons else None,
            merits=[m for m in record.get("merits", []) if m in c.merits],
            flaws=[f for f in record.get("flaws", []) if f in c.flaws],
            court_choice=record.get("court_choice"),
            merit_type=kind if any(m.type == kind for m in c.merits.values()) else "Ability",
            serial=int(record["serial"]),
        )

    def record(self) -> dict[str, Any]:
        out = asdict(self)
        del out["owner"]
        return out

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

    def choose(self, part: str, values: list[str]) -> None:
        """One menu's or button's choice (``part`` as in the builder's custom ids)."""
        c = content()
        if part == "icon" and values and values[0] in c.icons:
            self.icon = values[0]
            self.court_choice = None
        elif part == "flaws":
            self.flaws = [f for f in values if f in c.flaws]
        elif part == "type" and values and any(m.type == values[0] for m in c.merits.values()):
            self.merit_type = values[0]
        elif part == "merits":
            others = [m for m in self.merits if c.merits[m].type != self.merit_type]
            chosen = [m for m in values if m in c.merits and c.merits[m].type == self.merit_type]
            self.merits = others + chosen
        elif part in ("seelie", "unseelie"):
            self.court_choice = part.capitalize()


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


class BuildMenu(
    GameItem[discord.ui.Select[Any]],
    template=rf"gm:build:(?P<serial>{N}):(?P<part>icon|flaws|type|merits)",
):
    """One of the builder's menus; the build it changes is the caller's stored draft."""

    def __init__(self, serial: int, part: str, **menu: Any) -> None:
        menu.setdefault("options", [discord.SelectOption(label="-")])
        super().__init__(discord.ui.Select(custom_id=f"gm:build:{serial}:{part}", **menu))
        self.serial, self.part = serial, part

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BuildMenu:
        return cls(int(match["serial"]), match["part"])

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        await change_build(interaction, host, self.serial, self.part, list(self.item.values))


class BuildButton(
    GameItem[discord.ui.Button[Any]],
    template=rf"gm:build:(?P<serial>{N}):(?P<part>seelie|unseelie|create)",
):
    """The builder's court buttons (on a tie) and **Create**."""

    def __init__(self, serial: int, part: str, **button: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=f"gm:build:{serial}:{part}", **button))
        self.serial, self.part = serial, part

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BuildButton:
        return cls(int(match["serial"]), match["part"])

    async def act(self, interaction: discord.Interaction[Any], host: Host) -> None:
        if self.part == "create":
            await create_from_build(interaction, host, self.serial)
        else:
            await change_build(interaction, host, self.serial, self.part, [])


def load_build(book: CharacterBook, user_id: int, serial: int) -> Build:
    record = book.draft(user_id)
    if record is None or int(record.get("serial", -1)) != serial:
        raise GameError(
            "That builder has been replaced or finished; open yours again with /character create."
        )
    return Build.from_record(user_id, record)


def change(book: CharacterBook, user_id: int, serial: int, part: str, values: list[str]) -> Build:
    build = load_build(book, user_id, serial)
    build.choose(part, values)
    book.save_draft(user_id, build.record())
    return build


async def change_build(
    interaction: discord.Interaction[Any], host: Host, serial: int, part: str, values: list[str]
) -> None:
    await interaction.response.defer()  # answered before the store is touched
    build = await workers.rules(change, book_of(host), interaction.user.id, serial, part, values)
    await interaction.edit_original_response(content=build.summary(), view=builder_view(build))


async def create_from_build(interaction: discord.Interaction[Any], host: Host, serial: int) -> None:
    book = book_of(host)
    await interaction.response.defer()  # answered before the store is touched
    b = await workers.rules(load_build, book, interaction.user.id, serial)
    ch = await workers.rules(
        book.create,
        b.owner,
        b.name,
        b.icon or "",
        tuple(b.merits),
        tuple(b.flaws),
        b.court_choice,
        b.background,
    )
    await interaction.edit_original_response(
        content=f"**{ch.name}** is created ({ch.court}). See it with /character show.",
        view=None,
    )


def builder_view(build: Build) -> discord.ui.View:
    """The builder's menus and buttons for the build as it stands."""
    view = discord.ui.View(timeout=None)
    c, b, n = content(), build, build.serial
    view.add_item(
        BuildMenu(
            n,
            "icon",
            placeholder="Choose an icon",
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
    )
    view.add_item(
        BuildMenu(
            n,
            "flaws",
            placeholder="Flaws (each adds points to the budget)",
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
    )
    types = sorted({m.type for m in c.merits.values()})
    view.add_item(
        BuildMenu(
            n,
            "type",
            placeholder="Merit type",
            options=[
                discord.SelectOption(label=f"{t} merits", value=t, default=t == b.merit_type)
                for t in types
            ],
            row=2,
        )
    )
    of_type = [m for m in c.merits.values() if m.type == b.merit_type]
    view.add_item(
        BuildMenu(
            n,
            "merits",
            placeholder=f"{b.merit_type} merits (cost in points)",
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
    )
    if b.tied():
        for court in ("Seelie", "Unseelie"):
            chosen = b.court_choice == court
            style = discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary
            view.add_item(BuildButton(n, court.lower(), label=court, style=style, row=4))
    view.add_item(
        BuildButton(
            n,
            "create",
            label="Create",
            style=discord.ButtonStyle.success,
            disabled=bool(b.problems()),
            row=4,
        )
    )
    return view


class AcceptLineup(GameItem[discord.ui.Button[Any]], template=rf"gm:lineup:(?P<game>{N})"):
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
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await workers.rules(accept_lineup, book_of(host), self.game_id, interaction.user.id)
        await interaction.followup.send(text, ephemeral=True)


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


# The components of this module the client registers, so they answer after a restart.
CHARACTER_ITEMS = (AcceptLineup, BuildMenu, BuildButton)
