"""The five special actions (§11 table) and interrupts waiting for the whole of one."""

from __future__ import annotations

from engines.wildlands.actions import EndTurn, Interrupt, Move, Pass
from engines.wildlands.wrath.actions import (
    SpecialAttack,
    SpecialMove,
    SpecialPick,
    SpecialSkip,
    SpecialSpace,
    SpecialX,
    Spend,
)

from .builder import ENGINE, Position, play

SHARD = "shard.0.1"


def legal(s: object, seat: int) -> list[object]:
    return list(ENGINE.legal_actions(s, seat))


def spend(p: Position, seat: int = 1) -> object:
    return play(p.state(), seat, Spend(shard=SHARD))


def test_magus_places_two_revealed_characters_in_one_space() -> None:
    p = (
        Position(active=1, magus_count="two")
        .place("ancients.1", 10)
        .place("mages.1", 30)
        .place("mages.2", 40)
        .carried("ancients.1")
    )
    s = spend(p)
    picks = [a for a in legal(s, 1) if isinstance(a, SpecialPick)]
    assert {a.figure for a in picks} == {"ancients.1", "mages.1", "mages.2"}
    assert SpecialSkip() not in legal(s, 1)  # exactly two
    s = play(s, 1, SpecialPick(figure="mages.1"))
    s = play(s, 1, SpecialPick(figure="mages.2"))
    assert len([a for a in legal(s, 1) if isinstance(a, SpecialSpace)]) == 42
    s = play(s, 1, SpecialSpace(space=25))
    assert s.figures["mages.1"].space == 25 and s.figures["mages.2"].space == 25
    assert s.figures["mages.1"].moves == 0  # not a move action
    assert s.special is None and s.figures["ancients.1"].space == 10


def test_magus_alone_on_the_board_is_placed_alone() -> None:
    p = Position(active=1).place("ancients.1", 10).carried("ancients.1")
    s = spend(p)
    assert legal(s, 1) == [SpecialPick(figure="ancients.1")]
    s = play(s, 1, SpecialPick(figure="ancients.1"))
    s = play(s, 1, SpecialSpace(space=3))
    assert s.figures["ancients.1"].space == 3


def test_magus_one_or_two_allows_a_single_pick() -> None:
    p = (
        Position(active=1, magus_count="one_or_two")
        .place("ancients.1", 10)
        .place("mages.1", 30)
        .carried("ancients.1")
    )
    s = play(spend(p), 1, SpecialPick(figure="mages.1"))
    assert SpecialSkip() in legal(s, 1)
    s = play(play(s, 1, SpecialSkip()), 1, SpecialSpace(space=11))
    assert s.figures["mages.1"].space == 11 and s.figures["ancients.1"].space == 10


def test_automaton_x_is_below_remaining_health_and_buys_x_attacks() -> None:
    p = (
        Position(active=1)
        .place("ancients.2", 10, damage=1)  # health 5: 4 remaining, so X is 1 to 3
        .place("mages.1", 10)
        .place("mages.5", 11)
        .carried("ancients.2")
        .orders(0, auto_pass="always", auto_defend="never")
    )
    s = spend(p)
    assert legal(s, 1) == [SpecialX(x=1), SpecialX(x=2), SpecialX(x=3)]
    s = play(s, 1, SpecialX(x=2))
    assert s.figures["ancients.2"].damage == 3
    assert s.seats[0].score == 0 and s.seats[1].score == 0  # self-damage scores nothing
    attacks = [a for a in legal(s, 1) if isinstance(a, SpecialAttack)]
    assert {a.style for a in attacks} <= {"ranged", "heavy_ranged"}
    s = play(s, 1, SpecialAttack(figure="ancients.2", style="ranged", target="mages.1"))
    assert s.special is not None and s.special.attacks == 1
    s = play(s, 1, SpecialAttack(figure="ancients.2", style="ranged", target="mages.1"))
    assert s.special is None
    assert s.figures["mages.1"].damage == 2


def test_automaton_with_one_health_left_cannot_spend() -> None:
    p = Position(active=1).place("ancients.2", 10, damage=4).carried("ancients.2")
    assert Spend(shard=SHARD) not in legal(p.state(), 1)


