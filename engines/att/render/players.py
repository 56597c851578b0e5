"""The people at the table: each player's stash and score, the game-over banner, and the
private hand strip of Feat cards (reference §1 stashes, §5.7 hand, §11 scoring).

A player panel shows the hand only as a count; card names appear solely in the hand strip,
which the renderer draws only when the view carries ``hand`` (the owner's own view).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.att.render.symbols import (
    BANNER_FILL,
    CARD_BACK_FILL,
    GOLD_RIM,
    GOLD_TEXT,
    LINE,
    PANEL_FILL,
    SUMMARY_TEXT,
    TOKEN_KINDS,
    TYPE_KINDS,
    Colour,
    Draw,
    fit,
    map_icon,
    pawn,
    seat_colour,
    secrets_badge,
    token,
    token_count,
    tt_token,
    type_icon,
    wrap_fit,
    write,
)
from engines.core.render_kit import INK, MUTED, contrast_ink, text_width, trace_legend

Box = tuple[int, int, int, int]
HAND_CARD_W = 260
HAND_CARD_H = 138
# A player panel's coloured head: the name, the character and the score, set large enough
# to read on the board shown 550 px wide (a 1400 px board: 31 bold and up, readable_size).
HEAD_H = 66
NAME_SIZE = 28
SCORE_SIZE = 32
SCORE_W = 84


def _card_icon(draw: Draw, x: float, y: float, count: int) -> float:
    """A small face-down card with the hand size beside it; returns the right edge."""
    draw.rounded_rectangle((x, y, x + 20, y + 28), 4, fill=CARD_BACK_FILL, outline=INK, width=2)
    label = f"{count} in hand"
    write(draw, (x + 28, y + 14), label, 18, True, INK, "lm")
    return x + 28 + text_width(label, 18, True)


def _rerolls(draw: Draw, x: float, cy: float, left: int) -> None:
    """Re-rolls left as filled boxes (two per turn, more when a card grants extras)."""
    write(draw, (x, cy), "Re-rolls", 16, False, MUTED, "lm")
    x += text_width("Re-rolls", 16) + 8
    # Two boxes per turn; extras from cards add boxes, up to four (the number says the rest).
    for i in range(min(4, max(2, left))):
        filled = i < left
        draw.rounded_rectangle(
            (x, cy - 8, x + 14, cy + 8), 3, fill=INK if filled else None, outline=INK, width=2
        )
        x += 19
    write(draw, (x + 2, cy), str(left), 18, True, INK, "lm")


def player_panel(
    draw: Draw,
    box: Box,
    player: Mapping[str, Any],
    label: str,
    active: bool,
    waiting: bool,
    holds_map: bool,
) -> None:
    """Name, character, score, tokens, hand size, re-rolls, encounters by type, Terrible
    Things and Swag for one player: whether it is their turn (``active``), whether they are
    asked to act (``waiting``) and whether they hold the Map are all it needs of the rest of
    the view, so a panel can be reused while those and ``player`` are unchanged."""
    x0, y0, x1, y1 = box
    seat = int(player["seat"])
    colour = seat_colour(seat)
    draw.rounded_rectangle(
        box, 10, fill=PANEL_FILL, outline=INK if active else LINE, width=5 if active else 2
    )
    draw.rounded_rectangle(
        (x0, y0, x1, y0 + HEAD_H),
        10,
        fill=colour,
        outline=INK if active else LINE,
        width=5 if active else 2,
    )
    draw.rectangle((x0 + 5, y0 + HEAD_H - 20, x1 - 5, y0 + HEAD_H - 5), fill=colour)
    pawn(draw, x0 + 30, y0 + HEAD_H / 2, 22, seat, label)
    ink = contrast_ink(colour)
    score_x = x1 - SCORE_W - 6
    name_x = x0 + 60
    # The character line runs under the Map tag, the name beside it.
    sub_w = name_w = score_x - name_x - 6
    # The pawn beside the name is the legend of the pawns on the board.
    trace_legend("pawn")
    if holds_map:
        name_w -= 56
        map_icon(draw, score_x - 56, y0 + 8, 22)
    name = str(player["name"])
    sub = str(player.get("character", ""))
    if waiting:
        sub = "TO ACT · " + sub
    if text_width(name, 20, True) <= name_w:
        name_size, line = fit(name, NAME_SIZE, name_w, True)
        write(draw, (name_x, y0 + 22), line, name_size, True, ink, "lm")
    else:
        # A long name takes two smaller lines, the character a third.
        name_size, lines = wrap_fit(name, 17, name_w, 2, True)
        for i, line in enumerate(lines):
            write(draw, (name_x, y0 + 12 + 19 * i), line, name_size, True, ink, "lm")
    sub_size, sub = fit(sub, 16, sub_w, waiting)
    write(draw, (name_x, y0 + 51), sub, sub_size, waiting, ink, "lm")
    draw.rounded_rectangle(
        (score_x, y0 + 5, x1 - 6, y0 + HEAD_H - 5), 8, fill=(255, 255, 255), outline=INK, width=2
    )
    mid = (score_x + x1 - 6) / 2
    write(draw, (mid, y0 + 9), "score", 12, False, MUTED, "mt")
    # The score reads at Discord's inline width (issue 35).
    score = str(player.get("score", 0))
    write(draw, (mid, y0 + 40), score, SCORE_SIZE, True, INK, "mm", read="score")

    y = y0 + HEAD_H + 8
    tokens = player.get("tokens") or {}
    x = x0 + 12
    for kind in TOKEN_KINDS:
        x = token_count(draw, kind, x, y + 16, int(tokens.get(kind, 0)), 26) + 16

    y += 40
    right = _card_icon(draw, x0 + 12, y, int(player.get("hand_count", 0)))
    _rerolls(draw, max(right + 20, x0 + 170), y + 14, int(player.get("rerolls_left", 0)))

    y += 38
    counts = player.get("type_counts") or {}
    x = x0 + 12
    for kind in TYPE_KINDS:
        type_icon(draw, kind, x, y, 24)
        count = str(counts.get(kind, 0))
        write(draw, (x + 30, y + 12), count, 18, True, INK, "lm")
        x += 42 + text_width(count, 18, True)
    # Type counts include Swag that counts as a type; the pile size says how many were won.
    pile = len(player.get("score_pile", []))
    overcome_size, overcome = fit(f"{pile} overcome", 15, x1 - x - 12)
    write(draw, (x + 2, y + 12), overcome, overcome_size, False, MUTED, "lm")

    y += 34
    things = [int(t) for t in player.get("terrible_things", [])]
    write(draw, (x0 + 12, y + 14), "Terrible Things", 15, False, MUTED, "lm")
    x = x0 + 20 + text_width("Terrible Things", 15)
    for i, penalty in enumerate(things):
        tt_token(draw, x + 14 + i * 32, y + 14, 14, penalty)
    if not things:
        write(draw, (x, y + 14), "none", 15, True, INK, "lm")

    y += 34
    _swag_list(draw, (x0 + 12, y, x1 - 12, y1 - 8), player.get("swag", []))


def _swag_list(draw: Draw, box: Box, swag: Sequence[Mapping[str, Any]]) -> None:
    """Each Swag card's name (wrapped, never cut) with what it counts as and its Secrets,
    as many as the box holds; a last line counts the rest."""
    x0, y0, x1, y1 = box
    if not swag:
        write(draw, (x0, y0), "No Swag", 15, False, MUTED)
        return
    rows = max(1, (y1 - y0) // 21)
    y, used = y0, 0
    for n, card in enumerate(swag):
        exhausted = bool(card.get("exhausted"))
        secrets = int(card.get("secrets", 0))
        name = str(card.get("name", ""))
        if exhausted:
            name += " (exhausted)"
        width = x1 - x0 - 24 - (30 if secrets else 0)
        size, lines = wrap_fit(name, 15, width, 2, True)
        # Room for this card, and for the "+N more" line unless it is the last card.
        if used + len(lines) + (0 if n == len(swag) - 1 else 1) > rows:
            more = f"+{len(swag) - n} more Swag"
            write(draw, (x0, y), more, 15, False, MUTED)
            return
        ink = MUTED if exhausted else INK
        counts_as = card.get("counts_as")
        if counts_as:
            type_icon(draw, str(counts_as), x0, y + 2, 16)
        else:
            draw.rectangle((x0 + 4, y + 7, x0 + 10, y + 13), fill=ink)
        for i, line in enumerate(lines):
            write(draw, (x0 + 20, y + 10 + 21 * i), line, size, True, ink, "lm")
        if secrets:
            secrets_badge(draw, x1 - 10, y + 10, 10, secrets)
        y += 21 * len(lines)
        used += len(lines)


def outcome_banner(
    draw: Draw, box: Box, data: Mapping[str, Any], labels: Mapping[int, str]
) -> None:
    """Who won, everyone's final score, and how the game ended."""
    outcome = data.get("outcome") or {}
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 10, fill=BANNER_FILL, outline=GOLD_RIM, width=4)
    names = {int(p["seat"]): str(p["name"]) for p in data.get("players", [])}
    winners = [names.get(int(s), "?") for s in outcome.get("winners", [])]
    if not winners:
        headline = "Game over: no winner"
    elif len(winners) == 1:
        headline = f"Game over: {winners[0]} wins!"
    else:
        headline = "Game over: shared win for " + " & ".join(winners)
    gold = GOLD_TEXT
    scores = sorted(
        ((int(s), v) for s, v in (outcome.get("scores") or {}).items()), key=lambda sv: -sv[1]
    )
    values = [f"{score:g}" for _, score in scores]
    step = [88 + text_width(v, SCORE_SIZE, True) for v in values]
    # Right-aligned final scores, highest first; winners get a gold ring.
    x = max(x0 + 620, x1 - 12 - sum(step))
    text_w = x - x0 - 40
    headline_size, headline = fit(headline, 30, text_w, True)
    write(draw, (x0 + 18, y0 + 12), headline, headline_size, True, gold)
    summary = str(outcome.get("summary", ""))
    summary_size, summary_lines = wrap_fit(summary, 15, text_w, 2)
    for i, line in enumerate(summary_lines):
        write(draw, (x0 + 18, y0 + 52 + i * 19), line, summary_size, False, SUMMARY_TEXT)
    cy = (y0 + y1) / 2
    won = {int(s) for s in outcome.get("winners", [])}
    for (seat, _), value, width in zip(scores, values, step, strict=True):
        if seat in won:
            draw.ellipse((x - 5, cy - 25, x + 45, cy + 25), outline=gold, width=4)
        pawn(draw, x + 20, cy, 20, seat, labels.get(seat, "?"))
        write(draw, (x + 54, cy), value, SCORE_SIZE, True, gold, "lm", read="score")
        x += width


