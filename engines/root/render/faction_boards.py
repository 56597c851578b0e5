"""One board per faction under the Root map (root.md §12 Marquise, §13 Eyrie, §14 Alliance,
§15 Vagabond): what each faction's board shows a player across the table.

Each board is a cached section (issue 20): ``board_facts`` gathers everything a board shows
from the view, and the board is drawn again only when those facts change."""

from __future__ import annotations

from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    Box,
    contrast_ink,
    fitting_size,
    text_width,
    wrap_lines,
    write,
)
from engines.root.render.style import (
    DAMAGED_FILL,
    EXHAUSTED_FILL,
    FACTION_COLOUR,
    LETTER,
    NAMES,
    PANEL_FILL,
    PANEL_H,
    RGB,
    SECTIONS,
    WHITE,
    W,
)

Facts = dict[str, Any]
PANEL_W = W // 2


def _header(draw: ImageDraw.ImageDraw, facts: Facts, box: Box) -> float:
    """The faction's coloured header line and the cards it has in play; returns the y below."""
    x0, y0, x1, _ = box
    colour = FACTION_COLOUR[facts["faction"]]
    draw.rectangle((x0, y0, x1, y0 + 36), fill=colour)
    head, room = facts["head"], x1 - x0 - 20
    size = fitting_size(head, room, 19, 12, True)
    write(draw, (x0 + 10, y0 + 18), head, size, True, contrast_ink(colour), "lm", panel=box)
    y = y0 + 44
    if facts["extra"]:
        size = fitting_size(facts["extra"], room, 16, 13)
        for line in wrap_lines(facts["extra"], size, room):
            write(draw, (x0 + 10, y), line, size, panel=box)
            y += size + 6
    return y


def _boxes(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    label: str,
    filled: int,
    tops: list[str],
    colour: RGB,
    panel: Box,
) -> None:
    write(draw, (x, y + 14), label, 16, True, INK, "lm", panel=panel)
    for i, t in enumerate(tops):
        bx = x + 110 + i * 52
        fill = colour if i < filled else WHITE
        draw.rectangle((bx, y, bx + 48, y + 28), fill=fill, outline=INK)
        write(draw, (bx + 24, y + 14), t, 14, False, contrast_ink(fill), "mm", panel=panel)


def _marquise(draw: ImageDraw.ImageDraw, m: Facts, x: float, y: float, panel: Box) -> None:
    col = FACTION_COLOUR["marquise"]
    vps = {"sawmill": "0 1 2 3 4 5", "workshop": "0 2 2 3 4 5", "recruiter": "0 1 2 3 3 4"}
    _boxes(draw, x, y, "wood cost", 0, ["0", "1", "2", "3", "3", "4"], col, panel)
    for i, k in enumerate(("sawmill", "workshop", "recruiter")):
        tops = [f"{v}VP" for v in vps[k].split()]
        _boxes(draw, x, y + 34 * (i + 1), k + "s", m[k], tops, col, panel)
    on_map = (
        f"On the map: {m['warriors']}/25 warriors, {m['wood']}/8 wood, keep "
        f"{'standing' if m['keep'] else 'gone'}."
    )
    write(draw, (x, y + 144), on_map, 16, panel=panel)
    note = "Filled box = building on the map; its VP was scored."
    write(draw, (x, y + 166), note, 14, False, MUTED, panel=panel)


def _eyrie(draw: ImageDraw.ImageDraw, e: Facts, x: float, y: float, panel: Box) -> None:
    leader = e["leader"] or "(choosing)"
    spent = ", ".join(e["spent_leaders"]) or "none"
    write(draw, (x, y), f"Leader: {leader}   deposed: {spent}", 17, True, panel=panel)
    cw = (PANEL_W - 50) // 4
    for i, col in enumerate(("recruit", "move", "battle", "build")):
        cx = x + i * cw
        column: Box = (cx, y + 26, cx + cw - 8, y + 140)
        draw.rectangle(column, outline=INK, fill=WHITE)
        write(draw, (cx + 6, y + 30), col.upper(), 15, True, panel=column)
        for j, name in enumerate(e["decree"][col][:5]):
            size = fitting_size(name, cw - 20, 14, 10)
            write(draw, (cx + 6, y + 50 + j * 18), name, size, panel=column)
    tops = [f"{v}VP" for v in (0, 1, 2, 3, 4, 4, 5)]
    _boxes(draw, x, y + 150, "roosts", e["roosts"], tops, FACTION_COLOUR["eyrie"], panel)


def _alliance(draw: ImageDraw.ImageDraw, a: Facts, x: float, y: float, panel: Box) -> None:
    line = f"Supporters: {a['supporters']} (hidden)   Officers: {a['officers']}"
    write(draw, (x, y), line, 17, True, panel=panel)
    in_box = [s for s in ("fox", "rabbit", "mouse") if f"base_{s}" not in a["bases"]]
    bases = (
        "Bases on the map: "
        + (", ".join(b[5:] for b in a["bases"]) or "none")
        + "; in the box: "
        + (", ".join(in_box) or "none")
    )
    write(draw, (x, y + 26), bases, 16, panel=panel)
    colour = FACTION_COLOUR["alliance"]
    tops = [f"{v}VP" for v in (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)]
    _boxes(draw, x - 40, y + 56, "sympathy", a["sympathy"], tops, colour, panel)
    costs = [str(v) for v in (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)]
    _boxes(draw, x - 40, y + 90, "cost", 0, costs, colour, panel)
    if a["own_supporters"] is not None:
        names = ", ".join(f"{c['name']} ({c['suit']})" for c in a["own_supporters"])
        text, room = "Your supporters: " + names, panel[2] - x - 12
        size = fitting_size(text, 2 * room, 16, 12)
        for i, line in enumerate(wrap_lines(text, size, room)):
            write(draw, (x, y + 130 + i * (size + 4)), line, size, panel=panel)


