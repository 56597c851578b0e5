"""The Wildlands picture: opens, has the board size, changes with the state."""

from __future__ import annotations

import io

from PIL import Image

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
    assert before.size == (WIDTH, HEIGHT)
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
    assert first.text == "1. Player 1 ▶ to act\nGuild of Mages: 0 of 5 points, 0 cards in hand"
    assert [(c.token.label, c.name) for c in first.chips] == [("Lu", "Lunk")]
    assert initials("Elder Pyromancer") == "EP" and initials("Owl-Sage") == "OS"


def test_every_board_renders() -> None:
    for board in ("dungeon", "ruins", "abyssal_lake", "lost_factory"):
        assert picture(Position(board=board).place("mages.1", 1).state()).size == (WIDTH, HEIGHT)
