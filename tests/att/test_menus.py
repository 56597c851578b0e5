"""ATT menu hints: focused re-rolls as dice picks, interchangeable spends listed once."""

from __future__ import annotations

from engines.att.actions import FocusedReroll, PlayFeat, RedrawFeats, RefreshSwag, Spend
from engines.att.content import catalog
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
    assert [v for v, _ in picks.items] == ["0", "2"] and picks.items[1][1] == "Die 3 shows 3"
    highs = [a for a in legal if isinstance(a, Spend) and len(a.dice) == 1 and a.row == 0]
    keys = {a.dice: menus.same(a, s) for a in highs}
    assert keys[(0,)] == keys[(1,)] != keys[(4,)]
    assert menus.same(reroll, s) is None and menus.pick_set(highs[0], s) is None


def test_copies_of_a_card_are_one_move_and_names_carry_no_copy_numbers() -> None:
    """Issue 18: two "+1 to one die" Feats gave an entry each ("#4", "#3")."""
    from .builders import feat_with, give_cards

    s = at_encounter(values=[4, 4, 2, 5, 1])
    copies = [c for c in catalog().feats if catalog().feats[c].name == "Feat: +1 to one die"]
    assert len(copies) >= 2
    give_cards(s, 0, [*copies[:2], feat_with("flip")])
    set_tokens(s, 0, feat=5)
    menus = AttMenus()
    feats = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, PlayFeat)]
    labels = {ENGINE.describe(a, s) for a in feats}
    assert "Play Feat: +1 to one die (1 Feat) on die 1 (showing 4)" in labels
    assert not any("#" in label for label in labels)
    keys = {menus.same(a, s) for a in feats}
    # Per card name, one move per distinct die face (4, 2, 5, 1): the copies and the two 4s
    # add nothing.
    assert len(keys) == 2 * 4 < len(feats)
    one = next(a for a in feats if a.card == copies[0] and a.dice == (0,))
    other = next(a for a in feats if a.card == copies[1] and a.dice == (1,))
    assert menus.same(one, s) == menus.same(other, s)
    flip = next(a for a in feats if a.card != copies[0] and a.card != copies[1])
    assert menus.same(flip, s) != menus.same(one, s)


def test_gorge_discards_and_paid_refreshes_are_multi_selects() -> None:
    """Issue 19: "multi-selects where the choice is a set (refresh slots, discards)"."""
    from engines.att.menus import REDRAW_MENU, REFRESH_MENU

    from .builders import at_location, give_cards

    s = at_location(slot=2)
    copies = [c for c in catalog().feats if catalog().feats[c].name == "Feat: +1 to one die"]
    give_cards(s, 0, copies[:2])
    menus = AttMenus()
    redraws = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, RedrawFeats)]
    assert len(redraws) == 3  # either card alone, or both
    picks = [menus.pick_set(a, s) for a in redraws]
    assert all(p is not None and p.menu == REDRAW_MENU for p in picks)
    # Each copy is its own item (ticking either alone is a legal move), named without ids.
    items = {item for p in picks if p is not None for item in p.items}
    assert items == {(c, "Feat: +1 to one die") for c in copies[:2]}
    assert all(menus.same(a, s) is None for a in redraws)
    s.swag_slots = [c for c in list(catalog().swag)[:3]]
    refresh = RefreshSwag(slots=(1, 3))
    picked = menus.pick_set(refresh, s)
    assert picked is not None and picked.menu == REFRESH_MENU
    name = catalog().swag[s.swag_slots[2]].name
    assert picked.items[1] == ("3", f"Slot 3: {name}")


def test_a_spend_warns_that_it_ends_the_rerolls_only_before_the_first_spend() -> None:
    from engines.att.hints import hint

    s = at_encounter(values=[5, 5, 3, 4, 6])
    spend = next(a for a in ENGINE.legal_actions(s, s.active) if isinstance(a, Spend))
    assert "ends the re-rolls" in (hint(spend, s) or "")
    assert s.dice is not None
    s.dice.spending = True
    assert "re-rolls" not in (hint(spend, s) or "x re-rolls")
