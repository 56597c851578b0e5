"""AI seats as policies (DESIGN.md "AI seats are policies").

A policy picks one of ``legal_actions(state, seat)``. It may read only what its seat may see:
the search policy plays on ``engine.determinize(state, seat, ...)``, a state in which every
hidden thing (other hands, deck order) is re-dealt at random, so it can never profit from
another seat's secrets. Budgets are counted in iterations, not seconds, so a seeded AI game
replays exactly.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engines.core.errors import GameError
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng

# A state evaluation: seat -> value in [0, 1], used when a rollout stops before the end.
Evaluator = Callable[[Any], Mapping[SeatId, float]]


class Policy(Protocol):
    """Chooses an action for ``seat``; ``rng`` is the policy's own generator."""

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any: ...


class RandomPolicy:
    """Uniformly random legal actions: the floor every other policy must beat."""

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        return rng.choice(list(engine.legal_actions(state, seat)))


def action_key(engine: Engine[Any, Any], action: Any) -> str:
    """A stable identity for an action across determinizations."""
    return json.dumps(engine.encode_action(action), sort_keys=True, separators=(",", ":"))


def outcome_rewards(engine: Engine[Any, Any], state: Any) -> dict[SeatId, float]:
    """1 for a sole win, a share for a shared win, 0 for a loss."""
    out = engine.outcome(state)
    if out is None:
        return {}
    rewards = dict.fromkeys(out.scores, 0.0)
    for seat in out.winners:
        rewards[seat] = 1.0 / len(out.winners)
    return rewards


@dataclass
class _Node:
    seat: SeatId | None
    action: Any = None
    parent: _Node | None = None
    children: dict[str, _Node] = field(default_factory=dict)
    visits: int = 0
    available: int = 0
    total: float = 0.0


def _acting_seat(engine: Engine[Any, Any], state: Any) -> SeatId | None:
    seats = engine.to_act(state)
    return min(seats) if seats else None


class SearchPolicy:
    """Single-observer information-set Monte Carlo tree search.

    Each iteration re-deals hidden information for the deciding seat, walks the shared tree
    over actions legal in that deal (UCB1 with availability counts), expands one action,
    plays out with ``rollout`` for at most ``depth`` decisions and scores the end with the
    outcome or ``evaluate``.
    """

    def __init__(
        self,
        iterations: int = 200,
        depth: int = 40,
        exploration: float = 0.7,
        rollout: Policy | None = None,
        evaluate: Evaluator | None = None,
    ) -> None:
        self.iterations = iterations
        self.depth = depth
        self.exploration = exploration
        self.rollout = rollout or RandomPolicy()
        self.evaluate = evaluate

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        root = _Node(seat=seat)
        for _ in range(self.iterations):
            world = engine.determinize(state, seat, rng.next_u64())
            self._iterate(engine, root, world, seat, rng)
        best = max(root.children.values(), key=lambda n: (n.visits, n.total))
        chosen = action_key(engine, best.action)
        # Return the caller's own action object, not one from a determinized world.
        return next(a for a in legal if action_key(engine, a) == chosen)

    def _iterate(
        self, engine: Engine[Any, Any], root: _Node, world: Any, seat: SeatId, rng: Rng
    ) -> None:
        node = root
        acting: SeatId | None = seat
        path = [root]
        # Selection and expansion.
        while acting is not None and engine.outcome(world) is None:
            legal = list(engine.legal_actions(world, acting))
            keyed = {action_key(engine, a): a for a in legal}
            untried = [k for k in keyed if k not in node.children]
            for k in keyed:
                if k in node.children:
                    node.children[k].available += 1
            if untried:
                k = untried[rng.below(len(untried))]
                child = _Node(seat=acting, action=keyed[k], parent=node, available=1)
                node.children[k] = child
                world = engine.apply(world, acting, keyed[k]).state
                node = child
                path.append(node)
                break
            node = max(
                (node.children[k] for k in keyed),
                key=lambda c: (
                    c.total / c.visits
                    + self.exploration * math.sqrt(math.log(max(c.available, 1)) / c.visits)
                ),
            )
            world = engine.apply(world, acting, node.action).state
            path.append(node)
            acting = _acting_seat(engine, world)
        # Rollout.
        for _ in range(self.depth):
            acting = _acting_seat(engine, world)
            if acting is None or engine.outcome(world) is not None:
                break
            world = engine.apply(
                world, acting, self.rollout.choose(engine, world, acting, rng)
            ).state
        rewards = outcome_rewards(engine, world)
        if not rewards and self.evaluate is not None:
            rewards = dict(self.evaluate(world))
        # Backpropagation: each node is scored for the seat that chose it.
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += rewards.get(n.seat, 0.0)


