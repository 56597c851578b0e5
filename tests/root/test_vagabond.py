"""Reference §18 cases on the Vagabond (root.md §15, §16.3, §16.8)."""

from __future__ import annotations

from typing import Any

from engines.root.actions import Fight, Pick
from engines.root.board import ruler
from engines.root.state import Item, Pending, State
from engines.root.vagabond import refresh_count, vb
from tests.root.builders import act, blank, dice, legal, pick, put, turn_of, whats, who


def vag(s: State, where: str, *kinds: str) -> None:
    v = vb(s)
    v.where = where
    v.items = [Item(kind=k, track=k in ("tea", "coin", "sack")) for k in kinds]


def four(**options: Any) -> State:
    return blank(seats=4, **options)


def _v_attack(s: State, cid: int, faction: str) -> State:
    turn_of(s, "vagabond", "v_daylight")
    return act(s, Fight(clearing=cid, defender=who(s, faction).seat))


def _damage_all(s: State) -> State:
    while s.pending and s.pending[0].kind == "v_damage":
        s = act(s, legal(s)[0])
    return s


def test_t16_vagabond_without_swords_is_defenceless() -> None:
    s = four(map="autumn")
    vag(s, "8", "boot", "torch", "tea")
    put(s, 8, 2, 0)
    dice(s, 3, 0)
    turn_of(s, "marquise", "m_main", actions_left=3)
    s = act(s, Fight(clearing=8, defender=who(s, "vagabond").seat))
    # 2 rolled + 1 hit on his 3 items: nothing to choose, so they are damaged for him.
    assert not s.pending and all(it.damaged for it in vb(s).items)


def test_t17_first_warrior_makes_hostile_official_and_despot_infamy() -> None:
    for infamy in ("official", "despot"):
        s = four(vagabond_infamy=infamy, bot_mode="w12")
        vag(s, "8", "sword", "sword", "boot")
        put(s, 8, 3, 0)
        dice(s, 2, 1)
        s = _v_attack(s, 8, "marquise")
        s = _damage_all(s)
        assert vb(s).relations["marquise"] == "hostile"
        assert s.clearing(8).warriors == {"marquise": 1}
        assert who(s, "vagabond").vp == 1


def test_t18_hostile_eyrie_official_four_despot_two() -> None:
    for infamy, vp in (("official", 4), ("despot", 2)):
        s = four(vagabond_infamy=infamy, bot_mode="w12")
        vag(s, "8", "sword", "sword", "sword", "boot")
        vb(s).relations["eyrie"] = "hostile"
        put(s, 8, 0, 2, "roost")
        dice(s, 3, 3)
        s = _v_attack(s, 8, "eyrie")
        assert s.pending[0].kind == "v_damage" and s.pending[0].count == 2
        s = _damage_all(s)
        assert who(s, "vagabond").vp == vp
        assert "roost" not in s.clearing(8).buildings and not s.clearing(8).warriors.get("eyrie")


def test_t18_roost_surrender_is_offered_on_the_wastelands() -> None:
    s = four()
    vag(s, "8", "sword", "sword", "sword")
    vb(s).relations["eyrie"] = "hostile"
    put(s, 8, 0, 2, "roost")
    who(s, "eyrie").water, s.supply_water = 1, 3
    dice(s, 3, 0)
    s = _v_attack(s, 8, "eyrie")
    assert s.pending[0].kind == "surrender"
    s = pick(s, "surrender_vp")
    assert who(s, "vagabond").vp == 2  # the roost, and Despot Infamy once


def test_t19_strike_never_earns_infamy() -> None:
    s = four(vagabond_infamy="official")
    vag(s, "8", "crossbow")
    vb(s).relations["marquise"] = "hostile"
    put(s, 8, 2, 0)
    turn_of(s, "vagabond", "v_daylight")
    s = pick(s, "strike", clearing=who(s, "marquise").seat, card="warrior")
    assert s.clearing(8).warriors == {"marquise": 1} and who(s, "vagabond").vp == 0


