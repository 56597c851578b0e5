"""Colours and measures of the Arcadia pictures (DESIGN.md "Pictures"): terrain colours of
the league cards, seat colours of the characters, and their numbered discs; the fixed palette
every part of the pictures is drawn in (issue 20)."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    PAPER,
    SEAT_COLOURS,
    TITLE_BG,
    TITLE_FG,
    Sections,
    contrast_ink,
    write,
)

RGB = tuple[int, int, int]
WIDTH = 1400
MARGIN = 16
GAP = 10
TERRAIN_COLOURS: dict[str, RGB] = {
    "Ocean": (120, 170, 215),
    "Lake": (150, 195, 225),
    "River": (170, 205, 230),
    "Marsh": (160, 180, 140),
    "Forest": (120, 170, 110),
    "Fields": (215, 215, 140),
    "Hills": (200, 185, 130),
    "Mountains": (170, 160, 150),
    "Road": (215, 200, 170),
    "Town": (220, 190, 170),
    "Castle": (190, 180, 200),
    "Ruins": (190, 175, 165),
    "Caves": (160, 150, 140),
    "Bridge": (200, 190, 175),
    "Border": (235, 235, 235),
}
WAYLAY_BG: RGB = (150, 30, 40)
TREASURE: RGB = (230, 180, 40)
PANEL: RGB = (234, 229, 216)
CARD_FILL: RGB = (225, 220, 210)  # a league of Border only
SITE_INK: RGB = (90, 40, 120)
WHITE: RGB = (255, 255, 255)
TITLE_H = 56


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, seat: int, label: str) -> None:
    colour = seat_colour(seat)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=2)
    write(draw, (cx, cy), label, int(r * 1.1), True, contrast_ink(colour), "mm")


# Every fill of the pictures kept exactly, and the inks whose antialiased tints fill the rest
# of the palette.
COLOURS: tuple[RGB, ...] = (
    PAPER,
    WHITE,
    INK,
    MUTED,
    TITLE_BG,
    PANEL,
    CARD_FILL,
    WAYLAY_BG,
    TREASURE,
    *TERRAIN_COLOURS.values(),
    *SEAT_COLOURS,
    *PALETTE.values(),
)
INKS: tuple[RGB, ...] = (INK, MUTED, WHITE, TITLE_FG, SITE_INK)
# A late game's map and character sheets weigh about 3.5 MB together: this keeps the last
# pictures of some fourteen tables.
SECTIONS = Sections(COLOURS, INKS, 48 << 20)