class LookAhead:
    """``base`` with look-ahead: the hard level of a game's AI (issue 32, ``engines.core.levels``).

    At a decision with a choice (a game may keep this to some decisions, ``looks_ahead``),
    the base policy's own move and up to ``width - 1`` other legal moves (a sample drawn with
    the policy's generator) are each tried in ``worlds``
    re-deals of what the seat cannot see (``engine.determinize``), and each is played on for
    ``depth`` decisions with ``base`` deciding for every seat (a game may end a line sooner,
    ``line_over``, or hand its tail to another policy, ``line_policy``). A line that ends the game
    scores the seat's share of the win (+1 a sole win, -1 a loss); a line cut short scores
    ``tanh(lead / scale)``, ``lead`` the seat's ``gain`` above the best other seat's.
    Every move is tried in the same re-deals with the same generator seeds (common random
    numbers), so the moves differ by the move alone. Another move replaces the base one only
    when its mean beats the base move's by more than ``margin``: the look-ahead corrects the
    base policy where the lines clearly say so and otherwise leaves its plan alone.
    """

    def __init__(
        self,
        base: Policy,
        gain: Callable[[Any, SeatId], float],
        worlds: int = 4,
        width: int = 4,
        depth: int = 12,
        scale: float = 5.0,
        margin: float = 0.05,
    ) -> None:
        self.base = base
        self.gain = gain
        self.worlds = worlds
        self.width = width
        self.depth = depth
        self.scale = scale
        self.margin = margin

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        if not self.looks_ahead(engine, state, seat):
            return self.base.choose(engine, state, seat, rng)
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        own = self.base.choose(engine, state, seat, rng)
        moves = [own, *self.candidates(engine, state, seat, legal, own, rng)]
        seats = _seat_count(engine, state)
        totals = [0.0] * len(moves)
        for _ in range(self.worlds):
            world = engine.determinize(state, seat, rng.next_u64())
            line_seed = rng.next_u64()
            for i, move in enumerate(moves):
                totals[i] += self._line(engine, world, seat, seats, move, Rng(line_seed))
        best = max(range(len(moves)), key=lambda i: totals[i])
        if totals[best] > totals[0] + self.margin * self.worlds:
            return moves[best]
        return own

    def looks_ahead(self, engine: Engine[Any, Any], state: Any, seat: SeatId) -> bool:
        """Whether this decision gets the look-ahead; where not, ``base`` decides alone (a
        game may keep its look-ahead to the decisions that shape its plan). By default all do."""
        return True

    def candidates(
        self,
        engine: Engine[Any, Any],
        state: Any,
        seat: SeatId,
        legal: Sequence[Any],
        own: Any,
        rng: Rng,
    ) -> list[Any]:
        """The moves tried beside the base policy's ``own``: up to ``width - 1`` others, a
        sample drawn with the policy's generator."""
        mine = action_key(engine, own)
        others = [a for a in legal if action_key(engine, a) != mine]
        if len(others) > self.width - 1:
            others = rng.shuffled(others)[: self.width - 1]
        return others

    def _line(
        self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int, move: Any, rng: Rng
    ) -> float:
        """What ``move`` leads to for ``seat`` in one re-deal, in [-1, 1]: played on for at
        most ``depth`` decisions, until the game ends or ``line_over`` says so."""
        start = world
        try:
            world = engine.apply(world, seat, move).state
        except GameError:
            # Not a move in this re-deal (it hangs on what was re-dealt): counted as a loss.
            return -1.0
        for k in range(self.depth):
            acting = _acting_seat(engine, world)
            if acting is None or engine.outcome(world) is not None or self.line_over(start, world):
                break
            policy = self.line_policy(k)
            world = engine.apply(world, acting, policy.choose(engine, world, acting, rng)).state
        return self.judge(engine, world, seat, seats)

    def line_over(self, start: Any, world: Any) -> bool:
        """Whether a line begun at ``start`` ends at ``world`` before ``depth`` (a game may
        end its lines with a turn); by default it never does."""
        return False

    def line_policy(self, k: int) -> Policy:
        """Who decides the line's ``k``-th decision after the move: ``base`` by default (a game
        may hand a long line's tail to a cheaper policy)."""
        return self.base

    def judge(self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int) -> float:
        """Where a line ended, for ``seat``, in [-1, 1] (see the class)."""
        out = engine.outcome(world)
        if out is not None:
            share = 1.0 / len(out.winners) if seat in out.winners else 0.0
            return 2.0 * share - 1.0
        own = self.gain(world, seat)
        rivals = [self.gain(world, other) for other in range(seats) if other != seat]
        return math.tanh((own - max(rivals, default=own)) / self.scale)


def _seat_count(engine: Engine[Any, Any], state: Any) -> int:
    """How many seats play, from the public view's ``players`` or ``seats`` list."""
    data = engine.view(state, None).data
    for key in ("players", "seats"):
        if isinstance(data.get(key), list):
            return len(data[key])
    raise ValueError(f"{engine.title}'s public view lists no players or seats.")
