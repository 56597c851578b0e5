"""Boards designed for the inline view (issue 35): Discord shows a picture in the channel
about 550 px wide, and players open it only when they must. Over the seeded positions of
``tests/test_picture_text.py`` every board is drawn with the drawing trace on, and the
trace shows that

- what a player needs every turn is marked as such (``write(..., read=role)``): the turn
  line, the scores, and on a map the pieces;
- each of those texts is still readable when the picture is scaled to 550 px wide: its
  capital letters at least ``MIN_GLYPH`` pixels tall there;
- the picture uses its canvas: at most ``MAX_EMPTY`` of it, in 25 px squares at the inline
  size, is bare background.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines import registry
from engines.core.protocol import View
from engines.core.render_kit import (
    INLINE_WIDTH,
    MIN_GLYPH,
    READ_ROLES,
    Trace,
    cap_height,
    clear_caches,
    readable_size,
    tracing,
)
from tests.test_picture_text import SEEDS, positions

# Squares of bare background allowed, as a share of the picture at the inline size.
MAX_EMPTY = 0.25
SQUARE = 25
# What each game's board must mark for reading inline: every game says whose turn it is and
# the scores; a game with a map says what stands where.
MAPS = {"wildlands", "awoken", "wrath", "war", "arcadia", "root", "northgard"}
REQUIRED = {game: {"turn", "score"} | ({"pieces"} if game in MAPS else set()) for game in SEEDS}


def drawn(game: str, view: View) -> tuple[Trace, Image.Image]:
    """The board of ``view`` drawn from empty caches, with what it traced."""
    clear_caches()
    with tracing() as trace:
        png = registry.entry(game).render(view)
    return trace, Image.open(io.BytesIO(png))


def inline_height(size: int, bold: bool, width: int) -> float:
    """How tall a capital letter at type ``size`` reads on a picture ``width`` wide shown
    ``INLINE_WIDTH`` wide."""
    return cap_height(size, bold) * min(1.0, INLINE_WIDTH / width)


def empty_share(img: Image.Image) -> float:
    """The share of ``SQUARE``-pixel squares of the picture at the inline size that are one
    flat colour: the picture's background, or a panel left bare."""
    img = img.convert("RGB")
    small = img.resize((INLINE_WIDTH, max(1, round(img.height * INLINE_WIDTH / img.width))))
    squares = bare = 0
    for y in range(0, small.height - SQUARE + 1, SQUARE):
        for x in range(0, small.width - SQUARE + 1, SQUARE):
            squares += 1
            extrema = small.crop((x, y, x + SQUARE, y + SQUARE)).getextrema()
            bare += all(hi - lo <= 6 for lo, hi in extrema)
    return bare / max(1, squares)


@pytest.fixture(scope="module", params=sorted(SEEDS))
def boards(request: pytest.FixtureRequest) -> tuple[str, list[tuple[View, Trace, Image.Image]]]:
    game = request.param
    return game, [(v, *drawn(game, v)) for v in positions(game, SEEDS[game])]


def test_the_roles_are_the_ones_a_board_can_mark() -> None:
    assert set().union(*REQUIRED.values()) <= set(READ_ROLES)


def test_every_board_marks_what_a_player_reads_every_turn(
    boards: tuple[str, list[tuple[View, Trace, Image.Image]]],
) -> None:
    game, drawn_boards = boards
    for view, trace, _ in drawn_boards:
        roles = {r.role for r in trace.reads}
        assert REQUIRED[game] <= roles, f"{view.title}: nothing marked {REQUIRED[game] - roles}"


def test_what_a_player_reads_every_turn_is_readable_inline(
    boards: tuple[str, list[tuple[View, Trace, Image.Image]]],
) -> None:
    _, drawn_boards = boards
    for view, trace, img in drawn_boards:
        small = sorted(
            {
                (r.role, r.text, round(inline_height(r.size, r.bold, img.width), 1))
                for r in trace.reads
                if inline_height(r.size, r.bold, img.width) < MIN_GLYPH
            }
        )
        assert small == [], f"{view.title} ({img.width} px wide): {small[:6]}"


def test_every_board_uses_its_canvas(
    boards: tuple[str, list[tuple[View, Trace, Image.Image]]],
) -> None:
    _, drawn_boards = boards
    for view, _, img in drawn_boards:
        share = empty_share(img)
        assert share <= MAX_EMPTY, f"{view.title}: {share:.0%} of the picture is bare"


def test_a_small_label_on_a_wide_picture_is_found_too_small() -> None:
    """The measure itself: 14 px type on a 1400 px picture reads about 4 px tall inline, on
    a picture 550 px wide or narrower at its own size."""
    assert inline_height(14, False, 1400) < MIN_GLYPH
    assert inline_height(14, False, 500) == cap_height(14)
    assert inline_height(32, True, 1400) >= MIN_GLYPH
    for width in (500, 1100, 1400):
        size = readable_size(width)
        assert (
            inline_height(size, False, width) >= MIN_GLYPH > inline_height(size - 1, False, width)
        )


def test_a_flat_picture_is_all_bare_and_a_busy_one_is_not() -> None:
    assert empty_share(Image.new("RGB", (1100, 800), (246, 242, 232))) == 1.0
    noise = Image.effect_noise((1100, 800), 64).convert("RGB")
    assert empty_share(noise) == 0.0
