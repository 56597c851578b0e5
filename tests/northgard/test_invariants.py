"""Invariants over seeded random games with every module on (northgard.md §1, §2.3): units
of two players never share a territory, units never stay with a non-sharing creature, and
every player's units are either on the map, in the reserve or in a moving group; the
creature line matches the creatures on the map; buildings fit their slots."""

from __future__ import annotations

import pytest

from engines.core.conformance import seats_for
from engines.core.rng import Rng, seed_from
from engines.northgard.board import gmap, hostile_at
from engines.northgard.content import content
from engines.northgard.engine import NorthgardEngine
from engines.northgard.options import NorthgardOptions
from engines.northgard.state import State

ENGINE = NorthgardEngine()
MID_FIGHT = {"commit", "retreat", "walk"}  # a group is off the map, or a fight is under way


def check_pieces(s: State) -> None:
    """The creature line names exactly the creatures on the map, each card in one place;
    buildings fit their territory's slots."""
    m = gmap(s)
    assert sorted(s.line) == sorted(b.card for b in s.beasts)
    assert all(b.at in m.territories for b in s.beasts)
    cards = s.line + s.creature_pile + s.set_aside + s.out_of_game
    assert len(cards) == len(set(cards))
    for terr, built in s.buildings.items():
        small = sum(1 for b in built if content().buildings[b].size == "S")
        assert small <= m.territories[terr].small
        assert len(built) - small <= m.territories[terr].large


def check(s: State) -> None:
    check_pieces(s)
    if s.pending is not None and s.pending.kind in MID_FIGHT:
        return
    for terr, here in s.units.items():
        present = [k for k, v in here.items() if v > 0]
        assert len(present) <= 1, f"two players share {terr}: {here}"
        assert not (present and hostile_at(s, terr)), f"units stay with a creature in {terr}"
    for k, p in enumerate(s.players):
        on_map = sum(here.get(str(k), 0) for here in s.units.values())
        assert on_map + p.reserve == 14, f"seat {k}: {on_map} on the map + {p.reserve}"


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_games_keep_the_invariants(seats: int) -> None:
    for seed in range(3):
        s = ENGINE.setup(seats_for(seats), NorthgardOptions(), 500 + seed)
        rng = Rng(seed_from(seed, "invariants"))
        while ENGINE.to_act(s):
            check(s)
            seat = rng.choice(sorted(ENGINE.to_act(s)))
            s = ENGINE.apply(s, seat, rng.choice(list(ENGINE.legal_actions(s, seat)))).state
        check(s)
        assert s.over
