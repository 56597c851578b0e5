"""Draw a Wildlands board with its figures, shards and objects (DESIGN.md "Pictures").

Shows the board features of wildlands.md §2 and §13: paths between adjacent spaces (a wall
is a missing path, marked with a bar), high ground (hatched, heavy outline), climb edges
(ladders), thin ice (pale blue with cracks) and conveyor belts (arrows in the belt colour).
Positions come from ``Board.layout``. The board takes the picture's whole width and the
players' panel sits under it, so pieces, scores and the last event are set in type that
reads where Discord shows the picture, about 550 px wide (issue 35). The static board is
drawn once per board, title bar height and panel height; the title, each occupied space,
each panel entry, the key and the footer are drawn over their patch of it once per content,
all in one fixed palette, and pasted together for each picture.

The parts live in sibling modules: ``style`` (measures and colours), ``static`` (space
positions and the board drawn once), ``tokens``, ``panel`` (entries and key), ``footer`` and
``layers`` (the cached patches); this module puts one picture together.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import partial

from PIL import Image, ImageDraw

from engines.core.render_kit import INK, draw_title, fixed_palette, indexed, trace_marker
from engines.wildlands.board import Board
from engines.wildlands.render_board.footer import draw_footer
from engines.wildlands.render_board.layers import INDEXED, Layers
from engines.wildlands.render_board.panel import (
    BASE_KEY,
    Chip,
    Entry,
    key_items,
    panel_height,
    panel_layers,
)
from engines.wildlands.render_board.static import Geometry, features, static_board
from engines.wildlands.render_board.style import (
    COLOURS,
    FOOTER_H,
    HEIGHT,
    HIGHLIGHT,
    INKS,
    RGB,
    WIDTH,
    title_height,
)
from engines.wildlands.render_board.tokens import (
    Token,
    draw_space_pieces,
    plan_space,
    tokens_by_space,
)

__all__ = ["BASE_KEY", "HEIGHT", "WIDTH", "Chip", "Entry", "Token", "draw_board"]


def draw_board(
    board: Board,
    tokens: Sequence[Token],
    *,
    title: str,
    legend: Sequence[Entry | tuple[RGB, str]] = (),
    footer: Sequence[str] = (),
    highlight: Iterable[int] = (),
    colours: tuple[RGB, ...] = (),
    key: Mapping[str, str] | None = None,
) -> Image.Image:
    """The public picture of ``board``: title, board with its pieces, the panel under it
    (the ``legend`` entries, then a key for every kind of marker drawn, from ``BASE_KEY`` and
    the caller's ``key``, and the board's features), and the footer, as palette indices ready
    to encode. ``colours`` are the caller's token fills, kept exact in the palette.

    The board alone is drawn once; each dynamic part (the title, every occupied or
    highlighted space, each panel entry, the key, the footer) is drawn over its own patch of
    it and reused while its content is unchanged, so a move redraws only what it touched."""
    fills = (*COLOURS, *colours)
    palette = fixed_palette(fills, INKS)
    title_h = title_height(title)
    entries = [e if isinstance(e, Entry) else Entry(*e) for e in legend]
    by_space = tokens_by_space(board, tokens)
    marked = sorted(set(highlight))
    for s in marked:
        if s not in board.layout:
            raise ValueError(f"Space {s} is not on {board.name}, so it cannot be highlighted.")
    geometry = Geometry(board, title_h)
    kinds = _kinds_drawn(geometry, by_space, marked)
    items = key_items(kinds, {**BASE_KEY, **(key or {})}, features(board))
    panel_h = panel_height(entries, items, geometry.panel_top)
    height = geometry.panel_top + panel_h + FOOTER_H
    static = static_board(board, geometry, height)
    scope = (board.id, title_h, height)
    layers = Layers(scope, static, fills, palette)
    img = INDEXED.get((*scope, fills), lambda: indexed(static, palette)).copy()
    for s in sorted(set(by_space) | set(marked)):
        here = tuple(by_space.get(s, ()))
        lit = s in marked

        def draw_space(
            draw: ImageDraw.ImageDraw,
            dx: float,
            dy: float,
            s: int = s,
            here: tuple[Token, ...] = here,
        ) -> None:
            x0, y0, x1, y1 = geometry.box(s)
            x0, y0, x1, y1 = x0 + dx, y0 + dy, x1 + dx, y1 + dy
            if s in marked:
                trace_marker("highlight")
                draw.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), 15, outline=INK, width=2)
                draw.rounded_rectangle(
                    (x0 - 3, y0 - 3, x1 + 3, y1 + 3), 14, outline=HIGHLIGHT, width=5
                )
            plan = plan_space(lambda row_h: shifted(geometry.rows(s, row_h), dx, dy), here)
            draw_space_pieces(draw, plan, (x0, y0, x1, y1))

        layers.paste(img, ("space", s, lit, here), geometry.patch(s), draw_space)
    layers.paste(
        img,
        ("title", title),
        (0, 0, WIDTH, title_h + 1),
        lambda draw, dx, dy: draw_title(draw, WIDTH, title, title_h),
    )
    panel_layers(layers, img, entries, items, panel_h, geometry.panel_top)
    layers.paste(
        img,
        ("footer", tuple(footer)),
        (0, height - FOOTER_H + 1, WIDTH, height),
        lambda draw, dx, dy: draw_footer(draw, footer, height, dx, dy),
    )
    return img


def shifted(
    rows: Sequence[tuple[float, float, float]], dx: float, dy: float
) -> list[tuple[float, float, float]]:
    """``rows`` moved by (dx, dy) into a patch's coordinates."""
    return [(left + dx, right + dx, top + dy) for left, right, top in rows]


def _kinds_drawn(
    geometry: Geometry, by_space: Mapping[int, list[Token]], marked: Sequence[int]
) -> dict[str, Token | None]:
    """Each kind of marker the board shows, with a token to draw as its sample in the key:
    a plain one for a shape, one wearing the mark for a ring, a team tag or a treasure."""
    kinds: dict[str, Token | None] = {"highlight": None} if marked else {}
    for s, here in sorted(by_space.items()):
        plan = plan_space(partial(geometry.rows, s), here)
        if plan.folded:
            kinds["more"] = None
        for token, _, _, badge in plan.placed:
            if token is None:
                if not plan.folded or not badge.startswith("+"):
                    kinds["damage"] = None
                continue
            kinds.setdefault(token.kind, replace(token, ring=None, tag="", star=False))
            if token.ring:
                kinds.setdefault("ring", replace(token, tag="", star=False))
            if token.tag:
                kinds.setdefault("team", replace(token, ring=None, star=False))
            if token.star:
                kinds.setdefault("treasure", replace(token, ring=None, tag=""))
            if badge:
                kinds["damage"] = None
    return kinds
