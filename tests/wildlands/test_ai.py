"""The Wildlands AI seat: legal, view-only choices that beat random play."""

from __future__ import annotations

from typing import Any

from engines.core.ai import RandomPolicy
from engines.core.conformance import seats_for
from engines.core.rng import Rng
from engines.wildlands.actions import Attack, Claim, Defend, EndTurn, Interrupt, Move, Pass
from engines.wildlands.ai import WildlandsAI
from engines.wildlands.options import WildlandsOptions
from engines.wildlands.state import State

from .builder import ENGINE, Position

AI = WildlandsAI()


def choose(s: State, seat: int = 0) -> Any:
    return AI.choose(ENGINE, s, seat, Rng(1))


def test_claims_when_it_can() -> None:
    s = (
        Position()
        .place("mages.1", 4)
        .shard(0, 4)
        .hand(0, "mages.01", "mages.02", "mages.03")
        .state()
    )
    assert isinstance(choose(s), Claim)


def test_knocks_out_before_anything_else() -> None:
    p = Position().place("mages.1", 4).place("gnomads.4", 6, damage=1).place("gnomads.3", 5)
    a = choose(p.hand(0, "mages.01", "mages.03").state())
    assert isinstance(a, Attack) and a.target == "gnomads.4"


def test_defends_and_interrupts_with_a_target_in_range() -> None:
    p = Position().place("mages.5", 5).place("gnomads.3", 5).hand(0, "mages.20")
    s = p.hand(1, "gnomads.12").state()
    s = ENGINE.apply(
        s, 0, Attack(card="mages.20", figure="mages.5", style="melee", target="gnomads.3")
    ).state
    assert choose(s, 1) == Defend(card="gnomads.12")
    p = Position().place("mages.1", 4).place("gnomads.1", 7).hand(0, "mages.02").orders(1)
    s = p.hand(1, "gnomads.03", "gnomads.26").state()
    s = ENGINE.apply(s, 0, Move(card="mages.02", figure="mages.1", to=5)).state
    assert s.pending is not None and s.pending.kind == "window"
    assert choose(s, 1) == Interrupt(card="gnomads.26")
    p = Position().place("mages.1", 4).place("gnomads.1", 12).hand(0, "mages.02")
    s = p.hand(1, "gnomads.26").state()
    s = ENGINE.apply(s, 0, Move(card="mages.02", figure="mages.1", to=5)).state
    assert choose(s, 1) == Pass()


def test_ends_its_turn_when_nothing_is_worth_a_card() -> None:
    p = Position().place("mages.1", 4).shard(0, 4).hand(0, "mages.01")
    for n in range(2, 6):
        p.knock_out(f"mages.{n}")
    assert choose(p.state()) == EndTurn()


def test_beats_the_random_policy() -> None:
    wins = 0
    for seed in range(6):
        s = ENGINE.setup(seats_for(2), WildlandsOptions(), seed)
        rng, rnd, ai_seat = Rng(seed), RandomPolicy(), seed % 2
        while ENGINE.to_act(s):
            seat = min(ENGINE.to_act(s))
            policy = AI if seat == ai_seat else rnd
            action = policy.choose(ENGINE, s, seat, rng)
            assert action in ENGINE.legal_actions(s, seat)
            s = ENGINE.apply(s, seat, action).state
        outcome = ENGINE.outcome(s)
        wins += outcome is not None and outcome.winners == {ai_seat}
    assert wins >= 5
