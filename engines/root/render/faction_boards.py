"""One board per faction under the Root map (root.md §12 Marquise, §13 Eyrie, §14 Alliance,
§15 Vagabond): what each faction's board shows a player across the table, one board to a row
across the picture, in type that reads at the inline size (issue 35).

Each board is a cached section (issue 20): ``board_facts`` gathers everything a board shows
from the view, and the board is drawn again only when those facts change. ``_layout`` says
how tall each part of a board is, so a board is measured before it is drawn."""

from __future__ import annotations

from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import (
    INK,
    Box,
    contrast_ink,
    fitting_size,
    text_width,
    wrap_lines,
    write,
)
from engines.core.words import count
from engines.root.board_text import RELATION
from engines.root.render.style import (
    DAMAGED_FILL,
    EXHAUSTED_FILL,
    FACTION_COLOUR,
    LETTER,
    LINE,
    NAMES,
    NOTE,
    PANEL_FILL,
    READ,
    RGB,
    SECTIONS,
    WHITE,
    W,
)
from engines.root.words import SHORT_FACTION, leader, quest

Facts = dict[str, Any]
HEAD_H = READ + 20
ROW_H = 42
BOX_W = 58
LABEL_W = 150
ROOM = W - 40
DECREE_LINE = 28
MARQUISE_VP = {
    "sawmill": (0, 1, 2, 3, 4, 5),
    "workshop": (0, 2, 2, 3, 4, 5),
    "recruiter": (0, 1, 2, 3, 3, 4),
}


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
    """A row of spaces on a faction board: the first ``filled`` in the faction's colour."""
    write(draw, (x, y + 17), label, NOTE, True, INK, "lm", panel=panel)
    for i, t in enumerate(tops):
        bx = x + LABEL_W + i * (BOX_W + 4)
        fill = colour if i < filled else WHITE
        draw.rectangle((bx, y, bx + BOX_W, y + 34), fill=fill, outline=INK)
        write(draw, (bx + BOX_W / 2, y + 17), t, NOTE, False, contrast_ink(fill), "mm", panel)


def _lines(text: str, bold: bool = False) -> list[str]:
    return wrap_lines(text, NOTE, ROOM, bold) if text else []


def _marquise_text(m: Facts) -> list[str]:
    keep = "the keep standing" if m["keep"] else "the keep removed"
    return _lines(
        f"On the map: {m['warriors']} of 25 warriors, {m['wood']} of 8 wood, {keep}. "
        "A filled space is a building on the map; its VP was scored."
    )


