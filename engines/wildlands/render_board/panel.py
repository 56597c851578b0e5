"""The panel under the Wildlands board (DESIGN.md "Pictures"; issue 35): the caller's
entries in columns (swatch, a head and score in type that reads inline, wrapped text, chips for
the tokens they name, knocked-out figures), and along its foot a key with a sample of every
kind of marker drawn and every feature of the board.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from engines.core.render_kit import INK, MUTED, text_width, trace_legend, wrap_lines, write
from engines.wildlands.render_board.layers import Layers
from engines.wildlands.render_board.static import FEATURE_ICON_W, feature_icon
from engines.wildlands.render_board.style import (
    GROUND,
    HIGHLIGHT,
    MARGIN,
    PANEL_H,
    PANEL_STEP,
    PANEL_TOP,
    READ_SIZE,
    RGB,
    WIDTH,
)
from engines.wildlands.render_board.tokens import Token, draw_badge, draw_piece, piece_width


@dataclass(frozen=True)
class Chip:
    """A token drawn small in the panel beside the name it stands for (none: the token
    alone, as for the characters a player has not revealed yet)."""

    token: Token
    name: str


@dataclass(frozen=True)
class Entry:
    """One block of the panel: a swatch in ``colour`` (None: no swatch), ``text`` wrapped to
    its column (its first line bold; a newline starts a new line), the tokens it names
    (``chips``) and, in strips of their own, its figures not yet revealed (``hidden``) and
    its knocked-out ones (``out``).

    With a ``score`` (a seat's points, an Ancient's damage) the first line and the score
    under it are set in type that reads inline and marked for it (as ``role``); the rest is
    small print."""

    colour: RGB | None
    text: str
    chips: tuple[Chip, ...] = ()
    out: tuple[Chip, ...] = ()
    score: str = ""
    hidden: tuple[Chip, ...] = ()
    # What the large lines are for a player: "score", or "turn" for whom the game awaits.
    role: str = "score"


# What each kind of marker means, for the key under the panel's entries; a game adds its own.
BASE_KEY: dict[str, str] = {
    "figure": "character, by its initials (named in the panel)",
    "shard": "shard, by its player's number",
    "damage": "damage taken / health (a full space: damage alone, no tab when unhurt)",
    "highlight": "the decision is about this space",
    "more": "+N: more pieces here than fit (the text lists them)",
}
TEXT_SIZE, LINE_H = 19, 24
HEAD_H = READ_SIZE + 8
CHIP_SIZE, CHIP_H, CHIP_TOKEN_H = 16, 28, 24
KEY_SIZE, KEY_H = 16, 30
PAD = 12
COLUMNS, COLUMN_GAP = 4, 14
MAX_PANEL_H = PANEL_H + 8 * PANEL_STEP
SWATCH = 24
INSET = 2


def column_width() -> int:
    return (WIDTH - 2 * MARGIN - 2 * PAD - (COLUMNS - 1) * COLUMN_GAP) // COLUMNS


# A laid-out entry: ("text", x, y, line, (size, bold, role)), ("strip", x, y, label, kind of
# its chips) and ("chip", x, y, chip, None) items, and its height.
Item = tuple[str, float, float, object, object]


@lru_cache(maxsize=512)
def _entry_items(entry: Entry) -> tuple[tuple[Item, ...], int]:
    """Where each line and chip of ``entry`` goes, relative to its top left corner."""
    items: list[Item] = []
    indent = SWATCH + 8 if entry.colour is not None else 0
    # Lines start INSET in and stop INSET short, so no glyph's overhang leaves the column.
    width = column_width() - indent - 2 * INSET
    full = column_width() - 2 * INSET
    y = 0.0
    head, _, rest = entry.text.partition("\n")
    big = bool(entry.score)
    head_style = (READ_SIZE, True, entry.role) if big else (TEXT_SIZE, True, None)
    # Only the head sits beside the swatch; the lines under it use the column's width.
    for line in _wrap(head, head_style[0], width, True):
        items.append(("text", indent + INSET, y, line, head_style))
        y += HEAD_H if big else LINE_H
    if entry.score:
        for line in _wrap(entry.score, READ_SIZE, full):
            items.append(("text", INSET, y, line, (READ_SIZE, False, entry.role)))
            y += HEAD_H
    for line in _wrap(rest, TEXT_SIZE, full) if rest else []:
        items.append(("text", INSET, y, line, (TEXT_SIZE, False, None)))
        y += LINE_H
    if entry.chips:
        y = _flow_chips(items, entry.chips, 0, y + 2)
    for label, chips, kind in (
        ("Not revealed:", entry.hidden, "unrevealed"),
        ("Knocked out:", entry.out, "knocked_out"),
    ):
        if chips:
            items.append(("strip", INSET, y + 2, label, kind))
            start = INSET + text_width(label, CHIP_SIZE) + 8
            y = _flow_chips(items, chips, start, y + 2)
    return tuple(items), round(y) + 10


def _wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``wrap_lines``, and a word too wide for a line of its own is broken after a hyphen
    ('Longname-' and 'Smith'), so a long name set large still fits its column whole."""
    lines: list[str] = []
    for line in wrap_lines(text, size, width, bold):
        if text_width(line, size, bold) <= width or "-" not in line:
            lines.append(line)
            continue
        row = ""
        for word in line.split():
            for i, part in enumerate(re.findall(r"[^-]+-?|-", word)):
                candidate = row + (" " if row and i == 0 else "") + part
                if row and text_width(candidate, size, bold) > width:
                    lines.append(row)
                    row = part
                else:
                    row = candidate
        lines.append(row)
    return lines


