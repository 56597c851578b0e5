"""Pieces on the Wildlands board (DESIGN.md "Pictures"; issue 35): figures, minions,
Ancients, shards and objects (wildlands.md §2), each a shape with its label in type that reads
inline (``READ_SIZE``), and its damage against health on a red badge beside it, never over it.

A space holds its pieces in rows, the first row after the space number: each piece goes in
the first row with room for it. When they do not all fit, unhurt pieces drop their badges
(the text view lists every health); when they still do not fit, the space is drawn compact
(smaller type, damage alone), and only then do the last ones fold into "+N".
Every label is drawn inside its own space and traced with the space as its panel, so the
picture tests can check it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import ImageDraw

from engines.core.render_kit import INK, PAPER, contrast_ink, text_width, trace_marker, write
from engines.wildlands.board import Board
from engines.wildlands.render_board.style import DAMAGE, PIECE_H, READ_SIZE, RGB, ROW_H, Box

# Figures first, so a crowded space still shows who is there.
SHAPE_ORDER = {"ancient": 0, "figure": 1, "minion": 2, "shard": 3, "object": 4}
PAD = 5  # room between a label and the end of its shape
TIP = 8  # how far an Ancient's pointed ends reach past its label's room
CRYSTAL_W = 18  # a shard's crystal, drawn beside its label
BADGE_GAP = 3
BADGE_PAD = 6  # room around a badge's text, or a tag's
STAR_W = 18


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
    # A short tag drawn in a white box just before the piece (a War team's number), so a
    # team never rests on colour alone.
    tag: str = ""
    # A treasure held: a small white star at the piece's right end, beside its label.
    star: bool = False

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


def badge_text(token: Token, always: bool, health: bool = True) -> str:
    """Damage against health ("1/3"), or damage alone for a piece that cannot be knocked
    out or without ``health`` (a crowded space); an unhurt piece shows its health only when
    ``always``."""
    if token.health is None or not health:
        return str(token.damage) if token.damage else ""
    return f"{token.damage}/{token.health}" if token.damage or always else ""


@lru_cache(maxsize=1024)
def label_width(text: str, size: int = READ_SIZE) -> float:
    return text_width(text, size, True)


def piece_width(token: Token, size: int = READ_SIZE, height: float = PIECE_H) -> float:
    """The width of ``token``'s shape (with its ring) drawn ``height`` tall, its label in
    type ``size``."""
    scale = height / PIECE_H
    ring = 6 if token.ring else 0
    tag = tag_width(token, size)
    if token.shape == "shard":
        label = 4 + label_width(token.label, size) if token.label else 0
        return tag + CRYSTAL_W * scale + label + ring
    inner = label_width(token.label, size) + (STAR_W * scale if token.star else 0)
    ends = 2 * PAD + {"ancient": 2 * TIP, "object": 12}.get(token.shape, 0)
    return tag + max(height, inner + ends * scale) + ring


def tag_width(token: Token, size: int = READ_SIZE) -> float:
    """The room a piece's tag takes before it, with the gap after it."""
    return label_width(token.tag, size) + 6 if token.tag else 0.0


def badge_width(text: str, size: int = READ_SIZE) -> float:
    return label_width(text, size) + BADGE_PAD if text else 0.0


@dataclass(frozen=True)
class Mode:
    """How large a space's pieces are drawn: type ``size``, pieces ``height`` tall in rows
    ``row_h`` apart."""

    size: int
    height: float
    row_h: float


# Every space is drawn FULL (its labels read inline) unless its pieces do not fit: then
# COMPACT, smaller but every piece still shown, before any folds into "+N".
FULL = Mode(READ_SIZE, PIECE_H, ROW_H)
COMPACT = Mode(22, 22, 28)  # a ring (3 px each side) stays inside its row
Row = tuple[float, float, float]  # (left, right, top) of a row of pieces
# A piece placed in a space: (token, x, y of its row's top, badge text); a None token is a
# badge set under its piece, or the "+N" of the pieces folded.
Placed = tuple[Token | None, float, float, str]


@dataclass(frozen=True)
class Plan:
    placed: tuple[Placed, ...]
    folded: int
    mode: Mode