def test_t20_aid_steps() -> None:
    s = four()
    vag(s, "8", *["boot"] * 8)
    put(s, 8, 0, 1)
    v, e = who(s, "vagabond"), who(s, "eyrie")
    v.hand = [f"ambush_bird.{i}" for i in (1, 2)] + ["bake_sale.1", "cobbler.1", "cobbler.2"]
    turn_of(s, "vagabond", "v_daylight")

    def aid(st: State) -> State:
        a = next(
            x
            for x in legal(st)
            if isinstance(x, Pick) and x.what == "aid" and x.clearing == e.seat and not x.card2
        )
        return act(st, a)

    s = aid(s)
    assert vb(s).relations["eyrie"] == "1" and who(s, "vagabond").vp == 1
    s = aid(aid(s))
    assert vb(s).relations["eyrie"] == "2" and who(s, "vagabond").vp == 3
    vb(s).aids = {}  # a later turn
    for it in vb(s).items:
        it.exhausted = False
    who(s, "vagabond").hand = ["cobbler.1", "cobbler.2"]
    s = aid(aid(s))
    vb(s).aids = {}  # the turn ends: two aids do not advance from step 2
    assert vb(s).relations["eyrie"] == "2"
    who(s, "vagabond").hand = ["cobbler.1", "cobbler.2", "bake_sale.1"]
    s = aid(aid(aid(s)))
    assert vb(s).relations["eyrie"] == "allied" and who(s, "vagabond").vp == 5


def test_t21_hostile_clearing_costs_two_boots_slip_none() -> None:
    s = four(map="autumn")
    vag(s, "8", "boot", "boot", "torch")
    vb(s).relations["marquise"] = "hostile"
    put(s, 7, 1, 0)
    turn_of(s, "vagabond", "v_daylight")
    s = pick(s, "v_move", card="7", card2="none")
    assert [it.exhausted for it in vb(s).items] == [True, True, False]
    s2 = four(map="autumn")
    vag(s2, "8", "boot", "boot", "torch")
    vb(s2).relations["marquise"] = "hostile"
    put(s2, 7, 1, 0)
    turn_of(s2, "vagabond", "v_slip", phase="birdsong")
    s2 = pick(s2, "slip", card="7", card2="none")
    assert vb(s2).where == "7" and not any(it.exhausted for it in vb(s2).items)


def test_t29_slip_over_barren_by_damaging_an_exhausted_tea() -> None:
    s = four()
    vag(s, "6", "boot", "tea")
    vb(s).items[1].exhausted = True
    vb(s).items[1].track = False
    turn_of(s, "vagabond", "v_slip", phase="birdsong")
    assert Pick(what="slip", card="7", card2="none") not in legal(s)
    s = pick(s, "slip", card="7", card2="item", n=1)
    assert vb(s).where == "7" and vb(s).items[1].damaged


def test_t30_forest_slips_need_no_activation() -> None:
    s = four()
    vag(s, "FC", "boot")
    turn_of(s, "vagabond", "v_slip", phase="birdsong")
    s = pick(s, "slip", card="7", card2="none")
    turn_of(s, "vagabond", "v_slip", phase="birdsong")
    assert Pick(what="slip", card="FD", card2="none") in legal(s)


def test_t37_seizure_from_the_vagabond() -> None:
    s = four()
    vag(s, "8", "boot", "torch", "tea", "coin")
    put(s, 8, 3, 0)
    who(s, "vagabond").water, s.supply_water = 1, 3
    dice(s, 3, 0)
    turn_of(s, "marquise", "m_main", actions_left=3)
    s = act(s, Fight(clearing=8, defender=who(s, "vagabond").seat))
    s = _damage_all(s)  # 3 rolled + 1 defenceless: 4 items damaged
    assert whats(s) == {"seize", "no_seize"}
    s = pick(s, "seize")
    assert who(s, "marquise").water == 1 and who(s, "vagabond").water == 0


def test_t44_forests_on_the_wastelands() -> None:
    s = four()
    vag(s, "FA", "boot")
    turn_of(s, "vagabond", "v_slip", phase="birdsong")
    dests = {a.card for a in legal(s) if isinstance(a, Pick) and a.what == "slip"}
    assert "FB" in dests and "FC" not in dests
    assert dests == {"1", "5", "10", "12", "9", "FB", "FF"}


