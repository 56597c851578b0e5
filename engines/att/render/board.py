"""Pictures of an Ancient Terrible Things view (DESIGN.md "Pictures"; reference §1-§11).

``render`` draws the board: the title line, the game-over banner when there is one, the
Riverboat / deck / Trading Post strip, the six Locations of the river, the Expedition Track,
the Scenario, Feats, the Trading Post's Swag, the Achievements, one panel per player and a
legend. When the view carries ``hand`` (only the owner's own view does) a hand strip is
added *below* everything else, so the part above it is the same picture the channel gets.

``render_dice`` draws the dice pool, or the last roll, as its own picture.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engines.att.render.dice import render_dice_png
from engines.att.render.market import achievements, expedition_track, feats, scenario, trading_post
from engines.att.render.players import hand_height, hand_strip, outcome_banner, player_panel
from engines.att.render.river import location, status_strip
from engines.att.render.symbols import (
    TOKEN_KINDS,
    TYPE_KINDS,
    Draw,
    pawn,
    seat_colour,
    seat_labels,
    secrets_badge,
    token,
    tt_token,
    type_icon,
    write,
)
from engines.core.protocol import View
from engines.core.render_kit import (
    INK,
    canvas,
    fit_text,
    text_width,
    title_bar,
    to_png,
)

WIDTH = 1400
MARGIN = 12
GAP = 8
TITLE_H = 56
BANNER_H = 100
STRIP_H = 60
RIVER_H = 330
TABLE_H = 176
MARKET_H = 178
PLAYERS_H = 284
LEGEND_H = 34


def board_height(data: Mapping[str, Any]) -> int:
    """Height of the shared board, i.e. everything above the private hand strip."""
    rows = (STRIP_H, RIVER_H, TABLE_H, MARKET_H, PLAYERS_H, LEGEND_H)
    banner = BANNER_H + GAP if data.get("outcome") else 0
    return TITLE_H + GAP + banner + sum(rows) + GAP * len(rows) + MARGIN - GAP


def _columns(y: int, height: int, shares: Sequence[float]) -> list[tuple[int, int, int, int]]:
    """Boxes side by side across the board, each taking its share of the width."""
    usable = WIDTH - 2 * MARGIN - GAP * (len(shares) - 1)
    boxes, x = [], MARGIN
    for share in shares:
        w = round(usable * share)
        boxes.append((x, y, min(x + w, WIDTH - MARGIN), y + height))
        x += w + GAP
    return boxes


def _legend(draw: Draw, y: int) -> None:
    """What each symbol means, so the board needs no colour to be read."""
    cy = y + LEGEND_H / 2
    x = MARGIN + 4
    for kind in TOKEN_KINDS:
        token(draw, kind, x + 11, cy, 11)
        write(draw, (x + 26, cy), kind.capitalize(), 15, False, INK, "lm")
        x += 36 + text_width(kind.capitalize(), 15)
    x += 16
    for kind in TYPE_KINDS:
        type_icon(draw, kind, x, cy - 11, 22)
        write(draw, (x + 28, cy), kind.capitalize(), 15, False, INK, "lm")
        x += 38 + text_width(kind.capitalize(), 15)
    x += 16
    secrets_badge(draw, x + 12, cy, 12, 3)
    write(draw, (x + 30, cy), "Secrets", 15, False, INK, "lm")
    x += 110
    tt_token(draw, x + 12, cy, 13, 2)
    write(draw, (x + 30, cy), "Terrible Thing (penalty)", 15, False, INK, "lm")


def _player_row(draw: Draw, y: int, data: Mapping[str, Any], labels: Mapping[int, str]) -> None:
    players = list(data.get("players", []))
    if not players:
        return
    w = (WIDTH - 2 * MARGIN - GAP * (len(players) - 1)) // len(players)
    for i, player in enumerate(players):
        x = MARGIN + i * (w + GAP)
        label = labels.get(int(player["seat"]), "?")
        player_panel(draw, (x, y, x + w, y + PLAYERS_H), player, data, label)


def _board(view: View, labels: Mapping[int, str]) -> Image.Image:
    """The shared picture: the same for the channel and for every seat."""
    data = view.data
    img = canvas(WIDTH, board_height(data))
    title_bar(img, fit_text(view.title, 28, WIDTH - 90, True), TITLE_H)
    draw = ImageDraw.Draw(img)
    active = data.get("active")
    if active is not None and data.get("phase") != "over":
        # The acting seat's pawn beside the title, so the turn reads at a glance.
        pawn(draw, WIDTH - 36, TITLE_H / 2, 20, int(active), labels.get(int(active), "?"))
    right = WIDTH - MARGIN
    y = TITLE_H + GAP
    if data.get("outcome"):
        outcome_banner(draw, (MARGIN, y, right, y + BANNER_H), data, labels)
        y += BANNER_H + GAP

    status_strip(draw, (MARGIN, y, right, y + STRIP_H), data, labels)
    y += STRIP_H + GAP

    w = (WIDTH - 2 * MARGIN - GAP * 5) // 6
    for i, loc in enumerate(list(data.get("locations", []))[:6]):
        x = MARGIN + i * (w + GAP)
        location(draw, (x, y, x + w, y + RIVER_H), loc, labels, active)
    y += RIVER_H + GAP

    track, scenario_box, feats_box = _columns(y, TABLE_H, (0.505, 0.295, 0.2))
    expedition_track(draw, track, data)
    scenario(draw, scenario_box, data)
    feats(draw, feats_box, data)
    y += TABLE_H + GAP

    post, achievements_box = _columns(y, MARKET_H, (0.675, 0.325))
    trading_post(draw, post, data)
    achievements(draw, achievements_box, data, labels)
    y += MARKET_H + GAP

    _player_row(draw, y, data, labels)
    _legend(draw, y + PLAYERS_H + GAP)
    return img


def _with_hand(board_png: bytes, view: View, hand: Sequence[Mapping[str, Any]]) -> bytes:
    """The owner's picture: the channel picture's pixels unchanged, the hand strip below.

    The strip is mapped onto the board's own palette, so adding it cannot shift a single
    colour in the shared part (re-quantizing the taller picture would)."""
    board = Image.open(io.BytesIO(board_png))
    board.load()
    strip = canvas(WIDTH, GAP + hand_height(len(hand), WIDTH - 2 * MARGIN) + MARGIN)
    owner = next((p for p in view.data.get("players", []) if p.get("seat") == view.viewer), None)
    hand_strip(
        ImageDraw.Draw(strip),
        (MARGIN, GAP, WIDTH - MARGIN, strip.height - MARGIN),
        hand,
        str(owner["name"]) if owner else "Your",
        seat_colour(int(owner["seat"])) if owner else INK,
    )
    full = Image.new("P", (WIDTH, board.height + strip.height))
    full.putpalette(board.getpalette() or [])
    full.paste(board, (0, 0))
    full.paste(strip.quantize(palette=board, dither=Image.Dither.NONE), (0, board.height))
    out = io.BytesIO()
    full.save(out, "PNG", compress_level=6)
    return out.getvalue()


def render(view: View) -> bytes:
    """The board picture for ``view`` as PNG bytes; the owner's view adds the hand strip."""
    labels = seat_labels(view.data.get("players", []))
    png = to_png(_board(view, labels))
    hand = view.data.get("hand")
    return png if hand is None else _with_hand(png, view, hand)


def render_dice(view: View) -> bytes | None:
    """The dice picture of ``view.data["dice"]`` (or ``"last_roll"``); None when neither."""
    return render_dice_png(view.data)
