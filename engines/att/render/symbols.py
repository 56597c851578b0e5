"""Drawn symbols for the Ancient Terrible Things pictures (reference §1, §7, §8).

Nothing here relies on hue alone (DESIGN.md "Pictures"): dice carry their kind's name,
the four tokens have distinct outlines (eye, gem, star, shield), the four encounter types
have a distinct shape plus their initial, and pawns carry the player's initial. Token and
type colours follow the seed's components: Focus green, Treasure yellow, Feat blue,
Courage purple, and each encounter type takes the colour of the token it gives.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    SEAT_COLOURS,
    contrast_ink,
    fit_text,
    fitting_size,
    text_width,
    trace_legend,
    trace_marker,
    wrap_lines,
    write,
)

Draw = ImageDraw.ImageDraw
Colour = tuple[int, int, int]

TOKEN_KINDS = ("focus", "treasure", "feat", "courage")
TOKEN_COLOURS: dict[str, Colour] = {
    "focus": PALETTE["green"],
    "treasure": PALETTE["yellow"],
    "feat": PALETTE["blue"],
    "courage": PALETTE["purple"],
}
TYPE_KINDS = ("pitfall", "villain", "artefact", "horror")
# Each encounter type is drawn in the colour of the token it leaves on its Location.
TYPE_COLOURS: dict[str, Colour] = {
    "pitfall": TOKEN_COLOURS["focus"],
    "villain": TOKEN_COLOURS["feat"],
    "artefact": TOKEN_COLOURS["treasure"],
    "horror": TOKEN_COLOURS["courage"],
}
BACK_COLOURS: dict[str, Colour] = {
    "green": PALETTE["green"],
    "orange": PALETTE["orange"],
    "red": PALETTE["vermillion"],
}
DIE_COLOURS: dict[str, Colour] = {
    "basic": PALETTE["green"],
    "luck": PALETTE["yellow"],
    "panic": PALETTE["vermillion"],
    "feat": PALETTE["blue"],
}
SPENT_FILL: Colour = (205, 203, 198)
TT_FILL: Colour = (58, 40, 66)
LINE: Colour = (188, 182, 170)
PANEL_FILL: Colour = (255, 253, 248)
EMPTY_FILL: Colour = (236, 233, 225)
BANNER_FILL: Colour = (52, 38, 24)
GOLD_RIM: Colour = (214, 170, 60)
GOLD_TEXT: Colour = (255, 236, 170)
SUMMARY_TEXT: Colour = (240, 230, 210)
CARD_BACK_FILL: Colour = (90, 80, 120)
MAP_FILL: Colour = (232, 208, 150)
NO_BACK_FILL: Colour = (225, 222, 214)

# Pip centres as fractions of the die's side.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def wrap(text: str, size: int, max_width: float, max_lines: int, bold: bool = False) -> list[str]:
    """Greedy word wrap into at most ``max_lines`` lines; the last one ends in an ellipsis
    when the text does not fit (the last resort of ``wrap_fit``)."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", size, bold) <= max_width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words:
        lines[-1] = fit_text(lines[-1] + " " + " ".join(words), size, max_width, bold)
    return [fit_text(line, size, max_width, bold) for line in lines]


# How much smaller than its design size a text may be set so that it fits whole.
SHRINK = 4


def wrap_fit(
    text: str, size: int, max_width: float, max_lines: int, bold: bool = False
) -> tuple[int, list[str]]:
    """The type size and lines of ``text`` in at most ``max_lines`` lines of ``max_width``:
    at ``size`` when it fits, else up to ``SHRINK`` points smaller, so the text is whole."""
    for smaller in range(size, max(8, size - SHRINK) - 1, -1):
        lines = wrap_lines(text, smaller, max_width, bold)
        if len(lines) <= max_lines and all(
            text_width(line, smaller, bold) <= max_width for line in lines
        ):
            return smaller, lines
    return size - SHRINK, wrap(text, size - SHRINK, max_width, max_lines, bold)


def fit(text: str, size: int, max_width: float, bold: bool = False) -> tuple[int, str]:
    """``text`` on one line of ``max_width``: at ``size``, else up to ``SHRINK`` points
    smaller, else shortened (the last resort)."""
    smaller = fitting_size(text, max_width, size, max(8, size - SHRINK), bold)
    return smaller, fit_text(text, smaller, max_width, bold)


