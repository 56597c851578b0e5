"""Solo placement (reference §13.3; seed: Solo Play; [ruling] solo_placement=farthest): the
engine, not the player, places each treasure, under the eligible league (§4 step 4: the
fewest treasures) farthest from the base camp, once the base camp exists."""

from __future__ import annotations

import pytest

from engines.arcadia import actions as A
from engines.arcadia.ai import ArcadiaAI
from engines.arcadia.mapping import distances
from engines.arcadia.state import ArcadiaState
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng, seed_from

from .builder import ENGINE


def _setup_solo(seed: int) -> tuple[ArcadiaState, list[A.Action]]:
    """A solo game played by the AI up to its first Day; every action taken on the way."""
    s = ENGINE.setup(seats_for(1), parse_options(ENGINE, {}), seed)
    ai, rng = ArcadiaAI(), Rng(seed_from(seed, "x"))
    taken: list[A.Action] = []
    while s.phase != "day" and ENGINE.to_act(s):
        a = ai.choose(ENGINE, s, 0, rng)
        taken.append(a)
        s = ENGINE.apply(s, 0, a).state
    return s, taken


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_solo_treasures_go_farthest_from_the_base_camp(seed: int) -> None:
    s, taken = _setup_solo(seed)
    assert s.phase == "day"
    assert not any(isinstance(a, A.PlaceTreasure) for a in taken)
    base = s.players[0].base
    assert base is not None
    dist = distances(s, base)
    held = {x: sum(1 for t in c.treasures if t.item is None) for x, c in s.cells.items()}
    placed = sum(held.values())
    assert placed > 0 and not s.players[0].treasures
    # One treasure each (fewer treasures than leagues), under the leagues farthest away,
    # ties to the earliest placed.
    far = sorted(s.cells, key=lambda x: (-dist.get(x, -1), s.cells[x].order))[:placed]
    assert {x for x, n in held.items() if n} == set(far)
    assert all(n <= 1 for n in held.values())
