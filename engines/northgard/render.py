"""The Northgard picture (northgard.md §2, §4, §9): the explored map cropped and scaled to
the placed tiles, with territories, borders by kind, buildings, units by colour with counts,
creatures and Environment features; beside it the players, the year track, the creature
line and the market. Drawn from the View's data only."""

from __future__ import annotations

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
    fit_text,
    font,
    text_width,
    title_bar,
    to_png,
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
    top = title_bar(img, fit_text(view.title, 28, WIDTH - 32, bold=True))
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
    _draw_legend(draw, end + 10)
    return to_png(img.crop((0, 0, WIDTH, end + 136)))


def _draw_map(draw: ImageDraw.ImageDraw, d: dict[str, Any], frame: _Frame) -> None:
    c = content()
    cell = frame.cell
    owner: dict[str, dict[str, Any]] = {}
    for t in d["territories"]:
        for pid in t["pieces"]:
            owner[pid] = t
    label_at: dict[str, Point] = {}
    taken: list[Rect] = []
    # Pieces, tinted by their controller's colour.
    for idx, t in enumerate(d["tiles"]):
        tile = c.tiles[t["tile"]]
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
                label_at[ter["id"]] = (cx, cy)
            else:
                taken.append(_piece_marks(draw, piece, cx, cy, cell))
        x0, y0 = frame.at(t["x"], t["y"], (0, 0))
        x1, y1 = frame.at(t["x"], t["y"], (1, 1))
        draw.rectangle((x0, y0, x1, y1), outline=TILE_EDGE, width=1)
        width = max(2, int(cell / 40))
        for a, b, k in _border_lines(tile.template, t["rot"]):
            kind = tile.borders[k]
            pa, pb = frame.at(t["x"], t["y"], a), frame.at(t["x"], t["y"], b)
            if kind == "#":
                draw.line((pa, pb), fill=IMPASSABLE, width=width * 3)
            elif kind == "~":
                _dashed(draw, pa, pb, ROUGH, width * 2)
            else:
                draw.line((pa, pb), fill=INK, width=width)
        if tile.edge_borders:
            draw.rectangle((x0, y0, x1, y1), outline=INK, width=width)
        if tile.env_type == "lake":
            r = cell * 0.14
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            draw.ellipse((mx - r, my - r, mx + r, my + r), fill=LAKE, outline=IMPASSABLE, width=3)
        if tile.name:
            draw.text(
                (x0 + 4, y1 - 4),
                fit_text(tile.name, _fs(cell, 0.09), cell - 8),
                font=font(_fs(cell, 0.09)),
                fill=MUTED,
                anchor="ld",
            )
    for ter in d["territories"]:
        if ter["id"] in label_at:
            _territory_marks(draw, ter, label_at[ter["id"]], frame, taken)


def _fs(cell: float, k: float) -> int:
    return max(11, int(cell * k))


def _dashed(
    draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: tuple[int, int, int], width: int
) -> None:
    steps = 8
    for i in range(0, steps, 2):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        q = (a[0] + (b[0] - a[0]) * (i + 1) / steps, a[1] + (b[1] - a[1]) * (i + 1) / steps)
        draw.line((p, q), fill=colour, width=width)


def _piece_marks(draw: ImageDraw.ImageDraw, piece: Any, cx: float, cy: float, cell: float) -> Rect:
    """Resource icons, slots, lairs and features of a piece without the territory label;
    returns the box they cover."""
    marks = ["F"] * piece.food + ["W"] * piece.wood + ["R"] * piece.lore
    r = max(5.0, cell * 0.045)
    x = cx - (len(marks) - 1) * r
    for m in marks:
        draw.ellipse((x - r, cy - r, x + r, cy + r), fill=ICON_COLOURS[m])
        draw.text(
            (x, cy),
            m,
            font=font(max(9, int(r * 1.3)), bold=True),
            fill=(255, 255, 255),
            anchor="mm",
        )
        x += 2 * r
    y = cy + 2 * r + 2
    slots = "s" * piece.small + "L" * piece.large + ("P" if piece.lairs else "")
    feats = [f.split(":")[0] for f in piece.features]
    text = " ".join(filter(None, [slots, *feats]))
    half = max(len(marks) * r, draw.textlength(text, font=font(_fs(cell, 0.075))) / 2)
    if text:
        draw.text((cx, y), text, font=font(_fs(cell, 0.075)), fill=INK, anchor="mt")
    return (cx - half, cy - r, cx + half, y + _fs(cell, 0.075) + 2)


