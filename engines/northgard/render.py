"""The Northgard picture (northgard.md §2, §4, §9): the explored map cropped and scaled to
the placed tiles, with territories, borders by kind, buildings, units by colour with counts,
creatures and Environment features; beside it the players, the year track, the creature
line and the market. Drawn from the View's data only."""

from __future__ import annotations

from collections import Counter
from typing import Any

from PIL import ImageDraw

from engines.core.protocol import View
from engines.core.render_kit import (
    INK,
    MUTED,
    PAPER,
    SEAT_COLOURS,
    canvas,
    contrast_ink,
    fitting_size,
    text_width,
    title_bar,
    to_png,
    trace_legend,
    trace_marker,
    wrap_lines,
    write,
)
from engines.northgard.content import TEMPLATE_BORDERS, TEMPLATES, content

WIDTH = 1400
MAP_W = 900
PANEL_X = MAP_W + 20
RING = ((0, 0), (0.5, 0), (1, 0), (1, 0.5), (1, 1), (0.5, 1), (0, 1), (0, 0.5))
LAND = (214, 222, 190)
TILE_EDGE = (170, 176, 150)
ROUGH = (150, 90, 30)
IMPASSABLE = (235, 120, 20)
LAKE = (90, 150, 210)
BUILD_ABBR = {
    "Farm": "Fa",
    "Woodcutter's Lodge": "Wl",
    "Rune Carver": "Rc",
    "Watchtower": "Wt",
    "Training Camp": "Tc",
    "Altar of Kings": "AK",
    "Fortress": "Fo",
    "Great Mead Hall": "MH",
}
ICON_COLOURS = {"F": (230, 159, 0), "W": (0, 120, 70), "R": (60, 90, 200)}
BEAST, BEAST_INK = (60, 30, 40), (255, 235, 235)
Point = tuple[float, float]
Rect = tuple[float, float, float, float]


def _arcs(segs: list[int]) -> list[list[int]]:
    """Split a piece's physical segments into runs that follow the ring clockwise."""
    left = set(segs)
    runs: list[list[int]] = []
    while left:
        start = next(s for s in sorted(left) if (s - 1) % 8 not in left)
        run = [start]
        while (run[-1] + 1) % 8 in left and (run[-1] + 1) % 8 != start:
            run.append((run[-1] + 1) % 8)
        runs.append(run)
        left -= set(run)
    return runs


def _piece_polygon(template: str, letter: str, rot: int) -> list[Point]:
    segs = [(i + 2 * rot) % 8 for i in TEMPLATES[template][letter]]
    if len(segs) == 8:
        return list(RING)
    runs = _arcs(segs)
    pts: list[Point] = []
    for run in runs:
        pts += [RING[s] for s in run] + [RING[(run[-1] + 1) % 8]]
        if template != "D":
            pts.append((0.5, 0.5))
    return pts


def _border_lines(template: str, rot: int) -> list[tuple[Point, Point, int]]:
    """(from, to, border index) for each drawn line between pieces."""
    out: list[tuple[Point, Point, int]] = []
    for k, (u, v) in enumerate(TEMPLATE_BORDERS[template]):
        if template == "D":
            corner = u if u != "c" else v
            segs = sorted((i + 2 * rot) % 8 for i in TEMPLATES[template][corner])
            run = _arcs(segs)[0]
            out.append((RING[run[0]], RING[(run[-1] + 1) % 8], k))
            continue
        us = {(i + 2 * rot) % 8 for i in TEMPLATES[template][u]}
        vs = {(i + 2 * rot) % 8 for i in TEMPLATES[template][v]}
        for p in range(8):
            a, b = (p - 1) % 8, p
            if (a in us and b in vs) or (a in vs and b in us):
                out.append(((0.5, 0.5), RING[p], k))
    return out


def _tint(colour: tuple[int, int, int], amount: float = 0.55) -> tuple[int, int, int]:
    r, g, b = colour
    return (
        int(r + (255 - r) * amount),
        int(g + (255 - g) * amount),
        int(b + (255 - b) * amount),
    )


