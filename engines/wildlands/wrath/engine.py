"""The Wrath of the Ancients engine (wildlands.md §11): the base game for 2-4 players, one
of whom plays the Ancients as a faction. The base engine with the Wrath setup, rules, view
and labels in place of the base ones.

The seat count is the base game's (§4): the seed lets "a player use the Ancients to replace
any faction in Wildlands" (WR, opening) and names no other count; more players is War for
the Crystals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.codec import ActionCodec
from engines.core.context import Ctx
from engines.core.protocol import Seat, SeatId, View
from engines.wildlands import actions
from engines.wildlands.combat import best_defence
from engines.wildlands.engine import WildlandsEngine
from engines.wildlands.explain import explain
from engines.wildlands.wrath import describe, rules
from engines.wildlands.wrath.actions import (
    CODEC,
    WRATH_ACTIONS,
    Carry,
    Discard,
    SpecialSkip,
    Spend,
)
from engines.wildlands.wrath.options import WrathOptions
from engines.wildlands.wrath.setup import new_game
from engines.wildlands.wrath.state import WrathState
from engines.wildlands.wrath.view import build_view


class WrathEngine(WildlandsEngine):
    name: ClassVar[str] = "wrath"
    title: ClassVar[str] = "Wildlands: Wrath of the Ancients"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = WrathOptions
    state_model: ClassVar[type[BaseModel]] = WrathState
    codec: ClassVar[ActionCodec] = CODEC

    def new_game(self, seats: Sequence[Seat], options: Any, seed: int) -> WrathState:
        return new_game(seats, options, seed)

    def legal_actions(self, s: Any, seat: SeatId) -> Sequence[Any]:
        return rules.legal_actions(s, seat)

    def resolve(self, s: Any, seat: SeatId, a: Any, ctx: Ctx) -> None:
        rules.resolve(s, seat, a, ctx)

    def refusal(self, s: Any, seat: SeatId, a: Any) -> str:
        if s.special is not None:
            return "Finish the special action first: pick one of the choices it offers."
        if s.carrying is not None:
            return "Choose which Ancient in the space carries the shard first."
        if s.discarding:
            return "First choose a card to discard before drawing, or draw now."
        if isinstance(a, Spend):
            return "That shard cannot be spent now (see the timing limits of Arcane Guardians)."
        if isinstance(a, Carry):
            return "No claimed shard is waiting for a carrier."
        if isinstance(a, (*WRATH_ACTIONS, SpecialSkip)):
            return "No special action is in progress."
        if isinstance(a, Discard):
            return "Cards are discarded only when ending the turn (Desperate Measures)."
        return explain(s, seat, a)

    def view(self, s: Any, viewer: SeatId | None) -> View:
        return s.memo(("view", viewer), lambda: build_view(s, viewer, self.name))

    def describe(self, a: Any, s: Any) -> str:
        return describe.describe(a, s)

    def group(self, a: Any, s: Any) -> str:
        return describe.group(a, s)

    def default_action(self, s: Any, seat: SeatId) -> Any | None:
        legal = rules.legal_actions(s, seat)
        if not legal:
            return None
        p = s.pending
        if p is not None and p.kind == "defence" and p.hit is not None:
            best = best_defence(s, p.hit) if s.options.timeout_defence == "best" else None
            return actions.Defend(card=best)
        return legal[0]
