"""Pictures of an Ancient Terrible Things view (DESIGN.md "Pictures"; reference §1-§11).

``render`` draws the board: the title line, the game-over banner when there is one, the
Riverboat / deck / Trading Post strip, the six Locations of the river, the Expedition Track,
the Scenario, Feats, the Trading Post's Swag, the Achievements, one panel per player and a
legend. When the view carries ``hand`` (only the owner's own view does) a hand strip is
added *below* everything else, so the part above it is the same picture the channel gets.

``render_dice`` draws the dice pool, or the last roll, as its own picture.

Each section is a cached layer (``layers``): a move redraws only the sections whose data it
changed, and the picture goes to the encoder in the fixed palette without colour reduction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image

from engines.att.render.dice import dice_row, render_dice_png
from engines.att.render.layers import Box, Layers, key, palette, section
from engines.att.render.market import achievements, expedition_track, feats, scenario, trading_post
from engines.att.render.players import hand_height, hand_strip, outcome_banner, player_panel
from engines.att.render.river import STRIP_KEYS, location, status_strip
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
    draw_title,
    encode,
    text_width,
    trace_legend,
)

WIDTH = 1400
MARGIN = 12
GAP = 8
TITLE_H = 56
BANNER_H = 100
STRIP_H = 60
RIVER_H = 344
TABLE_H = 176
MARKET_H = 178
PLAYERS_H = 300
LEGEND_H = 34
DICE_H = 122


def board_height(data: Mapping[str, Any]) -> int:
    """Height of the shared board, i.e. everything above the private hand strip."""
    rows = (STRIP_H, RIVER_H, TABLE_H, MARKET_H, PLAYERS_H, LEGEND_H)
    banner = BANNER_H + GAP if data.get("outcome") else 0
    dice = DICE_H + GAP if data.get("dice") else 0
    return TITLE_H + GAP + banner + dice + sum(rows) + GAP * len(rows) + MARGIN - GAP


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
        trace_legend(f"token:{kind}")
        token(draw, kind, x + 11, cy, 11)
        write(draw, (x + 26, cy), kind.capitalize(), 15, False, INK, "lm")
        x += 36 + text_width(kind.capitalize(), 15)
    x += 16
    for kind in TYPE_KINDS:
        trace_legend(f"type:{kind}")
        type_icon(draw, kind, x, cy - 11, 22)
        write(draw, (x + 28, cy), kind.capitalize(), 15, False, INK, "lm")
        x += 38 + text_width(kind.capitalize(), 15)
    x += 16
    trace_legend("secrets")
    secrets_badge(draw, x + 12, cy, 12, 3)
    write(draw, (x + 30, cy), "Secrets", 15, False, INK, "lm")
    x += 110
    trace_legend("terrible_thing")
    tt_token(draw, x + 12, cy, 13, 2)
    write(draw, (x + 30, cy), "Terrible Thing (penalty)", 15, False, INK, "lm")


def _title(board: Layers, view: View, labels: Mapping[int, str]) -> None:
    data = view.data
    active = data.get("active")
    pawn_seat = int(active) if active is not None and data.get("phase") != "over" else None
    pawn_label = labels.get(pawn_seat, "?") if pawn_seat is not None else ""

    def draw_bar(draw: Draw, box: Box) -> None:
        draw_title(draw, WIDTH, view.title, TITLE_H, right=64)
        if pawn_seat is not None:
            # The acting seat's pawn beside the title, so the turn reads at a glance.
            pawn(draw, WIDTH - 36, TITLE_H / 2, 20, pawn_seat, pawn_label)

    board.add("title", key(view.title, pawn_seat, pawn_label), (0, 0, WIDTH, TITLE_H), draw_bar)


def _player_row(board: Layers, y: int, data: Mapping[str, Any], labels: Mapping[int, str]) -> None:
    players = list(data.get("players", []))
    if not players:
        return
    w = (WIDTH - 2 * MARGIN - GAP * (len(players) - 1)) // len(players)
    for i, player in enumerate(players):
        x = MARGIN + i * (w + GAP)
        seat = int(player["seat"])
        label = labels.get(seat, "?")
        active = data.get("active") == seat and data.get("phase") != "over"
        waiting = seat in data.get("to_act", [])
        holds_map = data.get("map_holder") == seat
        draw_panel = partial(
            player_panel,
            player=player,
            label=label,
            active=active,
            waiting=waiting,
            holds_map=holds_map,
        )
        shown = key(player, label, active, waiting, holds_map)
        board.add("player", shown, (x, y, x + w, y + PLAYERS_H), draw_panel)


def _shown_labels(labels: Mapping[int, str], seats: Sequence[Any]) -> list[tuple[int, str]]:
    return [(int(s), labels.get(int(s), "?")) for s in seats]


def _board(view: View, labels: Mapping[int, str]) -> Image.Image:
    """The shared picture: the same for the channel and for every seat."""
    data = view.data
    board = Layers(WIDTH, board_height(data))
    _title(board, view, labels)
    all_labels = sorted(labels.items())
    right = WIDTH - MARGIN
    y = TITLE_H + GAP
    if data.get("outcome"):
        banner = (MARGIN, y, right, y + BANNER_H)
        names = [(p["seat"], p["name"]) for p in data.get("players", [])]
        shown = key(data.get("outcome"), names, all_labels)
        board.add("banner", shown, banner, lambda d, b: outcome_banner(d, b, data, labels))
        y += BANNER_H + GAP

    strip = {k: data.get(k) for k in STRIP_KEYS}
    board.add(
        "strip",
        key(strip, all_labels),
        (MARGIN, y, right, y + STRIP_H),
        lambda d, b: status_strip(d, b, data, labels),
    )
    y += STRIP_H + GAP

    active = data.get("active")
    w = (WIDTH - 2 * MARGIN - GAP * 5) // 6
    for i, loc in enumerate(list(data.get("locations", []))[:6]):
        x = MARGIN + i * (w + GAP)
        pawns = _shown_labels(labels, loc.get("pawns", []))
        here = active if any(seat == active for seat, _ in pawns) else None
        draw_location = partial(location, loc=loc, labels=labels, active=active)
        board.add("location", key(loc, pawns, here), (x, y, x + w, y + RIVER_H), draw_location)
    y += RIVER_H + GAP

    if data.get("dice"):
        # The current roll, under the river, while an Encounter (or Desperate Act) is on.
        names = [(p["seat"], p["name"]) for p in data.get("players", [])]
        board.add(
            "dice",
            key(data["dice"], names, all_labels),
            (MARGIN, y, right, y + DICE_H),
            lambda d, b: dice_row(d, b, data, labels),
        )
        y += DICE_H + GAP

    track, scenario_box, feats_box = _columns(y, TABLE_H, (0.505, 0.295, 0.2))
    shown = (data.get("track"), data.get("track_size"))
    board.add("track", key(shown), track, lambda d, b: expedition_track(d, b, data))
    board.add(
        "scenario", key(data.get("scenario")), scenario_box, lambda d, b: scenario(d, b, data)
    )
    board.add("feats", key(data.get("feats")), feats_box, lambda d, b: feats(d, b, data))
    y += TABLE_H + GAP

    post, achievements_box = _columns(y, MARKET_H, (0.675, 0.325))
    board.add("post", key(data.get("trading_post")), post, lambda d, b: trading_post(d, b, data))
    board.add(
        "achievements",
        key(data.get("achievements"), all_labels),
        achievements_box,
        lambda d, b: achievements(d, b, data, labels),
    )
    y += MARKET_H + GAP

    _player_row(board, y, data, labels)
    y += PLAYERS_H + GAP
    board.add("legend", (), (0, y, WIDTH - 1, y + LEGEND_H), lambda d, b: _legend(d, 0))
    return board.img


def _hand(view: View, hand: Sequence[Mapping[str, Any]]) -> Image.Image:
    """The owner's hand strip, as palette indices ready to go under the board."""
    owner = next((p for p in view.data.get("players", []) if p.get("seat") == view.viewer), None)
    name = str(owner["name"]) if owner else "Your"
    colour = seat_colour(int(owner["seat"])) if owner else INK
    height = GAP + hand_height(len(hand), WIDTH - 2 * MARGIN) + MARGIN

    def draw_hand(draw: Draw, box: Box) -> None:
        hand_strip(draw, (MARGIN, GAP, WIDTH - MARGIN, height - MARGIN), hand, name, colour)

    return section("hand", key(hand, name, colour), (0, 0, WIDTH - 1, height - 1), draw_hand)


def render(view: View) -> bytes:
    """The board picture for ``view`` as PNG bytes; the owner's view adds the hand strip
    below a board whose pixels are the channel picture's own (one fixed palette for both)."""
    board = _board(view, seat_labels(view.data.get("players", [])))
    hand = view.data.get("hand")
    if hand is None:
        return encode(board)
    strip = _hand(view, hand)
    full = Image.new("P", (WIDTH, board.height + strip.height))
    full.putpalette(palette().getpalette() or [])
    full.paste(board, (0, 0))
    full.paste(strip, (0, board.height))
    return encode(full)


def render_dice(view: View) -> bytes | None:
    """The dice picture of ``view.data["dice"]`` (or ``"last_roll"``); None when neither."""
    return render_dice_png(view.data)