def test_phantasm_four_steps_with_a_melee_on_each_enemy_after_a_step() -> None:
    p = (
        Position(active=1)
        .place("ancients.3", 1)
        .place("mages.1", 2)
        .place("mages.2", 2)
        .carried("ancients.3")
        .orders(0, auto_pass="always", auto_defend="never")
    )
    s = spend(p)
    # No melee before a step, even with an enemy in the space.
    assert not [a for a in legal(s, 1) if isinstance(a, SpecialAttack)]
    s = play(s, 1, SpecialMove(figure="ancients.3", to=2))
    melees = {a.target for a in legal(s, 1) if isinstance(a, SpecialAttack)}
    assert melees == {"mages.1", "mages.2"}
    s = play(s, 1, SpecialAttack(figure="ancients.3", style="melee", target="mages.1"))
    assert {a.target for a in legal(s, 1) if isinstance(a, SpecialAttack)} == {"mages.2"}
    s = play(s, 1, SpecialSkip())
    for to in (1, 2, 1):  # re-entering spaces is allowed
        s = play(s, 1, SpecialMove(figure="ancients.3", to=to))
        if s.special is not None and s.special.stage == "melee":
            s = play(s, 1, SpecialSkip())
    assert s.special is None  # four steps used
    assert s.figures["ancients.3"].moves == 4


def test_lizardman_sequence_is_fixed_and_each_step_optional() -> None:
    p = (
        Position(active=1)
        .place("ancients.4", 1)
        .place("mages.5", 1)
        .place("mages.1", 2)
        .carried("ancients.4")
        .orders(0, auto_pass="always", auto_defend="never")
    )
    s = spend(p)
    first = [a for a in legal(s, 1) if isinstance(a, SpecialAttack)]
    assert {a.style for a in first} == {"heavy_melee"}
    assert not [a for a in legal(s, 1) if isinstance(a, SpecialMove)]
    s = play(s, 1, SpecialSkip())  # skip the heavy melee
    assert not [a for a in legal(s, 1) if isinstance(a, SpecialAttack)]
    s = play(s, 1, SpecialMove(figure="ancients.4", to=2))
    assert {a.style for a in legal(s, 1) if isinstance(a, SpecialAttack)} == {"melee"}
    s = play(s, 1, SpecialAttack(figure="ancients.4", style="melee", target="mages.1"))
    s = play(s, 1, SpecialMove(figure="ancients.4", to=1))
    s = play(s, 1, SpecialAttack(figure="ancients.4", style="melee", target="mages.5"))
    assert s.special is None
    assert s.figures["mages.1"].damage == 1 and s.figures["mages.5"].damage == 1


def test_tyrant_moves_each_other_ancient_in_the_players_order() -> None:
    p = (
        Position(active=1)
        .place("ancients.5", 40)
        .place("ancients.3", 1)
        .place("ancients.4", 20)
        .place("mages.1", 3)
        .carried("ancients.5")
        .orders(0, auto_pass="always", auto_defend="never")
    )
    s = spend(p)
    assert {a.figure for a in legal(s, 1) if isinstance(a, SpecialPick)} == {
        "ancients.3",
        "ancients.4",
    }
    s = play(s, 1, SpecialPick(figure="ancients.3"))
    s = play(s, 1, SpecialMove(figure="ancients.3", to=2))
    s = play(s, 1, SpecialMove(figure="ancients.3", to=3))
    assert not [a for a in legal(s, 1) if isinstance(a, SpecialMove)]  # two steps at most
    s = play(s, 1, SpecialAttack(figure="ancients.3", style="melee", target="mages.1"))
    assert [a.figure for a in legal(s, 1) if isinstance(a, SpecialPick)] == ["ancients.4"]
    s = play(s, 1, SpecialPick(figure="ancients.4"))
    s = play(s, 1, SpecialSkip())  # no steps, and nobody to melee: the special action ends
    assert s.special is None
    assert s.figures["mages.1"].damage == 1 and s.figures["ancients.5"].space == 40


def test_interrupts_wait_until_the_whole_special_action_ends() -> None:
    p = (
        Position(active=1)
        .place("ancients.3", 1)
        .place("mages.1", 30)
        .carried("ancients.3")
        .hand(0, "mages.27")
    )
    s = spend(p)
    s = play(s, 1, SpecialMove(figure="ancients.3", to=2))
    assert s.pending is None and ENGINE.to_act(s) == {1}
    s = play(s, 1, SpecialMove(figure="ancients.3", to=3))
    assert s.pending is None and ENGINE.to_act(s) == {1}
    s = play(s, 1, SpecialSkip())  # end the special action
    assert s.pending is not None and s.pending.kind == "window"
    assert Interrupt(card="mages.27") in legal(s, 0)
    s = play(s, 0, Pass())
    assert EndTurn() in legal(s, 1)
    assert not [a for a in legal(s, 1) if isinstance(a, Move)]
