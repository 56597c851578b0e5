"""The Root picture (issue 13 "Pictures"; maps as root.md §17): the title, the map, the VP
track, one board per faction and, in a player's own view, their hand, drawn from the View's
data only. Each part is a cached layer in one fixed palette (issue 20): a move redraws only
the parts it changed and the picture goes to the encoder without a colour reduction."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core.protocol import View
from engines.core.render_kit import draw_title, encode, wrap_lines, write
from engines.root.render.faction_boards import draw_panels
from engines.root.render.style import MAP_H, PANEL_H, SECTIONS, TRACK_H, W
from engines.root.render.track import draw_track
from engines.root.render.woodland import draw_map

TITLE_H = 56
HAND_SIZE = 20
HAND_LINE = 28


def _hand_lines(view: View) -> list[str]:
    hand = ", ".join(f"{c['name']} ({c['suit']})" for c in view.data["hand"]) or "empty"
    return wrap_lines("Your hand: " + hand, HAND_SIZE, W - 32)


def render(view: View) -> bytes:
    data = dict(view.data)
    rows = (len(data["players"]) + 1) // 2
    hand = _hand_lines(view) if "hand" in data else []
    footer = len(hand) * HAND_LINE + 12 if hand else 0
    height = TITLE_H + MAP_H + TRACK_H + rows * PANEL_H + footer + 10
    page = SECTIONS.page(W, height)
    title = view.title
    if data["waiting"] and not data["winners"]:
        title += f" · waiting: {data['waiting'].replace('_', ' ')}"

    def draw_bar(draw: ImageDraw.ImageDraw) -> None:
        draw_title(draw, W, title, TITLE_H)

    draw_map(page, data, TITLE_H)
    draw_track(page, data, TITLE_H + MAP_H)
    draw_panels(page, data, TITLE_H + MAP_H + TRACK_H)
    # The bar's bottom row is its own (PIL boxes include both corners): pasted over the map.
    page.paste(SECTIONS.section("title", title, (W, TITLE_H + 1), draw_bar), (0, 0))
    if hand:

        def draw_hand(draw: ImageDraw.ImageDraw) -> None:
            for i, line in enumerate(hand):
                write(draw, (16, 4 + i * HAND_LINE), line, HAND_SIZE)

        strip = SECTIONS.section("hand", tuple(hand), (W, footer), draw_hand)
        page.paste(strip, (0, height - 10 - footer))
    return encode(page)