def _free_spot(cx: float, cy: float, w: float, h: float, taken: list[Rect], frame: _Frame) -> Rect:
    """The first box of this size near (cx, cy) that overlaps no label drawn before."""
    # Keep every label inside the map area, clear of the side panel.
    lo, hi = frame.left + 6, frame.right - 6
    cx = min(max(cx, lo + w / 2), hi - w / 2)
    for dy in (0, 0.6, -0.6, 1.0, -1.0):
        for dx in (0, 0.5, -0.5):
            left = min(max(cx - w / 2 + dx * w, lo), hi - w)
            box = (left, cy + dy * h, left + w, cy + dy * h + h)
            if not any(
                b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3] for b in taken
            ):
                return box
    return (cx - w / 2, cy, cx + w / 2, cy + h)


def _territory_marks(
    draw: ImageDraw.ImageDraw, ter: dict[str, Any], at: Point, frame: _Frame, taken: list[Rect]
) -> None:
    """Territory id, contents, units by colour with counts, buildings and creatures, as one
    block placed where it overlaps no other territory's block."""
    cell = frame.cell
    size = _fs(cell, 0.085)
    bold = font(size, bold=True)
    plain = font(size)
    tag = ter["id"] + (" ■" if ter["closed"] else "")
    res = " ".join(f"{k[0].upper()}{v}" for k, v in ter["icons"].items() if v)
    slots = f"s{ter['slots']['small']}" if ter["slots"]["small"] else ""
    slots += f" L{ter['slots']['large']}" if ter["slots"]["large"] else ""
    extra = " ".join(x for x in [res, slots, "P" * ter["lairs"]] if x)
    feats = " ".join(sorted({f.split(":")[0] for f in ter["features"]}))
    texts = [(t, bold if t == tag else plain) for t in (tag, extra, feats) if t]
    r = max(9.0, cell * 0.07)
    builds = " ".join(BUILD_ABBR.get(b, b[:2]) for b in ter["buildings"])
    beasts = [f"◆ {name}" for name in ter["beasts"]]
    widths = [draw.textlength(t, font=f) for t, f in texts]
    widths += [draw.textlength(b, font=bold) + 6 for b in [builds, *beasts] if b]
    widths.append(len(ter["units"]) * (2 * r + 4))
    w = max(widths)
    h = len(texts) * size * 1.15 + (2 * r + 6 if ter["units"] else 0)
    h += (size + 6) * (bool(builds) + len(beasts))
    box = _free_spot(at[0], at[1] - h / 2, w, h, taken, frame)
    taken.append(box)
    cx, y = (box[0] + box[2]) / 2, box[1]
    for text, f in texts:
        draw.text((cx, y), text, font=f, fill=INK, anchor="mt")
        y += size * 1.15
    if ter["units"]:
        x = cx - (len(ter["units"]) - 1) * (r + 2)
        for seat, n in ter["units"].items():
            colour = SEAT_COLOURS[int(seat)]
            draw.ellipse((x - r, y, x + r, y + 2 * r), fill=colour, outline=INK, width=2)
            draw.text(
                (x, y + r),
                str(n),
                font=font(int(r * 1.2), bold=True),
                fill=contrast_ink(colour),
                anchor="mm",
            )
            x += 2 * r + 4
        y += 2 * r + 6
    if builds:
        bw = draw.textlength(builds, font=bold)
        draw.rectangle(
            (cx - bw / 2 - 3, y - 2, cx + bw / 2 + 3, y + size + 2),
            fill=(250, 240, 200),
            outline=INK,
        )
        draw.text((cx, y), builds, font=bold, fill=INK, anchor="mt")
        y += size + 6
    for text in beasts:
        bw = draw.textlength(text, font=bold)
        draw.rectangle((cx - bw / 2 - 3, y - 2, cx + bw / 2 + 3, y + size + 2), fill=(60, 30, 40))
        draw.text((cx, y), text, font=bold, fill=(255, 235, 235), anchor="mt")
        y += size + 6


