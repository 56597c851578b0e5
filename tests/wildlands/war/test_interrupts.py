"""Interrupt priority in War (§12, §8.1 interrupt_priority): when several members of the other
team interrupt, the lowest team-member index wins, whoever of the active team acted.

Teams as chosen here: team 1 = seats 0 (mages) and 2 (lawbringers), team 2 = seats 1
(gnomads) and 3 (pit_fighters). Wild cards (interrupt): gnomads.26-30, pit_fighters.28-30.
"""

from __future__ import annotations

from engines.wildlands.actions import Interrupt, Move

from .builder import ENGINE, Position, play


def test_the_lowest_team_member_wins_not_the_first_from_the_actors_left() -> None:
    s = (
        Position(team_of=[1, 2, 1, 2])
        .place("mages.1", 10)
        .place("gnomads.1", 20)
        .place("lawbringers.1", 30)
        .place("pit_fighters.1", 40)
        .hand(1, "gnomads.26")
        .hand(2, "lawbringers.01")
        .hand(3, "pit_fighters.28")
        .state()
    )
    assert s.teams == [[0, 2], [1, 3]]
    # Seat 2 acts: from its left seat 3 comes before seat 1, but seat 1 is team 2's first.
    s = play(s, 2, Move(card="lawbringers.01", figure="lawbringers.1", to=31))
    assert s.pending is not None and set(s.pending.seats) == {1, 3}
    s = play(s, 3, Interrupt(card="pit_fighters.28"))
    s = play(s, 1, Interrupt(card="gnomads.26"))
    assert s.interrupter == 1 and ENGINE.to_act(s) == {1}
    assert "gnomads.26" in s.seats[1].discard
    assert "pit_fighters.28" in s.seats[3].hand  # the other keeps the card
