"""Desperation phase: a Desperate Act at your own Location (seed §3; reference §5.3, §9)."""

from __future__ import annotations

from engines.att.actions import DECLINE_DESPERATE_ACT, DESPERATE_ACT, Action
from engines.att.content import catalog
from engines.att.spending import claim_encounter
from engines.att.stash import pay
from engines.att.state import AttState
from engines.core.context import Ctx


def cost(s: AttState) -> int | None:
    """Courage needed to overcome the Encounter here, or None when there is none."""
    loc = s.current_location()
    if loc is None or loc.encounter is None:
        return None
    return catalog().encounters[loc.encounter].secrets


def options(s: AttState) -> list[Action]:
    """Offered only when the player can pay; otherwise the phase passes by itself."""
    assert s.active is not None
    price = cost(s)
    if price is None or s.players[s.active].tokens["courage"] < price:
        return []
    return [DESPERATE_ACT, DECLINE_DESPERATE_ACT]


def act(s: AttState, ctx: Ctx) -> None:
    assert s.active is not None and s.turn is not None and s.turn.slot is not None
    price = cost(s)
    assert price is not None
    pay(s, s.active, "courage", price)
    claim_encounter(s, ctx, s.active, s.turn.slot, f"pays {price} Courage and overcomes")
