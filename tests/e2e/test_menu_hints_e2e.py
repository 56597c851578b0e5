"""Menus that say what each option does, as a player sees them in Discord (issue 19: "menus
with option descriptions: what a card or move does, 100 characters")."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import acknowledged, answered, next_board, slash, take_a_move

pytestmark = pytest.mark.e2e


def selects(components: list[dict]) -> list[dict]:
    return [c for row in components for c in row.get("components", []) if c["type"] == 3]


async def test_card_menus_describe_each_card_within_the_limit(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="wildlands", seats=2)
    await slash(fake, table.bob.id, ch, "game join")
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    for _ in range(40):
        for user in (table.ann.id, table.bob.id):
            ix = await fake.user(user).click(board, "Your move")
            await acknowledged(fake, ix)
            reply = await answered(fake, ix)
            cards = [
                s for s in selects(reply.components or []) if s["custom_id"].startswith("gm:path:")
            ]
            if cards:
                options = cards[0]["options"]
                described = [o for o in options if o.get("description")]
                assert described, options
                assert all(len(o["description"]) <= 100 for o in options if "description" in o)
                # A card's description says what it can do, in words.
                assert any(
                    word in o["description"].lower()
                    for o in described
                    for word in ("move", "attack", "draw", "climb", "rally", "shield", "cover")
                )
                return
        board = await take_a_move(fake, ch, board, [table.ann.id, table.bob.id])
    raise AssertionError("no card menu in 40 moves")
