"""The Northgard side panel (northgard.md §4, §9): the year track and phase, the players,
the creature line, piles, market, the viewer's hand, final scores, and the key to the map."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    PAPER,
    SEAT_COLOURS,
    contrast_ink,
    fitting_size,
    trace_legend,
    wrap_lines,
    write,
)
from engines.northgard.render.map_tiles import dashed
from engines.northgard.render.style import (
    ICON_COLOURS,
    IMPASSABLE,
    ROUGH,
    WIDTH,
)

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


def draw_track(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
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


def draw_players(
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


def draw_rest(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
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


def draw_legend(draw: ImageDraw.ImageDraw, y: int) -> int:
    """The key to the map's marks; returns the y under it."""
    x = 16
    draw.line((x, y + 10, x + 40, y + 10), fill=INK, width=3)
    write(draw, (x + 48, y + 10), "regular border", LEGEND_SIZE, False, INK, "lm")
    dashed(draw, (x + 210, y + 10), (x + 250, y + 10), ROUGH, 5)
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
