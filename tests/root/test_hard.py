"""Root's hard AI (issue 32, ``engines.root.hard``): the normal AI's plans at a wider budget
(what each step tries, and on which worlds), with whole-turn lines at the decisions that
shape its turn, each line played through the rival's next turn (that turn by the quick
rival policy) and judged by the VP lead and the faction's value it gained; never how often
it wins (README)."""

from __future__ import annotations

from typing import Any

import pytest

from engines import registry
from engines.core.protocol import Engine, Seat, SeatId
from engines.core.rng import Rng
from engines.root import ai_search
from engines.root.actions import AnyAction
from engines.root.ai import RootAI
from engines.root.ai_marquise import TRIES, WIDTH, value
from engines.root.ai_search import PLAIN, Budget, bias, phase_plan, risky
from engines.root.engine import RootEngine
from engines.root.hard import WIDE, QuickRootAI, RootHard
from engines.root.options import RootOptions
from engines.root.state import State

E = RootEngine()


class Tried(RootHard):
    """Records the moves whose lines it plays and where each line ended."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tried: list[Any] = []
        self.ends: list[State] = []

    def _line(
        self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int, move: Any, rng: Rng
    ) -> float:
        self.tried.append(move)
        return super()._line(engine, world, seat, seats, move, rng)

    def judge_from(self, engine: Engine[Any, Any], start: State, end: State, seat: SeatId) -> float:
        self.ends.append(end)
        return super().judge_from(engine, start, end, seat)


class Recorder:
    """A policy that plays ``policy`` and records the seats and turns it decided in."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.turns: list[tuple[SeatId, SeatId]] = []

    def choose(self, engine: Engine[Any, Any], state: State, seat: SeatId, rng: Rng) -> Any:
        self.turns.append((seat, state.turn.active))
        return self.policy.choose(engine, state, seat, rng)


def until(s: State, done: Any) -> State:
    """Play the normal AI for every seat from ``s`` until ``done(s)``."""
    ai, rng = RootAI(), Rng(5)
    for _ in range(500):
        if done(s):
            return s
        seat = min(E.to_act(s))
        s = E.apply(s, seat, ai.choose(E, s, seat, rng)).state
    raise AssertionError("never reached")


def marquise_daylight(factions: tuple[str, ...] = ("marquise", "eyrie"), more: int = 3) -> State:
    seats = [Seat(i, "ABCD"[i]) for i in range(len(factions))]
    s = E.setup(seats, RootOptions(factions=list(factions)), 4)
    return until(
        s,
        lambda t: (
            t.turn.active == 0
            and t.turn.step == "m_main"
            and not t.pending
            and len(E.legal_actions(t, 0)) > more
        ),
    )


def test_it_plays_the_normal_move_where_the_turn_is_not_shaped() -> None:
    """The rival's windows and the seat's own answers to them are the normal AI's."""
    s = E.setup([Seat(0, "A"), Seat(1, "B")], RootOptions(factions=["marquise", "eyrie"]), 4)
    s = until(s, lambda t: t.turn.active == 1 and t.turn.round > 1 and min(E.to_act(t)) == 0)
    hard = Tried()
    assert hard.choose(E, s, 0, Rng(2)) == RootAI().choose(E, s, 0, Rng(2))
    assert hard.choose(E, s, 0, Rng(2)) == RootAI(WIDE).choose(E, s, 0, Rng(2))
    assert hard.tried == []


def test_it_tries_the_wide_plan_s_move_and_the_next_best_by_value() -> None:
    s = marquise_daylight()
    hard = Tried(worlds=1, width=3)
    hard.choose(E, s, 0, Rng(1))
    assert hard.tried[0] == RootAI(WIDE).choose(E, s, 0, Rng(1))
    assert len(hard.tried) == 3 and len(set(map(repr, hard.tried))) == 3


def test_a_line_runs_through_the_rival_s_next_turn() -> None:
    s = marquise_daylight()
    hard = Tried(worlds=2, width=2)
    hard.choose(E, s, 0, Rng(1))
    assert len(hard.ends) == 4
    for end in hard.ends:
        # Back at the seat's own next turn, unless the game ended on the way.
        assert end.winners or (end.turn.active == 0 and end.turn.round == s.turn.round + 1)


def test_with_more_seats_a_line_ends_after_the_next_seat_s_turn() -> None:
    s = marquise_daylight(("marquise", "eyrie", "alliance", "vagabond"))
    hard = Tried(worlds=1, width=2)
    hard.choose(E, s, 0, Rng(1))
    after_next = s.order[(s.order.index(0) + 2) % 4]
    assert len(hard.ends) == 2
    assert all(end.winners or end.turn.active == after_next for end in hard.ends)


def test_a_line_is_judged_by_the_vp_lead_and_value_it_gained() -> None:
    s = marquise_daylight()
    hard = RootHard()
    ahead, behind, won = E.copy(s), E.copy(s), E.copy(s)
    ahead.players[0].vp += 3
    behind.players[1].vp += 3
    won.winners = [0]
    assert hard.judge_from(E, s, s, 0) == 0.0
    assert 0.0 < hard.judge_from(E, s, ahead, 0) < 1.0
    assert -1.0 < hard.judge_from(E, s, behind, 0) < 0.0
    assert hard.judge_from(E, s, won, 0) == 1.0


