"""Layers of the ATT pictures (DESIGN.md "Pictures"; issue 20): every section of a picture
is drawn once per distinct content, in one fixed palette, and pasted as palette indices
afterwards, so a move redraws only what it changed and no picture needs a colour reduction.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PIL import Image, ImageDraw

from engines.att.render.symbols import (
    BANNER_FILL,
    CARD_BACK_FILL,
    EMPTY_FILL,
    GOLD_RIM,
    GOLD_TEXT,
    LINE,
    MAP_FILL,
    NO_BACK_FILL,
    PANEL_FILL,
    SPENT_FILL,
    SUMMARY_TEXT,
    TT_FILL,
    Colour,
    Draw,
)
from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    PAPER,
    SEAT_COLOURS,
    TITLE_BG,
    TITLE_FG,
    LayerCache,
    blank_page,
    canvas,
    exact_index,
    fixed_palette,
    indexed,
    pixels,
)

Box = tuple[int, int, int, int]
DrawBox = Callable[[Draw, Box], None]
# Every fill of the ATT pictures, kept exactly in the fixed palette; the inks are the text
# colours whose antialiased tints fill the rest of it.
COLOURS: tuple[Colour, ...] = (
    PAPER,
    PANEL_FILL,
    EMPTY_FILL,
    (255, 255, 255),
    TITLE_BG,
    INK,
    MUTED,
    LINE,
    *SEAT_COLOURS,
    *PALETTE.values(),
    SPENT_FILL,
    TT_FILL,
    BANNER_FILL,
    GOLD_RIM,
    CARD_BACK_FILL,
    MAP_FILL,
    NO_BACK_FILL,
)
INKS: tuple[Colour, ...] = (INK, MUTED, (255, 255, 255), TITLE_FG, GOLD_TEXT, SUMMARY_TEXT)
# Sections drawn once per distinct content: a move changes a few of them (the title, the
# acting player's panel, a Location, a die), the rest repeat. A board's sections weigh about
# 1.5 MB, so this keeps the last boards of some forty tables.
_SECTIONS: LayerCache[Image.Image] = LayerCache(64 << 20, pixels)


def palette() -> Image.Image:
    return fixed_palette(COLOURS, INKS)


def section(kind: str, key: Hashable, box: Box, draw_box: DrawBox) -> Image.Image:
    """The section ``kind`` drawn in ``box`` (both corners inclusive, as PIL draws them),
    from the cache while ``key`` (everything it shows) is unchanged. ``draw_box`` draws in
    the box moved to the origin."""
    x0, y0, x1, y1 = box

    def make() -> Image.Image:
        img = canvas(x1 - x0 + 1, y1 - y0 + 1)
        draw_box(ImageDraw.Draw(img), (0, 0, x1 - x0, y1 - y0))
        return indexed(img, palette())

    return _SECTIONS.get((kind, x1 - x0, y1 - y0, key), make)


def key(*parts: object) -> str:
    """A section's cache key: the repr of the plain view data it shows."""
    return repr(parts)


class Layers:
    """A picture being composed: cached sections pasted onto the paper background."""

    def __init__(self, width: int, height: int) -> None:
        self.img = blank_page(palette(), width, height, exact_index(COLOURS, INKS, PAPER))

    def add(self, kind: str, key: Hashable, box: Box, draw_box: DrawBox) -> None:
        self.img.paste(section(kind, key, box, draw_box), box[:2])
