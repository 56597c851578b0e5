"""Wrath of the Ancients through the real discord.py client (issue 11 e2e): a two-player
game with the bot as the Ancients, to a posted result."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, play_to_the_end, result, slash

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
