"""The state of War for the Crystals (wildlands.md §12): a Wrath state (the Ancients may
play) with two teams taking turns together.

Each seat's ``side`` and each figure's ``side`` is its team's index, so the base rules'
"enemy", rally and interrupt tests work per team. ``active_team`` takes the main turn; its
members in ``to_reveal`` must reveal before anyone acts; members in ``done`` have declared
done since the team's last action; the turn ends when all have. ``stage`` is ``pregame``
during the setup reveals. ``map_deck`` holds the map cards not dealt. When several members of
the other team interrupt at once, the lowest team-member index wins
(``interrupt_priority``, wildlands.md §8.1 interrupt_priority; §12).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.wildlands.war.options import WarOptions
from engines.wildlands.wrath.state import WrathState


class WarState(WrathState):
    options: WarOptions
    teams: list[list[int]] = Field(default_factory=list)
    active_team: int = 0
    stage: Literal["pregame", "play"] = "pregame"
    to_reveal: tuple[int, ...] = ()
    done: tuple[int, ...] = ()
    # Pre-game reveal groups still to come (5 players: only the three-player team).
    pregame_groups: list[list[int]] = Field(default_factory=list)
    map_deck: list[int] = Field(default_factory=list)

    def interrupt_priority(self) -> list[int]:
        """The other team's members, first first: the order of its team list, not the seat
        order from the acting member's left."""
        return list(self.teams[1 - self.active_team])

    def asked(self) -> frozenset[int]:
        busy = self.pending is not None or self.interrupter is not None
        choosing = self.special is not None or self.carrying is not None
        if self.phase != "turn" or busy or choosing or self.discarding:
            return super().asked()
        if self.to_reveal:
            return frozenset(self.to_reveal)
        return frozenset(m for m in self.teams[self.active_team] if m not in self.done)