def _marquise(draw: ImageDraw.ImageDraw, m: Facts, y: float, panel: Box) -> None:
    col, x = FACTION_COLOUR["marquise"], panel[0] + 14
    rows = [
        ("sawmills", "sawmill"),
        ("workshops", "workshop"),
        ("recruiters", "recruiter"),
    ]
    for i, (label, k) in enumerate(rows):
        tops = [f"{v} VP" for v in MARQUISE_VP[k]]
        _boxes(draw, x + (i % 2) * W / 2, y + (i // 2) * ROW_H, label, m[k], tops, col, panel)
    costs = ["0", "1", "2", "3", "3", "4"]
    _boxes(draw, x + W / 2, y + ROW_H, "wood cost", 0, costs, col, panel)
    for i, line in enumerate(_marquise_text(m)):
        write(draw, (x, y + 2 * ROW_H + i * LINE), line, NOTE, panel=panel)


def _leader_line(e: Facts) -> str:
    now = leader(e["leader"]) if e["leader"] else "being chosen"
    spent = ", ".join(leader(k) for k in e["spent_leaders"]) or "none yet"
    return f"Leader: {now} · deposed: {spent}"


def _decree_rows(e: Facts) -> int:
    return max(1, *(len(v) for v in e["decree"].values()))


def _eyrie(draw: ImageDraw.ImageDraw, e: Facts, y: float, panel: Box) -> None:
    x = panel[0] + 14
    write(draw, (x, y), _leader_line(e), NOTE, True, panel=panel)
    cw = ROOM / 4
    rows = _decree_rows(e)
    for i, col in enumerate(("recruit", "move", "battle", "build")):
        cx = x + i * cw
        column: Box = (
            round(cx),
            round(y + LINE),
            round(cx + cw - 8),
            round(y + LINE + 40 + rows * DECREE_LINE),
        )
        draw.rectangle(column, outline=INK, fill=WHITE)
        write(draw, (cx + 8, y + LINE + 6), "Decree: " + col, NOTE, True, panel=column)
        for j, name in enumerate(e["decree"][col]):
            size = fitting_size(name, cw - 24, NOTE, 16)
            write(draw, (cx + 8, y + LINE + 36 + j * DECREE_LINE), name, size, panel=column)
    tops = [f"{v} VP" for v in (0, 1, 2, 3, 4, 4, 5)]
    ry = y + LINE + 48 + rows * DECREE_LINE
    _boxes(draw, x, ry, "roosts", e["roosts"], tops, FACTION_COLOUR["eyrie"], panel)


def _alliance_text(a: Facts) -> list[str]:
    in_box = [s for s in ("fox", "rabbit", "mouse") if f"base_{s}" not in a["bases"]]
    on_map = ", ".join(b[5:] for b in a["bases"]) or "none"
    return _lines(
        f"Supporters: {a['supporters']} (hidden) · officers: {a['officers']} · "
        f"bases on the map: {on_map}; in the box: {', '.join(in_box) or 'none'}"
    )


def _own_supporters(a: Facts) -> list[str]:
    if a["own_supporters"] is None:
        return []
    names = ", ".join(f"{c['name']} ({c['suit']})" for c in a["own_supporters"]) or "none"
    return _lines("Your supporters: " + names)


def _alliance(draw: ImageDraw.ImageDraw, a: Facts, y: float, panel: Box) -> None:
    x = panel[0] + 14
    text = _alliance_text(a)
    for i, line in enumerate(text):
        write(draw, (x, y + i * LINE), line, NOTE, panel=panel)
    y += len(text) * LINE + 4
    colour = FACTION_COLOUR["alliance"]
    tops = [f"{v} VP" for v in (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)]
    _boxes(draw, x, y, "sympathy", a["sympathy"], tops, colour, panel)
    costs = [str(v) for v in (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)]
    _boxes(draw, x, y + ROW_H, "its cost", 0, costs, colour, panel)
    for i, line in enumerate(_own_supporters(a)):
        write(draw, (x, y + 2 * ROW_H + i * LINE), line, NOTE, panel=panel)


def _item_label(it: Facts) -> str:
    label = it["kind"] + (" (track)" if it["track"] else "")
    return label + (" ↓" if it["exhausted"] else "") + (" ✗" if it["damaged"] else "")


def _item_rows(v: Facts) -> list[list[Facts]]:
    """The Vagabond's items in rows across the board."""
    rows: list[list[Facts]] = [[]]
    x = 0.0
    for it in v["items"]:
        w = text_width(_item_label(it), NOTE) + 18
        if rows[-1] and x + w > ROOM:
            rows.append([])
            x = 0
        rows[-1].append(it)
        x += w
    return rows


def _vagabond_text(v: Facts) -> list[str]:
    rel = ", ".join(f"{SHORT_FACTION[f]} {RELATION.get(r, r)}" for f, r in v["relations"].items())
    quests = ", ".join(quest(q) for q in v["quests"]) or "none"
    return _lines(f"Relationships: {rel}. Quests: {quests}; {len(v['done_quests'])} done.")


def _vagabond_title(v: Facts) -> str:
    where = v["where"]
    place = f"clearing {where}" if where.isdigit() else f"forest {where}" if where else ""
    who = (v["character"] or "choosing a character").title()
    return f"{who} in {place}" if place else who


def _vagabond(draw: ImageDraw.ImageDraw, v: Facts, y: float, panel: Box) -> None:
    x = panel[0] + 14
    legend = "  (↓ exhausted, ✗ damaged)"
    write(draw, (x, y), _vagabond_title(v) + legend, NOTE, True, panel=panel)
    y += LINE
    for row in _item_rows(v):
        ix = x
        for it in row:
            label = _item_label(it)
            fill = DAMAGED_FILL if it["damaged"] else EXHAUSTED_FILL if it["exhausted"] else WHITE
            w = text_width(label, NOTE) + 12
            draw.rectangle((ix, y, ix + w, y + 32), fill=fill, outline=INK)
            write(draw, (ix + 6, y + 16), label, NOTE, False, INK, "lm", panel=panel)
            ix += w + 6
        y += 38
    for i, line in enumerate(_vagabond_text(v)):
        write(draw, (x, y + i * LINE), line, NOTE, panel=panel)


def _body_height(facts: Facts) -> int:
    own, f = facts["own"], facts["faction"]
    if f == "marquise":
        return 2 * ROW_H + len(_marquise_text(own)) * LINE
    if not own:
        return 0
    if f == "eyrie":
        return LINE + 48 + _decree_rows(own) * DECREE_LINE + ROW_H
    if f == "alliance":
        rows = len(_alliance_text(own)) + len(_own_supporters(own))
        return rows * LINE + 4 + 2 * ROW_H
    return LINE + 38 * len(_item_rows(own)) + len(_vagabond_text(own)) * LINE


def board_height(facts: Facts) -> int:
    return HEAD_H + 8 + len(_lines(facts["extra"])) * LINE + _body_height(facts) + 10


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
    who = p["name"] or f"seat {p['seat'] + 1}"
    head = f" · {who}{mark} — {p['vp']} VP"
    partner = p.get("coalition", "")
    if f == "vagabond" and partner:
        head += " (frozen)"  # his score marker sits on his partner's board (L9.2.8)
    if data["economy"]:
        head += f", {p['water']} WATER"
    head += f", {count(p['hand_size'], 'card')}"
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
    # The faction's full name, or its short one where the line would not fit at READ.
    full = f"{LETTER[f]} · {NAMES[f]}{head}"
    if text_width(full, READ, True) > ROOM:
        full = f"{LETTER[f]} · {SHORT_FACTION[f]}{head}"
    text = "; ".join(extra)
    return {
        "faction": f,
        "head": full,
        "extra": text[:1].upper() + text[1:],
        "own": _map_facts(f, data),
    }


def _draw_board(draw: ImageDraw.ImageDraw, facts: Facts, height: int) -> None:
    box: Box = (4, 2, W - 4, height - 4)
    draw.rectangle(box, outline=INK, width=2, fill=PANEL_FILL)
    colour = FACTION_COLOUR[facts["faction"]]
    draw.rectangle((box[0], box[1], box[2], box[1] + HEAD_H), fill=colour)
    head = facts["head"]
    size = fitting_size(head, ROOM, READ, 16, True)
    ink = contrast_ink(colour)
    write(draw, (18, box[1] + HEAD_H / 2), head, size, True, ink, "lm", box, "score")
    y = box[1] + HEAD_H + 8
    for line in _lines(facts["extra"]):
        write(draw, (18, y), line, NOTE, panel=box)
        y += LINE
    own, faction = facts["own"], facts["faction"]
    if faction == "marquise":
        _marquise(draw, own, y, box)
    elif not own:
        return
    elif faction == "eyrie":
        _eyrie(draw, own, y, box)
    elif faction == "alliance":
        _alliance(draw, own, y, box)
    else:
        _vagabond(draw, own, y, box)


def draw_panels(page: Image.Image, boards: list[Facts], top: int) -> None:
    """The faction boards, one to a row, pasted on ``page`` from ``top`` down."""
    y = top
    for facts in boards:
        height = board_height(facts)
        draw = partial(_draw_board, facts=facts, height=height)
        board = SECTIONS.section("faction board", repr(facts), (W, height), draw)
        page.paste(board, (0, y))
        y += height


def panel_facts(data: dict[str, Any]) -> list[Facts]:
    """Every board's facts, in turn order."""
    by_seat = {p["seat"]: p for p in data["players"]}
    return [board_facts(by_seat[s], data) for s in data["order"]]
