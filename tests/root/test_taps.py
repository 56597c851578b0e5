"""Fewer taps (issue 29): a decision with a single answer is taken for its seat and said in
words; a forced Refresh is done for the Vagabond; the timed windows are never skipped; like
choices whose order changes nothing are one decision (the Decree's cards, Mobilize, the
Vagabond's items)."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.root.actions import Pick
from engines.root.flow import advance
from engines.root.menus import RootMenus
from engines.root.state import Item, Pending
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


def test_a_refresh_of_some_of_more_items_is_still_asked() -> None:
    s = blank(seats=4)
    v = vb(s)
    v.where = "FA"
    v.items = [Item(kind=k, exhausted=True) for k in ("boot", "torch", "sword", "hammer")]
    turn_of(s, "vagabond", "birdsong", phase="birdsong")
    advance(s, Ctx())
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
