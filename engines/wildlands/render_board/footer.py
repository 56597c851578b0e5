"""The footer of the Wildlands board picture (DESIGN.md "Pictures"; issue 35): the newest
events that fit its lines whole, oldest first, in type that reads inline.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engines.core.render_kit import INK, wrap_lines, write
from engines.wildlands.render_board.style import (
    FOOTER_H,
    FOOTER_LINES,
    HEIGHT,
    MARGIN,
    READ_SIZE,
    WIDTH,
)

SMALL = 20  # an event longer than the footer's lines at READ_SIZE is set this small


def _footer_lines(footer: Sequence[str], size: int) -> list[str]:
    """The newest events that fit the footer whole, wrapped, oldest first."""
    lines: list[str] = []
    for event in reversed(footer):
        wrapped = wrap_lines(event, size, WIDTH - 2 * MARGIN - 8)
        if lines and len(lines) + len(wrapped) > FOOTER_LINES:
            break
        lines = wrapped + lines
    return lines


def draw_footer(
    draw: ImageDraw.ImageDraw,
    footer: Sequence[str],
    height: int = HEIGHT,
    dx: float = 0,
    dy: float = 0,
) -> None:
    """The footer at the foot of a picture ``height`` tall."""
    size, role = READ_SIZE, "last"
    lines = _footer_lines(footer, size)
    if len(lines) > FOOTER_LINES:
        # Too long to read inline: set smaller so it still fits whole (open the picture).
        size, role = SMALL, None
        lines = _footer_lines(footer, size)
    step = (FOOTER_H - 12) / max(FOOTER_LINES, len(lines))
    y = height - FOOTER_H + 8 + dy
    for line in lines:
        write(draw, (MARGIN + 4 + dx, y + step / 2), line, size, False, INK, "lm", read=role)
        y += step
