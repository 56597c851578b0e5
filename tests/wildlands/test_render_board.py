"""Board pictures: they open, keep their size, follow the tokens and stay small."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.core.render_kit import PALETTE, SEAT_COLOURS, encode
from engines.wildlands.board import board_ids, load_board
from engines.wildlands.render_board import HEIGHT, WIDTH, Token, draw_board

LEGEND = [(SEAT_COLOURS[i], f"Faction {i + 1}: {i} pts, {7 - i} cards") for i in range(4)]


def twenty_figures() -> list[Token]:
    """Twenty figures over fourteen spaces (five on space 30), plus shards and an object."""
    spaces = [1, 6, 9, 12, 17, 17, 17, 23, 25, 30, 30, 30, 30, 30, 34, 38, 40, 41, 4, 42]
    figures = [
        Token(
            s,
            f"C{i}",
            SEAT_COLOURS[i % 4],
            damage=i % 3,
            ring=PALETTE["yellow"] if i == 5 else None,
        )
        for i, s in enumerate(spaces)
    ]
    others = [
        Token(13, "", SEAT_COLOURS[0], shape="shard"),
        Token(13, "", SEAT_COLOURS[1], shape="shard"),
        Token(19, "?", (150, 150, 150), shape="object"),
        Token(20, "Mg", (90, 60, 120), damage=4, health=12, shape="ancient"),
        Token(21, "G1", SEAT_COLOURS[3], damage=1, health=3, shape="minion"),
    ]
    return figures + others


def png(tokens: list[Token], board_id: str = "lost_factory", **kwargs: object) -> bytes:
    options: dict = {"title": "Wildlands: Ada to act", "legend": LEGEND, **kwargs}
    return encode(draw_board(load_board(board_id), tokens, **options))


@pytest.mark.parametrize("board_id", board_ids())
def test_twenty_figures_render_as_a_small_png(board_id: str) -> None:
    data = png(twenty_figures(), board_id, footer=["Ada moved C1 to 13", "Bo must defend"])
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    assert img.width == WIDTH and img.height >= HEIGHT
    assert len(data) < 600_000


def test_picture_changes_when_tokens_change() -> None:
    before = twenty_figures()
    moved = [Token(2, t.label, t.colour) if t.label == "C0" else t for t in before]
    assert png(before) != png(moved)
    assert png(before) != png(before[:-1])
    assert png(before) == png(before)


def test_highlight_legend_and_footer_show() -> None:
    plain = png([])
    assert png([], highlight=[5, 40]) != plain
    assert png([], footer=["Bo must defend"]) != plain
    assert png([], legend=[]) != plain


def test_the_cached_board_keeps_no_tokens_from_earlier_pictures() -> None:
    empty = png([])
    png(twenty_figures(), highlight=[1, 2])
    assert png([]) == empty


def test_a_crowded_space_folds_into_plus_n() -> None:
    crowd = [Token(30, f"C{i}", SEAT_COLOURS[i % 6]) for i in range(9)]
    # Beyond four tokens only the first three are drawn and "+N" changes with the count.
    assert png(crowd[:5]) != png(crowd[:6])
    assert png(crowd[:5]) != png(crowd[:4])


def test_long_legends_and_footers_still_fit() -> None:
    legend = [(SEAT_COLOURS[i % 6], f"A rather long faction name number {i}") for i in range(30)]
    footer = [f"Log line {i} " * 20 for i in range(6)]
    img = Image.open(io.BytesIO(png([], legend=legend, footer=footer, title="T " * 80)))
    # The panel grows to make room, up to a limit, and counts what is left out.
    assert img.width == WIDTH and HEIGHT < img.height <= HEIGHT + 8 * 60


def test_a_token_off_the_board_is_refused() -> None:
    with pytest.raises(ValueError, match="space 43"):
        png([Token(43, "X", SEAT_COLOURS[0])])
    with pytest.raises(ValueError, match="Space 0"):
        png([], highlight=[0])