def test_the_rival_s_turn_in_a_line_is_played_by_the_rival_policy() -> None:
    s = marquise_daylight()
    hard = RootHard(worlds=1, width=2, rival=Recorder(QuickRootAI()))
    own = Recorder(RootAI())
    hard.lines = own
    hard.choose(E, s, 0, Rng(1))
    assert hard.rival.turns and own.turns
    # The rival's turn is the rival policy's alone; the seat's own turn (the rival's
    # answers to its battles included) stays the normal AI's.
    assert all(active == 1 for _, active in hard.rival.turns)
    assert all(active == 0 for _, active in own.turns)


def test_the_quick_rival_plays_a_legal_move_and_never_peeks() -> None:
    s = marquise_daylight()
    other = E.determinize(s, 0, 99)
    assert E.encode_state(other) != E.encode_state(s)
    quick = QuickRootAI()
    move = quick.choose(E, s, 0, Rng(3))
    assert move in E.legal_actions(s, 0)
    assert E.encode_action(move) == E.encode_action(quick.choose(E, other, 0, Rng(3)))


def test_the_look_ahead_never_peeks() -> None:
    """Its lines run on re-deals of what the seat knows: re-dealing the rival's hand and
    the deck changes nothing in its decision."""
    s = marquise_daylight()
    other = E.determinize(s, 0, 99)
    assert E.encode_state(other) != E.encode_state(s)
    hard = RootHard(worlds=2, width=3)
    assert E.encode_action(hard.choose(E, s, 0, Rng(4))) == E.encode_action(
        hard.choose(E, other, 0, Rng(4))
    )


def test_without_value_weight_a_line_is_judged_by_the_vp_lead_alone() -> None:
    s = marquise_daylight()
    hard = RootHard(value_weight=0.0)
    richer = E.copy(s)
    richer.players[0].water += 5  # worth something to her plan, no VP
    assert hard.judge_from(E, s, richer, 0) == 0.0
    assert RootHard().judge_from(E, s, richer, 0) > 0.0


@pytest.fixture(scope="module")
def marquise() -> State:
    """A Marquise Daylight with more actions on offer than the normal budget tries."""
    return marquise_daylight(more=TRIES + 6)


def trials(monkeypatch: pytest.MonkeyPatch, s: State, budget: Budget) -> dict[AnyAction, list[int]]:
    """Each action ``phase_plan`` plays through, with the worlds (by identity) it was played
    on; the roll-outs themselves are skipped (the world is returned as it was)."""
    seen: dict[AnyAction, list[int]] = {}
    widths: set[int] = set()

    def record(engine: Any, s: State, seat: int, rng: Rng, value: Any, **kw: Any) -> State:
        seen.setdefault(kw["first"], []).append(id(s))
        widths.add(kw["width"])
        return s

    monkeypatch.setattr(ai_search, "rollout", record)
    phase_plan(
        E, s, s.turn.active, E.legal_actions(s, s.turn.active), Rng(1), value, TRIES, WIDTH, budget
    )
    assert widths == {WIDTH + budget.width}
    return seen


def test_the_registry_offers_the_look_ahead_over_the_wide_plans() -> None:
    hard = registry.entry("root").policy("ai", "hard")
    assert isinstance(hard, RootHard) and isinstance(hard.base, RootAI)
    assert hard.base.budget == WIDE and hard.lines.budget == PLAIN
    assert registry.entry("root").policy("ai").budget == PLAIN
    assert WIDE.worlds > 1 and WIDE.more(TRIES) > TRIES and WIDE.width > 0


def test_the_normal_budget_tries_a_sample_on_one_world(
    monkeypatch: pytest.MonkeyPatch, marquise: State
) -> None:
    seen, s = trials(monkeypatch, marquise, PLAIN), marquise
    ends = [a for a in E.legal_actions(s, s.turn.active) if bias(a) < 0]
    assert len(seen) == len(ends) + TRIES
    calm = [worlds for a, worlds in seen.items() if not risky(a)]
    assert calm and all(len(w) == 1 for w in calm)
    assert len({w[0] for w in calm}) == 1  # one re-dealt world for every action


def test_the_wide_budget_tries_more_actions_each_on_the_same_worlds(
    monkeypatch: pytest.MonkeyPatch, marquise: State
) -> None:
    seen, s = trials(monkeypatch, marquise, WIDE), marquise
    ends = [a for a in E.legal_actions(s, s.turn.active) if bias(a) < 0]
    others = len(E.legal_actions(s, s.turn.active)) - len(ends)
    assert len(seen) == len(ends) + min(others, WIDE.more(TRIES)) > len(ends) + TRIES
    shared = [w[: WIDE.worlds] for w in seen.values()]
    assert all(len(set(w)) == WIDE.worlds for w in shared)
    assert all(w == shared[0] for w in shared)  # the actions differ only by themselves
    for a, worlds in seen.items():
        # A battle or a blind draw is played on more worlds still, as in the normal AI.
        assert len(worlds) == WIDE.worlds + (2 if risky(a) else 0)
