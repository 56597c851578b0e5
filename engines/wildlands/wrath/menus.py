"""Menu hints for Wrath and War (engines.core.menus; wildlands.md §11 "Magus").

The base hints (card plays as paths, rallies and claims as multi-selects) plus one path: the
Magus places its picks in any of the 42 spaces, so the space is chosen as a row of the board
first, then a space in that row, rather than from one list of 42.
"""

from __future__ import annotations

from typing import Any

from engines.core.menus import Path
from engines.wildlands.board import load_board
from engines.wildlands.menus import WildlandsMenus
from engines.wildlands.state import State
from engines.wildlands.wrath.actions import SpecialSpace
from engines.wildlands.wrath.hints import hint as move_hint
from engines.wildlands.wrath.state import WrathState

MAGUS_PLACES = "Place the Magus's picks"


def spans(spaces: list[int]) -> str:
    """Sorted space numbers as runs, e.g. [1, 2, 3, 7] -> "1–3, 7"."""
    runs: list[list[int]] = []
    for n in sorted(spaces):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def row_label(board_id: str, space: int) -> str:
    """The board row holding ``space``, named by its number and the spaces in it."""
    layout = load_board(board_id).layout
    row = layout[space][1]
    here = [s for s, (_, r) in layout.items() if r == row]
    return f"Row {row + 1}: spaces {spans(here)}"


class WrathMenus(WildlandsMenus):
    def path(self, action: Any, state: State) -> Path | None:
        if isinstance(action, SpecialSpace):
            row = row_label(state.board, action.space)
            return Path(MAGUS_PLACES, (row, f"Space {action.space}"))
        return super().path(action, state)

    def hint(self, action: Any, state: State) -> str | None:
        assert isinstance(state, WrathState)
        return move_hint(action, state)
