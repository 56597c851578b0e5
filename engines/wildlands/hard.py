"""The hard AI of the Wildlands family (issue 32 "difficulty for every game"; DESIGN.md "AI
seats are policies"): the game's own AI with a look-ahead over its best candidates.

``engines.core.ai.LookAhead`` tries the AI's move against a random sample of the others; on
a Wildlands turn (fifty card plays, most of them pointless) a random sample seldom holds the
move worth finding. Here the candidates are the AI's own best-scored moves: at a decision
with a choice, its move and the next ``width - 1`` by its own score are each tried in
``worlds`` re-deals of what the seat cannot see (``engine.determinize``) and played on for
``depth`` decisions with the AI deciding for every seat, every move in the same re-deals
with the same generator seeds. A line that ends the game scores +1 when the seat's side
wins (a War team's win is the seat's), 0 for a win shared with another side, -1 otherwise;
a line cut short scores ``tanh(gain / scale)``, the gain being the greedy baseline's
(``greedy_gain``), which is already the seat's side against the best other side (§12: a
team is judged by its points).
Another move replaces the AI's own only when its mean beats it by more than ``margin``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from engines.core.ai import LookAhead, action_key
from engines.core.errors import GameError
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.wildlands.ai import WildlandsAI, _Reading
from engines.wildlands.greedy_gain import wildlands_gain


class TopLookAhead(LookAhead):
    """``base`` (a Wildlands-family AI) corrected by lines played from its best moves;
    ``read`` builds the reading its ``score`` takes from the seat's view."""

    def __init__(
        self,
        base: WildlandsAI,
        read: Callable[[dict[str, Any], SeatId], _Reading] = _Reading,
        worlds: int = 4,
        width: int = 4,
        depth: int = 12,
        scale: float = 100.0,
        margin: float = 0.05,
    ) -> None:
        super().__init__(base, wildlands_gain, worlds, width, depth, scale, margin)
        self.scorer = base
        self.read = read

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        own = self.base.choose(engine, state, seat, rng)
        reading = self.read(dict(engine.view(state, seat).data), seat)
        mine = action_key(engine, own)
        # The base's next best moves by its own score (sorted is stable: ties keep the
        # legal order, so the same state gives the same candidates).
        ranked = sorted(legal, key=lambda a: -self.scorer.score(a, reading))
        others = [a for a in ranked if action_key(engine, a) != mine][: self.width - 1]
        moves = [own, *others]
        totals = [0.0] * len(moves)
        for _ in range(self.worlds):
            world = engine.determinize(state, seat, rng.next_u64())
            line_seed = rng.next_u64()
            for i, move in enumerate(moves):
                totals[i] += self._line(engine, world, seat, 0, move, Rng(line_seed))
        best = max(range(len(moves)), key=lambda i: totals[i])
        if totals[best] > totals[0] + self.margin * self.worlds:
            return moves[best]
        return own

    def _line(
        self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int, move: Any, rng: Rng
    ) -> float:
        """What ``move`` leads to for ``seat``'s side in one re-deal, in [-1, 1]."""
        try:
            world = engine.apply(world, seat, move).state
        except GameError:
            # Not a move in this re-deal (it hangs on what was re-dealt): counted as a loss.
            return -1.0
        for _ in range(self.depth):
            acting = engine.to_act(world)
            if not acting or engine.outcome(world) is not None:
                break
            who = min(acting)
            world = engine.apply(world, who, self.base.choose(engine, world, who, rng)).state
        out = engine.outcome(world)
        if out is not None:
            if seat not in out.winners:
                return -1.0
            # A win shared with another side (a tie, §9) is half a win.
            side = world.seats[seat].side
            return 1.0 if all(world.seats[w].side == side for w in out.winners) else 0.0
        return math.tanh(self.gain(world, seat) / self.scale)
