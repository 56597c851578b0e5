"""Turn structure, reveals, drawing and deck exhaustion (§5, §9)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAction
from engines.wildlands.actions import EndTurn, Move, Pass, Reveal

from .builder import ENGINE, Position, play, step


def test_mandatory_reveal_comes_first_and_opens_a_window() -> None:
    p = Position().place("mages.1", 1).hand(0, "mages.01")
    p.s.must_reveal = True
    s = p.state()
    assert {type(a) for a in ENGINE.legal_actions(s, 0)} == {Reveal}
    with pytest.raises(IllegalAction, match="Reveal a character before"):
        play(s, 0, Move(card="mages.01", figure="mages.1", to=2))
    start = s.seats[0].hidden_starts["mages.5"]
    result = step(s, 0, Reveal(figure="mages.5"))
    s = result.state
    assert result.reveals
    assert s.figures["mages.5"].space == start and "mages.5" not in s.seats[0].hidden_starts
    assert s.pending is not None and s.pending.kind == "window" and s.pending.seats == (1,)
    s = play(s, 1, Pass())
    assert ENGINE.to_act(s) == {0} and not s.must_reveal


def test_free_reveals_during_the_turn_and_their_option() -> None:
    s = Position().place("mages.1", 1).state()
    assert Reveal(figure="mages.2") in ENGINE.legal_actions(s, 0)
    s = Position(free_reveals=False).place("mages.1", 1).state()
    assert not any(isinstance(a, Reveal) for a in ENGINE.legal_actions(s, 0))
    with pytest.raises(IllegalAction, match="does not allow further reveals"):
        play(s, 0, Reveal(figure="mages.2"))


def test_cannot_reveal_an_opponents_or_a_revealed_character() -> None:
    s = Position().place("mages.1", 1).state()
    with pytest.raises(IllegalAction, match="not one of your characters"):
        play(s, 0, Reveal(figure="gnomads.1"))
    with pytest.raises(IllegalAction, match="already been revealed"):
        play(s, 0, Reveal(figure="mages.1"))


def test_end_of_turn_draw_is_three_up_to_seven() -> None:
    cards = [f"mages.{n:02d}" for n in range(1, 6)]
    s = Position().place("mages.1", 1).hand(0, *cards).state()
    s = play(s, 0, EndTurn())
    assert len(s.seats[0].hand) == 7 and s.active == 1 and s.turn_number == 2
    s = Position().place("mages.1", 1).hand(0, "mages.01").state()
    s = play(s, 0, EndTurn())
    assert len(s.seats[0].hand) == 4


def test_a_player_who_cannot_act_still_draws() -> None:
    s = Position().knock_out("mages.2").place("mages.1", 1).state()
    assert ENGINE.legal_actions(s, 0)[0] == EndTurn()
    s = play(s, 0, EndTurn())
    assert len(s.seats[0].hand) == 3


def test_empty_deck_reshuffles_the_discard_pile() -> None:
    p = Position().place("mages.1", 1).hand(0, "mages.01")
    p.s.update_seat(0, discard=p.s.seats[0].deck[:5], deck=())
    s = p.state()
    result = step(s, 0, EndTurn())
    after = result.state.seats[0]
    assert result.reveals
    assert len(after.hand) == 4 and len(after.deck) == 2 and after.discard == ()
    assert any("shuffles their discard pile" in e.text for e in result.events)


def test_deck_and_discard_both_empty_stops_drawing() -> None:
    p = Position().place("mages.1", 1).hand(0, "mages.01")
    p.s.update_seat(0, deck=("mages.02",), discard=())
    s = play(p.state(), 0, EndTurn())
    assert sorted(s.seats[0].hand) == ["mages.01", "mages.02"]


def test_no_reshuffle_option_leaves_the_discard_alone() -> None:
    p = Position(reshuffle_on_empty=False).place("mages.1", 1).hand(0, "mages.01")
    p.s.update_seat(0, discard=p.s.seats[0].deck[:5], deck=())
    s = play(p.state(), 0, EndTurn())
    assert len(s.seats[0].hand) == 1 and len(s.seats[0].discard) == 5


def test_marker_passes_to_the_left() -> None:
    s = Position(seats=3, active=2).place("lawbringers.1", 1).state()
    s = play(s, 2, EndTurn())
    assert s.active == 0


def test_stalemate_ends_a_game_nobody_can_play() -> None:
    p = Position(stalemate_rounds=2).place("mages.1", 1).place("gnomads.1", 9)
    for n in range(2, 6):
        p.knock_out(f"mages.{n}").knock_out(f"gnomads.{n}")
    for player in p.s.seats:
        p.s.update_seat(player.seat, deck=())  # nothing to draw, so nobody can ever play
    p.s.update_seat(0, score=2)
    s = p.state()
    for _ in range(3):
        s = play(s, s.active, EndTurn())
    assert s.phase == "turn"
    s = play(s, s.active, EndTurn())
    outcome = ENGINE.outcome(s)
    assert outcome is not None and outcome.winners == {0}
    assert "Nobody revealed or played a card for 2 rounds" in outcome.summary
    assert "Player 1 wins with 2 points, the highest score." in outcome.summary
