"""Cached Root, Northgard and Arcadia pictures equal uncached ones pixel for pixel (issue 20):
seeded random games drawn move after move with warm caches, every few pictures compared with
the same view drawn from scratch. Arcadia's games are followed past character building, until
leagues lie on the map (about move 200)."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.protocol import View
from tests.att.test_render_cache import assert_cache_invisible

ARCADIA_MOVES = 260


@pytest.mark.parametrize("game", ["root", "northgard"])
@pytest.mark.parametrize("seed", [1, 2])
def test_board_is_the_same_from_the_cache(game: str, seed: int) -> None:
    assert_cache_invisible(game, seed, None)


@pytest.mark.parametrize("seed", [1, 2])
def test_arcadia_map_with_its_leagues_is_the_same_from_the_cache(seed: int) -> None:
    assert_cache_invisible("arcadia", seed, None, moves=ARCADIA_MOVES)


def test_root_own_view_with_its_hand_is_the_same_from_the_cache() -> None:
    assert_cache_invisible("root", 3, 0)


def test_arcadia_character_sheets_are_the_same_from_the_cache() -> None:
    extras = registry.entry("arcadia").extras
    assert extras is not None

    def sheets(view: View) -> bytes | None:
        drawn = extras(view)
        return drawn[0][1] if drawn else None

    assert_cache_invisible("arcadia", 3, None, sheets, ARCADIA_MOVES)
