"""Foreign Lands (§13): Slippery Surface and Thin Ice on the Abyssal Lake, conveyor belts in
the Lost Factory.

Abyssal Lake: 16-17-18 is a row without ice; 18 touches 11, 17, 19 (ice) and 25; space 10 is
thin ice next to 9. Lost Factory: blue belt 6→5→4→40→39→25, red belt 6→7→8→9→34→35.
"""

from __future__ import annotations

from engines.wildlands.actions import (
    Area,
    Attack,
    Belt,
    Claim,
    Defend,
    Move,
    Pass,
    Push,
    Rally,
    Reveal,
)
from engines.wildlands.state import Hit

from .builder import ENGINE, Position, play


def lake(**options: object) -> Position:
    return Position(board="abyssal_lake", **options)


def test_push_is_offered_on_entering_after_two_moves() -> None:
    p = lake().place("mages.1", 16).place("gnomads.1", 17).hand(0, "mages.01", "mages.02")
    s = play(p.state(), 0, Move(card="mages.01", figure="mages.1", to=17))
    assert s.pending is not None and s.pending.kind == "window"  # one move: no push
    s = play(s, 1, Pass())
    s = play(s, 0, Move(card="mages.02", figure="mages.1", to=18))
    assert s.pending is not None and s.pending.kind == "window"  # nobody else in 18


def test_second_move_pushes_a_character_to_any_adjacent_space() -> None:
    p = lake().place("mages.1", 17).place("gnomads.1", 18).hand(0, "mages.01")
    p.s.update_figure("mages.1", moves=1)
    s = play(p.state(), 0, Move(card="mages.01", figure="mages.1", to=18))
    assert s.pending is not None and s.pending.kind == "push" and ENGINE.to_act(s) == {0}
    options = ENGINE.legal_actions(s, 0)
    assert options[0] == Push(figure=None, to=None) == ENGINE.default_action(s, 0)
    assert {a.to for a in options[1:]} == {11, 17, 19, 25}
    pushed = play(s, 0, Push(figure="gnomads.1", to=25))
    assert pushed.figures["gnomads.1"].space == 25
    assert pushed.figures["gnomads.1"].moves == 0  # a push is not a move
    assert pushed.pending is not None and pushed.pending.kind == "window"
    declined = play(s, 0, Push(figure=None, to=None))
    assert declined.figures["gnomads.1"].space == 18


def test_rally_pulls_count_as_moves_for_slippery_surface() -> None:
    p = lake().place("mages.4", 18).place("gnomads.1", 18).place("mages.1", 17)
    p.s.update_figure("mages.1", moves=1)
    s = play(
        p.hand(0, "mages.16").state(),
        0,
        Rally(card="mages.16", figure="mages.4", pulled=("mages.1",)),
    )
    assert s.pending is not None and s.pending.kind == "push" and s.pending.figure == "mages.1"


def test_no_slippery_surface_off_the_lake() -> None:
    p = Position().place("mages.1", 17).place("gnomads.1", 18).hand(0, "mages.01")
    p.s.update_figure("mages.1", moves=1)
    s = play(p.state(), 0, Move(card="mages.01", figure="mages.1", to=18))
    assert s.pending is not None and s.pending.kind == "window"


def test_entering_thin_ice_hits_every_other_character_there() -> None:
    p = lake().place("mages.1", 9).place("gnomads.1", 10).place("mages.5", 10)
    s = play(
        p.hand(0, "mages.01").hand(1, "gnomads.05").state(),
        0,
        Move(card="mages.01", figure="mages.1", to=10),
    )
    assert s.pending is not None and s.pending.hit == Hit(
        target="gnomads.1", style="thin_ice", scorer=0, attacker="mages.1"
    )
    assert Defend(card="gnomads.05") in ENGINE.legal_actions(s, 1)  # cover blocks thin ice
    s = play(s, 1, Defend(card="gnomads.05"))
    assert s.pending is not None and s.pending.hit is not None
    assert s.pending.hit.target == "mages.5" and ENGINE.to_act(s) == {0}
    s = play(s, 0, Defend(card=None))
    assert s.figures["mages.5"].damage == 1 and s.figures["gnomads.1"].damage == 0
    assert s.figures["mages.1"].damage == 0


def test_thin_ice_knock_out_scores_for_the_entering_characters_player() -> None:
    p = lake().place("mages.1", 9).place("gnomads.4", 10, damage=1).orders(1, auto_defend="never")
    s = play(p.hand(0, "mages.01").state(), 0, Move(card="mages.01", figure="mages.1", to=10))
    assert s.figures["gnomads.4"].ko and s.seats[0].score == 1