# Letters that look alike in a small bold label ("Al" and "AI", "O" and "0"): two labels
# are told apart only if they differ after these are folded together.
_LOOKALIKE = str.maketrans("lIj1|0", "iiiiio")


def _shape(label: str) -> str:
    return label.lower().translate(_LOOKALIKE)


def _candidates(name: str, seat: int) -> list[str]:
    """Labels for one seat, best first: the name's initial with the number in the name
    ("AI 2" -> "A2"), the initials of its first two words, the initial with a later letter
    of the name that does not look like another, then the initial with the seat number."""
    initial = name[:1].upper() or "?"
    digits = "".join(ch for ch in name if ch.isdigit())
    words = name.split()
    out = [initial + digits] if digits else []
    if len(words) > 1 and words[1][:1].isalpha():
        out.append(initial + words[1][0].upper())
    out += [initial + ch.lower() for ch in name[1:] if ch.isalpha() and ch.lower() not in "ilj"]
    out.append(f"{initial}{seat + 1}")
    return out


def seat_labels(players: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """Each seat's pawn label, distinct for every seat so colour is never the only cue, and
    distinct to the eye too (``_LOOKALIKE``): the name's initial when no other seat's name
    starts with it; otherwise, seat by seat, the first of ``_candidates`` that no other
    label looks like ("Player 1", "AI 1", "AI 2" -> "P", "A1", "A2"; "Alice", "AI 1" ->
    "Ac", "A1")."""
    names = {int(p["seat"]): str(p["name"]) or "?" for p in players}
    initials = {seat: name[:1].upper() or "?" for seat, name in names.items()}
    clashing = {s for s, i in initials.items() if list(initials.values()).count(i) > 1}
    labels = {s: i for s, i in initials.items() if s not in clashing}
    for seat in sorted(clashing):
        taken = {_shape(label) for label in labels.values()}
        options = _candidates(names[seat], seat)
        labels[seat] = next(
            (c for c in options if _shape(c) not in taken),
            f"{seat + 1}",
        )
    return labels


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def pawn(draw: Draw, cx: float, cy: float, r: float, seat: int, label: str) -> None:
    """A seat-coloured disc with the player's initial."""
    trace_marker("pawn")
    colour = seat_colour(seat)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=2)
    size = int(r * (1.1 if len(label) == 1 else 0.85))
    write(draw, (cx, cy), label, size, True, contrast_ink(colour), "mm")


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _polygon(cx: float, cy: float, r: float, sides: int, turn: float = 0.0) -> list[tuple]:
    return [
        (
            cx + r * math.cos(turn + 2 * math.pi * i / sides),
            cy + r * math.sin(turn + 2 * math.pi * i / sides),
        )
        for i in range(sides)
    ]


def token(draw: Draw, kind: str, cx: float, cy: float, r: float) -> None:
    """One resource token: Focus an eye, Treasure a gem, Feat a star, Courage a shield."""
    trace_marker(f"token:{kind}")
    fill = TOKEN_COLOURS[kind]
    if kind == "focus":
        draw.ellipse(
            (cx - r, cy - r * 0.62, cx + r, cy + r * 0.62), fill=fill, outline=INK, width=2
        )
        p = r * 0.34
        draw.ellipse((cx - p, cy - p, cx + p, cy + p), fill=INK)
    elif kind == "treasure":
        gem = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
        draw.polygon(gem, fill=fill, outline=INK, width=2)
    elif kind == "feat":
        draw.polygon(_star(cx, cy, r * 1.1), fill=fill, outline=INK, width=2)
    else:
        w = r * 0.85
        shield = [(cx - w, cy - r), (cx + w, cy - r), (cx + w, cy), (cx, cy + r), (cx - w, cy)]
        draw.polygon(shield, fill=fill, outline=INK, width=2)


def token_count(draw: Draw, kind: str, x: float, cy: float, count: int, size: int) -> float:
    """A token followed by its count; returns the x just after the number."""
    r = size * 0.45
    token(draw, kind, x + r, cy, r)
    ink = INK if count else MUTED
    write(draw, (x + 2 * r + 4, cy), str(count), size, True, ink, "lm")
    return x + 2 * r + 4 + text_width(str(count), size, True)


