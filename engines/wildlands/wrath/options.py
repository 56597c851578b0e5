"""Table options for The Wrath of the Ancients (wildlands.md §11, §15 "Wrath, WC").

The base game's options plus the seat that plays the Ancients; ``factions`` names the
factions of the other seats in seat order. ``magus_count`` is the one Wrath ruling with an
alternative; the others are one-value rulings the engine documents.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.wildlands.options import WildlandsOptions

BASE_ORDER: tuple[str, ...] = ("mages", "gnomads", "lawbringers", "pit_fighters")
ANCIENTS = "ancients"
WAYFARERS = "wayfarers"


class WrathOptions(WildlandsOptions):
    """Wildlands options with the Ancients as a faction."""

    ancients_seat: int | None = Field(
        default=None, ge=0, le=5, description="The seat playing the Ancients; default: the last."
    )
    magus_count: Literal["two", "one_or_two"] = "two"
    special_needs_carrier_on_board: Literal[True] = True
    special_first_turn_rule: Literal["all_modes"] = "all_modes"
    special_moves_are_moves: Literal[True] = True
    desperate_measures: Literal["when_ancients_in_play"] = "when_ancients_in_play"


def seat_factions(others: list[str] | None, special: dict[int, str], seats: int) -> list[str]:
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
