"""What happens between a click and a new board (docs/architecture.md "From a click to a board").

Shared by slash commands and buttons: answer within Discord's 3-second window first, then do
the slow work (rules, AI seats, SQLite, Pillow) in worker threads, then post the board with
its buttons. Every player-facing failure is a ``GameError`` turned into an ephemeral sentence.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot.discord import limits
from bot.discord.answers import APOLOGY, channel_of
from bot.discord.host import Host, host_of
from bot.discord.limits import fit
from bot.discord.presentation import clock_line
from bot.discord.ui.items import board_buttons, drill_view, panel_view
from bot.tables import animation, workers
from bot.tables.choices import lone_answer_note
from bot.tables.pictures import Picture, board_pictures, hand_pictures
from bot.tables.presenter import Result, board_text
from bot.tables.ratings import change_lines
from bot.tables.service import TableService
from bot.tables.updates import Update
from bot.tables.waits import board_clock
from engines import registry
from engines.core.errors import GameError
from engines.core.protocol import View

log = logging.getLogger(__name__)

# What a player is told when their move is stored but Discord refused the board for now.
LATE_BOARD = "Your move is saved; the board will follow."
PANEL_HEAD = "Your move — pick one:"


def attached(pictures: list[Picture]) -> list[discord.File]:
    """The pictures as uploads, each with its alt text (issue 31)."""
    return [
        discord.File(io.BytesIO(p.data), filename=p.name, description=p.description or None)
        for p in pictures
    ]


async def pictures(game: str, view: View) -> list[discord.File]:
    """Board picture plus any extra pictures the game draws (e.g. a dice roll), drawn in the
    render worker, each with its alt text."""
    return attached(await workers.render(board_pictures, game, view, limits.ALT_TEXT))


async def board_message(service: TableService, update: Update) -> tuple[str, dict[str, Any]]:
    """The words, picture and buttons of a board (the outbox sender's ``Compose``)."""
    assert update.view is not None
    files = await pictures(update.game, update.view)
    kwargs: dict[str, Any] = {
        "files": files,
        "allowed_mentions": discord.AllowedMentions(users=True),
    }
    if update.status == "active":
        kwargs["view"] = board_buttons(update.game_id, update.seq)
    embed = game_over_embed(update)
    if embed is not None:
        await add_story(service, update, embed, files)
        kwargs["embed"] = embed
    deadline = clock_line(await workers.rules(board_clock, service, update))
    return board_text(update, deadline=deadline)[:2000], kwargs


def game_over_embed(update: Update) -> discord.Embed | None:
    """Game over as an embed (issues 19, 35), the one place the result is said: who won,
    each player named with what they played, the game's own account of it (its tie-break),
    the final scores, each rating's change, and where the file is."""
    if update.outcome is None:
        return None
    result = Result.of(update.outcome, update.seat_names)
    text = "\n".join(part for part in (f"**{result.verdict}**", result.summary) if part)
    embed = discord.Embed(title="Game over", description=fit(text, limits.EMBED_DESCRIPTION))
    if result.scores:
        scores = "\n".join(result.score_lines())
        embed.add_field(
            name="Final scores", value=fit(scores, limits.EMBED_FIELD_VALUE), inline=False
        )
    ratings = change_lines(update.results)
    if ratings:
        embed.add_field(
            name="Ratings", value=fit("\n".join(ratings), limits.EMBED_FIELD_VALUE), inline=False
        )
    embed.set_footer(text="/game export gives the whole game as a file; /stats the standings.")
    return embed


async def add_story(
    service: TableService, update: Update, embed: discord.Embed, files: list[discord.File]
) -> None:
    """The story of the finished game beside its result (issue 31): the animation of the
    whole game, within what is left of the upload limit, and a few lines per player."""
    used = sum(len(f.fp.getbuffer()) for f in files if isinstance(f.fp, io.BytesIO))
    story = await animation.draw(
        service.store, update.game_id, limits.UPLOAD - used, limits.ALT_TEXT
    )
    if story.animation is not None:
        gif = io.BytesIO(story.animation.gif)
        files.append(discord.File(gif, filename="game.gif", description=story.description))
    if story.recap:
        embed.add_field(
            name="The story",
            value=fit("\n".join(story.recap), limits.EMBED_FIELD_VALUE),
            inline=False,
        )


async def publish(client: Host, channel: discord.abc.Messageable, update: Update) -> bool:
    """Deliver the board ``update`` owes through the outbox (``bot.discord.outbox``).

    A move's post is already stored with the move; anything else is put in the outbox
    first. True when the board is in the channel; False when Discord refused it for now
    (the post stays pending and the sender tries again, so the board follows)."""
    if not update.owed:
        await workers.rules(client.service.owe_board, update)
    return await client.outbox.flush(update.game_id, channel)


def private_text(update: Update, user_id: int, head: str) -> str:
    lines = update.private.get(user_id, [])
    return "\n".join([head, *lines])[:2000]


def confirmation(label: str) -> str:
    """The chosen move in words ("Done: roll the dice."); a label that already says it is
    done ("Done: end the interrupting turn") is not doubled."""
    text = label.rstrip(".")
    if text.casefold().startswith("done"):
        return f"{text[:1].upper()}{text[1:]}."
    return f"Done: {text}."


async def run_action(
    interaction: discord.Interaction[Any], ref: str, game_id: int | None, label: str | None
) -> None:
    """A chosen action from a panel: acknowledge now, apply, deliver the board, confirm.

    The panel stays open while the player is still to act (issue 19): it confirms the move
    at the top and offers the next choices in place; it closes when the turn passes."""
    client = host_of(interaction)
    playing = f"Playing: {label} …" if label else "Playing …"
    if interaction.response.is_done():  # a menu answered first, to check its choice
        await interaction.edit_original_response(content=playing, view=None)
    else:
        await interaction.response.edit_message(content=playing, view=None)
    try:
        # The caller's next choices come with the move (one trip to the worker threads).
        update, choices = await workers.rules(
            client.service.play, interaction.channel_id, interaction.user.id, ref, game_id
        )
    except Exception as exc:  # every failure gets an answer; GameError leaves the game as it was
        await interaction.edit_original_response(
            content=str(exc) if isinstance(exc, GameError) else APOLOGY
        )
        if not isinstance(exc, GameError):
            log.error("action failed", exc_info=exc)
        return
    posted = await publish(client, channel_of(interaction), update)
    done = confirmation(update.chosen or label or "your move")
    head = done if posted else f"{LATE_BOARD} {done}"
    text = private_text(update, interaction.user.id, head)
    if not choices:
        await interaction.edit_original_response(content=text)
        return
    view = panel_view(update.game_id, update.seq, choices, {})
    await interaction.edit_original_response(content=f"{text}\n\n{PANEL_HEAD}"[-2000:], view=view)


async def open_panel(
    interaction: discord.Interaction[Any], game_id: int, seq: int | None, pages: dict[int, int]
) -> None:
    """Show the caller their legal actions as buttons and menus, privately.

    Answers Discord first (a private "thinking" note, or a quiet update when paging an open
    panel), then looks the moves up, so a busy bot still answers within 3 seconds.
    """
    client = host_of(interaction)
    paging = interaction.message is not None and interaction.message.flags.ephemeral
    if paging:
        if not interaction.response.is_done():  # a menu answered first, to check its page
            await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    row, choices, waiting = await workers.rules(
        client.service.panel, interaction.channel_id, interaction.user.id
    )
    if row.id != game_id:
        raise GameError("That board belongs to an earlier game in this channel.")
    if seq is not None and seq != row.seq:
        raise GameError("That board is out of date; use the buttons on the latest board.")
    if not choices:
        names = ", ".join(w.name for w in waiting) or "nobody"
        raise GameError(f"Nothing for you to decide right now; waiting for {names}.")
    view = panel_view(row.id, row.seq, choices, pages)
    note = lone_answer_note(choices)
    text = f"{PANEL_HEAD}\n{note}" if note else PANEL_HEAD
    if paging:
        await interaction.edit_original_response(content=text, view=view)
    else:
        await interaction.followup.send(text, view=view, ephemeral=True)


async def open_drill(
    interaction: discord.Interaction[Any],
    game_id: int,
    seq: int,
    prefix: tuple[int, ...],
    page: int,
) -> None:
    """The next step of a drill-down, in place of the private panel."""
    client = host_of(interaction)
    if not interaction.response.is_done():  # a menu answered first, to check its step
        await interaction.response.defer()
    row, choices, _ = await workers.rules(
        client.service.panel, interaction.channel_id, interaction.user.id
    )
    if row.id != game_id or row.seq != seq:
        raise GameError("That board is out of date; use the buttons on the latest board.")
    panel = drill_view(game_id, seq, choices, prefix, page)
    if panel is None:
        raise GameError("Those moves are not on offer any more; open your move again.")
    text, view = panel
    await interaction.edit_original_response(content=text, view=view)


async def show_hand(interaction: discord.Interaction[Any], game_id: int | None = None) -> None:
    """The caller's private view (hand, secrets) as a picture, only for them; ``game_id``
    (from a board's button): refused for a board of another game."""
    client = host_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    row, view = await workers.rules(
        client.service.seat_view, interaction.channel_id, interaction.user.id
    )
    if game_id is not None and row.id != game_id:
        raise GameError("That board belongs to an earlier game in this channel.")
    files = attached(await workers.render(hand_pictures, row.game, view, limits.ALT_TEXT))
    text = registry.hand_text(row.game, view)
    await interaction.followup.send(text, files=files[:1], ephemeral=True)