def _chip_token_width(chip: Chip) -> float:
    return piece_width(chip.token, CHIP_SIZE, CHIP_TOKEN_H)


def _chip_width(chip: Chip) -> float:
    name = 6 + text_width(chip.name, CHIP_SIZE) if chip.name else 0
    return _chip_token_width(chip) + name


def _flow_chips(items: list[Item], chips: tuple[Chip, ...], x: float, y: float) -> float:
    """Chips left to right, a new row when the next does not fit; returns the y below them."""
    right = column_width()
    for chip in chips:
        w = _chip_width(chip)
        if x + w > right and x > 0:
            x, y = 0, y + CHIP_H
        items.append(("chip", x, y, chip, None))
        x += w + (12 if chip.name else 5)
    return y + CHIP_H


def _entry_height(entry: Entry) -> int:
    return _entry_items(entry)[1]


def _draw_entry(
    entry: Entry, draw: ImageDraw.ImageDraw, dx: float, dy: float, left: int, top: int
) -> None:
    x0, y0 = left + dx, top + dy
    panel = (x0, y0, x0 + column_width(), y0 + _entry_height(entry))
    if entry.colour is not None:
        swatch = (x0, y0 + 4, x0 + SWATCH, y0 + 4 + SWATCH)
        draw.rounded_rectangle(swatch, 5, fill=entry.colour, outline=INK, width=2)
    items, _ = _entry_items(entry)
    for kind, x, y, what, style in items:
        if kind == "text":
            assert isinstance(style, tuple)
            size, bold, role = style
            h = HEAD_H if size == READ_SIZE else LINE_H
            write(draw, (x0 + x, y0 + y + h / 2), str(what), size, bold, INK, "lm", panel, role)
        elif kind == "strip":
            trace_legend(str(style))
            at = (x0 + x, y0 + y + CHIP_H / 2)
            write(draw, at, str(what), CHIP_SIZE, False, MUTED, "lm", panel)
        else:
            assert isinstance(what, Chip)
            cy = y0 + y + CHIP_H / 2
            width = _chip_token_width(what)
            draw_piece(draw, what.token, (x0 + x, cy), width, None, CHIP_SIZE, CHIP_TOKEN_H)
            if what.name:
                at = (x0 + x + width + 6, cy)
                write(draw, at, what.name, CHIP_SIZE, False, INK, "lm", panel)


@dataclass(frozen=True)
class _KeyItem:
    """One item of the key: a sample of the marker (or board ``feature``) ``kind`` and
    what it means."""

    kind: str
    sample: Token | None
    text: str
    feature: bool


def key_items(
    kinds: dict[str, Token | None], key: dict[str, str], features: Sequence[tuple[str, str]]
) -> tuple[_KeyItem, ...]:
    """Items for the marker kinds drawn, in the key's order, then the board's features; a
    kind the key cannot explain gets no item (the picture tests catch it)."""
    marks = tuple(
        _KeyItem(kind, kinds[kind], text, False) for kind, text in key.items() if kind in kinds
    )
    return marks + tuple(_KeyItem(kind, None, text, True) for kind, text in features)


def _sample_width(item: _KeyItem) -> float:
    if item.sample is None or item.feature or item.kind in ("damage", "more", "highlight"):
        return FEATURE_ICON_W
    return max(FEATURE_ICON_W, piece_width(item.sample, KEY_SIZE, 24))


def _item_width(item: _KeyItem) -> float:
    return _sample_width(item) + 8 + text_width(item.text, KEY_SIZE) + 22


def _key_rows(items: tuple[_KeyItem, ...]) -> list[list[tuple[_KeyItem, float]]]:
    """The key's items left to right in rows across the panel."""
    room = WIDTH - 2 * MARGIN - 2 * PAD
    rows: list[list[tuple[_KeyItem, float]]] = [[]]
    x = 0.0
    for item in items:
        w = _item_width(item)
        if rows[-1] and x + w > room:
            rows.append([])
            x = 0.0
        rows[-1].append((item, x))
        x += w
    return rows


def key_height(items: tuple[_KeyItem, ...]) -> int:
    return KEY_H * len(_key_rows(items)) + 8 if items else 0