class _Frame:
    """Grid cells to pixels for the box (left, top, width, height), cropped to the tiles."""

    def __init__(
        self, tiles: list[dict[str, Any]], left: float, top: float, width: float, height: float
    ) -> None:
        xs = [t["x"] for t in tiles]
        ys = [t["y"] for t in tiles]
        self.x0, self.y0 = min(xs) - 0.15, min(ys) - 0.15
        cols = max(xs) - min(xs) + 1.3
        rows = max(ys) - min(ys) + 1.3
        self.cell = min((width - 20) / cols, (height - 20) / rows, 240)
        self.ox = left + 10 + ((width - 20) - cols * self.cell) / 2
        self.oy = top + 10
        self.left, self.right = left, left + width
        self.bottom = self.oy + rows * self.cell

    def tile_box(self, tx: int, ty: int) -> Rect:
        (x0, y0), (x1, y1) = self.at(tx, ty, (0, 0)), self.at(tx, ty, (1, 1))
        return (x0, y0, x1, y1)

    def box(self) -> Rect:
        """The map area: labels stay inside it, clear of the panel beside or below."""
        return (self.left, self.oy - 10, self.right, self.bottom + 10)

    def at(self, tx: int, ty: int, p: Point) -> Point:
        return (
            self.ox + (tx - self.x0 + p[0]) * self.cell,
            self.oy + (ty - self.y0 + p[1]) * self.cell,
        )


def _grid(tiles: list[dict[str, Any]]) -> tuple[float, float]:
    xs = [t["x"] for t in tiles]
    ys = [t["y"] for t in tiles]
    return max(xs) - min(xs) + 1.3, max(ys) - min(ys) + 1.3


def _centroid(pts: list[Point]) -> Point:
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def render(view: View) -> bytes:
    """Side layout (map left, panel right) unless the explored map is so wide that it reads
    better across the whole picture, with the panel in three columns below it."""
    d = view.data
    players = d["players"]
    img = canvas(WIDTH, 3000)
    top = title_bar(img, view.title)
    draw = ImageDraw.Draw(img)
    cols, rows = _grid(d["tiles"])
    side = min((MAP_W - 20) / cols, 760 / rows)
    below = min((WIDTH - 20) / cols, 700 / rows)
    if below > 1.3 * side:
        frame = _Frame(d["tiles"], 0, top, WIDTH, 720)
        _draw_map(draw, d, frame)
        y0 = int(frame.bottom) + 20
        half = (len(players) + 1) // 2
        w = (WIDTH - 48) // 3
        y1 = _draw_players(draw, d, players[:half], 16, _draw_track(draw, d, 16, y0, w), w)
        y2 = _draw_players(draw, d, players[half:], 32 + w, y0, w)
        y3 = _draw_rest(draw, d, 48 + 2 * w, y0, w)
        end = max(y1, y2, y3)
    else:
        frame = _Frame(d["tiles"], 0, top, MAP_W, 800)
        _draw_map(draw, d, frame)
        w = WIDTH - PANEL_X - 16
        y = _draw_players(draw, d, players, PANEL_X, _draw_track(draw, d, PANEL_X, top + 10, w), w)
        end = max(int(frame.bottom) + 10, _draw_rest(draw, d, PANEL_X, y, w))
    bottom = _draw_legend(draw, end + 10)
    return to_png(img.crop((0, 0, WIDTH, bottom + 10)))


