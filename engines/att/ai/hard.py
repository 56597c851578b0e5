"""The hard Ancient Terrible Things AI (issue 32): the normal AI with play-outs to the end of
the game at the Explore decision (reference §5.2), where a turn is planned.

The normal AI already rolls its dice by an exact expectimax over the re-rolls, so the dice
are left to it. Where to go it estimates in Secrets the visit is worth on average; the hard
AI takes the Locations it rates best, tries each in re-deals of what the seat cannot see
(``engine.determinize``) and plays every line out to the Unspeakable Event: the next
``exact`` decisions (the visit and about one turn of each other seat) with the normal AI for
every seat, the rest of the game with ``greedy``. The normal AI's expectimax costs about 2 ms
a decision and ``greedy`` a tenth of that, so the cheap tail buys about three times the
re-deals a normal line to the end would, while the moves that follow the choice are still
the ones the normal AI makes. A line scores +1 a win, -1 a loss, and the final lead in
Secrets as a tie-break. Every Location is tried in the same re-deals with the same dice
(common random numbers: the dice come from the re-dealt state's own generator, and
``greedy`` and the normal AI never draw from the policy's), so the lines differ by the move
alone, and another Location replaces the normal AI's first choice only when its lines score
clearly more. Budgets are counts, never seconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engines.att.actions import Explore
from engines.att.ai import AttPolicy, GreedyPolicy
from engines.att.ai.board import explore_worths
from engines.att.ai.values import outlook
from engines.att.scoring import score
from engines.att.state import AttState
from engines.core.ai import LookAhead, Policy
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng

# Decisions in a whole game are about 100; a line longer than this is cut and judged by lead.
LINE_CAP = 400
# The final lead, in Secrets, counts for this much beside the win (+1) or loss (-1).
LEAD_WEIGHT = 0.5
LEAD_SCALE = 5.0
# Measured against the normal AI (README "The AI seats against the obvious move"): twelve
# re-deals of the three best-rated Locations, each line exact for 25 decisions (a whole game
# is about 100), another Location taken when its lines beat the first by 0.15 a re-deal.
WORLDS = 12
WIDTH = 3
MARGIN = 0.15
EXACT = 25


class AttHard(LookAhead):
    """``AttPolicy`` with play-outs at the Explore decision: the ``width`` Locations the
    normal AI rates best are each played out in ``worlds`` re-deals, the normal AI deciding
    for every seat for ``exact`` decisions and ``line`` (default ``greedy``) after them
    (``LookAhead``'s common random numbers and margin; its lines here run to the end of the
    game)."""

    def __init__(
        self,
        worlds: int = WORLDS,
        width: int = WIDTH,
        margin: float = MARGIN,
        line: Policy | None = None,
        lead_weight: float = LEAD_WEIGHT,
        exact: int = EXACT,
    ) -> None:
        super().__init__(
            AttPolicy(), score, worlds, width, depth=LINE_CAP, scale=LEAD_SCALE, margin=margin
        )
        self.line = line or GreedyPolicy()
        self.lead_weight = lead_weight
        self.exact = exact

    def looks_ahead(self, engine: Engine[Any, Any], state: AttState, seat: SeatId) -> bool:
        """Only Explore gets the look-ahead; elsewhere the normal AI decides."""
        return state.phase == "explore"

    def candidates(
        self,
        engine: Engine[Any, Any],
        state: Any,
        seat: SeatId,
        legal: Sequence[Any],
        own: Any,
        rng: Rng,
    ) -> list[Any]:
        """The next best-rated Locations after the normal AI's own (its best-rated one)."""
        worth = explore_worths(state, seat, list(legal), outlook(state, seat))
        ranked = sorted(worth, key=lambda slot: (-worth[slot], slot))[: self.width]
        return [Explore(slot=slot) for slot in ranked if Explore(slot=slot) != own]

    def line_policy(self, k: int) -> Policy:
        """The normal AI for the first ``exact`` decisions, ``line`` after them."""
        return self.base if k < self.exact else self.line

    def judge(self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int) -> float:
        """+1 a win, -1 a loss (a shared win its share), and the final lead in Secrets as a
        tie-break."""
        out = engine.outcome(world)
        won = 0.0
        if out is not None and seat in out.winners:
            won = 1.0 / len(out.winners)
        lead = self.gain(world, seat) - max(
            self.gain(world, p.seat) for p in world.players if p.seat != seat
        )
        return 2.0 * won - 1.0 + self.lead_weight * math.tanh(lead / self.scale)
