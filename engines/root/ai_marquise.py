"""Marquise de Cat plan (root.md §12): build a rule-held block of sawmills, workshops and
recruiters and keep the wood flowing to it.

Buildings score when placed and feed the next turns (wood, crafting, warriors), so the
value counts each one beyond its VP, and the rule that connects wood to a build counts too.
Her Daylight is tried action by action by playing the rest of the step through (see
``pick``), which shows a march that opens a build or the wood a building track costs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.root.actions import AnyAction
from engines.root.ai_search import Budget, base_value, phase_plan
from engines.root.board import count_on_map, warriors_on_map
from engines.root.state import State

TRIES = 14
WIDTH = 5


def value(s: State, seat: SeatId) -> float:
    v = base_value(s, seat)
    if s.winners:
        return v
    v += 4.0 * sum(count_on_map(s, k) for k in ("sawmill", "workshop", "recruiter"))
    v += 0.8 * count_on_map(s, "wood") + 0.4 * warriors_on_map(s, "marquise")
    return v + 6.0 * bool(s.keep)


def pick(
    engine: Engine[Any, Any],
    s: State,
    seat: SeatId,
    legal: Sequence[AnyAction],
    rng: Rng,
    budget: Budget,
) -> AnyAction | None:
    """Her Daylight's actions (and each March) are tried by playing the rest of the step
    through, so that a march that opens a build, or wood spent on the cheapest track, shows."""
    if s.pending or s.turn.advance or s.turn.step not in ("m_craft", "m_main", "march"):
        return None
    return phase_plan(engine, s, seat, legal, rng, value, TRIES, WIDTH, budget)
