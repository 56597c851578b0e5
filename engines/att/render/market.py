"""The table around the river: the Expedition Track of Terrible Things, the Scenario card,
the Trading Post with its Swag, the Feat deck and the Achievements (reference §3, §5.6,
§8 Scenario rows, §10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.att.render.symbols import (
    EMPTY_FILL,
    LINE,
    TOKEN_KINDS,
    Draw,
    fit,
    panel,
    pawn,
    secrets_badge,
    token,
    tt_token,
    type_icon,
    wrap_fit,
    write,
)
from engines.core.render_kit import INK, MUTED

Box = tuple[int, int, int, int]


def expedition_track(draw: Draw, box: Box, data: Mapping[str, Any]) -> None:
    """The track's spaces from the bottom (left): taken spaces empty, the next one marked."""
    track = [int(p) for p in data.get("track", [])]
    size = max(int(data.get("track_size", len(track))), len(track), 1)
    taken = size - len(track)
    x0, _, x1, y1 = box
    heading = f"Expedition Track: {len(track)} of {size} Terrible Things left"
    top = panel(draw, box, heading)
    gap = 6
    cell = min(64, (x1 - x0 - 24 - gap * (size - 1)) // size)
    cy = top + 24 + cell / 2
    for space in range(size):
        x = x0 + 12 + space * (cell + gap)
        nxt = space == taken
        draw.rounded_rectangle(
            (x, cy - cell / 2, x + cell, cy + cell / 2),
            6,
            fill=(255, 255, 255) if space >= taken else EMPTY_FILL,
            outline=INK if nxt else LINE,
            width=4 if nxt else 2,
        )
        if space >= taken:
            tt_token(draw, x + cell / 2, cy, cell * 0.42, track[space - taken])
        write(draw, (x + cell / 2, cy + cell / 2 + 4), str(space + 1), 13, False, MUTED, "mt")
        if nxt:
            write(draw, (x + cell / 2, cy - cell / 2 - 3), "next", 14, True, INK, "mb")
    note = "Taken from the bottom; the last one ends the game." if track else "Track empty."
    write(draw, (x0 + 12, y1 - 10), note, 14, False, MUTED, "ls")


def scenario(draw: Draw, box: Box, data: Mapping[str, Any]) -> None:
    """The Scenario card's rows: which combination buys which resource."""
    card = data.get("scenario") or {}
    x0, _, x1, _ = box
    y = panel(draw, box, f"Scenario {card.get('face', '')}: spend dice for tokens")
    for row in card.get("rows", []):
        label = str(row.get("label", ""))
        reward = str(row.get("reward", ""))
        label_size, label = fit(label, 17, 150, True)
        write(draw, (x0 + 12, y + 13), label, label_size, True, INK, "lm")
        kind = next((k for k in TOKEN_KINDS if k in reward.lower()), None)
        rx = x0 + 172
        if kind:
            token(draw, kind, rx + 10, y + 13, 10)
            rx += 26
        reward_size, reward = fit(reward, 16, x1 - rx - 12)
        write(draw, (rx, y + 13), reward, reward_size, False, INK, "lm")
        y += 28


def swag_card(draw: Draw, box: Box, swag: Mapping[str, Any] | None, caption: str) -> None:
    """A Swag card: cost in Treasure, Secrets, what it counts as, and its text shortened."""
    x0, y0, x1, y1 = box
    write(draw, (x0 + 2, y0), caption, 13, True, MUTED)
    card = (x0, y0 + 18, x1, y1)
    if swag is None:
        draw.rounded_rectangle(card, 8, fill=EMPTY_FILL, outline=LINE, width=2)
        write(draw, ((x0 + x1) / 2, (card[1] + y1) / 2), "empty", 15, False, MUTED, "mm")
        return
    draw.rounded_rectangle(card, 8, fill=(255, 255, 255), outline=INK, width=2)
    top = card[1] + 6
    token(draw, "treasure", x0 + 18, top + 14, 12)
    write(draw, (x0 + 34, top + 14), str(swag.get("cost", 0)), 24, True, INK, "lm")
    secrets = int(swag.get("secrets", 0))
    if secrets:
        secrets_badge(draw, x1 - 20, top + 14, 14, secrets)
    counts_as = swag.get("counts_as")
    if counts_as:
        type_icon(draw, str(counts_as), x1 - (60 if secrets else 32), top + 2, 24)
    y = top + 32
    name_size, names = wrap_fit(str(swag.get("name", "")), 15, x1 - x0 - 12, 2, True)
    for line in names:
        write(draw, (x0 + 6, y), line, name_size, True)
        y += 19
    # The text gets whatever lines the name left free.
    text_size, text = wrap_fit(str(swag.get("text", "")), 13, x1 - x0 - 12, 4 - len(names))
    for line in text:
        write(draw, (x0 + 6, y), line, text_size)
        y += 16


def trading_post(draw: Draw, box: Box, data: Mapping[str, Any]) -> None:
    """The three Swag slots and the buyable top of Old Stock."""
    post = data.get("trading_post") or {}
    x0, _, x1, y1 = box
    old = list(post.get("old_stock", []))
    top = panel(draw, box, f"Trading Post: Swag deck {post.get('deck_remaining', 0)}")
    slots = list(post.get("slots", []))
    cards = [*slots, old[-1] if old else None]
    gap = 10
    w = (x1 - x0 - 24 - gap * (len(cards) - 1)) // len(cards)
    for i, swag in enumerate(cards):
        caption = f"Slot {i + 1}" if i < len(slots) else f"Old Stock top ({len(old)} in pile)"
        x = x0 + 12 + i * (w + gap)
        swag_card(draw, (x, top, x + w, y1 - 10), swag, caption)


def feats(draw: Draw, box: Box, data: Mapping[str, Any]) -> None:
    """The Feat deck and its face-up discard pile."""
    info = data.get("feats") or {}
    x0, _, x1, _ = box
    y = panel(draw, box, "Feat cards")
    write(draw, (x0 + 12, y), f"Deck {info.get('deck_remaining', 0)}", 20, True)
    write(draw, (x0 + 12, y + 28), f"Discard {info.get('discard_count', 0)}", 20, True)
    top = info.get("discard_top")
    if top:
        write(draw, (x0 + 12, y + 58), "Top of discard:", 13, False, MUTED)
        size, lines = wrap_fit(str(top.get("name", "")), 15, x1 - x0 - 24, 2, True)
        for i, line in enumerate(lines):
            write(draw, (x0 + 12, y + 76 + i * 18), line, size, True)


def achievements(draw: Draw, box: Box, data: Mapping[str, Any], labels: Mapping[int, str]) -> None:
    """Each Achievement with its type, Secrets and holder."""
    x0, _, x1, _ = box
    y = panel(draw, box, "Achievements")
    for ach in data.get("achievements", []):
        type_icon(draw, str(ach.get("type", "pitfall")), x0 + 12, y, 26)
        size, name = fit(str(ach.get("name", "")), 16, x1 - x0 - 130, True)
        write(draw, (x0 + 46, y + 13), name, size, True, INK, "lm")
        secrets_badge(draw, x1 - 70, y + 13, 13, int(ach.get("secrets", 0)))
        holder = ach.get("holder")
        if holder is None:
            write(draw, (x1 - 28, y + 13), "—", 18, True, MUTED, "mm")
        else:
            pawn(draw, x1 - 28, y + 13, 14, int(holder), labels.get(int(holder), "?"))
        y += 32
