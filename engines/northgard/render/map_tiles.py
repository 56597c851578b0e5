"""The Northgard map (northgard.md §2, §4, §9): tiles and their pieces tinted by controller,
borders by kind, lakes, tile names and each piece's resource icons, slots and features, with
the territory labels placed over them."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    SEAT_COLOURS,
    fitting_size,
    text_width,
    trace_marker,
    wrap_lines,
    write,
)
from engines.northgard.content import TEMPLATES, content
from engines.northgard.render.frame import Frame, border_lines, centroid, piece_polygon
from engines.northgard.render.labels import (
    Area,
    Shape,
    shape_of,
    territory_marks,
    territory_spans,
)
from engines.northgard.render.style import (
    ICON_COLOURS,
    IMPASSABLE,
    LAKE,
    LAND,
    MIN_TYPE,
    ROUGH,
    TILE_EDGE,
    Point,
    Rect,
    tint,
    trace_slots,
    type_size,
)


def draw_map(
    draw: ImageDraw.ImageDraw, d: dict[str, Any], frame: Frame
) -> dict[str, tuple[Shape, list[tuple[str, Rect]]]]:
    """The map; returns each territory's shape and the kind and box of each mark drawn for
    it (its label's rows, its other pieces' marks: "piece"), for the test that each lies in
    its territory."""
    c = content()
    cell = frame.cell
    owner: dict[str, dict[str, Any]] = {}
    for t in d["territories"]:
        for pid in t["pieces"]:
            owner[pid] = t
    label_at: dict[str, tuple[list[Point], Rect, list[list[Point]]]] = {}
    shapes: dict[str, list[list[Point]]] = {t["id"]: [] for t in d["territories"]}
    marks: dict[str, list[tuple[str, Rect]]] = {t["id"]: [] for t in d["territories"]}
    taken: list[Rect] = []
    # Pieces, tinted by their controller's colour.
    for idx, t in enumerate(d["tiles"]):
        tile = c.tiles[t["tile"]]
        box = frame.tile_box(t["x"], t["y"])
        for letter in TEMPLATES[tile.template]:
            ter = owner[f"{idx}{letter}"]
            pts = [
                frame.at(t["x"], t["y"], p) for p in piece_polygon(tile.template, letter, t["rot"])
            ]
            fill = LAND
            if ter["units"]:
                fill = tint(SEAT_COLOURS[int(next(iter(ter["units"])))])
            draw.polygon(pts, fill=fill, outline=TILE_EDGE)
            piece = c.pieces[(t["tile"], letter)]
            cx, cy = centroid(pts)
            shapes[ter["id"]].append(pts)
            if ter["id"] not in label_at:
                label_at[ter["id"]] = (pts, box, [])
            else:
                mark = piece_marks(draw, piece, cx, cy, cell, box)
                taken.append(mark)
                marks[ter["id"]].append(("piece", mark))
            if label_at[ter["id"]][1] == box:
                label_at[ter["id"]][2].append(pts)
        x0, y0, x1, y1 = box
        draw.rectangle(box, outline=TILE_EDGE, width=1)
        width = max(2, int(cell / 40))
        for a, b, k in border_lines(tile.template, t["rot"]):
            kind = tile.borders[k]
            pa, pb = frame.at(t["x"], t["y"], a), frame.at(t["x"], t["y"], b)
            if kind == "#":
                trace_marker("border:impassable")
                draw.line((pa, pb), fill=IMPASSABLE, width=width * 3)
            elif kind == "~":
                trace_marker("border:rough")
                dashed(draw, pa, pb, ROUGH, width * 2)
            else:
                trace_marker("border:regular")
                draw.line((pa, pb), fill=INK, width=width)
        if tile.edge_borders:
            trace_marker("border:regular")
            draw.rectangle(box, outline=INK, width=width)
        if tile.env_type == "lake":
            trace_marker("lake")
            r = cell * 0.14
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            draw.ellipse((mx - r, my - r, mx + r, my + r), fill=LAKE, outline=IMPASSABLE, width=3)
            taken.append((mx - r, my - r, mx + r, my + r))  # no label over the lake
        if tile.name:
            taken.append(_tile_name(draw, tile.name, box, cell))
    for cx, cy, _turns in (d.get("placing") or {}).get("cells", []):
        taken.append(_candidate(draw, frame, cx, cy))
    spans = territory_spans(d, frame)
    blocks: list[Rect] = []
    for ter in d["territories"]:
        if ter["id"] in label_at:
            piece, tile_box, in_tile = label_at[ter["id"]]
            shape = shape_of(shapes[ter["id"]])
            areas: tuple[Area, Area, Area] = (
                (tile_box, shape_of(in_tile), "all"),
                (spans[ter["id"]], shape, "all"),
                (_near(spans[ter["id"]], frame), shape, "rows"),
            )
            marks[ter["id"]] += territory_marks(draw, ter, piece, areas, frame, taken, blocks)
    return {terr: (shape_of(shapes[terr]), marks[terr]) for terr in shapes}


def _near(around: Rect, frame: Frame) -> Rect:
    """Where a label may stand out of its territory's tiles: half a tile round them, on the
    map."""
    pad, box = frame.cell / 2, frame.box()
    return (
        max(box[0], around[0] - pad),
        max(box[1], around[1] - pad),
        min(box[2], around[2] + pad),
        min(box[3], around[3] + pad),
    )


def _candidate(draw: ImageDraw.ImageDraw, frame: Frame, x: int, y: int) -> Rect:
    """An empty cell the drawn tile may go to: a dashed square named as the move names it."""
    trace_marker("place")
    box = frame.tile_box(x, y)
    x0, y0, x1, y1 = (box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3)
    for a, b in (
        ((x0, y0), (x1, y0)),
        ((x1, y0), (x1, y1)),
        ((x1, y1), (x0, y1)),
        ((x0, y1), (x0, y0)),
    ):
        dashed(draw, a, b, INK, 2)
    label = f"({x},{y})"
    size = fitting_size(label, frame.cell - 10, type_size(frame.cell, 0.2), MIN_TYPE, True)
    write(draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, size, True, INK, "mm", panel=box)
    return box


def _tile_name(draw: ImageDraw.ImageDraw, name: str, box: Rect, cell: float) -> Rect:
    """A named tile's name in its bottom left corner, smaller or on two lines rather than
    cut; returns the box it covers."""
    x0, _, _, y1 = box
    size = fitting_size(name, cell - 8, type_size(cell, 0.09), MIN_TYPE - 1)
    lines = [name] if text_width(name, size) <= cell - 8 else wrap_lines(name, MIN_TYPE, cell - 8)
    size = min(size, *(fitting_size(line, cell - 8, size, 8) for line in lines))
    y = y1 - 4
    for line in reversed(lines):
        write(draw, (x0 + 4, y), line, size, False, MUTED, "ld", panel=box)
        y -= size + 2
    return (x0 + 2, y, x0 + 6 + max(text_width(line, size) for line in lines), y1 - 2)


def dashed(
    draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: tuple[int, int, int], width: int
) -> None:
    steps = 8
    for i in range(0, steps, 2):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        q = (a[0] + (b[0] - a[0]) * (i + 1) / steps, a[1] + (b[1] - a[1]) * (i + 1) / steps)
        draw.line((p, q), fill=colour, width=width)


def piece_marks(
    draw: ImageDraw.ImageDraw, piece: Any, cx: float, cy: float, cell: float, tile: Rect
) -> Rect:
    """Resource icons, slots, lairs and features of a piece without the territory label,
    kept inside its tile; returns the box they cover."""
    marks = ["F"] * piece.food + ["W"] * piece.wood + ["R"] * piece.lore
    r = max(6.0, cell * 0.045)
    size = type_size(cell, 0.075)
    slots = "s" * piece.small + "L" * piece.large + ("P" if piece.lairs else "")
    feats = [f.split(":")[0] for f in piece.features]
    text = " ".join(filter(None, [slots, *feats]))
    half = max(len(marks) * r, text_width(text, size) / 2)
    cx = min(max(cx, tile[0] + half + 3), tile[2] - half - 3)
    x = cx - (len(marks) - 1) * r
    for m in marks:
        trace_marker(f"icon:{m}")
        draw.ellipse((x - r, cy - r, x + r, cy + r), fill=ICON_COLOURS[m])
        write(draw, (x, cy), m, max(9, int(r * 1.3)), True, (255, 255, 255), "mm", panel=tile)
        x += 2 * r
    y = min(cy + 2 * r + 2, tile[3] - size * 1.2 - 2)
    if text:
        trace_slots(slots)
        write(draw, (cx, y), text, size, False, INK, "mt", panel=tile)
    return (cx - half, cy - r, cx + half, y + size + 2)
