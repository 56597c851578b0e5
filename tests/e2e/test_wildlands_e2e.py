"""Wildlands through the real discord.py client: turns played with the card, character,
action and target menus, interrupt windows answered from the panel (issue: Wildlands)."""

from __future__ import annotations

import pytest

from engines.wildlands.render_board import HEIGHT, WIDTH
from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, slash, take_a_move

pytestmark = pytest.mark.e2e


async def test_turns_are_played_with_drill_down_menus(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="wildlands", seats=2)
    await slash(fake, table.bob.id, ch, "game join")
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    for _ in range(60):
        board = await take_a_move(fake, ch, board, [table.ann.id, table.bob.id])
    steps = [
        ix for ix in fake.interactions if str(ix.data.get("custom_id", "")).startswith("gm:path:")
    ]
    assert len(steps) >= 10  # card plays went card -> character and action -> target
    assert table.bot.service.table(ch).seq >= 60
    image = board.image()
    # The panel under the board is as tall as its entries need, from HEIGHT up.
    assert image.width == WIDTH and image.height >= HEIGHT
    assert "interrupt window closes" in "\n".join(m.content for m in fake.channel(ch).messages)
