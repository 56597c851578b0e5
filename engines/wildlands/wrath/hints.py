"""What a move of Wrath of the Ancients (and War, which plays them) does, in one line under
it in a menu (wildlands.md §11).

The base game's card plays keep the Wildlands hints; spending a shard says its carrier's
special action (the words of ``/card``), and the Ancients' claims and Desperate Measures say
their own rules.
"""

from __future__ import annotations

from typing import Any

from engines.wildlands.actions import Claim, EndTurn
from engines.wildlands.hints import card_note
from engines.wildlands.hints import hint as wildlands_hint
from engines.wildlands.wrath.actions import Carry, Discard, SpecialSkip, Spend
from engines.wildlands.wrath.card_list import SPECIALS
from engines.wildlands.wrath.state import WrathState


def _special(s: WrathState, figure_id: str) -> str | None:
    figure = s.figures.get(figure_id)
    words = SPECIALS.get(figure.name) if figure else None
    return f"{figure.name}: {words}" if figure and words else None


def hint(a: Any, s: WrathState) -> str | None:
    match a:
        case Spend(shard=shard) if shard in s.carried:
            return _special(s, s.carried[shard])
        case Carry(figure=figure):
            return _special(s, figure)
        case Claim(figure=figure) if s.is_ancient(figure):
            return "The shard goes on an Ancient there; from your next turn it pays a special."
        case Discard(card=card):
            return f"Desperate Measures: discard it before you draw. {card_note(card)}"
        case EndTurn() if s.discarding:
            return "Keep the rest of your hand and draw up to 3 cards (7 at most in hand)."
        case EndTurn() if s.ancients is not None:
            return (
                "End your turn. You may then discard before you draw up to 3 cards (7 at "
                "most in hand): Desperate Measures."
            )
        case SpecialSkip():
            return "Leave out this optional step of the special action."
    return wildlands_hint(a, s)
