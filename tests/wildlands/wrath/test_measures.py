"""Desperate Measures (§11): before the end-of-turn draw the active player may discard any
number of cards, whoever they are, in a game with the Ancients."""

from __future__ import annotations

from engines.wildlands.actions import EndTurn
from engines.wildlands.wrath.actions import Discard

from .builder import ENGINE, Position, play


def test_any_player_discards_before_drawing() -> None:
    p = Position(active=0).place("mages.1", 5).hand(0, "mages.01", "mages.02", "mages.03")
    s = play(p.state(), 0, EndTurn())
    assert s.discarding == (0,) and s.active == 0
    assert ENGINE.legal_actions(s, 0)[0] == EndTurn()
    s = play(s, 0, Discard(card="mages.02"))
    s = play(s, 0, Discard(card="mages.03"))
    assert s.seats[0].discard == ["mages.02", "mages.03"]
    turn = s.turn_number
    s = play(s, 0, EndTurn())
    assert s.turn_number == turn + 1 and s.active == 1
    assert len(s.seats[0].hand) == 4  # one kept, three drawn


def test_empty_hand_ends_the_turn_at_once() -> None:
    p = Position(active=0).place("mages.1", 5)
    s = play(p.state(), 0, EndTurn())
    assert s.discarding == () and s.active == 1
