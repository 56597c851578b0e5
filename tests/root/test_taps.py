"""Fewer taps (issue 29): a decision with a single answer is taken for its seat and said in
words; a forced Refresh is done for the Vagabond; the timed windows are never skipped; like
choices whose order changes nothing are one decision (the Decree's cards, Mobilize, the
Vagabond's items)."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.root.actions import Pick
from engines.root.flow import advance
from engines.root.menus import RootMenus
from engines.root.state import Item, Pending, State
from engines.root.vagabond import vb
from tests.root.builders import E, act, blank, legal, pick, put, turn_of, whats, who


def test_a_refresh_with_nothing_to_choose_is_done_and_said() -> None:
    s = blank(seats=4)
    v = vb(s)
    v.where = "FA"
    v.items = [Item(kind=k, exhausted=True) for k in ("boot", "torch", "sword")]
    v.items.append(Item(kind="crossbow"))
    turn_of(s, "vagabond", "birdsong", phase="birdsong")
    ctx = Ctx()
    advance(s, ctx)
    assert not any(it.exhausted for it in v.items)
    assert not any(p.kind == "v_refresh" for p in s.pending)
    said = [e.text for e in ctx.events]
    assert any("refreshes every exhausted item: boot, torch and sword." in t for t in said)


def refresh_of_four_items() -> State:
    """The Vagabond's Birdsong in a forest with four exhausted items: he refreshes three."""
    s = blank(seats=4)
    v = vb(s)
    v.where = "FA"
    v.items = [Item(kind=k, exhausted=True) for k in ("boot", "torch", "sword", "hammer")]
    turn_of(s, "vagabond", "birdsong", phase="birdsong")
    advance(s, Ctx())
    return s


def test_a_refresh_of_some_of_more_items_is_still_asked() -> None:
    s = refresh_of_four_items()
    assert s.pending[0].kind == "v_refresh" and s.pending[0].count == 3
    assert whats(s) == {"v_refresh"}


def test_a_single_answer_is_taken_for_the_seat_in_words() -> None:
    """The Eyrie's Daylight ends with nothing else to do: End Daylight is its only move."""
    s = blank()
    put(s, 7, 0, 1, "roost")
    turn_of(s, "eyrie", "e_after")
    assert [a for a in E.legal_actions(s, who(s, "eyrie").seat)] == [Pick(what="end_daylight")]
    ctx = Ctx()
    advance(s, ctx)
    assert s.turn.phase == "evening" or s.turn.active != who(s, "eyrie").seat
    assert any("End Daylight (the only move)." in e.text for e in ctx.events)


def test_a_timed_window_with_one_answer_is_still_asked() -> None:
    """Passing an ambush window at once would tell the table the seat holds no ambush."""
    s = blank()
    seat = who(s, "marquise").seat
    s.pending.append(Pending(seat=seat, kind="ambush", clearing=8))
    advance(s, Ctx())
    assert s.pending and s.pending[0].kind == "ambush" and E.to_act(s) == {seat}


def test_the_decree_takes_both_cards_in_one_decision() -> None:
    """L7.4: one or two cards, at most one bird, each in its column: one multi-select."""
    s = blank()
    turn_of(s, "eyrie", "decree_add", phase="birdsong")
    who(s, "eyrie").hand = ["anvil.1", "ambush_bird.1", "royal_claim.1"]
    adds = [a for a in legal(s) if isinstance(a, Pick) and a.what == "decree"]
    assert Pick(what="decree", picks=("anvil.1@recruit", "ambush_bird.1@move")) in adds
    assert not any(
        {x.split("@")[0] for x in a.picks} == {"ambush_bird.1", "royal_claim.1"} for a in adds
    )  # both birds
    assert RootMenus().pick_set(adds[0], s) is not None
    s = pick(s, "decree", picks=("anvil.1@recruit", "ambush_bird.1@move"))
    assert s.eyrie is not None and s.eyrie.decree["recruit"][-1] == "anvil.1"
    assert s.eyrie.decree["move"][-1] == "ambush_bird.1"
    assert who(s, "eyrie").hand == ["royal_claim.1"] and s.turn.step != "decree_add"


