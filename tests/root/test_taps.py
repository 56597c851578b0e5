"""Fewer taps (issue 29): a decision with a single answer is taken for its seat and said in
words; a forced Refresh is done for the Vagabond; the timed windows are never skipped."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.root.actions import Pick
from engines.root.flow import advance
from engines.root.state import Item, Pending
from engines.root.vagabond import vb
from tests.root.builders import E, blank, put, turn_of, whats, who


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
