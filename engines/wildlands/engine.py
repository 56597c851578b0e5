"""The competitive Wildlands engine for 2-4 players (wildlands.md §0-§9, §13, §15).

A thin object over the rule modules: setup (§4), turns and reveals (§5), actions (§6),
defence and scoring (§7), interrupts and pending decisions (§8), game end (§9) and the
Foreign Lands boards (§13). It keeps no per-game state on ``self``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from engines.core.errors import BadOptions, CorruptRecord
from engines.core.protocol import Event, Outcome, Seat, SeatId, Step, View
from engines.wildlands import actions, describe, hidden, rules
from engines.wildlands.combat import best_defence
from engines.wildlands.options import WildlandsOptions
from engines.wildlands.setup import new_game
from engines.wildlands.state import State
from engines.wildlands.view import build_view


class WildlandsEngine:
    name: ClassVar[str] = "wildlands"
    title: ClassVar[str] = "Wildlands"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = WildlandsOptions
    max_decisions: ClassVar[int] = 10_000

    def setup(self, seats: Sequence[Seat], options: BaseModel, seed: int) -> State:
        if not isinstance(options, WildlandsOptions):
            raise BadOptions("Wildlands needs Wildlands options.")
        return new_game(seats, options, seed)

    def to_act(self, s: State) -> frozenset[SeatId]:
        return s.asked()

    def legal_actions(self, s: State, seat: SeatId) -> Sequence[Any]:
        return list(rules.legal_actions(s, seat))

    def apply(self, s: State, seat: SeatId, a: Any) -> Step[State]:
        n = rules.apply(s, seat, a)
        events = tuple(Event(line.text, to=line.to) for line in n.log)
        return Step(n, events, reveals=n.revealing)

    def view(self, s: State, viewer: SeatId | None) -> View:
        return s.memo(("view", viewer), lambda: build_view(s, viewer))

    def outcome(self, s: State) -> Outcome | None:
        if s.phase != "over":
            return None
        return Outcome(
            winners=frozenset(s.winners),
            scores={p.seat: float(p.score) for p in s.seats},
            summary=s.summary,
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

    def encode_state(self, s: State) -> dict[str, Any]:
        return s.model_dump(mode="json")

    def decode_state(self, data: Mapping[str, Any]) -> State:
        try:
            return State.model_validate(dict(data))
        except ValidationError as exc:
            raise CorruptRecord(f"That Wildlands game record cannot be read: {exc}") from None

    def encode_action(self, a: Any) -> dict[str, Any]:
        return actions.encode_action(a)

    def decode_action(self, data: Mapping[str, Any]) -> Any:
        return actions.decode_action(dict(data))
