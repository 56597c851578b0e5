"""The river: the six Fateful Locations with their Ominous Encounters, tokens and pawns, and
the strip above them with the Riverboat, the Encounter deck, Rumours and the Trading Post
pawns (reference §1, §4, §5.1-§5.2, §8 combination records).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.att.render.symbols import (
    BACK_COLOURS,
    EMPTY_FILL,
    LINE,
    PANEL_FILL,
    TOKEN_KINDS,
    Draw,
    card_back,
    die,
    fit,
    map_icon,
    panel,
    pawn,
    seat_colour,
    secrets_badge,
    token_count,
    type_icon,
    wrap_fit,
    write,
)
from engines.core.render_kit import (
    INK,
    MUTED,
    contrast_ink,
    text_width,
    trace_legend,
    trace_marker,
)

Box = tuple[int, int, int, int]
PHASES = {
    "choose_character": "Choosing characters",
    "riverboat": "Riverboat",
    "choose_first": "Choosing first player",
    "explore": "Explore",
    "location_action": "Location action",
    "desperation": "Desperation",
    "encounter": "Encounter",
    "trading_post": "Trading Post",
    "refresh": "Refresh",
    "over": "Game over",
}

# The view data the status strip shows (with the seat labels of its pawns).
STRIP_KEYS = ("riverboat", "trading_post_pawns", "deck", "rumours", "round", "phase", "map_holder")


def combo_faces(combo: Mapping[str, Any]) -> tuple[list[int], bool]:
    """The die faces that show a combination at its minimum, and whether higher faces also
    meet it (drawn as a trailing "+"): run 3 from 3 is 3-4-5+, pair from 4 is 4-4+, high 6
    is a lone 6."""
    kind, low = str(combo["kind"]), int(combo.get("min", 1))
    count = {"high": 1, "pair": 2}.get(kind, int(combo.get("count", 1)))
    faces = [low + i for i in range(count)] if kind == "run" else [low] * count
    return faces, max(faces) < 6


def _pawn_row(
    draw: Draw, x: float, cy: float, seats: Sequence[int], labels: Mapping[int, str], r: float
) -> None:
    for i, seat in enumerate(seats):
        pawn(draw, x + r + i * (2 * r + 6), cy, r, seat, labels.get(seat, "?"))


def pawn_area(
    draw: Draw, box: Box, heading: str, seats: Sequence[int], labels: Mapping[int, str]
) -> None:
    """A named place holding pawns (the Riverboat, the Trading Post)."""
    x0, y0, _, y1 = box
    panel(draw, box)
    write(draw, (x0 + 12, (y0 + y1) / 2), heading, 18, True, INK, "lm")
    start = x0 + 24 + text_width(heading, 18, True)
    if seats:
        _pawn_row(draw, start, (y0 + y1) / 2, seats, labels, 17)
    else:
        write(draw, (start, (y0 + y1) / 2), "empty", 16, False, MUTED, "lm")


def status_strip(draw: Draw, box: Box, data: Mapping[str, Any], labels: Mapping[int, str]) -> None:
    """Riverboat, Encounter deck, Rumours, round and Map holder, Trading Post pawns."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    side = 330
    pawn_area(draw, (x0, y0, x0 + side, y1), "Riverboat", data.get("riverboat", []), labels)
    pawn_area(
        draw, (x1 - side, y0, x1, y1), "Trading Post", data.get("trading_post_pawns", []), labels
    )
    mid = (x0 + side + 8, y0, x1 - side - 8, y1)
    panel(draw, mid)
    x = mid[0] + 12
    deck = data.get("deck") or {}
    card_back(draw, x, y0 + 8, 34, y1 - y0 - 16, deck.get("next_back"))
    x += 44
    write(draw, (x, cy - 11), f"Deck {deck.get('remaining', 0)}", 20, True, INK, "lm")
    nxt = deck.get("next_back")
    # The words beside the card back say what its colour and letter are.
    trace_legend("card_back")
    write(draw, (x, cy + 13), f"next: {nxt}" if nxt else "empty", 14, False, MUTED, "lm")
    x += 130
    write(draw, (x, cy - 11), f"Rumours {data.get('rumours', 0)}", 20, True, INK, "lm")
    write(draw, (x, cy + 13), "discarded encounters", 14, False, MUTED, "lm")
    x += 190
    phase = PHASES.get(str(data.get("phase")), "")
    write(draw, (x, cy - 11), f"Round {data.get('round', 1)}", 20, True, INK, "lm")
    write(draw, (x, cy + 13), phase, 14, False, MUTED, "lm")
    holder = data.get("map_holder")
    if holder is not None:
        right = mid[2] - 12 - 34
        pawn(draw, right + 17, cy, 17, holder, labels.get(holder, "?"))
        map_icon(draw, right - 70, cy - 15, 30)


