"""The 2-WATER actions (root.md §16.5; seed W.4, W.4.1): W.4.1 Recruit places warriors
from the faction's supply (the Alliance's officers are not in it), and the window is open
between Birdsong steps for every faction, the Vagabond's Slip step and a Marquise without
a Birdsong card included."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.root import flow
from engines.root.actions import Pick
from engines.root.state import State
from tests.root.builders import blank, legal, pick, put, run, turn_of, whats, who


def _recruits(s: State) -> set[int]:
    return {a.n for a in legal(s) if isinstance(a, Pick) and a.what == "water_recruit"}


def test_w41_recruit_counts_the_alliance_officers_as_used() -> None:
    s = blank(seats=3)
    assert s.alliance is not None
    put(s, 6, 0, 0, "base_mouse", a=8)  # 8 warriors on the map
    al = who(s, "alliance")
    al.water, s.supply_water = 2, 1
    turn_of(s, "alliance", "a_daylight")
    s.alliance.officers = 1
    assert _recruits(s) == {1}  # 10 - 8 - 1: one warrior left
    s.alliance.officers = 2
    assert _recruits(s) == set()  # 10 - 8 - 2: none left


def test_water_actions_in_the_vagabond_slip_step() -> None:
    s = blank(seats=2, factions=["marquise", "vagabond"])
    v = who(s, "vagabond")
    v.water, s.supply_water = 2, 0
    turn_of(s, "vagabond", "v_slip", phase="birdsong")
    assert {"no_slip", "water_advance", "water_ddd"} <= whats(s)


def test_marquise_birdsong_without_a_card_offers_the_water_window() -> None:
    s = blank()
    m = who(s, "marquise")
    m.water, s.supply_water = 2, 0
    turn_of(s, "marquise", "birdsong_cards", phase="birdsong")
    run(s)
    assert s.turn.step == "birdsong_cards" and s.turn.phase == "birdsong"
    assert {"end_birdsong", "water_advance"} <= whats(s)
    s = pick(s, "end_birdsong")
    assert s.turn.phase == "daylight"


def test_marquise_birdsong_without_card_or_water_goes_on_to_daylight() -> None:
    s = blank()
    who(s, "marquise").water = 1
    turn_of(s, "marquise", "birdsong_cards", phase="birdsong")
    # The automatic steps alone: the single answers of her Daylight would be taken after.
    flow.run_steps(s, Ctx())
    assert s.turn.phase == "daylight" and s.turn.active == who(s, "marquise").seat
