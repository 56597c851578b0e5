"""Async play commands through the real discord.py client (issue: async play): settings
shown and guarded, away and back, "my turns" with a jump link to the latest board."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, slash

pytestmark = pytest.mark.e2e


async def test_settings_away_and_my_turns(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2)
    await slash(fake, table.bob.id, ch, "game join")
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    assert "A reminder goes out <t:" in board.content

    _, reply = await slash(fake, table.ann.id, ch, "game settings")
    assert reply.ephemeral and "Deadline policy:** remind" in reply.content
    _, reply = await slash(fake, table.bob.id, ch, "game settings", policy="skip")
    assert reply.ephemeral and "Only the player who opened the table" in reply.content
    _, reply = await slash(
        fake, table.ann.id, ch, "game settings", policy="skip", deadline="2d", window="45s"
    )
    assert reply.content == "Done."
    announced = fake.channel(ch).last_message().content
    assert "Deadline policy:** skip" in announced and "45 seconds" in announced
    _, reply = await slash(fake, table.ann.id, ch, "game settings", deadline="tomorrowish")
    assert reply.ephemeral and "could not read `tomorrowish`" in reply.content

    _, reply = await slash(fake, table.ann.id, ch, "game mine")
    assert reply.ephemeral and f"/channels/{table.guild.id}/{ch}/{board.id}" in reply.content
    _, reply = await slash(fake, table.bob.id, ch, "game mine")
    assert reply.content == "No game is waiting for you right now."

    _, reply = await slash(fake, table.ann.id, ch, "game away", duration="3d")
    assert reply.ephemeral and "You are away until" in reply.content
    _, reply = await slash(fake, table.ann.id, ch, "game status")
    assert reply.embeds and "away" in str(reply.embeds).lower()
    _, reply = await slash(fake, table.ann.id, ch, "game back")
    assert "Welcome back" in reply.content
