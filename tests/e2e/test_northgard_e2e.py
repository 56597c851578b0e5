"""A whole Northgard game through the real discord.py client (issue 14): one person and two
AI seats, the Creatures module and the Wilderness creatures and tiles on, to the result."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, play_to_the_end, result, slash

pytestmark = pytest.mark.e2e


async def test_a_three_player_game_with_creatures_and_wilderness(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    _, reply = await slash(
        fake, table.ann.id, ch, "game new", game="northgard", seats=3, options="creatures=true"
    )
    assert reply.content == "Done."
    assert "Northgard: Uncharted Lands** table open" in fake.channel(ch).last_message().content
    await slash(fake, table.ann.id, ch, "game addbot")
    await slash(fake, table.ann.id, ch, "game addbot")
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    assert board.image().width >= 1000
    final = await play_to_the_end(fake, ch, board, [table.ann.id], limit=400)
    assert result(final)
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.result is not None and row.result["summary"]
    # Every version of every board: a turn's live board is edited in place.
    public = [m for m in fake.channel(ch).messages if not m.ephemeral]
    narrated = "\n".join(v.content for m in public for v in [*m.edits, m])
    assert "Year 7 begins." in narrated or "Sudden death" in narrated
    await fake.wait_until(lambda: table.bot.in_flight == 0, what="every interaction finished")
