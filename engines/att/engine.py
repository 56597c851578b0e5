"""``AttEngine``: Ancient Terrible Things behind the engine contract
(engines/core/protocol.py; reference as a whole)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from engines.att import flow
from engines.att.actions import (
    ACTION_TYPES,
    Action,
    ChooseFirst,
    DeclineDesperateAct,
    EndEncounter,
    LeaveTradingPost,
    Roll,
    SkipLocationAction,
    decode_action,
    encode_action,
)
from engines.att.context import Ctx
from engines.att.describe import describe, group
from engines.att.determinize import determinize
from engines.att.locations import explore_options
from engines.att.options import AttOptions
from engines.att.setup import setup
from engines.att.state import AttState, clone
from engines.att.view import PHASE_WORDS, view
from engines.core.errors import BadOptions, CorruptRecord, IllegalAction
from engines.core.protocol import Outcome, Seat, SeatId, Step, View


class AttEngine:
    name: ClassVar[str] = "att"
    title: ClassVar[str] = "Ancient Terrible Things"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = AttOptions
    # Random play takes at most about 175 decisions on the longest table (4 seats, double
    # hourglass, bench/att_engine.py); a hoard of Treasure or Feat cards can stretch a turn,
    # so the bound leaves ample headroom.
    max_decisions: ClassVar[int] = 3_000

    def setup(self, seats: Sequence[Seat], options: BaseModel, seed: int) -> AttState:
        try:
            opts = (
                options
                if isinstance(options, AttOptions)
                else AttOptions.model_validate(options.model_dump())
            )
        except ValidationError as exc:
            problem = exc.errors()[0]["msg"]
            raise BadOptions(
                f"Those options don't fit Ancient Terrible Things: {problem}."
            ) from None
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise BadOptions("Ancient Terrible Things is played by 2 to 4 players.")
        try:
            state, ctx = setup(seats, opts, seed)
        except ValueError as exc:
            raise BadOptions(f"Those options don't fit Ancient Terrible Things: {exc}.") from None
        flow.start_round(state, ctx)
        return state

    def to_act(self, s: AttState) -> frozenset[SeatId]:
        return flow.to_act(s)

    def legal_actions(self, s: AttState, seat: SeatId) -> Sequence[Action]:
        return flow.legal(s, seat)

    def apply(self, s: AttState, seat: SeatId, a: Action) -> Step[AttState]:
        if s.phase == "over":
            raise IllegalAction("The game is over, so no more moves can be made.")
        if not isinstance(a, ACTION_TYPES):
            raise IllegalAction("That is not a move in Ancient Terrible Things.")
        asked = flow.to_act(s)
        if seat not in asked:
            waiting = " and ".join(s.name(k) for k in sorted(asked))
            raise IllegalAction(f"It is not your move: the game is waiting for {waiting}.")
        if a not in flow.legal(s, seat):
            raise IllegalAction(
                f'You can\'t do that now ("{describe(a, s)}"): it is the '
                f"{PHASE_WORDS[s.phase]} step, so pick one of the moves on offer."
            )
        t = clone(s)
        ctx = Ctx()
        flow.apply(t, ctx, a)
        return Step(t, tuple(ctx.events), ctx.reveals)

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
        """The rules' choice on timeout: the holder goes first, the lowest active Location,
        skip, decline, roll, then stop; leave the Trading Post."""
        if seat not in flow.to_act(s):
            return None
        if s.phase == "choose_first":
            return ChooseFirst(seat=s.map_holder)
        if s.phase == "explore":
            return explore_options(s)[0]
        if s.phase == "location_action":
            return SkipLocationAction()
        if s.phase == "desperation":
            return DeclineDesperateAct()
        if s.phase == "encounter":
            return Roll() if s.dice is not None and not s.dice.rolled else EndEncounter()
        return LeaveTradingPost()

    def private_items(self, s: AttState, seat: SeatId) -> frozenset[str]:
        if not 0 <= seat < len(s.players):
            return frozenset()
        return frozenset(s.players[seat].hand)

    def determinize(self, s: AttState, seat: SeatId, rng_seed: int) -> AttState:
        return determinize(s, seat, rng_seed)

    def encode_state(self, s: AttState) -> dict[str, Any]:
        return s.model_dump(mode="json")

    def decode_state(self, data: Mapping[str, Any]) -> AttState:
        try:
            return AttState.model_validate(dict(data))
        except ValidationError as exc:
            problem = exc.errors()[0]["msg"]
            raise CorruptRecord(
                f"The stored Ancient Terrible Things game could not be read: {problem}."
            ) from None

    def encode_action(self, a: Action) -> dict[str, Any]:
        return encode_action(a)

    def decode_action(self, data: Mapping[str, Any]) -> Action:
        return decode_action(dict(data))