def _draw_key(
    items: tuple[_KeyItem, ...], draw: ImageDraw.ImageDraw, dx: float, dy: float, top: int
) -> None:
    left = MARGIN + PAD + dx
    y = top + dy
    panel = (left, y, WIDTH - MARGIN - PAD + dx, y + key_height(items))
    draw.line((left, y + 2, WIDTH - MARGIN - PAD + dx, y + 2), fill=MUTED, width=1)
    for r, row in enumerate(_key_rows(items)):
        cy = y + 8 + r * KEY_H + KEY_H / 2
        for item, x in row:
            if not item.feature:
                trace_legend(item.kind)
            _draw_sample(draw, item, (left + x, cy))
            at = (left + x + _sample_width(item) + 8, cy)
            write(draw, at, item.text, KEY_SIZE, False, INK, "lm", panel)


def _draw_sample(draw: ImageDraw.ImageDraw, item: _KeyItem, at: tuple[float, float]) -> None:
    x, cy = at
    if item.feature:
        feature_icon(draw, item.kind, x, cy - 16)
    elif item.kind == "damage":
        draw_badge(draw, "1/3", (x, cy), None, KEY_SIZE, 22)
    elif item.kind == "more":
        write(draw, (x + 4, cy), "+2", 20, True, INK, "lm")
    elif item.kind == "highlight":
        box = (x, cy - 12, x + FEATURE_ICON_W, cy + 12)
        draw.rounded_rectangle(box, 6, fill=GROUND, outline=HIGHLIGHT, width=5)
    elif item.sample is not None:
        width = piece_width(item.sample, KEY_SIZE, 24)
        draw_piece(draw, item.sample, (x, cy), width, None, KEY_SIZE, 24)


def _layout(entries: Sequence[Entry], top: float, bottom: float) -> list[tuple[Entry, int, int]]:
    """Each entry with its column and top, in the column with the most room left; from the
    first entry that fits no column, the rest are left out and counted in a note (which
    takes the place of the last entries placed if it must)."""
    for shown in range(len(entries), -1, -1):
        batch = list(entries[:shown])
        if shown < len(entries):
            batch.append(Entry(None, f"(+{len(entries) - shown} more not shown)"))
        placed = _columns(batch, top, bottom)
        if placed is not None:
            return placed
    return []


def _columns(
    entries: Sequence[Entry], top: float, bottom: float
) -> list[tuple[Entry, int, int]] | None:
    """The entries from ``top`` down, each in the column with the most room left; None
    when one goes past ``bottom``."""
    heights = [round(top)] * COLUMNS
    placed: list[tuple[Entry, int, int]] = []
    for entry in entries:
        column = min(range(COLUMNS), key=lambda c: (heights[c], c))
        if heights[column] + _entry_height(entry) > bottom:
            return None
        placed.append((entry, column, heights[column]))
        heights[column] += _entry_height(entry) + 4
    return placed


def panel_height(
    entries: Sequence[Entry], items: tuple[_KeyItem, ...], panel_top: int = PANEL_TOP
) -> int:
    """The panel's height: the least of ``PANEL_H`` and the ``PANEL_STEP`` steps above it
    that holds every entry (up to ``MAX_PANEL_H``; past it the last are counted in a note)."""
    for height in range(PANEL_H, MAX_PANEL_H + 1, PANEL_STEP):
        bottom = panel_top + height - 6 - key_height(items)
        if _columns(entries, panel_top + 10, bottom) is not None:
            return height
    return MAX_PANEL_H


def panel_layers(
    layers: Layers,
    img: Image.Image,
    entries: Sequence[Entry],
    items: tuple[_KeyItem, ...],
    panel_h: int = PANEL_H,
    panel_top: int = PANEL_TOP,
) -> None:
    """The entries in columns (``_layout``) and the key along the panel's foot, in a panel
    ``panel_h`` tall from ``panel_top``."""
    col_w = column_width()
    key_h = key_height(items)
    bottom = panel_top + panel_h - 6 - key_h
    top = panel_top + 10
    lefts = [MARGIN + PAD + c * (col_w + COLUMN_GAP) for c in range(COLUMNS)]
    # Every entry and the key are drawn at the panel's top left, inside its rounded corners,
    # where the panel is plain: one drawing serves wherever the layout puts them.
    for entry, column, y in _layout(entries, top, bottom):
        box = (lefts[0], top, lefts[0] + col_w, top + _entry_height(entry))
        draw = partial(_draw_entry, entry, left=lefts[0], top=top)
        layers.paste(img, ("entry", entry), box, draw, (lefts[column], y))
    if items:
        x0, x1 = MARGIN + PAD, WIDTH - MARGIN - PAD
        box = (x0, top, x1, top + key_h)
        layers.paste(img, ("key", items), box, partial(_draw_key, items, top=top), (x0, bottom))
