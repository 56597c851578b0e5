"""What a move of The Awoken does, in one line under it in a menu (wildlands.md §10, §14.6).

The shared card plays keep the Wildlands hints; The Awoken's own moves (objects, crystals,
treasures, the players' turn ending before the Ancients act) say their own rules.
"""

from __future__ import annotations

from typing import Any

from engines.wildlands.actions import EndTurn
from engines.wildlands.awoken.actions import Collect, RevealObject, UseTreasure
from engines.wildlands.awoken.content import treasures
from engines.wildlands.hints import hint as wildlands_hint
from engines.wildlands.state import State


def hint(a: Any, s: State) -> str | None:
    match a:
        case RevealObject(card=None):
            return "Flip it: a crystal, a treasure, a trap or nothing."
        case RevealObject():
            return "Discard this card to flip it: a crystal, a treasure, a trap or nothing."
        case Collect():
            return "The character carries the crystal. Five carried crystals win the game."
        case UseTreasure(treasure=t) if t in treasures():
            return " ".join(treasures()[t].text.split())
        case EndTurn():
            return "When every player is done the Ancients act; then draw up to 3 (7 at most)."
    return wildlands_hint(a, s)
