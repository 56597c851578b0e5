"""The Awoken engine: one or two players against the Ancients (wildlands.md §10, §13, §15).

A thin object over the Awoken rule modules, sharing the Wildlands board, cards, combat and
Foreign Lands code. The Ancients' turn is resolved inside ``apply``: ``to_act`` only ever
names the players' seats, and the engine stops only where the rulebook hands a choice to
them. It keeps no per-game state on ``self``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.codec import ActionCodec
from engines.core.context import Ctx
from engines.core.engine_base import PydanticEngine
from engines.core.protocol import Outcome, Seat, SeatId, View
from engines.wildlands.actions import Defend
from engines.wildlands.awoken import describe, hidden, rules
from engines.wildlands.awoken.actions import CODEC
from engines.wildlands.awoken.damage import best_card, crystals_carried
from engines.wildlands.awoken.options import AwokenOptions
from engines.wildlands.awoken.setup import new_game
from engines.wildlands.awoken.state import AwokenState
from engines.wildlands.awoken.view import build_view


class AwokenEngine(PydanticEngine[AwokenState, Any]):
    name: ClassVar[str] = "awoken"
    title: ClassVar[str] = "Wildlands: The Awoken"
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 2
    options_model: ClassVar[type[BaseModel]] = AwokenOptions
    max_decisions: ClassVar[int] = 10_000
    state_model: ClassVar[type[BaseModel]] = AwokenState
    codec: ClassVar[ActionCodec] = CODEC

    def new_game(self, seats: Sequence[Seat], options: Any, seed: int) -> AwokenState:
        return new_game(seats, options, seed)

    def to_act(self, s: AwokenState) -> frozenset[SeatId]:
        return s.asked_now()

    def legal_actions(self, s: AwokenState, seat: SeatId) -> Sequence[Any]:
        return rules.legal_actions(s, seat)

    def resolve(self, s: AwokenState, seat: SeatId, a: Any, ctx: Ctx) -> None:
        rules.resolve(s, seat, a, ctx)

    def not_asked(self, s: AwokenState, seat: SeatId, asked: frozenset[SeatId]) -> str:
        return rules.not_yours(s, seat)

    def refusal(self, s: AwokenState, seat: SeatId, a: Any) -> str:
        return rules.refusal(s, seat, a)

    def view(self, s: AwokenState, viewer: SeatId | None) -> View:
        return s.memo(("view", viewer), lambda: build_view(s, viewer))

    def outcome(self, s: AwokenState) -> Outcome | None:
        if s.phase != "over":
            return None
        crystals = float(crystals_carried(s))
        return Outcome(
            winners=frozenset(s.winners),
            scores={p.seat: crystals for p in s.seats},
            summary=s.summary,
        )

    def describe(self, a: Any, s: AwokenState) -> str:
        return describe.describe(a, s)

    def group(self, a: Any, s: AwokenState) -> str:
        return describe.group(a)

    def default_action(self, s: AwokenState, seat: SeatId) -> Any | None:
        """The timeout answer (§8.1): pass a window, defend per timeout_defence, otherwise
        the first option in canonical order (done, decline, the first character)."""
        legal = rules.legal_actions(s, seat)
        if not legal:
            return None
        p = s.pending
        if p is not None and p.kind == "defence" and p.hit is not None:
            best = best_card(s, p.hit) if s.options.timeout_defence == "best" else None
            return Defend(card=best)
        return legal[0]

    def private_items(self, s: AwokenState, seat: SeatId) -> frozenset[str]:
        return hidden.private_items(s, seat)

    def determinize(self, s: AwokenState, seat: SeatId, rng_seed: int) -> AwokenState:
        return hidden.determinize(s, seat, rng_seed)
