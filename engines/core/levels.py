"""AI difficulty (issue 32 "difficulty for every game"): ``easy``, ``normal`` and ``hard``
versions of a game's AI, chosen per AI seat (``/game addbot difficulty:`` or the table
option ``difficulty=``).

- ``normal`` is the game's AI as it is.
- ``easy`` is the same AI making a beginner's slips: a share of its decisions (the game's
  ``easy_share``) is a random legal move instead, drawn with the seat's own generator, so a
  seeded game still replays exactly.
- ``hard`` is the same AI with more search (``engines.core.ai.LookAhead``: its moves tried
  and played on in re-deals of what the seat cannot see), offered only by a game whose hard
  AI is measured stronger than its normal one (the registry entry's ``hard``; README "The AI
  seats against the obvious move"). ``LEVELS`` lists every level; a game's own are
  ``registry.entry(game).levels``.
"""

from __future__ import annotations

from typing import Any

from engines.core.ai import Policy, RandomPolicy
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng

EASY = "easy"
NORMAL = "normal"
HARD = "hard"
LEVELS = (EASY, NORMAL, HARD)


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
