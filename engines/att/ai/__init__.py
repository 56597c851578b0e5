"""AI seats for Ancient Terrible Things (DESIGN.md "AI seats are policies").

``AttPolicy`` is the seat ``/game addbot`` gets: it values every choice in Secrets with what
its seat may see (``values``), rolls dice by an exact expectimax over re-rolls
(``reroll``, ``encounter``), picks Locations, Location actions and Desperate Acts by the
expected worth of the visit (``board``) and buys Swag by its worth against the Treasure it
costs (``market``). ``GreedyPolicy`` (``greedy``) is the one-ply baseline it is measured
against. Both only ever return an action from ``engine.legal_actions(state, seat)``.
"""

from __future__ import annotations

from typing import Any

from engines.att.ai.board import (
    choose_desperation,
    choose_explore,
    choose_first,
    choose_location_action,
)
from engines.att.ai.characters import choose_character
from engines.att.ai.encounter import choose_encounter
from engines.att.ai.greedy import GreedyPolicy
from engines.att.ai.market import choose_trading
from engines.att.ai.values import outlook
from engines.att.state import AttState
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng

__all__ = ["AttPolicy", "GreedyPolicy"]


class AttPolicy:
    """The strong Ancient Terrible Things seat. Deterministic: it never needs ``rng``."""

    def choose(self, engine: Engine[Any, Any], state: AttState, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        if state.phase == "choose_character":
            return choose_character(legal)
        if state.phase == "choose_first":
            return choose_first(state, seat, legal)
        look = outlook(state, seat)
        if state.phase == "explore":
            return choose_explore(state, seat, legal, look)
        if state.phase == "location_action":
            return choose_location_action(state, seat, legal, look)
        if state.phase == "desperation":
            return choose_desperation(state, seat, legal, look)
        if state.phase == "encounter":
            return choose_encounter(state, seat, legal, look)
        return choose_trading(state, seat, legal, look)
