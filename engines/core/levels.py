"""AI difficulty (issue 32 "difficulty for every game"): ``easy`` and ``normal`` versions
of a game's AI, chosen per AI seat (``/game addbot difficulty:`` or the table option
``difficulty=``).

- ``normal`` is the game's AI as it is.
- ``easy`` is the same AI making a beginner's slips: a share of its decisions (the game's
  ``easy_share``) is a random legal move instead, drawn with the seat's own generator, so a
  seeded game still replays exactly.

``hard`` is not offered yet: no game has a stronger AI measured against its normal one.
"""

from __future__ import annotations

from typing import Any

from engines.core.ai import Policy, RandomPolicy
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng

EASY = "easy"
NORMAL = "normal"
LEVELS = (EASY, NORMAL)


class Slips:
    """``policy``, except that ``share`` of its decisions is a random legal move."""

    def __init__(self, policy: Policy, share: float) -> None:
        self.policy = policy
        self.share = share
        self.random = RandomPolicy()

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        if rng.below(1000) < round(self.share * 1000):
            return self.random.choose(engine, state, seat, rng)
        return self.policy.choose(engine, state, seat, rng)
