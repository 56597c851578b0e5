"""Menu hints for Ancient Terrible Things (engines.core.menus), from §7-§8 of the reference.

- A Focused re-roll is a choice of dice: one multi-select of the pool's dice, not one menu
  entry per affordable subset (up to 511). So are the slots a paid refresh clears and the
  Feat cards discarded at the Ghastly Gorge (issue 19: "multi-selects where the choice is a
  set").
- Two spends on the same target with dice of the same kinds and values lead to the same
  game (the dice are interchangeable), so a menu lists such a spend once.
- Copies of a card (same name and effect, told apart only by id) are interchangeable, and so
  are unspent dice of the same kind showing the same value: playing either copy on either
  such die, exhausting either copy of a Swag or starting with either Luck Swag is one move,
  listed once.
"""

from __future__ import annotations

from typing import Any

from engines.att.actions import (
    ExhaustSwag,
    FocusedReroll,
    LuckStart,
    PlayFeat,
    RedrawFeats,
    RefreshSwag,
    Spend,
)
from engines.att.content import catalog
from engines.att.dice import face_words
from engines.att.hints import hint as move_hint
from engines.att.state import AttState
from engines.core.menus import Path, PickSet

REROLL_MENU = "Re-roll these dice (1 Focus each, Luck dice free)"
REFRESH_MENU = "Pay 2 Treasure: refresh these slots"
REDRAW_MENU = "Discard these Feat cards and draw as many"


def _slot(state: AttState, slot: int) -> str:
    """A Trading Post slot (1..3) by the card in it."""
    card = state.swag_slots[slot - 1] if 1 <= slot <= len(state.swag_slots) else None
    swag = catalog().swag.get(card or "")
    return f"Slot {slot}: {swag.name}" if swag else f"Slot {slot}"


def _faces(state: AttState, dice: tuple[int, ...]) -> list[tuple[str, int]]:
    """The kinds and values of these dice, in order: what makes two targets alike."""
    if state.dice is None or not all(0 <= i < len(state.dice.pool) for i in dice):
        return [("index", i) for i in dice]
    pool = state.dice.pool
    return sorted((pool[i].kind, pool[i].value or 0) for i in dice)


class AttMenus:
    def pick_set(self, action: Any, state: AttState) -> PickSet | None:
        cards = catalog()
        match action:
            case FocusedReroll(dice=dice) if state.dice is not None:
                pool = state.dice.pool
                items = tuple(
                    (str(i), f"Die {i + 1} shows {face_words(pool[i].kind, pool[i].value)}")
                    for i in dice
                )
                return PickSet(REROLL_MENU, items)
            case RefreshSwag(slots=slots):
                return PickSet(REFRESH_MENU, tuple((str(i), _slot(state, i)) for i in slots))
            case RedrawFeats(discard=discard):
                names = tuple((c, cards.feats[c].name if c in cards.feats else c) for c in discard)
                return PickSet(REDRAW_MENU, names)
        return None

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
        return None

    def path(self, action: Any, state: AttState) -> Path | None:
        return None  # ATT's decisions are short lists already

    def hint(self, action: Any, state: AttState) -> str | None:
        return move_hint(action, state)
