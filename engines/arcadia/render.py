"""Arcadia pictures (DESIGN.md "Pictures"): the league map and the character sheets.

The map draws each league as a landscape card in its grid cell: title, printed terrains,
the terrain of each side along that edge (N/S along the long sides, E/W on the ends),
trial and Unique marks, hidden treasures by owner, designated quest sites, base camps,
waylays in play (face up: name, rating, wins still needed) and characters as numbered
discs. Waylays in a hand are face down: only their count shows, in the player strip.
Drawn from the View's data only.
"""

from __future__ import annotations

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
    LayerCache,
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
    write(draw, (cx, cy), label, int(r * 1.1), True, contrast_ink(colour), "mm")


def _fit_lines(text: str, width: float, largest: int, smallest: int, bold: bool = False) -> Lines:
    """``text`` at the largest size from ``largest`` to ``smallest`` that fits ``width`` on
    one line, else wrapped at ``smallest`` (a single word too long is set smaller still)."""
    size = fitting_size(text, width, largest, smallest - 1, bold)
    if text_width(text, size, bold) <= width:
        return size, (text,)
    lines = wrap_lines(text, smallest, width, bold)
    widest = max(lines, key=lambda line: text_width(line, smallest, bold))
    return fitting_size(widest, width, smallest, 7, bold), tuple(lines)


Lines = tuple[int, tuple[str, ...]]
SIDE_LARGEST, SIDE_SMALLEST = 13, 12


def _side_lines(text: str, length: float) -> Lines:
    return _fit_lines(text, length - 4, SIDE_LARGEST, SIDE_SMALLEST)


def _edge_label(text: str, length: int, west: bool) -> Image.Image:
    """An end's terrain label turned to run along the short side, on as many lines as it
    needs (layers cached: the same labels recur on every picture)."""

    def make() -> Image.Image:
        size, lines = _side_lines(text, length)
        step = size + 3
        tmp = Image.new("RGBA", (length, step * len(lines) + 2), (0, 0, 0, 0))
        tdraw = ImageDraw.Draw(tmp)
        for i, line in enumerate(lines):
            write(tdraw, (length / 2, 1 + step * i + step / 2), line, size, False, INK, "mm")
        return tmp.rotate(90 if west else -90, expand=True)

    return _EDGE_LABELS.get((text, length, west), make)


_EDGE_LABELS: LayerCache[Image.Image] = LayerCache(2048)
BOTTOM = 68  # room under a card's text for base camp, treasures, characters and the S label


def _card_text(cell: dict[str, Any], inner: float) -> list[tuple[str, int, bool, str]]:
    """The lines of a card's middle: (text, size, bold, kind), kind "title", "plain", "site"
    or "waylay"; every line fits ``inner`` pixels."""
    out: list[tuple[str, int, bool, str]] = []
    marks = ("★ " if cell["unique"] else "") + ("⚠ " if cell["trials"] else "")
    size, lines = _fit_lines(marks + cell["league"], inner, 16, 14, True)
    out += [(line, size, True, "title") for line in lines]
    coord = f"({cell['cell']}{' ↻' if cell['rot'] else ''})"
    size, lines = _fit_lines(f"{cell['terrains'].replace('/', ', ')} {coord}", inner, 14, 13)
    out += [(line, size, False, "plain") for line in lines]
    for name in cell["names"]:
        size, lines = _fit_lines("◆ " + name, inner, 14, 13, True)
        out += [(line, size, True, "site") for line in lines]
    for wl in cell["waylays"]:
        label = f"▲ {wl['name']} ({wl['rating']})" + (
            f" ×{wl['wins_left']}" if wl["wins_left"] > 1 else ""
        )
        size, lines = _fit_lines(label, inner - 8, 14, 13, True)
        out += [(line, size, True, "waylay") for line in lines]
    return out


def _side_text(cell: dict[str, Any], d: str) -> str:
    """The label of side ``d``: its letter and terrains, spaced so a long one can wrap."""
    return f"{d} {cell['sides'][d].replace('/', ' ')}"


def _strip(cell: dict[str, Any], length: float) -> int:
    """The width of the strip the W and E labels take along the card's ends."""
    lines = max(len(_side_lines(_side_text(cell, d), length)[1]) for d in "WE")
    return 17 * lines + 4


def _extra_side_lines(cell: dict[str, Any], w: float, d: str) -> int:
    return len(_side_lines(_side_text(cell, d), w - 12)[1]) - 1


