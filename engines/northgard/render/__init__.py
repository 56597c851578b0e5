"""The Northgard picture (northgard.md §2, §4, §9): the explored map cropped and scaled to
the placed tiles, with territories, borders by kind, buildings, units by colour with counts,
creatures and Environment features; beside it the players, the year track, the creature
line and the market. Drawn from the View's data only.

The parts live in sibling modules: ``style`` (measures and colours), ``frame`` (map
geometry), ``map_tiles``, ``labels`` (territory label placement) and ``panel`` (with the key).

Each part is a cached section in one fixed palette (issue 20): the map, the year track, each
player, the rest of the panel and the key are drawn once per content and pasted as palette
indices, so a move redraws only what it changed and the picture needs no colour reduction.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from itertools import product
from typing import Any

from PIL import Image, ImageDraw

from engines.core.protocol import View
from engines.core.render_kit import canvas, draw_title, encode
from engines.northgard.render.frame import Frame, grid
from engines.northgard.render.map_tiles import draw_map
from engines.northgard.render.panel import (
    draw_clans,
    draw_legend,
    draw_players,
    draw_rest,
    draw_scores,
    draw_track,
)
from engines.northgard.render.style import MAP_W, PANEL_X, SECTIONS, WIDTH

__all__ = ["render"]

TITLE_H = 56
# Room to draw a panel section in before it is cut to the height its text took.
TALLEST = {"track": 600, "player": 800, "rest": 2400, "clans": 600, "scores": 600, "legend": 600}
# A column's sections reach this far left of its text, where a glyph's bearing may fall.
PAD = 2
Placed = list[tuple[Image.Image, int, int]]
ColumnDraw = Callable[[ImageDraw.ImageDraw], int]


def _map(d: dict[str, Any], width: int, height: int) -> Image.Image:
    """The map in a box ``width`` by at most ``height``, cut to the rows the tiles take."""

    def make() -> Image.Image:
        frame = Frame(extent(d), 0, 0, width, height)
        img = canvas(width, int(frame.bottom) + 11)
        draw_map(ImageDraw.Draw(img), d, frame)
        return SECTIONS.indexed(img)

    shown = repr((d["tiles"], d["territories"], d.get("placing")))
    return SECTIONS.layer("map", (width, height, shown), make)


def extent(d: dict[str, Any]) -> list[dict[str, Any]]:
    """The cells the map shows: the placed tiles and the cells a drawn tile may go to."""
    cells = (d.get("placing") or {}).get("cells", [])
    return d["tiles"] + [{"x": c[0], "y": c[1]} for c in cells]


def _part(
    kind: str, key: Hashable, w: int, draw: Callable[[ImageDraw.ImageDraw], int]
) -> Image.Image:
    """A panel section for a column ``w`` wide, ``PAD`` wider on both sides; ``draw`` draws
    the column's content from (PAD, 0) and returns the y under it."""
    return SECTIONS.column(kind, key, w + 2 * PAD, draw, TALLEST[kind])


def _column(
    d: dict[str, Any], players: list[dict[str, Any]], track: bool, rest: bool, w: int
) -> list[Image.Image]:
    """A panel column's sections, top to bottom: the year track, players, the rest."""
    out = []
    if track:
        shown = (d["years"], d["year"], d["phase"], d["pending"].get("text", ""))
        out.append(_part("track", shown, w, lambda draw: draw_track(draw, d, PAD, 0, w)))
    for p in players:

        def draw_player(draw: ImageDraw.ImageDraw, p: dict[str, Any] = p) -> int:
            return draw_players(draw, d, [p], PAD, 0, w)

        out.append(_part("player", (repr(p), p["seat"] == d["first"]), w, draw_player))
    if rest:
        keys = ("line", "map_pile", "creature_pile", "market", "over", "scores", "winners")
        keys += ("placing", "kaija_at", "scorched_at")
        # The rest shows of the players only their names and the viewer's own hand.
        hands = [p.get("hand_names") for p in d["players"]]
        shown_rest = repr(([d.get(k) for k in keys], [p["name"] for p in d["players"]], hands))
        out.append(_part("rest", shown_rest, w, lambda draw: draw_rest(draw, d, PAD, 0, w)))
        clans = repr([(p["clan"], p["name"], p.get("ability")) for p in d["players"]])
        out.append(_part("clans", clans, w, lambda draw: draw_clans(draw, d, PAD, 0, w)))
        if d["over"] and d["scores"]:
            shown = repr((d["scores"], d["winners"], [p["name"] for p in d["players"]]))
            out.append(_part("scores", shown, w, lambda draw: draw_scores(draw, d, PAD, 0, w)))
    return out


