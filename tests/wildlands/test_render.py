"""The Wildlands picture: opens, has the board size, changes with the state."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.core.render_kit import Trace, clear_caches, tracing
from engines.wildlands.actions import Move
from engines.wildlands.render import initials, legend, render, tokens
from engines.wildlands.render_board import HEIGHT, WIDTH
from engines.wildlands.state import State

from .builder import ENGINE, Position, play


def picture(s: State) -> Image.Image:
    return Image.open(io.BytesIO(render(ENGINE.view(s, None))))


def test_picture_opens_at_board_size_and_changes_with_the_state() -> None:
    p = Position(board="lost_factory").place("mages.1", 4).place("gnomads.1", 6).shard(0, 5)
    s = p.hand(0, "mages.01").state()
    before = picture(s)
    assert before.width == WIDTH and before.height >= HEIGHT
    after = play(s, 0, Move(card="mages.01", figure="mages.1", to=5))
    assert render(ENGINE.view(after, None)) != render(ENGINE.view(s, None))


def test_tokens_legend_and_initials() -> None:
    s = Position().place("mages.5", 4, damage=2).place("gnomads.1", 6).shard(1, 9).state()
    data = dict(ENGINE.view(s, None).data)
    toks = tokens(data)
    lunk = next(t for t in toks if t.label == "Lu")
    assert (lunk.space, lunk.damage, lunk.health, lunk.shape) == (4, 2, 5, "figure")
    assert any(t.shape == "shard" and t.space == 9 for t in toks)
    first = legend(data)[0]
    assert first.text == "1. Player 1\n▶ to act · Guild of Mages, 0 cards in hand"
    assert first.score == "0 of 5 points"
    assert [(c.token.label, c.name) for c in first.chips] == [("Lu", "Lunk")]
    # The rest of the player's characters are listed as not revealed yet, by label alone.
    assert [(c.token.label, c.name) for c in first.hidden] == [
        ("OS", ""),
        ("EP", ""),
        ("EH", ""),
        ("ES", ""),
    ]
    assert initials("Elder Pyromancer") == "EP" and initials("Owl-Sage") == "OS"


def test_every_board_renders() -> None:
    for board in ("dungeon", "ruins", "abyssal_lake", "lost_factory"):
        img = picture(Position(board=board).place("mages.1", 1).state())
        assert img.width == WIDTH and img.height >= HEIGHT


def traced(s: State) -> Trace:
    clear_caches()
    with tracing() as trace:
        render(ENGINE.view(s, None))
    return trace


def test_knocked_out_figures_are_shown_beside_the_board() -> None:
    """A knocked-out character leaves the board but stays in its player's "Knocked out"
    strip, by initials and name (issue 18)."""
    s = Position().place("mages.5", 4).place("mages.1", 6).knock_out("mages.5").state()
    trace = traced(s)
    texts = [text for text, _, _ in trace.texts]
    assert texts.count("Knocked out:") == 1
    assert texts.index("Owl-Sage") < texts.index("Knocked out:") < texts.index("Lunk")
    assert {"knocked_out", "figure"} <= trace.markers & trace.legend


@pytest.mark.parametrize("board", ["dungeon", "ruins", "abyssal_lake", "lost_factory"])
def test_every_board_feature_is_in_the_key_and_inside_the_picture(board: str) -> None:
    """The board features sit in rows under the board; "slippery everywhere" no longer runs
    past its panel (issue 18)."""
    s = Position(board=board).place("mages.1", 1, damage=1).place("gnomads.1", 2).state()
    trace = traced(s)
    for text, (x0, y0, x1, y1), (p0, q0, p1, q1) in trace.texts:
        assert "…" not in text and p0 <= x0 and q0 <= y0 and x1 <= p1 and y1 <= q1, text
    texts = {text for text, _, _ in trace.texts}
    assert ("slippery everywhere" in texts) == (board == "abyssal_lake")
    assert "wall: no path" in texts
    assert trace.markers <= trace.legend


def test_long_names_are_whole_in_the_panel() -> None:
    """Names and factions are wrapped, never cut ("Player 1 ▶ (Mag…" before issue 18)."""
    s = Position(seats=4).place("mages.1", 1).state()
    for seat in s.seats:
        s.update_seat(seat.seat, name="Bartholomew the Magnificent of the Northern Reaches")
    texts = [text for text, _, _ in traced(s).texts]
    assert not any("…" in t for t in texts)
    joined = " ".join(texts)
    assert "Bartholomew the Magnificent of the Northern Reaches" in joined
    assert "Guild of Mages, 0 cards in hand" in joined
