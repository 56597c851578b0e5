"""The competitive Wildlands engine for 2-4 players (wildlands.md §0-§9, §13, §15).

A thin object over the rule modules: setup (§4), turns and reveals (§5), actions (§6),
defence and scoring (§7), interrupts and pending decisions (§8), game end (§9) and the
Foreign Lands boards (§13). It keeps no per-game state on ``self``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.codec import ActionCodec
from engines.core.context import Ctx
from engines.core.engine_base import PydanticEngine
from engines.core.protocol import Outcome, Seat, SeatId, View
from engines.wildlands import actions, describe, hidden, rules
from engines.wildlands.cards import faction
from engines.wildlands.combat import best_defence
from engines.wildlands.explain import explain, not_your_decision
from engines.wildlands.options import WildlandsOptions
from engines.wildlands.setup import new_game
from engines.wildlands.state import State
from engines.wildlands.view import build_view


class WildlandsEngine(PydanticEngine[State, Any]):
    name: ClassVar[str] = "wildlands"
    title: ClassVar[str] = "Wildlands"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = WildlandsOptions
    max_decisions: ClassVar[int] = 10_000
    state_model: ClassVar[type[BaseModel]] = State
    codec: ClassVar[ActionCodec] = actions.CODEC

    def new_game(self, seats: Sequence[Seat], options: Any, seed: int) -> State:
        return new_game(seats, options, seed)

    def to_act(self, s: State) -> frozenset[SeatId]:
        return s.asked_now()

    def legal_actions(self, s: State, seat: SeatId) -> Sequence[Any]:
        return rules.legal_actions(s, seat)

    def resolve(self, s: State, seat: SeatId, a: Any, ctx: Ctx) -> None:
        rules.resolve(s, seat, a, ctx)

    def not_asked(self, s: State, seat: SeatId, asked: frozenset[SeatId]) -> str:
        return not_your_decision(s, seat)

    def refusal(self, s: State, seat: SeatId, a: Any) -> str:
        return explain(s, seat, a)

    def view(self, s: State, viewer: SeatId | None) -> View:
        return s.memo(("view", viewer), lambda: build_view(s, viewer))

    def outcome(self, s: State) -> Outcome | None:
        if s.phase != "over":
            return None
        return Outcome(
            winners=frozenset(s.winners),
            scores={p.seat: float(p.score) for p in s.seats},
            summary=s.summary,
            sides={p.seat: faction(p.faction).name for p in s.seats},
        )

    def describe(self, a: Any, s: State) -> str:
        return describe.describe(a, s)

    def group(self, a: Any, s: State) -> str:
        return describe.group(a)

    def default_action(self, s: State, seat: SeatId) -> Any | None:
        """The timeout answer (§8.1): pass a window, defend per timeout_defence, otherwise
        the first option in canonical order (end turn, done, decline, lowest reveal)."""
        legal = rules.legal_actions(s, seat)
        if not legal:
            return None
        p = s.pending
        if p is not None and p.kind == "defence" and p.hit is not None:
            best = best_defence(s, p.hit) if s.options.timeout_defence == "best" else None
            return actions.Defend(card=best)
        return legal[0]

    def private_items(self, s: State, seat: SeatId) -> frozenset[str]:
        return hidden.private_items(s, seat)

    def determinize(self, s: State, seat: SeatId, rng_seed: int) -> State:
        return hidden.determinize(s, seat, rng_seed)
