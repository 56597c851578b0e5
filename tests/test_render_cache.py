"""Cached Root, Northgard and Arcadia pictures equal uncached ones pixel for pixel (issue 20):
seeded random games drawn move after move with warm caches, every few pictures compared with
the same view drawn from scratch."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.protocol import View
from tests.att.test_render_cache import assert_cache_invisible


@pytest.mark.parametrize("game", ["root", "northgard", "arcadia"])
@pytest.mark.parametrize("seed", [1, 2])
def test_board_is_the_same_from_the_cache(game: str, seed: int) -> None:
    assert_cache_invisible(game, seed, None)


def test_root_own_view_with_its_hand_is_the_same_from_the_cache() -> None:
    assert_cache_invisible("root", 3, 0)


def test_arcadia_character_sheets_are_the_same_from_the_cache() -> None:
    extras = registry.entry("arcadia").extras
    assert extras is not None

    def sheets(view: View) -> bytes | None:
        drawn = extras(view)
        return drawn[0][1] if drawn else None

    assert_cache_invisible("arcadia", 3, None, sheets)
