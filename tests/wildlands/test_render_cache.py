"""Cached Wildlands and Awoken pictures equal uncached ones pixel for pixel (issue 20)."""

from __future__ import annotations

import pytest

from tests.att.test_render_cache import assert_cache_invisible


@pytest.mark.parametrize("game", ["wildlands", "awoken"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_board_is_the_same_from_the_cache(game: str, seed: int) -> None:
    assert_cache_invisible(game, seed, None)


@pytest.mark.parametrize("game", ["wrath", "war"])
def test_wrath_and_war_boards_are_the_same_from_the_cache(game: str) -> None:
    """Their pictures add team tags, Ancients and a panel that grows with six players."""
    assert_cache_invisible(game, 1, None)
