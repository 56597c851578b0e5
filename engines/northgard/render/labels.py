"""Northgard territory labels (northgard.md §2, §4): each territory's id, totals, units,
buildings and creatures as one block, placed where it overlaps the fewest other marks."""

from __future__ import annotations

from collections import Counter
from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import (
    INK,
    SEAT_COLOURS,
    contrast_ink,
    text_width,
    trace_marker,
    write,
)
from engines.northgard.names import COMPASS_WORDS
from engines.northgard.render.frame import Frame, centroid
from engines.northgard.render.style import (
    BEAST,
    BEAST_INK,
    BUILD_ABBR,
    BUILDINGS_FILL,
    MIN_TYPE,
    READ,
    TOKEN,
    WHITE,
    Point,
    Rect,
    trace_slots,
    type_size,
)


class Shape:
    """A territory's piece polygons in pixels, filled into a mask over the box around them:
    whether a point or a whole box lies in the territory is a look-up, not a computation."""

    def __init__(self, polygons: list[list[Point]]) -> None:
        pts = [p for poly in polygons for p in poly] or [(0.0, 0.0)]
        self.x0, self.y0 = int(min(x for x, _ in pts)), int(min(y for _, y in pts))
        x1, y1 = int(max(x for x, _ in pts)) + 1, int(max(y for _, y in pts)) + 1
        self.mask = Image.new("1", (x1 - self.x0 + 1, y1 - self.y0 + 1), 0)
        pen = ImageDraw.Draw(self.mask)
        for poly in polygons:
            pen.polygon([(x - self.x0, y - self.y0) for x, y in poly], fill=1)

    def contains(self, p: Point) -> bool:
        x, y = int(p[0]) - self.x0, int(p[1]) - self.y0
        w, h = self.mask.size
        return 0 <= x < w and 0 <= y < h and bool(self.mask.getpixel((x, y)))

    def holds(self, box: Rect) -> bool:
        """Whether every pixel of ``box`` lies in the territory."""
        x0, y0 = int(box[0]) - self.x0, int(box[1]) - self.y0
        x1, y1 = int(box[2]) - self.x0 + 1, int(box[3]) - self.y0 + 1
        w, h = self.mask.size
        if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
            return False
        return self.mask.crop((x0, y0, x1, y1)).getextrema()[0] > 0


def shape_of(polygons: list[list[Point]]) -> Shape:
    return Shape(polygons)


