"""Arcadia pictures (DESIGN.md "Pictures"): the league map and the character sheets.

The map draws each league as a landscape card in its grid cell: title, printed terrains,
the terrain of each side along that edge (N/S along the long sides, E/W on the ends),
trial and Unique marks, hidden treasures by owner, designated quest sites, base camps,
waylays in play (face up: name, rating, wins still needed) and characters as numbered
discs. Waylays in a hand are face down: only their count shows, in the player strip.
Drawn from the View's data only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.arcadia.chronicle import ChronicleCharacter, fame
from engines.arcadia.content import content
from engines.core.protocol import View
from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    SEAT_COLOURS,
    canvas,
    contrast_ink,
    fit_text,
    font,
    text_width,
    title_bar,
    to_png,
)

RGB = tuple[int, int, int]
WIDTH = 1400
MARGIN = 16
GAP = 10
TERRAIN_COLOURS: dict[str, RGB] = {
    "Ocean": (120, 170, 215),
    "Lake": (150, 195, 225),
    "River": (170, 205, 230),
    "Marsh": (160, 180, 140),
    "Forest": (120, 170, 110),
    "Fields": (215, 215, 140),
    "Hills": (200, 185, 130),
    "Mountains": (170, 160, 150),
    "Road": (215, 200, 170),
    "Town": (220, 190, 170),
    "Castle": (190, 180, 200),
    "Ruins": (190, 175, 165),
    "Caves": (160, 150, 140),
    "Bridge": (200, 190, 175),
    "Border": (235, 235, 235),
}
WAYLAY_BG: RGB = (150, 30, 40)
TREASURE: RGB = (230, 180, 40)
PANEL: RGB = (234, 229, 216)


def _seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _card_fill(terrains: str) -> RGB:
    first = next((t for t in terrains.split("/") if t != "Border"), "Border")
    return TERRAIN_COLOURS.get(first, (225, 220, 210))


def _grid(cells: list[dict[str, Any]]) -> tuple[int, int, int, int]:
    xs = [c["x"] for c in cells] or [0]
    ys = [c["y"] for c in cells] or [0]
    return min(xs), max(xs), min(ys), max(ys)


def _disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, seat: int, label: str) -> None:
    colour = _seat_colour(seat)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=2)
    draw.text(
        (cx, cy), label, font=font(int(r * 1.1), bold=True), fill=contrast_ink(colour), anchor="mm"
    )


@lru_cache(maxsize=2048)
def _edge_label(text: str, length: int, west: bool) -> Image.Image:
    """An end's terrain label turned to run along the short side (cached: the same labels
    recur on every picture)."""
    tmp = Image.new("RGBA", (length, 16), (0, 0, 0, 0))
    ImageDraw.Draw(tmp).text(
        (length / 2, 8), fit_text(text, 12, length - 4), font=font(12), fill=INK, anchor="mm"
    )
    return tmp.rotate(90 if west else -90, expand=True)


def _draw_card(
    target: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    cell: dict[str, Any],
    players: list[dict[str, Any]],
) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    draw.rounded_rectangle(box, radius=8, fill=_card_fill(cell["terrains"]), outline=INK, width=2)
    small, mid = 13, 15
    # Side terrains along each edge, inside the card.
    sides = cell["sides"]
    draw.text(
        ((x0 + x1) / 2, y0 + 3),
        fit_text("N " + sides["N"], small, w - 16),
        font=font(small),
        fill=INK,
        anchor="mt",
    )
    draw.text(
        ((x0 + x1) / 2, y1 - 3),
        fit_text("S " + sides["S"], small, w - 16),
        font=font(small),
        fill=INK,
        anchor="mb",
    )
    img_w = int(y1 - y0 - 44)
    for d, x in (("W", x0 + 3), ("E", x1 - 3)):
        rot = _edge_label(d + " " + sides[d].replace("/", " "), img_w, d == "W")
        px = int(x) if d == "W" else int(x - 16)
        target.paste(rot, (px, int((y0 + y1) / 2 - img_w / 2)), rot)
    # Title, marks, terrains.
    marks = ("★ " if cell["unique"] else "") + ("⚠ " if cell["trials"] else "")
    coord = cell["cell"] + (" ↻" if cell["rot"] else "")
    room = w - 46 - text_width(coord, small)
    draw.text(
        (x0 + 20, y0 + 20),
        fit_text(marks + cell["league"], mid, room, bold=True),
        font=font(mid, bold=True),
        fill=INK,
    )
    draw.text(
        (x0 + 20, y0 + 38),
        fit_text(cell["terrains"].replace("/", ", "), small, w - 40),
        font=font(small),
        fill=INK,
    )
    draw.text(
        (x1 - 20, y0 + 22),
        coord,
        font=font(small),
        fill=MUTED,
        anchor="ra",
    )
    y = y0 + 56
    for name in cell["names"]:
        draw.text(
            (x0 + 20, y),
            fit_text("◆ " + name, small, w - 40),
            font=font(small, bold=True),
            fill=(90, 40, 120),
        )
        y += 16
    for wl in cell["waylays"]:
        label = f"▲ {wl['name']} ({wl['rating']})" + (
            f" ×{wl['wins_left']}" if wl["wins_left"] > 1 else ""
        )
        draw.rounded_rectangle((x0 + 18, y, x1 - 18, y + 18), radius=4, fill=WAYLAY_BG)
        draw.text(
            (x0 + 22, y + 9),
            fit_text(label, small, w - 46),
            font=font(small, bold=True),
            fill=(255, 255, 255),
            anchor="lm",
        )
        y += 20
    # Treasures (diamonds with the owner's number) bottom left, characters bottom right.
    tx = x0 + 30
    ty = y1 - 28
    for owner in cell["treasures"]:
        draw.polygon(
            [(tx, ty - 11), (tx + 11, ty), (tx, ty + 11), (tx - 11, ty)], fill=TREASURE, outline=INK
        )
        draw.text((tx, ty), str(owner + 1), font=font(12, bold=True), fill=INK, anchor="mm")
        tx += 26
    cx = x1 - 30
    for p in players:
        if p["base"] == cell["cell"]:
            colour = _seat_colour(p["seat"])
            draw.rounded_rectangle(
                (x0 + 20, y1 - 62, x0 + 96, y1 - 44), radius=4, fill=colour, outline=INK
            )
            draw.text(
                (x0 + 58, y1 - 53),
                f"BASE {p['seat'] + 1}",
                font=font(12, bold=True),
                fill=contrast_ink(colour),
                anchor="mm",
            )
        if p["pos"] == cell["cell"]:
            _disc(draw, cx, y1 - 30, 14, p["seat"], str(p["seat"] + 1))
            cx -= 32


def _legend(
    draw: ImageDraw.ImageDraw, y: int, players: list[dict[str, Any]], data: dict[str, Any]
) -> int:
    for p in players:
        colour = _seat_colour(p["seat"])
        _disc(draw, MARGIN + 16, y + 14, 13, p["seat"], str(p["seat"] + 1))
        quest = "; ".join(
            f"{q['name']}: {'done' if q['complete'] else ' / '.join(q['progress'])}"
            for q in p["quests"]
        )
        count = p["hand_count"]
        hand = f" · {count} waylay{'s' if count != 1 else ''} face down" if count else ""
        skip = " · loses next Day" if p["skip_next_day"] else ""
        line = f"{p['name']} ({p['icon']}, {p['court']}){hand}{skip} — {quest or 'no quest yet'}"
        draw.text(
            (MARGIN + 38, y + 14),
            fit_text(line, 17, WIDTH - 2 * MARGIN - 40),
            font=font(17),
            fill=INK,
            anchor="lm",
        )
        del colour
        y += 32
    if data["solo"] and data["pile_count"]:
        draw.text(
            (MARGIN, y + 8), f"Waylay pile: {data['pile_count']} face down", font=font(17), fill=INK
        )
        y += 30
    keys = (
        "Legend: BASE n: base camp of player n · numbered disc: character · ◆ designated quest "
        "site · ▲ waylay in play (rating, ×wins needed) · gold diamond: hidden treasure "
        "(owner) · ★ Unique · ⚠ has trials · ↻ turned half round · side terrain printed "
        "on each edge"
    )
    for chunk in _wrap(keys, 15, WIDTH - 2 * MARGIN):
        draw.text((MARGIN, y + 6), chunk, font=font(15), fill=MUTED)
        y += 20
    return y + 8


def _wrap(text: str, size: int, width: float) -> list[str]:
    words = text.split(" ")
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = (cur + " " + w).strip()
        if font(size).getlength(trial) <= width:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def render(view: View) -> bytes:
    data = view.data
    cells: list[dict[str, Any]] = list(data["cells"])
    players = list(data["players"])
    x_lo, x_hi, y_lo, y_hi = _grid(cells)
    cols, rows = x_hi - x_lo + 1, y_hi - y_lo + 1
    card_w = min(300.0, (WIDTH - 2 * MARGIN - (cols - 1) * GAP) / cols)
    card_w = max(card_w, 200.0)
    card_h = max(150.0, card_w * 0.6)
    map_w = cols * card_w + (cols - 1) * GAP + 2 * MARGIN
    width = int(max(WIDTH, map_w))
    legend_h = 32 * len(players) + 110
    height = (
        int(56 + MARGIN + rows * card_h + (rows - 1) * GAP + MARGIN + legend_h)
        if cells
        else 56 + legend_h + 80
    )
    img = canvas(width, height)
    title_bar(img, fit_text(data["title"], 28, width - 32, bold=True))
    draw = ImageDraw.Draw(img)
    top = 56 + MARGIN
    if not cells:
        draw.text((MARGIN, top + 20), "No leagues laid yet.", font=font(22), fill=MUTED)
        map_bottom = top + 70
    else:
        for cell in cells:
            col = cell["x"] - x_lo
            row = y_hi - cell["y"]  # north up
            x0 = MARGIN + col * (card_w + GAP)
            y0 = top + row * (card_h + GAP)
            _draw_card(img, draw, (x0, y0, x0 + card_w, y0 + card_h), cell, players)
        map_bottom = int(top + rows * card_h + (rows - 1) * GAP)
    draw.line((MARGIN, map_bottom + 8, width - MARGIN, map_bottom + 8), fill=MUTED, width=1)
    _legend(draw, map_bottom + 14, players, dict(data))
    return to_png(img)


# -- character sheets ---------------------------------------------------------------------

SHEET_W, SHEET_H = 680, 520


def _sheet(img: Image.Image, x0: int, y0: int, p: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(img)
    colour = _seat_colour(p["seat"])
    draw.rounded_rectangle(
        (x0, y0, x0 + SHEET_W, y0 + SHEET_H), radius=10, fill=PANEL, outline=INK, width=2
    )
    draw.rectangle((x0 + 2, y0 + 2, x0 + SHEET_W - 2, y0 + 44), fill=colour)
    head = f"{p['seat'] + 1}. {p['name']} — {p['icon'] or 'no icon yet'}"
    draw.text(
        (x0 + 12, y0 + 23),
        fit_text(head, 22, SHEET_W - 24, bold=True),
        font=font(22, bold=True),
        fill=contrast_ink(colour),
        anchor="lm",
    )
    y = y0 + 54
    attrs = "   ".join(f"{k} {v}" for k, v in p["attributes"].items())
    draw.text(
        (x0 + 12, y), f"{attrs}   Court: {p['court'] or '?'}", font=font(19, bold=True), fill=INK
    )
    y += 28
    extra = f"Special: {p['special']}" if p["special"] else ""
    earned, unspent = p["xp"]
    fame = f"XP {earned} earned, {unspent} unspent · Fame +{p['fame']}"
    if not p["chronicle"]:
        fame = "New character (XP 0)"
    budget = p.get("budget")
    spent = f"Build {budget['spent']}/{budget['total']} points" if budget else ""
    draw.text(
        (x0 + 12, y),
        fit_text(" · ".join(x for x in (extra, fame, spent) if x), 16, SHEET_W - 24),
        font=font(16),
        fill=INK,
    )
    y += 28
    draw.text(
        (x0 + 12, y),
        "Merits (✓ ready · ✗ exhausted · struck out: discarded · Q quest item)",
        font=font(14),
        fill=MUTED,
    )
    y += 22
    for name, kind, cost, exhausted, discarded, quest in p["merits"]:
        mark = "✗" if exhausted else "✓"
        label = f"{mark} {name} ({kind} {cost})" + (" Q" if quest else "")
        ink = MUTED if exhausted or discarded else INK
        draw.text(
            (x0 + 20, y),
            fit_text(label, 17, SHEET_W - 40),
            font=font(17, bold=not exhausted),
            fill=ink,
        )
        if discarded:
            length = font(17).getlength(fit_text(label, 17, SHEET_W - 40))
            draw.line(
                (x0 + 20, y + 11, x0 + 20 + length, y + 11), fill=PALETTE["vermillion"], width=2
            )
        y += 23
        if y > y0 + SHEET_H - 120:
            draw.text((x0 + 20, y), "…", font=font(17), fill=INK)
            y += 23
            break
    y += 6
    draw.text((x0 + 12, y), "Flaws (held by the opponent; ✗ exhausted)", font=font(14), fill=MUTED)
    y += 22
    for name, kind, bonus, exhausted in p["flaws"]:
        label = f"{'✗' if exhausted else '•'} {name} ({kind}, +{bonus})"
        draw.text(
            (x0 + 20, y),
            fit_text(label, 17, SHEET_W - 40),
            font=font(17),
            fill=MUTED if exhausted else INK,
        )
        y += 23
    if not p["flaws"]:
        draw.text((x0 + 20, y), "none", font=font(17), fill=MUTED)


def render_sheets(view: View) -> bytes:
    players = list(view.data["players"])
    cols = 2 if len(players) > 1 else 1
    rows = (len(players) + cols - 1) // cols
    width = max(WIDTH, cols * SHEET_W + (cols + 1) * MARGIN)
    height = 56 + MARGIN + rows * (SHEET_H + MARGIN)
    img = canvas(width, height)
    title_bar(img, "Arcadia: character sheets")
    for i, p in enumerate(players):
        x0 = MARGIN + (i % cols) * (SHEET_W + MARGIN)
        y0 = 56 + MARGIN + (i // cols) * (SHEET_H + MARGIN)
        _sheet(img, x0, y0, p)
    return to_png(img)


def extras(view: View) -> list[tuple[str, bytes]]:
    return [("characters.png", render_sheets(view))]


def chronicle_sheet(ch: ChronicleCharacter) -> bytes:
    """A stored chronicle character's sheet, for ``/character show`` (no game needed)."""
    c = content()
    icon = c.icons[ch.icon]
    p: dict[str, Any] = {
        "seat": 0,
        "name": ch.name,
        "icon": icon.name,
        "special": icon.special.name,
        "attributes": {"Might": icon.might, "Savvy": icon.savvy, "Resolve": icon.resolve},
        "court": ch.court,
        "fame": fame(ch),
        "xp": [ch.xp_earned_total, ch.xp_unspent],
        "chronicle": True,
        "merits": [
            [c.merits[m].name, c.merits[m].type, c.merits[m].cost, False, False, False]
            for m in ch.merits
        ],
        "flaws": [[c.flaws[f].name, c.flaws[f].type, c.flaws[f].bonus, False] for f in ch.flaws],
        "budget": None,
    }
    img = canvas(SHEET_W + 2 * MARGIN, 56 + SHEET_H + 2 * MARGIN)
    title_bar(
        img, fit_text(f"Arcadia: {ch.name}" + (" (retired)" if ch.retired else ""), 28, SHEET_W)
    )
    _sheet(img, MARGIN, 56 + MARGIN, p)
    return to_png(img)
