"""War for the Crystals through the real discord.py client (issue 11 e2e): five players,
three people against an AI team (the Ancients and one more), to a posted result."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, play_to_the_end, slash

pytestmark = pytest.mark.e2e


async def test_a_five_player_war_game_with_people_and_ai_seats(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    _, reply = await slash(
        fake,
        table.ann.id,
        ch,
        "game new",
        game="war",
        seats=5,
        options="team_of=[1,1,1,2,2] auto_pass=always",
    )
    assert reply.content == "Done."
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.eve.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game addbot")
    await slash(fake, table.ann.id, ch, "game addbot")  # seat 5: the Ancients
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    people = [table.ann.id, table.bob.id, table.eve.id]
    final = await play_to_the_end(fake, ch, board, people, limit=2500)
    assert "Game over" in final.content
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.result is not None and row.result["summary"]
    await fake.wait_until(lambda: table.bot.in_flight == 0, what="every interaction finished")