def _card_height(cell: dict[str, Any], w: float) -> float:
    inner = w - 2 * _strip(cell, 150 - 44) - 8
    sides = 16 * (_extra_side_lines(cell, w, "N") + _extra_side_lines(cell, w, "S"))
    return 22 + sum(size + 4 for _, size, _, _ in _card_text(cell, inner)) + BOTTOM + sides


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
    trace_marker("side_terrain")
    # Side terrains along each edge, inside the card.
    for d, anchor, y in (("N", "mt", y0 + 3), ("S", "mb", y1 - 3)):
        size, lines = _side_lines(_side_text(cell, d), w - 12)
        # Both lines of a long N or S label, each fitted: the card's height is for the text.
        for i, line in enumerate(lines if d == "N" else lines[::-1]):
            dy = i * (size + 2) * (1 if d == "N" else -1)
            write(draw, ((x0 + x1) / 2, y + dy), line, size, False, INK, anchor, panel=box)
    length = 150 - 44
    strip = _strip(cell, length)
    for d, x in (("W", x0 + 3), ("E", x1 - 3)):
        rot = _edge_label(_side_text(cell, d), length, d == "W")
        px = int(x) if d == "W" else int(x - rot.width)
        target.paste(rot, (px, int((y0 + y1) / 2 - length / 2)), rot)
    if cell["unique"]:
        trace_marker("unique")
    if cell["trials"]:
        trace_marker("trials")
    if cell["rot"]:
        trace_marker("turned")
    # Title, terrains and coordinates, quest sites, waylays in play.
    left = x0 + strip + 4
    inner = w - 2 * strip - 8
    y = y0 + 22 + 16 * _extra_side_lines(cell, w, "N")
    for text, size, bold, kind in _card_text(cell, inner):
        if kind == "waylay":
            trace_marker("waylay")
            draw.rounded_rectangle((left - 2, y - 1, x1 - strip - 2, y + size + 3), 4, WAYLAY_BG)
            write(draw, (left + 2, y + 1), text, size, True, (255, 255, 255), panel=box)
        else:
            ink = (90, 40, 120) if kind == "site" else INK
            if kind == "site":
                trace_marker("quest_site")
            write(draw, (left, y), text, size, bold, ink, panel=box)
        y += size + 4
    # Treasures (diamonds with the owner's number) bottom left, characters bottom right.
    y1 -= 16 * _extra_side_lines(cell, w, "S")
    tx = left + 10
    ty = y1 - 30
    for owner in cell["treasures"]:
        trace_marker("treasure")
        draw.polygon(
            [(tx, ty - 11), (tx + 11, ty), (tx, ty + 11), (tx - 11, ty)], fill=TREASURE, outline=INK
        )
        write(draw, (tx, ty), str(owner + 1), 12, True, INK, "mm", panel=box)
        tx += 26
    cx = x1 - strip - 18
    for p in players:
        if p["base"] == cell["cell"]:
            trace_marker("base")
            colour = _seat_colour(p["seat"])
            draw.rounded_rectangle(
                (left, y1 - 64, left + 80, y1 - 44), radius=4, fill=colour, outline=INK
            )
            label = f"BASE {p['seat'] + 1}"
            write(draw, (left + 40, y1 - 54), label, 13, True, contrast_ink(colour), "mm", box)
        if p["pos"] == cell["cell"]:
            trace_marker("character")
            _disc(draw, cx, y1 - 32, 14, p["seat"], str(p["seat"] + 1))
            cx -= 32


# Every kind of marker the map draws, with its legend text.
LEGEND = (
    ("character", "① numbered disc: a character (player's number)"),
    ("base", "BASE n: base camp of player n"),
    ("treasure", "gold diamond: hidden treasure (owner's number)"),
    ("quest_site", "◆ designated quest site"),
    ("waylay", "▲ waylay in play (rating, ×wins still needed)"),
    ("unique", "★ Unique league"),
    ("trials", "⚠ league has trials"),
    ("turned", "↻ league turned half round; (x,y) its place"),
    ("side_terrain", "N E S W: terrain printed on that edge"),
)
LINE_SIZE, KEY_SIZE = 18, 16


def _player_lines(p: dict[str, Any], width: float) -> list[str]:
    quest = "; ".join(
        f"{q['name']}: {'done' if q['complete'] else ' / '.join(q['progress'])}"
        for q in p["quests"]
    )
    count = p["hand_count"]
    hand = f" · {count} waylay{'s' if count != 1 else ''} face down" if count else ""
    skip = " · loses next Day" if p["skip_next_day"] else ""
    line = f"{p['name']} ({p['icon']}, {p['court']}){hand}{skip} — {quest or 'no quest yet'}"
    return wrap_lines(line, LINE_SIZE, width)


