"""A complete solo game of The Awoken through the real discord.py client (issue: e2e): one
player against the Ancients and minions the bot plays, to the posted result."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, play_to_the_end, result, slash

pytestmark = pytest.mark.e2e


async def test_a_complete_solo_game_against_the_ancients(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    _, reply = await slash(
        fake, table.ann.id, ch, "game new", game="awoken", seats=1, options="scenarios=[1]"
    )
    assert reply.content == "Done."
    last = fake.channel(ch).last_message()
    assert "Wildlands: The Awoken** table open" in last.content
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    final = await play_to_the_end(fake, ch, board, [table.ann.id], limit=1500)
    assert "players" in (result(final) or "").lower()
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.result is not None and row.result["summary"]
    public = [m for m in fake.channel(ch).messages if not m.ephemeral]
    # A turn's board is edited in place (issue 19): what it said before counts too.
    narrated = "\n".join(v.content for m in public for v in [*m.edits, m])
    assert "Minion card" in narrated  # the Ancients' turns were narrated on the boards
    boards = [m for m in fake.channel(ch).messages if m.png() is not None and not m.ephemeral]
    assert sum(1 + len(m.edits) for m in boards) >= 20 and row.seq >= 20