def test_a_push_onto_thin_ice_scores_for_the_pusher() -> None:
    p = lake().place("mages.1", 17).place("gnomads.1", 18).place("gnomads.4", 19, damage=1)
    p.orders(1, auto_defend="never").s.update_figure("mages.1", moves=1)
    s = play(p.hand(0, "mages.01").state(), 0, Move(card="mages.01", figure="mages.1", to=18))
    s = play(s, 0, Push(figure="gnomads.1", to=19))
    assert s.figures["gnomads.4"].ko and s.seats[0].score == 1


def test_revealing_onto_thin_ice_is_an_entry_unless_the_option_says_otherwise() -> None:
    p = lake().hidden("mages.2", 10).place("gnomads.1", 10).place("mages.1", 3)
    s = play(p.orders(1, auto_defend="never").state(), 0, Reveal(figure="mages.2"))
    assert s.figures["gnomads.1"].damage == 1
    p = lake(forced_entry_triggers_ice=False).hidden("mages.2", 10).place("gnomads.1", 10)
    s = play(
        p.place("mages.1", 3).orders(1, auto_defend="never").state(), 0, Reveal(figure="mages.2")
    )
    assert s.figures["gnomads.1"].damage == 0


def factory(**options: object) -> Position:
    return Position(board="lost_factory", **options)


def test_scoring_offers_one_belt_and_the_belt_moves_everything_on_it() -> None:
    p = (
        factory()
        .place("mages.1", 5)
        .place("gnomads.1", 4)
        .place("gnomads.2", 25)
        .place("gnomads.3", 6)
        .place("mages.5", 16)
        .shard(0, 5)
        .shard(1, 6)
        .hand(0, "mages.01", "mages.02", "mages.03")
    )
    s = play(
        p.state(),
        0,
        Claim(cards=("mages.01", "mages.02", "mages.03"), figure="mages.1", shard="shard.0.1"),
    )
    assert s.seats[0].score == 1
    assert s.pending is not None and s.pending.kind == "belt" and ENGINE.to_act(s) == {0}
    assert ENGINE.default_action(s, 0) == Belt(colour=None)
    assert ENGINE.legal_actions(s, 0)[:3] == [
        Belt(colour=None),
        Belt(colour="blue"),
        Belt(colour="red"),
    ]
    blue = play(s, 0, Belt(colour="blue"))
    spaces = {
        f: blue.figures[f].space
        for f in ("mages.1", "gnomads.1", "gnomads.2", "gnomads.3", "mages.5")
    }
    assert spaces == {"mages.1": 4, "gnomads.1": 40, "gnomads.2": 25, "gnomads.3": 5, "mages.5": 16}
    assert [sh.space for sh in blue.shards] == [None, 5]
    assert blue.figures["mages.1"].moves == 0  # belts are not move actions
    assert blue.pending is not None and blue.pending.kind == "window"
    red = play(s, 0, Belt(colour="red"))
    assert red.figures["gnomads.3"].space == 7 and red.shards[1].space == 7


def test_a_knock_out_point_offers_a_belt_too() -> None:
    p = factory().place("mages.5", 6).place("gnomads.4", 6, damage=1).orders(1, auto_defend="never")
    s = play(
        p.hand(0, "mages.20").state(),
        0,
        Attack(card="mages.20", figure="mages.5", style="melee", target="gnomads.4"),
    )
    assert s.pending is not None and s.pending.kind == "belt"
    s = play(s, 0, Belt(colour=None))
    assert s.figures["mages.5"].space == 6


def test_two_knock_outs_offer_two_belts_after_the_action() -> None:
    p = (
        factory()
        .place("mages.2", 6)
        .place("gnomads.4", 6, damage=1)
        .place("gnomads.5", 6, damage=1)
    )
    p.orders(0, auto_defend="never").orders(1, auto_defend="never")
    s = play(p.hand(0, "mages.07").state(), 0, Area(card="mages.07", figure="mages.2", space=6))
    assert s.seats[0].score == 2 and s.pending is not None and s.pending.kind == "belt"
    s = play(s, 0, Belt(colour="red"))
    assert s.pending is not None and s.pending.kind == "belt"
    s = play(s, 0, Belt(colour="red"))
    assert s.figures["mages.2"].space == 8


def test_no_belt_offer_when_nothing_rides_or_the_option_is_zero() -> None:
    p = (
        factory()
        .place("mages.5", 16)
        .place("gnomads.4", 16, damage=1)
        .orders(1, auto_defend="never")
    )
    s = play(
        p.hand(0, "mages.20").state(),
        0,
        Attack(card="mages.20", figure="mages.5", style="melee", target="gnomads.4"),
    )
    assert s.pending is not None and s.pending.kind == "window"
    p = factory(belt_per_event=0).place("mages.5", 6).place("gnomads.4", 6, damage=1)
    s = play(
        p.orders(1, auto_defend="never").hand(0, "mages.20").state(),
        0,
        Attack(card="mages.20", figure="mages.5", style="melee", target="gnomads.4"),
    )
    assert s.pending is not None and s.pending.kind == "window"
