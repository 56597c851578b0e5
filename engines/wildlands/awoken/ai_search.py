"""Determinized search for the Awoken AI at the decisions where hidden cards matter
(DESIGN.md "AI seats are policies"; wildlands.md §7 defence, §10.7 reactions).

A defence answers a hit in the middle of the Ancients' turn: whether a card is worth more
in hand than a point of health depends on the minion and Ancient cards still to come this
turn, which nobody may read. The search samples ``worlds`` determinizations (the engine's
``determinize`` re-deals every hidden card and deck order the seat cannot see), plays each
candidate answer in every world, lets the greedy policy finish the Ancients' turn, and
scores where the players' next turn begins: crystals, health, knock-outs and cards in hand,
a win or a loss above all. Every candidate meets the same worlds, so the comparison is not
blurred by luck. Everywhere else the greedy policy decides.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.wildlands.actions import Defend
from engines.wildlands.awoken.ai import AwokenAI
from engines.wildlands.awoken.state import AwokenState

WORLDS = 6
ROLLOUT_DECISIONS = 400  # a safeguard: an Ancients' turn ends long before this
WIN = 1000.0
CRYSTAL = 60.0
KNOCKED_OUT = 45.0
DAMAGE = 8.0
CARD = 5.0


class SearchingAwokenAI(AwokenAI):
    """The greedy policy, with defence answers chosen by determinized rollouts."""

    def __init__(self, worlds: int = WORLDS) -> None:
        self.worlds = worlds

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        defences = [a for a in engine.legal_actions(state, seat) if isinstance(a, Defend)]
        if len(defences) > 1:
            return self.search(engine, state, seat, defences, rng)
        return super().choose(engine, state, seat, rng)

    def search(
        self, engine: Engine[Any, Any], state: AwokenState, seat: SeatId, legal: list[Any], rng: Rng
    ) -> Any:
        """The answer with the best mean value over the sampled worlds."""
        seeds = [rng.next_u64() for _ in range(self.worlds)]
        totals = [0.0] * len(legal)
        for world_seed in seeds:
            world = engine.determinize(state, seat, world_seed)
            for i, a in enumerate(legal):
                end = self._rollout(engine, engine.apply(world, seat, a).state, world_seed)
                totals[i] += value(end, seat)
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]

    def _rollout(self, engine: Engine[Any, Any], s: AwokenState, seed: int) -> AwokenState:
        """Play the greedy policy for every seat until the players' next turn begins."""
        rng = Rng(seed)
        for _ in range(ROLLOUT_DECISIONS):
            if engine.outcome(s) is not None or _players_turn(s):
                break
            who = min(engine.to_act(s))
            s = engine.apply(s, who, AwokenAI.choose(self, engine, s, who, rng)).state
        return s


def _players_turn(s: AwokenState) -> bool:
    return not s.ancients_turn and s.pending is None and s.choice is None


def value(s: AwokenState, seat: SeatId) -> float:
    """How good ``s`` is for the players, as ``seat`` sees it."""
    if s.phase == "over":
        return WIN if s.winners else -WIN
    total = CRYSTAL * sum(s.crystals.values()) + CARD * len(s.seats[seat].hand)
    for f in s.figures.values():
        if f.kind != "character":
            continue
        if f.ko:
            total -= KNOCKED_OUT
        else:
            total -= DAMAGE * f.damage
    return total
