"""Colours and measures of the Arcadia pictures (DESIGN.md "Pictures"): terrain colours of
the league cards, seat colours of the characters, the pieces drawn on a league (a
character's disc, a base camp's house, a treasure's diamond, a quest item's square), the
fixed palette every part of the pictures is drawn in (issue 20), and the record of where
every label and piece of a league card lands (``placements``: the check that nothing is
drawn outside its own league, issue 29)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

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
    font,
    trace_marker,
    write,
)

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]
# The character sheets' width (two sheets side by side).
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


# -- where a league card's labels and pieces land -----------------------------------------


@dataclass(frozen=True)
class Placement:
    """One label or piece drawn for the league at ``cell``: its ``kind`` ("text", a piece's
    kind, or "card" for the card itself on the page) and its ``box``; ``card`` is the box of
    the league card it belongs in, in the same coordinates."""

    cell: str
    kind: str
    box: Box
    card: Box


_placements: list[Placement] | None = None
_card: tuple[str, Box] = ("", (0, 0, 0, 0))


@contextmanager
def placements() -> Iterator[list[Placement]]:
    """Record where every league card's labels and pieces are drawn inside the ``with``
    block (cards come from the cache when they can: clear the caches first)."""
    global _placements
    previous, _placements = _placements, []
    try:
        yield _placements
    finally:
        _placements = previous


@contextmanager
def on_card(cell: str, box: Box) -> Iterator[None]:
    """Everything placed inside the block belongs to the league card at ``cell``."""
    global _card
    previous, _card = _card, (cell, box)
    try:
        yield
    finally:
        _card = previous


def placed(kind: str, box: Box) -> None:
    """Note that a ``kind`` of label or piece of the current card was drawn in ``box``."""
    if _placements is not None:
        _placements.append(Placement(_card[0], kind, box, _card[1]))


def text_box(xy: tuple[float, float], text: str, size: int, bold: bool, anchor: str) -> Box:
    """The box ``write`` fills with ``text`` at ``xy``."""
    left, top, right, bottom = font(size, bold).getbbox(text, anchor=anchor)
    x, y = round(xy[0]), round(xy[1])
    return (x + left, y + top, x + right, y + bottom)


def label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    bold: bool = False,
    fill: RGB = INK,
    anchor: str = "la",
    panel: Box | None = None,
    read: str | None = None,
) -> None:
    """``write`` on a league card, its box noted for ``placements``."""
    write(draw, xy, text, size, bold, fill, anchor, panel, read)
    placed("text", text_box(xy, text, size, bold, anchor))


# -- the pieces ---------------------------------------------------------------------------


def piece(draw: ImageDraw.ImageDraw, kind: str, box: Box, seat: int, size: int) -> None:
    """One piece on a league, in ``box``, numbered with ``seat + 1`` at type ``size``: a
    character's disc, a base camp's house (both in the seat colour), a treasure's diamond or
    a quest item's square (both gold)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    colour = seat_colour(seat) if kind in ("character", "base") else TREASURE
    if kind == "character":
        draw.ellipse(box, fill=colour, outline=INK, width=2)
    elif kind == "base":
        roof = y0 + (y1 - y0) * 0.4
        draw.polygon([(cx, y0), (x1, roof), (x1, y1), (x0, y1), (x0, roof)], fill=colour)
        draw.line([(cx, y0), (x1, roof), (x1, y1), (x0, y1), (x0, roof), (cx, y0)], INK, 2)
        cy = (roof + y1) / 2 + 1
    elif kind == "treasure":
        draw.polygon([(cx, y0), (x1, cy), (cx, y1), (x0, cy)], fill=colour, outline=INK)
    else:
        draw.rounded_rectangle(box, radius=3, fill=colour, outline=INK, width=2)
    ink = contrast_ink(colour)
    write(draw, (cx, cy), str(seat + 1), size, True, ink, "mm", read="pieces")
    trace_marker(kind)
    placed(kind, box)


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
