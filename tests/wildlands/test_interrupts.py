"""Interrupt windows, interrupting turns and standing orders (§8.1).

Three seats: 0 Guild of Mages, 1 Gnomads, 2 Lawbringers. Wild cards (interrupt, draw, move):
mages.27-30, gnomads.26-30, lawbringers.27-30.
"""

from __future__ import annotations

import pytest

from engines.core.conformance import json_strings
from engines.core.errors import IllegalAction
from engines.wildlands.actions import (
    Attack,
    Defend,
    Done,
    EndTurn,
    Interrupt,
    Move,
    Orders,
    Pass,
    Reveal,
)

from .builder import ENGINE, Position, play


def table(active: int = 0) -> Position:
    return (
        Position(seats=3, active=active)
        .place("mages.1", 4)
        .place("gnomads.3", 5)
        .place("lawbringers.1", 6)
        .hand(0, "mages.01", "mages.02", "mages.27")
        .hand(1, "gnomads.11", "gnomads.26")
        .hand(2, "lawbringers.11", "lawbringers.27")
    )


def after_move(p: Position) -> object:
    s = p.state()
    mover = "mages.1" if s.active == 0 else "gnomads.3"
    card = "mages.01" if s.active == 0 else "gnomads.11"
    return play(s, s.active, Move(card=card, figure=mover, to=11 if s.active == 0 else 12))


def test_window_asks_every_other_player_at_once_without_looking_at_hands() -> None:
    p = table()
    p.hand(2)  # seat 2 holds nothing at all and is asked all the same
    s = after_move(p)
    assert s.pending is not None and s.pending.kind == "window"
    assert ENGINE.to_act(s) == {1, 2}
    assert ENGINE.legal_actions(s, 2)[0] == Pass()
    assert ENGINE.default_action(s, 1) == Pass()


def test_answers_stay_hidden_until_the_window_closes() -> None:
    s = after_move(table())
    s = play(s, 1, Interrupt(card="gnomads.26"))
    assert ENGINE.to_act(s) == {2}
    for viewer in (None, 0, 2):
        data = dict(ENGINE.view(s, viewer).data)
        assert data["pending"]["answered"] == [1]
        assert "gnomads.26" not in set(json_strings(data))
    assert "gnomads.26" in s.seats[1].hand


def test_first_interrupter_from_the_active_players_left_wins() -> None:
    s = after_move(table())
    s = play(s, 2, Interrupt(card="lawbringers.27"))
    s = play(s, 1, Interrupt(card="gnomads.26"))
    assert s.interrupter == 1 and ENGINE.to_act(s) == {1}
    assert "gnomads.26" in s.seats[1].discard
    assert "lawbringers.27" in s.seats[2].hand  # the others keep their cards
    s = after_move(table(active=1))
    s = play(s, 0, Interrupt(card="mages.27"))
    s = play(s, 2, Interrupt(card="lawbringers.27"))
    assert s.interrupter == 2


def test_interrupting_turn_unlimited_plays_no_nesting_then_back() -> None:
    s = after_move(table())
    s = play(s, 1, Interrupt(card="gnomads.26"))
    s = play(s, 2, Pass())
    acts = ENGINE.legal_actions(s, 1)
    assert acts[0] == Done()
    assert not any(isinstance(a, Interrupt | Reveal | EndTurn) for a in acts)
    s = play(s, 1, Move(card="gnomads.11", figure="gnomads.3", to=4))
    assert s.pending is None and ENGINE.to_act(s) == {1}  # no window after an interrupter
    with pytest.raises(IllegalAction, match="No interrupt may be played"):
        play(s, 1, Pass())
    s = play(s, 1, Done())
    assert s.interrupter is None and ENGINE.to_act(s) == {0}
    s = play(s, 0, Move(card="mages.02", figure="mages.1", to=4))
    assert s.pending is not None and s.pending.kind == "window"


def test_interrupters_knock_out_scores_for_the_interrupter_and_active_defends() -> None:
    p = table()
    p.place("mages.2", 5, damage=1).hand(1, "gnomads.11", "gnomads.26")
    s = after_move(p)
    s = play(s, 1, Interrupt(card="gnomads.26"))
    s = play(s, 2, Pass())
    s = play(s, 1, Attack(card="gnomads.11", figure="gnomads.3", style="melee", target="mages.2"))
    assert ENGINE.to_act(s) == {0}
    s = play(s, 0, Defend(card=None))
    assert s.figures["mages.2"].ko and s.seats[1].score == 1
    assert ENGINE.to_act(s) == {1}


def test_auto_pass_always_is_never_asked_and_turn_scope_ends_with_the_turn() -> None:
    p = table()
    p.orders(1, auto_pass="always").orders(2, auto_pass="always")
    s = after_move(p)
    assert s.pending is None and ENGINE.to_act(s) == {0}
    p = table()
    s = after_move(p)
    s = play(s, 1, Orders(auto_pass="turn"))  # answers this window at once
    assert ENGINE.to_act(s) == {2}
    s = play(s, 2, Pass())
    s = play(s, 0, Move(card="mages.02", figure="mages.1", to=4))
    assert ENGINE.to_act(s) == {2}
    s = play(s, 2, Pass())
    s = play(s, 0, EndTurn())
    assert s.seats[1].auto_pass == "off"


def test_window_scope_covers_one_window_it_was_asked_in() -> None:
    p = table().orders(1, auto_pass="window")
    s = after_move(p)
    assert ENGINE.to_act(s) == {2} and s.seats[1].auto_pass == "window"
    s = play(s, 2, Pass())
    assert s.seats[1].auto_pass == "off"


def test_orders_are_cancelled_on_your_own_turn() -> None:
    s = table().orders(0, auto_pass="always", auto_defend="never").state()
    acts = ENGINE.legal_actions(s, 0)
    assert Orders(auto_pass="off") in acts and Orders(auto_defend="ask") in acts
    s = play(s, 0, Orders(auto_pass="off"))
    assert s.seats[0].auto_pass == "off" and ENGINE.to_act(s) == {0}


def test_reveal_opens_a_window_too() -> None:
    s = play(table().state(), 0, Reveal(figure="mages.2"))
    assert s.pending is not None and s.pending.kind == "window"
