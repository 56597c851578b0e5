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
    text_width,
    trace_legend,
    wrap_lines,
    write,
)
from engines.core.words import count
from engines.northgard.render.map_tiles import dashed
from engines.northgard.render.placing import draw_placing
from engines.northgard.render.style import (
    ICON_COLOURS,
    IMPASSABLE,
    READ,
    ROUGH,
    SMALL,
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
    read: str | None = None,
) -> int:
    """``text`` in the column ``w`` wide at ``x``, wrapped onto as many lines as it needs
    (never cut); returns the y under it. A text marked ``read`` keeps its size: it is what a
    player reads in the picture shown inline."""
    step = step or size + 5
    panel = (x - 2, 0, x + w, PANEL_BOTTOM)  # a glyph's bearing may reach 2 px left
    for line in wrap_lines(text, size, w, bold):
        line_size = size if read else fitting_size(line, w, size, 8, bold)
        write(draw, (x, y), line, line_size, bold, fill, panel=panel, read=read)
        y += step
    return int(y)


def draw_track(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
    """The year track and the phase; returns the next free y."""
    write(draw, (x, y + 17), "Year", READ, True, anchor="lm", read="turn")
    left = x + 8 + text_width("Year", READ, True)
    bw = min(40, (w - (left - x)) / d["years"])
    for k in range(1, d["years"] + 1):
        bx = left + (k - 1) * bw
        now = k == d["year"]
        draw.rectangle((bx, y, bx + bw - 4, y + 34), fill=INK if now else PAPER, outline=INK)
        colour = PAPER if now else INK
        write(draw, (bx + (bw - 4) / 2, y + 17), str(k), READ - 2, now, colour, "mm")
    y += 42
    y = _text(draw, x, y, d["phase"], READ, w, bold=True, step=READ + 6, read="turn")
    y = _text(draw, x, y, d["pending"].get("text", ""), SMALL, w, fill=MUTED, step=SMALL + 4)
    return y + 6


def draw_players(
    draw: ImageDraw.ImageDraw,
    d: dict[str, Any],
    players: list[dict[str, Any]],
    x: int,
    y: int,
    w: int,
) -> int:
    """Each player's colour and number, name and clan, then fame and resources large enough
    to read inline, then card counts and the rest small; returns the next y."""
    for p in players:
        colour = SEAT_COLOURS[p["seat"]]
        first = " ★ first" if p["seat"] == d["first"] else ""
        box = READ + 8
        draw.rectangle((x, y, x + box, y + box), fill=colour, outline=INK)
        number = str(p["seat"] + 1)
        ink = contrast_ink(colour)
        write(draw, (x + box / 2, y + box / 2), number, READ, True, ink, "mm")
        # The name reads inline beside the number; the clan and the marks are small.
        nx = x + box + 8
        ty = _text(draw, nx, y + 2, p["name"], READ, x + w - nx, bold=True, step=READ + 5)
        ty = max(ty, y + box + 4)
        score = f"Fame {p['fame']}"
        write(draw, (x, ty), score, READ, True, read="score")
        sx = round(x + 14 + text_width(score, READ, True))
        status = f"{p['clan']}{first}" + (" — passed" if p["passed"] else "")
        _text(draw, sx, ty + 4, status, SMALL, x + w - sx, bold=True, step=SMALL + 3)
        ty += READ + 8
        stock = f"Food {p['food']} · Wood {p['wood']} · Lore {p['lore']}"
        ty = _text(draw, x, ty, stock, READ, w, step=READ + 8, read="score")
        rows = [
            f"Hand {p['hand_count']} · Deck {p['deck_count']} · Discard {p['discard_count']}"
            f" · Reserve {p['reserve']}"
        ]
        extra = []
        if p["unrest"]:
            extra.append(count(p["unrest"], "Unrest card"))
        if p["achievements_count"]:
            extra.append(count(p["achievements_count"], "achievement"))
        if extra:
            rows.append(" · ".join(extra))
        if p["active"]:
            rows.append("Played: " + ", ".join(p["active"]))
        for row in rows:
            ty = _text(draw, x, ty, row, SMALL, w, fill=MUTED, step=SMALL + 4)
        y = ty + 12
    return y


def draw_rest(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
    """The tile being placed, the creature line, Kaija and Scorched Earth, the piles, the
    market, the viewer's hand."""
    if d.get("placing"):
        y = draw_placing(draw, d["placing"], x, y, w) + 8
    y = _text(draw, x, y, "Creature line", READ, w, bold=True, step=READ + 6)
    if not d["line"]:
        y = _text(draw, x, y, "No creature on the map", READ, w, step=READ + 5, read="pieces")
    for i, cr in enumerate(d["line"]):
        share = "shares" if cr["shares"] else "hostile"
        row = f"{i + 1}. {cr['name']} ({cr['strength']}, {share}) in {cr['where']}"
        y = _text(draw, x, y, row, READ, w, step=READ + 5, read="pieces")
    for row in effects_rows(d):
        y = _text(draw, x, y + 4, row, SMALL, w, step=SMALL + 4)
    y += 6
    piles = f"Map pile {d['map_pile']} · Creature pile {d['creature_pile']}"
    y = _text(draw, x, y, piles, SMALL, w, fill=MUTED)
    if d["market"]:
        y = _text(draw, x, y + 4, "Market: " + ", ".join(d["market"]), SMALL, w)
    mine = next((p for p in d["players"] if "hand_names" in p), None)
    if mine is not None and mine["hand_names"]:
        y = _text(draw, x, y + 4, "Your hand: " + ", ".join(mine["hand_names"]), SMALL, w)
    return y


def draw_clans(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
    """Each clan's ability (some change fights: the Wolf's +1, Kaija's +2); returns the y
    under them."""
    for p in d["players"]:
        if p.get("ability"):
            row = f"{p['clan']} ({p['name']}): {p['ability']}"
            y = _text(draw, x, y, row, SMALL, w, fill=MUTED, step=SMALL + 4)
    return y + 4


def draw_scores(draw: ImageDraw.ImageDraw, d: dict[str, Any], x: int, y: int, w: int) -> int:
    """The final scores, the winners marked; returns the y under them."""
    y = _text(draw, x, y + 6, "Final scores", READ, w, bold=True, step=READ + 6)
    for p, sc in zip(d["players"], d["scores"], strict=True):
        won = " — wins" if p["seat"] in d["winners"] else ""
        y = _text(draw, x, y, f"{p['name']}: {sc}{won}", READ, w, step=READ + 5, read="score")
    return y


def effects_rows(d: dict[str, Any]) -> list[str]:
    """The tokens that change fights and scores, with where they lie (also marked there on
    the map)."""
    rows = []
    if d.get("kaija_at"):
        rows.append(f"Kaija: +2 to the Bear clan's fights in {d['kaija_at']}")
    if d.get("scorched_at"):
        rows.append(f"Scorched Earth on {d['scorched_at']}: no yield, no fame this Harvest")
    return rows


# Every kind of mark the map draws, with what the legend says of it; borders and resource
# icons get a drawn sample.
LEGEND_TEXT = (
    ("slots", "s / L: free small / large building slots"),
    ("lair", "P: creature lair"),
    ("closed", "■ closed territory"),
    ("units", "2:5 in player 2's colour: 5 units of player 2 (numbered squares in the panel)"),
    (
        "building",
        "buildings (2Fa: two Farms): Fa Farm (+1 food a Harvest), Wl Woodcutter's Lodge "
        "(+1 wood), Rc Rune Carver (+1 lore), Wt Watchtower (+1 to fights here), Tc "
        "Training Camp (1 unit at the end of a year), AK Altar of Kings (+3 fame a Harvest), "
        "Fo Fortress (+2 to fights here), MH Great Mead Hall (1 more card a year); none "
        "works under a Spectral Warrior",
    ),
    ("creature", "◆ creature on the map"),
    ("token", "Kaija +2: the Bear clan's Kaija, +2 to its fights there"),
    ("token", "Scorched: Scorched Earth, no yield and no fame there this Harvest"),
    ("place", "dashed square (x,y): a place the drawn tile may go"),
    ("lake", "blue disc ringed orange: a lake (impassable)"),
)
LEGEND_SIZE = 19


def draw_legend(draw: ImageDraw.ImageDraw, y: int, w: int) -> int:
    """The key to the map's marks in a column ``w`` wide; returns the y under it."""
    x = 16
    samples = (("regular", "regular border"), ("rough", "rough border (stops a move)"))
    samples += (("impassable", "impassable border"),)
    at = x
    for kind, words in samples:
        room = 48 + text_width(words, LEGEND_SIZE) + 24
        if at > x and at + room > x + w:
            at, y = x, y + 30
        a, b = (at, y + 10), (at + 40, y + 10)
        if kind == "rough":
            dashed(draw, a, b, ROUGH, 5)
        else:
            draw.line(
                (a, b),
                fill=INK if kind == "regular" else IMPASSABLE,
                width=3 if kind == "regular" else 8,
            )
        write(draw, (at + 48, y + 10), words, LEGEND_SIZE, False, INK, "lm")
        trace_legend(f"border:{kind}")
        at += room
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
    return _text(draw, x, y, key, LEGEND_SIZE, w, step=LEGEND_SIZE + 6)
