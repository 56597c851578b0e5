"""The Root picture (issue 13 "Pictures"; maps as root.md §17): the map, the VP track and one board
per faction, drawn from the View's data only."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core.protocol import View
from engines.core.render_kit import INK, canvas, fit_text, font, title_bar, to_png
from engines.root.render.faction_boards import draw_panels
from engines.root.render.style import MAP_H, PANEL_H, TRACK_H, W
from engines.root.render.track import draw_track
from engines.root.render.woodland import draw_map


def render(view: View) -> bytes:
    data = dict(view.data)
    rows = (len(data["players"]) + 1) // 2
    footer = 40 if "hand" in data else 0
    height = 56 + MAP_H + TRACK_H + rows * PANEL_H + footer + 10
    img = canvas(W, height)
    title = view.title
    if data["waiting"] and not data["winners"]:
        title += f" · waiting: {data['waiting'].replace('_', ' ')}"
    title_bar(img, fit_text(title, 28, W - 32, True))
    draw_map(img, data)
    draw_track(img, data, 56 + MAP_H)
    draw_panels(img, data, 56 + MAP_H + TRACK_H)
    if "hand" in data:
        draw = ImageDraw.Draw(img)
        hand = ", ".join(f"{c['name']} ({c['suit']})" for c in data["hand"]) or "empty"
        draw.text(
            (16, height - 44), fit_text("Your hand: " + hand, 20, W - 32), font=font(20), fill=INK
        )
    return to_png(img)
