"""One board per faction under the Root map (root.md §12 Marquise, §13 Eyrie, §14 Alliance,
§15 Vagabond): what each faction's board shows a player across the table."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import INK, MUTED, contrast_ink, fit_text, font
from engines.root.render.style import FACTION_COLOUR, LETTER, NAMES, PANEL_H, RGB, W


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
    if p["dominance"]:
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


def draw_panels(img: Image.Image, data: dict[str, Any], top: int) -> None:
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
