"""The Root victory point track (root.md §10: the first to 30 VP wins), a cached section
drawn again only when a faction's place on it changes (issue 20)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import INK, contrast_ink, write
from engines.root.render.style import FACTION_COLOUR, LETTER, SECTIONS, TRACK_H, WHITE, W


def _draw_track(draw: ImageDraw.ImageDraw, by_vp: dict[int, list[str]]) -> None:
    write(draw, (20, 8), "Victory points (30 wins)", 20, True)
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
            letters = "".join(LETTER[g] for g in here)
            write(draw, (x + cell / 2, y + 46), letters, 15, True, contrast_ink(colour), "mm")


def draw_track(page: Image.Image, data: dict[str, Any], top: int) -> None:
    """The track pasted on ``page`` with its top edge at ``top``."""
    by_vp: dict[int, list[str]] = {}
    for p in data["players"]:
        by_vp.setdefault(min(30, p["vp"]), []).append(p["faction"])
    track = SECTIONS.section(
        "track", repr(sorted(by_vp.items())), (W, TRACK_H), lambda d: _draw_track(d, by_vp)
    )
    page.paste(track, (0, top))
