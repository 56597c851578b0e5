"""Root AI weights set against the greedy baseline (issue 32 "AI targets against it"): the
Alliance and the Vagabond race a Marquise who builds every turn, so her buildings and her
VP weigh more in their plans than a VP of their own."""

from __future__ import annotations

import pytest

from engines.root import ai_alliance, ai_vagabond
from engines.root.ai_vagabond_race import next_builds
from engines.root.state import Item
from tests.root.builders import blank, put, turn_of, who


def test_the_alliance_weighs_a_marquise_building_above_a_vp_of_its_own() -> None:
    s = blank(factions=["alliance", "marquise"])
    seat = who(s, "alliance").seat
    before = ai_alliance.value(s, seat)
    put(s, 3, 0, 0, "sawmill")
    built = before - ai_alliance.value(s, seat)
    who(s, "alliance").vp += 1
    a_vp = ai_alliance.value(s, seat) - (before - built)
    assert built > a_vp > 0


def test_the_vagabond_weighs_his_rival_s_vp_above_his_own() -> None:
    s = blank(factions=["vagabond", "marquise"])
    seat = who(s, "vagabond").seat
    before = ai_vagabond.value(s, seat)
    who(s, "marquise").vp += 1
    hers = before - ai_vagabond.value(s, seat)
    who(s, "marquise").vp -= 1
    who(s, "vagabond").vp += 1
    his = ai_vagabond.value(s, seat) - before
    assert hers > his > 0


def test_her_next_builds_follow_her_wood_slots_and_rule() -> None:
    """Her next Daylight's builds (``ai_vagabond_race``): the wood of the ruled clearings
    connected to an open slot pays for the build scoring most, one per action (L6.5.4)."""
    s = blank(factions=["vagabond", "marquise"])
    marquise = who(s, "marquise")
    put(s, 1, 2, 0, "sawmill", "keep")  # a one-slot corner, full
    put(s, 5, 1, 0)  # two open slots next to it
    turn_of(s, "vagabond", "v_daylight")
    # Her Birdsong brings one wood: the second sawmill costs it and scores 1 (a first
    # workshop or recruiter would cost nothing and score nothing).
    assert next_builds(s, marquise) == 1
    s.clearing(1).tokens += ["wood", "wood"]
    assert next_builds(s, marquise) == 1 + 2  # the second and third sawmills fill both slots
    turn_of(s, "marquise", "m_main")
    # In her own turn the Birdsong wood is on the map already: two wood, one sawmill.
    assert next_builds(s, marquise) == 1
    s.clearing(5).warriors = {}  # she no longer rules the clearing with the open slots
    assert next_builds(s, marquise) == 0


def test_the_vagabond_values_her_next_builds_and_her_hostility_alone_with_her() -> None:
    """Her builds to come weigh on his plan; with her his only rival her Hostility is a gain
    (Despot Infamy, W.11.1, and no Aid to lose), with a third seat still a loss."""
    s = blank(factions=["vagabond", "marquise"])
    seat = who(s, "vagabond").seat
    put(s, 1, 2, 0, "sawmill", "keep", "wood", "wood")
    put(s, 5, 1, 0)
    turn_of(s, "vagabond", "v_daylight")
    before = ai_vagabond.value(s, seat)
    s.clearing(5).warriors = {}
    assert ai_vagabond.value(s, seat) > before
    for seats, gain in ((2, True), (3, False)):
        s = blank(seats=seats, factions=["vagabond", "marquise", "eyrie"][:seats])
        seat = who(s, "vagabond").seat
        v = s.vagabond
        assert v is not None
        before = ai_vagabond.value(s, seat)
        v.relations["marquise"] = "hostile"
        assert (ai_vagabond.value(s, seat) > before) == gain


def test_the_vagabond_values_the_ruins_and_quests_his_next_daylight_reaches() -> None:
    """Where his turn leaves him (``next_daylight``): once her turn begins, a ruin or a quest
    counts where his next Birdsong's Slip reaches it (L9.4.2) with items he keeps undamaged,
    exhausted or not (that Birdsong refreshes them, L9.4.1). From clearing 9 his Slip reaches
    the ruin in 12 and fox clearing 12, from fox clearing 2 no ruin, from 1 neither."""
    s = blank(factions=["vagabond", "marquise"])
    v = s.vagabond
    assert v is not None
    seat = who(s, "vagabond").seat
    v.items = [Item(kind="torch", exhausted=True), Item(kind="sword", exhausted=True)]
    v.quests = ["guard_duty.fox"]  # a torch and a sword, in a fox clearing

    def at(cid: int) -> float:
        v.where = str(cid)
        return ai_vagabond.value(s, seat)

    turn_of(s, "marquise", "m_main")
    assert at(9) - at(1) == pytest.approx(2 * ai_vagabond.NEXT)
    assert at(2) - at(1) == pytest.approx(ai_vagabond.NEXT)
    v.items[1].damaged = True  # no sword for the quest: the ruin alone is left
    assert at(9) - at(1) == pytest.approx(ai_vagabond.NEXT)
    # In his own turn only what his ready items can take where he stands counts.
    turn_of(s, "vagabond", "v_daylight")
    assert at(9) == pytest.approx(at(1))
