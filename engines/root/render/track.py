"""The Root victory point track (root.md §10: the first to 30 VP wins), a cached section
drawn again only when a faction's place on it changes (issue 20). Above it every faction's
score in a line read inline (issue 35); on it one lettered marker per faction, markers on the
same space stacked."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import INK, contrast_ink, text_width, wrap_lines, write
from engines.root.render.style import (
    FACTION_COLOUR,
    LETTER,
    LINE,
    NOTE,
    READ,
    SECTIONS,
    WHITE,
    W,
)
from engines.root.words import SHORT_FACTION

CELL = (W - 28) / 31
MARK_H = READ + 8


def _score_lines(scores: list[tuple[str, int]], partner: str) -> list[str]:
    bits = []
    for f, vp in scores:
        if f == "vagabond" and partner:
            bits.append(f"Vagabond (V) with {SHORT_FACTION[partner]}")
        else:
            bits.append(f"{SHORT_FACTION[f]} ({LETTER[f]}) {vp}")
    return wrap_lines("VP (30 wins): " + " · ".join(bits), READ, W - 28, True)


def _draw_track(draw: ImageDraw.ImageDraw, facts: tuple[Any, ...]) -> None:
    scores, partner, by_vp = facts
    lines = _score_lines(scores, partner)
    for i, line in enumerate(lines):
        write(draw, (14, 8 + i * LINE), line, READ, True, INK, "la", read="score")
    y = 12 + len(lines) * LINE
    if partner:  # his score marker sits on his partner's board (L9.2.8)
        note = (
            f"V is in coalition with {SHORT_FACTION[partner]} ({LETTER[partner]}+V): "
            "no VP of his own, wins if they win"
        )
        write(draw, (14, y), note, NOTE, True, FACTION_COLOUR["vagabond"])
        y += LINE
    for v in range(31):
        x = 14 + v * CELL
        draw.rectangle((x, y, x + CELL - 2, y + 30), fill=WHITE, outline=INK)
        write(draw, (x + CELL / 2, y + 15), str(v), 16, False, INK, "mm")
        for j, g in enumerate(by_vp.get(v, [])):
            label = LETTER[g] + ("+V" if g == partner else "")
            w = max(CELL - 2, text_width(label, READ, True) + 8)
            mx, my = x + (CELL - 2) / 2 - w / 2, y + 34 + j * (MARK_H + 2)
            colour = FACTION_COLOUR[g]
            draw.rounded_rectangle(
                (mx, my, mx + w, my + MARK_H), radius=5, fill=colour, outline=INK
            )
            mid = (mx + w / 2, my + MARK_H / 2)
            write(draw, mid, label, READ, True, contrast_ink(colour), "mm", read="score")


def track_height(facts: tuple[Any, ...]) -> int:
    scores, partner, by_vp = facts
    stack = max((len(v) for v in by_vp.values()), default=1)
    lines = len(_score_lines(scores, partner)) + (1 if partner else 0)
    return 12 + lines * LINE + 34 + stack * (MARK_H + 2) + 8


def draw_track(page: Image.Image, facts: tuple[Any, ...], top: int) -> None:
    """The track pasted on ``page`` with its top edge at ``top``."""
    size = (W, track_height(facts))
    track = SECTIONS.section("track", repr(facts), size, lambda d: _draw_track(d, facts))
    page.paste(track, (0, top))


def track_facts(data: dict[str, Any]) -> tuple[Any, ...]:
    """What the track shows: each faction's score in turn order, the Vagabond's partner, and
    who stands on each space."""
    partner = data.get("vagabond", {}).get("coalition", "")
    by_seat = {p["seat"]: p for p in data["players"]}
    scores = [(by_seat[s]["faction"], by_seat[s]["vp"]) for s in data["order"]]
    by_vp: dict[int, list[str]] = {}
    for f, vp in scores:
        if not (f == "vagabond" and partner):
            by_vp.setdefault(min(30, vp), []).append(f)
    return tuple(scores), partner, by_vp
