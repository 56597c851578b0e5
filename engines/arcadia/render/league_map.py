"""The Arcadia map picture (arcadia.md §3 "The map", §7 waylays): the league cards in their
grid cells, north up, and under them each player's strip (waylays in a hand are face down:
only their count shows) and the legend. Drawn from the View's data only."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engines.arcadia.render.league_card import card_height, draw_card
from engines.arcadia.render.style import GAP, MARGIN, WIDTH, disc
from engines.core.protocol import View
from engines.core.render_kit import (
    INK,
    MUTED,
    canvas,
    title_bar,
    to_png,
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


def _legend_height(players: list[dict[str, Any]], data: dict[str, Any], width: int) -> int:
    rows = sum(max(32, 24 * len(_player_lines(p, width - 2 * MARGIN - 40)) + 8) for p in players)
    pile = 30 if data["solo"] and data["pile_count"] else 0
    return rows + pile + 22 * len(_legend_lines(width - 2 * MARGIN)) + 24


def _legend(
    draw: ImageDraw.ImageDraw,
    y: int,
    players: list[dict[str, Any]],
    data: dict[str, Any],
    width: int,
) -> int:
    for p in players:
        disc(draw, MARGIN + 16, y + 14, 13, p["seat"], str(p["seat"] + 1))
        lines = _player_lines(p, width - 2 * MARGIN - 40)
        for i, line in enumerate(lines):
            write(draw, (MARGIN + 38, y + 14 + 24 * i), line, LINE_SIZE, False, INK, "lm")
        y += max(32, 24 * len(lines) + 8)
    if data["solo"] and data["pile_count"]:
        write(draw, (MARGIN, y + 8), f"Waylay pile: {data['pile_count']} face down", 18)
        y += 30
    for kind, _ in LEGEND:
        trace_legend(kind)
    for line in _legend_lines(width - 2 * MARGIN):
        write(draw, (MARGIN, y + 6), line, KEY_SIZE, False, MUTED)
        y += 22
    return y + 8


def render(view: View) -> bytes:
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
    legend_h = _legend_height(players, dict(data), width)
    height = (
        int(56 + MARGIN + rows * card_h + (rows - 1) * GAP + MARGIN + legend_h)
        if cells
        else 56 + legend_h + 80
    )
    img = canvas(width, height)
    title_bar(img, data["title"])
    draw = ImageDraw.Draw(img)
    top = 56 + MARGIN
    if not cells:
        write(draw, (MARGIN, top + 20), "No leagues laid yet.", 22, False, MUTED)
        map_bottom = top + 70
    else:
        for cell in cells:
            col = cell["x"] - x_lo
            row = y_hi - cell["y"]  # north up
            x0 = MARGIN + col * (card_w + GAP)
            y0 = top + row * (card_h + GAP)
            draw_card(img, draw, (x0, y0, x0 + card_w, y0 + card_h), cell, players)
        map_bottom = int(top + rows * card_h + (rows - 1) * GAP)
    draw.line((MARGIN, map_bottom + 8, width - MARGIN, map_bottom + 8), fill=MUTED, width=1)
    _legend(draw, map_bottom + 14, players, dict(data), width)
    return to_png(img)