def plan_space(rows_of: Callable[[float], Sequence[Row]], here: Sequence[Token]) -> Plan:
    """Where each piece of ``here`` goes, in the rows ``rows_of(row height)`` gives: every
    badge at full size, then only the hurt pieces' badges, then the compact size with the
    damage alone, and only then the last pieces folded into "+N"."""
    tries = ((FULL, True, True), (FULL, False, True), (COMPACT, False, False))
    for mode, always, health in tries:
        units = [(t, badge_text(t, always, health)) for t in here]
        placed = _flow(rows_of(mode.row_h), units, mode)
        if placed is not None:
            return Plan(tuple(placed), 0, mode)
    rows = rows_of(COMPACT.row_h)
    for shown in range(len(here) - 1, -1, -1):
        units = [(t, badge_text(t, False, False)) for t in here[:shown]]
        placed = _flow(rows, [*units, (None, f"+{len(here) - shown}")], COMPACT)
        if placed is not None:
            return Plan(tuple(placed), len(here) - shown, COMPACT)
    return Plan((), len(here), COMPACT)


def unit_width(token: Token | None, badge: str, mode: Mode = FULL) -> float:
    """A piece with its badge beside it, or a lone badge or "+N" (``token`` None)."""
    if token is None:
        return badge_width(badge, mode.size)
    piece = piece_width(token, mode.size, mode.height)
    return piece + (BADGE_GAP + badge_width(badge, mode.size) if badge else 0)


def _flow(
    rows: Sequence[Row], units: Sequence[tuple[Token | None, str]], mode: Mode
) -> list[Placed] | None:
    """Each unit in the first row with room for it; a piece whose badge does not fit beside
    it in any row puts the badge under it in the next row. None when they do not all fit."""
    cursor = [left for left, _, _ in rows]
    placed: list[Placed] = []
    for token, badge in units:
        width = unit_width(token, badge, mode)
        row = next((r for r, (_, right, _) in enumerate(rows) if cursor[r] + width <= right), None)
        if row is not None:
            placed.append((token, cursor[row], rows[row][2], badge))
            cursor[row] += width + 6
            continue
        if token is None or not badge:
            return None
        # The badge goes under its piece: both rows need room from the same x.
        piece = piece_width(token, mode.size, mode.height)
        under = badge_width(badge, mode.size)
        for r in range(len(rows) - 1):
            x = max(cursor[r], cursor[r + 1])
            if x + piece <= rows[r][1] and x + under <= rows[r + 1][1]:
                placed.append((token, x, rows[r][2], ""))
                placed.append((None, x, rows[r + 1][2], badge))
                cursor[r], cursor[r + 1] = x + piece + 6, x + under + 6
                break
        else:
            return None
    return placed


def draw_space_pieces(draw: ImageDraw.ImageDraw, plan: Plan, space: Box) -> None:
    """The pieces of one space as ``plan`` places them; ``space`` is its box, every label's
    panel."""
    mode = plan.mode
    for token, x, top, badge in plan.placed:
        cy = top + mode.row_h / 2
        if token is None:
            if badge.startswith("+") and plan.folded:
                trace_marker("more")
                at = (x + 4, cy)
                write(draw, at, badge, mode.size, True, INK, "lm", space, _role(mode.size))
            else:
                draw_badge(draw, badge, (x, cy), space, mode.size, mode.height)
            continue
        width = piece_width(token, mode.size, mode.height)
        draw_piece(draw, token, (x, cy), width, space, mode.size, mode.height)
        if badge:
            at = (x + width + BADGE_GAP, cy)
            draw_badge(draw, badge, at, space, mode.size, mode.height)


