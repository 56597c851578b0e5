"""Menu hints for War for the Crystals (wildlands.md §12 "Team turns"): Wrath's, except that
ending the turn is one member's "done", since the team's turn ends only when every member is
done with no action in between.
"""

from __future__ import annotations

from typing import Any

from engines.wildlands.actions import EndTurn
from engines.wildlands.state import State
from engines.wildlands.wrath.menus import WrathMenus
from engines.wildlands.wrath.state import WrathState

DONE_LABEL = "Done for this turn"


def done_hint(s: WrathState) -> str:
    discard = " (each may discard first: Desperate Measures)" if s.ancients is not None else ""
    return (
        "Your team's turn ends when every member is done, with no action in between; then "
        f"everyone draws up to 3 cards{discard}."
    )


class WarMenus(WrathMenus):
    def hint(self, action: Any, state: State) -> str | None:
        assert isinstance(state, WrathState)
        if isinstance(action, EndTurn) and not state.discarding:
            return done_hint(state)
        return super().hint(action, state)
