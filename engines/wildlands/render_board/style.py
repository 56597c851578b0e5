"""The Wildlands board picture's measures and fixed colours (DESIGN.md "Pictures").

Sizes of the picture and its parts, and every fill of the board (wildlands.md §2, §13 board
features) kept exact in one fixed palette with the inks whose tints fill the rest of it.
"""

from __future__ import annotations

from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    PAPER,
    SEAT_COLOURS,
    TITLE_BG,
    TITLE_FG,
    readable_size,
    title_lines,
)

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

# The picture is read inline about 550 px wide (issue 35): the board takes the whole width so
# its spaces can hold pieces in type that reads there, and the players' panel sits under it.
WIDTH = 1300
TITLE_H = 56  # a title on one line; a longer one gets a taller bar (``title_height``)
MARGIN = 14
# Type a player reads every turn (pieces, scores, the last event): capitals 9 px tall inline.
READ_SIZE = readable_size(WIDTH, True)
FOOTER_LINES = 2
FOOTER_H = 40 * FOOTER_LINES + 12
BOARD_H = 816  # the board's height: six rows of spaces, each with three rows of pieces
# The board is above it, the players' panel (and the key) under it; a title on more lines
# moves both down (``Geometry.panel_top``).
PANEL_TOP = TITLE_H + 8 + BOARD_H + 8
# The panel is as tall as its entries need, from PANEL_H up, PANEL_STEP at a time (few
# heights, so few static boards to cache): a bare panel would waste the inline view.
PANEL_H = 260
PANEL_STEP = 60
HEIGHT = PANEL_TOP + PANEL_H + FOOTER_H  # the picture's least height
GAP = 18  # space between neighbouring boxes, where paths, ladders, walls and belts show
ROW_H = 38  # one row of pieces in a space; the first row starts after the space number
PIECE_H = 32  # a piece's height in its row, leaving room for a ring around it

GROUND: RGB = (232, 226, 210)
HIGH_FILL: RGB = (196, 182, 150)
HATCH: RGB = (150, 132, 98)
ICE_FILL: RGB = (212, 235, 250)
ICE_EDGE: RGB = (70, 130, 180)
CRACK: RGB = (90, 140, 185)
PATH: RGB = (168, 158, 138)
LADDER: RGB = (112, 70, 28)
DAMAGE: RGB = (200, 16, 32)
HIGHLIGHT: RGB = (240, 228, 66)
PANEL: RGB = (234, 229, 216)
BELT_COLOURS: dict[str, RGB] = {"blue": PALETTE["blue"], "red": PALETTE["vermillion"]}
# Every fill of the board, kept exact in its fixed palette; the inks are the text colours
# whose antialiased tints fill the rest of it.
COLOURS: tuple[RGB, ...] = (
    PAPER,
    PANEL,
    GROUND,
    HIGH_FILL,
    HATCH,
    ICE_FILL,
    ICE_EDGE,
    CRACK,
    PATH,
    LADDER,
    DAMAGE,
    HIGHLIGHT,
    TITLE_BG,
    INK,
    MUTED,
    (255, 255, 255),
    *SEAT_COLOURS,
    *PALETTE.values(),
    *BELT_COLOURS.values(),
)
INKS: tuple[RGB, ...] = (INK, MUTED, (255, 255, 255), TITLE_FG, PAPER, ICE_EDGE)


def title_height(title: str) -> int:
    """The title bar's height: one line of ``READ_SIZE`` type, or as many as the title
    needs, never set smaller than reads inline."""
    lines = len(title_lines(title, WIDTH - 32, TITLE_H, READ_SIZE)[1])
    return TITLE_H if lines == 1 else 31 * (lines + 1)
