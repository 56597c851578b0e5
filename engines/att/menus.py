"""Menu hints for Ancient Terrible Things (engines.core.menus), from §7-§8 of the reference.

- A Focused re-roll is a choice of dice: one multi-select of the pool's dice, not one menu
  entry per affordable subset (up to 511).
- Two spends on the same target with dice of the same kinds and values lead to the same
  game (the dice are interchangeable), so a menu lists such a spend once.
- Copies of a card (same name and effect, told apart only by id) are interchangeable, and so
  are unspent dice of the same kind showing the same value: playing either copy on either
  such die, exhausting either copy of a Swag, starting with either Luck Swag, or discarding
  either copy at the Ghastly Gorge is one move, listed once.
"""

from __future__ import annotations

from typing import Any

from engines.att.actions import (
    ExhaustSwag,
    FocusedReroll,
    LuckStart,
    PlayFeat,
    RedrawFeats,
    Spend,
)
from engines.att.content import catalog
from engines.att.hints import hint as move_hint
from engines.att.state import AttState
from engines.core.menus import Path, PickSet

REROLL_MENU = "Re-roll these dice (1 Focus each, Luck dice free)"


def _faces(state: AttState, dice: tuple[int, ...]) -> list[tuple[str, int]]:
    """The kinds and values of these dice, in order: what makes two targets alike."""
    if state.dice is None or not all(0 <= i < len(state.dice.pool) for i in dice):
        return [("index", i) for i in dice]
    pool = state.dice.pool
    return sorted((pool[i].kind, pool[i].value or 0) for i in dice)


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
        cards = catalog()
        match action:
            case Spend() if state.dice is not None:
                return f"spend:{action.row}:{_faces(state, action.dice)}"
            case PlayFeat(card=card, dice=dice) if card in cards.feats:
                return f"feat:{cards.feats[card].name}:{_faces(state, dice)}"
            case ExhaustSwag(card=card, dice=dice) if card in cards.swag:
                return f"swag:{cards.swag[card].name}:{_faces(state, dice)}"
            case LuckStart(card=card) if card in cards.swag:
                return f"luck:{cards.swag[card].name}"
            case RedrawFeats(discard=discard):
                names = sorted(cards.feats[c].name if c in cards.feats else c for c in discard)
                return f"redraw:{names}"
        return None

    def path(self, action: Any, state: AttState) -> Path | None:
        return None  # ATT's decisions are short lists already

    def hint(self, action: Any, state: AttState) -> str | None:
        return move_hint(action, state)
