"""Reference §18 cases on the Wastelands law (root.md §16): WATER, barren trails, the
2-WATER actions, Seizure and Surrender, bot mode W.12."""

from __future__ import annotations

from engines.root.actions import Fight, Move, Pick
from engines.root.eyrie import set_leader
from tests.root.builders import (
    E,
    act,
    act_alone,
    blank,
    dice,
    game,
    leader,
    legal,
    pick,
    put,
    run,
    turn_of,
    water_total,
    whats,
    who,
)


def test_t24_setup_water_supply_equals_players() -> None:
    for seats in (2, 3, 4):
        s = game(seats=seats)
        assert s.supply_water == seats and all(p.water == 0 for p in s.players)


def test_t25_start_of_turn_take_or_decline() -> None:
    s = game()
    assert s.turn.step == "water_take" and whats(s) == {"take_water", "no_water"}
    taken = pick(s, "take_water")
    assert taken.supply_water == 1 and taken.players[s.turn.active].water == 1
    declined = pick(s, "no_water")
    assert declined.supply_water == 2 and water_total(declined) == 2


def test_t26_barren_trail_paid_once_per_turn() -> None:
    s = blank()
    put(s, 9, 3, 0)
    m = who(s, "marquise")
    m.water, s.supply_water = 1, 1
    turn_of(s, "marquise", "march", march_left=2)
    assert Move(src=9, dst=1, n=1) not in legal(s)
    s = act(s, Move(src=9, dst=1, n=1, pay="water"))
    assert who(s, "marquise").water == 0 and s.supply_water == 2
    s = act(s, Move(src=9, dst=1, n=1))  # open for the rest of the turn
    assert s.clearing(1).warriors["marquise"] == 2
    turn_of(s, "marquise", "march", march_left=2)  # a new turn
    assert Move(src=9, dst=1, n=1) not in legal(s)


def test_t27_warrior_payment_only_if_rule_survives() -> None:
    s = blank()
    put(s, 9, 2, 1)
    turn_of(s, "marquise", "march", march_left=2)
    assert not any(isinstance(a, Move) and a.pay == "warrior" for a in legal(s))
    put(s, 1, 1, 0)  # now the Marquise rule the destination
    assert Move(src=9, dst=1, n=1, pay="warrior") in legal(s)


def test_t28_no_warrior_payment_with_a_lone_warrior() -> None:
    s = blank()
    put(s, 9, 1, 0)
    turn_of(s, "marquise", "march", march_left=2)
    assert not any(isinstance(a, Move) and a.dst == 1 for a in legal(s))


def test_t31_decree_move_must_pay_or_turmoil() -> None:
    for water, turmoil in ((1, False), (0, True)):
        s = blank()
        assert s.eyrie is not None
        s.eyrie.decree = {"recruit": [], "move": ["travel_gear_fox.1"], "battle": [], "build": []}
        s.eyrie.leader = "builder"
        put(s, 3, 2, 1)
        put(s, 7, 0, 0, "roost")
        put(s, 8, 1, 0)
        e = who(s, "eyrie")
        e.water, s.supply_water = water, 2 - water
        turn_of(s, "eyrie", "decree")
        run(s)
        if turmoil:
            assert s.turn.step == "evening" and s.eyrie.decree["move"] == []
        else:  # the only move, paid with the WATER, is taken for the Eyrie
            only = Move(src=3, dst=7, n=1, pay="water", card="travel_gear_fox.1")
            assert only not in legal(s) and s.eyrie.decree["move"] == ["travel_gear_fox.1"]
            assert s.clearing(7).warriors == {"eyrie": 1} and e.water == 0


def test_t32_water_recruit_places_two_not_four() -> None:
    s = blank()
    assert s.eyrie is not None
    set_leader(s.eyrie, "charismatic")
    put(s, 6, 0, 1, "roost")
    e = who(s, "eyrie")
    e.water, s.supply_water = 2, 0
    turn_of(s, "eyrie", "e_after")
    ns = {a.n for a in legal(s) if isinstance(a, Pick) and a.what == "water_recruit"}
    assert ns == {1, 2}
    s = pick(s, "water_recruit", clearing=6, n=2)
    assert s.clearing(6).warriors["eyrie"] == 3 and who(s, "eyrie").water == 0
    assert s.supply_water == 2