def _draw_map(draw: ImageDraw.ImageDraw, d: dict[str, Any], frame: _Frame) -> None:
    c = content()
    cell = frame.cell
    owner: dict[str, dict[str, Any]] = {}
    for t in d["territories"]:
        for pid in t["pieces"]:
            owner[pid] = t
    label_at: dict[str, tuple[list[Point], Rect]] = {}
    taken: list[Rect] = []
    # Pieces, tinted by their controller's colour.
    for idx, t in enumerate(d["tiles"]):
        tile = c.tiles[t["tile"]]
        box = frame.tile_box(t["x"], t["y"])
        for letter in TEMPLATES[tile.template]:
            ter = owner[f"{idx}{letter}"]
            pts = [
                frame.at(t["x"], t["y"], p) for p in _piece_polygon(tile.template, letter, t["rot"])
            ]
            fill = LAND
            if ter["units"]:
                fill = _tint(SEAT_COLOURS[int(next(iter(ter["units"])))])
            draw.polygon(pts, fill=fill, outline=TILE_EDGE)
            piece = c.pieces[(t["tile"], letter)]
            cx, cy = _centroid(pts)
            if ter["id"] not in label_at:
                label_at[ter["id"]] = (pts, box)
            else:
                taken.append(_piece_marks(draw, piece, cx, cy, cell, box))
        x0, y0, x1, y1 = box
        draw.rectangle(box, outline=TILE_EDGE, width=1)
        width = max(2, int(cell / 40))
        for a, b, k in _border_lines(tile.template, t["rot"]):
            kind = tile.borders[k]
            pa, pb = frame.at(t["x"], t["y"], a), frame.at(t["x"], t["y"], b)
            if kind == "#":
                trace_marker("border:impassable")
                draw.line((pa, pb), fill=IMPASSABLE, width=width * 3)
            elif kind == "~":
                trace_marker("border:rough")
                _dashed(draw, pa, pb, ROUGH, width * 2)
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
        if tile.name:
            taken.append(_tile_name(draw, tile.name, box, cell))
    spans = _territory_spans(d, frame)
    blocks: list[Rect] = []
    for ter in d["territories"]:
        if ter["id"] in label_at:
            piece, tile_box = label_at[ter["id"]]
            around, tiles = spans[ter["id"]]
            areas = ((tile_box, [tile_box]), (around, tiles), (frame.box(), []))
            _territory_marks(draw, ter, piece, areas, frame, taken, blocks)


def _tile_name(draw: ImageDraw.ImageDraw, name: str, box: Rect, cell: float) -> Rect:
    """A named tile's name in its bottom left corner, smaller or on two lines rather than
    cut; returns the box it covers."""
    x0, _, _, y1 = box
    size = fitting_size(name, cell - 8, _fs(cell, 0.09), MIN_TYPE - 1)
    lines = [name] if text_width(name, size) <= cell - 8 else wrap_lines(name, MIN_TYPE, cell - 8)
    size = min(size, *(fitting_size(line, cell - 8, size, 8) for line in lines))
    y = y1 - 4
    for line in reversed(lines):
        write(draw, (x0 + 4, y), line, size, False, MUTED, "ld", panel=box)
        y -= size + 2
    return (x0 + 2, y, x0 + 6 + max(text_width(line, size) for line in lines), y1 - 2)


MIN_TYPE = 11  # the smallest type on the map: still legible on a phone


def _fs(cell: float, k: float) -> int:
    return max(MIN_TYPE, int(cell * k))


def _dashed(
    draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: tuple[int, int, int], width: int
) -> None:
    steps = 8
    for i in range(0, steps, 2):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        q = (a[0] + (b[0] - a[0]) * (i + 1) / steps, a[1] + (b[1] - a[1]) * (i + 1) / steps)
        draw.line((p, q), fill=colour, width=width)


def _piece_marks(
    draw: ImageDraw.ImageDraw, piece: Any, cx: float, cy: float, cell: float, tile: Rect
) -> Rect:
    """Resource icons, slots, lairs and features of a piece without the territory label,
    kept inside its tile; returns the box they cover."""
    marks = ["F"] * piece.food + ["W"] * piece.wood + ["R"] * piece.lore
    r = max(6.0, cell * 0.045)
    size = _fs(cell, 0.075)
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
    y = cy + 2 * r + 2
    if text:
        _trace_slots(slots)
        write(draw, (cx, y), text, size, False, INK, "mt", panel=tile)
    return (cx - half, cy - r, cx + half, y + size + 2)


def _trace_slots(text: str) -> None:
    if "s" in text or "L" in text:
        trace_marker("slots")
    if "P" in text:
        trace_marker("lair")