def test_the_alliance_mobilizes_several_cards_in_one_decision() -> None:
    s = blank(seats=4)
    turn_of(s, "alliance", "a_daylight", phase="daylight")
    al = who(s, "alliance")
    al.hand = ["anvil.1", "anvil.2", "cobbler.1"]
    sets = {a.picks for a in legal(s) if isinstance(a, Pick) and a.what == "mobilize"}
    # Copies of one card are offered once: 2 x anvil, cobbler, and every mix of them.
    assert sets == {
        ("anvil.1",),
        ("cobbler.1",),
        ("anvil.1", "anvil.2"),
        ("anvil.1", "cobbler.1"),
        ("anvil.1", "anvil.2", "cobbler.1"),
    }
    assert s.alliance is not None
    before = len(s.alliance.supporters)
    s = pick(s, "mobilize", picks=("anvil.1", "cobbler.1"))
    assert s.alliance is not None and len(s.alliance.supporters) == before + 2
    assert who(s, "alliance").hand == ["anvil.2"]


def test_a_refresh_of_some_items_is_one_decision() -> None:
    s = blank(seats=4)
    v = vb(s)
    v.where = "FA"
    v.items = [Item(kind=k, exhausted=True) for k in ("boot", "boot", "torch", "sword")]
    s.pending.append(Pending(seat=who(s, "vagabond").seat, kind="v_refresh", count=3))
    ways = {a.picks for a in legal(s)}
    # Two boots are one kind of item: 3 of {boot, boot, torch, sword} in 3 ways.
    assert ways == {("0", "1", "2"), ("0", "1", "3"), ("0", "2", "3")}
    ticks = RootMenus().pick_set(legal(s)[0], s)
    assert ticks is not None
    assert [label for _, label in ticks.items] == [
        "boot (exhausted)",
        "boot (exhausted) (another, 2 of them)",
        "torch (exhausted)",
    ]
    s = act(s, Pick(what="v_refresh", picks=("0", "2", "3")))
    assert [it.exhausted for it in vb(s).items] == [False, True, False, False]


def test_every_recruit_card_in_one_decision_and_the_first_card_starts_the_decree() -> None:
    """L7.5: two Recruit cards and roosts in two clearings: one decision for both, taken
    while crafting is still open (it starts the Decree, so Resolve the Decree is not
    offered); one card at a time stays offered only where a water action could come
    between two."""
    s = blank(map="autumn")
    put(s, 1, 0, 1, "roost")  # fox
    put(s, 2, 0, 1, "roost")  # mouse
    assert s.eyrie is not None
    s.eyrie.decree = {"recruit": ["vizier.1", "anvil.1"], "move": [], "battle": [], "build": []}
    turn_of(s, "eyrie", "e_craft")
    assert "start_decree" not in whats(s)
    recruits = [a for a in legal(s) if isinstance(a, Pick) and a.what == "d_recruit"]
    ways = {tuple(sorted(x.split("@")[1] for x in a.picks)) for a in recruits if a.picks}
    assert ways == {("1", "1"), ("1", "2")}  # the anvil (fox) recruits only in clearing 1
    assert all(a.picks for a in recruits)  # no WATER: nothing could come between two
    s = pick(s, "d_recruit", picks=("vizier.1@2", "anvil.1@1"))
    assert s.clearing(2).warriors["eyrie"] == 2 and s.clearing(1).warriors["eyrie"] == 2
    assert s.turn.step not in ("e_craft", "decree") or s.turn.decree_col > 0


def test_with_water_for_an_action_the_recruit_cards_one_at_a_time_stay() -> None:
    """W.4: a water action may come between two Recruit cards, so with 2 WATER each card
    alone stays on offer beside every card at once."""
    s = blank(map="wastelands")
    put(s, 1, 0, 1, "roost")
    assert s.eyrie is not None
    s.eyrie.decree = {"recruit": ["vizier.1", "vizier.2"], "move": [], "battle": [], "build": []}
    turn_of(s, "eyrie", "e_craft")
    single = Pick(what="d_recruit", clearing=1, card="vizier.1")
    assert single not in legal(s)
    who(s, "eyrie").water = 2
    assert single in legal(s)


