"""The Awoken engine: one or two players against the Ancients (wildlands.md §10, §13, §15).

A thin object over the Awoken rule modules, sharing the Wildlands board, cards, combat and
Foreign Lands code. The Ancients' turn is resolved inside ``apply``: ``to_act`` only ever
names the players' seats, and the engine stops only where the rulebook hands a choice to
them. It keeps no per-game state on ``self``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from engines.core.errors import BadOptions, CorruptRecord
from engines.core.protocol import Event, Outcome, Seat, SeatId, Step, View
from engines.wildlands.actions import Defend
from engines.wildlands.awoken import describe, hidden, rules
from engines.wildlands.awoken.actions import decode_action, encode_action
from engines.wildlands.awoken.damage import best_card, crystals_carried
from engines.wildlands.awoken.options import AwokenOptions
from engines.wildlands.awoken.setup import new_game
from engines.wildlands.awoken.state import AwokenState
from engines.wildlands.awoken.view import build_view


class AwokenEngine:
    name: ClassVar[str] = "awoken"
    title: ClassVar[str] = "Wildlands: The Awoken"
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 2
    options_model: ClassVar[type[BaseModel]] = AwokenOptions
    max_decisions: ClassVar[int] = 10_000

    def setup(self, seats: Sequence[Seat], options: BaseModel, seed: int) -> AwokenState:
        if not isinstance(options, AwokenOptions):
            raise BadOptions("The Awoken needs Awoken options.")
        return new_game(seats, options, seed)

    def to_act(self, s: AwokenState) -> frozenset[SeatId]:
        return s.asked()

    def legal_actions(self, s: AwokenState, seat: SeatId) -> Sequence[Any]:
        return list(rules.legal_actions(s, seat))

    def apply(self, s: AwokenState, seat: SeatId, a: Any) -> Step[AwokenState]:
        n = rules.apply(s, seat, a)
        events = tuple(Event(line.text, to=line.to) for line in n.log)
        return Step(n, events, reveals=n.revealing)

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

    def encode_state(self, s: AwokenState) -> dict[str, Any]:
        return s.model_dump(mode="json")

    def decode_state(self, data: Mapping[str, Any]) -> AwokenState:
        try:
            return AwokenState.model_validate(dict(data))
        except ValidationError as exc:
            raise CorruptRecord(f"That Awoken game record cannot be read: {exc}") from None

    def encode_action(self, a: Any) -> dict[str, Any]:
        return encode_action(a)

    def decode_action(self, data: Mapping[str, Any]) -> Any:
        return decode_action(dict(data))
