"""Cached pictures equal uncached ones pixel for pixel (issue 20): seeded random games are
drawn move after move with warm caches, and every few moves the same view is drawn again
from scratch (every layer cache emptied)."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops

from bench.render_bench import seeded_views
from engines import registry
from engines.att.render.board import render_dice
from engines.core.protocol import View
from engines.core.render_kit import clear_caches

MOVES = 48
EVERY = 6


def pixels(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    return img.convert("RGB")


def assert_cache_invisible(
    game: str,
    seed: int,
    viewer: int | None,
    render: Callable[[View], bytes | None] | None = None,
    moves: int = MOVES,
) -> None:
    """Every ``EVERY``-th picture (and the last) of the first ``moves`` of a seeded game
    equals its uncached twin; ``render`` defaults to the game's board."""
    draw = render or registry.entry(game).render
    clear_caches()
    warm = [(view, draw(view)) for view in seeded_views(game, seed, moves, viewer)]
    shown = [(view, png) for view, png in warm if png is not None]
    assert len(shown) > EVERY
    for view, cached in shown[::EVERY] + shown[-1:]:
        clear_caches()
        fresh = draw(view)
        assert cached is not None and fresh is not None
        difference = ImageChops.difference(pixels(cached), pixels(fresh))
        assert difference.getbbox() is None, f"{game} seed {seed}: {view.title}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_att_board_is_the_same_from_the_cache(seed: int) -> None:
    assert_cache_invisible("att", seed, None)


def test_att_owner_view_is_the_same_from_the_cache() -> None:
    assert_cache_invisible("att", 4, 0)


def test_att_dice_pictures_are_the_same_from_the_cache() -> None:
    assert_cache_invisible("att", 5, None, render_dice)