def test_one_roost_and_no_water_make_the_recruits_the_only_answer() -> None:
    """L7.5: with a single roost, two Recruit cards, nothing to craft and no WATER, the
    Decree's start has one answer (both cards recruit there), so it is taken and said."""
    s = blank(map="autumn")
    put(s, 1, 0, 1, "roost")  # fox
    assert s.eyrie is not None
    s.eyrie.decree = {"recruit": ["vizier.1", "anvil.1"], "move": [], "battle": [], "build": []}
    who(s, "eyrie").hand = []
    turn_of(s, "eyrie", "e_craft")
    ctx = Ctx()
    advance(s, ctx)
    assert s.clearing(1).warriors["eyrie"] == 3
    assert any("recruit" in e.text and "(the only move)" in e.text for e in ctx.events)


def test_a_decree_that_begins_in_turmoil_is_still_resolved_by_choice() -> None:
    """L7.7: where no card of the first column can be carried out, Resolve the Decree is
    offered (it leads to Turmoil), beside crafting."""
    s = blank(map="autumn")
    put(s, 1, 0, 0, "roost")  # no warrior to move
    assert s.eyrie is not None
    s.eyrie.decree = {"recruit": [], "move": ["vizier.1"], "battle": [], "build": []}
    turn_of(s, "eyrie", "e_craft")
    assert "start_decree" in whats(s)


def test_outrage_and_surrender_for_one_token_are_one_decision() -> None:
    s = blank(seats=4)
    put(s, 5, 2, 0, "sympathy")
    marquise = who(s, "marquise")
    marquise.hand = ["anvil.1", "root_tea_rabbit.1"]
    who(s, "alliance").water, s.supply_water = 1, 3
    s.pending += [
        Pending(seat=marquise.seat, kind="outrage", clearing=5),
        Pending(seat=marquise.seat, kind="surrender", other=who(s, "alliance").seat),
    ]
    answers = {(a.card, a.card2) for a in legal(s) if isinstance(a, Pick)}
    suit_card = next(c for c, _ in answers)
    assert answers == {(suit_card, "surrender_vp"), (suit_card, "surrender_water")}
    s = pick(s, "outrage", card=suit_card, card2="surrender_water")
    assert not s.pending and who(s, "marquise").water == 1


def test_a_refresh_takes_the_slip_with_it() -> None:
    s = refresh_of_four_items()
    to = next(x for a in legal(s) if isinstance(a, Pick) for x in a.picks if x.startswith("slip:"))
    both = next(a for a in legal(s) if isinstance(a, Pick) and to in a.picks)
    assert Pick(what="v_refresh", picks=both.picks[:-1]) in legal(s)  # the Slip can wait
    s = act(s, both)
    assert vb(s).where == to.removeprefix("slip:") and s.turn.phase == "daylight"


def test_spreading_to_two_clearings_is_one_decision() -> None:
    """L8.4.2: two spreads one after another, each paid with as few birds as it can."""
    s = blank(seats=4, map="autumn")
    put(s, 1, 0, 0, "sympathy")
    assert s.alliance is not None
    s.alliance.supporters = ["anvil.1", "root_tea_rabbit.1", "ambush_bird.1"]
    turn_of(s, "alliance", "a_birdsong", phase="birdsong")
    plans = [a for a in legal(s) if isinstance(a, Pick) and a.what == "spread" and a.picks]
    assert plans and all(len(a.picks) in (2, 3) for a in plans)
    plan = plans[0]
    s = act(s, plan)
    assert all("sympathy" in s.clearing(int(c)).tokens for c in plan.picks)


def test_a_player_with_water_may_end_daylight_and_the_turn_at_once() -> None:
    s = blank()
    put(s, 7, 0, 1, "roost")
    who(s, "eyrie").water, s.supply_water = 2, 0
    turn_of(s, "eyrie", "e_after")
    assert Pick(what="end_turn") in legal(s) and Pick(what="end_daylight") in legal(s)
    s = pick(s, "end_turn")
    assert s.turn.active != who(s, "eyrie").seat or s.turn.step != "e_after"
