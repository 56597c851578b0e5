"""Invariants over seeded random games with every module on (northgard.md §1, §2.3): units
of two players never share a territory, units never stay with a non-sharing creature, and
every player's units are either on the map, in the reserve or in a moving group."""

from __future__ import annotations

import pytest

from engines.core.conformance import seats_for
from engines.core.rng import Rng, seed_from
from engines.northgard.board import hostile_at
from engines.northgard.engine import NorthgardEngine
from engines.northgard.options import NorthgardOptions
from engines.northgard.state import State

ENGINE = NorthgardEngine()
MID_FIGHT = {"commit", "retreat", "walk"}  # a group is off the map, or a fight is under way


def check(s: State) -> None:
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
