"""The footer of the Wildlands board picture (DESIGN.md "Pictures"): the newest events
that fit its lines whole, oldest first.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engines.core.render_kit import INK, wrap_lines, write
from engines.wildlands.render_board.style import FOOTER_H, FOOTER_LINES, HEIGHT, MARGIN, WIDTH


def _footer_lines(footer: Sequence[str]) -> list[str]:
    """The newest events that fit the footer whole, wrapped, oldest first."""
    lines: list[str] = []
    for event in reversed(footer):
        wrapped = wrap_lines(event, FOOTER_SIZE, WIDTH - 2 * MARGIN - 8)
        if lines and len(lines) + len(wrapped) > FOOTER_LINES:
            break
        lines = wrapped + lines
    return lines


FOOTER_SIZE = 22


def draw_footer(
    draw: ImageDraw.ImageDraw, footer: Sequence[str], dx: float = 0, dy: float = 0
) -> None:
    lines = _footer_lines(footer)
    # An event longer than the footer's lines is set smaller so it still fits whole.
    size = FOOTER_SIZE if len(lines) <= FOOTER_LINES else 16
    step = (FOOTER_H - 12) / max(FOOTER_LINES, len(lines))
    y = HEIGHT - FOOTER_H + 8 + dy
    for line in lines:
        write(draw, (MARGIN + 4 + dx, y + step / 2), line, size, False, INK, "lm")
        y += step
