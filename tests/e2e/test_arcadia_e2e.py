"""A whole two-player Arcadia game through the real discord.py client (issue 12: e2e): a
player against the real AI seat, from character building to the posted result."""

from __future__ import annotations

import pytest

from engines.arcadia.render.league_map import NARROWEST
from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, play_to_the_end, result, slash

pytestmark = pytest.mark.e2e


async def test_a_complete_two_player_game_against_the_ai(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    _, reply = await slash(fake, table.ann.id, ch, "game new", game="arcadia", seats=2)
    assert reply.content == "Done."
    assert "Arcadia: The Wyld Hunt** table open" in fake.channel(ch).last_message().content
    await slash(fake, table.ann.id, ch, "game addbot")
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    # The map is as wide as its columns need, never narrower than NARROWEST (issue 35).
    assert board.image().width >= NARROWEST
    final = await play_to_the_end(fake, ch, board, [table.ann.id], limit=800)
    assert result(final)
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.result is not None and row.result["summary"]
    await fake.wait_until(lambda: table.bot.in_flight == 0, what="every interaction finished")
