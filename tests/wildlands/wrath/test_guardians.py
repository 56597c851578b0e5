"""Arcane Guardians (§11): claims of any colour, shard spending and its timing limits,
dropped shards, and Infamous Adversaries."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.wildlands.actions import Attack, Claim, Defend, EndTurn, Reveal
from engines.wildlands.wrath.actions import Carry, SpecialAttack, SpecialSkip, Spend
from engines.wildlands.wrath.ai import SidesAI

from .builder import ENGINE, Position, play, step, texts


def legal(s: object, seat: int) -> list[object]:
    return list(ENGINE.legal_actions(s, seat))


def test_ancient_claims_any_colour_carries_it_and_scores_nothing() -> None:
    p = (
        Position(active=1)
        .place("ancients.1", 10)
        .place("mages.1", 30)
        .shard(0, 10)
        .hand(1, "ancients.01", "ancients.02", "ancients.03")
        .orders(0, auto_pass="always")
    )
    s = p.state()
    claim = Claim(
        cards=("ancients.01", "ancients.02", "ancients.03"), figure="ancients.1", shard="shard.0.1"
    )
    s = play(s, 1, claim)
    assert s.carried == {"shard.0.1": "ancients.1"}
    assert s.seats[1].score == 0
    assert s.shards[0].space is None
    # Claimed this turn: it cannot be spent until the Ancients' next own main turn.
    assert not [a for a in legal(s, 1) if isinstance(a, Spend)]


def test_claimed_shard_is_spendable_on_the_next_own_turn_only() -> None:
    p = Position(active=1).place("ancients.3", 10).place("mages.1", 30)
    p.carried("ancients.3", claimed_on=5).hand(1, "ancients.13").orders(0, auto_pass="always")
    s = p.state()
    assert not [a for a in legal(s, 1) if isinstance(a, Spend)]
    s.claimed_on["shard.0.1"] = 4
    s._memo.clear()
    assert Spend(shard="shard.0.1") in legal(s, 1)


def test_claimed_in_an_interrupt_waits_for_the_next_own_turn() -> None:
    # Claimed during seat 0's turn 6 (an interrupt): the Ancients' latest own turn was 5.
    p = Position(active=1).place("ancients.3", 10)
    p.carried("ancients.3", claimed_on=6)
    s = p.state()
    s.turn_number = 6
    s.own_turn = 5
    s.active = 0
    s.interrupter = 1
    assert not [a for a in legal(s, 1) if isinstance(a, Spend)]


def test_no_special_action_on_the_first_main_turn() -> None:
    p = Position(active=1).place("ancients.3", 10).carried("ancients.3", claimed_on=0)
    s = p.state()
    s.turn_number, s.own_turn = 1, 1
    assert not [a for a in legal(s, 1) if isinstance(a, Spend)]
    s.turn_number, s.own_turn = 2, 2
    s._memo.clear()
    assert [a for a in legal(s, 1) if isinstance(a, Spend)]


def test_no_special_action_by_an_ancient_revealed_this_turn() -> None:
    p = Position(active=1).carried("ancients.3", claimed_on=1)
    s = p.state()
    s.update_seat(1, hidden_starts={**s.seats[1].hidden_starts, "ancients.3": 12})
    s = play(s, 1, Reveal(figure="ancients.3"))
    if s.pending is not None:
        s = play(s, 0, legal(s, 0)[0])
    assert s.revealed_on["ancients.3"] == s.turn_number
    assert not [a for a in legal(s, 1) if isinstance(a, Spend)]


def test_carrier_must_be_on_the_board() -> None:
    p = Position(active=1).carried("ancients.3", claimed_on=1)
    s = p.state()
    s.update_figure("ancients.3", ko=True, revealed=True)
    assert not [a for a in legal(s, 1) if isinstance(a, Spend)]


def test_spent_shard_leaves_the_game() -> None:
    p = Position(active=1).place("ancients.3", 10).carried("ancients.3", claimed_on=1)
    s = play(p.state(), 1, Spend(shard="shard.0.1"))
    assert s.carried == {}
    assert s.special is not None and s.special.kind == "phantasm"
    s = play(s, 1, SpecialSkip())
    assert s.special is None
    assert all(sh.space is None for sh in s.shards)


def test_knocked_out_carrier_drops_its_shards_and_scores_two() -> None:
    p = (
        Position(active=0)
        .place("mages.1", 20)
        .place("ancients.1", 20, damage=3)
        .carried("ancients.1", colour=0)
        .carried("ancients.1", colour=0)
        .hand(0, "mages.01")
        .orders(1, auto_pass="always", auto_defend="never")
    )
    st = step(
        p.state(), 0, Attack(card="mages.01", figure="mages.1", style="ranged", target="ancients.1")
    )
    s = st.state
    assert s.figures["ancients.1"].ko
    assert s.carried == {}
    assert [sh.space for sh in s.shards] == [20, 20]
    assert s.seats[0].score == 2  # Infamous Adversaries
    assert any("drops a shard" in t for t in texts(st))


def test_ancient_knocking_out_scores_one_and_wins_at_five() -> None:
    p = (
        Position(active=1)
        .place("ancients.1", 20)
        .place("mages.2", 20, damage=1)
        .hand(1, "ancients.01")
        .orders(0, auto_pass="always", auto_defend="never")
    )
    s = p.state()
    s.update_seat(1, score=4)
    s = play(
        s, 1, Attack(card="ancients.01", figure="ancients.1", style="ranged", target="mages.2")
    )
    assert s.phase == "over" and s.winners == [1]


def test_defence_still_offered_inside_a_special_action() -> None:
    p = (
        Position(active=1)
        .place("ancients.4", 20)
        .place("mages.5", 20)
        .carried("ancients.4")
        .hand(0, "mages.22")
    )
    s = play(p.state(), 1, Spend(shard="shard.0.1"))
    s = play(s, 1, SpecialAttack(figure="ancients.4", style="heavy_melee", target="mages.5"))
    assert s.pending is not None and s.pending.kind == "defence"
    s = play(s, 0, Defend(card="mages.22"))
    assert s.figures["mages.5"].damage == 0
    assert s.special is not None and s.special.stage == "seq1" and s.pending is None
    assert EndTurn() not in legal(s, 1)


def two_ancients_claim(magus_damage: int = 0) -> tuple[object, Claim]:
    """The Magus claims a shard in space 10, where the Phantasm stands too."""
    p = (
        Position(active=1)
        .place("ancients.1", 10, damage=magus_damage)
        .place("ancients.3", 10)
        .place("mages.1", 30)
        .shard(0, 10)
        .hand(1, "ancients.01", "ancients.02", "ancients.03")
        .orders(0, auto_pass="off")
    )
    claim = Claim(
        cards=("ancients.01", "ancients.02", "ancients.03"), figure="ancients.1", shard="shard.0.1"
    )
    return p.state(), claim


def test_any_ancient_in_the_space_may_carry_the_claimed_shard() -> None:
    # Seed WR "Arcane Guardians": "Place the shard you have claimed on the character card
    # corresponding to one Ancient in the same space."
    s, claim = two_ancients_claim()
    claimed = step(s, 1, claim)
    s = claimed.state
    assert any("an Ancient there will carry it" in line for line in texts(claimed))
    # Claimed, it waits in its space for the chosen Ancient's card.
    assert s.carried == {} and s.shards[0].space == 10 and s.shards[0].claimed_by == 1
    assert "Player 2 to choose the shard's carrier" in ENGINE.view(s, None).title
    assert legal(s, 1) == [Carry(figure="ancients.1"), Carry(figure="ancients.3")]
    # The claim is one action: its interrupt window waits for the carrier (§8.1).
    assert ENGINE.to_act(s) == {1} and s.pending is None
    done = step(s, 1, Carry(figure="ancients.3"))
    assert done.state.carried == {"shard.0.1": "ancients.3"}
    assert done.state.shards[0].space is None
    assert done.state.claimed_on["shard.0.1"] == s.turn_number
    assert "Phantasm carries the shard." in texts(done)
    assert done.state.pending is not None and done.state.pending.kind == "window"
    assert ENGINE.describe(Carry(figure="ancients.3"), s) == (
        "Phantasm carries the shard (special: four steps with melees)"
    )


def test_one_ancient_in_the_space_carries_the_shard_without_a_question() -> None:
    s, claim = two_ancients_claim()
    s.update_figure("ancients.3", space=11)
    s = play(s, 1, claim)
    assert s.carried == {"shard.0.1": "ancients.1"} and s.carrying is None


def test_the_ai_gives_the_shard_to_the_ancient_likely_to_live_to_spend_it() -> None:
    s, claim = two_ancients_claim(magus_damage=2)
    s = play(s, 1, claim)
    choice = SidesAI().choose(ENGINE, s, 1, Rng(3))
    assert choice == Carry(figure="ancients.3")
