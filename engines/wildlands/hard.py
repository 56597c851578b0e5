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
from collections.abc import Callable, Sequence
from typing import Any

from engines.core.ai import LookAhead, action_key
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

    def candidates(
        self,
        engine: Engine[Any, Any],
        state: Any,
        seat: SeatId,
        legal: Sequence[Any],
        own: Any,
        rng: Rng,
    ) -> list[Any]:
        """The base's next best moves by its own score (sorted is stable: ties keep the
        legal order, so the same state gives the same candidates)."""
        reading = self.read(dict(engine.view(state, seat).data), seat)
        mine = action_key(engine, own)
        ranked = sorted(legal, key=lambda a: -self.scorer.score(a, reading))
        return [a for a in ranked if action_key(engine, a) != mine][: self.width - 1]

    def judge(self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int) -> float:
        """+1 when the seat's side won, 0 for a win shared with another side (a tie, §9),
        -1 otherwise; a line cut short by the side's greedy gain."""
        out = engine.outcome(world)
        if out is not None:
            if seat not in out.winners:
                return -1.0
            side = world.seats[seat].side
            return 1.0 if all(world.seats[w].side == side for w in out.winners) else 0.0
        return math.tanh(self.gain(world, seat) / self.scale)
