"""The Root picture (root.md §17; issue 13 "Pictures"): the map with every clearing's suit,
slots, buildings, tokens and warriors by faction with counts; paths, barren trails, rivers
and forests; the VP track; and one board per faction. Drawn from the View's data only.

Every faction has a colour and a letter (M, E, A, V) so colour is never the only cue; suits
are written out in each clearing; barren trails are dashed and labelled.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engines.core.protocol import View
from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    canvas,
    contrast_ink,
    fit_text,
    font,
    title_bar,
    to_png,
)

RGB = tuple[int, int, int]
W = 1400
MAP_H = 860
TRACK_H = 120
PANEL_H = 300
FACTION_COLOUR: dict[str, RGB] = {
    "marquise": PALETTE["orange"],
    "eyrie": PALETTE["blue"],
    "alliance": PALETTE["green"],
    "vagabond": PALETTE["purple"],
}
LETTER = {"marquise": "M", "eyrie": "E", "alliance": "A", "vagabond": "V"}
NAMES = {
    "marquise": "Marquise de Cat",
    "eyrie": "Eyrie Dynasties",
    "alliance": "Woodland Alliance",
    "vagabond": "Vagabond",
}
SUIT_FILL: dict[str, RGB] = {
    "fox": (244, 190, 170),
    "rabbit": (246, 232, 160),
    "mouse": (240, 205, 150),
}
SHORT = {
    "sawmill": "Saw",
    "workshop": "Wk",
    "recruiter": "Rec",
    "roost": "Ro",
    "base_fox": "B",
    "base_rabbit": "B",
    "base_mouse": "B",
    "ruin": "ruin",
}
TOKEN_SHORT = {"wood": "wd", "keep": "K", "sympathy": "Sy"}
BARREN = (150, 95, 40)
OPENED = (0, 140, 90)
RIVER = (80, 150, 220)
FOREST = (200, 225, 195)
# Clearing positions on the map area, as fractions of its width and height.
POSITIONS: dict[str, dict[int, tuple[float, float]]] = {
    "wastelands": {
        1: (0.08, 0.11),
        5: (0.5, 0.09),
        2: (0.92, 0.11),
        6: (0.9, 0.4),
        7: (0.83, 0.68),
        3: (0.93, 0.9),
        8: (0.5, 0.9),
        4: (0.08, 0.9),
        9: (0.1, 0.5),
        10: (0.5, 0.36),
        11: (0.63, 0.62),
        12: (0.37, 0.62),
    },
    "autumn": {
        1: (0.08, 0.11),
        5: (0.5, 0.09),
        2: (0.92, 0.11),
        10: (0.42, 0.34),
        6: (0.9, 0.5),
        9: (0.1, 0.5),
        12: (0.36, 0.64),
        11: (0.68, 0.6),
        4: (0.08, 0.9),
        8: (0.33, 0.9),
        7: (0.62, 0.9),
        3: (0.92, 0.9),
    },
}
RIVERS = {"wastelands": [(5, 10), (10, 8)], "autumn": []}
R = 74


def _xy(data: dict[str, Any], cid: int) -> tuple[float, float]:
    fx, fy = POSITIONS[data["map"]][cid]
    return 90 + fx * (W - 180), 56 + 70 + fy * (MAP_H - 190)


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


def _draw_map(img: Image.Image, data: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(img, "RGBA")
    pos = {c["id"]: _xy(data, c["id"]) for c in data["clearings"]}
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


def _draw_track(img: Image.Image, data: dict[str, Any], top: int) -> None:
    draw = ImageDraw.Draw(img)
    draw.text((20, top + 8), "Victory points (30 wins)", font=font(20, bold=True), fill=INK)
    partner = data.get("vagabond", {}).get("coalition", "")
    if partner:  # his score marker sits on his partner's board (L9.2.8)
        draw.text(
            (300, top + 10),
            f"V is in coalition with {NAMES[partner]} ({LETTER[partner]}+V): no VP of his own, "
            "wins if they win",
            font=font(18, bold=True),
            fill=FACTION_COLOUR["vagabond"],
        )
    cell = (W - 40) / 31
    y = top + 40
    by_vp: dict[int, list[str]] = {}
    for p in data["players"]:
        if p["faction"] == "vagabond" and partner:
            continue
        by_vp.setdefault(min(30, p["vp"]), []).append(p["faction"])
    for v in range(31):
        x = 20 + v * cell
        draw.rectangle((x, y, x + cell - 2, y + 28), fill=(255, 255, 255), outline=INK)
        draw.text((x + cell / 2, y + 14), str(v), font=font(14), fill=INK, anchor="mm")
        for i, f in enumerate(by_vp.get(v, [])):
            draw.rounded_rectangle(
                (x + 2, y + 32 + i * 0, x + cell - 4, y + 60),
                radius=5,
                fill=FACTION_COLOUR[f],
                outline=INK,
            )
            letters = "".join(LETTER[g] + ("+V" if g == partner else "") for g in by_vp[v])
            draw.text(
                (x + cell / 2, y + 46),
                letters,
                font=font(15, bold=True),
                fill=contrast_ink(FACTION_COLOUR[f]),
                anchor="mm",
            )
            break


def _panel_header(
    draw: ImageDraw.ImageDraw,
    p: dict[str, Any],
    box: tuple[int, int, int, int],
    data: dict[str, Any],
) -> int:
    x0, y0, x1, _ = box
    colour = FACTION_COLOUR[p["faction"]]
    draw.rectangle((x0, y0, x1, y0 + 36), fill=colour)
    mark = " ▶" if p["seat"] == data["active"] and not data["winners"] else ""
    head = (
        f"{LETTER[p['faction']]} · {NAMES[p['faction']]} (seat {p['seat'] + 1}){mark} — "
        f"{p['vp']} VP"
    )
    if p["faction"] == "vagabond" and p.get("coalition"):
        head += " (frozen)"
    if data["economy"]:
        head += f", {p['water']} WATER"
    head += f", {p['hand_size']} card{'s' if p['hand_size'] != 1 else ''}"
    draw.text(
        (x0 + 10, y0 + 18),
        fit_text(head, 19, x1 - x0 - 20, True),
        font=font(19, True),
        fill=contrast_ink(colour),
        anchor="lm",
    )
    extra = []
    if p["items"]:
        extra.append("crafted: " + ", ".join(p["items"]))
    if p["persistent"]:
        extra.append("in play: " + ", ".join(p["persistent"]))
    partner = p.get("coalition", "")
    if partner and p["faction"] == "vagabond":
        extra.append(f"IN COALITION with {NAMES[partner]} via {p['dominance']}: wins if they win")
    elif partner:
        extra.append("IN COALITION with the Vagabond: he wins if you win")
    if p["dominance"] and p["faction"] != "vagabond":
        extra.append("DOMINANCE: " + p["dominance"])
    y = y0 + 44
    if extra:
        draw.text(
            (x0 + 10, y), fit_text("; ".join(extra), 16, x1 - x0 - 20), font=font(16), fill=INK
        )
        y += 24
    return y


def _boxes(
    draw: ImageDraw.ImageDraw, x: int, y: int, label: str, filled: int, tops: list[str], colour: RGB
) -> None:
    draw.text((x, y + 14), label, font=font(16, bold=True), fill=INK, anchor="lm")
    for i, t in enumerate(tops):
        bx = x + 110 + i * 52
        fill = colour if i < filled else (255, 255, 255)
        draw.rectangle((bx, y, bx + 48, y + 28), fill=fill, outline=INK)
        draw.text((bx + 24, y + 14), t, font=font(14), fill=contrast_ink(fill), anchor="mm")


def _marquise(draw: ImageDraw.ImageDraw, data: dict[str, Any], x: int, y: int) -> None:
    counts = {k: 0 for k in ("sawmill", "workshop", "recruiter", "wood")}
    warriors = 0
    keep = False
    for c in data["clearings"]:
        for b in c["buildings"]:
            if b in counts:
                counts[b] += 1
        counts["wood"] += c["tokens"].count("wood")
        keep = keep or "keep" in c["tokens"]
        warriors += c["warriors"].get("marquise", 0)
    col = FACTION_COLOUR["marquise"]
    vps = {"sawmill": "0 1 2 3 4 5", "workshop": "0 2 2 3 4 5", "recruiter": "0 1 2 3 3 4"}
    _boxes(draw, x, y, "wood cost", 0, ["0", "1", "2", "3", "3", "4"], col)
    for i, k in enumerate(("sawmill", "workshop", "recruiter")):
        _boxes(
            draw, x, y + 34 * (i + 1), k + "s", counts[k], [f"{v}VP" for v in vps[k].split()], col
        )
    draw.text(
        (x, y + 144),
        f"On the map: {warriors}/25 warriors, {counts['wood']}/8 wood, keep "
        f"{'standing' if keep else 'gone'}.",
        font=font(16),
        fill=INK,
    )
    draw.text(
        (x, y + 166),
        "Filled box = building on the map; its VP was scored.",
        font=font(14),
        fill=MUTED,
    )


def _eyrie(draw: ImageDraw.ImageDraw, data: dict[str, Any], x: int, y: int, w: int) -> None:
    e = data["eyrie"]
    roosts = sum(c["buildings"].count("roost") for c in data["clearings"])
    leader = e["leader"] or "(choosing)"
    spent = ", ".join(e["spent_leaders"]) or "none"
    draw.text((x, y), f"Leader: {leader}   deposed: {spent}", font=font(17, True), fill=INK)
    cw = (w - 20) // 4
    for i, col in enumerate(("recruit", "move", "battle", "build")):
        cx = x + i * cw
        draw.rectangle((cx, y + 26, cx + cw - 8, y + 140), outline=INK, fill=(255, 255, 255))
        draw.text((cx + 6, y + 30), col.upper(), font=font(15, True), fill=INK)
        for j, name in enumerate(e["decree"][col][:5]):
            draw.text(
                (cx + 6, y + 50 + j * 18), fit_text(name, 14, cw - 20), font=font(14), fill=INK
            )
    _boxes(
        draw,
        x,
        y + 150,
        "roosts",
        roosts,
        [f"{v}VP" for v in (0, 1, 2, 3, 4, 4, 5)],
        FACTION_COLOUR["eyrie"],
    )


def _alliance(draw: ImageDraw.ImageDraw, data: dict[str, Any], x: int, y: int) -> None:
    a = data["alliance"]
    symp = sum(c["tokens"].count("sympathy") for c in data["clearings"])
    bases = [b for c in data["clearings"] for b in c["buildings"] if b.startswith("base")]
    draw.text(
        (x, y),
        f"Supporters: {a['supporters']} (hidden)   Officers: {a['officers']}",
        font=font(17, True),
        fill=INK,
    )
    in_box = [s for s in ("fox", "rabbit", "mouse") if f"base_{s}" not in bases]
    draw.text(
        (x, y + 26),
        "Bases on the map: "
        + (", ".join(b[5:] for b in bases) or "none")
        + "; in the box: "
        + (", ".join(in_box) or "none"),
        font=font(16),
        fill=INK,
    )
    _boxes(
        draw,
        x - 40,
        y + 56,
        "sympathy",
        symp,
        [f"{v}VP" for v in (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)],
        FACTION_COLOUR["alliance"],
    )
    _boxes(
        draw,
        x - 40,
        y + 90,
        "cost",
        0,
        [str(v) for v in (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)],
        FACTION_COLOUR["alliance"],
    )
    if "supporters" in data:
        names = ", ".join(f"{c['name']} ({c['suit']})" for c in data["supporters"])
        draw.text(
            (x, y + 130), fit_text("Your supporters: " + names, 16, 640), font=font(16), fill=INK
        )


def _vagabond(draw: ImageDraw.ImageDraw, data: dict[str, Any], x: int, y: int) -> None:
    v = data["vagabond"]
    where = v["where"]
    place = f"clearing {where}" if where.isdigit() else f"forest {where}"
    draw.text(
        (x, y),
        f"{(v['character'] or 'choosing').title()} in {place}",
        font=font(17, True),
        fill=INK,
    )
    ix: float = x
    for it in v["items"]:
        label = it["kind"] + (" (track)" if it["track"] else "")
        fill: RGB = (255, 255, 255)
        if it["exhausted"]:
            label += " ↓"
            fill = (200, 200, 200)
        if it["damaged"]:
            label += " ✗"
            fill = (235, 160, 150)
        w = font(15).getlength(label) + 12
        if ix + w > x + 640:
            ix = x
            y += 30
        draw.rectangle((ix, y + 28, ix + w, y + 54), fill=fill, outline=INK)
        draw.text((ix + 6, y + 41), label, font=font(15), fill=INK, anchor="lm")
        ix += w + 6
    draw.text((x, y + 62), "↓ exhausted  ✗ damaged", font=font(14), fill=MUTED)
    rel = ", ".join(f"{LETTER[f]}: {r}" for f, r in v["relations"].items())
    draw.text((x, y + 84), "Relationships — " + rel, font=font(16), fill=INK)
    qs = ", ".join(q.replace("_", " ").replace(".", " ") for q in v["quests"])
    draw.text(
        (x, y + 108),
        fit_text(f"Quests: {qs}; done {len(v['done_quests'])}", 16, 640),
        font=font(16),
        fill=INK,
    )


def _draw_panels(img: Image.Image, data: dict[str, Any], top: int) -> None:
    draw = ImageDraw.Draw(img)
    pw = W // 2
    for i, p in enumerate(data["players"]):
        x0, y0 = (i % 2) * pw, top + (i // 2) * PANEL_H
        box = (x0 + 6, y0 + 6, x0 + pw - 6, y0 + PANEL_H - 6)
        draw.rectangle(box, outline=INK, width=2, fill=(252, 250, 245))
        y = _panel_header(draw, p, box, data) + 4
        f = p["faction"]
        if f == "marquise":
            _marquise(draw, data, box[0] + 12, y)
        elif f == "eyrie" and "eyrie" in data:
            _eyrie(draw, data, box[0] + 12, y, pw - 30)
        elif f == "alliance" and "alliance" in data:
            _alliance(draw, data, box[0] + 52, y)
        elif f == "vagabond" and "vagabond" in data:
            _vagabond(draw, data, box[0] + 12, y)


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
    _draw_map(img, data)
    _draw_track(img, data, 56 + MAP_H)
    _draw_panels(img, data, 56 + MAP_H + TRACK_H)
    if "hand" in data:
        draw = ImageDraw.Draw(img)
        hand = ", ".join(f"{c['name']} ({c['suit']})" for c in data["hand"]) or "empty"
        draw.text(
            (16, height - 44), fit_text("Your hand: " + hand, 20, W - 32), font=font(20), fill=INK
        )
    return to_png(img)
