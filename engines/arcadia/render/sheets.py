"""Arcadia character sheets (arcadia.md §2 "Character building", §9 exhausting and
discarding, §13.1 chronicle play): each character's icon, attributes, court, XP and fame,
merits and flaws; a stored chronicle character's sheet for ``/character show``."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.arcadia.chronicle import ChronicleCharacter, fame
from engines.arcadia.content import content
from engines.arcadia.render.style import MARGIN, PANEL, SECTIONS, TITLE_H, WIDTH, seat_colour
from engines.core.protocol import View
from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    contrast_ink,
    draw_title,
    encode,
    fitting_size,
    text_width,
    wrap_lines,
    write,
)

SHEET_W = 680
ROW = 24  # one merit or flaw line
MERIT_SIZE = 17


def _merit_rows(p: dict[str, Any]) -> list[tuple[str, bool, bool, bool]]:
    """The merits as (label, exhausted, discarded, bold)."""
    rows = []
    for name, kind, cost, exhausted, discarded, origin in p["merits"]:
        mark = "✗" if exhausted else "✓"
        label = f"{mark} {name} ({kind} {cost}{', ' + origin if origin else ''})"
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


NOTE_SIZE = 15


def _notes(p: dict[str, Any]) -> list[str]:
    """The record's own lines under the flaws (a chronicle character's background and the
    quests it has played), wrapped to the sheet."""
    return [
        line
        for note in p.get("notes", [])
        for line in wrap_lines(note, NOTE_SIZE, SHEET_W - 24, False)
    ]


def _sheet_height(p: dict[str, Any]) -> int:
    merits, flaws = _list_height(_merit_rows(p)), _list_height(_flaw_rows(p))
    notes = len(_notes(p)) * (NOTE_SIZE + 7)
    return 54 + 28 + 28 + 22 + merits + 28 + flaws + 16 + (notes + 6 if notes else 0)


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


def _sheet(draw: ImageDraw.ImageDraw, p: dict[str, Any], height: int) -> None:
    """A character's sheet with its corner at the origin."""
    colour = seat_colour(p["seat"])
    box = (0, 0, SHEET_W, height)
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=INK, width=2)
    draw.rectangle((2, 2, SHEET_W - 2, 44), fill=colour)
    number = f"{p['seat'] + 1}. " if p.get("numbered", True) else ""  # no seat out of a game
    head = f"{number}{p['name']} — {p['icon'] or 'no icon yet'}"
    size = fitting_size(head, SHEET_W - 24, 22, 13, True)
    write(draw, (12, 23), head, size, True, contrast_ink(colour), "lm", box)
    y = 54
    attrs = "   ".join(f"{k} {v}" for k, v in p["attributes"].items())
    court = p["court"] or p.get("court_words", "not chosen yet")
    line = f"{attrs}   Court: {court}".strip()
    write(draw, (12, y), line, fitting_size(line, SHEET_W - 24, 19, 13, True), True, panel=box)
    y += 28
    extra = f"Special: {p['special']}" if p["special"] else ""
    earned, unspent = p["xp"]
    fame = f"XP {earned} earned, {unspent} unspent · Fame +{p['fame']}"
    if not p["chronicle"]:
        fame = "New character (XP 0)"
    budget = p.get("budget")
    spent = f"Build {budget['spent']}/{budget['total']} points" if budget else ""
    line = " · ".join(x for x in (extra, fame, spent) if x)
    write(draw, (12, y), line, fitting_size(line, SHEET_W - 24, 17, 12), panel=box)
    y += 28
    key = "Merits (✓ ready · ✗ exhausted · struck out: discarded)"
    write(draw, (12, y), key, 15, False, MUTED, panel=box)
    y += 22
    y = _draw_list(draw, 0, y, _merit_rows(p), box) + 6
    key = f"Flaws ({p['flaws_held']}; ✗ exhausted)"
    write(draw, (12, y), key, 15, False, MUTED, panel=box)
    y = _draw_list(draw, 0, y + 22, _flaw_rows(p), box) + 6
    for line in _notes(p):
        write(draw, (12, y), line, NOTE_SIZE, False, INK, panel=box)
        y += NOTE_SIZE + 7


def _sheet_section(p: dict[str, Any], height: int) -> Image.Image:
    """A character's sheet, a cached section drawn again only when it changes (issue 20)."""
    return SECTIONS.section(
        "sheet", (repr(p), height), (SHEET_W + 1, height + 1), lambda d: _sheet(d, p, height)
    )


def _title(width: int, title: str) -> Image.Image:
    return SECTIONS.section(
        "title", title, (width, TITLE_H + 1), lambda d: draw_title(d, width, title, TITLE_H)
    )


def _held(p: dict[str, Any], players: list[dict[str, Any]]) -> str:
    """Who exhausts the character's flaws in this game (§9): its opponent, or in solo play
    the solo engine."""
    if p["opponent"] < 0:
        return "the solo engine exhausts them"
    return f"held by {players[p['opponent']]['name']}"


def render_sheets(view: View) -> bytes:
    players = [{**p, "flaws_held": _held(p, view.data["players"])} for p in view.data["players"]]
    cols = 2 if len(players) > 1 else 1
    rows = [players[i : i + cols] for i in range(0, len(players), cols)]
    heights = [max(_sheet_height(p) for p in row) for row in rows]
    width = max(WIDTH, cols * SHEET_W + (cols + 1) * MARGIN)
    height = TITLE_H + MARGIN + sum(h + MARGIN for h in heights)
    page = SECTIONS.page(width, height)
    page.paste(_title(width, "Arcadia: character sheets"), (0, 0))
    y0 = TITLE_H + MARGIN
    for row, h in zip(rows, heights, strict=True):
        for i, p in enumerate(row):
            page.paste(_sheet_section(p, h), (MARGIN + i * (SHEET_W + MARGIN), y0))
        y0 += h + MARGIN
    return encode(page)


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
            [c.merits[m].name, c.merits[m].type, c.merits[m].cost, False, False, ""]
            for m in ch.merits
        ],
        "flaws": [[c.flaws[f].name, c.flaws[f].type, c.flaws[f].bonus, False] for f in ch.flaws],
        "budget": None,
        "numbered": False,
        "flaws_held": "in a game the opponent holds them",
        "notes": _record(ch),
    }
    height = _sheet_height(p)
    width = SHEET_W + 2 * MARGIN
    page = SECTIONS.page(width, TITLE_H + height + 2 * MARGIN)
    page.paste(_title(width, f"Arcadia: {ch.name}" + (" (retired)" if ch.retired else "")), (0, 0))
    page.paste(_sheet_section(p, height), (MARGIN, TITLE_H + MARGIN))
    return encode(page)


def _record(ch: ChronicleCharacter) -> list[str]:
    """A chronicle character's background and the quests it has played (§13.1)."""
    out = [f"Background: {ch.background}"] if ch.background else []
    played = [
        f"{q.name} ({'completed' if q.completed else 'not completed'}"
        f"{', won' if q.won else ''}{', solo' if q.solo else ''}, {q.xp} XP)"
        for q in ch.quest_history
    ]
    out.append("Quests played: " + ("; ".join(played) if played else "none yet") + ".")
    return out
