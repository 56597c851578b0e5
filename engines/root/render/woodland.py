"""The Root map (root.md §17 "Maps", §16.3 barren trails): every clearing's suit, slots, buildings, tokens and
warriors by faction with counts; paths, barren trails, rivers and forests, and their key.
Suits are written out in each clearing; barren trails are dashed and labelled."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import INK, contrast_ink, font
from engines.root.render.geometry import RIVERS, R, clearing_xy
from engines.root.render.style import (
    BARREN,
    FACTION_COLOUR,
    FOREST,
    LETTER,
    MAP_H,
    OPENED,
    RGB,
    RIVER,
    SHORT,
    SUIT_FILL,
    TOKEN_SHORT,
)


def _dashed(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: RGB,
    width: int,
) -> None:
    length = math.dist(a, b)
    steps = max(1, int(length // 22))
    for i in range(steps):
        if i % 2:
            continue
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        draw.line([p0, p1], fill=colour, width=width)


def _pill(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, colour: RGB, size: int = 20
) -> float:
    """A rounded label; returns its width."""
    f = font(size, bold=True)
    w = f.getlength(text) + 14
    draw.rounded_rectangle((x, y, x + w, y + size + 10), radius=8, fill=colour, outline=INK)
    draw.text(
        (x + w / 2, y + (size + 10) / 2), text, font=f, fill=contrast_ink(colour), anchor="mm"
    )
    return w


def draw_map(img: Image.Image, data: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(img, "RGBA")
    pos = {c["id"]: clearing_xy(data, c["id"]) for c in data["clearings"]}
    for name, ring in data["forests"].items():
        pts = [pos[c] for c in ring]
        draw.polygon(pts, fill=(*FOREST, 150))
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        draw.text((cx, cy), name, font=font(22, bold=True), fill=(40, 110, 50), anchor="mm")
    for a, b in RIVERS[data["map"]]:
        _dashed(draw, pos[a], pos[b], RIVER, 4)
    opened = set(data["activated"])
    for a, b, kind in data["paths"]:
        if kind == "barren":
            key = f"{min(a, b)}-{max(a, b)}"
            _dashed(draw, pos[a], pos[b], OPENED if key in opened else BARREN, 9)
        else:
            draw.line([pos[a], pos[b]], fill=(110, 110, 110), width=9)
    vag = data.get("vagabond", {}).get("where", "")
    for c in data["clearings"]:
        _draw_clearing(draw, c, pos[c["id"]], vag == str(c["id"]))
    if vag and not vag.isdigit():
        ring = data["forests"][vag]
        cx = sum(pos[c][0] for c in ring) / len(ring)
        cy = sum(pos[c][1] for c in ring) / len(ring)
        _pill(draw, cx - 18, cy + 14, "V", FACTION_COLOUR["vagabond"])
    _draw_key(draw, data)


def _draw_clearing(
    draw: ImageDraw.ImageDraw, c: dict[str, Any], at: tuple[float, float], pawn: bool
) -> None:
    x, y = at
    draw.ellipse((x - R, y - R, x + R, y + R), fill=SUIT_FILL[c["suit"]], outline=INK, width=3)
    ruler = c["ruler"]
    if ruler:
        draw.ellipse(
            (x - R - 5, y - R - 5, x + R + 5, y + R + 5), outline=FACTION_COLOUR[ruler], width=5
        )
    draw.text(
        (x, y - R + 18), f"{c['id']} {c['suit']}", font=font(19, bold=True), fill=INK, anchor="mm"
    )
    # Slots: one box each, filled with the building's short name.
    n = c["slots"]
    bw = 44
    x0 = x - n * (bw + 4) / 2
    for i in range(n):
        bx = x0 + i * (bw + 4)
        box = (bx, y - 16, bx + bw, y + 12)
        if i < len(c["buildings"]):
            b = c["buildings"][i]
            owner = {"roost": "eyrie", "ruin": ""}.get(
                b, "alliance" if b.startswith("base") else "marquise"
            )
            fill = FACTION_COLOUR.get(owner, (170, 170, 170))
            draw.rectangle(box, fill=fill, outline=INK)
            draw.text(
                (bx + bw / 2, y - 2),
                SHORT[b],
                font=font(15, bold=True),
                fill=contrast_ink(fill),
                anchor="mm",
            )
        else:
            draw.rectangle(box, fill=(255, 255, 255), outline=INK)
    tokens: dict[str, int] = {}
    for t in c["tokens"]:
        tokens[t] = tokens.get(t, 0) + 1
    tx = x - R + 16
    for t, k in tokens.items():
        label = TOKEN_SHORT[t] + (f"×{k}" if k > 1 else "")
        owner = "alliance" if t == "sympathy" else "marquise"
        tx += _pill(draw, tx, y + 16, label, FACTION_COLOUR[owner], 14) + 3
    wy = y + R - 4
    parts = [(LETTER[f], n) for f, n in sorted(c["warriors"].items()) if n]
    total = sum(_label_w(f"{lt}×{n}") for lt, n in parts) + (30 if pawn else 0)
    wx = x - total / 2
    for f, n in sorted(c["warriors"].items()):
        if n:
            wx += _pill(draw, wx, wy, f"{LETTER[f]}×{n}", FACTION_COLOUR[f]) + 4
    if pawn:
        _pill(draw, wx, wy, "V", FACTION_COLOUR["vagabond"])


def _label_w(text: str) -> float:
    return font(20, bold=True).getlength(text) + 18


def _draw_key(draw: ImageDraw.ImageDraw, data: dict[str, Any]) -> None:
    x, y = 20, 56 + MAP_H - 56
    f = font(16)
    draw.line([(x, y + 10), (x + 40, y + 10)], fill=(110, 110, 110), width=7)
    x += 48
    draw.text((x, y), "path", font=f, fill=INK)
    x += 50
    _dashed(draw, (x, y + 10), (x + 44, y + 10), BARREN, 7)
    x += 52
    draw.text((x, y), "barren trail", font=f, fill=INK)
    x += 104
    _dashed(draw, (x, y + 10), (x + 44, y + 10), OPENED, 7)
    x += 52
    draw.text((x, y), "opened this turn", font=f, fill=INK)
    x += 140
    if RIVERS[data["map"]]:
        _dashed(draw, (x, y + 10), (x + 44, y + 10), RIVER, 4)
        x += 52
        draw.text((x, y), "river (no moves)", font=f, fill=INK)
        x += 140
    key = (
        "Saw sawmill · Wk workshop · Rec recruiter · Ro roost · B base · wd wood · "
        "K keep · Sy sympathy · M/E/A ×n warriors · V Vagabond · outer ring = ruler"
    )
    draw.text((20, y + 26), key, font=f, fill=INK)
