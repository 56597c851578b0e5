"""The Arcadia map picture (arcadia.md §3 "The map", §7 waylays): the league cards in their
grid cells, north up, and under them each player's strip (waylays in a hand are face down:
only their count shows) and the legend. Drawn from the View's data only."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engines.arcadia.render.league_card import card_height, draw_card
from engines.arcadia.render.style import GAP, MARGIN, SECTIONS, TITLE_H, WIDTH, disc
from engines.core.protocol import View
from engines.core.render_kit import (
    INK,
    MUTED,
    canvas,
    draw_title,
    encode,
    trace_legend,
    wrap_lines,
    write,
)


def _grid(cells: list[dict[str, Any]]) -> tuple[int, int, int, int]:
    xs = [c["x"] for c in cells] or [0]
    ys = [c["y"] for c in cells] or [0]
    return min(xs), max(xs), min(ys), max(ys)


# Every kind of marker the map draws, with its legend text.
LEGEND = (
    ("character", "① numbered disc: a character (player's number)"),
    ("base", "BASE n: base camp of player n"),
    ("treasure", "gold diamond: hidden treasure (owner's number)"),
    ("quest_site", "◆ designated quest site"),
    ("waylay", "▲ waylay in play (rating, ×wins still needed)"),
    ("unique", "★ Unique league"),
    ("trials", "⚠ league has trials"),
    ("turned", "↻ league turned half round; (x,y) its place"),
    ("side_terrain", "N E S W: terrain printed on that edge"),
)
LINE_SIZE, KEY_SIZE = 18, 16


def _player_lines(p: dict[str, Any], width: float) -> list[str]:
    quest = "; ".join(
        f"{q['name']}: {'done' if q['complete'] else ' / '.join(q['progress'])}"
        for q in p["quests"]
    )
    count = p["hand_count"]
    hand = f" · {count} waylay{'s' if count != 1 else ''} face down" if count else ""
    skip = " · loses next Day" if p["skip_next_day"] else ""
    line = f"{p['name']} ({p['icon']}, {p['court']}){hand}{skip} — {quest or 'no quest yet'}"
    return wrap_lines(line, LINE_SIZE, width)


def _legend_lines(width: float) -> list[str]:
    return wrap_lines("Legend: " + " · ".join(text for _, text in LEGEND), KEY_SIZE, width)


def _legend(
    draw: ImageDraw.ImageDraw, players: list[tuple[int, list[str]]], pile: int, width: int
) -> int:
    """The rule under the map, each player's strip (``players``: seat and wrapped lines),
    the waylay pile in solo play and the legend, from y = 0; returns the y under them."""
    draw.line((MARGIN, 0, width - MARGIN, 0), fill=MUTED, width=1)
    y = 6
    for seat, lines in players:
        disc(draw, MARGIN + 16, y + 14, 13, seat, str(seat + 1))
        for i, line in enumerate(lines):
            write(draw, (MARGIN + 38, y + 14 + 24 * i), line, LINE_SIZE, False, INK, "lm")
        y += max(32, 24 * len(lines) + 8)
    if pile:
        write(draw, (MARGIN, y + 8), f"Waylay pile: {pile} face down", 18)
        y += 30
    for kind, _ in LEGEND:
        trace_legend(kind)
    for line in _legend_lines(width - 2 * MARGIN):
        write(draw, (MARGIN, y + 6), line, KEY_SIZE, False, MUTED)
        y += 22
    return y + 26  # with the margin under the picture


def _card(
    cell: dict[str, Any], players: list[dict[str, Any]], box: tuple[float, float, float, float]
) -> tuple[Image.Image, tuple[int, int]]:
    """A league card as a cached section, and where it goes: its box's whole-pixel corner
    (the fraction of a pixel stays inside the section, so the card lands where it did)."""
    x0, y0, x1, y1 = box
    left, top = math.floor(x0), math.floor(y0)
    shifted = (x0 - left, y0 - top, x1 - left, y1 - top)
    size = (math.ceil(shifted[2]) + 1, math.ceil(shifted[3]) + 1)
    # Of the players a card shows only whose base camp and character stand on it, in order.
    here = [(p["seat"], p["base"] == cell["cell"], p["pos"] == cell["cell"]) for p in players]

    def make() -> Image.Image:
        img = canvas(*size)
        draw_card(img, ImageDraw.Draw(img), shifted, cell, players)
        return SECTIONS.indexed(img)

    return SECTIONS.layer("card", (repr(cell), tuple(here), shifted), make), (left, top)


def render(view: View) -> bytes:
    """The map: each league card, the players' strips and the legend are cached sections in
    one fixed palette (issue 20), drawn again only when what they show changes."""
    data = view.data
    cells: list[dict[str, Any]] = list(data["cells"])
    players = list(data["players"])
    x_lo, x_hi, y_lo, y_hi = _grid(cells)
    cols, rows = x_hi - x_lo + 1, y_hi - y_lo + 1
    card_w = min(300.0, (WIDTH - 2 * MARGIN - (cols - 1) * GAP) / cols)
    card_w = max(card_w, 200.0)
    # Every card as tall as the fullest one needs: no text is ever cut.
    card_h = max([150.0, card_w * 0.6, *(card_height(c, card_w) for c in cells)])
    map_w = cols * card_w + (cols - 1) * GAP + 2 * MARGIN
    width = int(max(WIDTH, map_w))
    strips = [(p["seat"], _player_lines(p, width - 2 * MARGIN - 40)) for p in players]
    pile = data["pile_count"] if data["solo"] else 0
    legend = SECTIONS.column(
        "legend", (repr(strips), pile), width, lambda d: _legend(d, strips, pile, width)
    )
    top = TITLE_H + MARGIN
    placed: list[tuple[Image.Image, tuple[int, int]]] = []
    if not cells:

        def draw_empty(d: ImageDraw.ImageDraw) -> None:
            write(d, (MARGIN, 20), "No leagues laid yet.", 22, False, MUTED)

        placed.append((SECTIONS.section("empty", (), (width, 70), draw_empty), (0, top)))
        map_bottom = top + 70
    else:
        for cell in cells:
            col = cell["x"] - x_lo
            row = y_hi - cell["y"]  # north up
            x0 = MARGIN + col * (card_w + GAP)
            y0 = top + row * (card_h + GAP)
            placed.append(_card(cell, players, (x0, y0, x0 + card_w, y0 + card_h)))
        map_bottom = int(top + rows * card_h + (rows - 1) * GAP)
    page = SECTIONS.page(width, map_bottom + 8 + legend.height)
    for img, at in placed:
        page.paste(img, at)
    page.paste(legend, (0, map_bottom + 8))

    def draw_bar(d: ImageDraw.ImageDraw) -> None:
        draw_title(d, width, data["title"], TITLE_H)

    page.paste(SECTIONS.section("title", data["title"], (width, TITLE_H + 1), draw_bar), (0, 0))
    return encode(page)