def type_icon(draw: Draw, kind: str, x: float, y: float, size: float) -> None:
    """An encounter type: Pitfall a down triangle, Villain a square, Artefact a hexagon,
    Horror a circle, each with its initial."""
    trace_marker(f"type:{kind}")
    fill = TYPE_COLOURS[kind]
    cx, cy, r = x + size / 2, y + size / 2, size / 2
    letter_y = cy
    if kind == "pitfall":
        draw.polygon([(x, y), (x + size, y), (cx, y + size)], fill=fill, outline=INK, width=2)
        letter_y = y + size * 0.34
    elif kind == "villain":
        draw.rectangle((x + 2, y + 2, x + size - 2, y + size - 2), fill=fill, outline=INK, width=2)
    elif kind == "artefact":
        draw.polygon(_polygon(cx, cy, r, 6), fill=fill, outline=INK, width=2)
    else:
        draw.ellipse((x, y, x + size, y + size), fill=fill, outline=INK, width=2)
    letter_size = int(size * (0.48 if kind == "pitfall" else 0.55))
    write(draw, (cx, letter_y), kind[0].upper(), letter_size, True, contrast_ink(fill), "mm")


def die(
    draw: Draw,
    x: float,
    y: float,
    size: float,
    value: int | None,
    fill: Colour = (255, 255, 255),
    outline: Colour = INK,
) -> None:
    """A die face with pips; ``None`` (not rolled yet) shows a question mark."""
    radius = max(3, int(size / 6))
    width = max(1, int(size / 28))
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius, fill=fill, outline=outline, width=width
    )
    ink = contrast_ink(fill)
    if value is None:
        write(draw, (x + size / 2, y + size / 2), "?", int(size * 0.6), True, ink, "mm")
        return
    p = size * 0.095
    for fx, fy in _PIPS[max(1, min(6, value))]:
        cx, cy = x + fx * size, y + fy * size
        draw.ellipse((cx - p, cy - p, cx + p, cy + p), fill=ink)


def tt_token(
    draw: Draw, cx: float, cy: float, r: float, penalty: int, fill: Colour = TT_FILL
) -> None:
    """A Terrible Thing token: a dark hexagon showing its penalty."""
    trace_marker("terrible_thing")
    draw.polygon(_polygon(cx, cy, r, 6, math.pi / 6), fill=fill, outline=INK, width=2)
    text = f"−{penalty}" if penalty else "0"
    write(draw, (cx, cy), text, int(r * 0.95), True, (255, 255, 255), "mm")


def card_back(draw: Draw, x: float, y: float, w: float, h: float, back: str | None) -> None:
    """A face-down encounter card in its back colour with the colour's initial (G, O, R)."""
    trace_marker("card_back")
    fill = BACK_COLOURS.get(back or "", NO_BACK_FILL)
    draw.rounded_rectangle((x, y, x + w, y + h), 6, fill=fill, outline=INK, width=2)
    if back:
        write(
            draw,
            (x + w / 2, y + h / 2),
            back[:1].upper(),
            int(w * 0.6),
            True,
            contrast_ink(fill),
            "mm",
        )


def map_icon(draw: Draw, x: float, y: float, h: float) -> float:
    """The Map token as a parchment tag reading MAP (its own legend); returns its right edge."""
    trace_marker("map")
    trace_legend("map")
    size = int(h * 0.55)
    w = text_width("MAP", size, True) + h * 0.5
    draw.rounded_rectangle((x, y, x + w, y + h), 5, fill=MAP_FILL, outline=INK, width=2)
    write(draw, (x + w / 2, y + h / 2), "MAP", size, True, INK, "mm")
    return x + w


def panel(
    draw: Draw, box: tuple[int, int, int, int], heading: str = "", fill: Colour = PANEL_FILL
) -> int:
    """A rounded section with an optional bold heading; returns the y where content starts."""
    draw.rounded_rectangle(box, 10, fill=fill, outline=LINE, width=2)
    if not heading:
        return box[1] + 8
    x0, y0, x1, _ = box
    size, text = fit(heading, 18, x1 - x0 - 24, True)
    write(draw, (x0 + 12, y0 + 8), text, size, True)
    return y0 + 34


def secrets_badge(draw: Draw, cx: float, cy: float, r: float, value: int) -> None:
    """Ancient Secrets: a dark disc with a gold rim and a large number."""
    trace_marker("secrets")
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BANNER_FILL, outline=GOLD_RIM, width=3)
    write(draw, (cx, cy), str(value), int(r * 1.15), True, GOLD_TEXT, "mm")
