"""``/character``: Arcadia chronicle characters that belong to a person (§13.1): build one
with a guided flow, show its sheet, list them with XP and fame, spend XP between games,
retire one, and sit one at a lobby's table (the line-up every player accepts)."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import limits
from bot.discord.answers import channel_of
from bot.discord.host import Host, host_of
from bot.discord.limits import fit
from bot.discord.ui.character_flow import book_of, builder_view, lineup_view
from bot.tables import workers
from bot.tables.chronicle import CharacterBook
from engines.core.errors import GameError


async def name_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    book = book_of(host_of(interaction))
    names = await workers.rules(book.items, interaction.user.id)
    wanted = current.casefold()
    return [app_commands.Choice(name=n, value=n) for n in names if wanted in n.casefold()][:25]


async def item_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    book = book_of(host_of(interaction))
    name = str(getattr(interaction.namespace, "character", "") or "")
    found = (await workers.rules(book.items, interaction.user.id)).get(name)
    if found is None:
        return []
    wanted = current.casefold()
    return [
        app_commands.Choice(name=fit(label, 100), value=value)
        for value, label in book.rules.spend_options(found)
        if wanted in label.casefold()
    ][:25]


def sit(book: CharacterBook, channel_id: int, user_id: int, name: str) -> tuple[int, str]:
    row = book.store.open_game(channel_id)
    if row is None:
        raise GameError("No table is open in this channel; open one with /game new.")
    item = book.use(user_id, row, name)
    row = book.store.get_game(row.id)
    return row.id, f"{item['name']} sits at the table. The line-up:\n{book.lineup_text(row)}"


class CharacterCog(
    commands.GroupCog,
    group_name="character",
    group_description="Your Arcadia chronicle characters",
):
    def __init__(self, host: Host) -> None:
        self.host = host
        super().__init__()

    @property
    def book(self) -> CharacterBook:
        return book_of(self.host)

    @app_commands.command(
        name="create", description="Build a new chronicle character (or resume its build)"
    )
    @app_commands.describe(name="The character's name", background="A line of background")
    async def create(
        self, interaction: discord.Interaction[Any], name: str, background: str = ""
    ) -> None:
        if not name.strip() or len(name.strip()) > 40:
            raise GameError("A character's name is 1 to 40 characters long.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        record, resumed = await workers.rules(
            self.book.start_draft, interaction.user.id, name.strip(), background
        )
        build = self.book.rules.builder(record)
        head = f"Resuming your unfinished build of **{build.name}**.\n" if resumed else ""
        if "previous_name" in record and not resumed:
            head = f"This build replaces your unfinished one of {record['previous_name']}.\n"
        await interaction.followup.send(
            head + build.summary(), view=builder_view(build), ephemeral=True
        )

    @app_commands.command(name="show", description="Show a character's sheet")
    @app_commands.autocomplete(character=name_autocomplete)
    async def show(self, interaction: discord.Interaction[Any], character: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        rules = self.book.rules
        item = await workers.rules(self.book.item, interaction.user.id, character)
        png = await asyncio.to_thread(rules.sheet, item)
        sheet = discord.File(
            io.BytesIO(png),
            filename="character.png",
            description=fit(rules.sheet_text(item), limits.ALT_TEXT),
        )
        await interaction.followup.send(rules.line(item), file=sheet, ephemeral=True)

    @app_commands.command(name="list", description="Your characters with their XP and fame")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        items = await workers.rules(self.book.items, interaction.user.id)
        text = "\n".join(self.book.rules.line(item) for item in items.values())
        await interaction.followup.send(
            text or "You have no characters yet; build one with /character create.",
            ephemeral=True,
        )

    @app_commands.command(name="spend", description="Spend XP on a merit or buy off a flaw")
    @app_commands.autocomplete(character=name_autocomplete, item=item_autocomplete)
    async def spend(self, interaction: discord.Interaction[Any], character: str, item: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        done = await workers.rules(self.book.spend, interaction.user.id, character, item)
        await interaction.followup.send(f"Done. {self.book.rules.line(done)}", ephemeral=True)

    @app_commands.command(name="retire", description="Retire a character for good")
    @app_commands.autocomplete(character=name_autocomplete)
    async def retire(self, interaction: discord.Interaction[Any], character: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        done = await workers.rules(self.book.retire, interaction.user.id, character)
        await interaction.followup.send(
            f"{done['name']} retires from the chronicle.", ephemeral=True
        )

    @app_commands.command(name="use", description="Sit one of your characters at this table")
    @app_commands.autocomplete(character=name_autocomplete)
    @app_commands.guild_only()
    async def use(self, interaction: discord.Interaction[Any], character: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id, text = await workers.rules(
            sit, self.book, interaction.channel_id or 0, interaction.user.id, character
        )
        await channel_of(interaction).send(text, view=lineup_view(game_id))
        await interaction.followup.send("Done.", ephemeral=True)