def test_t33_advance_battle_anywhere_or_only_destination() -> None:
    for where, allowed in (("any", True), ("destination", False)):
        s = blank(advance_battle_clearing=where)
        put(s, 5, 2, 0)
        put(s, 12, 1, 1)
        m = who(s, "marquise")
        m.water, s.supply_water = 2, 0
        turn_of(s, "marquise", "m_main", actions_left=3)
        s = pick(s, "water_advance")
        s = act(s, Move(src=5, dst=10, n=1))
        fight = Fight(clearing=12, defender=who(s, "eyrie").seat)
        # Where only the destination may be fought in, there is no battle to offer: the
        # step is passed over for the Marquise.
        assert (s.turn.advance == "battle" and fight in legal(s)) is allowed
        assert (s.turn.advance == "battle") is allowed


def test_t34_draw_discard_destroy() -> None:
    s = blank()
    m = who(s, "marquise")
    m.water, s.supply_water = 2, 0
    put(s, 5, 2, 0)  # something left to do after the draw
    s.deck = ["anvil.1", "cobbler.1", "sappers.1", "bake_sale.1"]
    total = len(s.deck) + len(s.discard)
    turn_of(s, "marquise", "m_main", actions_left=3)
    s = pick(s, "water_ddd")
    drawn = {"cobbler.1", "sappers.1", "bake_sale.1"}
    assert {a.card for a in legal(s) if isinstance(a, Pick)} == drawn
    s = pick(s, "ddd", card="bake_sale.1", card2="sappers.1")
    assert who(s, "marquise").hand == ["cobbler.1"]
    assert s.discard == ["bake_sale.1"] and s.box == ["sappers.1"]
    assert len(s.deck) + len(s.discard) + len(who(s, "marquise").hand) == total - 1
    assert "sappers.1" not in str(E.view(s, who(s, "eyrie").seat).data)


def test_t35_ddd_needs_three_drawable_cards() -> None:
    s = blank()
    who(s, "marquise").water, s.supply_water = 2, 0
    s.deck, s.discard = ["anvil.1", "cobbler.1"], []
    turn_of(s, "marquise", "m_main", actions_left=3)
    assert "water_ddd" not in whats(s)


def test_t36_seizure_every_three_and_lost_when_empty() -> None:
    s = blank()
    leader(s, "builder")
    put(s, 6, 2, 3)
    put(s, 7, 1, 3, "sawmill")
    m = who(s, "marquise")
    m.water, s.supply_water = 1, 1
    dice(s, 2, 0)
    turn_of(s, "eyrie", "e_after", advance="battle")
    s = act_alone(s, Fight(clearing=6, defender=m.seat))
    assert s.turn.casualties == {str(m.seat): 2} and not s.pending
    dice(s, 2, 0)
    s.turn.advance = "battle"
    s = act(s, Fight(clearing=7, defender=m.seat))
    assert s.pending[0].kind == "surrender"
    s = act_alone(s, Pick(what="surrender_water"))
    assert s.turn.casualties == {str(m.seat): 4}
    assert not s.pending and who(s, "eyrie").water == 1  # the Seizure found M empty
    assert water_total(s) == 2


def test_t36_seizure_taken_when_enemy_holds_water() -> None:
    s = blank()
    leader(s, "builder")
    put(s, 6, 3, 3)
    m = who(s, "marquise")
    m.water, s.supply_water = 1, 1
    dice(s, 3, 0)
    turn_of(s, "eyrie", "e_after", advance="battle")
    s = act(s, Fight(clearing=6, defender=m.seat))
    assert whats(s) == {"seize", "no_seize"}
    s = pick(s, "seize")
    assert who(s, "eyrie").water == 1 and who(s, "marquise").water == 0


def test_t38_no_seizure_for_defenders() -> None:
    s = blank()
    leader(s, "builder")
    put(s, 6, 3, 3)
    who(s, "eyrie").water, s.supply_water = 1, 1
    dice(s, 3, 3)
    turn_of(s, "eyrie", "e_after", advance="battle")
    s = act(s, Fight(clearing=6, defender=who(s, "marquise").seat))
    assert not s.pending and who(s, "eyrie").water == 1  # M's 3 hits count for nothing


