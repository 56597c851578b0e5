"""Root AI weights set against the greedy baseline (issue 32 "AI targets against it"): the
Alliance and the Vagabond race a Marquise who builds every turn, so her buildings and her
VP weigh more in their plans than a VP of their own."""

from __future__ import annotations

from engines.root import ai_alliance, ai_vagabond
from tests.root.builders import blank, put, who


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