def hand_height(count: int, width: int) -> int:
    """Height of the hand strip for ``count`` Feat cards across ``width`` pixels."""
    per_row = max(1, (width - 24 + 10) // (HAND_CARD_W + 10))
    rows = max(1, -(-count // per_row))
    return 44 + rows * (HAND_CARD_H + 10)


def hand_strip(
    draw: Draw, box: Box, hand: Sequence[Mapping[str, Any]], owner: str, colour: Colour
) -> None:
    """The owner's Feat cards: name, cost in Feat tokens, text."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, 10, fill=PANEL_FILL, outline=colour, width=5)
    heading = f"{owner}'s hand: {len(hand)} Feat cards (private)"
    write(draw, (x0 + 12, y0 + 10), heading, 20, True)
    per_row = max(1, (x1 - x0 - 24 + 10) // (HAND_CARD_W + 10))
    if not hand:
        write(draw, (x0 + 12, y0 + 50), "No Feat cards.", 16, False, MUTED)
    for i, card in enumerate(hand):
        x = x0 + 12 + (i % per_row) * (HAND_CARD_W + 10)
        y = y0 + 44 + (i // per_row) * (HAND_CARD_H + 10)
        draw.rounded_rectangle(
            (x, y, x + HAND_CARD_W, y + HAND_CARD_H), 8, fill=(255, 255, 255), outline=INK, width=2
        )
        inner = HAND_CARD_W - 20
        y_text = y + 8
        name_size, names = wrap_fit(str(card.get("name", "")), 16, inner, 2, True)
        for line in names:
            write(draw, (x + 10, y_text), line, name_size, True)
            y_text += 20
        text_size, text = wrap_fit(str(card.get("text", "")), 14, inner, 5 - len(names))
        for line in text:
            write(draw, (x + 10, y_text + 4), line, text_size)
            y_text += 16
        cost = int(card.get("cost", 0))
        bottom = y + HAND_CARD_H - 16
        write(draw, (x + 10, bottom), "Cost", 14, False, MUTED, "lm")
        for c in range(cost):
            token(draw, "feat", x + 58 + c * 26, bottom, 11)