def test_t39_surrender_with_an_empty_owner_scores() -> None:
    s = blank()
    leader(s, "builder")
    put(s, 6, 0, 2, "workshop")
    dice(s, 0, 0)
    turn_of(s, "eyrie", "e_after", advance="battle")
    s = act(s, Fight(clearing=6, defender=who(s, "marquise").seat))
    assert not s.pending and who(s, "eyrie").vp == 1


def test_t40_surrender_keeps_the_despot_point() -> None:
    s = blank()
    leader(s, "despot")
    put(s, 6, 0, 2, "recruiter")
    who(s, "marquise").water, s.supply_water = 1, 1
    dice(s, 0, 0)
    turn_of(s, "eyrie", "e_after", advance="battle")
    s = act(s, Fight(clearing=6, defender=who(s, "marquise").seat))
    s = pick(s, "surrender_water")
    assert who(s, "eyrie").vp == 1 and who(s, "eyrie").water == 1


def test_t41_field_hospitals_on_activation_payment() -> None:
    s = blank()
    put(s, 4, 1, 0, "keep")
    put(s, 9, 2, 0)
    put(s, 1, 1, 0)
    who(s, "marquise").hand = ["codebreakers.1"]  # mouse, like clearing 9
    turn_of(s, "marquise", "march", march_left=2)
    s = act(s, Move(src=9, dst=1, n=1, pay="warrior"))
    assert whats(s) == {"hospital", "no_hospital"}
    s = pick(s, "hospital", card="codebreakers.1")
    assert s.clearing(4).warriors["marquise"] == 2 and s.clearing(1).warriors["marquise"] == 2


def test_t42_water_action_timing() -> None:
    s = blank()
    leader(s, "builder")
    assert s.eyrie is not None
    s.eyrie.decree["recruit"] = ["anvil.1", "vizier.1"]
    put(s, 2, 0, 1, "roost")
    who(s, "eyrie").water, s.supply_water = 4, 0
    turn_of(s, "eyrie", "decree")
    s = pick(s, "d_recruit", clearing=2, card="anvil.1")
    assert "water_advance" in whats(s)  # between two Decree cards
    put(s, 5, 3, 0)
    turn_of(s, "marquise", "march", march_left=2)
    who(s, "marquise").water = 2
    s = act(s, Move(src=5, dst=10, n=1))
    assert "water_advance" not in whats(s)  # inside a March
    turn_of(s, "marquise", "evening", phase="evening")
    assert "water_advance" in whats(s)  # Evening, before the draw
    who(s, "marquise").hand = ["anvil.1", "cobbler.1", "sappers.1", "bake_sale.1", "cobbler.2"]
    s = pick(s, "end_turn")
    assert whats(s) == {"discard"}  # the draw has begun: no water action any more


def test_t46_bot_mode_w12() -> None:
    s = blank(bot_mode="w12")
    assert s.supply_water == 0 and water_total(s) == 0
    put(s, 9, 1, 0)
    turn_of(s, "marquise", "march", march_left=2)
    assert Move(src=9, dst=1, n=1) in legal(s)
    put(s, 6, 0, 2, "workshop")
    dice(s, 0, 0)
    leader(s, "builder")
    turn_of(s, "eyrie", "e_after", advance="battle")
    s = act(s, Fight(clearing=6, defender=who(s, "marquise").seat))
    assert not s.pending and who(s, "eyrie").vp == 1


def test_surrender_for_a_player_who_cannot_score_follows_the_option() -> None:
    for offered in (True, False):
        s = blank(surrender_when_cannot_score=offered)
        leader(s, "builder")
        put(s, 6, 0, 2, "workshop")
        who(s, "eyrie").dominance = "dominance_fox.1"
        who(s, "marquise").water, s.supply_water = 1, 1
        dice(s, 0, 0)
        turn_of(s, "eyrie", "e_after", advance="battle")
        s = act(s, Fight(clearing=6, defender=who(s, "marquise").seat))
        assert bool(s.pending and s.pending[0].kind == "surrender") is offered
