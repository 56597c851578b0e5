"""Co-op placement order (wildlands.md §10.1 step 7; [ruling] coop_player_order=
scenario_number): player 1 (the lower-numbered scenario's owner, seat 0) places every
character first, in character-id order, then player 2, whatever the factions' names."""

from __future__ import annotations

import pytest

from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.wildlands.awoken.state import AwokenState

from .builder import ENGINE


def _setup(factions: list[str], seed: int = 3) -> AwokenState:
    options = parse_options(ENGINE, {"scenarios": [1, 2], "factions": factions})
    return ENGINE.setup(seats_for(2), options, seed)


@pytest.mark.parametrize(
    "factions", [["pit_fighters", "gnomads"], ["gnomads", "pit_fighters"], ["mages", "gnomads"]]
)
def test_player_one_places_every_character_first(factions: list[str]) -> None:
    s = _setup(factions)
    chars = [f for f in s.figures.values() if f.kind == "character"]
    expected = sorted(chars, key=lambda f: (f.owner, f.id))
    # The map discard holds the setup's map cards in draw order: objects, then characters.
    drawn = s.map_discard[len(s.objects) : len(s.objects) + len(chars)]
    assert [f.space for f in expected] == drawn
    assert expected[0].owner == 0 and expected[0].faction == factions[0]
