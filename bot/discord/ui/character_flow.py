"""The guided character builder of ``/character create`` and the lobby's **Accept the
line-up** button, for the game whose players keep characters (``engines.core.records``;
Arcadia's chronicle).

The builder is a private message whose menus and buttons change one build: the game's
``Builder`` says what they are (Arcadia: the icon, the flaws, the merits one type at a time,
the court on a tie) and what the build still lacks; every change redraws the message. Every
change is stored at once (the user's draft record, ``CharacterBook.draft``) and the menus
are dynamic items (``gm:build:<serial>:<part>``, buttons ``gm:build:<serial>:press:<part>``),
so a build survives a restart: its message keeps working, and ``/character create`` with the
same name opens it again where it was. **Create** stores the character and ends the build.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.host import Host
from bot.discord.limits import fit
from bot.discord.ui.items import GameItem, N
from bot.tables import workers
from bot.tables.chronicle import CharacterBook, record_book
from bot.tables.service import TableService
from engines.core.records import Builder


def book_of(host: Host) -> CharacterBook:
    service = host.service
    return CharacterBook(service.store, service.clock)


class BuildMenu(
    GameItem[discord.ui.Select[Any]],
    template=rf"gm:build:(?P<serial>{N}):(?P<part>[a-z_]{{1,20}})",
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
    template=rf"gm:build:(?P<serial>{N}):press:(?P<part>[a-z_]{{1,20}})",
):
    """The builder's court buttons (on a tie) and **Create**."""

    def __init__(self, serial: int, part: str, **button: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=f"gm:build:{serial}:press:{part}", **button))
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


async def change_build(
    interaction: discord.Interaction[Any], host: Host, serial: int, part: str, values: list[str]
) -> None:
    await interaction.response.defer()  # answered before the store is touched
    book = book_of(host)
    build = await workers.rules(book.change, interaction.user.id, serial, part, values)
    await interaction.edit_original_response(content=build.summary(), view=builder_view(build))


async def create_from_build(interaction: discord.Interaction[Any], host: Host, serial: int) -> None:
    book = book_of(host)
    await interaction.response.defer()  # answered before the store is touched
    build = await workers.rules(book.build, interaction.user.id, serial)
    item = await workers.rules(book.create, interaction.user.id, build)
    await interaction.edit_original_response(
        content=f"**{item['name']}** is created. See it with /character show.\n"
        f"{book.rules.line(item)}",
        view=None,
    )


def builder_view(build: Builder) -> discord.ui.View:
    """The builder's menus and buttons for the build as it stands: the game's menus (up to
    Discord's 25 options each) on a row each, then its buttons and Create."""
    view = discord.ui.View(timeout=None)
    n = build.serial
    for row, menu in enumerate(build.menus()[:4]):
        options = [
            discord.SelectOption(
                label=fit(o.label, 100),
                value=o.value,
                description=fit(o.description, 100) or None,
                default=o.chosen,
            )
            for o in menu.options[:25]
        ]
        view.add_item(
            BuildMenu(
                n,
                menu.part,
                placeholder=fit(menu.placeholder, 150),
                min_values=0 if menu.many else 1,
                max_values=len(options) if menu.many else 1,
                options=options,
                row=row,
            )
        )
    for button in build.buttons()[:4]:
        style = discord.ButtonStyle.primary if button.chosen else discord.ButtonStyle.secondary
        view.add_item(BuildButton(n, button.part, label=button.label, style=style, row=4))
    view.add_item(
        BuildButton(
            n,
            "create",
            label="Create",
            style=discord.ButtonStyle.success,
            disabled=bool(build.problems()),
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
        service = host.service
        text = await workers.rules(accept_lineup, service, self.game_id, interaction.user.id)
        await interaction.followup.send(text, ephemeral=True)


def accept_lineup(service: TableService, game_id: int, user_id: int) -> str:
    row = service.store.get_game(game_id)
    book = record_book(service.store, service.clock, row.game)
    if row.status != "lobby" or book is None:
        return "That table has started already."
    book.accept(user_id, row)
    return "Accepted:\n" + book.lineup_text(row)


def lineup_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AcceptLineup(game_id))
    return view


# The components of this module the client registers, so they answer after a restart.
CHARACTER_ITEMS = (AcceptLineup, BuildMenu, BuildButton)
