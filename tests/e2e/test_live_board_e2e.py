"""One live board per turn (issue 19): while the same seat keeps deciding, its board message
is edited in place; a new board, with a ping, comes only when the game waits for someone
else, and the board before it loses its buttons."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import slash
from tests.fakediscord import MessageRecord

pytestmark = pytest.mark.e2e


def public_boards(table: Table) -> list[MessageRecord]:
    return [
        m
        for m in table.fake.channel(table.channel.id).messages
        if not m.ephemeral and m.png() is not None
    ]


async def test_a_turn_edits_one_board_and_the_next_player_gets_a_new_one(table: Table) -> None:
    fake, ch, service = table.fake, table.channel.id, table.bot.service
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2)
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game start")
    board = await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)
    first = service.waiting(ch)[0].user_id
    assert first is not None and f"<@{first}>" in board.content
    moves = 0
    while service.waiting(ch)[0].user_id == first:
        ref = service.choices(ch, first)[0].ref
        await slash(fake, first, ch, "play", action=ref)
        moves += 1
        assert moves < 60
        if service.waiting(ch)[0].user_id == first:
            await fake.wait_until(
                lambda n=moves: len(board.edits) >= n, timeout=20, what="the board edited"
            )
            assert public_boards(table) == [board]  # no new message while ann decides
            assert f":{service.table(ch).seq}" in str(board.components)
    assert moves > 1  # an ATT turn is several decisions
    # Discord notifies a mention only in a new message, never in an edit: one ping a turn.
    pinged = [m for m in fake.channel(ch).messages if f"<@{first}>" in m.content]
    assert pinged == [board]
    other = service.waiting(ch)[0].user_id
    assert other is not None and other != first
    await fake.wait_until(lambda: len(public_boards(table)) == 2, timeout=20, what="a new board")
    new = public_boards(table)[-1]
    assert f"<@{other}>" in new.content
    await fake.wait_until(lambda: not board.components, timeout=20, what="the old board dead")
    assert f":{service.table(ch).seq}" in str(new.components)
    assert service.table(ch).board_message_id == new.id
