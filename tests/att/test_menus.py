"""ATT menu hints: focused re-rolls as dice picks, interchangeable spends listed once."""

from __future__ import annotations

from engines.att.actions import FocusedReroll, Spend
from engines.att.menus import REROLL_MENU, AttMenus

from .builders import ENGINE, at_encounter, set_tokens


def test_focused_rerolls_pick_dice_and_equal_spends_share_a_key() -> None:
    s = at_encounter(values=[5, 5, 3, 4, 6])
    set_tokens(s, 0, focus=3)
    menus = AttMenus()
    legal = ENGINE.legal_actions(s, s.active)
    reroll = next(a for a in legal if isinstance(a, FocusedReroll) and a.dice == (0, 2))
    picks = menus.pick_set(reroll, s)
    assert picks is not None and picks.menu == REROLL_MENU
    assert [v for v, _ in picks.items] == ["0", "2"] and "showing 3" in picks.items[1][1]
    highs = [a for a in legal if isinstance(a, Spend) and len(a.dice) == 1 and a.row == 0]
    keys = {a.dice: menus.same(a, s) for a in highs}
    assert keys[(0,)] == keys[(1,)] != keys[(4,)]
    assert menus.same(reroll, s) is None and menus.pick_set(highs[0], s) is None
