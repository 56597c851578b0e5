"""A whole Ancient Terrible Things game through the real discord.py client (issue: e2e)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, play_to_the_end, result, slash

pytestmark = pytest.mark.e2e


async def test_a_complete_game_is_played_with_commands_and_buttons(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    _, reply = await slash(fake, table.ann.id, ch, "game new", game="att", seats=2)
    assert reply.ephemeral and reply.content == "Done."
    assert "Ancient Terrible Things** table open" in fake.channel(ch).last_message().content
    await slash(fake, table.ann.id, ch, "game addbot")  # the real AI: it thinks between moves
    assert "AI 1 takes seat 2" in fake.channel(ch).last_message().content
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    assert board.image().width >= 1000
    assert f"<@{table.ann.id}>" in board.content
    final = await play_to_the_end(fake, ch, board, [table.ann.id])
    assert "Scores:" in (result(final) or "")
    # Every interaction was acknowledged, first and once (how fast: bench/e2e_bench.py).
    answers = [[r.kind for r in ix.responses] for ix in fake.interactions]
    assert answers and all(k[0] == "callback" and k.count("callback") == 1 for k in answers)
    await fake.wait_until(lambda: table.bot.in_flight == 0, what="every interaction finished")
