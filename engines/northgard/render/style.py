"""Measures, colours and type sizes of the Northgard picture (northgard.md §2, §4), shared by
the map, its labels and the panel; the fixed palette every part of it is drawn in (issue 20)."""

from __future__ import annotations

from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    PAPER,
    SEAT_COLOURS,
    TITLE_BG,
    TITLE_FG,
    Sections,
    readable_size,
    trace_marker,
)

# A picture 1000 px wide is shown about 550 px wide inline (issue 35): what a player reads
# every turn is set at READ, the smallest type that still reads there; the rest at SMALL
# reads once the picture is opened.
WIDTH = 1000
MAP_W = 600
PANEL_X = MAP_W + 16
READ = readable_size(WIDTH, True)
SMALL = 17
LAND = (214, 222, 190)
TILE_EDGE = (170, 176, 150)
ROUGH = (150, 90, 30)
IMPASSABLE = (235, 120, 20)
LAKE = (90, 150, 210)
BUILD_ABBR = {
    "Farm": "Fa",
    "Woodcutter's Lodge": "Wl",
    "Rune Carver": "Rc",
    "Watchtower": "Wt",
    "Training Camp": "Tc",
    "Altar of Kings": "AK",
    "Fortress": "Fo",
    "Great Mead Hall": "MH",
}
ICON_COLOURS = {"F": (230, 159, 0), "W": (0, 120, 70), "R": (60, 90, 200)}
BEAST, BEAST_INK = (60, 30, 40), (255, 235, 235)
TOKEN = (120, 20, 20)  # Kaija and Scorched Earth, in white
BUILDINGS_FILL = (250, 240, 200)
WHITE = (255, 255, 255)
Point = tuple[float, float]
Rect = tuple[float, float, float, float]


MIN_TYPE = 11  # the smallest type on the map: still legible on a phone


def type_size(cell: float, k: float) -> int:
    return max(MIN_TYPE, int(cell * k))


def tint(colour: tuple[int, int, int], amount: float = 0.55) -> tuple[int, int, int]:
    r, g, b = colour
    return (
        int(r + (255 - r) * amount),
        int(g + (255 - g) * amount),
        int(b + (255 - b) * amount),
    )


def trace_slots(text: str) -> None:
    if "s" in text or "L" in text:
        trace_marker("slots")
    if "P" in text:
        trace_marker("lair")


# Every fill of the picture kept exactly (territories are tinted by their controller's colour),
# and the inks whose antialiased tints fill the rest of the palette.
COLOURS = (
    PAPER,
    WHITE,
    INK,
    MUTED,
    TITLE_BG,
    LAND,
    TILE_EDGE,
    ROUGH,
    IMPASSABLE,
    LAKE,
    BEAST,
    TOKEN,
    BUILDINGS_FILL,
    *ICON_COLOURS.values(),
    *SEAT_COLOURS,
    *(tint(c) for c in SEAT_COLOURS),
    *PALETTE.values(),
)
INKS = (INK, MUTED, WHITE, TITLE_FG, PAPER, BEAST_INK)
# A board's sections weigh about 1.4 MB: this keeps the last boards of some thirty tables.
SECTIONS = Sections(COLOURS, INKS, 48 << 20)
