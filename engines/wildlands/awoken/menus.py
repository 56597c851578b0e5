"""Menu hints for The Awoken (engines.core.menus; wildlands.md §14.6 War Horn).

The Wildlands hints serve the shared card plays. The War Horn rallies without a card, and
the engine lists every subset of the characters it may pull as its own use; the panel shows
one multi-select of those characters instead, as it does for a rally card.
"""

from __future__ import annotations

from typing import Any

from engines.core.menus import PickSet
from engines.wildlands.awoken.actions import UseTreasure
from engines.wildlands.awoken.hints import hint as move_hint
from engines.wildlands.menus import WildlandsMenus
from engines.wildlands.state import State

WAR_HORN = "treasure.war_horn"


class AwokenMenus(WildlandsMenus):
    def pick_set(self, action: Any, state: State) -> PickSet | None:
        if isinstance(action, UseTreasure) and action.treasure == WAR_HORN:
            holder = state.figures[action.figure]
            menu = f"{holder.name} sounds the War Horn: pick who comes"
            return PickSet(menu, tuple((f, state.figures[f].name) for f in action.pulled))
        return super().pick_set(action, state)

    def hint(self, action: Any, state: State) -> str | None:
        return move_hint(action, state)
