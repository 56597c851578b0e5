"""Game over through the real discord.py client (issues 16, 19, 35): the last board of a
game played to its end carries the result as an embed, the one place it is said (the
winner, the game's account, the scores, where the whole game's file is) and no move
buttons, no earlier board keeps any, and the file the embed points to is the whole game."""

from __future__ import annotations

import asyncio
import io
import json

import pytest
from PIL import Image

from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, play_to_the_end, slash

pytestmark = pytest.mark.e2e


def live_boards(table: Table) -> list[int]:
    """Public messages in the table's channel that still have buttons."""
    messages = table.fake.channel(table.channel.id).messages
    return [m.id for m in messages if not m.ephemeral and m.components]


async def no_live_board(table: Table) -> None:
    """The last board's predecessor loses its buttons just after the last board is posted,
    by an edit the bot makes on its own (no event the test could wait for): poll."""
    for _ in range(200):
        if not live_boards(table) and table.bot.in_flight == 0:
            return
        await asyncio.sleep(0.05)
    assert live_boards(table) == [] and table.bot.in_flight == 0


async def test_the_last_board_shows_the_result_as_an_embed_and_no_buttons(table: Table) -> None:
    """Ann against the AI in Ancient Terrible Things (seed 11), played to the end."""
    fake, ch, ann = table.fake, table.channel.id, table.ann.id
    await slash(fake, ann, ch, "game new", game="att", seats=2)
    await slash(fake, ann, ch, "game addbot")
    last = fake.channel(ch).last_message()
    await slash(fake, ann, ch, "game start")
    board = await next_board(fake, ch, last.id)
    final = await play_to_the_end(fake, ch, board, [ann])
    await no_live_board(table)
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.result is not None
    assert row.result["winners"] == [1] and row.result["scores"] == {"0": 2, "1": 40}

    (embed,) = final.embeds
    assert embed["title"] == "Game over"
    assert embed["description"] == "**AI 1 wins.**\n" + row.result["summary"]
    assert "Scores: Ann: 2, AI 1: 40." in embed["description"]
    fields = [(f["name"], f["value"]) for f in embed["fields"]]
    assert fields[0] == ("Final scores", "AI 1: 40\nAnn: 2")
    # Each rating's change (issue 31): the winning AI up, Ann down.
    assert fields[1][0] == "Ratings" and len(fields) == 3
    assert fields[1][1].startswith("AI (normal): 27.6 (+2.6)\nAnn: 22.4 (-2.6)")
    # The story of the game (issue 31): a few lines per player, and the whole game as an
    # animation Discord plays inline, within the upload limit, with its alt text.
    assert fields[2][0] == "The story"
    ann_line, ai_line = fields[2][1].splitlines()
    assert ann_line.startswith("Ann") and " moves at a median of " in ann_line
    assert ai_line.startswith("AI 1") and "biggest turn: +" in ai_line
    (gif,) = [a for a in final.attachments if a.content_type == "image/gif"]
    assert len(gif.data) + len(final.png().data) <= 10 * 1024 * 1024
    with Image.open(io.BytesIO(gif.data)) as picture:
        assert picture.is_animated and picture.n_frames >= 2
        assert picture.width == 550
    assert gif.description.startswith("The whole game of Ancient Terrible Things as an animation")
    assert "/game export" in embed["footer"]["text"]
    # Said once (issue 35): the board's text tells the last moves, not the result again.
    assert "Game over" not in final.content and row.result["summary"] not in final.content

    # The finished game's board offers no move, and no earlier board still does.
    assert final.components == []
    assert table.bot.service.store.pending_posts(row.id) == []

    # What the footer promises: the whole game, even to an onlooker, now that it is over.
    _, reply = await slash(fake, table.eve.id, ch, "game export")
    assert reply.ephemeral and reply.files
    data = json.loads(reply.files[0].data)
    assert "seed" in data and not data.get("redacted")
    assert len(data["actions"]) == row.seq

    # /game history (issue 31): the channel's finished games, each with its whole file.
    _, past = await slash(fake, table.eve.id, ch, "game history")
    (listing,) = past.embeds
    assert listing["title"] == "Finished games in this channel"
    (line,) = listing["description"].splitlines()
    assert line.startswith("1. <t:") and "· Ancient Terrible Things · AI 1 wins." in line
    (file,) = past.files
    assert f"`{file.filename}`" in line and json.loads(file.data) == data


async def test_a_concession_that_ends_the_game_posts_the_result_and_kills_the_buttons(
    table: Table,
) -> None:
    """A two-person game conceded: the last board is the result (as for a game played to
    its end), and the board before it keeps no button."""
    fake, ch, ann, bob = table.fake, table.channel.id, table.ann.id, table.bob.id
    await slash(fake, ann, ch, "game new", game="att", seats=2, options="character_pick=random")
    await slash(fake, bob, ch, "game join")
    await slash(fake, ann, ch, "game start")
    first = await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)
    _, reply = await slash(fake, ann, ch, "game concede")
    assert reply.content == "You conceded."
    final = await next_board(fake, ch, first.id)
    assert final.content == "Ann concedes."
    (embed,) = final.embeds
    assert embed["title"] == "Game over"
    assert embed["description"] == "**Bob wins.**\nAnn conceded."
    # A concession scores nothing, and is a loss in the ratings (issue 31).
    fields = [(f["name"], f["value"]) for f in embed["fields"]]
    assert fields == [("Ratings", "Bob: 27.6 (+2.6)\nAnn: 22.4 (-2.6)")]
    await no_live_board(table)
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.board_message_id == final.id
    assert table.bot.service.store.pending_posts(row.id) == []


async def test_a_table_closed_mid_game_leaves_no_board_with_buttons(table: Table) -> None:
    fake, ch, ann = table.fake, table.channel.id, table.ann.id
    _, past = await slash(fake, ann, ch, "game history")
    assert past.ephemeral and "No game has finished in this channel yet." in past.content
    await slash(fake, ann, ch, "game new", game="att", seats=2, options="character_pick=random")
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, ann, ch, "game start")
    await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)
    assert live_boards(table)
    await slash(fake, ann, ch, "game end")
    await no_live_board(table)
    closed = fake.channel(ch).last_message()
    assert closed is not None and "is closed" in closed.content
    _, past = await slash(fake, ann, ch, "game history")
    assert "· Ancient Terrible Things · Closed before the end." in past.embeds[0]["description"]
