"""Wrath of the Ancients through the real discord.py client (issue 11 e2e): a two-player
game with the bot as the Ancients, to a posted result."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import (
    acknowledged,
    answered,
    next_board,
    pick_first,
    play_to_the_end,
    result,
    slash,
)

pytestmark = pytest.mark.e2e


async def test_a_wrath_game_with_the_bot_as_the_ancients(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    _, reply = await slash(fake, table.ann.id, ch, "game new", game="wrath", seats=2)
    assert reply.content == "Done."
    await slash(fake, table.ann.id, ch, "game addbot")  # seat 2: the Ancients by default
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    assert board.image().width >= 1000
    final = await play_to_the_end(fake, ch, board, [table.ann.id], limit=1500)
    assert result(final)
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.result is not None and row.result["summary"]
    narrated = "\n".join(m.content for m in fake.channel(ch).messages if not m.ephemeral)
    assert "Ancients" in narrated


def _panel_words(components: list[dict]) -> tuple[list[str], list[str]]:
    """A panel's button labels and its menus' placeholders, as the player reads them."""
    buttons = [c["label"] for row in components for c in row["components"] if c["type"] == 2]
    menus = [c["placeholder"] for row in components for c in row["components"] if c["type"] == 3]
    return buttons, menus


async def test_the_desperate_measures_step_reads_as_its_own_question(table: Table) -> None:
    """Issue 35: after "End turn and draw" the next panel asks "Discard before drawing?" with
    "Draw without discarding", never a second "End turn and draw"; the board says why."""
    fake, ch, ann = table.fake, table.channel.id, table.ann.id
    await slash(fake, ann, ch, "game new", game="wrath", seats=2)
    await slash(fake, ann, ch, "game addbot")
    last = fake.channel(ch).last_message()
    await slash(fake, ann, ch, "game start")
    board = await next_board(fake, ch, last.id)
    for _ in range(300):
        ix = await fake.user(ann).click(board, "Your move")
        await acknowledged(fake, ix)
        reply = await answered(fake, ix)
        buttons, menus = _panel_words(reply.components)
        if "Draw without discarding" in buttons:
            assert "End turn and draw" not in buttons
            assert "Discard before drawing?" in menus or any(
                b.startswith("Discard card") for b in buttons
            )
            assert "Ann may discard before drawing (Desperate Measures)." in (board.content or "")
            return
        assert reply.message_id is not None
        if "End turn and draw" in buttons:
            edits = len(board.edits)
            pick = await fake.user(ann).click(reply.message_id, "End turn and draw")
            await acknowledged(fake, pick)
            board = await next_board(fake, ch, board.id, since_edits=edits)
        else:
            board = await pick_first(fake, ch, board, ann, reply.message_id, reply.components)
    raise AssertionError("Player 1 never reached the Desperate Measures step")
