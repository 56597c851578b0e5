"""Crafting and the shared deck's effects (root.md §9, §11)."""

from __future__ import annotations

from engines.root.actions import Fight, Move, Pick
from tests.root.builders import act, blank, leader, pick, put, run, turn_of, whats, who


def test_crafted_item_scores_its_vp_and_eyrie_disdain_trade() -> None:
    s = blank(map="autumn")
    put(s, 8, 1, 0, "workshop")  # fox
    who(s, "marquise").hand = ["anvil.1"]
    turn_of(s, "marquise", "m_craft", actions_left=3)
    s = pick(s, "craft", card="anvil.1")
    assert who(s, "marquise").vp == 2 and who(s, "marquise").items == ["hammer"]
    assert s.supply_items["hammer"] == 0
    s = blank(map="autumn")
    put(s, 8, 0, 1, "roost")
    leader(s, "despot")  # not the Builder, who ignores Disdain for Trade
    who(s, "eyrie").hand = ["anvil.1"]
    turn_of(s, "eyrie", "e_craft")
    s = pick(s, "craft", card="anvil.1")
    assert who(s, "eyrie").vp == 1


def test_each_crafting_piece_once_per_turn() -> None:
    s = blank(map="autumn")
    put(s, 8, 1, 0, "workshop")
    who(s, "marquise").hand = ["anvil.1", "crossbow_bird.1"]
    turn_of(s, "marquise", "m_craft", actions_left=3)
    s = pick(s, "craft", card="anvil.1")
    assert "craft" not in whats(s)


def test_favor_removes_enemy_pieces_in_its_suit() -> None:
    s = blank(map="autumn", bot_mode="w12")
    put(s, 1, 2, 0, "workshop")  # fox clearings: 1, 6, 8, 12
    put(s, 2, 0, 1, "roost")  # mouse
    put(s, 8, 1, 3, "roost")
    who(s, "marquise").hand = ["favor_foxes.1"]
    turn_of(s, "marquise", "m_craft", actions_left=3)
    s.turn.crafted = {}
    s.clearing(1).buildings += ["workshop"]
    s.clearing(8).buildings.append("workshop")
    s = pick(s, "craft", card="favor_foxes.1")
    assert "eyrie" not in s.clearing(8).warriors and "roost" not in s.clearing(8).buildings
    assert s.clearing(2).warriors == {"eyrie": 1}
    assert who(s, "marquise").vp == 1


def test_command_warren_offers_a_battle_at_the_start_of_daylight() -> None:
    s = blank(map="autumn")
    put(s, 8, 2, 1)
    who(s, "marquise").persistent = ["command_warren.1"]
    turn_of(s, "marquise", "birdsong_cards", phase="birdsong")
    run(s)
    assert s.turn.step == "command_warren"
    assert whats(s) == {"no_warren"}
    s = act(s, Fight(clearing=8, defender=who(s, "eyrie").seat))
    assert s.turn.step == "m_craft" and s.turn.actions_left == 3


def test_cobbler_offers_a_move_at_the_start_of_evening() -> None:
    s = blank(map="autumn")
    put(s, 8, 2, 0)
    who(s, "marquise").persistent = ["cobbler.1"]
    turn_of(s, "marquise", "m_main", actions_left=0)
    s = pick(s, "end_daylight")
    assert s.turn.step == "cobbler"
    s = act(s, Move(src=8, dst=7, n=2))
    assert s.clearing(7).warriors == {"marquise": 2}


def test_stand_and_deliver_takes_a_card_and_pays_a_point() -> None:
    s = blank(map="autumn")
    who(s, "marquise").persistent = ["stand_and_deliver.1"]
    who(s, "eyrie").hand = ["anvil.1"]
    turn_of(s, "marquise", "birdsong_cards", phase="birdsong")
    s = act(s, Pick(what="stand_and_deliver", n=who(s, "eyrie").seat))
    assert who(s, "marquise").hand[0] == "anvil.1" and who(s, "eyrie").vp == 1
    assert "stand_and_deliver" not in whats(s)


def test_better_burrow_bank_draws_for_two() -> None:
    s = blank(map="autumn")
    who(s, "eyrie").persistent = ["better_burrow_bank.1"]
    s.deck = ["anvil.1", "cobbler.1"]
    turn_of(s, "eyrie", "birdsong", phase="birdsong")
    run(s)
    # The Marquise is the only other player: she is chosen for the Eyrie, in words.
    assert not s.pending
    assert who(s, "eyrie").hand == ["cobbler.1"] and who(s, "marquise").hand == ["anvil.1"]


def test_royal_claim_scores_ruled_clearings() -> None:
    s = blank(map="autumn")
    put(s, 1, 1, 0)
    put(s, 2, 1, 0)
    who(s, "marquise").persistent = ["royal_claim.1"]
    turn_of(s, "marquise", "birdsong_cards", phase="birdsong")
    s = pick(s, "royal_claim")
    assert who(s, "marquise").vp == 2 and "royal_claim.1" in s.discard
