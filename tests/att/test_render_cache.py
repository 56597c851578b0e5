"""Cached pictures equal uncached ones pixel for pixel (issue 20): seeded random games are
drawn move after move with warm caches, and every few moves the same view is drawn again
from scratch (every layer cache emptied)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bench.render_bench import seeded_views
from engines import registry
from engines.core.render_kit import clear_caches

MOVES = 48
EVERY = 6


def pixels(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    return img.convert("RGB")


def assert_cache_invisible(game: str, seed: int, viewer: int | None) -> None:
    render = registry.entry(game).render
    clear_caches()
    warm = [(view, render(view)) for view in seeded_views(game, seed, MOVES, viewer)]
    assert len(warm) > EVERY
    for view, cached in warm[::EVERY] + warm[-1:]:
        clear_caches()
        fresh = render(view)
        difference = ImageChops.difference(pixels(cached), pixels(fresh))
        assert difference.getbbox() is None, f"{game} seed {seed}: {view.title}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_att_board_is_the_same_from_the_cache(seed: int) -> None:
    assert_cache_invisible("att", seed, None)


def test_att_owner_view_is_the_same_from_the_cache() -> None:
    assert_cache_invisible("att", 4, 0)
