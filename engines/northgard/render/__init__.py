"""The Northgard picture (northgard.md §2, §4, §9): the explored map cropped and scaled to
the placed tiles, with territories, borders by kind, buildings, units by colour with counts,
creatures and Environment features; beside it the players, the year track, the creature
line and the market. Drawn from the View's data only.

The parts live in sibling modules: ``style`` (measures and colours), ``frame`` (map
geometry), ``map_tiles``, ``labels`` (territory label placement) and ``panel`` (with the key).
"""

from __future__ import annotations

from PIL import ImageDraw

from engines.core.protocol import View
from engines.core.render_kit import canvas, title_bar, to_png
from engines.northgard.render.frame import Frame, grid
from engines.northgard.render.map_tiles import draw_map
from engines.northgard.render.panel import draw_legend, draw_players, draw_rest, draw_track
from engines.northgard.render.style import MAP_W, PANEL_X, WIDTH

__all__ = ["render"]


def render(view: View) -> bytes:
    """Side layout (map left, panel right) unless the explored map is so wide that it reads
    better across the whole picture, with the panel in three columns below it."""
    d = view.data
    players = d["players"]
    img = canvas(WIDTH, 3000)
    top = title_bar(img, view.title)
    draw = ImageDraw.Draw(img)
    cols, rows = grid(d["tiles"])
    side = min((MAP_W - 20) / cols, 760 / rows)
    below = min((WIDTH - 20) / cols, 700 / rows)
    if below > 1.3 * side:
        frame = Frame(d["tiles"], 0, top, WIDTH, 720)
        draw_map(draw, d, frame)
        y0 = int(frame.bottom) + 20
        half = (len(players) + 1) // 2
        w = (WIDTH - 48) // 3
        y1 = draw_players(draw, d, players[:half], 16, draw_track(draw, d, 16, y0, w), w)
        y2 = draw_players(draw, d, players[half:], 32 + w, y0, w)
        y3 = draw_rest(draw, d, 48 + 2 * w, y0, w)
        end = max(y1, y2, y3)
    else:
        frame = Frame(d["tiles"], 0, top, MAP_W, 800)
        draw_map(draw, d, frame)
        w = WIDTH - PANEL_X - 16
        y = draw_players(draw, d, players, PANEL_X, draw_track(draw, d, PANEL_X, top + 10, w), w)
        end = max(int(frame.bottom) + 10, draw_rest(draw, d, PANEL_X, y, w))
    bottom = draw_legend(draw, end + 10)
    return to_png(img.crop((0, 0, WIDTH, bottom + 10)))
