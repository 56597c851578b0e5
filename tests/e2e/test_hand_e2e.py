""" "My hand" through the real discord.py client: a private phone-sized picture of the hand
and a few private lines, never a state dump (issue 19, "A private view worth opening")."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines import registry
from tests.e2e.conftest import Table
from tests.e2e.driver import acknowledged, answered, next_board, slash

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("game", ["att", "wildlands", "wrath", "arcadia", "root", "northgard"])
async def test_my_hand_answers_privately_with_the_hand_picture(table: Table, game: str) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game=game, seats=2)
    await slash(fake, table.bob.id, ch, "game join")
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)

    ix = await fake.user(table.bob.id).click(board, "My hand")
    await acknowledged(fake, ix)
    reply = await answered(fake, ix)
    assert reply.ephemeral
    assert [f.filename for f in reply.files] == ["hand.png"]
    assert reply.content and "```" not in reply.content
    assert reply.content.startswith("Your ")
    assert len(reply.content) <= 1800

    picture = Image.open(io.BytesIO(reply.files[0].data))
    assert 720 <= picture.width <= 900
    assert picture.height >= picture.width  # portrait, for a phone
    _, bob_view = table.bot.service.seat_view(ch, table.bob.id)
    assert reply.files[0].data == registry.draw_hand(game, bob_view)[0][1]
    # Nothing of it reached the channel.
    for message in fake.channel(ch).messages:
        if not message.ephemeral:
            assert reply.content not in message.content