def test_explore_takes_the_ruin_item_and_scores() -> None:
    s = four(map="autumn")
    vag(s, "6", "torch")
    item = s.ruin_items["6"]
    turn_of(s, "vagabond", "v_daylight")
    s = pick(s, "explore")
    assert vb(s).items[-1].kind == item and "ruin" not in s.clearing(6).buildings
    assert who(s, "vagabond").vp == 1


def test_allied_warriors_move_with_him_without_outrage() -> None:
    s = four(map="autumn")
    vag(s, "8", "boot")
    vb(s).relations["eyrie"] = "allied"
    put(s, 8, 0, 3)
    put(s, 7, 0, 0, "sympathy")
    turn_of(s, "vagabond", "v_daylight")
    s = pick(s, "v_move", card="7", card2="none", ally="eyrie", escort=2)
    assert vb(s).where == "7" and s.clearing(7).warriors == {"eyrie": 2}
    assert not s.pending  # a forced move causes no Outrage


def test_allied_warriors_fight_and_spending_them_makes_hostile() -> None:
    s = four(map="autumn")
    vag(s, "8", "sword", "boot")
    vb(s).relations["eyrie"] = "allied"
    put(s, 8, 3, 2)
    dice(s, 3, 3)
    turn_of(s, "vagabond", "v_daylight")
    s = act(s, Fight(clearing=8, defender=who(s, "marquise").seat, ally="eyrie"))
    # Cap: 1 sword + 2 Allied warriors = 3 hits; the Marquise deal 3 back.
    assert "marquise" not in s.clearing(8).warriors
    assert Pick(what="v_damage", ally="eyrie") in legal(s)
    s = pick(s, "v_damage", ally="eyrie")
    s = pick(s, "v_damage", ally="eyrie")
    s = _damage_all(s)
    assert vb(s).relations["eyrie"] == "hostile"


def test_t03_pawn_and_sympathy_rule_nothing() -> None:
    s = four()
    vag(s, "6", "boot")
    put(s, 6, 0, 0, "sympathy")
    assert ruler(s, 6) is None


def test_t46_despot_infamy_stays_in_bot_mode() -> None:
    s = four(bot_mode="w12")
    assert s.options.infamy == "despot" and s.supply_water == 0
    assert four(map="autumn").options.infamy == "official"


def test_refreshed_tea_goes_back_on_its_track() -> None:
    """L9.2.5 Item Tracks: an exhausted tea leaves its track; refreshed face up, it returns
    and gives its two extra refreshes again (L9.4.1)."""
    s = four()
    vag(s, "FA", "tea", "boot", "sword", "torch", "sack")
    for it in vb(s).items:
        it.exhausted, it.track = True, False
    turn_of(s, "vagabond", "v_slip", phase="birdsong")
    s.pending.append(Pending(seat=who(s, "vagabond").seat, kind="v_refresh", count=1))
    s = pick(s, "v_refresh", picks=("0",))  # with or without the Slip in one decision
    assert vb(s).items[0].track
    assert refresh_count(s) == 4  # 3 + 2 for the tea, capped by the 4 still exhausted


def test_rested_items_turn_face_up_and_coins_go_back_on_their_track() -> None:
    """L9.6 Rest moves damaged items to the Satchel face up; a face-up coin then sits on its
    track and draws in the same Evening (L9.2.5, L9.6)."""
    s = four()
    vag(s, "FA", "coin", "coin", "hammer", "sword")
    v = vb(s)
    v.items[0].damaged = v.items[0].exhausted = True
    v.items[1].damaged = v.items[3].damaged = v.items[3].exhausted = True
    v.items[0].track = v.items[1].track = False
    turn_of(s, "vagabond", "v_daylight")
    hand = len(who(s, "vagabond").hand)
    s = pick(s, "end_daylight")  # rests in forest FA
    v = vb(s)
    assert not any(it.damaged or it.exhausted for it in v.items)
    assert [it.track for it in v.items] == [True, True, False, False]
    assert len(who(s, "vagabond").hand) == hand + 3  # 1 + one per coin on the track