def _encounter_card(draw: Draw, box: Box, card: Mapping[str, Any]) -> None:
    x0, y0, x1, y1 = box
    back = str(card.get("back", ""))
    band = BACK_COLOURS.get(back, LINE)
    draw.rounded_rectangle(box, 8, fill=(255, 255, 255), outline=INK, width=2)
    draw.rounded_rectangle((x0, y0, x1, y0 + 24), 8, fill=band, outline=INK, width=2)
    draw.rectangle((x0 + 2, y0 + 14, x1 - 2, y0 + 22), fill=band)
    write(draw, (x0 + 10, y0 + 12), back.upper(), 14, True, contrast_ink(band), "lm")
    y = y0 + 30
    size, lines = wrap_fit(str(card.get("name", "")), 17, x1 - x0 - 16, 2, True)
    for line in lines:
        write(draw, (x0 + 8, y), line, size, True)
        y += 21
    row = y0 + 78
    for i, kind in enumerate(card.get("types", [])):
        type_icon(draw, str(kind), x0 + 8 + i * 36, row, 30)
    secrets_badge(draw, x1 - 34, row + 15, 25, int(card.get("secrets", 0)))
    write(draw, (x1 - 64, row + 15), "Secrets", 12, False, MUTED, "rm")
    faces, more = combo_faces(card.get("combo") or {"kind": "high", "min": 6})
    inner = x1 - x0 - 16 - (18 if more else 0)
    size = min(32, (inner - 4 * (len(faces) - 1)) // len(faces))
    dy = row + 44
    # The combination's dice, explained by its label underneath.
    trace_marker("die:combo")
    trace_legend("die:combo")
    for i, value in enumerate(faces):
        die(draw, x0 + 8 + i * (size + 4), dy, size, value)
    if more:
        px = x0 + 8 + len(faces) * (size + 4) + 6
        write(draw, (px, dy + size / 2), "+", 26, True, INK, "mm")
    label_size, label = fit(str(card.get("combo_label", "")), 14, x1 - x0 - 16)
    write(draw, (x0 + 8, y1 - 8), label, label_size, False, INK, "ls")


def location(
    draw: Draw, box: Box, loc: Mapping[str, Any], labels: Mapping[int, str], active: int | None
) -> None:
    """One Fateful Location: slot, name, action, its encounter card, tokens and pawns."""
    x0, y0, x1, y1 = box
    pawns = [int(s) for s in loc.get("pawns", [])]
    here = active is not None and active in pawns
    fill = PANEL_FILL if loc.get("encounter") else EMPTY_FILL
    draw.rounded_rectangle(
        box, 10, fill=fill, outline=seat_colour(active) if here else LINE, width=5 if here else 2
    )
    draw.ellipse((x0 + 8, y0 + 10, x0 + 34, y0 + 36), fill=INK)
    write(draw, (x0 + 21, y0 + 23), str(loc.get("slot", "")), 20, True, (255, 255, 255), "mm")
    name_size, name = fit(str(loc.get("name", "")), 17, x1 - x0 - 48, True)
    write(draw, (x0 + 40, y0 + 23), name, name_size, True, INK, "lm")
    y = y0 + 42
    size, lines = wrap_fit(str(loc.get("action", "")), 13, x1 - x0 - 16, 3)
    for line in lines:
        write(draw, (x0 + 8, y), line, size, False, MUTED)
        y += 15
    card_box = (x0 + 8, y0 + 94, x1 - 8, y0 + 94 + 178)
    card = loc.get("encounter")
    if card:
        _encounter_card(draw, card_box, card)
    else:
        draw.rounded_rectangle(card_box, 8, outline=LINE, width=2)
        mid = ((card_box[0] + card_box[2]) / 2, (card_box[1] + card_box[3]) / 2)
        write(draw, mid, "no encounter", 16, False, MUTED, "mm")
    tokens = loc.get("tokens") or {}
    x, ty = x0 + 10, card_box[3] + 22
    for kind in TOKEN_KINDS:
        count = int(tokens.get(kind, 0))
        if count:
            x = token_count(draw, kind, x, ty, count, 24) + 14
    if pawns:
        _pawn_row(draw, x0 + 10, y1 - 21, pawns, labels, 17)
