"""The parts of the Arcadia map picture around the leagues (arcadia.md §2, §8, §12): a
character's panel (who it is, its quests and how far each has come, where it stands, what it
holds), the Test or Trial under way, and the legend of every mark the map draws. A panel's
head and quest lines are set at the readable size: they are what a player reads every turn
(issue 35)."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engines.arcadia.render.league_card import Type
from engines.arcadia.render.style import PANEL, Box, piece, seat_colour
from engines.core.render_kit import INK, MUTED, trace_legend, wrap_lines, write
from engines.core.words import count

# Every kind of marker the map draws, with its legend text.
LEGEND = (
    ("character", "disc: a character (its player's number)"),
    ("base", "house: a base camp (its player's number)"),
    ("treasure", "gold diamond: a hidden treasure (its owner's number)"),
    ("item", "gold square: a hidden quest item (its quester's number)"),
    ("quest_site", "◆ lair of 3: a site of player 3's quest"),
    ("waylay", "red band: a waylay in play (its rating, ×wins still needed)"),
    ("unique", "★ Unique league"),
    ("trials", "⚠ the league has trials"),
    ("turned", "↻ turned half round"),
    (
        "side_terrain",
        "under each name: its terrains, on every edge but one with a white band, which names "
        "that edge's own (Border: only Ocean lies beyond), and its place (x,y), counted in "
        "leagues east (x) and north (y) of the first laid",
    ),
)


def _step(ty: Type) -> int:
    return round(ty.read * 1.25)


def _sentence(parts: list[str]) -> str:
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def status(p: dict[str, Any], data: dict[str, Any]) -> str:
    """Where a character stands and what it holds, in one line of words."""
    if not p["icon"]:
        return "No icon chosen yet."
    if not p["built"] and "budget" in p:
        b = p["budget"]
        merits = f"{count(len(p['merits']), 'merit')}, {count(len(p['flaws']), 'flaw')}"
        return _sentence([f"building: {b['spent']} of {count(b['total'], 'point')} spent", merits])
    parts = []
    if p["at"]:
        parts.append(f"at {p['at']}")
    if p["base_at"] and p["base_at"] != p["at"]:
        parts.append(f"base camp {p['base_at']}")
    merits = [m for m in p["merits"] if not m[4]]
    tired = sum(1 for m in merits if m[3])
    parts.append(f"{len(merits) - tired} of {count(len(merits), 'merit')} ready")
    if p["hand_count"] and p["opposes"] >= 0:
        target = data["players"][p["opposes"]]["name"]
        parts.append(f"{count(p['hand_count'], 'waylay')} held for {target}")
    if p["treasures_to_hide"]:
        parts.append(f"{count(len(p['treasures_to_hide']), 'treasure')} to hide")
    if p["skip_next_day"]:
        parts.append("loses its next Day")
    return _sentence(parts)


def head(p: dict[str, Any]) -> str:
    if not p["icon"]:
        return p["name"]
    return f"{p['name']}: {p['race']} ({p['gender']}), {p['court_words']}"


Row = tuple[str, bool, str | None]


def panel_lines(p: dict[str, Any], data: dict[str, Any], width: float, ty: Type) -> list[Row]:
    """A character panel's lines, (text, bold, read role): its head, then its quests (what
    Arcadia scores) once the characters are built, then where it stands."""
    out: list[Row] = [(line, True, "score") for line in wrap_lines(head(p), ty.read, width, True)]
    if data["phase"] != "build":
        quests = [q["line"] + "." for q in p["quests"]] or ["No quest yet."]
        for q in quests:
            out += [(line, False, "score") for line in wrap_lines(q, ty.read, width)]
    out += [(line, False, None) for line in wrap_lines(status(p, data), ty.read, width)]
    return out


def panel_height(p: dict[str, Any], data: dict[str, Any], width: float, ty: Type) -> int:
    return len(panel_lines(p, data, _text_width(width, ty), ty)) * _step(ty) + 2 * ty.pad


def _text_width(width: float, ty: Type) -> float:
    return width - 3 * ty.pad - ty.token


def draw_panel(
    draw: ImageDraw.ImageDraw, p: dict[str, Any], data: dict[str, Any], box: Box, ty: Type
) -> None:
    """A character's panel in ``box``: its number and colour, head, quests and status."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=8, fill=PANEL, outline=seat_colour(p["seat"]), width=3)
    disc = (x0 + ty.pad, y0 + ty.pad, x0 + ty.pad + ty.token, y0 + ty.pad + ty.token)
    piece(draw, "character", disc, p["seat"], ty.read)
    x = x0 + 2 * ty.pad + ty.token
    y = y0 + ty.pad
    for text, bold, read in panel_lines(p, data, _text_width(x1 - x0, ty), ty):
        write(draw, (x, y + ty.read * 0.1), text, ty.read, bold, INK, panel=box, read=read)
        y += _step(ty)


def contest_line(data: dict[str, Any]) -> str:
    """The Test or Trial under way, as the banner under the title says it."""
    ct = data["contest"]
    who = data["players"][ct["seat"]]["name"]
    mine, theirs = ct["scores"]
    die, foe_die = ct["dice"]
    if ct["kind"] == "trial":
        what = f"{who}'s {ct['test']} {ct['difficulty']} trial at {ct['where']}"
        return f"{what}: die {die}, total {mine}, {theirs} needed"
    what = f"{ct['test']} Test, {who} against {ct['foe']}"
    return f"{what}: {mine} against {theirs} (dice {die} and {foe_die})"


def drawn_kinds(data: dict[str, Any]) -> set[str]:
    """The kinds of marker the picture of ``data`` draws: the legend names only those."""
    cells = data["cells"]
    kinds = {"character"}
    if cells:
        kinds.add("side_terrain")
    kinds |= {"base" for p in data["players"] if p["base"]}
    for c in cells:
        kinds |= {"item" if t["item"] else "treasure" for t in c["hidden"]}
        kinds |= {"quest_site"} if c["sites"] else set()
        kinds |= {"waylay"} if c["waylays"] else set()
        kinds |= {k for k, on in (("unique", c["unique"]), ("trials", c["trials"])) if on}
        kinds |= {"turned"} if c["rot"] else set()
    return kinds


def legend_lines(kinds: frozenset[str], width: float, size: int) -> list[str]:
    shown = [text for kind, text in LEGEND if kind in kinds]
    for kind, _ in LEGEND:
        if kind in kinds:
            trace_legend(kind)
    return wrap_lines("Legend: " + " · ".join(shown), size, width)


def draw_legend(draw: ImageDraw.ImageDraw, kinds: frozenset[str], box: Box, size: int) -> None:
    x0, y0, x1, _ = box
    for i, line in enumerate(legend_lines(kinds, x1 - x0, size)):
        write(draw, (x0, y0 + i * (size + 5)), line, size, False, MUTED, panel=box)


def legend_height(kinds: frozenset[str], width: float, size: int) -> int:
    return len(legend_lines(kinds, width, size)) * (size + 5)


def pile_line(data: dict[str, Any]) -> str:
    """Solo play: the engine's waylay pile."""
    return f"The solo engine's waylay pile: {count(data['pile_count'], 'waylay')} face down."
