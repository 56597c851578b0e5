"""The side panel of the Wildlands board picture (DESIGN.md "Pictures"): the caller's
entries (swatch, wrapped text, chips for the tokens they name, knocked-out figures) from the
top down, and under them a key with a sample of every kind of marker drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    text_width,
    trace_legend,
    wrap_lines,
    write,
)
from engines.wildlands.render_board.layers import Layers
from engines.wildlands.render_board.style import (
    FOOTER_H,
    GROUND,
    HEIGHT,
    HIGHLIGHT,
    MARGIN,
    PANEL_TOP,
    PANEL_W,
    RGB,
    WIDTH,
)
from engines.wildlands.render_board.tokens import Token, draw_badge, draw_token


@dataclass(frozen=True)
class Chip:
    """A token drawn small in the side panel beside the name it stands for."""

    token: Token
    name: str


@dataclass(frozen=True)
class Entry:
    """One block of the side panel: a swatch in ``colour`` (None: no swatch), ``text``
    wrapped to the panel (its first line bold; a newline starts a new line), the tokens it
    names (``chips``) and, in a strip of their own, its knocked-out figures (``out``)."""

    colour: RGB | None
    text: str
    chips: tuple[Chip, ...] = ()
    out: tuple[Chip, ...] = ()


# What each kind of marker means, for the key under the panel's entries; a game adds its own.
BASE_KEY: dict[str, str] = {
    "figure": "character, by its initials",
    "shard": "shard, by its player's number",
    "damage": "damage taken / health",
    "highlight": "the decision is about this space",
    "more": "more tokens here than fit",
}
TEXT_SIZE, LINE_H = 18, 23
CHIP_SIZE, CHIP_H = 15, 28
KEY_SIZE = 16
PANEL_PAD = 12


def _inner_width() -> int:
    return PANEL_W - 2 * PANEL_PAD


# A laid-out entry: ("text", x, y, line, bold) and ("chip", x, y, chip) items, and its height.
Item = tuple[str, float, float, object, bool]


@lru_cache(maxsize=512)
def _entry_items(entry: Entry) -> tuple[tuple[Item, ...], int]:
    """Where each line and chip of ``entry`` goes, relative to its top left corner."""
    items: list[Item] = []
    indent = 36 if entry.colour is not None else 0
    width = _inner_width() - indent
    y = 0.0
    head, _, rest = entry.text.partition("\n")
    for line in wrap_lines(head, TEXT_SIZE, width, True):
        items.append(("text", indent, y, line, True))
        y += LINE_H
    for line in wrap_lines(rest, TEXT_SIZE, width) if rest else []:
        items.append(("text", indent, y, line, False))
        y += LINE_H
    if entry.chips:
        y = _flow_chips(items, entry.chips, indent, y + 2, indent)
    if entry.out:
        label = "Knocked out:"
        items.append(("out", indent, y + 2, label, False))
        start = indent + text_width(label, CHIP_SIZE) + 8
        y = _flow_chips(items, entry.out, start, y + 2, indent)
    return tuple(items), round(y) + 10


def _chip_width(chip: Chip) -> float:
    return 2 * 13 + 6 + text_width(chip.name, CHIP_SIZE)


def _flow_chips(
    items: list[Item], chips: tuple[Chip, ...], x: float, y: float, indent: int
) -> float:
    """Chips left to right, a new row when the next does not fit; returns the y below them."""
    right = _inner_width()
    for chip in chips:
        w = _chip_width(chip)
        if x + w > right and x > indent:
            x, y = indent, y + CHIP_H
        items.append(("chip", x, y, chip, False))
        x += w + 14
    return y + CHIP_H


def _draw_entry(entry: Entry, draw: ImageDraw.ImageDraw, dx: float, dy: float, top: int) -> None:
    x0, y0 = WIDTH - PANEL_W - MARGIN + PANEL_PAD + dx, top + dy
    panel = (WIDTH - PANEL_W - MARGIN + dx, y0, WIDTH - MARGIN + dx, y0 + _entry_items(entry)[1])
    if entry.colour is not None:
        draw.rounded_rectangle(
            (x0, y0 + 1, x0 + 24, y0 + 25), 5, fill=entry.colour, outline=INK, width=2
        )
    items, _ = _entry_items(entry)
    for kind, x, y, what, bold in items:
        if kind == "text":
            write(draw, (x0 + x, y0 + y + LINE_H / 2), str(what), TEXT_SIZE, bold, INK, "lm", panel)
        elif kind == "out":
            trace_legend("knocked_out")
            write(
                draw, (x0 + x, y0 + y + CHIP_H / 2), str(what), CHIP_SIZE, False, MUTED, "lm", panel
            )
        else:
            assert isinstance(what, Chip)
            cy = y0 + y + CHIP_H / 2
            draw_token(draw, what.token, (x0 + x + 13, cy), 26, badge=False)
            name_x = x0 + x + 32
            write(draw, (name_x, cy), what.name, CHIP_SIZE, False, INK, "lm", panel)


@dataclass(frozen=True)
class _KeyRow:
    """One line of the key: a sample of the marker ``kind`` and what it means."""

    kind: str
    sample: Token | None
    lines: tuple[str, ...]


def key_rows(kinds: dict[str, Token | None], key: dict[str, str]) -> tuple[_KeyRow, ...]:
    """Rows for the marker kinds drawn, in the key's order; a kind the key cannot explain
    gets no row (the picture tests catch it)."""
    width = _inner_width() - 52
    return tuple(
        _KeyRow(kind, kinds[kind], tuple(wrap_lines(text, KEY_SIZE, width)))
        for kind, text in key.items()
        if kind in kinds
    )


def _key_row_height(row: _KeyRow) -> int:
    return max(30, 20 * len(row.lines) + 10)


def _key_height(rows: tuple[_KeyRow, ...]) -> int:
    return 34 + sum(_key_row_height(r) for r in rows) if rows else 0


def _draw_key(
    rows: tuple[_KeyRow, ...], draw: ImageDraw.ImageDraw, dx: float, dy: float, top: int
) -> None:
    x, y = WIDTH - PANEL_W - MARGIN + PANEL_PAD + dx, top + dy
    panel = (x - PANEL_PAD, y, WIDTH - MARGIN + dx, y + _key_height(rows))
    draw.line((x, y + 2, x + _inner_width(), y + 2), fill=MUTED, width=1)
    write(draw, (x, y + 18), "Key", TEXT_SIZE, True, INK, "lm", panel)
    y += 34
    for row in rows:
        h = _key_row_height(row)
        cy = y + h / 2
        trace_legend(row.kind)
        _draw_sample(draw, row, (x + 20, cy))
        for i, line in enumerate(row.lines):
            ly = cy - 10 * (len(row.lines) - 1) + 20 * i
            write(draw, (x + 52, ly), line, KEY_SIZE, False, INK, "lm", panel)
        y += h


def _draw_sample(draw: ImageDraw.ImageDraw, row: _KeyRow, at: tuple[float, float]) -> None:
    cx, cy = at
    if row.kind == "damage":
        draw_badge(draw, "1/3", (cx, cy))
    elif row.kind == "more":
        write(draw, (cx, cy), "+2", 20, True, INK, "mm")
    elif row.kind == "highlight":
        box = (cx - 18, cy - 13, cx + 18, cy + 13)
        draw.rounded_rectangle(box, 6, fill=GROUND, outline=HIGHLIGHT, width=5)
    elif row.sample is not None:
        draw_token(draw, row.sample, (cx, cy), 30, badge=False)


def panel_layers(
    layers: Layers, img: Image.Image, entries: Sequence[Entry], rows: tuple[_KeyRow, ...]
) -> None:
    """The entries from the top of the panel down, the key under them; an entry that
    would run into the key is left out and counted in a last line."""
    x0, x1 = WIDTH - PANEL_W - MARGIN, WIDTH - MARGIN
    key_h = _key_height(rows)
    bottom = HEIGHT - FOOTER_H - 10 - key_h
    top = y = PANEL_TOP + 10

    # Every entry and the key are drawn at the panel's top, below its rounded corners, where
    # the panel is plain: one drawing serves wherever the entries above push them.
    def paste(entry: Entry, y: int) -> int:
        h = _entry_items(entry)[1]
        box = (x0, top, x1, top + h)
        layers.paste(img, ("entry", entry), box, partial(_draw_entry, entry, top=top), (x0, y))
        return y + h

    for i, entry in enumerate(entries):
        # The last entry may use the room a note about the ones left out would need.
        room = bottom - (0 if i == len(entries) - 1 else LINE_H + 10)
        if y + _entry_items(entry)[1] > room:
            paste(Entry(None, f"(+{len(entries) - i} more not shown)"), y)
            break
        y = paste(entry, y)
    if rows:
        box = (x0, top, x1, top + key_h)
        layers.paste(img, ("key", rows), box, partial(_draw_key, rows, top=top), (x0, bottom))
