"""Pictures of an Ancient Terrible Things view (DESIGN.md "Pictures"; reference §1-§11).

``render`` draws the board: the title line, the game-over banner when there is one, the
Riverboat / deck / Trading Post strip, the six Locations of the river, the Expedition Track,
the Scenario, Feats, the Trading Post's Swag, the Achievements, one panel per player and a
legend. When the view carries ``hand`` (only the owner's own view does) a hand strip is
added *below* everything else, so the part above it is the same picture the channel gets.

``render_dice`` draws the dice pool, or the last roll, as its own picture.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from engines.att.render.dice import render_dice_png
from engines.att.render.market import achievements, expedition_track, feats, scenario, trading_post
from engines.att.render.players import hand_height, hand_strip, outcome_banner, player_panel
from engines.att.render.river import STRIP_KEYS, location, status_strip
from engines.att.render.symbols import (
    BANNER_FILL,
    CARD_BACK_FILL,
    EMPTY_FILL,
    GOLD_RIM,
    GOLD_TEXT,
    LINE,
    MAP_FILL,
    NO_BACK_FILL,
    PANEL_FILL,
    SPENT_FILL,
    SUMMARY_TEXT,
    TOKEN_KINDS,
    TT_FILL,
    TYPE_KINDS,
    Colour,
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
    MUTED,
    PALETTE,
    PAPER,
    SEAT_COLOURS,
    TITLE_BG,
    TITLE_FG,
    LayerCache,
    canvas,
    encode,
    fit_text,
    fixed_palette,
    font,
    indexed,
    text_width,
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


Box = tuple[int, int, int, int]
DrawBox = Callable[[Draw, Box], None]
# Every fill of the ATT pictures, kept exactly in the fixed palette; the inks are the text
# colours whose antialiased tints fill the rest of it.
COLOURS: tuple[Colour, ...] = (
    PAPER,
    PANEL_FILL,
    EMPTY_FILL,
    (255, 255, 255),
    TITLE_BG,
    INK,
    MUTED,
    LINE,
    *SEAT_COLOURS,
    *PALETTE.values(),
    SPENT_FILL,
    TT_FILL,
    BANNER_FILL,
    GOLD_RIM,
    CARD_BACK_FILL,
    MAP_FILL,
    NO_BACK_FILL,
)
INKS: tuple[Colour, ...] = (INK, MUTED, (255, 255, 255), TITLE_FG, GOLD_TEXT, SUMMARY_TEXT)
# Sections drawn once per distinct content and pasted as palette indices afterwards: a move
# changes a few of them (the title, the acting player's panel, a Location), the rest repeat.
# Enough for two full boards of every table a worker serves at once.
_SECTIONS: LayerCache[Image.Image] = LayerCache(2048)
_BACKGROUNDS: LayerCache[Image.Image] = LayerCache(4)


def palette() -> Image.Image:
    return fixed_palette(COLOURS, INKS)


def _section(kind: str, key: Hashable, box: Box, draw_box: DrawBox) -> Image.Image:
    """The section ``kind`` drawn in ``box`` (both corners inclusive, as PIL draws them),
    from the cache while ``key`` (everything it shows) is unchanged."""
    x0, y0, x1, y1 = box

    def make() -> Image.Image:
        img = canvas(x1 - x0 + 1, y1 - y0 + 1)
        draw_box(ImageDraw.Draw(img), (0, 0, x1 - x0, y1 - y0))
        return indexed(img, palette())

    return _SECTIONS.get((kind, x1 - x0, y1 - y0, key), make)


def _background(height: int) -> Image.Image:
    return _BACKGROUNDS.get(height, lambda: indexed(canvas(WIDTH, height), palette()))


def _key(*parts: object) -> str:
    """A section's cache key: the repr of the plain view data it shows."""
    return repr(parts)


class _Board:
    """Pastes cached sections onto the paper background."""

    def __init__(self, height: int) -> None:
        self.img = _background(height).copy()

    def add(self, kind: str, key: Hashable, box: Box, draw_box: DrawBox) -> None:
        self.img.paste(_section(kind, key, box, draw_box), box[:2])


def _title(board: _Board, view: View, labels: Mapping[int, str]) -> None:
    data = view.data
    active = data.get("active")
    pawn_seat = int(active) if active is not None and data.get("phase") != "over" else None
    pawn_label = labels.get(pawn_seat, "?") if pawn_seat is not None else ""

    def draw_title(draw: Draw, box: Box) -> None:
        draw.rectangle(box, fill=TITLE_BG)
        text = fit_text(view.title, 28, WIDTH - 90, True)
        draw.text((16, TITLE_H // 2), text, font=font(28, bold=True), fill=TITLE_FG, anchor="lm")
        if pawn_seat is not None:
            # The acting seat's pawn beside the title, so the turn reads at a glance.
            pawn(draw, WIDTH - 36, TITLE_H / 2, 20, pawn_seat, pawn_label)

    board.add("title", _key(view.title, pawn_seat, pawn_label), (0, 0, WIDTH, TITLE_H), draw_title)


def _player_row(board: _Board, y: int, data: Mapping[str, Any], labels: Mapping[int, str]) -> None:
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
        key = _key(player, label, active, waiting, holds_map)
        board.add("player", key, (x, y, x + w, y + PLAYERS_H), draw_panel)


def _shown_labels(labels: Mapping[int, str], seats: Sequence[Any]) -> list[tuple[int, str]]:
    return [(int(s), labels.get(int(s), "?")) for s in seats]


def _board(view: View, labels: Mapping[int, str]) -> Image.Image:
    """The shared picture: the same for the channel and for every seat."""
    data = view.data
    board = _Board(board_height(data))
    _title(board, view, labels)
    all_labels = sorted(labels.items())
    right = WIDTH - MARGIN
    y = TITLE_H + GAP
    if data.get("outcome"):
        banner = (MARGIN, y, right, y + BANNER_H)
        names = [(p["seat"], p["name"]) for p in data.get("players", [])]
        key = _key(data.get("outcome"), names, all_labels)
        board.add("banner", key, banner, lambda d, b: outcome_banner(d, b, data, labels))
        y += BANNER_H + GAP

    strip = {k: data.get(k) for k in STRIP_KEYS}
    board.add(
        "strip",
        _key(strip, all_labels),
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
        board.add("location", _key(loc, pawns, here), (x, y, x + w, y + RIVER_H), draw_location)
    y += RIVER_H + GAP

    track, scenario_box, feats_box = _columns(y, TABLE_H, (0.505, 0.295, 0.2))
    shown = (data.get("track"), data.get("track_size"))
    board.add("track", _key(shown), track, lambda d, b: expedition_track(d, b, data))
    board.add(
        "scenario", _key(data.get("scenario")), scenario_box, lambda d, b: scenario(d, b, data)
    )
    board.add("feats", _key(data.get("feats")), feats_box, lambda d, b: feats(d, b, data))
    y += TABLE_H + GAP

    post, achievements_box = _columns(y, MARKET_H, (0.675, 0.325))
    board.add("post", _key(data.get("trading_post")), post, lambda d, b: trading_post(d, b, data))
    board.add(
        "achievements",
        _key(data.get("achievements"), all_labels),
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

    return _section("hand", _key(hand, name, colour), (0, 0, WIDTH - 1, height - 1), draw_hand)


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