def _legend_lines(width: float) -> list[str]:
    return wrap_lines("Legend: " + " · ".join(text for _, text in LEGEND), KEY_SIZE, width)


def _legend_height(players: list[dict[str, Any]], data: dict[str, Any], width: int) -> int:
    rows = sum(max(32, 24 * len(_player_lines(p, width - 2 * MARGIN - 40)) + 8) for p in players)
    pile = 30 if data["solo"] and data["pile_count"] else 0
    return rows + pile + 22 * len(_legend_lines(width - 2 * MARGIN)) + 24


def _legend(
    draw: ImageDraw.ImageDraw,
    y: int,
    players: list[dict[str, Any]],
    data: dict[str, Any],
    width: int,
) -> int:
    for p in players:
        _disc(draw, MARGIN + 16, y + 14, 13, p["seat"], str(p["seat"] + 1))
        lines = _player_lines(p, width - 2 * MARGIN - 40)
        for i, line in enumerate(lines):
            write(draw, (MARGIN + 38, y + 14 + 24 * i), line, LINE_SIZE, False, INK, "lm")
        y += max(32, 24 * len(lines) + 8)
    if data["solo"] and data["pile_count"]:
        write(draw, (MARGIN, y + 8), f"Waylay pile: {data['pile_count']} face down", 18)
        y += 30
    for kind, _ in LEGEND:
        trace_legend(kind)
    for line in _legend_lines(width - 2 * MARGIN):
        write(draw, (MARGIN, y + 6), line, KEY_SIZE, False, MUTED)
        y += 22
    return y + 8


def render(view: View) -> bytes:
    data = view.data
    cells: list[dict[str, Any]] = list(data["cells"])
    players = list(data["players"])
    x_lo, x_hi, y_lo, y_hi = _grid(cells)
    cols, rows = x_hi - x_lo + 1, y_hi - y_lo + 1
    card_w = min(300.0, (WIDTH - 2 * MARGIN - (cols - 1) * GAP) / cols)
    card_w = max(card_w, 200.0)
    # Every card as tall as the fullest one needs: no text is ever cut.
    card_h = max([150.0, card_w * 0.6, *(_card_height(c, card_w) for c in cells)])
    map_w = cols * card_w + (cols - 1) * GAP + 2 * MARGIN
    width = int(max(WIDTH, map_w))
    legend_h = _legend_height(players, dict(data), width)
    height = (
        int(56 + MARGIN + rows * card_h + (rows - 1) * GAP + MARGIN + legend_h)
        if cells
        else 56 + legend_h + 80
    )
    img = canvas(width, height)
    title_bar(img, data["title"])
    draw = ImageDraw.Draw(img)
    top = 56 + MARGIN
    if not cells:
        write(draw, (MARGIN, top + 20), "No leagues laid yet.", 22, False, MUTED)
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
    _legend(draw, map_bottom + 14, players, dict(data), width)
    return to_png(img)


# -- character sheets ---------------------------------------------------------------------

SHEET_W = 680
ROW = 24  # one merit or flaw line
MERIT_SIZE = 17


def _merit_rows(p: dict[str, Any]) -> list[tuple[str, bool, bool, bool]]:
    """The merits as (label, exhausted, discarded, bold)."""
    rows = []
    for name, kind, cost, exhausted, discarded, quest in p["merits"]:
        mark = "✗" if exhausted else "✓"
        label = f"{mark} {name} ({kind} {cost})" + (" Q" if quest else "")
        rows.append((label, exhausted, discarded, not exhausted))
    return rows


def _flaw_rows(p: dict[str, Any]) -> list[tuple[str, bool, bool, bool]]:
    """The flaws as (label, exhausted, discarded, bold), like the merits."""
    return [
        (f"{'✗' if exhausted else '•'} {name} ({kind}, +{bonus})", exhausted, False, False)
        for name, kind, bonus, exhausted in p["flaws"]
    ]


def _columns(rows: list[tuple[str, bool, bool, bool]]) -> int:
    """Two columns for a long list whose every line still reads at 14 points in half the
    sheet; one column otherwise (the sheet grows instead)."""
    half = (SHEET_W - 32) / 2 - 8
    fits = all(text_width(label, 14, bold) <= half for label, _, _, bold in rows)
    return 2 if len(rows) > 8 and fits else 1


