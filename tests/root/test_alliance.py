"""Reference §18 cases on the Woodland Alliance (root.md §14) and rule with its pieces."""

from __future__ import annotations

from engines.root.actions import Fight, Move, Pick
from engines.root.board import ruler
from tests.root.builders import (
    E,
    act,
    blank,
    dice,
    leader,
    legal,
    pick,
    put,
    turn_of,
    water_total,
    who,
)


def test_t02_base_counts_sympathy_does_not() -> None:
    s = blank(seats=3)
    put(s, 6, 2, 0, "base_mouse", "sympathy", a=1)
    assert ruler(s, 6) is None


def test_t04_sympathy_alone_is_ruled_by_nobody_not_even_the_eyrie() -> None:
    s = blank(seats=3)
    put(s, 6, 0, 0, "sympathy")
    assert ruler(s, 6) is None


def test_t08_guerrilla_war() -> None:
    s = blank(seats=3, map="autumn")
    leader(s, "builder")
    put(s, 8, 0, 4, a=2)
    dice(s, 3, 0)
    turn_of(s, "eyrie", "e_after", advance="battle")
    s = act(s, Fight(clearing=8, defender=who(s, "alliance").seat))
    assert s.clearing(8).warriors == {"eyrie": 2, "alliance": 2}


def test_t22_outrage_without_a_matching_card_shows_the_hand() -> None:
    s = blank(seats=3)
    put(s, 5, 2, 0)
    put(s, 1, 0, 0, "sympathy")  # clearing 1 is rabbit
    who(s, "marquise").hand = ["anvil.1"]  # fox: no rabbit, no bird
    s.deck = ["cobbler.1", "sappers.1"]
    turn_of(s, "marquise", "march", march_left=2)
    step = E.apply(s, who(s, "marquise").seat, Move(src=5, dst=1, n=1))
    s = step.state
    assert s.alliance is not None and s.alliance.supporters == ["sappers.1"]
    shown = [ev for ev in step.events if ev.to == who(s, "alliance").seat and "holds" in ev.text]
    assert shown and "Anvil" in shown[0].text


def test_t22_outrage_with_a_matching_card_is_a_choice_of_the_mover() -> None:
    s = blank(seats=3)
    put(s, 5, 2, 0)
    put(s, 1, 0, 0, "sympathy")
    who(s, "marquise").hand = ["cobbler.1", "ambush_bird.1", "anvil.1"]
    turn_of(s, "marquise", "march", march_left=2)
    s = act(s, Move(src=5, dst=1, n=1))
    assert s.pending[0].seat == who(s, "marquise").seat
    assert {a.card for a in legal(s)} == {"cobbler.1", "ambush_bird.1"}
    s = pick(s, "outrage", card="cobbler.1")
    assert s.alliance is not None and s.alliance.supporters == ["cobbler.1"]


def test_t23_revolt() -> None:
    s = blank(seats=3)
    put(s, 6, 2, 0, "workshop", "wood", "sympathy")  # 6 is mouse
    put(s, 9, 0, 0, "sympathy")
    put(s, 10, 0, 0, "sympathy")
    assert s.alliance is not None
    s.alliance.supporters = ["codebreakers.1", "codebreakers.2"]
    al = who(s, "alliance")
    turn_of(s, "alliance", "a_birdsong", phase="birdsong")
    s = pick(s, "revolt", clearing=6, n=0)
    c = s.clearing(6)
    assert c.buildings == ["base_mouse"] and c.warriors == {"alliance": 3}
    assert s.alliance is not None and s.alliance.officers == 1
    assert who(s, "alliance").vp == 2 and al.seat == who(s, "alliance").seat
    assert s.turn.casualties == {str(who(s, "marquise").seat): 4}


def test_t23_revolt_with_surrender_and_seizure() -> None:
    s = blank(seats=3)
    put(s, 6, 2, 0, "workshop", "wood", "sympathy")
    assert s.alliance is not None
    s.alliance.supporters = ["codebreakers.1", "ambush_bird.1"]
    m = who(s, "marquise")
    m.water, s.supply_water = 3, 0
    turn_of(s, "alliance", "a_birdsong", phase="birdsong")
    s = pick(s, "revolt", clearing=6, n=1)
    assert [p.kind for p in s.pending] == ["surrender", "surrender", "seize"]
    s = pick(s, "surrender_water")
    s = pick(s, "surrender_water")
    s = pick(s, "seize")
    assert who(s, "alliance").water == 3 and water_total(s) == 3


def test_t38_no_seizure_for_a_defending_alliance() -> None:
    s = blank(seats=3)
    leader(s, "builder")
    put(s, 6, 0, 3, a=3)
    who(s, "eyrie").water, s.supply_water = 1, 2
    dice(s, 3, 0)  # the Alliance take the 3 (Guerrilla War) and deal 3 hits
    turn_of(s, "eyrie", "e_after", advance="battle")
    s = act(s, Fight(clearing=6, defender=who(s, "alliance").seat))
    assert "eyrie" not in s.clearing(6).warriors
    assert not s.pending and s.turn.casualties == {}
    assert who(s, "eyrie").water == 1 and who(s, "alliance").water == 0


def test_spread_sympathy_costs_more_under_martial_law() -> None:
    s = blank(seats=3)
    put(s, 5, 0, 0, "sympathy")
    put(s, 1, 3, 0)
    assert s.alliance is not None
    s.alliance.supporters = ["cobbler.1"]
    turn_of(s, "alliance", "a_birdsong", phase="birdsong")
    spreads = {a.clearing for a in legal(s) if isinstance(a, Pick) and a.what == "spread"}
    assert 1 not in spreads and 5 not in spreads
    s.alliance.supporters = ["cobbler.1", "cobbler.2"]
    assert 1 in {a.clearing for a in legal(s) if isinstance(a, Pick) and a.what == "spread"}
