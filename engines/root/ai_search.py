"""Search tools shared by the Root AI plans (issue 13 "AI seats"; root.md §1 decisions).

Every look-ahead here runs on a world the deciding seat has re-dealt with
``engine.determinize`` (other hands, supporters, the deck and the future dice), so a plan
never profits from what its seat cannot see. ``simulate`` resolves an action the way
``engine.apply`` does without re-checking that it is legal (it came from
``legal_actions``), which halves the cost of a look-ahead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core.context import Ctx
from engines.core.engine_base import PydanticEngine
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.root.actions import AnyAction, Fight, Pick
from engines.root.board import ruler
from engines.root.coalition import in_coalition_as_vagabond, partner_of
from engines.root.state import HAND_WINDOWS, OWNER, State

Value = Callable[[State, SeatId], float]


@dataclass(frozen=True)
class Budget:
    """How widely a plan searches its steps: the normal AI's sizes (``PLAIN``), or the hard
    AI's (issue 32 "difficulty"), which tries more of the actions on offer and plays each on
    several re-dealt worlds, the same ones for every action so that they differ only by the
    action."""

    worlds: int = 1  # the re-dealt worlds every action of a step is played through on
    tries: float = 1.0  # times the plan's own number of actions tried at a step
    width: int = 0  # added to the roll-out's greedy step (the actions it samples)

    def more(self, n: int) -> int:
        """``n`` actions to try, at this budget."""
        return round(n * self.tries)


PLAIN = Budget()
# A fast choice for the deciding seat inside a roll-out: None lets the roll-out decide.
Chooser = Callable[[State, Sequence[AnyAction]], AnyAction | None]
# The actions a plan will consider at all among the legal ones (never none of them).
Prune = Callable[[State, Sequence[AnyAction]], Sequence[AnyAction]]


def simulate(engine: Engine[Any, Any], s: State, seat: SeatId, a: AnyAction) -> State:
    """The state after ``seat`` plays ``a``, past any window it opens for a rival (the
    rival declining): a battle is judged by its hits, not stopped at the defender's
    ambush window."""
    if isinstance(engine, PydanticEngine):
        t: State = engine.copy(s)
        engine.resolve(t, seat, a, Ctx())
    else:
        t = engine.apply(s, seat, a).state
    # A rival's window opens whatever the rival holds: the move is judged past it, the
    # rival declining (its first answer).
    while t.pending and t.pending[0].kind in HAND_WINDOWS and t.pending[0].seat != seat:
        rival = t.pending[0].seat
        t = engine.apply(t, rival, engine.legal_actions(t, rival)[0]).state
    return t


def base_value(s: State, seat: SeatId, rival_weight: float = 4.0) -> float:
    """The race every faction runs: its score against the best rival's (first to 30 VP or
    the leader at the round limit wins), the clearings it rules, its WATER and cards, less
    the rivals' scoring pieces on the map (buildings and tokens score them every turn)."""
    me = s.players[seat]
    if s.winners:
        return 1e6 if seat in s.winners else -1e6
    # In a coalition (L9.2.8) the partners race together: the Vagabond's score is his
    # partner's, and neither is the other's rival.
    partner = partner_of(s, me)
    side = {me.faction} | ({partner.faction} if partner else set())
    score = partner.vp if partner and in_coalition_as_vagabond(s, me) else me.vp
    rival = max((p.vp for p in s.players if p.faction not in side), default=0)
    ruled = sum(1 for c in s.clearings if ruler(s, c.id) == me.faction)
    v = (
        10.0 * score
        - rival_weight * rival
        + 1.2 * ruled
        + 1.5 * me.water
        + 0.8 * min(len(me.hand), 5)
    )
    v -= 2.5 * sum(
        1
        for c in s.clearings
        for x in [*c.buildings, *c.tokens]
        if x not in ("ruin", "wood") and OWNER.get(x) not in side
    )
    return v


def bias(a: AnyAction) -> float:
    """Small tie-breaks: act rather than pass, and never idle into the end of a phase."""
    if isinstance(a, Pick) and (a.what.startswith("end_") or a.what.startswith("no_")):
        return -0.3
    return 0.0


def risky(a: AnyAction) -> bool:
    """Actions whose result depends on dice or a hidden draw: tried on several worlds."""
    return isinstance(a, Fight) or (isinstance(a, Pick) and a.what in ("water_ddd", "steal"))


