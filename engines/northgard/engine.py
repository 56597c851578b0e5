"""The Northgard engine: the contract of engines/core/protocol.py over the rules modules.

Every decision is a ``Choose`` of one option code of the pending decision; the rules run as
a stack of tasks (board.run) between decisions. Combat food is asked of both sides at once
and revealed together (§8.2 step 4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from engines.core.codec import ActionCodec
from engines.core.context import Ctx
from engines.core.engine_base import PydanticEngine
from engines.core.protocol import Outcome, Seat, SeatId, View
from engines.core.rng import Rng, seed_from
from engines.core.words import joined, win
from engines.northgard import combat, creatures, effects, explore, movement, year  # noqa: F401
from engines.northgard.board import ANSWERS, run
from engines.northgard.options import NorthgardOptions
from engines.northgard.scoring import tie_break
from engines.northgard.setup import new_state
from engines.northgard.state import State, copied
from engines.northgard.view import make_view


class Choose(BaseModel):
    """Pick one option of the decision on offer, by its code."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["choose"] = "choose"
    code: str


class _Moves(dict[str, Choose]):
    """The move picking each code: moves are frozen, so every state offering the same code
    offers the same object, built once. Looked up by plain indexing, the cheapest way to
    turn a long list of codes into moves."""

    def __missing__(self, code: str) -> Choose:
        if len(self) >= 20_000:  # a bound on memory for a long-lived process
            self.clear()
        move = self[code] = Choose(code=code)
        return move


MOVES = _Moves()


class NorthgardEngine(PydanticEngine[State, Choose]):
    name: ClassVar[str] = "northgard"
    title: ClassVar[str] = "Northgard: Uncharted Lands"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 5
    options_model: ClassVar[type[BaseModel]] = NorthgardOptions
    max_decisions: ClassVar[int] = 6000
    state_model: ClassVar[type[BaseModel]] = State
    codec: ClassVar[ActionCodec] = ActionCodec(Choose, "Northgard")

    def new_game(self, seats: Sequence[Seat], options: Any, seed: int) -> State:
        s = new_state(list(seats), options, seed)
        run(s, Ctx())
        return s

    def to_act(self, s: State) -> frozenset[SeatId]:
        pending = s.pending
        if s.over or pending is None:
            return frozenset()
        if not pending.answers:
            return frozenset(pending.seats)
        return frozenset(k for k in pending.seats if str(k) not in pending.answers)

    def legal_actions(self, s: State, seat: SeatId) -> Sequence[Choose]:
        pending = s.pending
        if s.over or pending is None or seat not in pending.seats:
            return []
        if str(seat) in pending.answers:
            return []
        if pending.kind == "commit":
            food = s.players[seat].food
            return [MOVES[o] for o in pending.options if int(o.split(":")[1]) <= food]
        return list(map(MOVES.__getitem__, pending.options))

    def resolve(self, s: State, seat: SeatId, a: Choose, ctx: Ctx) -> None:
        assert s.pending is not None
        ANSWERS[s.pending.kind](s, seat, a.code, ctx)
        run(s, ctx)

    def is_over(self, s: State) -> bool:
        return s.over

    def copy(self, s: State) -> State:
        return copied(s)

    def view(self, s: State, viewer: SeatId | None) -> View:
        return make_view(s, viewer)

    def outcome(self, s: State) -> Outcome | None:
        if not s.over:
            return None
        scores = {k: float(v) for k, v in enumerate(s.final_scores)}
        said = win([s.players[k].name for k in s.winners]) + "."
        tie = tie_break(s) if s.final_scores else ""
        return Outcome(frozenset(s.winners), scores, f"{said} {tie}" if tie else said)

    def describe(self, a: Choose, s: State) -> str:
        """The move's label on offer; a move not on offer has no words (its code is the
        engine's), so the refusal names none."""
        if s.pending is not None and a.code in s.pending.options:
            return s.pending.labels[s.pending.options.index(a.code)]
        raise LookupError(a.code)

    def group(self, a: Choose, s: State) -> str:
        head = a.code.split(":", 1)[0]
        return {
            "play": "Play",
            "wait": "Wait",
            "replace": "Replace",
            "remove": "Remove",
            "improve": "Improve",
            "pass": "Pass",
        }.get(head, "Choose")

    def default_action(self, s: State, seat: SeatId) -> Choose | None:
        legal = self.legal_actions(s, seat)
        return legal[0] if legal else None

    def waiting_words(self, s: State, seats: frozenset[SeatId]) -> str:
        return joined([s.players[k].name for k in sorted(seats)])

    def private_items(self, s: State, seat: SeatId) -> frozenset[str]:
        p = s.players[seat]
        return frozenset(p.hand) | frozenset(p.achievements)

    def determinize(self, s: State, seat: SeatId, rng_seed: int) -> State:
        """Re-deal what ``seat`` cannot see: other hands and every deck and pile order, the
        hidden achievements, another side's food commitment."""
        t = self.copy(s)
        rng = Rng(seed_from(rng_seed, seat))
        for k in range(t.n()):
            p = t.player_to_change(k)
            if k == seat:
                p.deck = tuple(rng.shuffled(sorted(p.deck)))
                continue
            pool = tuple(rng.shuffled(sorted((*p.hand, *p.deck))))
            p.hand, p.deck = pool[: len(p.hand)], pool[len(p.hand) :]
        hidden = sorted(
            (
                *t.achievements_aside,
                *(a for k, p in enumerate(t.players) if k != seat for a in p.achievements),
            )
        )
        dealt = tuple(rng.shuffled(hidden))
        t.achievements_aside, dealt = (
            dealt[: len(t.achievements_aside)],
            dealt[len(t.achievements_aside) :],
        )
        for k in range(t.n()):
            if k != seat:
                p = t.player_to_change(k)
                p.achievements, dealt = (
                    dealt[: len(p.achievements)],
                    dealt[len(p.achievements) :],
                )
        t.dev_deck = tuple(rng.shuffled(sorted(t.dev_deck)))
        t.map_pile = tuple(rng.shuffled(sorted(t.map_pile)))
        t.creature_pile = tuple(rng.shuffled(sorted(t.creature_pile)))
        t.rng = rng.next_u64()
        t.dice_script = ()
        if t.pending is not None:
            answers = {k: v for k, v in t.pending.answers.items() if k == str(seat)}
            t.pending = t.pending.model_copy(update={"answers": answers})
            if t.pending.kind == "action" and seat not in t.pending.seats:
                from engines.northgard.year import action_options

                other = t.pending.seats[0]
                play_only = all(o.startswith("play:") for o in t.pending.options)
                opts = [
                    o for o in action_options(t, other) if o[0].startswith("play:") or not play_only
                ]
                t.pending = t.pending.model_copy(
                    update={
                        "options": tuple(o for o, _ in opts),
                        "labels": tuple(b for _, b in opts),
                    }
                )
        return t
