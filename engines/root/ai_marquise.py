"""Marquise de Cat plan (root.md §12): build a rule-held block of sawmills, workshops and
recruiters and keep the wood flowing to it.

Buildings score when placed and feed the next turns (wood, crafting, warriors), so the
value counts each one beyond its VP; the cheapest track next is the one its wood reaches.
"""

from __future__ import annotations

from engines.core.protocol import SeatId
from engines.root.ai_search import base_value
from engines.root.board import count_on_map, warriors_on_map
from engines.root.state import State


def value(s: State, seat: SeatId) -> float:
    v = base_value(s, seat)
    if s.winners:
        return v
    v += 4.0 * sum(count_on_map(s, k) for k in ("sawmill", "workshop", "recruiter"))
    v += 0.8 * count_on_map(s, "wood") + 0.4 * warriors_on_map(s, "marquise")
    return v + 6.0 * bool(s.keep)
