"""The map a placed tile grows (geometry.grown, issue 33) is the map built from every tile
(northgard.md §2): the same territories with the same pieces, contents, closed state and
neighbours, the same ids for every piece and segment, the same free cells facing the same
territories, over the maps of seeded games."""

from __future__ import annotations

from dataclasses import astuple

from engines.core.protocol import Seat
from engines.core.rng import Rng, seed_from
from engines.northgard.engine import NorthgardEngine
from engines.northgard.geometry import Map, _build, grown
from engines.northgard.options import NorthgardOptions

ENGINE = NorthgardEngine()


def placements_of_games(seeds: range, seats: int) -> set[tuple[tuple[str, int, int, int], ...]]:
    """Every sequence of placed tiles the seeded random games went through."""
    seen = set()
    for seed in seeds:
        s = ENGINE.setup([Seat(k, f"P{k}") for k in range(seats)], NorthgardOptions(), seed)
        rng = Rng(seed_from(seed, "map growth"))
        while asked := sorted(ENGINE.to_act(s)):
            seat = rng.choice(asked)
            s = ENGINE.apply(s, seat, rng.choice(ENGINE.legal_actions(s, seat))).state
            seen.add(tuple((t.tile, t.x, t.y, t.rot) for t in s.tiles))
    return seen


def same_map(a: Map, b: Map) -> None:
    assert (a.cells, a.seg_terr, a.edge, a.ordered, a.rank, a.by_tile) == (
        b.cells,
        b.seg_terr,
        b.edge,
        b.ordered,
        b.rank,
        b.by_tile,
    )
    assert list(a.root.items()) == list(b.root.items())
    # Every field of every territory; a territory's neighbours may come in another order.
    assert {t: astuple(ter) for t, ter in a.territories.items()} == {
        t: astuple(ter) for t, ter in b.territories.items()
    }


def test_a_grown_map_is_the_built_map() -> None:
    compared = 0
    for seats in (2, 3, 5):
        for tiles in placements_of_games(range(1, 6), seats):
            if len(tiles) < 2:
                continue
            compared += 1
            before = _build(tiles[:-1])
            before.free_cells()
            shown_before = {t: astuple(ter) for t, ter in before.territories.items()}
            after, built = grown(before, tiles[-1]), _build.__wrapped__(tiles)
            same_map(after, built)
            # The free cells handed on are the ones the built map finds, in the same order.
            assert after.faces is not None
            assert list(after.faces.items()) == list(built.free_cells().items())
            # Growing leaves the smaller map as it was: states still holding it share it.
            assert {t: astuple(ter) for t, ter in before.territories.items()} == shown_before
    assert compared > 100