def _territory_spans(d: dict[str, Any], frame: _Frame) -> dict[str, tuple[Rect, list[Rect]]]:
    """Each territory's tiles: the box around them, and each tile's box."""
    spans: dict[str, tuple[Rect, list[Rect]]] = {}
    for ter in d["territories"]:
        tiles = sorted({int(pid[:-1]) for pid in ter["pieces"]})
        boxes = [frame.tile_box(d["tiles"][i]["x"], d["tiles"][i]["y"]) for i in tiles]
        around = (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
        spans[ter["id"]] = (around, boxes)
    return spans


def _covered(box: Rect, tiles: list[Rect], step: float) -> bool:
    """Whether ``box`` lies on the ``tiles`` (sampled every ``step`` pixels, less than a
    tile, so no gap between tiles goes unseen)."""
    nx = int((box[2] - box[0]) / step) + 1
    ny = int((box[3] - box[1]) / step) + 1
    return all(
        any(t[0] <= x <= t[2] and t[1] <= y <= t[3] for t in tiles)
        for x in (box[0] + (box[2] - box[0]) * i / nx for i in range(nx + 1))
        for y in (box[1] + (box[3] - box[1]) * j / ny for j in range(ny + 1))
    )


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


Area = tuple[Rect, list[Rect]]  # a box, and the tiles a label in it must lie on (any if none)
Row = tuple[str, str]  # (kind, text): kind "tag", "plain", "units", "builds" or "beast"


def _block_rows(ter: dict[str, Any], totals: bool) -> list[Row]:
    """What a territory's label says, row by row: id (■ when closed), resource and slot
    totals, units by seat, buildings (repeats counted), creatures."""
    rows: list[Row] = [("tag", ter["id"] + (" ■" if ter["closed"] else ""))]
    if totals:
        letters = {"food": "F", "wood": "W", "lore": "R"}
        res = " ".join(f"{letters.get(k, k[0].upper())}{v}" for k, v in ter["icons"].items() if v)
        slots = f"s{ter['slots']['small']}" if ter["slots"]["small"] else ""
        slots += f" L{ter['slots']['large']}" if ter["slots"]["large"] else ""
        extra = " ".join(x for x in [res, slots.strip(), "P" * ter["lairs"]] if x)
        feats = " ".join(sorted({f.split(":")[0] for f in ter["features"]}))
        rows += [("plain", t) for t in (extra, feats) if t]
    if ter["units"]:
        rows.append(("units", ""))
    counts = Counter(BUILD_ABBR.get(b, b[:2]) for b in ter["buildings"])
    if counts:
        rows.append(("builds", " ".join(f"{n}{k}" if n > 1 else k for k, n in counts.items())))
    rows += [("beast", f"◆ {name}") for name in ter["beasts"]]
    return rows


def _unit_labels(ter: dict[str, Any]) -> list[tuple[int, str]]:
    return [(int(seat), f"{int(seat) + 1}:{n}") for seat, n in ter["units"].items()]


def _row_size(ter: dict[str, Any], kind: str, text: str, size: int) -> tuple[float, float]:
    if kind == "units":
        widths = [text_width(t, size, True) + 12 for _, t in _unit_labels(ter)]
        return sum(widths) + 4 * (len(widths) - 1), size + 10
    if kind in ("builds", "beast"):
        return text_width(text, size, True) + 6, size + 6
    return text_width(text, size, kind == "tag"), size * 1.15


def _territory_marks(
    draw: ImageDraw.ImageDraw,
    ter: dict[str, Any],
    piece: list[Point],
    areas: tuple[Area, Area, Area],
    frame: _Frame,
    taken: list[Rect],
    blocks: list[Rect],
) -> None:
    """Territory id, totals, units by seat with counts, buildings and creatures, as one block
    placed where it overlaps no other label: in the tile of the territory's first piece, else
    within the territory's tiles. On a crowded map the type steps down to the smallest
    legible size, then the totals (which the pieces' own marks also show) are left out,
    before two labels may touch (another territory's label least of all)."""
    at = _centroid(piece)
    base = _fs(frame.cell, 0.085)
    sizes = sorted({base, max(MIN_TYPE, round(base * 0.8)), MIN_TYPE}, reverse=True)
    best: tuple[float, Rect, int, list[Row]] = (float("inf"), (*at, *at), base, [])
    # Tried best first: large type before small, in the tile before the territory, with the
    # totals before without; the whole map only when nothing else holds the label. A first
    # round keeps only the labels no larger than their piece, so a label does not spill onto
    # a neighbour's piece and push the neighbour's label off it.
    xs, ys = [p[0] for p in piece], [p[1] for p in piece]
    room_w, room_h = (max(xs) - min(xs)) * 1.1, (max(ys) - min(ys)) * 1.1
    tries = [(size, area, totals) for size in sizes for area in areas[:2] for totals in (1, 0)]
    for small_only in (True, False):
        for size, area, totals in [*tries, (MIN_TYPE, areas[2], 0)]:
            rows = _block_rows(ter, bool(totals))
            dims = [_row_size(ter, k, t, size) for k, t in rows]
            w, h = max(x for x, _ in dims), sum(y for _, y in dims)
            if small_only and (w > room_w or h > room_h):
                continue
            box, cost = _free_spot(piece, w, h, area, taken, blocks, frame.cell / 2)
            if cost < best[0] or not best[3]:
                best = (cost, box, size, rows)
            if cost == 0:
                break
        if best[0] == 0:
            break
    _, box, size, rows = best
    taken.append(box)
    blocks.append(box)
    # The panel: the smallest of the areas that holds the block.
    panel = next((a for a, _ in areas if _inside(box, a)), areas[-1][0])
    cx, y = (box[0] + box[2]) / 2, box[1]
    for kind, text in rows:
        _, h = _row_size(ter, kind, text, size)
        if kind == "units":
            trace_marker("units")
            w, _ = _row_size(ter, kind, text, size)
            x = cx - w / 2
            for seat, label in _unit_labels(ter):
                colour = SEAT_COLOURS[seat]
                pw = text_width(label, size, True) + 12
                draw.rounded_rectangle(
                    (x, y + 1, x + pw, y + h - 1),
                    radius=h / 2 - 1,
                    fill=colour,
                    outline=INK,
                    width=2,
                )
                write(
                    draw,
                    (x + pw / 2, y + h / 2),
                    label,
                    size,
                    True,
                    contrast_ink(colour),
                    "mm",
                    panel,
                )
                x += pw + 4
        elif kind in ("builds", "beast"):
            trace_marker("building" if kind == "builds" else "creature")
            bw = text_width(text, size, True)
            fill, ink = (
                ((250, 240, 200), INK) if kind == "builds" else ((60, 30, 40), (255, 235, 235))
            )
            draw.rectangle((cx - bw / 2 - 3, y, cx + bw / 2 + 3, y + h - 2), fill=fill, outline=INK)
            write(draw, (cx, y + 2), text, size, True, ink, "mt", panel)
        else:
            if kind == "tag" and ter["closed"]:
                trace_marker("closed")
            if kind == "plain":
                _trace_slots(text)
            write(draw, (cx, y), text, size, kind == "tag", INK, "mt", panel)
        y += h


def _inside(box: Rect, area: Rect) -> bool:
    return box[0] >= area[0] and box[1] >= area[1] and box[2] <= area[2] and box[3] <= area[3]


def _free_spot(
    piece: list[Point],
    w: float,
    h: float,
    within: Area,
    taken: list[Rect],
    blocks: list[Rect],
    step_on: float,
) -> tuple[Rect, float]:
    """The box of this size inside the area of ``within`` and on its tiles that overlaps
    least of what is drawn (marks count once, other territories' labels five times), the
    nearest to the middle of the territory's first ``piece``. Returns the box and that cost
    (infinite when no such box fits)."""
    area, tiles = within
    at = _centroid(piece)
    if w > area[2] - area[0] - 6 or h > area[3] - area[1] - 6:
        return (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2), float("inf")
    lo_x, hi_x = area[0] + 3, area[2] - 3 - w
    lo_y, hi_y = area[1] + 3, area[3] - 3 - h
    step = max(8.0, step_on / 5)
    nx, ny = int((hi_x - lo_x) / step) + 1, int((hi_y - lo_y) / step) + 1
    spots = [
        (min(lo_x + i * step, hi_x), min(lo_y + j * step, hi_y))
        for i in range(nx + 1)
        for j in range(ny + 1)
    ]
    spots.sort(key=lambda p: (p[0] + w / 2 - at[0]) ** 2 + (p[1] + h / 2 - at[1]) ** 2)
    near = [b for b in taken if _overlap(area, b)]
    near_blocks = [b for b in blocks if _overlap(area, b)]
    best: tuple[Rect, float] = ((0, 0, 0, 0), float("inf"))
    for x, y in spots:
        box = (x, y, x + w, y + h)
        cost = sum(_overlap(box, b) for b in near) + 4 * sum(_overlap(box, b) for b in near_blocks)
        if cost >= best[1] or (len(tiles) > 1 and not _covered(box, tiles, step_on)):
            continue
        best = (box, cost)
        if cost == 0:
            break
    return best


PANEL_BOTTOM = 3000  # the canvas height: panels are bounded left and right


def _text(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    size: int,
    w: float,
    bold: bool = False,
    fill: tuple[int, int, int] = INK,
    step: int = 0,
) -> int:
    """``text`` in the column ``w`` wide at ``x``, wrapped onto as many lines as it needs
    (never cut); returns the y under it."""
    step = step or size + 5
    panel = (x, 0, x + w, PANEL_BOTTOM)
    for line in wrap_lines(text, size, w, bold):
        line_size = fitting_size(line, w, size, 8, bold)
        write(draw, (x, y), line, line_size, bold, fill, panel=panel)
        y += step
    return int(y)


def _draw_track(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
    """The year track and the phase; returns the next free y."""
    write(draw, (x, y), "Year", 22, True)
    bw = min(40, (w - 70) / d["years"])
    for k in range(1, d["years"] + 1):
        bx = x + 70 + (k - 1) * bw
        now = k == d["year"]
        draw.rectangle((bx, y, bx + bw - 4, y + 30), fill=INK if now else PAPER, outline=INK)
        write(draw, (bx + (bw - 4) / 2, y + 15), str(k), 18, now, PAPER if now else INK, "mm")
    y += 38
    y = _text(draw, x, y, f"Phase: {d['phase']}", 20, w, step=28)
    y = _text(draw, x, y, d["pending"].get("text", ""), 18, w, fill=MUTED, step=23)
    return y + 6


def _draw_players(
    draw: ImageDraw.ImageDraw,
    d: dict[str, Any],
    players: list[dict[str, Any]],
    x: int,
    y: int,
    w: int,
) -> int:
    """Each player's colour and number, clan, fame, resources and card counts; returns the
    next y."""
    for p in players:
        colour = SEAT_COLOURS[p["seat"]]
        first = " ★ first" if p["seat"] == d["first"] else ""
        draw.rectangle((x, y, x + 26, y + 26), fill=colour, outline=INK)
        write(draw, (x + 13, y + 13), str(p["seat"] + 1), 16, True, contrast_ink(colour), "mm")
        head = f"{p['name']} ({p['clan']}){first}" + (" — passed" if p["passed"] else "")
        ty = _text(draw, x + 34, y + 2, head, 20, w - 34, bold=True, step=25) + 3
        line1 = f"Fame {p['fame']}   Food {p['food']}  Wood {p['wood']}  Lore {p['lore']}"
        line2 = (
            f"Hand {p['hand_count']}  Deck {p['deck_count']}  Discard {p['discard_count']}"
            f"  Reserve {p['reserve']}"
        )
        extra = []
        if p["unrest"]:
            extra.append(f"Unrest {p['unrest']}")
        if p["achievements_count"]:
            extra.append(f"Achievements {p['achievements_count']}")
        line3 = "Played: " + ", ".join(p["active"]) if p["active"] else ""
        for row in (line1, line2, "  ".join(extra), line3):
            if row:
                ty = _text(draw, x + 34, ty, row, 17, w - 34, step=21)
        y = ty + 10
    return y


def _draw_rest(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
    """The creature line, the piles, the market, the viewer's hand, the final scores."""
    y = _text(draw, x, y, "Creature line", 20, w, bold=True, step=28)
    if not d["line"]:
        y = _text(draw, x, y, "(no creature on the map)", 17, w, fill=MUTED, step=24)
    for i, cr in enumerate(d["line"]):
        share = "shares" if cr["shares"] else "hostile"
        row = f"{i + 1}. {cr['name']} — strength {cr['strength']}, {share}, in {cr['at']}"
        y = _text(draw, x, y, row, 17, w, step=22)
    y += 6
    piles = f"Map pile {d['map_pile']}   Creature pile {d['creature_pile']}"
    y = _text(draw, x, y, piles, 17, w, fill=MUTED, step=28)
    if d["market"]:
        y = _text(draw, x, y, "Market", 20, w, bold=True, step=26)
        for name in d["market"]:
            y = _text(draw, x, y, f"• {name}", 17, w, step=22)
    mine = next((p for p in d["players"] if "hand_names" in p), None)
    if mine is not None and mine["hand_names"]:
        y = _text(draw, x, y + 6, "Your hand", 20, w, bold=True, step=26)
        for name in mine["hand_names"]:
            y = _text(draw, x, y, f"• {name}", 17, w, step=22)
    if d["over"] and d["scores"]:
        y = _text(draw, x, y + 6, "Final scores", 20, w, bold=True, step=26)
        for p, sc in zip(d["players"], d["scores"], strict=True):
            won = " — wins" if p["seat"] in d["winners"] else ""
            y = _text(draw, x, y, f"{p['name']}: {sc}{won}", 18, w, step=22)
    return y


# Every kind of mark the map draws, with what the legend says of it; borders and resource
# icons get a drawn sample.
LEGEND_TEXT = (
    ("slots", "s / L: free small / large building slots"),
    ("lair", "P: creature lair"),
    ("closed", "■ closed territory"),
    ("units", "2:5 in player 2's colour: 5 units of player 2 (numbered squares in the panel)"),
    (
        "building",
        "buildings (2Fa: two Farms): Fa Farm, Wl Woodcutter's Lodge, Rc Rune Carver, "
        "Wt Watchtower, Tc Training Camp, AK Altar of Kings, Fo Fortress, MH Great Mead Hall",
    ),
    ("creature", "◆ creature on the map"),
    ("lake", "blue disc ringed orange: a lake (impassable)"),
)
LEGEND_SIZE = 17


def _draw_legend(draw: ImageDraw.ImageDraw, y: int) -> int:
    """The key to the map's marks; returns the y under it."""
    x = 16
    draw.line((x, y + 10, x + 40, y + 10), fill=INK, width=3)
    write(draw, (x + 48, y + 10), "regular border", LEGEND_SIZE, False, INK, "lm")
    _dashed(draw, (x + 210, y + 10), (x + 250, y + 10), ROUGH, 5)
    write(draw, (x + 258, y + 10), "rough border (stops a move)", LEGEND_SIZE, False, INK, "lm")
    draw.line((x + 530, y + 10, x + 570, y + 10), fill=IMPASSABLE, width=8)
    write(draw, (x + 578, y + 10), "impassable border", LEGEND_SIZE, False, INK, "lm")
    for kind in ("regular", "rough", "impassable"):
        trace_legend(f"border:{kind}")
    y += 30
    for i, (k, name) in enumerate((("F", "food"), ("W", "wood"), ("R", "lore"))):
        cx = x + 10 + i * 110
        draw.ellipse((cx - 10, y, cx + 10, y + 20), fill=ICON_COLOURS[k])
        write(draw, (cx, y + 10), k, 12, True, (255, 255, 255), "mm")
        write(draw, (cx + 16, y + 10), name, LEGEND_SIZE, False, INK, "lm")
        trace_legend(f"icon:{k}")
    y += 30
    for kind, _ in LEGEND_TEXT:
        trace_legend(kind)
    key = " · ".join(text for _, text in LEGEND_TEXT)
    return _text(draw, x, y, key, LEGEND_SIZE, WIDTH - 2 * x, step=LEGEND_SIZE + 6)
