"""Tokens on the Wildlands board (DESIGN.md "Pictures"): figures, minions, Ancients,
shards and objects (wildlands.md §2) by shape, up to four per space, with damage badges.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import ImageDraw

from engines.core.render_kit import (
    INK,
    PAPER,
    contrast_ink,
    font,
    text_width,
    trace_marker,
)
from engines.wildlands.board import Board
from engines.wildlands.render_board.style import DAMAGE, RGB, SLOTS, Box

# Figures first, so a crowded space still shows who is there.
SHAPE_ORDER = {"ancient": 0, "figure": 1, "minion": 2, "shard": 3, "object": 4}


@dataclass(frozen=True)
class Token:
    """One thing standing on a space."""

    space: int
    label: str
    colour: RGB
    damage: int = 0
    health: int | None = None
    shape: Literal["figure", "minion", "ancient", "object", "shard"] = "figure"
    ring: RGB | None = None
    # The key's name for this kind of token when its shape alone does not say it (a
    # revealed object's kind, a knocked-out figure).
    marker: str = ""

    @property
    def kind(self) -> str:
        return self.marker or self.shape


def tokens_by_space(board: Board, tokens: Sequence[Token]) -> dict[int, list[Token]]:
    by_space: dict[int, list[Token]] = {}
    for token in tokens:
        if token.space not in board.layout:
            raise ValueError(f"A token is on space {token.space}, which is not on {board.name}.")
        by_space.setdefault(token.space, []).append(token)
    return {s: sorted(here, key=lambda t: SHAPE_ORDER[t.shape]) for s, here in by_space.items()}


def draw_space_tokens(draw: ImageDraw.ImageDraw, area: Box, here: list[Token]) -> None:
    """Up to four tokens in a 2 x 2 grid; a crowded space shows three and "+N"."""
    x0, y0, x1, y1 = area
    sw, sh = (x1 - x0) / 2, (y1 - y0) / 2
    size = min(sw, sh) - 2
    shown = here if len(here) <= SLOTS else here[: SLOTS - 1]
    for i, token in enumerate(shown):
        draw_token(draw, token, (x0 + sw * (i % 2 + 0.5), y0 + sh * (i // 2 + 0.5)), size)
    if len(shown) < len(here):
        trace_marker("more")
        centre = (x0 + sw * 1.5, y0 + sh * 1.5)
        extra = f"+{len(here) - len(shown)}"
        draw.text(
            centre,
            extra,
            font=font(22, bold=True),
            fill=INK,
            anchor="mm",
            stroke_width=3,
            stroke_fill=PAPER,
        )


def draw_token(
    draw: ImageDraw.ImageDraw,
    token: Token,
    centre: tuple[float, float],
    size: float,
    badge: bool = True,
) -> None:
    """A token of ``size`` pixels at ``centre``, with its damage badge unless ``badge`` is
    off (the panel's chips and the key's samples)."""
    trace_marker(token.kind)
    cx, cy = centre
    r = size / 2
    if token.ring:
        trace_marker("ring")
        # A halo in the ring colour with an ink rim shows on any fill; the token shrinks
        # inside it so it never spills into the next slot.
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=token.ring, outline=INK, width=1)
        r -= 5
    if token.shape == "figure":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=token.colour, outline=INK, width=2)
    elif token.shape == "minion":
        q = r * 0.88
        box = (cx - q, cy - q, cx + q, cy + q)
        draw.rounded_rectangle(box, 6, fill=token.colour, outline=INK, width=2)
    else:
        corners = _outline(token.shape, cx, cy, r)
        draw.polygon(corners, fill=token.colour, outline=INK, width=2)
    if token.label:
        small = token.shape in ("object", "shard")
        pt = _label_size(token.label, 2 * r * (0.62 if small else 0.82))
        ink = contrast_ink(token.colour)
        draw.text((cx, cy), token.label, font=font(pt, bold=True), fill=ink, anchor="mm")
    if badge and (token.damage or token.health is not None):
        trace_marker("damage")
        text = str(token.damage) if token.health is None else f"{token.damage}/{token.health}"
        draw_badge(draw, text, (cx + size * 0.4, cy - size * 0.45))


def _outline(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Polygon corners: a hexagon for an Ancient, a diamond for an object counter, a tall
    crystal for a shard."""
    if shape == "ancient":
        r *= 1.08  # a flat-topped hexagon looks smaller than a disc of the same radius
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (math.pi / 3 * k for k in range(6))
        ]
    if shape == "object":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    w = r * 0.62
    return [
        (cx, cy - r),
        (cx + w, cy - r * 0.4),
        (cx + w, cy + r * 0.4),
        (cx, cy + r),
        (cx - w, cy + r * 0.4),
        (cx - w, cy - r * 0.4),
    ]


def _label_size(label: str, max_width: float) -> int:
    size = 20
    while size > 10 and text_width(label, size, bold=True) > max_width:
        size -= 1
    return size


def draw_badge(draw: ImageDraw.ImageDraw, text: str, at: tuple[float, float]) -> None:
    """Damage against health on a red pill."""
    cx, cy = at
    half = max(10.0, text_width(text, 14, bold=True) / 2 + 5)
    pill = (cx - half, cy - 10, cx + half, cy + 10)
    draw.rounded_rectangle(pill, 10, fill=DAMAGE, outline=PAPER, width=2)
    draw.text((cx, cy), text, font=font(14, bold=True), fill=(255, 255, 255), anchor="mm")