def _list_height(rows: list[tuple[str, bool, bool, bool]]) -> int:
    return ROW * max(1, -(-len(rows) // _columns(rows)))


def _sheet_height(p: dict[str, Any]) -> int:
    merits, flaws = _list_height(_merit_rows(p)), _list_height(_flaw_rows(p))
    return 54 + 28 + 28 + 22 + merits + 28 + flaws + 16


def _draw_list(
    draw: ImageDraw.ImageDraw,
    x0: int,
    y: int,
    rows: list[tuple[str, bool, bool, bool]],
    box: tuple[float, float, float, float],
) -> int:
    """Merits or flaws in one or two columns; discarded ones struck out. Returns the next y."""
    if not rows:
        write(draw, (x0 + 16, y), "none", MERIT_SIZE, False, MUTED, panel=box)
        return y + ROW
    cols = _columns(rows)
    col_w = (SHEET_W - 32) / cols
    per_col = -(-len(rows) // cols)
    for i, (label, exhausted, discarded, bold) in enumerate(rows):
        x = x0 + 16 + (i // per_col) * col_w
        top = y + (i % per_col) * ROW
        size = fitting_size(label, col_w - 8, MERIT_SIZE, 11, bold)
        ink = MUTED if exhausted or discarded else INK
        write(draw, (x, top), label, size, bold, ink, panel=box)
        if discarded:
            length = text_width(label, size, bold)
            draw.line((x, top + 11, x + length, top + 11), fill=PALETTE["vermillion"], width=2)
    return y + ROW * per_col


def _sheet(img: Image.Image, x0: int, y0: int, p: dict[str, Any], height: int) -> None:
    draw = ImageDraw.Draw(img)
    colour = _seat_colour(p["seat"])
    box = (x0, y0, x0 + SHEET_W, y0 + height)
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=INK, width=2)
    draw.rectangle((x0 + 2, y0 + 2, x0 + SHEET_W - 2, y0 + 44), fill=colour)
    head = f"{p['seat'] + 1}. {p['name']} — {p['icon'] or 'no icon yet'}"
    size = fitting_size(head, SHEET_W - 24, 22, 13, True)
    write(draw, (x0 + 12, y0 + 23), head, size, True, contrast_ink(colour), "lm", box)
    y = y0 + 54
    attrs = "   ".join(f"{k} {v}" for k, v in p["attributes"].items())
    line = f"{attrs}   Court: {p['court'] or '?'}".strip()
    write(draw, (x0 + 12, y), line, fitting_size(line, SHEET_W - 24, 19, 13, True), True, panel=box)
    y += 28
    extra = f"Special: {p['special']}" if p["special"] else ""
    earned, unspent = p["xp"]
    fame = f"XP {earned} earned, {unspent} unspent · Fame +{p['fame']}"
    if not p["chronicle"]:
        fame = "New character (XP 0)"
    budget = p.get("budget")
    spent = f"Build {budget['spent']}/{budget['total']} points" if budget else ""
    line = " · ".join(x for x in (extra, fame, spent) if x)
    write(draw, (x0 + 12, y), line, fitting_size(line, SHEET_W - 24, 17, 12), panel=box)
    y += 28
    key = "Merits (✓ ready · ✗ exhausted · struck out: discarded · Q quest item)"
    write(draw, (x0 + 12, y), key, 15, False, MUTED, panel=box)
    y += 22
    y = _draw_list(draw, x0, y, _merit_rows(p), box) + 6
    key = "Flaws (held by the opponent; ✗ exhausted)"
    write(draw, (x0 + 12, y), key, 15, False, MUTED, panel=box)
    _draw_list(draw, x0, y + 22, _flaw_rows(p), box)


def render_sheets(view: View) -> bytes:
    players = list(view.data["players"])
    cols = 2 if len(players) > 1 else 1
    rows = [players[i : i + cols] for i in range(0, len(players), cols)]
    heights = [max(_sheet_height(p) for p in row) for row in rows]
    width = max(WIDTH, cols * SHEET_W + (cols + 1) * MARGIN)
    height = 56 + MARGIN + sum(h + MARGIN for h in heights)
    img = canvas(width, height)
    title_bar(img, "Arcadia: character sheets")
    y0 = 56 + MARGIN
    for row, h in zip(rows, heights, strict=True):
        for i, p in enumerate(row):
            _sheet(img, MARGIN + i * (SHEET_W + MARGIN), y0, p, h)
        y0 += h + MARGIN
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
    height = _sheet_height(p)
    img = canvas(SHEET_W + 2 * MARGIN, 56 + height + 2 * MARGIN)
    title_bar(img, f"Arcadia: {ch.name}" + (" (retired)" if ch.retired else ""))
    _sheet(img, MARGIN, 56 + MARGIN, p, height)
    return to_png(img)
