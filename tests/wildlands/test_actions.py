"""The action catalogue (§6): move, climb, attacks, area, rally, claim, draw, dead links.

Seat 0 plays the Guild of Mages (1 Owl-Sage, 2 Elder Pyromancer, 3 Elder Hexwitch, 4 Elder
Stormcaller, 5 Lunk), seat 1 the Gnomads (1 Tak, 2 Elsie, ...). Dungeon space 4 sees 5, 6, 7
and 11; a wall separates 3 and 4.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.errors import IllegalAction
from engines.wildlands.actions import (
    Area,
    Attack,
    Claim,
    Climb,
    DrawCards,
    Move,
    Rally,
)
from engines.wildlands.state import Hit, State

from .builder import ENGINE, Position, play


def legal(s: State, seat: int = 0) -> list[Any]:
    return list(ENGINE.legal_actions(s, seat))


def test_basic_move_with_any_linked_card() -> None:
    s = Position().place("mages.1", 4).hand(0, "mages.01", "mages.20").state()
    moves = {(a.card, a.to) for a in legal(s) if isinstance(a, Move)}
    assert moves == {("mages.01", 5), ("mages.01", 11)}
    with pytest.raises(IllegalAction, match="Space 3 is not next to Owl-Sage's space 4"):
        play(s, 0, Move(card="mages.01", figure="mages.1", to=3))
    with pytest.raises(IllegalAction, match="Card 20 \\(melee\\) does not show Owl-Sage"):
        play(s, 0, Move(card="mages.20", figure="mages.1", to=5))
    s = play(s, 0, Move(card="mages.01", figure="mages.1", to=5))
    assert s.figures["mages.1"].space == 5 and s.figures["mages.1"].moves == 1
    assert s.seats[0].discard == ("mages.01",) and s.seats[0].hand == ("mages.20",)


def test_move_icon_moves_any_revealed_character() -> None:
    s = Position().place("mages.1", 4).place("mages.5", 20).hand(0, "mages.27").state()
    movers = {a.figure for a in legal(s) if isinstance(a, Move)}
    assert movers == {"mages.1", "mages.5"}


def test_climbing_up_needs_the_climb_icon_and_down_is_a_move() -> None:
    s = Position(board="ruins").place("mages.3", 2).hand(0, "mages.11", "mages.13").state()
    acts = legal(s)
    assert Climb(card="mages.13", figure="mages.3", to=9) in acts
    assert Move(card="mages.13", figure="mages.3", to=9) not in acts
    assert not any(isinstance(a, Climb) and a.card == "mages.11" for a in acts)
    with pytest.raises(IllegalAction, match="must climb to reach the high ground of space 9"):
        play(s, 0, Move(card="mages.11", figure="mages.3", to=9))
    s = play(s, 0, Climb(card="mages.13", figure="mages.3", to=9))
    assert s.figures["mages.3"].space == 9 and s.figures["mages.3"].moves == 1
    s = Position(board="ruins").place("mages.3", 9).hand(0, "mages.11").state()
    assert Move(card="mages.11", figure="mages.3", to=2) in legal(s)


def test_melee_and_heavy_melee_hit_an_enemy_in_the_same_space() -> None:
    s = (
        Position()
        .place("mages.5", 5)
        .place("mages.1", 5)
        .place("gnomads.1", 5)
        .place("gnomads.2", 4)
        .hand(0, "mages.25")
        .state()
    )
    attacks = {(a.style, a.target) for a in legal(s) if isinstance(a, Attack)}
    assert attacks == {("melee", "gnomads.1"), ("heavy_melee", "gnomads.1")}
    with pytest.raises(IllegalAction, match="Elsie is not in Lunk's space"):
        play(s, 0, Attack(card="mages.25", figure="mages.5", style="melee", target="gnomads.2"))
    with pytest.raises(IllegalAction, match="Owl-Sage is on your side"):
        play(s, 0, Attack(card="mages.25", figure="mages.5", style="melee", target="mages.1"))
    s = play(
        s, 0, Attack(card="mages.25", figure="mages.5", style="heavy_melee", target="gnomads.1")
    )
    assert s.pending is not None and s.pending.kind == "defence"
    assert s.pending.hit == Hit(
        target="gnomads.1", style="heavy_melee", scorer=0, attacker="mages.5"
    )


def test_ranged_needs_line_of_sight_at_any_distance() -> None:
    p = Position().place("mages.1", 4).place("gnomads.1", 7).place("gnomads.2", 12)
    s = p.hand(0, "mages.01").state()
    targets = {a.target for a in legal(s) if isinstance(a, Attack)}
    assert targets == {"gnomads.1"}
    with pytest.raises(IllegalAction, match="Owl-Sage is not in line of sight of space 12"):
        play(s, 0, Attack(card="mages.01", figure="mages.1", style="ranged", target="gnomads.2"))


def test_heavy_ranged_reaches_two_spaces_in_line_of_sight() -> None:
    s = Position().place("mages.1", 4).place("gnomads.1", 7).place("gnomads.2", 6)
    s = s.hand(0, "mages.03").state()
    targets = {a.target for a in legal(s) if isinstance(a, Attack)}
    assert targets == {"gnomads.2"}
    with pytest.raises(IllegalAction, match="Space 7 is 3 spaces from Owl-Sage"):
        play(
            s,
            0,
            Attack(card="mages.03", figure="mages.1", style="heavy_ranged", target="gnomads.1"),
        )
    s = Position(heavy_ranged_range=3).place("mages.1", 4).place("gnomads.1", 7)
    assert any(isinstance(a, Attack) for a in legal(s.hand(0, "mages.03").state()))


def test_ranged_into_own_space_follows_its_option() -> None:
    def ranged(**options: object) -> bool:
        s = Position(**options).place("mages.1", 4).place("gnomads.1", 4).hand(0, "mages.01")
        return any(isinstance(a, Attack) for a in legal(s.state()))

    assert ranged()
    assert not ranged(ranged_own_space=False)


def test_area_hits_everyone_in_the_space_friends_included() -> None:
    p = (
        Position()
        .place("mages.2", 5)
        .place("mages.5", 5)
        .place("gnomads.1", 5)
        .place("gnomads.2", 4)
        .orders(0, auto_defend="never")
        .orders(1, auto_defend="never")
    )
    s = p.hand(0, "mages.07").state()
    assert {a.space for a in legal(s) if isinstance(a, Area)} == {4, 5}
    s = play(s, 0, Area(card="mages.07", figure="mages.2", space=5))
    assert [s.figures[f].damage for f in ("mages.2", "mages.5", "gnomads.1")] == [1, 1, 1]
    assert s.figures["gnomads.2"].damage == 0


def test_area_without_friendly_fire_spares_your_side() -> None:
    p = Position(area_friendly_fire=False).place("mages.2", 5).place("mages.5", 5)
    p.place("gnomads.1", 5).orders(1, auto_defend="never")
    s = play(p.hand(0, "mages.07").state(), 0, Area(card="mages.07", figure="mages.2", space=5))
    assert s.figures["mages.2"].damage == 0 and s.figures["gnomads.1"].damage == 1


def test_area_defences_are_asked_per_target_in_hit_order() -> None:
    p = Position().place("mages.2", 5).place("gnomads.1", 5).place("gnomads.2", 5)
    s = play(p.hand(0, "mages.07").state(), 0, Area(card="mages.07", figure="mages.2", space=5))
    assert s.pending is not None and s.pending.hit is not None
    assert s.pending.hit.target == "gnomads.1"
    assert [h.target for h in s.queue if isinstance(h, Hit)] == ["gnomads.2", "mages.2"]


def test_rally_pulls_a_chosen_subset_from_adjacent_spaces() -> None:
    p = Position().place("mages.4", 5).place("mages.1", 4).place("mages.5", 6)
    p.place("mages.2", 12).place("gnomads.1", 4)
    s = p.hand(0, "mages.16").state()
    rallies = [a for a in legal(s) if isinstance(a, Rally)]
    assert len(rallies) == 7
    assert all("gnomads.1" not in a.pulled for a in rallies)
    s = play(s, 0, Rally(card="mages.16", figure="mages.4", pulled=("mages.5", "mages.1")))
    assert s.figures["mages.1"].space == 5 and s.figures["mages.5"].space == 5
    assert s.figures["mages.1"].moves == 1 and s.figures["mages.4"].moves == 0


def test_rally_never_pulls_up_a_climb_edge() -> None:
    p = Position(board="ruins").place("mages.4", 9).place("mages.1", 2).place("mages.5", 10)
    rallies = [a for a in legal(p.hand(0, "mages.16").state()) if isinstance(a, Rally)]
    assert [a.pulled for a in rallies] == [("mages.5",)]


def test_claim_with_three_linked_cards_scores_a_point() -> None:
    p = Position().place("mages.1", 4).shard(0, 4).shard(1, 4)
    s = p.hand(0, "mages.01", "mages.02", "mages.03", "mages.07").state()
    claims = [a for a in legal(s) if isinstance(a, Claim)]
    assert claims == [
        Claim(cards=("mages.01", "mages.02", "mages.03"), figure="mages.1", shard="shard.0.1")
    ]
    s = play(s, 0, claims[0])
    assert s.seats[0].score == 1
    assert s.shards[0].space is None and s.shards[0].claimed_by == 0
    assert s.shards[1].space == 4


def test_claim_with_cards_of_one_knocked_out_character_never_mixed() -> None:
    p = Position().place("mages.5", 4).knock_out("mages.2").shard(0, 4)
    s = p.hand(0, "mages.07", "mages.08", "mages.26", "mages.01").state()
    claims = [a for a in legal(s) if isinstance(a, Claim)]
    assert claims == [
        Claim(cards=("mages.07", "mages.08", "mages.26"), figure="mages.5", shard="shard.0.1")
    ]
    with pytest.raises(IllegalAction, match="three cards linked to Lunk"):
        play(
            s,
            0,
            Claim(cards=("mages.07", "mages.08", "mages.01"), figure="mages.5", shard="shard.0.1"),
        )
    p = Position(claim_with_ko_cards=False).place("mages.5", 4).knock_out("mages.2").shard(0, 4)
    s = p.hand(0, "mages.07", "mages.08", "mages.26").state()
    assert not any(isinstance(a, Claim) for a in legal(s))


def test_draw_icon_draws_two_never_above_seven() -> None:
    s = Position().place("mages.1", 4).hand(0, "mages.27").state()
    s = play(s, 0, DrawCards(card="mages.27"))
    assert len(s.seats[0].hand) == 2
    full = ["mages.27", *(f"mages.{n:02d}" for n in range(1, 7))]
    s = play(Position().place("mages.1", 4).hand(0, *full).state(), 0, DrawCards(card="mages.27"))
    assert len(s.seats[0].hand) == 7


def test_cards_of_unrevealed_characters_give_no_banner_or_basic_action() -> None:
    s = Position().place("mages.1", 4).place("gnomads.1", 4).hand(0, "mages.20", "mages.21").state()
    plays = [a for a in legal(s) if getattr(a, "card", None) in ("mages.20", "mages.21")]
    assert plays == []


def test_a_claim_that_reaches_the_target_wins_at_once() -> None:
    p = Position().place("mages.1", 4).shard(0, 4)
    p.s.update_seat(0, score=4)
    claim = Claim(cards=("mages.01", "mages.02", "mages.03"), figure="mages.1", shard="shard.0.1")
    s = play(p.hand(0, "mages.01", "mages.02", "mages.03").state(), 0, claim)
    outcome = ENGINE.outcome(s)
    assert outcome is not None and outcome.winners == {0} and outcome.scores[0] == 5.0
    assert s.pending is None and ENGINE.to_act(s) == frozenset()
