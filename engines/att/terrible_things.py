"""The Expedition Track and the Terrible Thing phase (seed §Setup, §5; reference §3, §5.5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engines.att.content import catalog
from engines.att.state import AttState
from engines.core.context import Ctx
from engines.core.trusted import replaced


def order_track(
    penalties: Sequence[int], tt_order: Literal["penalty_ascending", "value_ascending"]
) -> list[int]:
    """The track bottom first. "Ascending order from bottom to top" reads as ascending
    penalty by default (0 at the bottom); ``value_ascending`` puts -3 at the bottom."""
    return sorted(penalties, reverse=tt_order == "value_ascending")


def penalty_text(penalty: int) -> str:
    return f"-{penalty}" if penalty else "0"


def penalty_words(penalty: int) -> str:
    """A token's penalty in words: "costs no points", "costs 2 points"."""
    if not penalty:
        return "costs no points"
    return f"costs {penalty} point{'s' * (penalty > 1)}"


def unleash(s: AttState, ctx: Ctx) -> bool:
    """The active player failed (or chose not) to overcome: their Location's card goes to
    Rumours and they take the lowest track token. Returns True when that was the last one."""
    seat = s.active
    assert seat is not None and s.turn is not None and s.turn.slot is not None
    loc = s.locations[s.turn.slot]
    if loc.encounter is not None:
        name = catalog().encounters[loc.encounter].name
        s.rumours = (*s.rumours, loc.encounter)
        s.locations[s.turn.slot] = replaced(loc, encounter=None)
        ctx.say(f"{name} is not overcome and goes to the Rumours pile.")
    penalty, *rest = s.track
    s.track = tuple(rest)
    player = s.players[seat]
    player.terrible_things = (*player.terrible_things, penalty)
    ctx.say(
        f"{s.name(seat)} takes a Terrible Thing token that {penalty_words(penalty)} "
        "at the end of the game."
    )
    return not s.track
