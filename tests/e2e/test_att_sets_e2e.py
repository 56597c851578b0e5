"""Choices that are sets are one multi-select in Discord (issue 19: "multi-selects where the
choice is a set (refresh slots, discards)"): an ATT player refreshes Trading Post slots by
ticking them in one menu."""

from __future__ import annotations

import pytest

from engines.att.menus import REFRESH_MENU
from tests.e2e.conftest import Table
from tests.e2e.driver import acknowledged, answered, next_board, pick_first, result, slash

pytestmark = pytest.mark.e2e


def treasure_move(components: list[dict]) -> tuple[dict, str | None] | None:
    """A move that gains Treasure (a token, a run spent for Treasure), so that Ann can pay
    for a refresh: (component, the option's value for a menu)."""
    for row in components:
        for comp in row.get("components", []):
            if comp["type"] == 2 and "Treasure" in comp.get("label", ""):
                return comp, None
            for option in comp.get("options", []) if comp["type"] == 3 else []:
                label = option["label"]
                if "Treasure" in label and not label.startswith(("Pay", "Buy", "Free")):
                    return comp, option["value"]
    return None


def refresh_menu(components: list[dict]) -> dict | None:
    for row in components:
        for comp in row.get("components", []):
            if comp["type"] == 3 and comp.get("placeholder", "").startswith(REFRESH_MENU):
                return comp
    return None


async def test_trading_post_slots_are_refreshed_from_one_multi_select(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2)
    await slash(fake, table.ann.id, ch, "game addbot")
    last = fake.channel(ch).last_message()
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    for _ in range(300):
        assert result(board) is None, "no refresh offered in a whole game"
        ix = await fake.user(table.ann.id).click(board, "Your move")
        await acknowledged(fake, ix)
        reply = await answered(fake, ix)
        if not reply.components:
            board = await next_board(fake, ch, board.id, since_edits=len(board.edits))
            continue
        panel = reply.message_id
        assert panel is not None
        menu = refresh_menu(reply.components)
        if menu is None:
            gain = treasure_move(reply.components)
            if gain is None or gain[0]["custom_id"].startswith(("gm:path:", "gm:pick:")):
                board = await pick_first(fake, ch, board, table.ann.id, panel, reply.components)
                continue
            comp, value = gain
            edits = len(board.edits)
            if value is None:
                chosen = await fake.user(table.ann.id).click(panel, comp["custom_id"])
            else:
                chosen = await fake.user(table.ann.id).select(panel, comp["custom_id"], [value])
            await acknowledged(fake, chosen)
            board = await next_board(fake, ch, board.id, since_edits=edits)
            continue
        assert menu["max_values"] >= 2
        labels = [o["label"] for o in menu["options"]]
        assert all(label.startswith("Slot ") for label in labels) and len(labels) >= 2
        values = [o["value"] for o in menu["options"][:2]]
        edits = len(board.edits)
        pick = await fake.user(table.ann.id).select(panel, menu["custom_id"], values)
        await acknowledged(fake, pick)
        board = await next_board(fake, ch, board.id, since_edits=edits)
        text = "\n".join(m.content for m in fake.channel(ch).messages) + board.content
        assert "refresh" in text.lower()
        return
    raise AssertionError("no refresh offered in 300 moves")