def territory_spans(d: dict[str, Any], frame: Frame) -> dict[str, Rect]:
    """The box around each territory's tiles."""
    spans: dict[str, Rect] = {}
    for ter in d["territories"]:
        tiles = sorted({int(pid[:-1]) for pid in ter["pieces"]})
        boxes = [frame.tile_box(d["tiles"][i]["x"], d["tiles"][i]["y"]) for i in tiles]
        spans[ter["id"]] = (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
    return spans


def inside(p: Point, shape: Shape) -> bool:
    """Whether the point lies in the territory."""
    return shape.contains(p)


def _rows_in(box: Rect, middles: list[float], shape: Shape) -> bool:
    """Whether the middle of every row of a block in ``box`` lies in the territory."""
    cx = (box[0] + box[2]) / 2
    return all(inside((cx, box[1] + m), shape) for m in middles)


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


# A box to look in, the territory's shape, and what must lie in the shape: "all" of the
# label, the middle of each of its "rows", or of each of its "marks" (units, buildings,
# creatures, tokens) only.
Area = tuple[Rect, Shape, str]
Row = tuple[str, str]  # (kind, text): "tag", "plain", "units", "builds", "beast" or "token"


def _block_rows(ter: dict[str, Any], totals: bool) -> list[Row]:
    """What a territory's label says, row by row: id (■ when closed), resource and slot
    totals, units by seat, buildings (repeats counted), creatures."""
    rows: list[Row] = [("tag", line) for line in _name_lines(ter["name"])]
    if ter["closed"]:
        rows[-1] = ("tag", rows[-1][1] + " ■")
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
    rows += [("token", TOKENS[token]) for token in ter.get("tokens", [])]
    return rows


TOKENS = {"Kaija": "Kaija +2", "Scorched": "Scorched"}


def _name_lines(name: str) -> list[str]:
    """A territory's name on two lines when it has a compass part ("Ashdale", "north-east"):
    a label no wider than its piece."""
    head, _, tail = name.rpartition(" ")
    return [head, tail] if head and tail in COMPASS_WORDS else [name]


def _unit_labels(ter: dict[str, Any]) -> list[tuple[int, str]]:
    return [(int(seat), f"{int(seat) + 1}:{n}") for seat, n in ter["units"].items()]


def _row_size(ter: dict[str, Any], kind: str, text: str, size: int) -> tuple[float, float]:
    if kind == "units":
        widths = [text_width(t, READ, True) + 12 for _, t in _unit_labels(ter)]
        return sum(widths) + 4 * (len(widths) - 1), READ + 10
    if kind in ("builds", "beast", "token"):
        return text_width(text, size, True) + 6, size + 6
    return text_width(text, size, kind == "tag"), size * 1.15


def territory_marks(
    draw: ImageDraw.ImageDraw,
    ter: dict[str, Any],
    piece: list[Point],
    areas: tuple[Area, Area, Area],
    frame: Frame,
    taken: list[Rect],
    blocks: list[Rect],
) -> list[tuple[str, Rect]]:
    """Territory name, totals, units by seat with counts, buildings and creatures, as one
    block placed in the territory where it overlaps no other label: in the territory's part
    of the tile of its first piece, else anywhere in the territory. On a crowded map the type
    steps down to the smallest legible size, then the totals (which the pieces' own marks
    also show) are left out, before two labels may touch (another territory's label least of
    all); a block that fits the territory nowhere keeps the middle of each of its marks
    (units, buildings, creatures, tokens) in it, its name as near as it goes. Returns the
    kind and box of each row drawn."""
    at = centroid(piece)
    base = type_size(frame.cell, 0.085)
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
        last = (MIN_TYPE, areas[2], 0)
        marks_only = (MIN_TYPE, (areas[2][0], areas[2][1], "marks"), 0)
        for size, area, totals in [*tries, last, marks_only]:
            rows = _block_rows(ter, bool(totals))
            dims = [_row_size(ter, k, t, size) for k, t in rows]
            w, h = max(x for x, _ in dims), sum(y for _, y in dims)
            if small_only and (w > room_w or h > room_h):
                continue
            # Where nothing holds the whole block, the middle of each row stays inside; at
            # the last, of each mark (not of the name).
            middles = [
                sum(y for _, y in dims[:i]) + dims[i][1] / 2
                for i in range(len(dims))
                if area[2] != "marks" or rows[i][0] != "tag"
            ]
            box, cost = _free_spot(piece, w, h, middles, area, taken, blocks, frame.cell / 2)
            if cost == float("inf"):
                box = (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2)
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
    panel = next((a for a, _, _ in areas if _inside(box, a)), areas[-1][0])
    cx, y = (box[0] + box[2]) / 2, box[1]
    drawn: list[tuple[str, Rect]] = []
    for kind, text in rows:
        row_w, h = _row_size(ter, kind, text, size)
        drawn.append((kind, (cx - row_w / 2, y, cx + row_w / 2, y + h)))
        if kind == "units":
            trace_marker("units")
            w, _ = _row_size(ter, kind, text, size)
            x = cx - w / 2
            for seat, label in _unit_labels(ter):
                colour = SEAT_COLOURS[seat]
                pw = text_width(label, READ, True) + 12
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
                    READ,
                    True,
                    contrast_ink(colour),
                    "mm",
                    panel,
                    read="pieces",
                )
                x += pw + 4
        elif kind in ("builds", "beast", "token"):
            trace_marker({"builds": "building", "beast": "creature", "token": "token"}[kind])
            bw = text_width(text, size, True)
            fill, ink = {
                "builds": (BUILDINGS_FILL, INK),
                "beast": (BEAST, BEAST_INK),
                "token": (TOKEN, WHITE),
            }[kind]
            draw.rectangle((cx - bw / 2 - 3, y, cx + bw / 2 + 3, y + h - 2), fill=fill, outline=INK)
            write(draw, (cx, y + 2), text, size, True, ink, "mt", panel)
        else:
            if kind == "tag" and ter["closed"]:
                trace_marker("closed")
            if kind == "plain":
                trace_slots(text)
            write(draw, (cx, y), text, size, kind == "tag", INK, "mt", panel)
        y += h
    return drawn


def _inside(box: Rect, area: Rect) -> bool:
    return box[0] >= area[0] and box[1] >= area[1] and box[2] <= area[2] and box[3] <= area[3]


def _free_spot(
    piece: list[Point],
    w: float,
    h: float,
    middles: list[float],
    within: Area,
    taken: list[Rect],
    blocks: list[Rect],
    step_on: float,
) -> tuple[Rect, float]:
    """The box of this size inside the area of ``within`` and in its territory (wholly, or
    the ``middles`` of its rows) that overlaps least of what is drawn (marks count once,
    other territories' labels five times), the nearest to the middle of the territory's
    first ``piece``. Returns the box and that cost (infinite when no such box fits)."""
    area, shape, keep = within
    at = centroid(piece)
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
        # Whether the territory holds it first: most spots of a crowded map fail that.
        held = _rows_in(box, middles, shape) and (keep != "all" or shape.holds(box))
        if not held:
            continue
        cost = sum(_overlap(box, b) for b in near) + 4 * sum(_overlap(box, b) for b in near_blocks)
        if cost >= best[1]:
            continue
        best = (box, cost)
        if cost == 0:
            break
    return best
