"""Root AI seats (issue 13 "AI seats"): one plan per faction behind a single policy.

Each faction's module (``ai_marquise``, ``ai_eyrie``, ``ai_alliance``, ``ai_vagabond``)
gives the value its plan steers by and its own choice for the steps where one action's
worth shows only with the ones after it (the Marquise's Daylight, the Eyrie's Decree, the
Alliance's Birdsong, Daylight and operations, the Vagabond's Slip and Daylight): those are
tried by playing the rest of the step through. Decisions every faction takes the same way
come first here; the rest (battle windows, hits, discards, leaders) go to a greedy search
on re-dealt worlds (``ai_search``). The policy never reads the true state's secrets: every
look-ahead runs on ``engine.determinize`` for the deciding seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.root import ai_alliance, ai_eyrie, ai_marquise, ai_vagabond
from engines.root.actions import AnyAction, Pick
from engines.root.ai_coalition import coalition_filter
from engines.root.ai_search import PLAIN, Budget, Value, greedy
from engines.root.state import State

Plan = Callable[
    [Engine[Any, Any], State, SeatId, Sequence[AnyAction], Rng, Budget], AnyAction | None
]

VALUES: dict[str, Value] = {
    "marquise": ai_marquise.value,
    "eyrie": ai_eyrie.value,
    "alliance": ai_alliance.value,
    "vagabond": ai_vagabond.value,
}
PLANS: dict[str, Plan] = {
    "marquise": ai_marquise.pick,
    "eyrie": ai_eyrie.pick,
    "alliance": ai_alliance.pick,
    "vagabond": ai_vagabond.pick,
}
# Factions whose turn is a chain of small actions whose worth shows only together.
DEEP = frozenset({"vagabond"})
BATTLE_SAMPLES = 3
MAX_TRIES = 60  # beyond this many actions, a sample of them is tried (moves fan out)
SECOND_TRIES = 12  # the same for the look one decision further


def value(s: State, seat: SeatId) -> float:
    """How good ``s`` looks to ``seat``'s plan."""
    return VALUES[s.players[seat].faction](s, seat)


def common_choice(s: State, legal: Sequence[AnyAction]) -> AnyAction | None:
    """Choices every plan makes alike: take the free WATER, seize what is offered, and
    score a surrendered piece as VP (the race to 30 is what wins)."""
    prefer = ("take_water", "seize", "surrender_vp")
    for a in legal:
        if isinstance(a, Pick) and a.what in prefer:
            return a
    return None


class RootAI:
    """The per-faction plans behind one policy (see the module docstring), searching their
    steps as widely as ``budget`` allows (the hard AI's wider, ``engines.root.hard``)."""

    def __init__(self, budget: Budget = PLAIN) -> None:
        self.budget = budget

    def choose(self, engine: Engine[Any, Any], state: State, seat: SeatId, rng: Rng) -> Any:
        legal = coalition_filter(state, seat, engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        faction = state.players[seat].faction
        plan = PLANS.get(faction)
        a = common_choice(state, legal) or (
            plan(engine, state, seat, legal, rng, self.budget) if plan else None
        )
        if a is not None:
            return a
        second = SECOND_TRIES if faction in DEEP else 0
        return greedy(
            engine, state, seat, legal, rng, VALUES[faction], MAX_TRIES, BATTLE_SAMPLES, second
        )
