"""The hard Root AI (issue 32 "difficulty for every game"; DESIGN.md "AI seats are
policies"): the normal AI's plans searching wider, corrected by a look-ahead over whole
turns at the decisions that shape a turn.

Its own move comes from the normal AI's faction plans (``engines.root.ai``) at the ``WIDE``
budget: at each step a plan tries by playing it through (the Marquise's Daylight, the
Eyrie's Decree, the Alliance's Birdsong, Daylight and operations, the Vagabond's Slip and
Daylight), twice as many of the actions on offer, each played on six re-dealt worlds
instead of one, by roll-outs that sample three more actions at each of their steps.

At a decision of the seat's own turn where its faction's plan chooses, that move and its
next best moves by the faction's value one step on are then each tried in a few re-deals
of what the seat cannot see (``engine.determinize``) and played on through the rest of this
turn, by the normal AI (at its own budget, for every seat), and the next seat's turn, by
``rival`` (default ``QuickRootAI``, the normal AI without its faction plans, whose steps
cost a few simulations each). The end of a line is judged by what it changed: the seat's
VP margin over the best rival (``tanh``) and its faction's value. Every move is tried in the
same re-deals with the same generator seeds (common random numbers), and another move
replaces the plan's only when its mean is clearly better (``margin``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engines.core.ai import LookAhead, Policy, action_key
from engines.core.errors import GameError
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.root.ai import VALUES, RootAI, common_choice, value
from engines.root.ai_coalition import coalition_filter
from engines.root.ai_search import Budget, bias, greedy, sample, simulate
from engines.root.state import State

# The steps of a turn where the faction plans choose (engines.root.ai_<faction>.pick).
SHAPING = frozenset(
    {
        *("m_main", "march"),  # the Marquise's Daylight
        *("decree_add", "e_craft"),  # the Eyrie's Decree and its start
        *("a_birdsong", "a_daylight", "a_ops"),  # the Alliance's whole turn
        *("v_slip", "v_daylight"),  # the Vagabond's Slip and Daylight
    }
)
RANK_TRIES = 40  # moves ranked by the value one step on (a sample beyond this many)
LINE_LIMIT = 400  # decisions a line may take before it is judged where it stands
QUICK_TRIES = 12  # the rival's moves a quick step judges (a sample beyond this many)
# The plans' budget for the seat's own move. Head to head against the normal AI (bench/ai_bench.py
# --difficulty hard --vs normal), the wide plans alone won 86 and 81 of 144 games at seeds 9100
# and 9112 and 156 of 288 at seed 60000 (56.1% of the 576; normal against itself 48.6% of the
# same games), decision p99 about 600 ms; with 10 worlds, 3 times the actions and roll-outs 4
# wider, 78 of the 144 at seed 9100, p99 1.5 s.
WIDE = Budget(worlds=6, tries=2.0, width=3)
# Four re-deals of the plan's move and the next two; another move is taken when its lines
# beat the plan's by 0.2 a re-deal. Over the normal AI's plans alone (tag
# attempt/root-hard-lookahead-2), judged by play-outs to the end (the normal AI for both seats,
# 8 re-deals each) at 329 turn-shaping decisions of 12 normal-AI games, the moves taken over the
# plan's won 0.015 of a game more each (77 of them) with a margin of 0.1, 0.056 more (40 of them)
# with 0.2; head to head, 157 of 288 games at seeds 9100 and 9112 (54.5%). Over the wide plans,
# 426 of 720 games at seeds 9100, 9112, 60000 and 70000 (59.2%; normal against itself 48.1%),
# decision p99 2.2 s (README "The AI seats against the obvious move").
WORLDS = 4
WIDTH = 3
MARGIN = 0.2


class QuickRootAI:
    """The normal AI without its faction plans, for the rival's turn inside a line: the
    choices every faction makes alike (``common_choice``), else the move its faction's value
    likes best one step on among a small sample, on one re-deal. Its steps cost a few
    simulations where the plans play each step's rest through for every move they try."""

    def __init__(self, tries: int = QUICK_TRIES) -> None:
        self.tries = tries

    def choose(self, engine: Engine[Any, Any], state: State, seat: SeatId, rng: Rng) -> Any:
        legal = coalition_filter(state, seat, engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        faction = state.players[seat].faction
        return common_choice(state, legal) or greedy(
            engine, state, seat, legal, rng, VALUES[faction], self.tries, 1
        )


class RootHard(LookAhead):
    """``RootAI`` at the ``WIDE`` budget, corrected by whole-turn lines at the turn-shaping
    decisions."""

    def __init__(
        self,
        worlds: int = WORLDS,
        width: int = WIDTH,
        vp_scale: float = 4.0,
        value_scale: float = 40.0,
        margin: float = MARGIN,
        rival: Policy | None = None,
        value_weight: float = 0.5,
    ) -> None:
        super().__init__(RootAI(WIDE), _vp_lead, worlds, width, LINE_LIMIT, vp_scale, margin)
        self.lines = RootAI()  # the seat's own turn inside a line, at the normal budget
        self.value_scale = value_scale
        self.rival = rival or QuickRootAI()
        self.value_weight = value_weight

    def choose(self, engine: Engine[Any, Any], state: State, seat: SeatId, rng: Rng) -> Any:
        t = state.turn
        if state.pending or t.advance or t.active != seat or t.step not in SHAPING:
            return self.base.choose(engine, state, seat, rng)
        if len(coalition_filter(state, seat, engine.legal_actions(state, seat))) == 1:
            return self.base.choose(engine, state, seat, rng)
        return super().choose(engine, state, seat, rng)

    def candidates(
        self,
        engine: Engine[Any, Any],
        state: Any,
        seat: SeatId,
        legal: Sequence[Any],
        own: Any,
        rng: Rng,
    ) -> list[Any]:
        """The plan's next best moves by its faction's value one step on, in one re-deal
        (sorted is stable: ties keep the legal order)."""
        mine = action_key(engine, own)
        others = [a for a in coalition_filter(state, seat, legal) if action_key(engine, a) != mine]
        world = engine.determinize(state, seat, rng.next_u64())
        scored = [
            (value(simulate(engine, world, seat, a), seat) + bias(a), a)
            for a in sample(rng, others, RANK_TRIES)
        ]
        scored.sort(key=lambda x: -x[0])
        return [a for _, a in scored[: self.width - 1]]

    def _line(
        self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int, move: Any, rng: Rng
    ) -> float:
        """What ``move`` leads to for ``seat`` in one re-deal, in [-1, 1]: played on through
        the rest of this turn and the next seat's turn (at two seats, up to the seat's own
        next turn; with more, the other rivals' turns are left out, which keeps a line's
        cost that of two seats)."""
        start = world
        try:
            world = engine.apply(world, seat, move).state
        except GameError:
            return -1.0
        for _ in range(self.depth):
            if engine.outcome(world) is not None or self.line_over(start, world):
                break
            acting = min(engine.to_act(world))
            policy = self.lines if world.turn.active == seat else self.rival
            world = engine.apply(world, acting, policy.choose(engine, world, acting, rng)).state
        return self.judge_from(engine, start, world, seat)

    def line_over(self, start: State, world: State) -> bool:
        """The line ends when the turn after the next seat's begins: at two seats the
        seat's own next turn (a round later), with more the seat after the next."""
        order, t = start.order, start.turn
        after_next = order[(order.index(t.active) + 2) % len(order)]
        if world.turn.active != after_next:
            return False
        return after_next != t.active or world.turn.round > t.round

    def judge_from(self, engine: Engine[Any, Any], start: State, end: State, seat: SeatId) -> float:
        """+1 a win, -1 a loss; a line cut short by the VP lead it gained (``tanh``) and,
        with ``value_weight``, the faction value it gained."""
        out = engine.outcome(end)
        if out is not None:
            share = 1.0 / len(out.winners) if seat in out.winners else 0.0
            return 2.0 * share - 1.0
        lead = _vp_lead(end, seat) - _vp_lead(start, seat)
        gained = value(end, seat) - value(start, seat)
        w = self.value_weight
        return (1 - w) * math.tanh(lead / self.scale) + w * math.tanh(gained / self.value_scale)


def _vp_lead(s: State, seat: SeatId) -> float:
    """The seat's VP above the best rival's."""
    me = s.players[seat]
    return me.vp - max((p.vp for p in s.players if p.seat != seat), default=me.vp)
