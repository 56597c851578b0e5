"""``/rules`` and ``/card``: a rule in the project's own words, or a card's face, answered
privately (issue 18 "rules at hand"). The topics and cards are data read by
``engines.core.rules_book``; a card's picture is ``engines.core.card_face``. Both work
without a table; in a channel with one, the game defaults to its game and a rule shows the
table's own options."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import limits
from bot.discord.answers import reply
from bot.discord.host import Host, host_of
from bot.tables import workers
from bot.tables.pictures import words
from engines import registry
from engines.core import rules_book
from engines.core.card_face import draw_card
from engines.core.errors import GameError


def channel_game(interaction: discord.Interaction[Any]) -> tuple[str, dict[str, Any]] | None:
    """The game at this channel's table and its options, if a table is open."""
    if interaction.channel_id is None:
        return None
    row = host_of(interaction).service.store.open_game(interaction.channel_id)
    return None if row is None else (row.game, dict(row.options))


def chosen_game(interaction: discord.Interaction[Any], given: str | None) -> str:
    if given:
        return given
    here = channel_game(interaction)
    if here is None:
        raise GameError(
            "There is no table in this channel; name the game, e.g. game:"
            + (rules_book.games_with_rules() or ["att"])[0]
        )
    return here[0]


def _choices(found: list[rules_book.Choice]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=limits.fit(c.label, limits.CHOICE), value=c.value[: limits.CHOICE])
        for c in found[: limits.OPTIONS]
    ]


async def rules_game_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    out = []
    for name in rules_book.games_with_rules():
        title = registry.get(name).title if name in registry.names() else name
        if current.casefold() in f"{name} {title}".casefold():
            out.append(app_commands.Choice(name=f"{title} ({name})", value=name))
    return out[: limits.OPTIONS]


async def topic_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    given = getattr(interaction.namespace, "game", None)
    try:
        game = chosen_game(interaction, given)
    except GameError:
        return []
    return _choices(rules_book.find(game, current))


async def card_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    given = getattr(interaction.namespace, "game", None)
    try:
        game = chosen_game(interaction, given)
    except GameError:
        return []
    return _choices(rules_book.find_card(game, current))


class RulesCog(commands.Cog):
    """Looking a rule or a card up, privately."""

    def __init__(self, host: Host) -> None:
        self.host = host

    @app_commands.command(name="rules", description="A rule explained (only you see it)")
    @app_commands.describe(
        game="Which game (default: the game at this channel's table)",
        topic="Start typing: a turn step, an action, the end of the game…",
    )
    @app_commands.autocomplete(game=rules_game_autocomplete, topic=topic_autocomplete)
    async def rules(
        self, interaction: discord.Interaction[Any], topic: str, game: str | None = None
    ) -> None:
        name = chosen_game(interaction, game)
        here = channel_game(interaction)
        options = here[1] if here is not None and here[0] == name else None
        await interaction.response.send_message(
            limits.fit(rules_book.answer(name, topic, options)), ephemeral=True
        )

    @app_commands.command(name="card", description="A card's face and text (only you see it)")
    @app_commands.describe(
        name="Start typing a card's name",
        game="Which game (default: the game at this channel's table)",
    )
    @app_commands.autocomplete(name=card_autocomplete)
    @app_commands.autocomplete(game=rules_game_autocomplete)
    async def card(
        self, interaction: discord.Interaction[Any], name: str, game: str | None = None
    ) -> None:
        which = chosen_game(interaction, game)
        entry = rules_book.card(which, name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await workers.render(draw_card, entry)
        text = rules_book.card_text(which, entry.id)
        # The card's words are its alt text too (issue 31): the picture shows nothing more.
        face = discord.File(
            io.BytesIO(png), filename="card.png", description=words([text], limits.ALT_TEXT)
        )
        await reply(interaction, text, file=face)
