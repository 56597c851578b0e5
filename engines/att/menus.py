"""Menu hints for Ancient Terrible Things (engines.core.menus), from §7-§8 of the reference.

- A Focused re-roll is a choice of dice: one multi-select of the pool's dice, not one menu
  entry per affordable subset (up to 511).
- Two spends on the same target with dice of the same kinds and values lead to the same
  game (the dice are interchangeable), so a menu lists such a spend once.
"""

from __future__ import annotations

from typing import Any

from engines.att.actions import FocusedReroll, Spend
from engines.att.state import AttState
from engines.core.menus import Path, PickSet

REROLL_MENU = "Re-roll these dice (1 Focus each, Luck dice free)"


class AttMenus:
    def pick_set(self, action: Any, state: AttState) -> PickSet | None:
        if not isinstance(action, FocusedReroll) or state.dice is None:
            return None
        pool = state.dice.pool
        items = tuple(
            (str(i), f"Die {i + 1}: {pool[i].kind} showing {pool[i].value}") for i in action.dice
        )
        return PickSet(REROLL_MENU, items)

    def same(self, action: Any, state: AttState) -> str | None:
        if not isinstance(action, Spend) or state.dice is None:
            return None
        pool = state.dice.pool
        dice = sorted((pool[i].kind, pool[i].value or 0) for i in action.dice)
        return f"spend:{action.row}:{dice}"

    def path(self, action: Any, state: AttState) -> Path | None:
        return None  # ATT's decisions are short lists already
