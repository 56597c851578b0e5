"""``AttEngine``: Ancient Terrible Things behind the engine contract
(engines/core/protocol.py; reference as a whole)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.att import flow
from engines.att.actions import (
    ACTION_TYPES,
    CODEC,
    Action,
)
from engines.att.describe import describe, group
from engines.att.determinize import determinize
from engines.att.options import AttOptions
from engines.att.setup import setup
from engines.att.state import AttState
from engines.att.view import PHASE_WORDS, view
from engines.core.codec import ActionCodec
from engines.core.context import Ctx
from engines.core.engine_base import PydanticEngine
from engines.core.errors import BadOptions
from engines.core.protocol import Outcome, Seat, SeatId, View
from engines.core.words import joined


class AttEngine(PydanticEngine[AttState, Action]):
    name: ClassVar[str] = "att"
    title: ClassVar[str] = "Ancient Terrible Things"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = AttOptions
    # Random play takes at most about 175 decisions on the longest table (4 seats, double
    # hourglass, bench/att_engine.py); a hoard of Treasure or Feat cards can stretch a turn,
    # so the bound leaves ample headroom.
    max_decisions: ClassVar[int] = 3_000
    state_model: ClassVar[type[BaseModel]] = AttState
    codec: ClassVar[ActionCodec] = CODEC

    def new_game(self, seats: Sequence[Seat], options: Any, seed: int) -> AttState:
        try:
            state, ctx = setup(seats, options, seed)
        except ValueError as exc:
            raise BadOptions(f"Those options don't fit Ancient Terrible Things: {exc}.") from None
        if state.phase != "choose_character":
            flow.start_round(state, ctx)
        return state

    def to_act(self, s: AttState) -> frozenset[SeatId]:
        return flow.to_act(s)

    def legal_actions(self, s: AttState, seat: SeatId) -> Sequence[Action]:
        return flow.legal(s, seat)

    def resolve(self, s: AttState, seat: SeatId, a: Action, ctx: Ctx) -> None:
        flow.apply(s, ctx, a)

    def waiting_words(self, s: AttState, seats: frozenset[SeatId]) -> str:
        return joined([s.name(k) for k in sorted(seats)])

    def refusal(self, s: AttState, seat: SeatId, a: Action) -> str:
        if not isinstance(a, ACTION_TYPES):
            return "That is not a move in Ancient Terrible Things."
        return (
            f'You can\'t do that now ("{describe(a, s)}"): it is the '
            f"{PHASE_WORDS[s.phase]} step, so pick one of the moves on offer."
        )

    def view(self, s: AttState, viewer: SeatId | None) -> View:
        return view(s, viewer)

    def outcome(self, s: AttState) -> Outcome | None:
        if s.result is None:
            return None
        return Outcome(
            winners=frozenset(s.result.winners),
            scores={int(k): v for k, v in s.result.scores.items()},
            summary=s.result.summary,
        )

    def describe(self, a: Action, s: AttState) -> str:
        return describe(a, s)

    def group(self, a: Action, s: AttState) -> str:
        return group(a)

    def default_action(self, s: AttState, seat: SeatId) -> Action | None:
        """The rules' choice on timeout: the first character left, the holder goes first,
        the lowest active Location, skip, decline, roll, then stop; leave the Trading Post."""
        if seat not in flow.to_act(s):
            return None
        return flow.timeout_move(s)

    def private_items(self, s: AttState, seat: SeatId) -> frozenset[str]:
        if not 0 <= seat < len(s.players):
            return frozenset()
        return frozenset(s.players[seat].hand)

    def determinize(self, s: AttState, seat: SeatId, rng_seed: int) -> AttState:
        return determinize(s, seat, rng_seed)