def sample(rng: Rng, xs: Sequence[AnyAction], k: int) -> list[AnyAction]:
    if len(xs) <= k:
        return list(xs)
    return [xs[i] for i in sorted(rng.shuffled(range(len(xs)))[:k])]


def greedy(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    value: Value,
    tries: int,
    samples: int,
    second: int = 0,
) -> AnyAction:
    """The action whose result ``value`` likes best on re-dealt worlds; with ``second`` it
    looks one decision further when that decision is the seat's own too."""

    def look(t: State) -> float:
        if not second or t.winners or engine.to_act(t) != frozenset({seat}):
            return value(t, seat)
        nxt = sample(rng, engine.legal_actions(t, seat), second)
        return max(value(simulate(engine, t, seat, b), seat) + bias(b) for b in nxt)

    best, best_v = legal[0], float("-inf")
    for a in sample(rng, legal, tries):
        n = samples if risky(a) else 1
        total = 0.0
        for _ in range(n):
            world = engine.determinize(s, seat, rng.next_u64())
            total += look(simulate(engine, world, seat, a))
        v = total / n + bias(a)
        if v > best_v:
            best, best_v = a, v
    return best


def rollout(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    rng: Rng,
    value: Value,
    stop: Callable[[State], bool],
    choose: Chooser,
    limit: int = 40,
    width: int = 6,
    first: AnyAction | None = None,
    prune: Prune | None = None,
) -> State:
    """Play on from ``s`` until ``stop``: the seat by ``choose`` or else a narrow greedy
    step (``width`` sampled actions), every other seat by its first legal action (declining
    its ambush or window, the cheapest answer a rival owes). ``first`` is the seat's action
    under trial, taken before all else; ``prune`` narrows the seat's own options."""
    if first is not None:
        s = simulate(engine, s, seat, first)
    for _ in range(limit):
        if s.winners or stop(s):
            break
        who = min(engine.to_act(s))
        legal = engine.legal_actions(s, who)
        if not legal:
            break
        if who == seat and prune is not None:
            legal = prune(s, legal)
        if who != seat or len(legal) == 1:
            a = legal[0]
        else:
            a = choose(s, legal) or max(
                sample(rng, legal, width),
                key=lambda b: value(simulate(engine, s, seat, b), seat) + bias(b),
            )
        s = simulate(engine, s, who, a)
    return s


def best_by_rollout(
    engine: Engine[Any, Any],
    world: State,
    seat: SeatId,
    tries: Sequence[AnyAction],
    rng: Rng,
    value: Value,
    stop: Callable[[State], bool],
    choose: Chooser,
    width: int,
    samples: int = 1,
    plain: int = 1,
    prune: Prune | None = None,
    budget: Budget = PLAIN,
) -> AnyAction:
    """The action under trial whose roll-out (on one re-dealt ``world``, the same for every
    trial so that they differ only by the action; on ``budget.worlds`` such worlds) ends in
    the position ``value`` likes best. A battle or a blind draw is also played on
    ``samples - 1`` other worlds, any other action on ``plain - 1``."""
    best, best_v = tries[0], float("-inf")
    shared = [world]
    shared += [engine.determinize(world, seat, rng.next_u64()) for _ in range(budget.worlds - 1)]
    for a in tries:
        extra = (samples if risky(a) else plain) - 1
        worlds = [*shared, *(engine.determinize(world, seat, rng.next_u64()) for _ in range(extra))]
        total = 0.0
        for w in worlds:
            end = rollout(
                engine,
                w,
                seat,
                rng,
                value,
                stop=stop,
                choose=choose,
                width=width + budget.width,
                first=a,
                prune=prune,
            )
            total += value(end, seat)
        v = total / len(worlds) + bias(a)
        if v > best_v:
            best, best_v = a, v
    return best


def phase_plan(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    value: Value,
    tries: int,
    width: int,
    budget: Budget,
) -> AnyAction:
    """Try a sample of ``legal`` (passing always among them) by playing the rest of the
    current step of the turn through greedily on re-dealt worlds (``budget``)."""
    ends = [a for a in legal if bias(a) < 0]
    trial = ends + sample(rng, [a for a in legal if a not in ends], budget.more(tries))
    world = engine.determinize(s, seat, rng.next_u64())
    step, active = s.turn.step, s.turn.active
    return best_by_rollout(
        engine,
        world,
        seat,
        trial,
        rng,
        value,
        stop=lambda t: t.turn.step != step or t.turn.active != active,
        choose=lambda t, xs: None,
        width=width,
        samples=3,
        budget=budget,
    )