def _draw_track(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
    """The year track and the phase; returns the next free y."""
    draw.text((x, y), "Year", font=font(22, bold=True), fill=INK)
    bw = min(40, (w - 70) / d["years"])
    for k in range(1, d["years"] + 1):
        bx = x + 70 + (k - 1) * bw
        now = k == d["year"]
        draw.rectangle((bx, y, bx + bw - 4, y + 30), fill=INK if now else PAPER, outline=INK)
        draw.text(
            (bx + (bw - 4) / 2, y + 15),
            str(k),
            font=font(18, bold=now),
            fill=PAPER if now else INK,
            anchor="mm",
        )
    y += 38
    draw.text((x, y), fit_text(f"Phase: {d['phase']}", 20, w), font=font(20), fill=INK)
    y += 28
    for line in _wrap(d["pending"].get("text", ""), 18, w)[:4]:
        draw.text((x, y), line, font=font(18), fill=MUTED)
        y += 23
    return y + 6


def _wrap(text: str, size: int, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(fit_text(word, size, width))
    return lines


def _draw_players(
    draw: ImageDraw.ImageDraw,
    d: dict[str, Any],
    players: list[dict[str, Any]],
    x: int,
    y: int,
    w: int,
) -> int:
    """Each player's colour, clan, fame, resources and card counts; returns the next y."""
    for p in players:
        colour = SEAT_COLOURS[p["seat"]]
        first = " ★ first" if p["seat"] == d["first"] else ""
        draw.rectangle((x, y, x + 26, y + 26), fill=colour, outline=INK)
        draw.text(
            (x + 13, y + 13),
            str(p["seat"] + 1),
            font=font(16, bold=True),
            fill=contrast_ink(colour),
            anchor="mm",
        )
        head = f"{p['name']} ({p['clan']}){first}" + (" — passed" if p["passed"] else "")
        draw.text(
            (x + 34, y + 2),
            fit_text(head, 20, w - 34, bold=True),
            font=font(20, bold=True),
            fill=INK,
        )
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
        rows = [line1, line2, "  ".join(extra), line3]
        ty = y + 30
        for row in rows:
            if row:
                draw.text((x + 34, ty), fit_text(row, 17, w - 34), font=font(17), fill=INK)
                ty += 21
        y = ty + 10
    return y


def _draw_rest(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
    """The creature line, the piles, the market, the viewer's hand, the final scores."""
    draw.text((x, y), "Creature line", font=font(20, bold=True), fill=INK)
    y += 28
    if not d["line"]:
        draw.text((x, y), "(no creature on the map)", font=font(17), fill=MUTED)
        y += 24
    for i, cr in enumerate(d["line"]):
        share = "shares" if cr["shares"] else "hostile"
        row = f"{i + 1}. {cr['name']} — strength {cr['strength']}, {share}, in {cr['at']}"
        draw.text((x, y), fit_text(row, 17, w), font=font(17), fill=INK)
        y += 22
    y += 6
    draw.text(
        (x, y),
        f"Map pile {d['map_pile']}   Creature pile {d['creature_pile']}",
        font=font(17),
        fill=MUTED,
    )
    y += 28
    if d["market"]:
        draw.text((x, y), "Market", font=font(20, bold=True), fill=INK)
        y += 26
        for name in d["market"]:
            draw.text((x, y), fit_text(f"• {name}", 17, w), font=font(17), fill=INK)
            y += 22
    mine = next((p for p in d["players"] if "hand_names" in p), None)
    if mine is not None and mine["hand_names"]:
        y += 6
        draw.text((x, y), "Your hand", font=font(20, bold=True), fill=INK)
        y += 26
        for name in mine["hand_names"]:
            draw.text((x, y), fit_text(f"• {name}", 17, w), font=font(17), fill=INK)
            y += 22
    if d["over"] and d["scores"]:
        y += 6
        draw.text((x, y), "Final scores", font=font(20, bold=True), fill=INK)
        y += 26
        for p, sc in zip(d["players"], d["scores"], strict=True):
            won = " — wins" if p["seat"] in d["winners"] else ""
            draw.text((x, y), fit_text(f"{p['name']}: {sc}{won}", 18, w), font=font(18), fill=INK)
            y += 22
    return y


def _draw_legend(draw: ImageDraw.ImageDraw, y: int) -> None:
    x = 16
    f = font(16)
    draw.line((x, y + 10, x + 40, y + 10), fill=INK, width=3)
    draw.text((x + 48, y + 10), "regular border", font=f, fill=INK, anchor="lm")
    _dashed(draw, (x + 200, y + 10), (x + 240, y + 10), ROUGH, 5)
    draw.text((x + 248, y + 10), "rough border (stops a move)", font=f, fill=INK, anchor="lm")
    draw.line((x + 500, y + 10, x + 540, y + 10), fill=IMPASSABLE, width=8)
    draw.text((x + 548, y + 10), "impassable", font=f, fill=INK, anchor="lm")
    y += 28
    for i, (k, name) in enumerate((("F", "food"), ("W", "wood"), ("R", "lore"))):
        cx = x + 10 + i * 110
        draw.ellipse((cx - 9, y + 1, cx + 9, y + 19), fill=ICON_COLOURS[k])
        draw.text((cx + 16, y + 10), name, font=f, fill=INK, anchor="lm")
    draw.text(
        (x + 340, y + 10),
        "s / L free small / large slots   P lair   ■ closed territory",
        font=f,
        fill=INK,
        anchor="lm",
    )
    y += 28
    key = "Buildings: Fa Farm, Wl Woodcutter's Lodge, Rc Rune Carver, Wt Watchtower, "
    draw.text((x, y + 10), key + "Tc Training Camp,", font=f, fill=INK, anchor="lm")
    y += 24
    draw.text(
        (x, y + 10),
        "AK Altar of Kings, Fo Fortress, MH Great Mead Hall.   ◆ creature   "
        "numbered discs: units (colour + seat number in the panel)",
        font=f,
        fill=INK,
        anchor="lm",
    )
