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
)

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

WIDTH, HEIGHT = 1300, 1100
TITLE_H = 56
MARGIN = 14
PANEL_W = 370
FEATURE_H = 34  # one row of the board-feature key under the board
FOOTER_LINES = 3
FOOTER_H = 30 * FOOTER_LINES + 12
GAP = 26  # space between neighbouring boxes, where paths, ladders, walls and belts show
NUMBER_H = 36  # band at the top of a box for the space number
SLOTS = 4  # tokens shown per space before the rest fold into "+N"

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
PANEL_TOP = TITLE_H + 10
