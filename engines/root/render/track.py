"""The Root victory point track (root.md §10: the first to 30 VP wins), a cached section
drawn again only when a faction's place on it changes (issue 20)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import INK, contrast_ink, write
from engines.root.render.style import (
    FACTION_COLOUR,
    LETTER,
    NAMES,
    SECTIONS,
    TRACK_H,
    WHITE,
    W,
)


def _draw_track(draw: ImageDraw.ImageDraw, by_vp: dict[int, list[str]], partner: str) -> None:
    write(draw, (20, 8), "Victory points (30 wins)", 20, True)
    if partner:  # his score marker sits on his partner's board (L9.2.8)
        write(
            draw,
            (300, 10),
            f"V is in coalition with {NAMES[partner]} ({LETTER[partner]}+V): no VP of his own, "
            "wins if they win",
            18,
            True,
            FACTION_COLOUR["vagabond"],
        )
    cell = (W - 40) / 31
    y = 40
    for v in range(31):
        x = 20 + v * cell
        draw.rectangle((x, y, x + cell - 2, y + 28), fill=WHITE, outline=INK)
        write(draw, (x + cell / 2, y + 14), str(v), 14, False, INK, "mm")
        here = by_vp.get(v, [])
        if here:
            # One marker per space, coloured as its first faction, lettered with all of them.
            colour = FACTION_COLOUR[here[0]]
            draw.rounded_rectangle(
                (x + 2, y + 32, x + cell - 4, y + 60), radius=5, fill=colour, outline=INK
            )
            letters = "".join(LETTER[g] + ("+V" if g == partner else "") for g in here)
            write(draw, (x + cell / 2, y + 46), letters, 15, True, contrast_ink(colour), "mm")


def draw_track(page: Image.Image, data: dict[str, Any], top: int) -> None:
    """The track pasted on ``page`` with its top edge at ``top``."""
    partner = data.get("vagabond", {}).get("coalition", "")
    by_vp: dict[int, list[str]] = {}
    for p in data["players"]:
        if p["faction"] == "vagabond" and partner:
            continue
        by_vp.setdefault(min(30, p["vp"]), []).append(p["faction"])
    key = repr((sorted(by_vp.items()), partner))
    track = SECTIONS.section("track", key, (W, TRACK_H), lambda d: _draw_track(d, by_vp, partner))
    page.paste(track, (0, top))
