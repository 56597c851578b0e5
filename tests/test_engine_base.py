"""The shared engine base: guards, copying, codec and JSON round trips
(engines/core/engine_base.py, engines/core/clone.py, engines/core/context.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from engines.core.clone import clone
from engines.core.codec import ActionCodec
from engines.core.conformance import check_random_game
from engines.core.context import Ctx
from engines.core.engine_base import PydanticEngine
from engines.core.errors import BadOptions, CorruptRecord, IllegalAction
from engines.core.protocol import Outcome, Seat, SeatId, View
from engines.core.rulings import RuledOptions


class Opts(BaseModel):
    model_config = ConfigDict(frozen=True)
    target: int = 3


class Pile(BaseModel):
    counts: dict[str, list[int]] = {}


class CountState(BaseModel):
    turn: int = 0
    totals: list[int]
    piles: list[Pile] = []
    options: Opts
    rng: int = 1


class Add(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["add"] = "add"
    n: int


class CountEngine(PydanticEngine[CountState, Add]):
    """Players take turns adding 1 or 2; the first to reach the target wins."""

    name: ClassVar[str] = "count"
    title: ClassVar[str] = "Count"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 3
    options_model: ClassVar[type[BaseModel]] = Opts
    max_decisions: ClassVar[int] = 100
    state_model: ClassVar[type[BaseModel]] = CountState
    codec: ClassVar[ActionCodec] = ActionCodec(Add, "Count")

    def new_game(self, seats: Sequence[Seat], options: Any, seed: int) -> CountState:
        return CountState(totals=[0] * len(seats), options=options, rng=seed, piles=[Pile()])

    def to_act(self, s: CountState) -> frozenset[SeatId]:
        if self.outcome(s) is not None:
            return frozenset()
        return frozenset({s.turn % len(s.totals)})

    def legal_actions(self, s: CountState, seat: SeatId) -> Sequence[Add]:
        return [Add(n=1), Add(n=2)] if seat in self.to_act(s) else []

    def resolve(self, s: CountState, seat: SeatId, a: Add, ctx: Ctx) -> None:
        s.totals[seat] += a.n
        s.piles[0].counts.setdefault("adds", []).append(a.n)
        with ctx.rng(s) as rng:
            rng.below(6)
        ctx.say(f"Seat {seat + 1} adds {a.n}.")
        s.turn += 1

    def view(self, s: CountState, viewer: SeatId | None) -> View:
        return View(viewer, "Count", {"totals": s.totals}, str(s.totals))

    def outcome(self, s: CountState) -> Outcome | None:
        winners = [k for k, t in enumerate(s.totals) if t >= s.options.target]
        return Outcome(frozenset(winners)) if winners else None

    def describe(self, a: Add, s: CountState) -> str:
        return f"add {a.n}"


SEATS = [Seat(0, "ann"), Seat(1, "bob")]


def test_apply_copies_and_reports_events_and_reveals() -> None:
    e = CountEngine()
    s = e.setup(SEATS, Opts(), seed=5)
    step = e.apply(s, 0, Add(n=2))
    assert s.totals == [0, 0] and s.piles[0].counts == {}
    assert step.state.totals == [2, 0]
    assert [ev.text for ev in step.events] == ["Seat 1 adds 2."]
    assert step.reveals and step.state.rng != s.rng


def test_guards_refuse_with_sentences_and_leave_state() -> None:
    e = CountEngine()
    s = e.setup(SEATS, Opts(), seed=5)
    with pytest.raises(IllegalAction, match="waiting for seat 1"):
        e.apply(s, 1, Add(n=1))
    with pytest.raises(IllegalAction, match="add 5"):
        e.apply(s, 0, Add(n=5))
    over = e.apply(e.apply(s, 0, Add(n=2)).state, 1, Add(n=2)).state
    over = e.apply(over, 0, Add(n=1)).state
    with pytest.raises(IllegalAction, match="over"):
        e.apply(over, 1, Add(n=1))
    assert s.totals == [0, 0]


class CountingEngine(CountEngine):
    """Counts its calls of ``legal_actions``."""

    calls = 0

    def legal_actions(self, s: CountState, seat: SeatId) -> Sequence[Add]:
        CountingEngine.calls += 1
        return super().legal_actions(s, seat)


def test_a_move_just_offered_is_applied_without_working_the_moves_out_again() -> None:
    """The common path (the table, the AI, a playout): ask for the moves, apply one of
    them. Anything else (an equal move built anew, a move offered for another state or
    seat) is checked against the moves as before."""
    e = CountingEngine()
    s = e.setup(SEATS, Opts(), seed=5)
    offered = e.legal_actions(s, 0)
    CountingEngine.calls = 0
    e.apply(s, 0, offered[1])
    assert CountingEngine.calls == 0
    e.apply(s, 0, Add(n=2))  # equal, but not the object offered: worked out and checked
    assert CountingEngine.calls == 1
    later = e.apply(s, 0, offered[0]).state
    with pytest.raises(IllegalAction):
        e.apply(later, 0, offered[0])  # offered for the state before: seat 1 moves now
    with pytest.raises(IllegalAction):
        e.apply(s, 0, Add(n=5))


class StaleLabelEngine(CountEngine):
    """Its label of a move reads a list the move may point past (a discarded card's slot)."""

    def describe(self, a: Add, s: CountState) -> str:
        return f"add {a.n} to {['one', 'two'][a.n - 1]}"


def test_a_stale_move_whose_label_is_gone_is_refused_with_a_sentence() -> None:
    """A move no longer on offer gets a sentence, even when its label cannot be worked out
    any more (issue 29: Arcadia's stale "Discard" raised IndexError instead)."""
    e = StaleLabelEngine()
    s = e.setup(SEATS, Opts(), seed=5)
    with pytest.raises(IllegalAction, match="You can't do that now: pick one of the moves"):
        e.apply(s, 0, Add(n=7))


def test_setup_checks_seats_and_options() -> None:
    e = CountEngine()
    with pytest.raises(BadOptions, match="2 to 3 players"):
        e.setup([Seat(0, "solo")], Opts(), 1)

    class Other(BaseModel):
        target: str = "lots"

    with pytest.raises(BadOptions, match="`target` takes a whole number, not `lots`"):
        e.setup(SEATS, Other(), 1)


def test_json_round_trip_and_corrupt_records() -> None:
    e = CountEngine()
    s = e.apply(e.setup(SEATS, Opts(), seed=5), 0, Add(n=1)).state
    assert e.decode_state(e.encode_state(s)) == s
    assert e.decode_action(e.encode_action(Add(n=2))) == Add(n=2)
    with pytest.raises(CorruptRecord, match="Count"):
        e.decode_state({"turn": "x"})
    with pytest.raises(CorruptRecord, match="Count"):
        e.decode_action({"kind": "fly"})


def test_clone_is_deep_for_nested_lists_and_dicts() -> None:
    s = CountState(totals=[1], options=Opts(), piles=[Pile(counts={"a": [1]})])
    t = clone(s)
    t.piles[0].counts["a"].append(2)
    t.totals.append(3)
    assert s.piles[0].counts == {"a": [1]} and s.totals == [1]
    assert t.options is s.options and t == CountState(
        totals=[1, 3], options=Opts(), piles=[Pile(counts={"a": [1, 2]})]
    )


class Token(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str


class Hoard(BaseModel):
    """Every shape the copy plan distinguishes, and one it cannot read (``Any``)."""

    by_seat: dict[int, list[Pile]] = {}
    best: Pile | None = None
    tokens: list[Token] = []
    seen: set[str] = set()
    loose: Any = None
    _cache: dict[str, int] = PrivateAttr(default_factory=dict)
    _dirty: bool = PrivateAttr(default=False)


def test_clone_copies_every_shape_and_shares_only_immutable_parts() -> None:
    h = Hoard(
        by_seat={0: [Pile(counts={"a": [1]})]},
        best=Pile(),
        tokens=[Token(name="x")],
        loose={"k": [Pile()]},
    )
    h._cache["seen"] = 1
    h._dirty = True
    t = clone(h)
    t.by_seat[0][0].counts["a"].append(2)
    assert t.best is not None
    t.best.counts["b"] = [3]
    t.loose["k"][0].counts["c"] = []
    t.seen.add("y")
    assert h.by_seat[0][0].counts == {"a": [1]} and h.best == Pile()
    assert h.loose == {"k": [Pile()]} and h.seen == set()
    assert t.tokens[0] is h.tokens[0] and t.tokens is not h.tokens
    assert t._cache == {} and t._dirty is False and h._cache == {"seen": 1}


def test_conformance_catches_an_apply_that_changes_its_input() -> None:
    class Careless(CountEngine):
        def copy(self, s: CountState) -> CountState:
            return s

    check_random_game(CountEngine(), 2, seed=3)
    with pytest.raises(AssertionError, match="changed the state given"):
        check_random_game(Careless(), 2, seed=3)


def test_conformance_catches_a_query_that_changes_the_state() -> None:
    """The state is encoded once per checked position, before the checks: a re-deal (or a
    view, a move list) that writes into the state it is given is caught too."""

    class Nosy(CountEngine):
        def determinize(self, s: CountState, seat: SeatId, rng_seed: int) -> CountState:
            s.piles[0].counts["peeked"] = [seat]
            return s

    with pytest.raises(AssertionError, match="checks of this position or applying"):
        check_random_game(Nosy(), 2, seed=3)


class Ruled(RuledOptions):
    model_config = ConfigDict(frozen=True, extra="forbid")
    rulings: ClassVar[Mapping[str, object]] = {"seat_order": "clockwise"}
    target: int = 3


def test_rulings_are_fixed_and_never_options() -> None:
    assert list(Ruled.model_fields) == ["target"]
    assert Ruled.model_validate({"seat_order": "clockwise", "target": 4}) == Ruled(target=4)
    with pytest.raises(ValidationError, match="seat_order is a fixed ruling"):
        Ruled.model_validate({"seat_order": "random"})
