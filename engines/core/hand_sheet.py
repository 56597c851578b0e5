"""A seat's private view as a phone-sized picture (issue 19, "A private view worth opening").

Every game's hand module turns its owner's ``View`` into a ``HandSheet``: the cards in hand,
one per row, each with its name, kind and what it does in plain words, then the seat's other
secrets (hidden start spaces, tokens, commitments) as short sections. ``draw_sheet`` draws it
portrait, 800 px wide, every text wrapped to its panel so nothing is cut (checked by tests
through ``render_kit.tracing``); ``sheet_text`` is the few private lines sent beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    canvas,
    contrast_ink,
    title_bar,
    to_png,
    wrap_lines,
    write,
)

Colour = tuple[int, int, int]
WIDTH = 800
MARGIN = 24
BAND = 14
PAD = 14
NAME_SIZE, KIND_SIZE, TEXT_SIZE = 26, 18, 22
HEADING_SIZE = 26
CARD_BG = (255, 253, 247)
EDGE = (200, 194, 182)
# Discord keeps a message's text under 2000 characters; the summary leaves room for a header.
TEXT_LIMIT = 1800


@dataclass(frozen=True)
class HandCard:
    """One card in hand: its name, its kind (the small line under the name) and its text."""

    name: str
    kind: str
    text: str
    colour: Colour = PALETTE["blue"]


@dataclass(frozen=True)
class Secret:
    """One of the seat's other secrets: a heading and its lines."""

    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class HandSheet:
    """Everything the owner sees privately, ready to draw or summarise."""

    title: str
    cards: tuple[HandCard, ...]
    secrets: tuple[Secret, ...] = ()
    hand_word: str = "hand"
    empty: str = "No cards in hand."


def _line_step(size: int) -> int:
    return round(size * 1.3)


def _wrapped(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    return [line for line in wrap_lines(text, size, width, bold) if line] or [""]


def _card_height(card: HandCard, width: float) -> int:
    name = _wrapped(card.name, NAME_SIZE, width, True)
    kind = _wrapped(card.kind, KIND_SIZE, width) if card.kind else []
    text = _wrapped(card.text, TEXT_SIZE, width) if card.text else []
    return (
        2 * PAD
        + len(name) * _line_step(NAME_SIZE)
        + len(kind) * _line_step(KIND_SIZE)
        + (6 + len(text) * _line_step(TEXT_SIZE) if text else 0)
    )


def _secret_height(secret: Secret, width: float) -> int:
    lines = sum(len(_wrapped(line, TEXT_SIZE, width)) for line in secret.lines)
    return _line_step(HEADING_SIZE) + 6 + lines * _line_step(TEXT_SIZE) + PAD


def _inner_width() -> float:
    # The text starts right of the colour band, with a little room for glyph overhang.
    return WIDTH - 2 * MARGIN - BAND - 2 * PAD - 4


def draw_sheet(sheet: HandSheet) -> bytes:
    """The sheet as a portrait PNG, 800 px wide, as tall as its contents."""
    inner = _inner_width()
    cards = sheet.cards or (HandCard(sheet.empty, "", "", MUTED),)
    heights = [_card_height(c, inner) for c in cards]
    secret_heights = [_secret_height(s, WIDTH - 2 * MARGIN - 8) for s in sheet.secrets]
    top = 56 + MARGIN
    total = top + sum(h + 12 for h in heights) + sum(secret_heights) + 2 * MARGIN
    # Never landscape: a phone shows a square or tall picture at full width.
    img = canvas(WIDTH, max(total, WIDTH))
    title_bar(img, sheet.title)
    draw = ImageDraw.Draw(img)
    y = top
    for card, height in zip(cards, heights, strict=True):
        y = _draw_card(draw, card, y, height, inner) + 12
    y += MARGIN // 2
    for secret in sheet.secrets:
        y = _draw_secret(draw, secret, y)
    return to_png(img)


def _draw_card(draw: ImageDraw.ImageDraw, card: HandCard, y: int, height: int, inner: float) -> int:
    x0, x1 = MARGIN, WIDTH - MARGIN
    box = (x0, y, x1, y + height)
    draw.rectangle(box, fill=CARD_BG, outline=EDGE, width=2)
    draw.rectangle((x0, y, x0 + BAND, y + height), fill=card.colour)
    tx = x0 + BAND + PAD
    ty = y + PAD
    for line in _wrapped(card.name, NAME_SIZE, inner, True):
        write(draw, (tx, ty), line, NAME_SIZE, bold=True, panel=box)
        ty += _line_step(NAME_SIZE)
    if card.kind:
        for line in _wrapped(card.kind, KIND_SIZE, inner):
            write(draw, (tx, ty), line, KIND_SIZE, fill=MUTED, panel=box)
            ty += _line_step(KIND_SIZE)
    if card.text:
        ty += 6
        for line in _wrapped(card.text, TEXT_SIZE, inner):
            write(draw, (tx, ty), line, TEXT_SIZE, fill=INK, panel=box)
            ty += _line_step(TEXT_SIZE)
    return y + height


def _draw_secret(draw: ImageDraw.ImageDraw, secret: Secret, y: int) -> int:
    width = WIDTH - 2 * MARGIN - 8
    height = _secret_height(secret, width)
    box = (MARGIN, y, WIDTH - MARGIN, y + height)
    head_h = _line_step(HEADING_SIZE) + 2
    draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + head_h), fill=PALETTE["black"])
    write(
        draw,
        (MARGIN + 8, y + 2),
        secret.heading,
        HEADING_SIZE,
        bold=True,
        fill=contrast_ink(PALETTE["black"]),
        panel=box,
    )
    ty = y + head_h + 6
    for item in secret.lines:
        for line in _wrapped(item, TEXT_SIZE, width):
            write(draw, (MARGIN + 8, ty), line, TEXT_SIZE, panel=box)
            ty += _line_step(TEXT_SIZE)
    return y + height


def sheet_text(sheet: HandSheet) -> str:
    """A few private lines: what is in hand (names only) and what else is secret."""
    names = "; ".join(c.name for c in sheet.cards) or "empty"
    lines = [f"Your {sheet.hand_word} ({len(sheet.cards)}): {names}"]
    for secret in sheet.secrets:
        lines.append(f"{secret.heading}: " + "; ".join(secret.lines))
    if sheet.cards:
        lines.append("The picture shows what each card does.")
    kept: list[str] = []
    used = 0
    for line in lines:
        # Cut at line boundaries; a line too long for what is left keeps its whole items.
        if used + len(line) + 1 > TEXT_LIMIT:
            room = TEXT_LIMIT - used - 1
            if room > 20:
                kept.append(_shortened(line, room))
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join(kept)


def _shortened(line: str, room: int) -> str:
    """``line`` in at most ``room`` characters: its heading and the whole items ("; "
    apart) that fit, then how many more the picture shows; never a word cut in two."""
    head, sep, rest = line.partition(": ")
    items = rest.split("; ") if sep else []
    for shown in range(len(items) - 1, 0, -1):
        text = (
            f"{head}{sep}{'; '.join(items[:shown])}; … ({len(items) - shown} more on the picture)"
        )
        if len(text) <= room:
            return text
    cut = line[: room - 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"