def draw_piece(
    draw: ImageDraw.ImageDraw,
    token: Token,
    left_centre: tuple[float, float],
    width: float,
    space: Box | None = None,
    size: int = READ_SIZE,
    height: float = PIECE_H,
) -> None:
    """``token`` as a shape ``width`` wide from its left end at ``left_centre``, its label in
    type ``size`` (the board's pieces read inline; the panel's chips are smaller)."""
    trace_marker(token.kind)
    x, cy = left_centre
    half = height / 2
    if token.tag:
        trace_marker("team")
        tag_w = tag_width(token, size) - 2
        draw.rounded_rectangle((x, cy - half, x + tag_w, cy + half), 4, fill=PAPER, outline=INK)
        at = (x + tag_w / 2, cy)
        write(draw, at, token.tag, size, True, INK, "mm", space, _role(size))
        x, width = x + tag_w + 2, width - tag_w - 2
    if token.ring:
        trace_marker("ring")
        # A halo in the ring colour with an ink rim shows on any fill.
        ring = (x, cy - half - 3, x + width, cy + half + 3)
        draw.rounded_rectangle(ring, half + 3, fill=token.ring, outline=INK, width=1)
        x, width = x + 3, width - 6
    box = (x, cy - half, x + width, cy + half)
    if token.shape == "shard":
        crystal = CRYSTAL_W * height / PIECE_H
        _crystal(draw, (x, cy - half, x + crystal, cy + half), token.colour)
        if token.label:
            at = (x + crystal + 4, cy)
            write(draw, at, token.label, size, True, INK, "lm", space, _role(size))
        return
    if token.shape == "figure":
        draw.rounded_rectangle(box, half, fill=token.colour, outline=INK, width=2)
    elif token.shape == "minion":
        draw.rounded_rectangle(box, 4, fill=token.colour, outline=INK, width=2)
    elif token.shape == "ancient":
        tip = TIP * height / PIECE_H
        corners = [
            (x, cy),
            (x + tip, cy - half),
            (x + width - tip, cy - half),
            (x + width, cy),
            (x + width - tip, cy + half),
            (x + tip, cy + half),
        ]
        draw.polygon(corners, fill=token.colour, outline=INK, width=2)
    else:
        cut = 8 * height / PIECE_H
        corners = [
            (x + cut, cy - half),
            (x + width - cut, cy - half),
            (x + width, cy - half + cut),
            (x + width, cy + half - cut),
            (x + width - cut, cy + half),
            (x + cut, cy + half),
            (x, cy + half - cut),
            (x, cy - half + cut),
        ]
        draw.polygon(corners, fill=token.colour, outline=INK, width=2)
    # The label's room: inside the ends, before the star.
    scale = height / PIECE_H
    start = x + (TIP * scale if token.shape == "ancient" else 0) + PAD * scale
    end = x + width - (start - x)
    if token.star:
        trace_marker("treasure")
        end -= STAR_W * scale
        _star(draw, (end + STAR_W * scale / 2, cy), scale)
    if token.label:
        ink = contrast_ink(token.colour)
        write(draw, ((start + end) / 2, cy), token.label, size, True, ink, "mm", space, _role(size))


def _role(size: int) -> str | None:
    """A label drawn at the board's size is one a player reads inline."""
    return "pieces" if size >= READ_SIZE else None


def _crystal(draw: ImageDraw.ImageDraw, box: Box, colour: RGB) -> None:
    x0, y0, x1, y1 = box
    cx, h = (x0 + x1) / 2, y1 - y0
    corners = [
        (cx, y0),
        (x1, y0 + h * 0.3),
        (x1, y0 + h * 0.7),
        (cx, y1),
        (x0, y0 + h * 0.7),
        (x0, y0 + h * 0.3),
    ]
    draw.polygon(corners, fill=colour, outline=INK, width=2)


def _star(draw: ImageDraw.ImageDraw, at: tuple[float, float], scale: float = 1.0) -> None:
    """A small white four-point star with an ink rim, centred at ``at``."""
    cx, cy = at
    r, q = 9 * scale, 3 * scale
    points = [
        (cx, cy - r),
        (cx + q, cy - q),
        (cx + r, cy),
        (cx + q, cy + q),
        (cx, cy + r),
        (cx - q, cy + q),
        (cx - r, cy),
        (cx - q, cy - q),
    ]
    draw.polygon(points, fill=(255, 255, 255), outline=INK, width=1)


def draw_badge(
    draw: ImageDraw.ImageDraw,
    text: str,
    left_centre: tuple[float, float],
    space: Box | None = None,
    size: int = READ_SIZE,
    height: float = PIECE_H,
) -> None:
    """Damage against health on a red tab from its left end at ``left_centre``."""
    trace_marker("damage")
    x, cy = left_centre
    width = badge_width(text, size)
    tab = (x, cy - height / 2, x + width, cy + height / 2)
    draw.rounded_rectangle(tab, 6, fill=DAMAGE, outline=INK, width=1)
    write(draw, (x + width / 2, cy), text, size, True, (255, 255, 255), "mm", space, _role(size))
