"""A card's face as a picture, for ``/card`` (issue 18, "What to build").

One card of any game (a ``rules_book.CardEntry``) drawn portrait, phone-sized: its kind and
count in the title bar, a colour band for the kind, the name, the plain-words text and the
source. Every piece of text is wrapped to its panel and the type shrinks until it fits, so
nothing is ever cut; ``layout`` returns the placed lines so tests can measure them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PIL import ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    canvas,
    fit_text,
    font,
    text_width,
    title_bar,
    to_png,
)
from engines.core.rules_book import CardEntry, source_words

WIDTH = 720
MARGIN = 40
TITLE_BAR = 56
BAND = (TITLE_BAR, TITLE_BAR + 18)
NAME_PANEL = (MARGIN, 100, WIDTH - MARGIN, 250)
# The text panel grows with the text, from a short card to a tall one.
TEXT_MIN, TEXT_MAX = 160, 600
SOURCE_HEIGHT = 64
INSET = 4
Box = tuple[int, int, int, int]

# The band colour of a card by the first word of its kind; Encounters by their back.
KIND_COLOURS: dict[str, tuple[int, int, int]] = {
    "Feat": PALETTE["blue"],
    "Swag": PALETTE["orange"],
    "Encounter": PALETTE["green"],
    "Location": PALETTE["purple"],
    "Character": PALETTE["sky"],
    "Achievement": PALETTE["yellow"],
    "Terrible": PALETTE["black"],
    "Scenario": PALETTE["green"],
    "Faction": PALETTE["orange"],
    "Action": PALETTE["blue"],
    "Wild": PALETTE["purple"],
    "Minion": PALETTE["vermillion"],
    "Ancient": PALETTE["vermillion"],
    "Treasure": PALETTE["yellow"],
    "Object": PALETTE["sky"],
}
BACK_COLOURS = {"orange back": PALETTE["orange"], "red back": PALETTE["vermillion"]}


@dataclass(frozen=True)
class Line:
    """One line of text placed on the card, with the panel it must stay inside."""

    text: str
    x: int
    y: int
    size: int
    bold: bool
    fill: tuple[int, int, int]
    panel: Box


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``width`` pixels; a word too long for a line is shortened."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if text_width(trial, size, bold) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = fit_text(word, size, width, bold)
        lines.append(line)
    return lines


def _fill_panel(
    text: str,
    panel: Box,
    sizes: range,
    bold: bool,
    fill: tuple[int, int, int],
    max_lines: int = 99,
) -> list[Line]:
    """The largest type size at which ``text`` wraps into ``panel``; at the smallest size a
    text that still does not fit keeps the lines that do and ends the last with an ellipsis."""
    x0, y0, x1, y1 = panel
    # A few pixels of inset: glyphs such as "T" or "j" reach past their advance width.
    x0, width = x0 + INSET, x1 - x0 - 2 * INSET
    for size in sizes:
        step = round(size * 1.3)
        lines = wrap(text, size, width, bold)
        room = min(max_lines, (y1 - y0) // step)
        if len(lines) <= room:
            break
    else:
        lines = lines[:room]
        lines[-1] = fit_text(lines[-1] + "…", size, width, bold)
    return [Line(t, x0, y0 + i * step, size, bold, fill, panel) for i, t in enumerate(lines)]


def band_colour(entry: CardEntry) -> tuple[int, int, int]:
    for back, colour in BACK_COLOURS.items():
        if back in entry.kind:
            return colour
    return KIND_COLOURS.get(entry.kind.split()[0], PALETTE["black"])


def header(entry: CardEntry) -> str:
    """The title bar's text; ``title_bar`` sets a long one smaller or on two lines."""
    copies = f" · {entry.count} copies" if entry.count > 1 else ""
    return entry.kind + copies


@dataclass(frozen=True)
class Layout:
    """The placed lines, the y of the rule under the name, and the picture's height."""

    height: int
    rule_y: int
    lines: list[Line]


def _bottom(lines: list[Line]) -> int:
    return lines[-1].y + round(lines[-1].size * 1.3)


def _shrink(lines: list[Line], bottom: int) -> list[Line]:
    """The same lines in their panel cut to the height they use."""
    return [replace(t, panel=(*t.panel[:3], bottom)) for t in lines]


def layout(entry: CardEntry) -> Layout:
    """Name, text and source stacked top to bottom, each panel as tall as its text needs
    (the text panel between TEXT_MIN and TEXT_MAX), so short cards make short pictures."""
    name = _fill_panel(entry.name, NAME_PANEL, range(44, 25, -2), True, INK, max_lines=2)
    name = _shrink(name, _bottom(name))
    rule_y = _bottom(name) + 12
    top = rule_y + 18
    text = _fill_panel(
        entry.text, (MARGIN, top, WIDTH - MARGIN, top + TEXT_MAX), range(34, 19, -2), False, INK
    )
    text_bottom = max(top + TEXT_MIN, _bottom(text))
    text = _shrink(text, text_bottom)
    source_panel = (MARGIN, text_bottom + 20, WIDTH - MARGIN, text_bottom + 20 + SOURCE_HEIGHT)
    source = _fill_panel(
        "Source: " + source_words(entry.source), source_panel, range(22, 15, -2), False, MUTED
    )
    source = _shrink(source, _bottom(source))
    return Layout(_bottom(source) + 24, rule_y, [*name, *text, *source])


def draw_card(entry: CardEntry) -> bytes:
    """The card face as PNG bytes."""
    placed = layout(entry)
    height = placed.height
    img = canvas(WIDTH, height)
    title_bar(img, header(entry), height=TITLE_BAR)
    pen = ImageDraw.Draw(img)
    pen.rectangle((0, BAND[0], WIDTH, BAND[1]), fill=band_colour(entry))
    pen.rectangle((8, BAND[1] + 8, WIDTH - 9, height - 9), outline=band_colour(entry), width=4)
    pen.line((MARGIN, placed.rule_y, WIDTH - MARGIN, placed.rule_y), fill=MUTED, width=2)
    for line in placed.lines:
        pen.text((line.x, line.y), line.text, font=font(line.size, line.bold), fill=line.fill)
    return to_png(img)
