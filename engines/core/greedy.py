"""The greedy baseline (issue 32 "a greedy baseline for every game"): the obvious move a new
player makes, the one with the best immediate gain, with no look-ahead past the seat's own
turn. Every game's AI is measured against it (``bench/ai_bench.py``).

Each game says what an immediate gain is for it (``Gain``: points, fame, crystals, a
quest step, as a number that grows when the seat does well); the policy is the same for all:

- it works on a determinized state (``engine.determinize``): the hidden things it cannot
  know are re-dealt, so a move that draws a card is judged on a card it might draw, never on
  the one the deck really holds;
- a move taken in steps (a card, then its target) is judged by the best way to finish it:
  while the same seat alone decides next, up to ``follow`` more steps are tried, at most
  ``width`` options each (a sample, drawn with the policy's generator);
- a move that wins the game outright beats any gain; equal gains are broken at random, so
  the baseline does not always open the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.errors import GameError
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng

# What a position is worth to a seat, in the game's own immediate terms.
Gain = Callable[[Any, SeatId], float]
# Above any gain a game reports: winning now.
WIN = 1e9


def public_score(engine: Engine[Any, Any]) -> Gain:
    """The seat's score as the public view shows it (``score``, ``vp``, ``fame`` or
    ``points`` of its entry under ``players`` or ``seats``): the gain of a game that keeps
    its score in the open."""

    def gain(state: Any, seat: SeatId) -> float:
        data = engine.view(state, None).data
        for key in ("players", "seats"):
            for i, entry in enumerate(data.get(key) or []):
                if isinstance(entry, dict) and entry.get("seat", i) == seat:
                    for name in ("score", "vp", "fame", "points"):
                        value = entry.get(name)
                        if isinstance(value, int | float) and not isinstance(value, bool):
                            return float(value)
        return 0.0

    return gain


class GreedyPolicy:
    """The move with the best immediate ``gain`` for the deciding seat."""

    def __init__(self, gain: Gain, follow: int = 1, width: int = 8) -> None:
        self.gain = gain
        self.follow = follow
        self.width = width

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        world = engine.determinize(state, seat, rng.next_u64())
        worth = [self._after(engine, world, seat, a, self.follow, rng) for a in legal]
        best = max(worth)
        top = [a for a, w in zip(legal, worth, strict=True) if w >= best - 1e-9]
        return top[rng.below(len(top))]

    def _after(
        self, engine: Engine[Any, Any], world: Any, seat: SeatId, action: Any, follow: int, rng: Rng
    ) -> float:
        """What ``action`` leads to for ``seat``: the gain once its own steps are done."""
        try:
            after = engine.apply(world, seat, action).state
        except GameError:
            # Not a move in this deal of the hidden things (it hangs on what was re-dealt).
            return -WIN
        outcome = engine.outcome(after)
        if outcome is not None:
            return WIN if seat in outcome.winners else self.gain(after, seat)
        if follow > 0 and engine.to_act(after) == {seat}:
            steps = list(engine.legal_actions(after, seat))
            if len(steps) > self.width:
                steps = rng.shuffled(steps)[: self.width]
            if steps:
                return max(self._after(engine, after, seat, a, follow - 1, rng) for a in steps)
        return self.gain(after, seat)