def _legend(w: int) -> Image.Image:
    """The key to the map in a column ``w`` wide."""
    return SECTIONS.column(
        "legend", w, w + 32, lambda draw: draw_legend(draw, 0, w), TALLEST["legend"]
    )


def _stack(sections: list[Image.Image], x: int, y: int, placed: Placed) -> int:
    """Place ``sections`` one under the other from (x, y); returns the y under them."""
    for img in sections:
        placed.append((img, x - PAD, y))
        y += img.height
    return y


# Below this many pixels a side a tile's labels crowd: the map goes across the picture.
SMALLEST_CELL = 85


def map_box(d: dict[str, Any]) -> tuple[int, int]:
    """The box the map is drawn in: beside the panel, or across the whole picture when the
    explored map reads much better so (wide, or with tiles too small beside the panel)."""
    cols, rows = grid(extent(d))
    side = min((MAP_W - 20) / cols, 760 / rows)
    below = min((WIDTH - 20) / cols, 700 / rows)
    return (WIDTH, 720) if below > 1.6 * side or side < SMALLEST_CELL < below else (MAP_W, 800)


def render(view: View) -> bytes:
    """Side layout (map left, panel right) unless the explored map is so wide that it reads
    better across the whole picture, with the panel in three columns below it."""
    d = dict(view.data)
    players = d["players"]
    top = TITLE_H
    placed: Placed = []
    box = map_box(d)
    if box[0] == WIDTH:
        land = _map(d, *box)
        placed.append((land, 0, top))
        y0 = top + land.height + 9
        half = (len(players) + 1) // 2
        w = (WIDTH - 48) // 3
        y1 = _stack(_column(d, players[:half], True, False, w), 16, y0, placed)
        y2 = _stack(_column(d, players[half:], False, False, w), 32 + w, y0, placed)
        y3 = _stack(_column(d, [], False, True, w), 48 + 2 * w, y0, placed)
        end = max(y1, y2, y3)
        legend = _legend(WIDTH - 32)
        placed.append((legend, 0, end + 10))
        end += 10 + legend.height
    else:
        # The key under the map beside the panel's lower part, or across the foot; the
        # creature line (and the final scores) beside the map or under it: whichever
        # arrangement comes out shortest, then with the columns most even.
        land = _map(d, *box)
        placed.append((land, 0, top))
        w = WIDTH - PANEL_X - 16
        right = _column(d, players, True, False, w)
        moving = {"right": _column(d, [], False, True, w)}
        moving["left"] = _column(d, [], False, True, MAP_W - 32)
        legend = {"left": _legend(MAP_W - 32), "foot": _legend(WIDTH - 32)}
        panel_h = top + 10 + sum(i.height for i in right)
        map_h = top + land.height + 4

        def height(where: tuple[str, ...], key_at: str) -> tuple[int, int]:
            """The picture's height, then how unevenly its two columns end."""
            left = map_h + sum(
                moving["left"][k].height + 8 for k, at in enumerate(where) if at == "left"
            )
            side = panel_h + sum(
                moving["right"][k].height for k, at in enumerate(where) if at == "right"
            )
            if key_at == "left":
                left += legend["left"].height
                return max(side, left), abs(side - left)
            return max(side, left) + 10 + legend["foot"].height, abs(side - left)

        choices = [
            (where, key_at)
            for where in product(("right", "left"), repeat=len(moving["right"]))
            for key_at in ("left", "foot")
        ]
        where, key_at = min(choices, key=lambda c: height(*c))
        on_right = [moving["right"][k] for k, at in enumerate(where) if at == "right"]
        y = _stack(right + on_right, PANEL_X, top + 10, placed)
        y_left = map_h
        for k, at in enumerate(where):
            if at == "left":
                y_left = _stack([moving["left"][k]], 16, y_left, placed) + 8
        if key_at == "left":
            placed.append((legend["left"], 0, y_left))
            end = max(y_left + legend["left"].height, y)
        else:
            placed.append((legend["foot"], 0, max(y_left, y) + 10))
            end = max(y_left, y) + 10 + legend["foot"].height
    page = SECTIONS.page(WIDTH, end + 10)
    for img, x, y in placed:
        page.paste(img, (x, y))

    def draw_bar(draw: ImageDraw.ImageDraw) -> None:
        draw_title(draw, WIDTH, view.title, TITLE_H)

    page.paste(SECTIONS.section("title", view.title, (WIDTH, TITLE_H + 1), draw_bar), (0, 0))
    return encode(page)
