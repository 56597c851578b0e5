"""Table options for The Wrath of the Ancients (wildlands.md §11, §15 "Wrath, WC").

The base game's options plus the seat that plays the Ancients; ``factions`` names the
factions of the other seats in seat order. ``magus_count`` is the one Wrath ruling with an
alternative; the others the engine implements one way only, listed in ``RULINGS``
(engines/core/rulings.py) beside the shared Wildlands rulings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Literal

from pydantic import Field

from engines.wildlands.options import RULINGS as WILDLANDS_RULINGS
from engines.wildlands.options import WildlandsOptions

BASE_ORDER: tuple[str, ...] = ("mages", "gnomads", "lawbringers", "pit_fighters")
ANCIENTS = "ancients"
WAYFARERS = "wayfarers"

# §15 "Wrath, WC" rulings the engine implements one way only, beside the shared ones.
RULINGS: dict[str, object] = {
    **WILDLANDS_RULINGS,
    # §11 spending shards.
    "special_needs_carrier_on_board": True,
    "special_first_turn_rule": "all_modes",
    # §11 attacks and movement inside special actions.
    "special_moves_are_moves": True,
    # §11 Desperate Measures.
    "desperate_measures": "when_ancients_in_play",
}


class WrathOptions(WildlandsOptions):
    """Wildlands options with the Ancients as a faction."""

    rulings: ClassVar[Mapping[str, object]] = RULINGS

    ancients_seat: int | None = Field(
        default=None, ge=0, le=5, description="The seat playing the Ancients; default: the last."
    )
    magus_count: Literal["two", "one_or_two"] = "two"


def seat_factions(others: Sequence[str] | None, special: dict[int, str], seats: int) -> list[str]:
    """Each seat's faction: ``special`` seats (Ancients, sixth faction) fixed, the others
    from ``others`` in seat order, else the base factions in listed order."""
    rest = list(others) if others is not None else list(BASE_ORDER)
    plain = seats - len(special)
    if len(rest) < plain or (others is not None and len(rest) != plain):
        raise ValueError(f"name {plain} base factions for the other seats, not {len(rest)}")
    out: list[str] = []
    for seat in range(seats):
        out.append(special[seat] if seat in special else rest.pop(0))
    return out
