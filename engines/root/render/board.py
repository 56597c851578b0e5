"""The Root picture (issue 13 "Pictures"; maps as root.md §17): the title, the map, the VP
track, one board per faction and, in a player's own view, their hand, drawn from the View's
data only. Drawn 1100 px wide for Discord's inline view (issue 35): the turn line, the scores
and every clearing's pieces read at 550 px. Each part is a cached layer in one fixed palette
(issue 20): a move redraws only the parts it changed and the picture goes to the encoder
without a colour reduction."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core.protocol import View
from engines.core.render_kit import (
    INK,
    draw_title,
    encode,
    readable_size,
    title_lines,
    wrap_lines,
    write,
)
from engines.root.board_text import waiting_words
from engines.root.render.faction_boards import board_height, draw_panels, panel_facts
from engines.root.render.style import LINE, NOTE, PANEL_FILL, READ, SECTIONS, W
from engines.root.render.track import draw_track, track_facts, track_height
from engines.root.render.woodland import draw_map, map_height


def _title_height(title: str) -> int:
    _, lines = title_lines(title, W - 32, 80, readable_size(W, True))
    return 20 + 34 * len(lines)


def _status_lines(view: View) -> list[str]:
    """Whom the game waits for, when it is not the active player's own step."""
    waiting = waiting_words(view.data)
    return wrap_lines(f"Waiting: {waiting}.", READ, W - 28, True) if waiting else []


def _hand_lines(view: View) -> list[str]:
    hand = ", ".join(f"{c['name']} ({c['suit']})" for c in view.data["hand"]) or "no cards"
    return wrap_lines("Your hand: " + hand, NOTE, W - 28)


def render(view: View) -> bytes:
    data = dict(view.data)
    title_h = _title_height(view.title)
    status = _status_lines(view)
    status_h = len(status) * LINE + 8 if status else 0
    hand = _hand_lines(view) if "hand" in data else []
    footer = len(hand) * LINE + 12 if hand else 0
    track = track_facts(data)
    boards = panel_facts(data)
    map_top = title_h + status_h
    track_top = map_top + map_height()
    panels_top = track_top + track_height(track)
    height = panels_top + sum(board_height(b) for b in boards) + footer + 6
    page = SECTIONS.page(W, height)
    draw_map(page, data, map_top)
    draw_track(page, track, track_top)
    draw_panels(page, boards, panels_top)

    def draw_bar(draw: ImageDraw.ImageDraw) -> None:
        draw_title(draw, W, view.title, title_h)

    page.paste(SECTIONS.section("title", view.title, (W, title_h), draw_bar), (0, 0))
    if status:

        def draw_status(draw: ImageDraw.ImageDraw) -> None:
            draw.rectangle((0, 0, W, status_h), fill=PANEL_FILL)
            for i, line in enumerate(status):
                write(draw, (14, 4 + i * LINE), line, READ, True, INK, read="turn")

        page.paste(
            SECTIONS.section("status", tuple(status), (W, status_h), draw_status), (0, title_h)
        )
    if hand:

        def draw_hand(draw: ImageDraw.ImageDraw) -> None:
            for i, line in enumerate(hand):
                write(draw, (14, 6 + i * LINE), line, NOTE)

        strip = SECTIONS.section("hand", tuple(hand), (W, footer), draw_hand)
        page.paste(strip, (0, height - 6 - footer))
    return encode(page)
