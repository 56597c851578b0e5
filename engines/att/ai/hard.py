"""The hard Ancient Terrible Things AI (issue 32): the normal AI with roll-outs to the end of
the game at the Explore decision (reference §5.2), where a turn is planned.

The normal AI already rolls its dice by an exact expectimax over the re-rolls, so the dice
are left to it. Where to go it estimates in Secrets the visit is worth on average; the hard
AI takes the Locations it rates best, tries each in re-deals of what the seat cannot see
(``engine.determinize``), plays every line out to the Unspeakable Event with the normal AI
for every seat, and scores the line by who won, with the final lead as a tie-break. Every
Location is tried in the same re-deals with the same dice (common random numbers), so the
lines differ by the move alone, and another Location replaces the normal AI's first choice
only when its lines win clearly more often. Budgets are counts, never seconds.
"""

from __future__ import annotations

import math
from typing import Any

from engines.att.actions import Explore
from engines.att.ai import AttPolicy
from engines.att.ai.board import explore_worths
from engines.att.ai.values import outlook
from engines.att.scoring import score
from engines.att.state import AttState
from engines.core.ai import LookAhead
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng

# Decisions in a whole game are about 120; a line longer than this is cut and judged by lead.
LINE_CAP = 400
# The final lead, in Secrets, counts for this much beside the win (+1) or loss (-1).
LEAD_WEIGHT = 0.25
LEAD_SCALE = 5.0


class AttHard(LookAhead):
    """``AttPolicy`` with roll-outs at the Explore decision: the ``width`` Locations the
    normal AI rates best are each played out in ``worlds`` re-deals (``LookAhead``'s common
    random numbers and margin; its lines here run to the end of the game)."""

    def __init__(self, worlds: int = 4, width: int = 3, margin: float = 0.25) -> None:
        super().__init__(
            AttPolicy(), score, worlds, width, depth=LINE_CAP, scale=LEAD_SCALE, margin=margin
        )

    def choose(self, engine: Engine[Any, Any], state: AttState, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1 or state.phase != "explore":
            return self.base.choose(engine, state, seat, rng)
        worth = explore_worths(state, seat, legal, outlook(state, seat))
        ranked = sorted(worth, key=lambda slot: (-worth[slot], slot))[: self.width]
        moves = [Explore(slot=slot) for slot in ranked]
        seats = len(state.players)
        totals = [0.0] * len(moves)
        for _ in range(self.worlds):
            world = engine.determinize(state, seat, rng.next_u64())
            line_seed = rng.next_u64()
            for i, move in enumerate(moves):
                totals[i] += self._line(engine, world, seat, seats, move, Rng(line_seed))
        best = max(range(len(moves)), key=lambda i: totals[i])
        if totals[best] > totals[0] + self.margin * self.worlds:
            return moves[best]
        return moves[0]

    def _line(
        self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int, move: Any, rng: Rng
    ) -> float:
        """What ``move`` leads to for ``seat`` in one re-deal, played to the end: +1 a win,
        -1 a loss, and the final lead in Secrets as a tie-break."""
        world = engine.apply(world, seat, move).state
        for _ in range(self.depth):
            if engine.outcome(world) is not None:
                break
            acting = min(engine.to_act(world))
            world = engine.apply(world, acting, self.base.choose(engine, world, acting, rng)).state
        out = engine.outcome(world)
        won = 0.0
        if out is not None and seat in out.winners:
            won = 1.0 / len(out.winners)
        lead = self.gain(world, seat) - max(
            self.gain(world, p.seat) for p in world.players if p.seat != seat
        )
        return 2.0 * won - 1.0 + LEAD_WEIGHT * math.tanh(lead / self.scale)