def _vagabond(draw: ImageDraw.ImageDraw, v: Facts, x: float, y: float, panel: Box) -> None:
    where = v["where"]
    place = f"clearing {where}" if where.isdigit() else f"forest {where}"
    write(
        draw, (x, y), f"{(v['character'] or 'choosing').title()} in {place}", 17, True, panel=panel
    )
    ix = x
    for it in v["items"]:
        label = it["kind"] + (" (track)" if it["track"] else "")
        fill: RGB = WHITE
        if it["exhausted"]:
            label += " ↓"
            fill = EXHAUSTED_FILL
        if it["damaged"]:
            label += " ✗"
            fill = DAMAGED_FILL
        w = text_width(label, 15) + 12
        if ix + w > x + 640:
            ix = x
            y += 30
        draw.rectangle((ix, y + 28, ix + w, y + 54), fill=fill, outline=INK)
        write(draw, (ix + 6, y + 41), label, 15, False, INK, "lm", panel=panel)
        ix += w + 6
    write(draw, (x, y + 62), "↓ exhausted  ✗ damaged", 14, False, MUTED, panel=panel)
    rel = ", ".join(f"{LETTER[f]}: {r}" for f, r in v["relations"].items())
    write(draw, (x, y + 84), "Relationships — " + rel, 16, panel=panel)
    qs = ", ".join(q.replace("_", " ").replace(".", " ") for q in v["quests"])
    text, room = f"Quests: {qs}; done {len(v['done_quests'])}", panel[2] - x - 12
    size = fitting_size(text, 2 * room, 16, 12)
    for i, line in enumerate(wrap_lines(text, size, room)):
        write(draw, (x, y + 108 + i * (size + 4)), line, size, panel=panel)


def _map_facts(faction: str, data: dict[str, Any]) -> Facts:
    """What a faction's board shows: its own data and its pieces on the map."""
    clearings = data["clearings"]
    if faction == "marquise":
        counts = {k: 0 for k in ("sawmill", "workshop", "recruiter")}
        for c in clearings:
            for b in c["buildings"]:
                if b in counts:
                    counts[b] += 1
        return {
            **counts,
            "wood": sum(c["tokens"].count("wood") for c in clearings),
            "keep": any("keep" in c["tokens"] for c in clearings),
            "warriors": sum(c["warriors"].get("marquise", 0) for c in clearings),
        }
    if faction not in data:
        return {}
    if faction == "eyrie":
        return {**data["eyrie"], "roosts": sum(c["buildings"].count("roost") for c in clearings)}
    if faction == "alliance":
        return {
            **data["alliance"],
            "sympathy": sum(c["tokens"].count("sympathy") for c in clearings),
            "bases": [b for c in clearings for b in c["buildings"] if b.startswith("base")],
            "own_supporters": data.get("supporters"),
        }
    return dict(data["vagabond"])


def board_facts(p: dict[str, Any], data: dict[str, Any]) -> Facts:
    """Everything the board of player ``p`` shows."""
    f = p["faction"]
    mark = " ▶" if p["seat"] == data["active"] and not data["winners"] else ""
    head = f"{LETTER[f]} · {NAMES[f]} (seat {p['seat'] + 1}){mark} — {p['vp']} VP"
    partner = p.get("coalition", "")
    if f == "vagabond" and partner:
        head += " (frozen)"  # his score marker sits on his partner's board (L9.2.8)
    if data["economy"]:
        head += f", {p['water']} WATER"
    head += f", {p['hand_size']} card{'s' if p['hand_size'] != 1 else ''}"
    extra = []
    if p["items"]:
        extra.append("crafted: " + ", ".join(p["items"]))
    if p["persistent"]:
        extra.append("in play: " + ", ".join(p["persistent"]))
    if partner and f == "vagabond":
        extra.append(f"IN COALITION with {NAMES[partner]} via {p['dominance']}: wins if they win")
    elif partner:
        extra.append("IN COALITION with the Vagabond: he wins if you win")
    if p["dominance"] and f != "vagabond":
        extra.append("DOMINANCE: " + p["dominance"])
    return {"faction": f, "head": head, "extra": "; ".join(extra), "own": _map_facts(f, data)}


def _draw_board(draw: ImageDraw.ImageDraw, facts: Facts) -> None:
    box: Box = (6, 6, PANEL_W - 6, PANEL_H - 6)
    draw.rectangle(box, outline=INK, width=2, fill=PANEL_FILL)
    y = _header(draw, facts, box) + 4
    own, x = facts["own"], box[0] + 12
    if facts["faction"] == "marquise":
        _marquise(draw, own, x, y, box)
    elif not own:
        return
    elif facts["faction"] == "eyrie":
        _eyrie(draw, own, x, y, box)
    elif facts["faction"] == "alliance":
        _alliance(draw, own, x + 40, y, box)
    else:
        _vagabond(draw, own, x, y, box)


def draw_panels(page: Image.Image, data: dict[str, Any], top: int) -> None:
    """The faction boards, two to a row, pasted on ``page`` from ``top`` down."""
    for i, p in enumerate(data["players"]):
        facts = board_facts(p, data)
        draw = partial(_draw_board, facts=facts)
        board = SECTIONS.section("faction board", repr(facts), (PANEL_W, PANEL_H), draw)
        page.paste(board, ((i % 2) * PANEL_W, top + (i // 2) * PANEL_H))
