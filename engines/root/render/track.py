"""The Root victory point track (root.md §10: the first to 30 VP wins)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import INK, contrast_ink, font
from engines.root.render.style import FACTION_COLOUR, LETTER, W


def draw_track(img: Image.Image, data: dict[str, Any], top: int) -> None:
    draw = ImageDraw.Draw(img)
    draw.text((20, top + 8), "Victory points (30 wins)", font=font(20, bold=True), fill=INK)
    cell = (W - 40) / 31
    y = top + 40
    by_vp: dict[int, list[str]] = {}
    for p in data["players"]:
        by_vp.setdefault(min(30, p["vp"]), []).append(p["faction"])
    for v in range(31):
        x = 20 + v * cell
        draw.rectangle((x, y, x + cell - 2, y + 28), fill=(255, 255, 255), outline=INK)
        draw.text((x + cell / 2, y + 14), str(v), font=font(14), fill=INK, anchor="mm")
        for i, f in enumerate(by_vp.get(v, [])):
            draw.rounded_rectangle(
                (x + 2, y + 32 + i * 0, x + cell - 4, y + 60),
                radius=5,
                fill=FACTION_COLOUR[f],
                outline=INK,
            )
            letters = "".join(LETTER[g] for g in by_vp[v])
            draw.text(
                (x + cell / 2, y + 46),
                letters,
                font=font(15, bold=True),
                fill=contrast_ink(FACTION_COLOUR[f]),
                anchor="mm",
            )
            break
